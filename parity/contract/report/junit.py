"""``--format junit``: JUnit XML, one test suite per pair and one test case per tool.

A tool with new differences or stale baseline entries fails; its known differences are
listed in ``system-out``. Baseline growth since ``--against`` fails a ``(baseline)`` case.
Names come from files a pull request can change: a character XML cannot hold (a control
character) is spelled out (``terminal.xml_text``), so the document stays well-formed.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from parity.contract.report._model import PairReport, Report
from parity.contract.report._util import (
    GROWTH_ADVICE,
    STALE_ADVICE,
    changed_advice,
    changed_parts,
    plural,
    shown_path,
)
from parity.core.terminal import xml_text


class JunitFormatter:
    name = "junit"

    def render(self, report: Report, *, color: bool = False) -> str:
        root = ET.Element("testsuites", name=f"parity {report.command}")
        tests = failures = 0
        for pair in report.pairs:
            suite = self._suite(pair)
            root.append(suite)
            tests += int(suite.get("tests", "0"))
            failures += int(suite.get("failures", "0"))
        root.set("tests", str(tests))
        root.set("failures", str(failures))
        root.set("errors", "0")
        ET.indent(root)
        # ElementTree writes those characters as they are; only they are ever replaced here
        return xml_text(ET.tostring(root, encoding="unicode", xml_declaration=True)) + "\n"

    def _suite(self, pair: PairReport) -> ET.Element:
        suite = ET.Element("testsuite", name=pair.pair)
        failures = 0
        for tool in pair.all_tools():
            case = ET.SubElement(suite, "testcase", classname=f"parity.{pair.pair}", name=tool)
            new, known = pair.findings_of(tool)
            stale = pair.stale_of(tool)
            problems = [f"{f.severity} {f.rule_id} {shown_path(f.path)}: {f.message}\n"
                        f"  fix: {f.hint}" for f in new]
            problems += [f"stale baseline entry {e.rule} {shown_path(e.path)}: {STALE_ADVICE}"
                         for e in stale]
            changed = pair.changed_of(tool)
            problems += [f"changed baseline entry {c.describe()}: {changed_advice(c.narrowed)}"
                         for c in changed]
            if problems:
                failures += 1
                parts = []
                if new:
                    parts.append(plural(len(new), "new difference"))
                if stale:
                    parts.append(plural(len(stale), "stale baseline entry",
                                        "stale baseline entries"))
                parts += changed_parts(len(changed), sum(c.narrowed for c in changed))
                failure = ET.SubElement(case, "failure", message=", ".join(parts),
                                        type=new[0].rule_id if new else "baseline.stale"
                                        if stale else "baseline.changed")
                failure.text = "\n".join(problems)
            if known:
                out = ET.SubElement(case, "system-out")
                out.text = "known (baselined):\n" + "\n".join(
                    f"{f.rule_id} {shown_path(f.path)}: {f.message}" for f in known)
        if pair.growth:
            case = ET.SubElement(suite, "testcase", classname=f"parity.{pair.pair}",
                                 name="(baseline)")
            failures += 1
            failure = ET.SubElement(
                case, "failure", type="baseline.growth",
                message=f"{plural(len(pair.growth), 'entry', 'entries')} added since "
                        f"{pair.against}")
            failure.text = GROWTH_ADVICE + "\n" + "\n".join(
                f"{e.tool} {e.rule} {shown_path(e.path)}" for e in pair.growth)
        suite.set("tests", str(len(suite)))
        suite.set("failures", str(failures))
        suite.set("errors", "0")
        return suite


formatter = JunitFormatter()
