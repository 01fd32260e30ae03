"""What every report format renders: one run's verdicts, pair by pair."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Literal

from parity.contract.baseline import BaselineEntry, Changed, Verdict
from parity.contract.rules import Finding

Command = Literal["check", "diff"]


@dataclass(frozen=True)
class Totals:
    new: int = 0
    known: int = 0
    stale: int = 0
    growth: int = 0
    #: severities among the new findings
    errors: int = 0
    warnings: int = 0
    #: known findings whose baseline entry records no reason
    unexplained: int = 0
    #: baseline entries whose difference is not the one they record (``Verdict.changed``)
    changed: int = 0
    #: of those, the ones whose difference only narrowed
    narrowed: int = 0

    def __add__(self, other: Totals) -> Totals:
        return Totals(self.new + other.new, self.known + other.known,
                      self.stale + other.stale, self.growth + other.growth,
                      self.errors + other.errors, self.warnings + other.warnings,
                      self.unexplained + other.unexplained, self.changed + other.changed,
                      self.narrowed + other.narrowed)


@dataclass(frozen=True)
class PairReport:
    """One pair's verdict, with what a report needs to place it."""

    pair: str
    verdict: Verdict
    #: the agent tools compared (junit: one case each)
    tools: tuple[str, ...] = ()
    #: the baseline file as shown to people; ``None`` when no baseline applies (diff)
    baseline: str | None = None
    #: the baseline file exists (``check`` with none treats every finding as new)
    baseline_exists: bool = True
    #: the agent-side file the findings are about (SARIF artifact location)
    agent_source: str | None = None
    server_source: str | None = None
    #: the ``--against`` ref and the entries the baseline gained since
    against: str | None = None
    growth: tuple[BaselineEntry, ...] = ()
    #: ``(tool, direction, path)`` a manifest records as an unresolved reference: nothing at
    #: or under them was compared (``baseline.Unverifiable``)
    unverifiable: tuple[tuple[str, str, str], ...] = ()

    @property
    def ok(self) -> bool:
        return self.verdict.ok and not self.growth

    @property
    def totals(self) -> Totals:
        v = self.verdict
        return Totals(new=len(v.new), known=len(v.known), stale=len(v.stale),
                      growth=len(self.growth),
                      errors=sum(f.severity == "error" for f in v.new),
                      warnings=sum(f.severity == "warning" for f in v.new),
                      unexplained=sum(f.key not in v.reasons for f in v.known),
                      changed=len(v.changed), narrowed=sum(c.narrowed for c in v.changed))

    def findings_of(self, tool: str) -> tuple[list[Finding], list[Finding]]:
        """(new, known) findings of one tool, in the verdict's order."""
        new, known, _ = self._by_tool.get(tool, ((), (), ()))
        return list(new), list(known)

    def stale_of(self, tool: str) -> list[BaselineEntry]:
        """The stale baseline entries of one tool, in the verdict's order."""
        return list(self._by_tool.get(tool, ((), (), ()))[2])

    def changed_of(self, tool: str) -> list[Changed]:
        """The changed baseline entries of one tool, in the verdict's order."""
        return [c for c in self.verdict.changed if c.entry.tool == tool]

    @cached_property
    def _by_tool(self) -> dict[str, tuple[list[Finding], list[Finding], list[BaselineEntry]]]:
        """The new and known findings and the stale entries by tool, sorted out once (junit's
        case a tool looked its own up among all of them: k tools cost k scans)."""
        by_tool: dict[str, tuple[list[Finding], list[Finding], list[BaselineEntry]]] = {}
        v = self.verdict
        for f in v.new:
            by_tool.setdefault(f.tool, ([], [], []))[0].append(f)
        for f in v.known:
            by_tool.setdefault(f.tool, ([], [], []))[1].append(f)
        for e in v.stale:
            by_tool.setdefault(e.tool, ([], [], []))[2].append(e)
        return by_tool

    def all_tools(self) -> list[str]:
        """Compared tools plus any a finding or stale entry names."""
        names = set(self.tools)
        names.update(f.tool for f in (*self.verdict.new, *self.verdict.known))
        names.update(e.tool for e in (*self.verdict.stale, *self.growth))
        names.update(c.entry.tool for c in self.verdict.changed)
        return sorted(names)


@dataclass(frozen=True)
class Report:
    command: Command
    pairs: tuple[PairReport, ...] = field(default=())
    #: where a code host's paths are found from (``_places``): the configuration's
    #: directory; ``None``, the working directory
    origin: str | None = None
    #: baseline files (as shown) in the baselines folder that no configured pair reads: a
    #: removed or renamed pair's, failing like a stale entry
    orphans: tuple[str, ...] = ()

    @property
    def ok(self) -> bool:
        return all(p.ok for p in self.pairs) and not self.orphans

    @property
    def totals(self) -> Totals:
        total = Totals()
        for p in self.pairs:
            total = total + p.totals
        return total

    @property
    def exit_code(self) -> int:
        return 0 if self.ok else 1
