"""The probe's report in every format parity prints: text, json, github, markdown, junit,
sarif (the same formats as ``parity check``, docs/reports.md; here one result per probe
finding, located at the server, the tool and the field path).

Tool names, field paths and messages come from the server: text, github and markdown pass
them through ``parity.core.terminal`` (the escaping ``check``'s formatters use), so an escape
sequence or a newline in a name is shown, never obeyed."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any
from xml.etree import ElementTree as ET

from parity.core.terminal import github_command, markdown_cell, markdown_code, xml_text
from parity.core.terminal import printable as p
from parity.runtime.probe import KINDS, ProbeFinding, ProbeReport

FORMATS = ("text", "json", "github", "markdown", "junit", "sarif")


def headline(report: ProbeReport) -> str:
    """The last line: the verdict, the failed calls, and the warnings shown above it (they
    fail nothing, but a line saying only "ok" would read as if there were none)."""
    verdict = "ok" if report.passed else "FAILED"
    warned = (f", {report.warnings} warning{'' if report.warnings == 1 else 's'}"
              if report.warnings else "")
    if report.calls == 0 and report.passed:  # an "ok" that proved nothing says so
        why = ("no read-only tool could be called: see why above" if any(
            s.calls for s in report.servers) else "no tool is read-only: annotate them "
            "readOnlyHint: true, or list them in the server's read_only setting")
        return f"parity probe: ok: nothing was called ({why}){warned}"
    return (f"parity probe: {verdict}: {report.failed} failed "
            f"call{'' if report.failed == 1 else 's'} of {report.calls} (each would send the "
            f"agent down its fallback){warned}")


def _shown(path: str) -> str:
    return path or "(root)"


def render_text(report: ProbeReport) -> str:
    lines: list[str] = []
    for server in report.servers:
        promised = f", promised outputs from {server.promised_by}" if server.promised_by else ""
        not_called = len(server.calls) - server.called
        lines.append(p(f"server {server.server}: {server.called} called, "
                       + (f"{not_called} not called, " if not_called else "")
                       + f"{len(server.skipped)} skipped, {server.failed} failed{promised}"))
        for call in server.calls:
            mark = "FAILED" if call.failed else "ok"
            how = "" if call.arguments_from == "none" else f", {call.arguments_from} arguments"
            lines.append(p(f"  tool {call.tool}  {mark}  ({call.category}{how})"))
            for f in call.findings:
                lines.append(p(f"    {f.severity:<7} {f.kind}  {_shown(f.path)}"))
                lines.append(p(f"            {f.message}"))
                lines.append(p(f"            fix: {f.hint}"))
        for tool, why in sorted(server.skipped.items()):
            lines.append(p(f"  skipped {tool}: {why}"))
        lines.append("")
    lines.append(headline(report))
    return "\n".join(lines) + "\n"


def render_json(report: ProbeReport) -> str:
    return json.dumps(report.to_json(), indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def render_github(report: ProbeReport) -> str:
    lines = []
    for server in report.servers:
        for f in server.findings():
            level = "error" if f.severity == "error" else "warning"
            lines.append(github_command(
                level, f"{f.message}. Fix: {f.hint}",
                title=f"parity probe {f.kind} {server.server}/{f.tool} {_shown(f.path)}"))
    lines.append(headline(report))
    return "\n".join(lines) + "\n"


def _row(*cells: str) -> str:
    """A table row of cells already escaped: names by ``markdown_code``, words by
    ``markdown_cell``."""
    return "| " + " | ".join(cells) + " |"


def render_markdown(report: ProbeReport) -> str:
    mark = ":white_check_mark:" if report.passed else ":x:"
    lines = [f"## {mark} {headline(report)}", ""]
    for server in report.servers:
        lines += [f"### server {markdown_code(server.server, table=False)}", "",
                  "| tool | result | finding | path | message |", "| --- | --- | --- | --- | --- |"]
        for call in server.calls:
            state = markdown_cell(f"{'failed' if call.failed else 'ok'} ({call.category})")
            if not call.findings:
                lines.append(_row(markdown_code(call.tool), state, "", "", ""))
            for f in call.findings:
                lines.append(_row(markdown_code(call.tool), state, markdown_code(f.kind),
                                  markdown_code(_shown(f.path)), markdown_cell(f.message)))
        if server.skipped:
            skipped = ", ".join(sorted(server.skipped))
            lines += ["", f"Skipped (not called): {markdown_cell(skipped)}."]
        lines.append("")
    return "\n".join(lines)


def render_junit(report: ProbeReport) -> str:
    root = ET.Element("testsuites", name="parity probe",
                      tests=str(sum(len(s.calls) for s in report.servers)),
                      failures=str(report.failed))
    for server in report.servers:
        suite = ET.SubElement(root, "testsuite", name=f"probe {server.server}",
                              tests=str(len(server.calls)), failures=str(server.failed),
                              skipped=str(len(server.skipped)))
        for call in server.calls:
            case = ET.SubElement(suite, "testcase", name=call.tool,
                                 classname=f"parity.probe.{server.server}")
            errors = [f for f in call.findings if f.severity == "error"]
            if errors:
                failure = ET.SubElement(case, "failure", message=errors[0].message,
                                        type=errors[0].kind)
                failure.text = "\n".join(f"{f.kind} {_shown(f.path)}: {f.message}"
                                         for f in errors)
        for tool, why in sorted(server.skipped.items()):
            case = ET.SubElement(suite, "testcase", name=tool,
                                 classname=f"parity.probe.{server.server}")
            ET.SubElement(case, "skipped", message=why)
    ET.indent(root)
    # a tool name from the server may hold a character XML forbids: spelled out, not written
    return '<?xml version="1.0" encoding="utf-8"?>\n' + xml_text(ET.tostring(root, "unicode")) \
        + "\n"


def render_sarif(report: ProbeReport) -> str:
    from parity import __version__

    ids = sorted(KINDS)
    rules = [{"id": k, "name": k.replace(".", "-"),
              "shortDescription": {"text": KINDS[k][1]},
              "defaultConfiguration": {"level": KINDS[k][0]}} for k in ids]

    def result(server: str, promised_by: str | None, f: ProbeFinding) -> dict[str, Any]:
        location: dict[str, Any] = {"logicalLocations": [{
            "name": _shown(f.path), "kind": "member",
            "fullyQualifiedName": f"{server}/{f.tool}/{f.path}".rstrip("/")}]}
        if promised_by:
            location["physicalLocation"] = {"artifactLocation": {"uri": promised_by}}
        return {"ruleId": f.kind, "ruleIndex": ids.index(f.kind), "level": f.severity,
                "message": {"text": f"{f.tool} {_shown(f.path)}: {f.message}. Fix: {f.hint}"},
                "locations": [location],
                "partialFingerprints": {"parityKey/v1": f"{server}|{f.tool}|{f.kind}|{f.path}"}}

    doc = {"$schema": "https://json.schemastore.org/sarif-2.1.0.json", "version": "2.1.0",
           "runs": [{"tool": {"driver": {"name": "parity", "version": __version__,
                                         "rules": rules}},
                     "results": [result(s.server, s.promised_by, f) for s in report.servers
                                 for f in s.findings()]}]}
    return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"


RENDERERS: dict[str, Callable[[ProbeReport], str]] = {
    "text": render_text, "json": render_json, "github": render_github,
    "markdown": render_markdown, "junit": render_junit, "sarif": render_sarif,
}
