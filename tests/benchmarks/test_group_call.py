"""The ``call`` rows (benchmarks/group_call.py): a guarded call and the SDK's own
``call_tool`` on one session to a real SDK server, each answer checked before it is timed."""

from __future__ import annotations

import pytest


def settings(bench, monkeypatch):
    # smaller than the run's (1,000 rows, 20 calls a sample): the same work, sooner
    monkeypatch.setattr(bench.group_call, "SIZES", (10, 100))
    monkeypatch.setattr(bench.group_call, "BATCH", 4)
    return bench.harness.Settings(quick=True, full=False, reps=2, budget=0.2,
                                  min_sample=0.001, sizes=(10,), log=lambda _: None)


def test_the_rows_time_a_guarded_call_against_the_sdks_call_on_one_session(bench, monkeypatch):
    rows = list(bench.group_call.bench_call(settings(bench, monkeypatch)))
    assert [r.workload for r in rows] == ["a guarded call, 10 rows of structured content",
                                          "a guarded call, 100 rows of structured content"]
    for row in rows:
        assert row.parity > 0 and row.comparison > 0 and row.ok is None
        assert row.reps % bench.group_call.BATCH == 0 and row.reps > 0
        assert row.ratio == pytest.approx(row.parity / row.comparison)


def test_an_answer_cut_short_makes_the_benchmark_invalid(bench, monkeypatch):
    whole = bench.group_call.answers

    def cut() -> dict:
        results = whole()
        results["rows", 100] = results["rows", 10]  # ten rows where a hundred were asked
        return results

    s = settings(bench, monkeypatch)
    monkeypatch.setattr(bench.group_call, "answers", cut)
    with pytest.raises(bench.harness.InvalidBenchmark, match="did not answer 100 rows"):
        list(bench.group_call.bench_call(s))
