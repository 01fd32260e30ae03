"""``parity.protect`` on the ``mcp`` SDK's own ``ClientSession`` (both SDK generations): the
five framework checks (tests.integrations.scenario), through ``session.list_tools`` and
``session.call_tool`` as any framework calls them."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from typing import Any

import pytest
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

from tests.integrations.scenario import CHECKS, ROOT, Harness, check_published, result_text

pytestmark = pytest.mark.slow


@contextlib.asynccontextmanager
async def connect(command: str, args: list[str]) -> AsyncIterator[Harness]:
    params = StdioServerParameters(command=command, args=args, cwd=str(ROOT))
    async with stdio_client(params) as (read, write, *_), ClientSession(read, write) as session:
        await session.initialize()

        async def list_names() -> list[str]:
            return [t.name for t in (await session.list_tools()).tools]

        async def call(name: str, arguments: dict[str, Any]) -> tuple[bool, str]:
            return result_text(await session.call_tool(name, arguments))

        yield Harness(session, list_names, call)


@pytest.mark.parametrize("check", sorted(CHECKS))
def test_mcp_client_session(check: str, tmp_path) -> None:
    CHECKS[check](connect, tmp_path)


def test_published_server_everything(tmp_path) -> None:
    check_published(connect, tmp_path)  # this client declares no capabilities


def test_lock_tools_then_list_changed_re_verifies_before_the_next_call(tmp_path) -> None:
    """``lock_tools`` pins the agent's own listing; after ``flip`` changes ``search`` and
    announces it, the next listing and call re-verify: ``search`` is withheld and a call to it
    is an error result (tests.servers.sdk_flip)."""
    import sys

    import anyio

    import parity

    lock = tmp_path / "flip.lock.json"

    async def main() -> None:
        async with connect(sys.executable, ["-m", "tests.servers.sdk_flip"]) as h:
            pinned = await parity.lock_tools(h.target, lock)
            assert sorted(pinned.tools) == ["flip", "search", "seen"]
            protection = await parity.protect(h.target, lock, mode="refuse-changed")
            failed, text = await h.call("search", {"q": "x", "days": 2})
            assert not failed, text
            failed, _ = await h.call("flip", {})
            assert not failed
            assert sorted(await h.list_names()) == ["flip", "seen"]
            assert "search" in protection.unavailable
            failed, text = await h.call("search", {"q": "x", "days": "2"})
            assert failed and text.startswith("drifted: retry never"), text
            failed, text = await h.call("seen", {})
            assert not failed and "search" in text and text.count("search") == 1, text

    anyio.run(main)


@contextlib.asynccontextmanager
async def connect_client(command: str, args: list[str]) -> AsyncIterator[Harness]:
    from mcp.client.client import Client

    params = StdioServerParameters(command=command, args=args, cwd=str(ROOT))
    async with Client(params) as client:

        async def list_names() -> list[str]:
            return [t.name for t in (await client.list_tools()).tools]

        async def call(name: str, arguments: dict[str, Any]) -> tuple[bool, str]:
            return result_text(await client.call_tool(name, arguments))

        yield Harness(client, list_names, call)


@pytest.mark.parametrize("check", sorted(CHECKS))
def test_mcp_client(check: str, tmp_path) -> None:
    pytest.importorskip("mcp.client.client", reason="mcp.client.Client is the 2.x SDK's")
    CHECKS[check](connect_client, tmp_path)


def test_protect_accepts_a_renamed_server_only_by_its_accepted_name(tmp_path) -> None:
    """A lock made under ``weather``; the server now calls itself otherwise
    (tests.servers.lock_weather): refused, then accepted by ``accept_name``. The
    ``initialize`` result's ``serverInfo`` is handed over (a 1.x session keeps none)."""
    import sys

    import anyio

    import parity
    from parity.errors import ToolDriftError

    lock = tmp_path / "weather.lock.json"

    async def main(reported: str, accept: str | None) -> list[str] | ToolDriftError:
        env = {"PARITY_LOCK_NAME": reported, "PARITY_LOCK_VERSION": "v1"}
        params = StdioServerParameters(command=sys.executable, cwd=str(ROOT), env=env,
                                       args=["-m", "tests.servers.lock_weather"])
        async with stdio_client(params) as (read, write, *_), \
                ClientSession(read, write) as session:
            init = await session.initialize()
            # 2.x names it server_info (its camelCase alias warns); 1.x serverInfo
            info = getattr(init, "server_info", None) or init.serverInfo
            server_info = {"name": info.name}
            if not lock.exists():
                await parity.lock_tools(session, lock, server_info=server_info)
            try:  # caught here: the SDK's task group would wrap it in an exception group
                await parity.protect(session, lock, accept_name=accept,
                                     server_info=server_info)
            except ToolDriftError as refused:
                return refused
            return sorted(t.name for t in (await session.list_tools()).tools)

    assert anyio.run(main, "weather", None) == ["forecast", "search"]
    refused = anyio.run(main, "mcp-servers/weather", None)
    assert isinstance(refused, ToolDriftError)
    assert "the server calls itself 'mcp-servers/weather'" in str(refused)
    assert anyio.run(main, "mcp-servers/weather", "mcp-servers/weather") == ["forecast", "search"]



def test_execution_is_compared_only_between_listings_of_one_protocol_version(
        tmp_path, caplog) -> None:
    """``parity lock`` lists under the 2025-11-25 handshake; the 2.x ``Client`` speaks
    2026-07-28, whose wire has no ``execution``. A tool that declares one
    (tests.servers.task_tools) is then not refused as changed in either direction, and
    the verdict says ``execution`` was not compared: a lock made by the CLI verifies
    through the ``Client``, and one made from the ``Client`` verifies through parity's
    own session (as ``parity verify`` lists)."""
    pytest.importorskip("mcp.client.client", reason="mcp.client.Client is the 2.x SDK's")
    import sys

    import anyio

    import parity
    from parity.mcp import fetch_tools, open_session
    from parity.pinning import lock as L
    from parity.runtime.client import check_tools
    from tests.lockfixtures import stdio_spec

    spec = stdio_spec("task_tools", "--task-support", "required")
    listed, own = tmp_path / "listed.lock.json", tmp_path / "own.lock.json"
    listing = fetch_tools(spec)
    L.write(L.from_listing("tasks", listing), listed)
    unsaid = ("`execution` not compared: the lock was listed under MCP protocol version "
              "{} and this session speaks {}, and only 2025-11-25 carries a tool's "
              "`execution`; lock and check under one version to compare it "
              "(`parity.lock_tools(session, path)` from the session that checks)")

    async def through_the_client() -> tuple[list[str], tuple[bool, str]]:
        async with connect_client(sys.executable, list(spec.command[1:])) as h:
            await parity.lock_tools(h.target, own)
            protection = await parity.protect(h.target, listed)
            assert protection.pinned.drift is not None
            # told nothing of tasks, the guard sends the call: the server's refusal
            return list(protection.pinned.drift.warnings), await h.call("report", {"city": "x"})

    warnings, (failed, text) = anyio.run(through_the_client)
    assert warnings == [unsaid.format("2025-11-25", "2026-07-28")]
    assert unsaid.format("2025-11-25", "2026-07-28") in [  # what the agent's log shows
        r.getMessage() for r in caplog.records if r.name == "parity.runtime.client"]
    assert failed and "tool_error: retry never" in text, text
    assert L.load(own).protocol_version == "2026-07-28"
    assert "execution" not in L.load(own).tools["report"].given

    async def through_parity() -> tuple[bool, list[str]]:
        async with open_session(spec) as session:
            drift, _ = await check_tools(session, own)
            return drift.drifted, list(drift.warnings)

    assert anyio.run(through_parity) == (False, [unsaid.format("2026-07-28", "2025-11-25")])


def test_a_lock_the_cli_listed_under_2026_verifies_through_the_client_whole(tmp_path) -> None:
    """``parity lock --protocol 2026-07-28`` lists as the 2.x ``Client`` does: its lock of a
    tool that declares ``execution`` (which the 2026-07-28 wire does not carry) verifies
    through the ``Client`` with nothing left uncompared, where a lock listed under the
    handshake warns (the test above)."""
    pytest.importorskip("mcp.client.client", reason="mcp.client.Client is the 2.x SDK's")
    import dataclasses
    import sys

    import anyio

    import parity
    from parity.mcp import fetch_tools
    from parity.pinning import lock as L
    from tests.lockfixtures import stdio_spec

    spec = stdio_spec("task_tools", "--task-support", "required")
    path = tmp_path / "modern.lock.json"
    L.write(L.from_listing("tasks", fetch_tools(
        dataclasses.replace(spec, protocol="2026-07-28"))), path)
    assert L.load(path).protocol_version == "2026-07-28"

    async def main() -> list[str]:
        async with connect_client(sys.executable, list(spec.command[1:])) as h:
            protection = await parity.protect(h.target, path)
            assert protection.pinned.drift is not None
            assert not protection.pinned.drift.drifted
            return list(protection.pinned.drift.warnings)

    assert anyio.run(main) == []


def test_a_call_that_asks_for_input_first_is_driven_by_the_client_and_named(tmp_path) -> None:
    """MCP 2026-07-28: a tool that needs a person's answer answers ``input_required``
    (tests.servers.asks_input). Through ``protect``, the agent's ``Client`` still answers it
    with its own elicitation callback and retries: the call succeeds, and the outcomes
    name the first step ``input_required``, never ``ok`` nor a failure. parity's own
    session, which answers no input request, gets the same step as ``input_required``."""
    pytest.importorskip("mcp.client.client", reason="mcp.client.Client is the 2.x SDK's")
    import sys

    import anyio
    from mcp.client.client import Client
    from mcp.types import ElicitResult

    import parity
    from parity.mcp import fetch_tools, open_session
    from parity.pinning import lock as L
    from parity.runtime.client import PinnedClient
    from parity.runtime.guard import GuardedSession
    from tests.mcpfixtures import stdio

    spec = stdio("tests.servers.asks_input", protocol="2026-07-28")
    path = tmp_path / "asks.lock.json"
    L.write(L.from_listing("asks", fetch_tools(spec)), path)
    asked: list[str] = []

    async def answer(context: Any, params: Any) -> Any:
        asked.append(params.message)
        return ElicitResult(action="accept", content={"go": True})

    async def through_the_client() -> tuple[bool, str, list[str]]:
        server = StdioServerParameters(command=sys.executable, cwd=str(ROOT),
                                       args=["-m", "tests.servers.asks_input"])
        async with Client(server, elicitation_callback=answer) as client:
            protection = await parity.protect(client, path)
            failed, text = result_text(await client.call_tool("confirm", {"what": "x"}))
            return failed, text, [str(o.category) for o in protection.outcomes]

    failed, text, categories = anyio.run(through_the_client)
    assert not failed and text == 'confirmed: {"go": true}', text
    assert asked == ["Go ahead?"]
    assert categories == ["input_required", "ok"]

    async def through_parity() -> Any:
        async with open_session(spec) as session:
            client = await PinnedClient(session, path).start()
            return await GuardedSession(client).call_tool("confirm", {"what": "x"})

    outcome = anyio.run(through_parity)
    assert outcome.category == "input_required" and not outcome.ok
    assert outcome.retry == "never"


def test_a_2026_result_of_any_json_type_is_taken_as_it_is(tmp_path) -> None:
    """MCP 2026-07-28 (the 2.x ``Client``'s) lets a tool's ``outputSchema`` be any JSON
    Schema and its ``structuredContent`` any JSON value (tests.servers.array_output: an
    array): such a result is a success, held to the pinned output schema like any other,
    where parity used to call it malformed."""
    pytest.importorskip("mcp.client.client", reason="mcp.client.Client is the 2.x SDK's")
    import sys

    import anyio

    import parity

    lock = tmp_path / "arrays.lock.json"

    async def main() -> None:
        async with connect_client(sys.executable, ["-m", "tests.servers.array_output"]) as h:
            await parity.lock_tools(h.target, lock)
            protection = await parity.protect(h.target, lock)
            assert protection.pinned.session.protocol_version == "2026-07-28"
            failed, text = await h.call("recent", {"q": "x"})
            assert not failed and text == '[{"id": 1}, {"id": 2}]', text
            failed, text = await h.call("recent", {"q": "fail"})  # its items declare `error`
            assert not failed, text
            failed, text = await h.call("recent", {"q": "short"})
            assert failed and text.startswith("contract_violation: retry never"), text
            assert "structuredContent fails the pinned outputSchema at $[0].id (type)" in text
            assert [str(o.category) for o in protection.outcomes] == [
                "ok", "ok", "contract_violation"]

    anyio.run(main)
