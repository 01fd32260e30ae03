"""An SDK low-level server (2.x: MCP 2026-07-28 lets ``outputSchema`` be any JSON Schema and
``structuredContent`` any JSON value) whose ``recent`` tool declares an array output and
answers with one: ``[{"id": 1}, {"id": 2}]``; for ``q: "fail"``, an item holding the
``error`` its items declare (``[{"error": "rate_limited"}]``); for ``q: "short"``, an item
whose ``id`` is a string, which the output schema refuses.

``python -m tests.servers.array_output`` serves stdio; ``--http PORT`` streamable HTTP on
127.0.0.1.
"""

from __future__ import annotations

import json
from typing import Any

from mcp import types

from parity.mcp import listing_server
from tests.servers._serve import serve_from_argv

OUTPUT = {"type": "array", "items": {"type": "object", "properties": {
    "id": {"type": "integer"}, "error": {"type": "string"}}}}
DEFINITIONS = [{"name": "recent", "description": "The recent items.",
                "inputSchema": {"type": "object", "properties": {"q": {"type": "string"}},
                                "required": ["q"]},
                "outputSchema": OUTPUT}]


async def answer(name: str, arguments: dict[str, Any] | None, as_task: bool) -> Any:
    q = (arguments or {}).get("q")
    items: list[Any] = ([{"error": "rate_limited"}] if q == "fail" else
                        [{"id": "one"}] if q == "short" else [{"id": 1}, {"id": 2}])
    return types.CallToolResult(content=[types.TextContent(type="text", text=json.dumps(items))],
                                structured_content=items)


def main() -> None:
    serve_from_argv(listing_server("arrays", DEFINITIONS, answer))


if __name__ == "__main__":
    main()
