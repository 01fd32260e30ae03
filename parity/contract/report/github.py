"""``--format github``: GitHub Actions workflow commands, one annotation per finding.

New differences become ``::error``/``::warning``, stale and added baseline entries
``::error`` on the baseline file; known differences are summed up in one ``::notice``.

Where a finding can be tied to a line, the annotation carries it, so a pull request shows
it on the changed line; files and lines are found as for SARIF, and named as GitHub resolves
them (``_places``).
"""

from __future__ import annotations

from parity.contract.report._model import Report
from parity.contract.report._places import Place, Spot, host_root, rooted
from parity.contract.report._util import (
    GROWTH_ADVICE,
    ORPHAN_ADVICE,
    STALE_ADVICE,
    changed_advice,
    headline,
    shown_path,
)
from parity.core.terminal import github_command as command


def _where(spot: Spot) -> dict[str, str | None]:
    return {"file": spot.file, "line": None if spot.line is None else str(spot.line)}


class GithubFormatter:
    name = "github"

    def render(self, report: Report, *, color: bool = False) -> str:
        lines: list[str] = []
        root = host_root(report)
        for pair in report.pairs:
            v = pair.verdict
            place = Place(pair, root)
            for f in v.new:
                lines.append(command(
                    f.severity, f"{f.tool} {shown_path(f.path)}: {f.message}\nfix: {f.hint}",
                    **_where(place.finding(f)), title=f"parity {f.rule_id} ({pair.pair})"))
            for e in v.stale:
                lines.append(command(
                    "error", f"{e.tool} {e.rule} {shown_path(e.path)}: {STALE_ADVICE}",
                    **_where(place.entry(*e.key)),
                    title=f"parity stale baseline entry ({pair.pair})"))
            for c in v.changed:
                lines.append(command(
                    "error", f"{c.describe()}: {changed_advice(c.narrowed)}",
                    **_where(place.entry(*c.key)),
                    title=f"parity {'narrowed' if c.narrowed else 'changed'} baseline entry "
                          f"({pair.pair})"))
            for e in pair.growth:
                lines.append(command(
                    "error", f"{e.tool} {e.rule} {shown_path(e.path)} was added since "
                             f"{pair.against}: {GROWTH_ADVICE}",
                    **_where(place.entry(*e.key)), title=f"parity baseline grew ({pair.pair})"))
            if v.known:
                lines.append(command(
                    "notice", f"{len(v.known)} known difference(s) held by {pair.baseline}"
                              + (f" ({unexplained} without a reason)"
                                 if (unexplained := pair.totals.unexplained) else ""),
                    title=f"parity known differences ({pair.pair})"))
        for orphan in report.orphans:
            lines.append(command("error", f"{orphan}: {ORPHAN_ADVICE}",
                                 file=rooted(orphan, root),
                                 title="parity baseline file of no pair"))
        lines.append(headline(report))
        return "\n".join(lines) + "\n"


formatter = GithubFormatter()
