"""``parity.contract.check``: what the commands do, as library calls."""

from __future__ import annotations

import gc
from pathlib import Path

from parity.config.settings import load_config
from parity.contract import check as checking

REPO = Path(__file__).resolve().parents[2]


def test_a_check_runs_with_the_collector_paused_and_restores_it(monkeypatch,
                                                               tmp_path) -> None:
    """Loading and diffing a catalog builds millions of acyclic containers for a large one;
    the collector waits for the whole call, loading included, and is back on after it."""
    monkeypatch.setenv("PARITY_CACHE_DIR", str(tmp_path))  # nothing remembered: it loads
    seen: list[tuple[str, bool]] = []

    def spy(name, real):
        def call(*args, **kw):
            seen.append((name, gc.isenabled()))
            return real(*args, **kw)
        return call

    monkeypatch.setattr(checking.mf, "load", spy("load", checking.mf.load))
    monkeypatch.setattr(checking, "diff_manifests", spy("diff", checking.diff_manifests))
    pairs = list(load_config(REPO / "pyproject.toml").pairs.values())
    report = checking.check(pairs)
    assert report.pairs[0].verdict.new == () and gc.isenabled()
    assert seen == [("load", False), ("load", False), ("diff", False)]
