"""Tool changes on parity's own MCP 2026-07-28 session (parity/mcp/listen.py): the server
says them only on a ``subscriptions/listen`` stream, which the session opens when the pinned
client watches, and a listing waits for its acknowledgment."""

from __future__ import annotations

import dataclasses
import logging
from typing import Any

import anyio
import pytest

from parity.mcp import SDK_MAJOR, ServerSpec, open_session
from parity.pinning.drift import Drift
from parity.runtime.client import PinnedClient
from tests.lockfixtures import http_server, stdio_spec
from tests.mcp.test_sdk_session import _flip_and_probe, _sdk_flip_lock, seen_of
from tests.mcpfixtures import stdio

pytestmark = pytest.mark.skipif(SDK_MAJOR < 2, reason="MCP 2026-07-28 is the 2.x SDK's")
MODERN = "2026-07-28"


def flip_through(spec: ServerSpec, lock: str) -> tuple[list[Drift], dict[str, Any], Any]:
    drifts: list[Drift] = []

    async def main() -> tuple[dict[str, Any], Any]:
        async with open_session(spec) as session:
            assert session.protocol_version == MODERN
            _client, seen = await _flip_and_probe(session, lock, drifts)
            return seen, session.protocol_version

    seen, version = anyio.run(main)
    return drifts, seen, version


@pytest.mark.parametrize("kind", ["stdio", "object"])
def test_a_change_is_caught_through_the_listen_stream(tmp_path, kind) -> None:
    from tests.servers import sdk_flip

    lock = _sdk_flip_lock(tmp_path)
    spec = (dataclasses.replace(stdio_spec("sdk_flip"), protocol=MODERN) if kind == "stdio"
            else ServerSpec(kind="object", name="weather-sdk", obj=sdk_flip.build(),
                            protocol=MODERN))
    drifts, seen, _ = flip_through(spec, lock)
    assert [d.withheld() for d in drifts] == [("search",)]
    assert seen_of(seen) == ["search", "flip", "seen"]


def test_a_change_is_caught_through_the_listen_stream_over_http(tmp_path) -> None:
    lock = _sdk_flip_lock(tmp_path)
    with http_server("sdk_flip") as url:
        drifts, seen, _ = flip_through(ServerSpec(kind="url", url=url, protocol=MODERN), lock)
    assert [d.withheld() for d in drifts] == [("search",)]
    assert seen_of(seen) == ["search", "flip", "seen"]


def test_no_stream_is_opened_to_a_server_that_announces_no_change(tmp_path, caplog) -> None:
    """tests.servers.array_output declares ``tools.listChanged: false``: it never sends a
    change, so no stream is opened (none to refuse) and nothing is logged, as on the
    handshake."""
    from parity.mcp import fetch_tools
    from parity.pinning import lock as L

    spec = dataclasses.replace(stdio_spec("array_output"), protocol=MODERN)
    path = tmp_path / "arrays.lock.json"
    L.write(L.from_listing("arrays", fetch_tools(spec)), path)

    async def main() -> tuple[dict[str, Any], list[str]]:
        async with PinnedClient.connect(spec, path) as client:
            return client.session.capabilities, sorted(client.tools)

    with caplog.at_level(logging.DEBUG, logger="parity.mcp.listen"):
        capabilities, tools = anyio.run(main)
    assert capabilities["tools"] == {"listChanged": False} and tools == ["recent"]
    assert [r for r in caplog.records if r.name == "parity.mcp.listen"] == []


def test_a_server_that_refuses_the_stream_is_said_to_be_unwatched(tmp_path, caplog) -> None:
    """tests.servers.discover_raw speaks 2026-07-28 and announces tool changes, but knows
    no ``subscriptions/listen``: the pinned client still starts (the listing does not wait
    for an acknowledgment that never comes) and the log says the tools are not watched."""
    from parity.mcp import fetch_tools
    from parity.pinning import lock as L

    spec = stdio("tests.servers.discover_raw", "--offer", MODERN, protocol=MODERN)
    path = tmp_path / "stamp.lock.json"
    L.write(L.from_listing("handshaking", fetch_tools(spec)), path)

    async def main() -> list[str]:
        async with open_session(spec) as session:
            with anyio.fail_after(10):
                client = await PinnedClient(session, path).start()
            return sorted(client.tools)

    with caplog.at_level(logging.WARNING, logger="parity.mcp.listen"):
        assert anyio.run(main) == ["stamp"]
    assert any("cannot subscribe to notifications/tools/list_changed" in r.getMessage()
               and "no method subscriptions/listen" in r.getMessage() for r in caplog.records)


def test_connect_speaks_the_era_of_its_lock_and_watches_through_listen(tmp_path) -> None:
    """``PinnedClient.connect`` on a server spec that names no protocol, with a lock listed
    under 2026-07-28, speaks 2026-07-28 (as ``parity verify`` does), so a change reaches it
    on the listen stream."""
    from parity.mcp import fetch_tools
    from parity.pinning import lock as L

    spec = stdio_spec("sdk_flip")
    path = tmp_path / "modern.lock.json"
    L.write(L.from_listing("weather-sdk", fetch_tools(
        dataclasses.replace(spec, protocol=MODERN))), path)

    async def main() -> tuple[str | None, list[str]]:
        async with PinnedClient.connect(spec, path, mode="refuse-changed") as client:
            await client.call_tool("flip")
            with anyio.fail_after(10):
                while client.verifications < 2:
                    await anyio.sleep(0.01)
            return client.session.protocol_version, sorted(client.unavailable)

    assert anyio.run(main) == (MODERN, ["search"])


def test_a_stream_that_drops_is_opened_again_and_the_tools_reverified(http_server, tmp_path,
                                                                        caplog) -> None:
    """tests.servers.http_faults ``/droplisten``: every listen stream is acknowledged, then
    ends without a response (a drop). Nothing is replayed, so each drop re-verifies the
    tools, and the stream is opened again, five times in a row at most; then a warning.
    (About 12 s: the backoff between attempts is the real one.)"""
    from parity.mcp import fetch_tools
    from parity.mcp.listen import LISTEN_RETRIES
    from parity.pinning import lock as L

    url = http_server("tests.servers.http_faults", path="") + "/droplisten"
    spec = ServerSpec(kind="url", name="drops", url=url, protocol=MODERN, start_timeout=15)
    path = tmp_path / "drops.lock.json"
    L.write(L.from_listing("drops", fetch_tools(spec)), path)  # no stream opened yet

    async def main() -> tuple[int, list[str]]:
        async with PinnedClient.connect(spec, path, mode="refuse-changed") as client:
            with anyio.fail_after(30):
                while not any("gave up" in r.getMessage() for r in caplog.records):
                    await anyio.sleep(0.05)
                while client.stale or client.verifications <= LISTEN_RETRIES:
                    await anyio.sleep(0.05)
            return client.verifications, sorted(client.unavailable)

    with caplog.at_level(logging.WARNING, logger="parity.mcp.listen"):
        verifications, withheld = anyio.run(main)
    # the first verification, then one per drop; each listing after a new stream differs
    assert verifications == 1 + LISTEN_RETRIES
    assert withheld == ["t"]  # its description counts the streams: a surface change
    assert [r.getMessage() for r in caplog.records if r.name == "parity.mcp.listen"] == [
        f"gave up re-subscribing to notifications/tools/list_changed of drops after "
        f"{LISTEN_RETRIES} drops"]
