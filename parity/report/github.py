"""``--format github``: GitHub Actions workflow commands, one annotation per finding.

New differences become ``::error``/``::warning``, stale and added baseline entries
``::error`` on the baseline file; known differences are summed up in one ``::notice``.
"""

from __future__ import annotations

from parity.report._model import Report
from parity.report._util import GROWTH_ADVICE, STALE_ADVICE, headline, shown_path


def escape_data(text: str) -> str:
    # https://github.com/actions/toolkit/blob/main/packages/core/src/command.ts
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def command(kind: str, message: str, **properties: str | None) -> str:
    props = ",".join(f"{k}={escape_property(v)}" for k, v in properties.items() if v)
    return f"::{kind}{' ' + props if props else ''}::{escape_data(message)}"


class GithubFormatter:
    name = "github"

    def render(self, report: Report, *, color: bool = False) -> str:
        lines: list[str] = []
        for pair in report.pairs:
            v = pair.verdict
            for f in v.new:
                lines.append(command(
                    f.severity, f"{f.tool} {shown_path(f.path)}: {f.message}\nfix: {f.hint}",
                    file=pair.agent_source, title=f"parity {f.rule_id} ({pair.pair})"))
            for e in v.stale:
                lines.append(command(
                    "error", f"{e.tool} {e.rule} {shown_path(e.path)}: {STALE_ADVICE}",
                    file=pair.baseline, title=f"parity stale baseline entry ({pair.pair})"))
            for e in pair.growth:
                lines.append(command(
                    "error", f"{e.tool} {e.rule} {shown_path(e.path)} was added since "
                             f"{pair.against}: {GROWTH_ADVICE}",
                    file=pair.baseline, title=f"parity baseline grew ({pair.pair})"))
            if v.known:
                lines.append(command(
                    "notice", f"{len(v.known)} known difference(s) held by {pair.baseline}",
                    title=f"parity known differences ({pair.pair})"))
        lines.append(headline(report))
        return "\n".join(lines) + "\n"


formatter = GithubFormatter()
