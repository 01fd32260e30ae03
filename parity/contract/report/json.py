"""``--format json``: the stable, documented machine format (docs/reports.md).

Validated in the tests against ``parity/schemas/report.v1.json``. Fields may be added in
a minor release; none is renamed or removed without a new ``format``.
"""

from __future__ import annotations

import json
from typing import Any

from parity.contract.baseline import BaselineEntry, Changed
from parity.contract.report._model import PairReport, Report, Totals
from parity.contract.rules import Finding

FORMAT = "parity.report/1"


def finding_json(f: Finding, reason: str | None = None) -> dict[str, Any]:
    data: dict[str, Any] = {"tool": f.tool, "rule": f.rule_id, "path": f.path,
                            "direction": f.direction, "severity": f.severity,
                            "message": f.message, "hint": f.hint}
    if f.facts:
        data["facts"] = list(f.facts)
    if reason:
        data["reason"] = reason
    return data


def changed_json(c: Changed) -> dict[str, Any]:
    """A changed entry: its key, ``narrowed`` or ``changed``, the facts it records
    (``accepted``), and the finding as it is now (its ``facts``, message, hint)."""
    data = finding_json(c.finding, c.entry.reason)
    data["state"] = "narrowed" if c.narrowed else "changed"
    data["accepted"] = list(c.entry.facts)
    return data


def entry_json(e: BaselineEntry) -> dict[str, Any]:
    return e.to_json()


def totals_json(t: Totals) -> dict[str, int]:
    return {"new": t.new, "known": t.known, "stale": t.stale, "growth": t.growth,
            "errors": t.errors, "warnings": t.warnings, "unexplained": t.unexplained,
            "changed": t.changed, "narrowed": t.narrowed}


def pair_json(p: PairReport) -> dict[str, Any]:
    v = p.verdict
    return {
        "pair": p.pair,
        "ok": p.ok,
        "baseline": p.baseline,
        "against": p.against,
        "tools": list(p.tools),
        "totals": totals_json(p.totals),
        "new": [finding_json(f) for f in v.new],
        "known": [finding_json(f, v.reasons.get(f.key)) for f in v.known],
        "stale": [entry_json(e) for e in v.stale],
        "changed": [changed_json(c) for c in v.changed],
        "growth": [entry_json(e) for e in p.growth],
        "unverified": [entry_json(e) for e in v.unverified],
        "unverifiable": [{"tool": tool, "direction": direction, "path": path}
                         for tool, direction, path in p.unverifiable],
    }


def report_json(report: Report) -> dict[str, Any]:
    return {"format": FORMAT, "command": report.command, "ok": report.ok,
            "totals": totals_json(report.totals),
            "pairs": [pair_json(p) for p in report.pairs],
            "orphans": list(report.orphans)}


class JsonFormatter:
    name = "json"

    def render(self, report: Report, *, color: bool = False) -> str:
        return json.dumps(report_json(report), indent=2, ensure_ascii=False) + "\n"


formatter = JsonFormatter()
