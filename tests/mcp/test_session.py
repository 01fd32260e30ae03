"""``fetching``: several live servers listed side by side (parity/mcp/session.py)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from parity.errors import SourceError
from parity.mcp import fetching
from tests.mcp.test_stdio import _gone
from tests.mcpfixtures import stdio


def _rendezvous(folder: Path, name: str, *others: str, wait: float):
    return stdio("tests.servers.rendezvous", str(folder), name, *others, "--wait", str(wait))


def test_results_come_in_order_with_each_failure_on_its_own(tmp_path: Path) -> None:
    specs = [stdio("tests.servers.nostart"), stdio("tests.servers.demo")]
    with fetching(specs, at_once=2) as futures:
        with pytest.raises(SourceError, match="nostart"):
            futures[0].result()
        assert "add" in {t["name"] for t in futures[1].result().tools}


def test_at_most_at_once_listings_run_together(tmp_path: Path) -> None:
    # two servers that each wait (2 s) for the other: one at a time, the first gives up
    # waiting before the second starts, which then finds the first's marker
    specs = [_rendezvous(tmp_path, "one", "two", wait=2), _rendezvous(tmp_path, "two", "one",
                                                                      wait=2)]
    with fetching(specs, at_once=1) as futures:
        with pytest.raises(SourceError, match="two did not start"):
            futures[0].result()
        assert [t["name"] for t in futures[1].result().tools] == ["ping"]


def test_leaving_early_stops_the_servers_still_listing(tmp_path: Path) -> None:
    marker = tmp_path / "slow.started"
    slow = _rendezvous(tmp_path, "slow", "never", wait=900)
    # KeyboardInterrupt: what Ctrl-C raises in the caller
    with pytest.raises(KeyboardInterrupt), fetching([slow], at_once=1):
        for _ in range(1200):  # until the server runs
            if marker.exists() and marker.read_text(encoding="utf-8"):
                break
            time.sleep(0.05)
        raise KeyboardInterrupt
    # the listing was cancelled and its server stopped, not left waiting 15 minutes
    assert _gone(int(marker.read_text(encoding="utf-8")))
