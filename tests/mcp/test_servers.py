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
