"""The drill's report: per target and mode, each call judged into one column (verified,
silent success, unverifiable, correct failure, other failure); the gate is zero silent
successes: the guard never called a faulted answer a verified success."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

VERIFIED = "verified"
SILENT_SUCCESS = "silent_success"
CORRECT_FAILURE = "correct_failure"
OTHER_FAILURE = "other_failure"
#: the guard said ok with ``complete: "unknown"`` on a cut answer: it did not claim the
#: answer was complete, and nothing in the answer could have told it (``partial`` mode)
UNVERIFIABLE = "unverifiable"
COLUMNS = (VERIFIED, SILENT_SUCCESS, UNVERIFIABLE, CORRECT_FAILURE, OTHER_FAILURE)


def judge(mode: str, outcome_ok: bool, category: str, expected: str,
          complete: object = None) -> str:
    """Which column one call lands in."""
    if outcome_ok:
        if mode == "none":
            return VERIFIED
        return UNVERIFIABLE if mode == "partial" and complete == "unknown" else SILENT_SUCCESS
    return CORRECT_FAILURE if category == expected and mode != "none" else OTHER_FAILURE


@dataclass
class ModeResult:
    mode: str
    counts: Counter[str] = field(default_factory=Counter)
    categories: Counter[str] = field(default_factory=Counter)
    expected: set[str] = field(default_factory=set)
    tools: list[str] = field(default_factory=list)
    note: str | None = None
    #: tool -> why the fault could not be injected into it (not counted)
    not_applicable: dict[str, str] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "calls": sum(self.counts.values()),
            **{column: self.counts[column] for column in COLUMNS},
            "expected": sorted(self.expected), "categories": dict(sorted(self.categories.items())),
            "tools": sorted(set(self.tools)),
        }
        if self.note:
            out["note"] = self.note
        if self.not_applicable:
            out["not_applicable"] = dict(sorted(self.not_applicable.items()))
        return out


@dataclass
class TargetResult:
    server: str
    transport: str
    modes: dict[str, ModeResult] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"server": self.server, "transport": self.transport,
                "modes": {m: r.to_json() for m, r in self.modes.items()},
                "notes": list(self.notes)}


@dataclass
class DrillReport:
    calls: int
    deadline: float
    targets: list[TargetResult] = field(default_factory=list)

    @property
    def silent_successes(self) -> int:
        return sum(r.counts[SILENT_SUCCESS] for t in self.targets for r in t.modes.values())

    @property
    def unverifiable(self) -> int:
        return sum(r.counts[UNVERIFIABLE] for t in self.targets for r in t.modes.values())

    @property
    def passed(self) -> bool:
        """The gate: zero silent successes in every mode."""
        return self.silent_successes == 0

    def totals(self) -> dict[str, dict[str, int]]:
        out: dict[str, Counter[str]] = {}
        for target in self.targets:
            for mode, result in target.modes.items():
                out.setdefault(mode, Counter()).update(result.counts)
        return {m: {k: c[k] for k in COLUMNS} for m, c in out.items()}

    def to_json(self) -> dict[str, Any]:
        return {"passed": self.passed, "silent_success": self.silent_successes,
                "unverifiable": self.unverifiable,
                "calls_per_mode": self.calls, "deadline_s": self.deadline,
                "modes": self.totals(), "targets": [t.to_json() for t in self.targets]}

    def render_text(self) -> str:
        lines: list[str] = []
        for target in self.targets:
            lines.append(f"{target.server} ({target.transport}), {self.calls} calls per mode, "
                         f"deadline {self.deadline:g} s")
            lines.append(f"  {'mode':<15}{'verified':>9}{'silent':>8}{'unverif.':>10}"
                         f"{'correct':>9}{'other':>7}  expected")
            for mode, r in target.modes.items():
                c = r.counts
                flag = "  <- SILENT SUCCESS" if c[SILENT_SUCCESS] else ""
                expected = ", ".join(sorted(r.expected)) or "-"
                lines.append(f"  {mode:<15}{c[VERIFIED]:>9}{c[SILENT_SUCCESS]:>8}"
                             f"{c[UNVERIFIABLE]:>10}{c[CORRECT_FAILURE]:>9}"
                             f"{c[OTHER_FAILURE]:>7}  {expected}{flag}")
                if r.note:
                    lines.append(f"  {'':<15}note: {r.note}")
                lines.extend(f"  {'':<15}not applicable to {tool}: {why}"
                             for tool, why in sorted(r.not_applicable.items()))
            lines.extend(f"  note: {n}" for n in target.notes)
            lines.append("")
        verdict = "PASS" if self.passed else "FAIL"
        lines.append(f"gate: {verdict}: {self.silent_successes} silent successes "
                     "(the gate is 0 in every mode)")
        if self.unverifiable:
            lines.append(f"{self.unverifiable} unverifiable: the guard answered complete: "
                         "unknown on a cut list that declares nothing about completeness "
                         "(declare it: [tool.parity.servers.NAME.completeness.TOOL])")
        return "\n".join(lines) + "\n"


def dumps(report: DrillReport) -> str:
    """The JSON form of ``report``, deterministic."""
    return json.dumps(report.to_json(), indent=2, sort_keys=True) + "\n"


__all__ = ["COLUMNS", "CORRECT_FAILURE", "OTHER_FAILURE", "SILENT_SUCCESS", "UNVERIFIABLE",
           "VERIFIED", "DrillReport",
           "ModeResult", "TargetResult", "dumps", "judge"]
