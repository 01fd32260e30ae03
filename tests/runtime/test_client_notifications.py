"""The pinned client against servers that announce tool changes too often, or at the wrong
moment: re-listings are coalesced and bounded, calls still wait for the verdict, and a
session closed with a re-verification running closes quietly. Listings are counted by the
server (its ``lists`` tool), never timed."""

from __future__ import annotations

import json
import logging

import anyio
import pytest

from parity.runtime.client import PinnedClient
from parity.runtime.relisting import ECHOES
from tests.lockfixtures import lock_of, stdio_spec

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def announcing_lock(tmp_path_factory) -> str:
    return lock_of(tmp_path_factory.mktemp("locks"), "announcing", "announcing")


@pytest.fixture(scope="module")
def raw_lock(tmp_path_factory) -> str:
    return lock_of(tmp_path_factory.mktemp("locks"), "lock_raw", "weather")


async def listings(client: PinnedClient) -> int:
    """How many ``tools/list`` requests the server has had (a call: re-verified if stale)."""
    return int((await client.call_tool("lists"))["content"][0]["text"])


def test_a_server_echoing_every_listing_is_not_re_listed_forever(announcing_lock,
                                                                   caplog) -> None:
    # it answers every listing with list_changed: parity re-lists at once ECHOES times in a
    # row, then only when a call needs the verdict, one listing per call
    async def main() -> tuple[int, int, int]:
        async with PinnedClient.connect(stdio_spec("announcing", "--echo"), announcing_lock,
                                        mode="refuse-changed") as client:
            await anyio.sleep(0.5)  # idle: the old client re-listed thousands of times
            first = await listings(client)
            await anyio.sleep(0.5)
            second = await listings(client)
            return first, second, client.verifications

    with caplog.at_level(logging.WARNING, logger="parity"):
        first, second, verifications = anyio.run(main)
    assert first <= 1 + ECHOES + 1  # connecting, the re-listings at once, the first call
    assert second == first + 1 and verifications == second
    echoing = [r for r in caplog.records if "after every listing" in r.getMessage()]
    assert len(echoing) == 1 and "'announcing'" in echoing[0].getMessage()


def test_a_burst_of_notifications_is_one_more_listing_or_two(announcing_lock) -> None:
    # 2000 at once after the first listing: those before the re-listing's request went out
    # are covered by it, those during it by one more
    async def main() -> tuple[int, int]:
        async with PinnedClient.connect(stdio_spec("announcing", "--burst", "2000"),
                                        announcing_lock, mode="refuse-changed") as client:
            first = await listings(client)
            await anyio.sleep(0.5)  # idle: the old client listed once per notification
            return first, await listings(client)

    first, second = anyio.run(main)
    assert first <= second <= 3


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


def test_a_guarded_call_right_after_a_change_waits_for_its_verdict(raw_lock) -> None:
    # flip changes `search` and says so before its answer: the guarded call made next must
    # not go out on the verdict from before the change
    async def main() -> tuple[str, dict]:
        async with PinnedClient.connect(stdio_spec("lock_raw"), raw_lock,
                                        mode="refuse-changed") as client:
            await client.call("flip")
            outcome = await client.call("search", {"q": "rain", "days": 2})
            return outcome.category, await client.call_tool("seen")

    category, seen = anyio.run(main)
    assert category == "drifted"
    assert json.loads(seen["content"][0]["text"]) == ["flip", "seen"]
