"""An SDK server (FastMCP on 1.x, MCPServer on 2.x) whose tools return non-object types, which
the SDK wraps as ``structuredContent: {"result": ...}`` under an output schema whose only
property is ``result``.

Each tool takes ``q``; ``q="fail"`` makes it return the error the way such tools write one:

- ``lookup(q) -> str``: ``json.dumps({"error": "rate_limited"})`` (else JSON text of a hit);
- ``recent(q) -> list[dict]``: ``[{"error": "rate_limited"}]`` (else two entries);
- ``checks(q) -> list[Check]``: a check whose *declared* ``error`` field says what failed:
  data either way;
- ``report(q) -> str``: prose beginning ``Error:`` (a log line): data either way;
- ``count(q) -> int``: 3;
- ``status(q) -> str``: the message a tool that catches its exception returns: a success
  the SDK wraps, flagged (never definitive);
- ``logs(q) -> list[dict]``: one log record whose ``error`` is its data, however many.
"""

from __future__ import annotations

import json
from typing import Any

from pydantic import BaseModel

from parity.mcp import new_server, run_stdio

RATE_LIMITED = {"error": "rate_limited"}


class Check(BaseModel):
    name: str
    error: str | None = None


def build() -> Any:
    server = new_server("wrapped")

    @server.tool()
    def lookup(q: str) -> str:
        """Look something up."""
        return json.dumps(RATE_LIMITED if q == "fail" else {"hit": q, "score": 0.9})

    @server.tool()
    def recent(q: str) -> list[dict[str, Any]]:
        """Recent entries."""
        return [dict(RATE_LIMITED)] if q == "fail" else [{"id": 1}, {"id": 2}]

    @server.tool()
    def checks(q: str) -> list[Check]:
        """Health checks."""
        return [Check(name="disk", error="full" if q == "fail" else None)]

    @server.tool()
    def report(q: str) -> str:
        """A log line."""
        return "Error: disk full at 03:12" if q == "fail" else "all good"

    @server.tool()
    def count(q: str) -> int:
        """A count."""
        return 3

    @server.tool()
    def status(q: str) -> str:
        """The upstream's status."""
        return "Error: upstream API returned 500" if q == "fail" else "up"

    @server.tool()
    def logs(q: str) -> list[dict[str, Any]]:
        """Matching log records."""
        hit = {"id": 17, "level": "error", "error": "disk full"}
        return [hit] if q == "fail" else [hit, {**hit, "id": 18}]

    return server


if __name__ == "__main__":
    run_stdio(build())
