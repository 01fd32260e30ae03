"""Servers and helpers the tests of the MCP seam share (tests/mcp/)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import anyio
import pytest

from parity.mcp import CallFailure, ServerSpec, open_session

REPO = Path(__file__).resolve().parents[1]
SECRET = "s3cr3t-Value-42"
DEMO_TOOLS = ["add", "echo", "whoami", "slow"]
#: the types of decoded JSON: all a ``Listing`` with ``plain_json`` may hold
JSON_TYPES = {dict, list, str, int, float, bool, type(None)}


# Generous: a test server only has to start before them, and the CI machine (or a developer's,
# running other suites) may be busy; tests of timeouts set their own.
def stdio(module: str, *args: str, **kw: Any) -> ServerSpec:
    kw.setdefault("start_timeout", 30.0)
    kw.setdefault("list_timeout", 15.0)
    return ServerSpec(kind="stdio", name=module.rsplit(".", 1)[-1],
                      command=(sys.executable, "-m", module, *args), cwd=REPO,
                      env={"PARITY_TEST_SECRET": SECRET}, secrets=(SECRET,), **kw)


def http(url: str, **kw: Any) -> ServerSpec:
    kw.setdefault("start_timeout", 15.0)
    kw.setdefault("list_timeout", 15.0)
    return ServerSpec(kind="url", name="web", url=url, secrets=(SECRET,),
                      headers={"Authorization": f"Bearer {SECRET}"}, **kw)


def in_session(spec: ServerSpec, body: Any) -> Any:
    """Run ``await body(session)`` inside an open session."""
    async def main() -> Any:
        async with open_session(spec) as session:
            return await body(session)
    return anyio.run(main)


def call_failure(spec: ServerSpec, tool: str, timeout: float = 10.0, **arguments: Any
                 ) -> CallFailure:
    # the failures expected here come at once: a generous deadline keeps a loaded machine
    # from turning them into "could not send within the deadline"
    async def body(session: Any) -> None:
        await session.call_tool_raw(tool, arguments, timeout=timeout)
    with pytest.raises(CallFailure) as info:
        in_session(spec, body)
    assert SECRET not in str(info.value) and SECRET not in repr(info.value.data)
    return info.value


def types_in(value: Any) -> set[type]:
    """Every type in ``value``, its containers' and its leaves'."""
    found = {type(value)}
    children = value.values() if isinstance(value, dict) else \
        value if isinstance(value, (list, tuple)) else ()
    for child in children:
        found |= types_in(child)
    return found
