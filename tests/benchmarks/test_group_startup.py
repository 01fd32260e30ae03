"""benchmarks/group_startup.py: the processes it times run this checkout's parity."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest


def _shadowing_parity(tmp_path, monkeypatch):
    """Another checkout's parity, first on the path of every process started from here (as
    an editable install of the working tree is, while the benchmark runs in a clone)."""
    other = tmp_path / "other"
    (other / "parity").mkdir(parents=True)
    (other / "parity" / "__init__.py").write_text("", encoding="utf-8")
    monkeypatch.setenv("PYTHONPATH", str(other))
    return other / "parity"


def test_the_timed_processes_import_this_checkouts_parity(bench, tmp_path, monkeypatch):
    other = _shadowing_parity(tmp_path, monkeypatch)
    ask = [sys.executable, "-c", "import parity; print(parity.__file__)"]
    _, done = bench.group_startup._run(ask, tmp_path)
    assert Path(done.stdout.strip()).parent == bench.group_startup.ROOT / "parity", done.stderr
    bench.group_startup._check_checkout()  # the same, checked before any row is timed
    _, done = bench.group_startup._run(ask, tmp_path, {"PYTHONPATH": str(other.parent)})
    assert Path(done.stdout.strip()).parent == other  # what the checkout's path replaces


def test_a_parity_from_elsewhere_is_refused_before_it_is_timed(bench, tmp_path, monkeypatch):
    other = _shadowing_parity(tmp_path, monkeypatch)
    monkeypatch.setattr(bench.group_startup, "ROOT", tmp_path / "not-a-checkout")
    with pytest.raises(bench.harness.InvalidBenchmark, match=str(other)):
        bench.group_startup._check_checkout()
