"""The pinned client against real server subprocesses: startup check, modes, list_changed."""

from __future__ import annotations

import json

import anyio
import pytest

from parity.errors import ToolDriftError
from parity.mcp import open_session
from parity.pinning import lock as L
from parity.pinning.drift import Drift
from parity.runtime.client import PinnedClient, verify_tools
from tests.lockfixtures import lock_of, stdio_spec

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def raw_lock(tmp_path_factory) -> str:
    return lock_of(tmp_path_factory.mktemp("locks"), "lock_raw", "weather")


def test_verify_tools_accepts_a_reordered_server_and_returns_the_tools(raw_lock) -> None:
    async def main() -> list[dict]:
        async with open_session(stdio_spec("lock_raw", "--shuffle", "--page", "1")) as s:
            return await verify_tools(s, raw_lock)

    tools = anyio.run(main)
    assert sorted(t["name"] for t in tools) == ["flip", "forecast", "search", "seen"]


def test_verify_tools_raises_before_anything_registers(raw_lock) -> None:
    async def main() -> None:
        async with open_session(stdio_spec("lock_raw", "--change")) as s:
            await verify_tools(s, raw_lock)

    with pytest.raises(ToolDriftError) as info:
        anyio.run(main)
    drift = info.value.changes
    assert isinstance(drift, Drift) and drift.withheld() == ("search",)
    assert "in: retyped `days`: integer -> string" in str(info.value)


def test_refuse_server_mode_registers_nothing(raw_lock) -> None:
    async def main() -> PinnedClient:
        async with open_session(stdio_spec("lock_raw", "--change")) as s:
            client = PinnedClient(s, raw_lock, mode="refuse-server")
            with pytest.raises(ToolDriftError):
                await client.start()
            with pytest.raises(ToolDriftError, match="other tools of its server drifted"):
                await client.call_tool("forecast", {"city": "x"})
            return client

    client = anyio.run(main)
    assert client.tools == {}
    assert sorted(client.unavailable) == ["flip", "forecast", "search", "seen"]
    assert client.unavailable["search"].reason == "changed"


def test_refuse_changed_mode_withholds_only_the_changed_tool(raw_lock) -> None:
    async def main() -> tuple[PinnedClient, dict]:
        async with open_session(stdio_spec("lock_raw", "--change")) as s:
            client = await PinnedClient(s, raw_lock, mode="refuse-changed").start()
            with pytest.raises(ToolDriftError, match="call refused locally, not sent"):
                await client.call_tool("search", {"q": "rain", "days": "2"})
            await client.call_tool("forecast", {"city": "Oslo"})
            return client, await client.call_tool("seen")

    client, seen = anyio.run(main)
    assert sorted(client.tools) == ["flip", "forecast", "seen"]
    assert list(client.unavailable) == ["search"]
    # the refused call never reached the server
    assert json.loads(seen["content"][0]["text"]) == ["forecast", "seen"]


def test_a_mid_session_change_is_caught_and_its_calls_refused(raw_lock) -> None:
    drifts: list[Drift] = []

    async def main() -> tuple[PinnedClient, dict]:
        async with open_session(stdio_spec("lock_raw")) as s:
            client = await PinnedClient(s, raw_lock, mode="refuse-changed",
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

    client, seen = anyio.run(main)
    assert list(client.unavailable) == ["search"] and "search" not in client.tools
    assert [d.withheld() for d in drifts] == [("search",)]
    assert json.loads(seen["content"][0]["text"]) == ["search", "flip", "seen"]


def test_the_call_seam_sees_every_permitted_call(raw_lock) -> None:
    seen: list[tuple[str, dict]] = []

    async def main() -> dict:
        async with open_session(stdio_spec("lock_raw")) as s:
            client = await PinnedClient(s, raw_lock, mode="refuse-changed").start()
            inner = client.send

            async def spy(tool, arguments, timeout):
                seen.append((tool["name"], arguments))
                return await inner(tool, arguments, timeout)

            client.send = spy
            return await client.call_tool("forecast", {"city": "Oslo"})

    result = anyio.run(main)
    assert result["content"][0]["text"] == "forecast ok"
    assert seen == [("forecast", {"city": "Oslo"})]


def test_a_lock_of_another_server_fails_closed(tmp_path) -> None:
    other = tmp_path / "other.lock.json"
    L.write(L.build("weather", [{"name": "x"}], server_info={"name": "someone-else"}), other)

    async def main() -> None:
        async with open_session(stdio_spec("lock_raw")) as s:
            await verify_tools(s, other)

    # as `parity verify`: compared (every tool differs) and refused for the name too
    with pytest.raises(ToolDriftError, match="the lock was made with 'someone-else'") as info:
        anyio.run(main)
    assert info.value.changes.server_renamed == ("someone-else", "weather-raw")


def test_connect_opens_verifies_and_closes(raw_lock) -> None:
    async def main() -> list[str]:
        async with PinnedClient.connect(stdio_spec("lock_raw", "--shuffle"), raw_lock,
                                        mode="refuse-server") as client:
            assert (await client.call_tool("forecast", {"city": "x"}))["isError"] is False
            return sorted(client.tools)

    assert anyio.run(main) == ["flip", "forecast", "search", "seen"]


def test_call_returns_a_guarded_outcome_and_refuses_withheld_tools(raw_lock) -> None:
    async def main() -> tuple:
        async with open_session(stdio_spec("lock_raw", "--change")) as s:
            client = PinnedClient(s, raw_lock, mode="refuse-changed")
            await client.start()
            good = await client.call("forecast", {"city": "Lyon"})
            refused = await client.call("search", {"q": "x"})
            seen = await client.call_tool("seen", {})
            return good, refused, seen

    good, refused, seen = anyio.run(main)
    assert good.ok is True and good.category == "ok"
    assert refused.ok is False and refused.category == "drifted"
    assert refused.retry == "never"
    assert good.correlation_id != refused.correlation_id
    # the refused call never reached the server
    assert json.loads(seen["content"][0]["text"]) == ["forecast", "seen"]
