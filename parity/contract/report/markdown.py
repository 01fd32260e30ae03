"""``--format markdown``: for ``$GITHUB_STEP_SUMMARY`` or a pull-request comment."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from parity.contract.report._model import Report
from parity.contract.report._util import (
    GROWTH_ADVICE,
    NEW_ADVICE,
    STALE_ADVICE,
    changed_advice,
    plural,
    shown_path,
    summary,
)
from parity.core.terminal import markdown_cell as cell
from parity.core.terminal import markdown_code as code


def table(head: Sequence[str], rows: Iterable[Sequence[str]]) -> list[str]:
    """A table of cells already escaped: names by ``code``, words by ``cell``."""
    out = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    out.extend("| " + " | ".join(row) + " |" for row in rows)
    return out


class MarkdownFormatter:
    name = "markdown"

    def render(self, report: Report, *, color: bool = False) -> str:
        mark = "✅" if report.ok else "❌"
        lines = [f"## {mark} parity {report.command}: {summary(report.totals, report.command)}",
                 ""]
        if len(report.pairs) > 1:
            lines += table(["pair", "new", "stale", "known", "growth"],
                           [[cell(p.pair), str(p.totals.new), str(p.totals.stale),
                             str(p.totals.known), str(p.totals.growth)] for p in report.pairs])
            lines.append("")
        for pair in report.pairs:
            v = pair.verdict
            lines += [f"### {'✅' if pair.ok else '❌'} {code(pair.pair, table=False)}: "
                      f"{summary(pair.totals, report.command)}", ""]
            if v.new:
                advice = NEW_ADVICE[0].upper() + NEW_ADVICE[1:]
                lines += [f"**New differences.** {advice}." if report.command == "check"
                          else "**Differences.**", ""]
                lines += table(["severity", "tool", "rule", "path", "what happens", "fix"],
                               [[f.severity, code(f.tool), code(f.rule_id),
                                 code(shown_path(f.path)), cell(f.message), cell(f.hint)]
                                for f in v.new])
                lines.append("")
            if v.stale:
                baseline = code(pair.baseline or "", table=False)
                lines += [f"**Stale baseline entries** in {baseline}: {STALE_ADVICE}.", ""]
                lines += table(["tool", "rule", "path"],
                               [[code(e.tool), code(e.rule), code(shown_path(e.path))]
                                for e in v.stale])
                lines.append("")
            for narrowed in (True, False):
                changed = [c for c in v.changed if c.narrowed is narrowed]
                if not changed:
                    continue
                baseline = code(pair.baseline or "", table=False)
                state = "Narrowed" if narrowed else "Changed"
                lines += [f"**{state} baseline entries** in {baseline}: "
                          f"{changed_advice(narrowed)}.", ""]
                lines += table(["tool", "rule", "path", "accepted for", "now"],
                               [[code(c.key[0]), code(c.key[1]), code(shown_path(c.key[2])),
                                 cell(", ".join(c.entry.facts)),
                                 cell(", ".join(c.finding.facts))] for c in changed])
                lines.append("")
            if pair.growth:
                against = code(pair.against or "", table=False)
                lines += [f"**Baseline entries added since {against}**: {GROWTH_ADVICE}.", ""]
                lines += table(["tool", "rule", "path", "reason"],
                               [[code(e.tool), code(e.rule), code(shown_path(e.path)),
                                 cell(e.reason or "")] for e in pair.growth])
                lines.append("")
            if v.known:
                lines += ["<details><summary>"
                          f"{plural(len(v.known), 'known difference')} (baselined)"
                          "</summary>", ""]
                lines += table(["tool", "rule", "path", "reason"],
                               [[code(f.tool), code(f.rule_id), code(shown_path(f.path)),
                                 cell(v.reasons.get(f.key, ""))] for f in v.known])
                lines += ["", "</details>", ""]
        return "\n".join(lines).rstrip("\n") + "\n"


formatter = MarkdownFormatter()
