"""benchmarks/group_diff.py's diagnostics: what each runs. (Times are never asserted.)"""

from __future__ import annotations


def test_the_working_set_diagnostic_diffs_every_copy_loaded_apart(bench, monkeypatch):
    from parity.contract import baseline as bl

    s = bench.harness.Settings(quick=True, full=False, reps=2, budget=0.5, min_sample=0.001,
                               sizes=(10,), log=lambda _: None)
    pf = bench.workloads.pair_files(10, s)
    bl.write(bench.workloads.expected_baseline(pf), pf.baseline)
    real, calls = bench.group_diff._in_memory_forms, []

    def forms(*args):  # each copy read from the files again, its diffs counted
        copy, diff = len(calls), real(*args)["parsed"]
        calls.append(0)

        def counted():
            calls[copy] += 1
            diff()
        return {"parsed": counted}

    monkeypatch.setattr(bench.group_diff, "_in_memory_forms", forms)
    one = real(pf, bl.load(pf.baseline))["parsed"]
    copies, slowdown = bench.group_diff._spread(pf, "parsed", 3, one, s)
    assert copies == 3 and slowdown > 0
    assert len(calls) == 3 and len(set(calls)) == 1 and calls[0] >= 1  # each diffed alike
