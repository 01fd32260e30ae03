"""The benchmarks' harness: a row, the run's settings, and timing interleaved round by
round so parity and its comparison share the machine's noise."""

from __future__ import annotations

import gc
import math
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent


class InvalidBenchmark(RuntimeError):
    """The workload did not do what it claims (wrong findings, drift where none is): a
    benchmark that silently measures nothing is worse than none."""


@dataclass
class Row:
    group: str
    workload: str
    parity: float | None
    comparison_name: str
    comparison: float | None
    target: str
    #: True pass, False fall short, None: reported only
    ok: bool | None
    unit: str = "s"
    ratio: float | None = None
    reps: int = 0
    notes: str = ""
    extra: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.ratio is None and self.parity is not None and self.comparison:
            self.ratio = self.parity / self.comparison


@dataclass
class Settings:
    quick: bool
    full: bool
    reps: int
    budget: float
    min_sample: float
    sizes: tuple[int, ...]
    log: Callable[[str], None]


# -- timing --------------------------------------------------------------------------------


def _sample(fn: Callable[[], Any], number: int, warm: bool = False) -> float:
    gc.collect()  # it walks every object: a sample starts with the caches cold
    if warm:
        fn()  # untimed: the caches hold what a call repeated in one process finds there
    t0 = time.perf_counter()
    for _ in range(number):
        fn()
    return (time.perf_counter() - t0) / number


def interleave(*fns: Callable[[], Any], s: Settings, budget: float | None = None,
               max_reps: int | None = None, number: int | None = None,
               warm: bool = False) -> list[list[float]]:
    """Per-call times of each of ``fns``, interleaved round by round, the order rotating
    (A B C, B C A, C A B ...) so no function always runs first or after the same one.

    Each sample repeats a call until it lasts ``min_sample`` (so microsecond floors are
    measurable), or ``number`` times. The first call of each is a warm-up and calibration,
    kept as a sample only when it took 3 s or more; the number of rounds fits ``budget``
    seconds. ``warm``: each sample begins with an untimed call."""
    budget = s.budget if budget is None else budget
    max_reps = s.reps if max_reps is None else max_reps
    firsts = [_sample(fn, 1) for fn in fns]
    numbers = [number or max(1, math.ceil(s.min_sample / max(t, 1e-9))) for t in firsts]
    # a first call over 3 s is kept: imports and caches it warmed are a small part of it
    times: list[list[float]] = [[t] if t >= 3.0 else [] for t in firsts]
    per_round = max(sum(t * n for t, n in zip(firsts, numbers, strict=True)), 1e-9)
    spent = sum(sum(ts) for ts in times)
    rounds = min(max_reps - max(len(ts) for ts in times), int((budget - spent) // per_round))
    if not any(times):
        rounds = max(1, rounds)
    for r in range(max(0, rounds)):
        for k in range(len(fns)):
            i = (r + k) % len(fns)
            times[i].append(_sample(fns[i], numbers[i], warm))
    return [ts or [t] for ts, t in zip(times, firsts, strict=True)]


def med(xs: list[float]) -> float:
    return statistics.median(xs)
