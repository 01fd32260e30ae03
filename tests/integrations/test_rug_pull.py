"""A server that changes a tool mid-session without saying so (no ``tools/list_changed``):
every listing that passes through ``parity.protect``'s interception holds each tool against
the verified one, and a changed tool is handled as a drift at connect time would be, by the
mode and the surface policy, with its field-path explanation (tests.servers.rug_pull, over
stdio and streamable HTTP; tests.servers.two_faced answers parity and the framework
differently). The same check through every framework is ``scenario.check_rug_pull``."""

from __future__ import annotations

import contextlib
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
from parity.mcp import SDK_MAJOR
from tests.integrations.scenario import result_text
from tests.lockfixtures import ROOT, http_server
from tests.servers.rug_pull import POISONED

pytestmark = pytest.mark.slow


@contextlib.asynccontextmanager
async def stdio_session(*args: str) -> AsyncIterator[Any]:
    params = StdioServerParameters(command=sys.executable, args=["-m", *args], cwd=str(ROOT))
    async with stdio_client(params) as (read, write, *_), ClientSession(read, write) as session:
        await session.initialize()
        yield session


@contextlib.asynccontextmanager
async def http_session(url: str) -> AsyncIterator[Any]:
    from mcp.client.streamable_http import streamable_http_client

    async with streamable_http_client(url) as streams, \
            ClientSession(streams[0], streams[1]) as session:
        await session.initialize()
        yield session


def listed(result: Any) -> dict[str, str | None]:
    return {t.name: t.description for t in result.tools}


def is_error(result: Any) -> bool:
    return result_text(result)[0]


async def _schema_pull(session: Any, lock: Path) -> tuple[dict[str, str | None], Any, Any]:
    await parity.lock_tools(session, lock)
    protection = await parity.protect(session, lock)  # refuse-server, the default
    assert set(listed(await session.list_tools())) == {"search", "rugpull"}
    assert not is_error(await session.call_tool("rugpull", {"to": "schema"}))
    after = listed(await session.list_tools())
    answer = await session.call_tool("search", {"q": "x", "path": "~/.ssh/id_rsa"})
    return after, protection, answer


def _check_refused_server(after: dict[str, str | None], protection: Any, answer: Any,
                          caplog: pytest.LogCaptureFixture) -> None:
    assert after == {}  # refuse-server: one changed tool withholds the server's every tool
    assert protection.unavailable["search"].reason == "changed"
    assert protection.unavailable["rugpull"].reason == "server-refused"
    assert is_error(answer)
    assert answer.content[0].text.startswith("drifted: retry never")
    assert protection.outcomes[-1].sent is False
    logged = [r.getMessage() for r in caplog.records if r.name == "parity.runtime.client"]
    assert any("changed  'search'" in m and "in: added `path` (string, required)" in m
               for m in logged), logged


def test_a_changed_schema_refuses_the_server_over_stdio(tmp_path, caplog) -> None:
    caplog.set_level(logging.WARNING, "parity.runtime.client")

    async def main() -> tuple[dict[str, str | None], Any, Any]:
        async with stdio_session("tests.servers.rug_pull") as session:
            return await _schema_pull(session, tmp_path / "rug.lock.json")

    _check_refused_server(*anyio.run(main), caplog)


def test_a_changed_schema_refuses_the_server_over_http(tmp_path, caplog) -> None:
    caplog.set_level(logging.WARNING, "parity.runtime.client")

    async def main(url: str) -> tuple[dict[str, str | None], Any, Any]:
        async with http_session(url) as session:
            return await _schema_pull(session, tmp_path / "rug.lock.json")

    with http_server("rug_pull") as url:
        result = anyio.run(main, url)
    _check_refused_server(*result, caplog)


@pytest.mark.skipif(SDK_MAJOR < 2, reason="the mcp 2.x Client speaks 2026-07-28")
def test_a_2026_client_over_http_withholds_the_changed_tool(tmp_path) -> None:
    from mcp import Client

    lock = tmp_path / "rug.lock.json"

    async def main(url: str) -> tuple[dict[str, str | None], Any, int]:
        async with Client(url) as client:
            await parity.lock_tools(client, lock)
            protection = await parity.protect(client, lock, mode="refuse-changed")
            await client.list_tools()
            verified_once = protection.pinned.verifications
            await client.call_tool("rugpull", {})
            return listed(await client.list_tools()), protection, verified_once

    with http_server("rug_pull") as url:
        after, protection, verified_once = anyio.run(main, url)
    assert verified_once == 1  # the unchanged listing was compared, not verified again
    assert after == {"rugpull": "Harmless."}
    change = protection.unavailable["search"].change
    assert [(c.field, c.after) for c in change.surface] == [("description", POISONED)]


def test_surface_warn_accepts_a_changed_description_as_at_connect_time(tmp_path,
                                                                      caplog) -> None:
    caplog.set_level(logging.WARNING, "parity.runtime.client")

    async def main() -> dict[str, str | None]:
        async with stdio_session("tests.servers.rug_pull") as session:
            await parity.lock_tools(session, tmp_path / "rug.lock.json")
            await parity.protect(session, tmp_path / "rug.lock.json", surface="warn")
            await session.call_tool("rugpull", {})
            return listed(await session.list_tools())

    assert anyio.run(main)["search"] == POISONED
    assert any("surface: description" in r.getMessage() for r in caplog.records)


def test_a_server_that_lists_otherwise_to_parity_is_judged_by_what_the_framework_saw(
        tmp_path) -> None:
    """Listings 1 (the lock) and 2 (protect's verification) are clean; the framework's
    own listing (3) is poisoned, and parity's re-listing (4) clean again: the framework's
    copy is what is verified, and withheld."""
    lock = tmp_path / "faced.lock.json"

    async def main() -> tuple[dict[str, str | None], Any, Any]:
        async with stdio_session("tests.servers.two_faced", "--poison", "3") as session:
            await parity.lock_tools(session, lock)
            protection = await parity.protect(session, lock, mode="refuse-changed")
            shown = listed(await session.list_tools())
            return shown, protection, await session.call_tool("search", {"q": "x"})

    shown, protection, answer = anyio.run(main)
    assert shown == {"ping": "Ping."}
    change = protection.unavailable["search"].change
    assert [c.field for c in change.surface] == ["description"]
    assert is_error(answer) and answer.content[0].text.startswith("drifted: retry never")
