"""benchmarks/run.py's floors: what each comparison runs. (Times are never asserted.)"""

from __future__ import annotations

import gc
import json
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest


@pytest.mark.parametrize("collector_on", [True, False])
def test_the_paused_floor_reads_both_files_with_the_collector_paused(
        bench_run, tmp_path, monkeypatch, collector_on):
    files = []
    for side in ("agent", "server"):
        files.append(tmp_path / f"{side}.manifest.json")
        files[-1].write_text(json.dumps({"side": side}), encoding="utf-8")
    pf = SimpleNamespace(agent_manifest=files[0], server_manifest=files[1])
    read, real_loads = [], json.loads

    def loads(text, **kwargs):
        read.append((real_loads(text)["side"], gc.isenabled()))
        return real_loads(text, **kwargs)

    monkeypatch.setattr(json, "loads", loads)
    was = gc.isenabled()
    try:
        (gc.enable if collector_on else gc.disable)()
        bench_run.json_floor(pf)  # the rows' floor: the collector as the caller left it
        bench_run.json_floor_paused(pf)
        after = gc.isenabled()
    finally:
        (gc.enable if was else gc.disable)()
    assert read == [("agent", collector_on), ("server", collector_on),
                    ("agent", False), ("server", False)]
    assert after is collector_on  # left as it was


def _shadowing_parity(tmp_path, monkeypatch):
    """Another checkout's parity, first on the path of every process started from here (as
    an editable install of the working tree is, while the benchmark runs in a clone)."""
    other = tmp_path / "other"
    (other / "parity").mkdir(parents=True)
    (other / "parity" / "__init__.py").write_text("", encoding="utf-8")
    monkeypatch.setenv("PYTHONPATH", str(other))
    return other / "parity"


def test_the_timed_processes_import_this_checkouts_parity(bench_run, tmp_path, monkeypatch):
    other = _shadowing_parity(tmp_path, monkeypatch)
    ask = [sys.executable, "-c", "import parity; print(parity.__file__)"]
    _, done = bench_run._run(ask, tmp_path)
    assert Path(done.stdout.strip()).parent == bench_run.ROOT / "parity", done.stderr
    bench_run._check_checkout()  # the same, checked before any row is timed
    _, done = bench_run._run(ask, tmp_path, {"PYTHONPATH": str(other.parent)})
    assert Path(done.stdout.strip()).parent == other  # what the checkout's path replaces


def test_a_parity_from_elsewhere_is_refused_before_it_is_timed(bench_run, tmp_path,
                                                                monkeypatch):
    other = _shadowing_parity(tmp_path, monkeypatch)
    monkeypatch.setattr(bench_run, "ROOT", tmp_path / "not-a-checkout")
    with pytest.raises(bench_run.InvalidBenchmark, match=str(other)):
        bench_run._check_checkout()


def test_the_working_set_diagnostic_diffs_every_copy_loaded_apart(bench_run, monkeypatch):
    from parity.contract import baseline as bl

    s = bench_run.Settings(quick=True, full=False, reps=2, budget=0.5, min_sample=0.001,
                           sizes=(10,), log=lambda _: None)
    pf = bench_run.pair_files(10, s)
    bl.write(bench_run.expected_baseline(pf), pf.baseline)
    real, calls = bench_run._in_memory_forms, []

    def forms(*args):  # each copy read from the files again, its diffs counted
        copy, diff = len(calls), real(*args)["parsed"]
        calls.append(0)

        def counted():
            calls[copy] += 1
            diff()
        return {"parsed": counted}

    monkeypatch.setattr(bench_run, "_in_memory_forms", forms)
    one = real(pf, bl.load(pf.baseline))["parsed"]
    copies, slowdown = bench_run._spread(pf, "parsed", 3, one, s)
    assert copies == 3 and slowdown > 0
    assert len(calls) == 3 and len(set(calls)) == 1 and calls[0] >= 1  # each diffed alike
