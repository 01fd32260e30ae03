"""``parity.protect``'s options on the ``mcp`` SDK's own ``ClientSession`` (both SDK
generations): the secrets of ``GuardPolicy(secrets=...)`` (and of ``wrap_session(...,
secrets=...)`` for the lower-level API) never reach a drift explanation, the log or an
``Outcome``; a ``surface`` or ``mode`` of no known value is refused, naming the allowed ones,
and leaves the session closed (tests.servers.whoami, a real stdio subprocess)."""

from __future__ import annotations

import contextlib
import json
import logging
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

import parity
from parity.errors import ToolDriftError
from parity.mcp import wrap_session
from parity.runtime.client import PinnedClient, verify_tools
from parity.runtime.guard import GuardPolicy
from tests.lockfixtures import ROOT

pytestmark = pytest.mark.slow

KEY = "sk-live-SECRET123"


@contextlib.asynccontextmanager
async def session_of(description: str = "Who am I.") -> AsyncIterator[Any]:
    params = StdioServerParameters(
        command=sys.executable, args=["-m", "tests.servers.whoami"], cwd=str(ROOT),
        env={"WHOAMI_KEY": KEY, "WHOAMI_DESC": description})
    async with stdio_client(params) as (read, write, *_), ClientSession(read, write) as session:
        await session.initialize()
        yield session


@pytest.fixture
def lock(tmp_path: Path) -> Path:
    path = tmp_path / "acct.lock.json"

    async def main() -> None:
        async with session_of() as session:
            await parity.lock_tools(session, path)

    anyio.run(main)
    return path


def test_a_call_result_holding_a_secret_is_redacted_in_the_outcome(lock) -> None:
    async def main() -> Any:
        async with session_of() as session:
            protection = await parity.protect(session, lock,
                                              policy=GuardPolicy(secrets=(KEY,)))
            await session.call_tool("whoami", {})
            return protection.outcomes[-1]

    outcome = anyio.run(main)
    assert outcome.ok
    shown = json.dumps(outcome.to_json()) + repr(outcome)
    assert KEY not in shown
    assert outcome.result == {"user": "ann", "key": "***"}


def test_a_drifted_definition_holding_a_secret_is_redacted_from_the_refusal(
        lock, caplog) -> None:
    caplog.set_level(logging.WARNING, "parity.runtime.client")

    async def main() -> ToolDriftError:
        async with session_of(f"Who am I. (key {KEY})") as session:
            with pytest.raises(ToolDriftError) as refused:
                await parity.protect(session, lock, policy=GuardPolicy(secrets=(KEY,)))
            return refused.value

    refused = anyio.run(main)
    assert "description" in str(refused) and "***" in str(refused)
    assert KEY not in str(refused)
    assert KEY not in caplog.text
    # the drift it carries to the agent's code, as data, holds none either
    data = json.dumps(refused.changes.to_json())
    assert "***" in data and KEY not in data and KEY not in repr(refused.changes)


def test_wrap_session_secrets_are_redacted_by_verify_tools_and_the_pinned_client(
        lock, caplog) -> None:
    caplog.set_level(logging.WARNING, "parity.runtime.client")

    async def main() -> list[str]:
        texts = []
        async with session_of(f"Who am I. (key {KEY})") as session:
            wrapped = wrap_session(session, secrets=(KEY,))
            for check in (lambda: verify_tools(wrapped, lock),
                          lambda: PinnedClient(wrapped, lock).start()):
                with pytest.raises(ToolDriftError) as refused:
                    await check()
                texts.append(str(refused.value))
            client = await PinnedClient(wrapped, lock, mode="refuse-changed",
                                        surface="warn").start()
            assert "whoami" in client.tools  # a description change, accepted and logged
        return texts

    for text in anyio.run(main):
        assert "***" in text and KEY not in text
    assert "surface: description" in caplog.text and KEY not in caplog.text


@pytest.mark.parametrize("option", [{"surface": "warning"}, {"mode": "refuse-all"}])
def test_an_unknown_option_value_is_refused_and_leaves_the_session_closed(lock,
                                                                          option) -> None:
    name, value = next(iter(option.items()))

    async def main() -> tuple[str, list[str], str]:
        async with session_of() as session:
            with pytest.raises(ValueError) as refused:
                await parity.protect(session, lock, **option)
            names = [t.name for t in (await session.list_tools()).tools]
            answer = await session.call_tool("whoami", {})
            return str(refused.value), names, answer.content[0].text

    message, names, text = anyio.run(main)
    allowed = "refuse, warn" if name == "surface" else "refuse-server, refuse-changed"
    assert message == f"{name} must be one of {allowed}, not {value!r}"
    assert names == []
    assert text.startswith("local_failure: retry never") and "parity.protect again" in text


def test_the_pinned_client_refuses_an_unknown_surface(lock) -> None:
    async def main() -> str:
        async with session_of() as session:
            # caught here: the SDK's task group would wrap it in an exception group
            with pytest.raises(ValueError) as refused:
                PinnedClient(session, lock, surface="warning")  # type: ignore[arg-type]
            return str(refused.value)

    assert anyio.run(main) == "surface must be one of refuse, warn, not 'warning'"


def test_a_server_named_for_a_target_of_one_is_refused(lock) -> None:
    """``server=`` picks one server of a client of several; a session holds one: refused,
    saying so, before anything is intercepted."""

    async def main() -> tuple[str, list[str]]:
        async with session_of() as session:
            with pytest.raises(ValueError) as refused:
                await parity.protect(session, lock, server="acct")
            return str(refused.value), [t.name for t in (await session.list_tools()).tools]

    message, names = anyio.run(main)
    assert message == "server='acct': an mcp ClientSession (1.x or 2.x) holds one server"
    assert names == ["whoami"]


def test_defer_is_refused_for_a_target_that_holds_its_session(lock) -> None:
    """``defer=True`` leaves the first verification to a framework that opens its sessions
    itself; a session already open is verified now: refused, saying so, nothing
    intercepted."""

    async def main() -> tuple[str, list[str]]:
        async with session_of() as session:
            with pytest.raises(ValueError) as refused:
                await parity.protect(session, lock, defer=True)
            return str(refused.value), [t.name for t in (await session.list_tools()).tools]

    message, names = anyio.run(main)
    assert message.startswith("defer=True: an mcp ClientSession (1.x or 2.x) is verified at "
                              "once"), message
    assert names == ["whoami"]
