"""parity's own session in either protocol era (parity/mcp/era.py): the ``initialize``
handshake by default, MCP 2026-07-28 (``server/discover``, a stamped ``_meta`` on every
request) when ``ServerSpec.protocol`` asks for it, and ``auto`` as the 2.x ``Client`` does.

tests.servers.discover_raw answers ``server/discover`` as told and says in its tool what the
request's ``_meta`` held; tests.servers.array_output is a 2.x SDK server with a tool that
only 2026-07-28 can carry."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import anyio
import pytest

from parity.errors import ConfigError, SourceError
from parity.mcp import SDK_MAJOR, CallFailure, ServerSpec, fetch_tools, open_session
from parity.mcp.era import check_protocol, known_versions
from parity.mcp.sdk import handshake_version
from tests.lockfixtures import http_server
from tests.mcpfixtures import in_session, stdio

MODERN = "2026-07-28"
needs_2x = pytest.mark.skipif(SDK_MAJOR < 2, reason="MCP 2026-07-28 is the 2.x SDK's")
STAMP = ["io.modelcontextprotocol/clientCapabilities", "io.modelcontextprotocol/clientInfo",
         "io.modelcontextprotocol/protocolVersion"]


def raw(*args: str, protocol: str | None = None) -> ServerSpec:
    return stdio("tests.servers.discover_raw", *args, protocol=protocol)


def stamped(listing: Any) -> dict[str, Any]:
    """What the server saw in the ``_meta`` of the ``tools/list`` request."""
    [definition] = listing.tools
    seen: dict[str, Any] = json.loads(definition["description"])
    return seen


@needs_2x
def test_a_tool_only_2026_can_carry_is_listed_under_2026() -> None:
    spec = stdio("tests.servers.array_output")
    with pytest.raises(SourceError) as refused:
        fetch_tools(spec)  # the handshake: the SDK server cannot write its listing
    assert f"--protocol {MODERN}" in str(refused.value.hint)
    listing = fetch_tools(dataclasses.replace(spec, protocol=MODERN))
    assert listing.protocol_version == MODERN
    assert listing.server_info == {"name": "arrays", "version": ""}
    [recent] = listing.tools
    assert recent["name"] == "recent" and recent["outputSchema"]["type"] == "array"


@needs_2x
def test_every_request_of_a_2026_session_carries_the_stamp() -> None:
    async def body(session: Any) -> tuple[Any, dict[str, Any]]:
        listing = await session.list_tools_raw()
        called = await session.call_tool_raw("stamp", {}, timeout=10)
        return listing, json.loads(called["content"][0]["text"])

    listing, called = in_session(raw("--offer", MODERN, protocol=MODERN), body)
    assert stamped(listing) == called == {"keys": STAMP, "version": MODERN}
    # the server's name comes from the discover result's `_meta` stamp
    assert listing.server_info == {"name": "discovering", "version": "2.0"}
    assert listing.protocol_version == MODERN
    # the handshake stamps nothing
    plain = fetch_tools(raw("--offer", MODERN))
    assert stamped(plain) == {"keys": [], "version": None}
    assert plain.protocol_version == handshake_version()


@pytest.mark.parametrize("args", [(), ("--offer", "2025-11-25"),
                                  ("--refuse", "-32022", "--supported", "2025-11-25"),
                                  ("--refuse", "-32601")])
def test_auto_takes_the_handshake_when_the_server_does_not_speak_2026(args) -> None:
    listing = fetch_tools(raw(*args, protocol="auto"))
    assert listing.protocol_version == handshake_version()
    assert stamped(listing) == {"keys": [], "version": None}
    assert listing.server_info["name"] == "handshaking"


@needs_2x
def test_auto_takes_2026_when_the_server_offers_it() -> None:
    listing = fetch_tools(raw("--offer", f"2025-11-25,{MODERN}", protocol="auto"))
    assert listing.protocol_version == MODERN
    assert stamped(listing) == {"keys": STAMP, "version": MODERN}


@needs_2x
def test_auto_refuses_a_server_that_speaks_only_a_2026_version_it_does_not_know() -> None:
    with pytest.raises(SourceError) as refused:
        fetch_tools(raw("--refuse", "-32022", "--supported", "2099-01-01", protocol="auto"))
    assert f"does not speak MCP {MODERN}" in str(refused.value)
    assert "its versions: 2099-01-01" in str(refused.value)


@needs_2x
@pytest.mark.parametrize(("args", "said"), [
    ((), "server/discover: no method server/discover; its versions: it names none"),
    (("--offer", "2025-11-25"), "its versions: 2025-11-25")])
def test_asking_2026_of_a_server_that_does_not_speak_it_says_so(args, said) -> None:
    with pytest.raises(SourceError) as refused:
        fetch_tools(raw(*args, protocol=MODERN))
    assert f"does not speak MCP {MODERN} (" in str(refused.value)
    assert said in str(refused.value)
    assert refused.value.hint is not None and "under the handshake" in refused.value.hint


def test_an_older_handshake_version_is_offered_as_asked() -> None:
    listing = fetch_tools(raw(protocol="2025-06-18"))
    assert listing.protocol_version == "2025-06-18"  # the raw server takes what it is offered


@needs_2x
def test_a_2026_session_over_http_sends_what_a_stateless_server_needs() -> None:
    """A 2.x SDK server routes a 2026-07-28 POST by its headers (``MCP-Protocol-Version``,
    ``Mcp-Method``): without them it asks for a session (HTTP 400)."""
    with http_server("array_output") as url:
        spec = ServerSpec(kind="url", url=url, protocol=MODERN, start_timeout=15)
        listing = fetch_tools(spec)
        assert [t["name"] for t in listing.tools] == ["recent"]
        assert listing.protocol_version == MODERN

        async def call() -> dict[str, Any]:
            async with open_session(spec) as session:
                result: dict[str, Any] = await session.call_tool_raw("recent", {"q": "x"},
                                                                     timeout=10)
                return result

        assert anyio.run(call)["structuredContent"] == [{"id": 1}, {"id": 2}]


def test_a_protocol_is_one_the_installed_sdk_knows() -> None:
    handshake, modern = known_versions()
    assert check_protocol(None) is None and check_protocol("auto") == "auto"
    assert check_protocol(handshake[0]) == handshake[0]
    with pytest.raises(ConfigError) as refused:
        check_protocol("latest")
    assert "unknown MCP protocol version 'latest'" in str(refused.value)
    assert refused.value.hint is not None and handshake[-1] in refused.value.hint
    if SDK_MAJOR >= 2:
        assert check_protocol(MODERN) == MODERN and MODERN in modern
    else:
        with pytest.raises(ConfigError) as refused:
            check_protocol(MODERN)
        assert f"'{MODERN}' is not one the installed mcp 1.x SDK speaks (its newest: " \
               f"{handshake[-1]})" in str(refused.value)
        assert refused.value.hint is not None and "needs mcp>=2" in refused.value.hint


@needs_2x
def test_a_2026_call_over_http_mirrors_the_arguments_its_tool_asks_for_into_headers() -> None:
    """tests.servers.param_headers: ``region`` is declared ``x-mcp-header``; the SDK server
    refuses a call whose ``Mcp-Param-Region`` header is missing. The session reads the
    header's name from the tool's listed ``inputSchema``: before a listing it cannot."""
    async def calls(url: str) -> tuple[dict[str, Any], str]:
        spec = ServerSpec(kind="url", url=url, protocol=MODERN, start_timeout=15)
        async with open_session(spec) as session:
            with pytest.raises(CallFailure) as unlisted:  # nothing listed: no header sent
                await session.call_tool_raw("lookup", {"region": "eu", "key": "k"},
                                            timeout=10)
            await session.list_tools_raw()
            called: dict[str, Any] = await session.call_tool_raw(
                "lookup", {"region": "eu west", "key": "k"}, timeout=10)
            return called, str(unlisted.value)

    with http_server("param_headers") as url:
        called, refused = anyio.run(calls, url)
    assert "Mcp-Param-Region header is missing" in refused
    assert json.loads(called["content"][0]["text"]) == {"region": "eu west", "key": "k"}


def test_auto_over_http_takes_the_handshake_of_a_server_that_wants_a_session_first(
        http_server: Any) -> None:
    """A 1.x SDK server over HTTP refuses a request without a session (HTTP 400, no
    JSON-RPC answer to it): ``auto`` takes that as no 2026-07-28, as the 2.x ``Client``
    does, and starts the handshake (tests.servers.http_faults ``/legacy``); asked for
    2026-07-28 itself, the same server is an error that says so."""
    url = http_server("tests.servers.http_faults", path="") + "/legacy"
    listing = fetch_tools(ServerSpec(kind="url", url=url, protocol="auto", start_timeout=15))
    assert listing.protocol_version == handshake_version()
    assert [t["name"] for t in listing.tools] == ["t"]
    if SDK_MAJOR >= 2:
        with pytest.raises(SourceError, match=f"does not speak MCP {MODERN}"):
            fetch_tools(ServerSpec(kind="url", url=url, protocol=MODERN, start_timeout=15))
