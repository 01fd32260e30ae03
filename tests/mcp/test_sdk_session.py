"""The startup check through the agent's OWN ``mcp`` session (1.x and 2.x ``ClientSession``,
2.x ``Client``): real servers as subprocesses and over HTTP on 127.0.0.1, SDK client objects
made through the SDK's public API. This module may import ``mcp``; parity code may not
(``parity.mcp.wrap_session`` does it for them)."""

from __future__ import annotations

import contextlib
import json
import sys
from collections.abc import AsyncIterator
from typing import Any

import anyio
import pytest
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

from parity.errors import ToolDriftError
from parity.mcp import (
    SDK_MAJOR,
    CallFailure,
    ListChangedHandler,
    ServerSpec,
    fetch_tools,
    message_handler,
    open_session,
    wrap_session,
)
from parity.pinning import lock as L
from parity.pinning.drift import Drift
from parity.runtime.client import PinnedClient, verify_tools
from tests.lockfixtures import ROOT, http_server, stdio_spec
from tests.mcpfixtures import JSON_TYPES, types_in

pytestmark = pytest.mark.slow
needs_2x = pytest.mark.skipif(SDK_MAJOR < 2, reason="the mcp 2.x Client / 2026-07-28 path")


def params(module: str, *args: str) -> StdioServerParameters:
    return StdioServerParameters(command=sys.executable, args=["-m", f"tests.servers.{module}",
                                                               *args], cwd=str(ROOT))


@contextlib.asynccontextmanager
async def sdk_stdio(module: str, *args: str, handler: Any = None) -> AsyncIterator[Any]:
    """The user's own ``ClientSession`` over stdio, entered and initialized."""
    async with stdio_client(params(module, *args)) as streams, \
            ClientSession(streams[0], streams[1], message_handler=handler) as session:
        await session.initialize()
        yield session


@contextlib.asynccontextmanager
async def sdk_http(url: str, handler: Any = None) -> AsyncIterator[Any]:
    """The user's own ``ClientSession`` over streamable HTTP, entered and initialized."""
    from mcp.client.streamable_http import streamable_http_client

    async with streamable_http_client(url) as streams, \
            ClientSession(streams[0], streams[1], message_handler=handler) as session:
        await session.initialize()
        yield session


@pytest.fixture(scope="module")
def raw_lock(tmp_path_factory) -> str:
    path = tmp_path_factory.mktemp("locks") / "weather.lock.json"
    L.write(L.from_listing("weather", fetch_tools(stdio_spec("lock_raw"))), path)
    return str(path)


def seen_of(result: dict) -> list[str]:
    return json.loads(result["content"][0]["text"])


# -- (a) verify_tools --------------------------------------------------------------------


def test_the_sdk_session_gives_the_same_raw_json_as_parity_own_session() -> None:
    async def main() -> list[dict]:
        async with sdk_stdio("lock_raw", "--shuffle", "--page", "1") as session:
            return (await wrap_session(session).list_tools_raw()).tools

    own = fetch_tools(stdio_spec("lock_raw", "--shuffle", "--page", "1")).tools
    tools = anyio.run(main)
    assert tools == own and [list(t) for t in tools] == [list(t) for t in own]  # key order too
    assert tools[0]["_meta"] == {"progressToken": 7,
                                 "io.modelcontextprotocol/related-task": {"id": "x"}}


def test_verify_tools_accepts_a_reordered_server_through_an_sdk_session(raw_lock) -> None:
    async def main() -> list[dict]:
        async with sdk_stdio("lock_raw", "--shuffle", "--page", "1") as session:
            return await verify_tools(session, raw_lock)

    assert sorted(t["name"] for t in anyio.run(main)) == ["flip", "forecast", "search", "seen"]


def test_verify_tools_through_an_sdk_session_explains_the_drift(raw_lock) -> None:
    async def main() -> ToolDriftError:
        async with sdk_stdio("lock_raw", "--change") as session:
            with pytest.raises(ToolDriftError) as info:  # inside: the SDK groups exceptions
                await verify_tools(session, raw_lock)
            return info.value

    error = anyio.run(main)
    assert error.changes.withheld() == ("search",)
    assert "in: retyped `days`: integer -> string" in str(error)


def test_verify_tools_through_an_sdk_http_session(tmp_path) -> None:
    lock = tmp_path / "weather.lock.json"
    with http_server("lock_weather") as url:
        L.write(L.from_listing("weather", fetch_tools(ServerSpec(kind="url", url=url))), lock)

        async def same() -> list[str]:
            async with sdk_http(url) as session:
                return sorted(t["name"] for t in await verify_tools(session, lock))

        assert anyio.run(same) == ["forecast", "search"]
    with http_server("lock_weather", version="v2") as url:
        async def changed() -> ToolDriftError:
            async with sdk_http(url) as session:
                with pytest.raises(ToolDriftError) as info:
                    await verify_tools(session, lock)
                return info.value

        error = anyio.run(changed)
    assert sorted(error.changes.withheld()) == ["alerts", "forecast", "search"]
    assert "`query`" in str(error)


# -- (b) the pinned client in both modes -------------------------------------------------


def test_refuse_server_over_an_sdk_session_registers_nothing(raw_lock) -> None:
    async def main() -> PinnedClient:
        async with sdk_stdio("lock_raw", "--change") as session:
            client = PinnedClient(session, raw_lock, mode="refuse-server")
            with pytest.raises(ToolDriftError):
                await client.start()
            with pytest.raises(ToolDriftError, match="other tools of its server drifted"):
                await client.call_tool("forecast", {"city": "x"})
            return client

    client = anyio.run(main)
    assert client.tools == {}
    assert sorted(client.unavailable) == ["flip", "forecast", "search", "seen"]
    assert client.unavailable["search"].reason == "changed"
    assert client.unavailable["forecast"].reason == "server-refused"


def test_refuse_changed_over_an_sdk_session_withholds_only_the_changed_tool(raw_lock) -> None:
    async def main() -> tuple[PinnedClient, dict]:
        async with sdk_stdio("lock_raw", "--change") as session:
            client = await PinnedClient(session, raw_lock, mode="refuse-changed").start()
            with pytest.raises(ToolDriftError, match="call refused locally, not sent"):
                await client.call_tool("search", {"q": "rain", "days": "2"})
            assert (await client.call_tool("forecast", {"city": "Oslo"}))["isError"] is False
            return client, await client.call_tool("seen")

    client, seen = anyio.run(main)
    assert sorted(client.tools) == ["flip", "forecast", "seen"]
    assert list(client.unavailable) == ["search"]
    assert "changed since the lock" in client.unavailable["search"].describe()
    assert seen_of(seen) == ["forecast", "seen"]  # the refused call never reached the server


# -- (c) list_changed through the message_handler ----------------------------------------


async def _flip_and_probe(session: Any, lock: str, drifts: list[Drift]) -> tuple[PinnedClient,
                                                                              dict]:
    client = await PinnedClient(session, lock, mode="refuse-changed",
                                on_drift=drifts.append).start()
    assert client.unavailable == {} and client.verifications == 1
    await client.call_tool("search", {"q": "rain", "days": 2})
    await client.call_tool("flip")  # the server changes and says list_changed
    with anyio.fail_after(10):
        while client.verifications < 2:
            await anyio.sleep(0.01)
    with pytest.raises(ToolDriftError, match="tool 'search' is unavailable"):
        await client.call_tool("search", {"q": "rain", "days": "2"})
    return client, await client.call_tool("seen")


def test_a_mid_session_change_is_caught_through_the_message_handler(raw_lock) -> None:
    drifts: list[Drift] = []
    mine: list[Any] = []

    async def own_handler(message: Any) -> None:
        mine.append(message)

    handler = message_handler(own_handler)

    async def main() -> tuple[PinnedClient, dict]:
        async with sdk_stdio("lock_raw", handler=handler) as session:
            return await _flip_and_probe(session, raw_lock, drifts)

    client, seen = anyio.run(main)
    assert isinstance(handler, ListChangedHandler) and len(handler.callbacks) == 1
    assert list(client.unavailable) == ["search"] and "search" not in client.tools
    assert [d.withheld() for d in drifts] == [("search",)]
    assert seen_of(seen) == ["search", "flip", "seen"]  # the refused call was never sent
    # the agent's own handler still sees every notification
    methods = [getattr(getattr(m, "root", m), "method", None) for m in mine]
    assert "notifications/tools/list_changed" in methods


def test_a_session_built_without_the_handler_is_still_watched(raw_lock) -> None:
    drifts: list[Drift] = []

    async def main() -> tuple[PinnedClient, dict]:
        async with sdk_stdio("lock_raw") as session:
            return await _flip_and_probe(session, raw_lock, drifts)

    _client, seen = anyio.run(main)
    assert [d.withheld() for d in drifts] == [("search",)]
    assert seen_of(seen) == ["search", "flip", "seen"]


def _sdk_flip_lock(tmp_path) -> str:
    from tests.servers import sdk_flip

    path = tmp_path / "weather-sdk.lock.json"
    L.write(L.from_listing("weather-sdk", fetch_tools(
        ServerSpec(kind="object", name="weather-sdk", obj=sdk_flip.build()))), path)
    return str(path)


def test_an_sdk_server_change_over_http_is_caught(tmp_path) -> None:
    lock = _sdk_flip_lock(tmp_path)
    drifts: list[Drift] = []
    with http_server("sdk_flip") as url:
        async def main() -> tuple[PinnedClient, dict]:
            async with sdk_http(url, handler=message_handler()) as session:
                return await _flip_and_probe(session, lock, drifts)

        _client, seen = anyio.run(main)
    assert [d.withheld() for d in drifts] == [("search",)]
    assert seen_of(seen) == ["search", "flip", "seen"]


# -- (d) 2.x Client: legacy and 2026-07-28 sessions ---------------------------------------


@needs_2x
def test_a_2026_client_over_http_is_watched_through_listen(tmp_path) -> None:
    from mcp import Client

    lock = _sdk_flip_lock(tmp_path)
    drifts: list[Drift] = []

    async def main(url: str) -> tuple[PinnedClient, dict, str | None]:
        async with Client(url) as sdk_client:
            client, seen = await _flip_and_probe(sdk_client, lock, drifts)
            return client, seen, sdk_client.protocol_version

    with http_server("sdk_flip") as url:
        _client, seen, version = anyio.run(main, url)
    assert version == "2026-07-28"
    assert [d.withheld() for d in drifts] == [("search",)]
    assert seen_of(seen) == ["search", "flip", "seen"]


@needs_2x
def test_a_2026_in_process_client_is_watched_through_listen(tmp_path) -> None:
    from mcp import Client

    from tests.servers import sdk_flip

    lock = _sdk_flip_lock(tmp_path)
    drifts: list[Drift] = []

    async def main() -> tuple[PinnedClient, dict]:
        async with Client(sdk_flip.build()) as sdk_client:
            assert wrap_session(sdk_client).modern
            return await _flip_and_probe(sdk_client, lock, drifts)

    _client, seen = anyio.run(main)
    assert [d.withheld() for d in drifts] == [("search",)]
    assert seen_of(seen) == ["search", "flip", "seen"]


@needs_2x
def test_a_legacy_2x_client_is_watched_through_its_message_handler(tmp_path) -> None:
    from mcp import Client

    lock = _sdk_flip_lock(tmp_path)
    drifts: list[Drift] = []
    handler = message_handler()

    async def main() -> tuple[PinnedClient, dict]:
        async with Client(params("sdk_flip"), mode="legacy",
                          message_handler=handler) as sdk_client:
            assert not wrap_session(sdk_client).modern
            return await _flip_and_probe(sdk_client, lock, drifts)

    _client, seen = anyio.run(main)
    assert len(handler.callbacks) == 1
    assert [d.withheld() for d in drifts] == [("search",)]
    assert seen_of(seen) == ["search", "flip", "seen"]


def test_what_the_sdk_validates_before_parity_sees_it() -> None:
    # an inputSchema without "type": "object", a non-object and a nameless definition
    async def main() -> Any:
        async with sdk_stdio("bad_schema") as session:
            try:
                return await wrap_session(session).list_tools_raw()
            except CallFailure as failure:
                return failure

    outcome = anyio.run(main)
    if SDK_MAJOR >= 2:  # 2.x validates the result first: the whole listing fails
        assert isinstance(outcome, CallFailure) and outcome.kind == "malformed"
        assert "mcp SDK rejected" in str(outcome)
    else:  # 1.x hands the result over as it came, like parity's own session
        own = fetch_tools(stdio_spec("bad_schema"))
        assert outcome.tools == own.tools and outcome.rejected == own.rejected


def test_the_sdk_session_lists_json_whatever_the_server_code_put_in_a_schema() -> None:
    # what Listing.plain_json promises (tests/mcp/test_transports.py: parity's own session)
    from tests.servers.odd_values import AS_JSON

    async def main() -> Any:
        async with sdk_stdio("odd_values") as session:
            return await wrap_session(session).list_tools_raw()

    listing = anyio.run(main)
    assert listing.plain_json and listing.tools[0]["inputSchema"] == AS_JSON
    assert types_in(listing.tools) <= JSON_TYPES


# -- wrap_session edges, configuration ---------------------------------------------------


def test_wrap_session_refuses_what_it_cannot_adapt() -> None:
    with pytest.raises(TypeError, match="give an mcp ClientSession"):
        wrap_session(object())


def test_an_adapter_session_is_passed_through() -> None:
    async def main() -> bool:
        async with open_session(stdio_spec("lock_raw")) as session:
            return wrap_session(session) is session

    assert anyio.run(main)
