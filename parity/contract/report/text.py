"""``--format text``: for people at a terminal, grouped by tool; colour only on a terminal
and never when ``NO_COLOR`` is set (the command decides and passes ``color``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import click

from parity.contract.report._model import PairReport, Report
from parity.contract.report._util import (
    GROWTH_ADVICE,
    NEW_ADVICE,
    ORPHAN_ADVICE,
    STALE_ADVICE,
    UNVERIFIABLE_ADVICE,
    UNVERIFIED_ADVICE,
    changed_advice,
    headline,
    plural,
    shown_path,
    summary,
)
from parity.contract.rules import Finding
from parity.core.terminal import printable as p

_SEVERITY_COLOR = {"error": "red", "warning": "yellow"}
#: the columns a block's list of tools fills before it goes on on the next line
WIDTH = 100


class TextFormatter:
    name = "text"

    def render(self, report: Report, *, color: bool = False) -> str:
        def paint(text: str, fg: str | None = None, bold: bool = False,
                  dim: bool = False) -> str:
            # escaped before styling: the only control characters out are the styles' own
            text = p(text)
            return click.style(text, fg=fg, bold=bold, dim=dim) if color else text

        out: list[str] = []
        for pair in report.pairs:
            out.extend(self._pair(pair, report.command, paint))
        for orphan in report.orphans:
            out.append(paint(f"baseline {orphan}: {ORPHAN_ADVICE}", fg="magenta"))
        ok = report.ok
        out.append(paint(headline(report), fg="green" if ok else "red", bold=True))
        return "\n".join(out) + "\n"

    def _pair(self, pair: PairReport, command: str, paint: _Paint) -> list[str]:
        lines = [paint(f"pair {pair.pair}", bold=True) + f": {summary(pair.totals, command)}"]
        if pair.baseline is not None:
            state = "" if pair.baseline_exists else \
                " (none yet: create it with `parity baseline --init`)"
            lines.append(p(f"  baseline {pair.baseline}{state}"))
        v = pair.verdict
        for tools, findings in _blocks(v.new):
            label = "tool" if len(tools) == 1 else f"{len(tools)} tools"
            lines.extend(_listed(f"  {label} ", tools, paint))
            for f in findings:
                sev = paint(f"{f.severity:<7}", fg=_SEVERITY_COLOR[f.severity], bold=True)
                lines.append(f"    {sev} {p(f.rule_id)}  {p(shown_path(f.path))}")
                # a rule's words may span lines; the control characters in them may not
                lines.append(f"            {p(f.message, keep_newlines=True)}")
                if f.hint:
                    lines.append(f"            fix: {p(f.hint, keep_newlines=True)}")
        if v.new and command == "check":
            lines.append(f"  each new difference: {NEW_ADVICE}")
        if v.stale:
            count = plural(len(v.stale), "stale baseline entry", "stale baseline entries")
            lines.append(paint(f"  {count}: {STALE_ADVICE}", fg="magenta"))
            lines.extend(p(f"    {e.tool}  {e.rule}  {shown_path(e.path)}") for e in v.stale)
        for narrowed in (True, False):
            changed = [c for c in v.changed if c.narrowed is narrowed]
            if not changed:
                continue
            count = plural(len(changed), f"{'narrowed' if narrowed else 'changed'} baseline "
                           "entry", f"{'narrowed' if narrowed else 'changed'} baseline entries")
            lines.append(paint(f"  {count}: {changed_advice(narrowed)}", fg="magenta"))
            for c in changed:  # describe(): the facts shown, never obeyed
                lines.append(f"    {c.describe()}")
                lines.append(f"      now: {p(c.finding.message, keep_newlines=True)}")
        if pair.unverifiable:
            lines.append(paint(f"  warning: {plural(len(pair.unverifiable), 'path', 'paths')} "
                               f"cannot be compared: {UNVERIFIABLE_ADVICE}", fg="yellow"))
            lines.extend(p(f"    {tool}  {direction}  {shown_path(path)}")
                         for tool, direction, path in pair.unverifiable)
        if v.unverified:
            count = plural(len(v.unverified), "baseline entry", "baseline entries")
            lines.append(paint(f"  {count} cannot be verified (kept): {UNVERIFIED_ADVICE}",
                               fg="yellow"))
            lines.extend(p(f"    {e.tool}  {e.rule}  {shown_path(e.path)}")
                         for e in v.unverified)
        if pair.growth:
            lines.append(paint(f"  {plural(len(pair.growth), 'entry', 'entries')} added to "
                               f"the baseline since {pair.against}: {GROWTH_ADVICE}",
                               fg="red"))
            lines.extend(p(f"    {e.tool}  {e.rule}  {shown_path(e.path)}"
                           + (f"  (reason: {e.reason})" if e.reason else "")
                           # an entry REF held, covering more now, is growth too
                           + (f"  accepted for {', '.join(e.facts)}" if e.facts else ""))
                         for e in pair.growth)
        if v.known:
            lines.append(paint(f"  known (baselined): {len(v.known)}", dim=True))
            for f in v.known:
                reason = v.reasons.get(f.key)
                lines.append(paint(f"    {f.tool}  {f.rule_id}  {shown_path(f.path)}"
                                   + (f"  ({reason})" if reason else ""), dim=True))
                # what the entry covers now: its key matches whatever difference the rule
                # finds at that path, which may have changed since it was reviewed
                lines.append(paint(f"      now: {f.message}", dim=True))
        lines.append("")
        return lines


def _listed(head: str, tools: Sequence[str], paint: _Paint) -> list[str]:
    """``head`` and the tools' names, comma-separated, wrapped at ``WIDTH`` columns (a name
    longer than a line keeps a line of its own), the names aligned under the first."""
    lines: list[list[str]] = [[]]
    used = len(head)
    last = len(tools) - 1
    for i, tool in enumerate(tools):
        comma = "," if i < last else ""
        width = len(p(tool)) + len(comma)
        if lines[-1] and used + 1 + width > WIDTH:
            lines.append([])
            used = len(head)
        used += width + (1 if lines[-1] else 0)
        lines[-1].append(paint(tool, bold=True) + comma)
    indent = " " * len(head)
    return [(indent if n else head) + " ".join(names) for n, names in enumerate(lines)]


def _blocks(findings: Sequence[Finding]) -> list[tuple[tuple[str, ...], list[Finding]]]:
    """Findings in blocks: one per tool, except that a finding repeated word for word on
    several tools (same rule, path, message and fix) is shown once, with the tools listed,
    instead of filling the report with copies. Blocks are ordered by their first tool."""
    tools_of: dict[tuple[str, str, str, str, str], list[str]] = {}
    for f in findings:
        tools_of.setdefault((f.rule_id, f.path, f.severity, f.message, f.hint), []).append(
            f.tool)
    # each group's tools sorted once (once a finding, a group of k tools cost k sorts)
    groups = {word: tuple(sorted(set(tools))) for word, tools in tools_of.items()}
    blocks: dict[tuple[str, ...], list[Finding]] = {}
    for f in findings:
        group = groups[(f.rule_id, f.path, f.severity, f.message, f.hint)]
        key = group if len(group) > 1 else (f.tool,)
        if key != (f.tool,) and f.tool != key[0]:
            continue  # shown once, in the block of the group's first tool
        blocks.setdefault(key, []).append(f)
    return sorted(blocks.items(), key=lambda b: (b[0][0], len(b[0]), b[0]))


class _Paint(Protocol):
    def __call__(self, text: str, fg: str | None = None, bold: bool = False,
                 dim: bool = False) -> str: ...


formatter = TextFormatter()
