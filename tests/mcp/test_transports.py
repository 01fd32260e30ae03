"""In-process servers on the SDK's memory streams (parity.mcp.transports), the kinds
open_session refuses, and what the SDK's streams hand over, as the JSON the server sent."""

from __future__ import annotations

import math
import uuid
from typing import Any

import pytest

from parity.config.settings import ServerConfig
from parity.errors import SourceError
from parity.mcp import Listing, ServerSpec, fetch_tools, transports
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
from tests.servers.odd_values import Label, Mode


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


# -- what the SDK's streams hand over is handed on as the JSON the server sent -----------

def _handed_on(raw: dict[str, Any]) -> tuple[dict[str, Any], bool, Any]:
    """What the transport hands the connection for the message ``raw`` as the SDK's
    streams carry it, whether it says its payload was proved clean, and that model (1.x:
    inside its RootModel)."""
    message = transports._sdk_message(raw)
    return *transports._as_sent(message), getattr(message, "root", message)


@pytest.mark.parametrize("raw", [
    {"jsonrpc": "2.0", "id": 3, "result": {"tools": [
        {"name": "t", "inputSchema": {"type": "object", "default": None, "enum": [1, 1.5, "a"]}}],
        "nextCursor": "2"}},
    {"jsonrpc": "2.0", "method": "notifications/message",
     "params": {"level": "info", "data": {"n": [True, None]}}},
    {"jsonrpc": "2.0", "id": 4, "method": "ping", "params": {}},
], ids=["response", "notification", "request"])
def test_a_decoded_payload_is_handed_on_without_a_dump(raw: dict[str, Any]) -> None:
    """A payload read from JSON (or dumped as JSON by an in-process server) is proved so in
    C and handed on as it is: not walked by pydantic twice (a 500-tool listing's two dumps
    cost several times the proof), and said to be proved (the listing is not looked at
    again for values canonical JSON cannot carry)."""
    sent, proved, message = _handed_on(raw)
    assert sent == message.model_dump(by_alias=True, mode="json", exclude_unset=True)
    payload = "result" if "result" in raw else "params"
    assert sent[payload] is getattr(message, payload)
    assert proved


@pytest.mark.parametrize(("value", "as_json"), [
    ((1, "a"), [1, "a"]),
    (uuid.UUID(int=7), "00000000-0000-0000-0000-000000000007"),
    (Mode.FAST, "fast"),
    ({"k": Label("text")}, {"k": "text"}),
])
def test_a_payload_holding_other_python_values_is_handed_on_as_json(value: Any,
                                                                     as_json: Any) -> None:
    """What an in-process server's own code may put in a message (the SDK carries Python
    values on its memory streams) reaches parity as the wire would carry it."""
    sent, proved, _ = _handed_on({"jsonrpc": "2.0", "id": 5, "result": {"v": value}})
    assert sent["result"] == {"v": as_json}
    assert types_in(sent) <= JSON_TYPES
    assert not proved


def test_nan_in_a_payload_is_handed_on_for_the_connection_to_name() -> None:
    # the JSON dump would write it as null: a schema the server never sent
    sent, proved, _ = _handed_on({"jsonrpc": "2.0", "id": 6, "result": {"tools": [
        {"name": "t", "inputSchema": {"type": "number", "maximum": float("nan")}}]}})
    assert math.isnan(sent["result"]["tools"][0]["inputSchema"]["maximum"])
    assert not proved


def test_an_error_is_handed_on_as_json() -> None:
    raw = {"jsonrpc": "2.0", "id": 7, "error": {"code": -32601, "message": "no such method"}}
    sent, proved, _ = _handed_on(raw)
    assert sent == raw
    assert not proved
