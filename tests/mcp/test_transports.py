"""In-process servers on the SDK's memory streams (parity.mcp.transports), and the kinds
open_session refuses."""

from __future__ import annotations

from typing import Any

import pytest

from parity.config.settings import ServerConfig
from parity.errors import SourceError
from parity.mcp import Listing, ServerSpec, fetch_tools
from parity.sources.live import live_spec
from tests.lockfixtures import http_server
from tests.mcpfixtures import (
    DEMO_TOOLS,
    JSON_TYPES,
    REPO,
    http,
    in_session,
    stdio,
    types_in,
)


def test_in_process_server_uses_the_same_raw_path(demo_listing: Listing) -> None:
    from tests.servers.demo import server

    listing = fetch_tools(ServerSpec(kind="object", obj=server))
    assert listing.tools == demo_listing.tools

    async def body(session: Any) -> dict[str, Any]:
        return await session.call_tool_raw("add", {"a": 2, "b": 5}, timeout=5)
    assert in_session(ServerSpec(kind="object", obj=server), body)["structuredContent"] == {
        "total": 7}


def test_in_process_server_by_reference() -> None:
    # the caller (parity.sources.live) imports the object; the seam runs what it is given
    spec = live_spec(ServerConfig(name="demo", kind="object", object="tests.servers.demo:server"),
                     root=REPO)
    assert [t["name"] for t in fetch_tools(spec).tools] == DEMO_TOOLS


def test_object_that_is_not_a_server() -> None:
    from tests.servers.demo import Sum

    spec = ServerSpec(kind="object", obj=Sum, object_ref="tests.servers.demo:Sum")
    with pytest.raises(SourceError, match="not an MCP server object"):
        fetch_tools(spec)


def test_an_object_spec_without_its_object_is_a_source_error() -> None:
    with pytest.raises(SourceError, match="no server object given"):
        fetch_tools(ServerSpec(kind="object", object_ref="tests.servers.demo:server"))


@pytest.mark.parametrize("kind", ["object", "stdio", "url"])
def test_a_listing_holds_only_json_whatever_the_server_code_put_in_a_schema(kind) -> None:
    """``Listing.plain_json`` lets a lock prove an unchanged tool by its text alone: a
    tuple, an enum, a UUID or a ``str`` subclass in a server's own schema must reach parity as
    the JSON the wire carries, in process too (the SDK's server dumps its answers as JSON)."""
    from tests.servers import odd_values

    if kind == "url":
        with http_server("odd_values") as url:
            listing = fetch_tools(http(url))
    else:
        listing = fetch_tools(ServerSpec(kind="object", obj=odd_values.server)
                              if kind == "object" else stdio("tests.servers.odd_values"))
    (tool,) = listing.tools
    assert listing.plain_json
    assert tool["inputSchema"] == odd_values.AS_JSON
    assert types_in(listing.tools) <= JSON_TYPES
