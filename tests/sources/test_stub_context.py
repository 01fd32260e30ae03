"""A stub's parameters the SDK fills itself (its ``Context``; in 2.x, ``Resolve(...)``) are
no arguments: skipped as the SDK's own ``Tool.from_function`` skips them."""

from __future__ import annotations

from typing import Any

from parity.mcp import SDK_MAJOR, ServerSpec, fetch_tools, new_server
from parity.sources.agent import definition_from_callable, observe, tools_from_object

if SDK_MAJOR >= 2:
    from mcp.server.mcpserver import Context
else:  # pragma: no cover - the mcp 1.x CI environment
    from mcp.server.fastmcp import Context  # type: ignore[no-redef]


async def search(query: str, ctx: Context) -> str:  # type: ignore[type-arg]
    """Search the index."""
    return query


def test_the_sdks_context_is_no_argument_as_the_sdk_publishes_it() -> None:
    mine = definition_from_callable(search)
    assert sorted(mine["inputSchema"]["properties"]) == ["query"]
    server = new_server("same")
    server.tool()(search)
    theirs = fetch_tools(ServerSpec(kind="object", obj=server)).tools[0]
    for key in ("name", "description", "inputSchema", "outputSchema"):
        assert mine.get(key) == theirs.get(key), key


def test_a_stub_taking_the_context_can_be_observed() -> None:
    (tool,) = tools_from_object([search], "TOOLS")
    schema: dict[str, Any] = observe(tool, {"query": "q"})
    assert schema["properties"] == {"result": {"type": "string"}}
