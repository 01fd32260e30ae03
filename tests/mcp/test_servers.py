"""parity.mcp.servers: one way to write an MCP server for both SDK generations."""

from __future__ import annotations

import pytest

from parity.mcp import SDK_MAJOR, lowlevel_server, new_server


def test_sdk_major_matches_the_installed_sdk() -> None:
    import mcp

    assert (2 if hasattr(mcp, "MCPError") else 1) == SDK_MAJOR
    expected = {1: "FastMCP", 2: "MCPServer"}[SDK_MAJOR]
    assert type(new_server("x")).__name__ == expected


def test_lowlevel_server_finds_the_server_behind_either_generation() -> None:
    server = new_server("x")
    inner = lowlevel_server(server)
    assert callable(inner.run) and lowlevel_server(inner) is inner
    with pytest.raises(TypeError, match="not an MCP server object"):
        lowlevel_server(object())


def test_a_listing_server_lists_raw_definitions_as_they_are_and_answers_calls() -> None:
    from mcp import types

    from parity.mcp import ServerSpec, fetch_tools, listing_server
    from tests.mcpfixtures import in_session

    definitions = [
        {"name": "a", "inputSchema": {"type": "object", "properties": {"x": {"type": "string"}}},
         "execution": {"taskSupport": "optional"}, "annotations": {"readOnlyHint": True}},
        {"name": "b", "description": "B.", "inputSchema": {"type": "object"}}]
    seen: list[tuple[str, object, bool]] = []

    async def call(name: str, arguments: object, as_task: bool) -> object:
        seen.append((name, arguments, as_task))
        return types.CallToolResult(content=[types.TextContent(type="text", text=name)])

    listed = fetch_tools(ServerSpec(kind="object", obj=listing_server("raw", definitions)))
    assert listed.tools == definitions
    spec = ServerSpec(kind="object", obj=listing_server("raw", definitions, call))
    result = in_session(spec, lambda s: s.call_tool_raw("b", {"y": 1}, timeout=30))
    assert result["content"] == [{"type": "text", "text": "b"}]
    assert seen == [("b", {"y": 1}, False)]
