"""The pinned client against servers that announce tool changes too often, or at the wrong
moment: re-listings are coalesced and bounded, calls still wait for the verdict, and a
session closed with a re-verification running closes quietly. Listings are counted by the
server (its ``lists`` tool), never timed."""

from __future__ import annotations

import logging

import anyio
import pytest

from parity.mcp import fetch_tools
from parity.pinning import lock as L
from parity.runtime.client import PinnedClient
from tests.lockfixtures import stdio_spec

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def announcing_lock(tmp_path_factory) -> str:
    path = tmp_path_factory.mktemp("locks") / "announcing.lock.json"
    L.write(L.from_listing("announcing", fetch_tools(stdio_spec("announcing"))), path)
    return str(path)


def test_leaving_a_session_while_it_re_verifies_is_quiet(announcing_lock, caplog) -> None:
    # the server announces a change just before answering the call: the re-verification it
    # starts is still running when the session closes, and is cancelled without a word
    async def main() -> None:
        async with PinnedClient.connect(stdio_spec("announcing"), announcing_lock,
                                        mode="refuse-changed") as client:
            await client.call_tool("poke")

    with caplog.at_level(logging.DEBUG, logger="parity"):
        anyio.run(main)
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING] == []
