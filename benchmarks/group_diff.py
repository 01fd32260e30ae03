"""Rows of the group ``diff``: diff + judge in memory against DeepDiff, from files against
``json.loads``, and the growth from one size to the next."""

from __future__ import annotations

import functools
import gc
import json
from collections.abc import Callable, Iterator
from typing import Any

from harness import InvalidBenchmark, Row, Settings, interleave, med
from report import fmt
from workloads import (
    PairFiles,
    check_cold,
    check_folder,
    check_verdict,
    expected_baseline,
    json_floor,
    json_floor_paused,
    pair_files,
)


def _deepdiff_runner(pf: PairFiles, s: Settings) -> tuple[Callable[[], Any], int, str]:
    """``DeepDiff(agent_raw, server_raw)`` over the whole catalog; above 1,000 tools, unless
    --full, over a 1-in-k sample of 500 tools, scaled by k (DeepDiff's cost grows faster
    than linearly with the catalog, so the scaled figure flatters DeepDiff)."""
    from deepdiff import DeepDiff

    a, b = pf.agent_raw, pf.server_raw
    k = 1 if (s.full or pf.n <= 1000) else pf.n // 500
    if k == 1:
        return (lambda: DeepDiff(a, b)), 1, "DeepDiff(agent_raw, server_raw)"
    names_a, names_b = list(a), list(b)
    sa = {n: a[n] for n in names_a[::k]}
    sb = {n: b[n] for n in names_b[::k]}
    return (lambda: DeepDiff(sa, sb)), k, (f"DeepDiff on a 1-in-{k} sample x {k} "
                                            "(--full: whole catalog)")


def bench_diff(s: Settings) -> Iterator[Row]:
    from parity.contract import baseline as bl
    from parity.contract.baseline import judge
    from parity.contract.diff import diff_manifests
    from parity.fieldpaths import manifest as mf

    mem_rows: dict[int, Row] = {}
    file_rows: dict[int, Row] = {}
    remembered_rows: dict[int, Row] = {}
    sizes: dict[int, dict[str, int]] = {}
    #: the size before, its file run, its pair
    previous: tuple[int, Callable[[], None], PairFiles] | None = None
    previous_forms: dict[str, Callable[[], None]] = {}
    for n in s.sizes:
        pf = pair_files(n, s)
        # the form a load gives once parity has seen the files: validated on the first load,
        # their layout proved on the next (a file of 1 MiB or more is then cut)
        for _ in range(2):
            agent, server = mf.load(pf.agent_manifest), mf.load(pf.server_manifest)
        baseline = expected_baseline(pf)
        bl.write(baseline, pf.baseline)
        sizes[n] = {
            "paths": sum(len(t.in_) + len(t.out or {}) for t in server.tools.values()),
            "raw_bytes": len(json.dumps(pf.server_raw)),
        }

        # Each timed call checks its verdict: exactly the planted differences.
        def in_memory(agent: Any = agent, server: Any = server, baseline: Any = baseline,
                      pf: PairFiles = pf) -> None:
            check_verdict(judge(diff_manifests(agent, server), baseline), pf)

        def from_files(pf: PairFiles = pf) -> None:
            check_verdict(check_folder(pf.folder), pf)

        from_files_cold = functools.partial(check_cold, pf)

        def unchanged(pf: PairFiles = pf) -> None:
            check_verdict(check_folder(pf.folder, remember=True), pf)

        dd, k, dd_name = _deepdiff_runner(pf, s)
        budget = s.budget * (3 if n >= 1000 else 1.5)
        s.log(f"  diff {n:,}: diff + judge in memory, against {dd_name}")
        timed = interleave(in_memory, dd, s=s, budget=budget)
        p, c = med(timed[0]), med(timed[1]) * k
        planted = len(pf.pair.expected_keys)
        mem_rows[n] = Row("diff", f"diff + judge, {n:,} tools, manifests in memory", p,
                          dd_name, c, ">= 100x faster (ratio <= 0.01)", p / c <= 0.01,
                          reps=len(timed[0]),
                          notes=f"each call checked: exactly the {planted} planted findings; "
                                f"{sizes[n]['paths']:,} paths per side",
                          extra={"deepdiff_sample_factor": k, **sizes[n]})
        yield mem_rows[n]
        # Linearity in memory compares like with like: ``load`` gives a manifest of 1 MiB
        # or more with its tables as text and a smaller one parsed, so each form is
        # timed at every size, against the previous size's same form, in the same rounds.
        forms = _in_memory_forms(pf, baseline)
        if previous is not None:
            for form, fn in forms.items():
                s.log(f"  diff {n:,}: against the {previous[0]:,}-tool diff, tables {form} "
                      "(linearity)")
                # Both sizes alike: every timed call on warm caches (a sample's first call
                # after the collector ran was timed too, amortized over 28 calls of the
                # smaller pair and 4 of the larger). Reported too: one call a sample, cold.
                lin = interleave(fn, previous_forms[form], s=s, warm=True)
                once = interleave(fn, previous_forms[form], s=s, budget=s.budget / 2,
                                  number=1)
                spread = None
                if previous[0] < 1000:  # copies of a larger pair: hundreds of MB
                    s.log(f"  diff {previous[0]:,}: the same diff over copies of the pair "
                          "(working set)")
                    spread = _spread(previous[2], form, round(n / previous[0]),
                                     previous_forms[form], s)
                yield _linearity(f"in memory (tables {form})", previous[0], n, lin[0],
                                 lin[1], sizes, cold=(once[0], once[1]), spread=spread)
        previous_forms = forms
        # The file variant (what `parity check` does) against the floor of reading the
        # same two manifests: json.loads of their text, timed in the same rounds.
        reading = functools.partial(json_floor, pf)

        s.log(f"  diff {n:,}: load + diff + judge from files, against json.loads")
        extra = [] if previous is None else [previous[1]]
        timed_f = interleave(from_files, reading, *extra, s=s, budget=budget)
        f, floor = med(timed_f[0]), med(timed_f[1])
        file_rows[n] = Row("diff", f"load manifests + baseline, diff + judge, {n:,} tools "
                           "(validation cache warm)", f,
                           "json.loads of the two manifests", floor, "<= 3x the floor",
                           f / floor <= 3, reps=len(timed_f[0]),
                           notes="as `parity check` does, with the validation cache warm "
                                 "(files unchanged since their last check); DeepDiff alone: "
                                 f"{c:.2f} s ({f / c:.3f} of it)",
                           extra={"deepdiff_sample_factor": k, "deepdiff_s": c, **sizes[n]})
        yield file_rows[n]
        if previous is not None:
            yield _linearity("from files", previous[0], n, timed_f[0], timed_f[2], sizes)
        s.log(f"  diff {n:,}: load + diff + judge from files, cache empty")
        # the floor as a caller runs it (collector on), and paused as parity's call runs
        timed_c = interleave(from_files_cold, reading, functools.partial(json_floor_paused, pf),
                             s=s, budget=budget)
        cold, floor_c, floor_p = med(timed_c[0]), med(timed_c[1]), med(timed_c[2])
        yield Row("diff", f"the same, {n:,} tools, cache empty (changed files)", cold,
                  "json.loads of the two manifests", floor_c, "<= 3x the floor",
                  cold / floor_c <= 3, reps=len(timed_c[0]),
                  notes="PARITY_CACHE_DIR holds no verdict (those of the round before deleted "
                        "first), as on the first check after the files change: both manifests "
                        "and the baseline parsed and validated, the verdicts written (a "
                        "manifest's layout is proved on a later load); json.loads with the garbage "
                        "collector paused, as parity pauses it over its call: "
                        f"{fmt(floor_p, 's')}, ratio {cold / floor_p:.3g} (reported only)",
                  extra={"floor_collector_paused_s": floor_p})
        s.log(f"  diff {n:,}: parity check on unchanged manifests (findings remembered)")
        unchanged(pf)  # the first check after the files were written remembers the findings
        timed_u = interleave(unchanged, reading, s=s, budget=budget)
        warm, floor_u = med(timed_u[0]), med(timed_u[1])
        remembered_rows[n] = Row(
            "diff", f"parity check, {n:,} tools, manifests unchanged since the last check "
            "(findings remembered)", warm, "json.loads of the two manifests", floor_u,
            "<= 3x the floor", warm / floor_u <= 3, reps=len(timed_u[0]),
            notes="the two files hashed, the findings of these exact bytes read back "
                  "(parity.contract.remembered), the baseline loaded and judged; the rows "
                  "above load and diff every time")
        yield remembered_rows[n]
        previous = (n, from_files, pf)

    if 10_000 in file_rows:
        r, m = file_rows[10_000], mem_rows[10_000]
        parse = med(interleave(_orjson_floor(pair_files(10_000, s)), s=s, budget=s.budget)[0])
        yield Row("diff", "10,000 tools, absolute (load + diff + judge)", r.parity,
                  "1 second", 1.0, "< 1 s on the development machine",
                  (r.parity or 0) < 1.0, notes=f"in memory: {m.parity:.3f} s; orjson.loads "
                  f"of the two manifests alone, collector paused: {parse:.3f} s; absolute "
                  "times are reported, never asserted")
        u = remembered_rows[10_000]
        yield Row("diff", "10,000 tools, absolute, manifests unchanged (findings remembered)",
                  u.parity, "1 second", 1.0, "< 1 s on the development machine",
                  (u.parity or 0) < 1.0, notes="`parity check` after a commit that left the "
                  "pair's manifests as they were (its baseline or another pair changed): "
                  "the two files are hashed, not loaded; absolute times are reported, never "
                  "asserted")


def _in_memory_forms(pf: PairFiles, baseline: Any) -> dict[str, Callable[[], None]]:
    """The in-memory diff + judge of the pair in each form ``manifest.load`` gives: every
    table parsed (a file under 1 MiB), and every table kept as its text (a file of 1 MiB or
    more, laid out as parity writes it), each call checked as ``in_memory`` is."""
    from parity.contract.baseline import judge
    from parity.contract.diff import diff_manifests
    from parity.fieldpaths import manifest_text
    from parity.fieldpaths.manifest import Manifest

    parsed, text = [], []
    for path in (pf.agent_manifest, pf.server_manifest):
        content = path.read_bytes()
        data = json.loads(content)
        cut = manifest_text.proved_split(content, data)
        if cut is None:
            raise InvalidBenchmark(f"{path}: not laid out as parity writes a manifest")
        parsed.append(Manifest.from_json(data, checked=True))
        text.append(Manifest.from_text(cut))

    def diff(agent: Any, server: Any) -> Callable[[], None]:
        return lambda: check_verdict(judge(diff_manifests(agent, server), baseline), pf)
    return {"parsed": diff(*parsed), "as text": diff(*text)}


def _orjson_floor(pf: PairFiles) -> Callable[[], None]:
    """The fastest reading of the two manifests CPython has: orjson, collector paused."""

    import orjson

    def parse() -> None:
        gc.disable()
        try:
            for path in (pf.agent_manifest, pf.server_manifest):
                orjson.loads(path.read_bytes())
        finally:
            gc.enable()
    return parse


def _spread(pf: PairFiles, form: str, copies: int, one: Callable[[], None], s: Settings,
            ) -> tuple[int, float]:
    """The in-memory diff of ``pf`` (tables ``form``) over ``copies`` copies of the pair,
    loaded apart and diffed in turn, per diff, against ``one`` copy's, timed in the same
    rounds: the same work on a working set as large as a pair ``copies`` times larger, so
    what the machine's caches alone add to the growth. ``(copies, slowdown)``."""
    baseline = expected_baseline(pf)
    each = [_in_memory_forms(pf, baseline)[form] for _ in range(copies)]

    def rotation() -> None:
        for diff in each:
            diff()
    timed = interleave(rotation, one, s=s, warm=True)
    return copies, med(timed[0]) / copies / med(timed[1])


def _linearity(label: str, smaller: int, larger: int, t_large: list[float],
               t_small: list[float], sizes: dict[int, dict[str, int]],
               cold: tuple[list[float], list[float]] | None = None,
               spread: tuple[int, float] | None = None) -> Row:
    growth = med(t_large) / med(t_small)
    size_ratio = sizes[larger]["paths"] / sizes[smaller]["paths"]
    notes = ("both sizes timed in the same rounds; ratio = time growth / size growth "
             "(1.0 is linear)")
    if cold is not None:
        once = med(cold[0]) / med(cold[1])
        notes += (f"; every timed call on warm caches (an untimed call first); one call "
                  f"right after the collector ran instead (caches cold): {once:.2f}x the "
                  f"time, ratio {once / size_ratio:.3g} ({fmt(med(cold[0]), 's')} against "
                  f"{fmt(med(cold[1]), 's')}; reported only)")
    if spread is not None:
        copies, slowdown = spread
        notes += (f"; the {smaller:,}-tool diff itself, over {copies} copies of its pair in "
                  f"turn (a working set as large as the {larger:,}-tool pair's): {slowdown:.2f}x "
                  "one copy's time per diff, the growth the machine's caches alone give "
                  "(reported only)")
    return Row("diff", f"linearity {label}: {larger:,} vs {smaller:,} tools", growth,
               "total schema size (paths) grew by", size_ratio, "10x tools: <= 12x time",
               growth <= 1.2 * size_ratio, unit="x", ratio=growth / size_ratio,
               reps=min(len(t_large), len(t_small)), notes=notes,
               extra={} if spread is None else {"working_set_copies": spread[0],
                                                "working_set_slowdown": spread[1]})
