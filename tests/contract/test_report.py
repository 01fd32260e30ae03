"""Every report format, parsed back with a real parser."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from jsonschema import Draft7Validator, Draft202012Validator

from parity.cli.commands._report import use_color
from parity.contract.baseline import Baseline, BaselineEntry, judge
from parity.contract.report import FORMATS, PairReport, Report, get_formatter
from parity.contract.rules import RULES, Finding
from parity.core.validate import shipped_schema
from tests.linecount import lines_run

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
SARIF_SCHEMA = FIXTURES / "sarif" / "sarif-schema-2.1.0.json"


def finding(tool: str, rule: str, path: str, severity: str = "error") -> Finding:
    return Finding(tool=tool, rule_id=rule, path=path, direction=rule.split(".")[0],
                   severity=severity, message=f"message about {path or 'root'}: a|b, 50%",
                   hint="do this\nthen that")


def sample() -> Report:
    findings = [finding("check_phases", "in.unknown", "phases[].name"),
                finding("check_phases", "out.undeclared", "", "warning"),
                finding("status", "in.type", "limit")]
    baseline = Baseline((BaselineEntry("status", "in.type", "limit", "server fix pending"),
                         BaselineEntry("gone", "in.enum", "x")))
    pair = PairReport(pair="workflow", verdict=judge(findings, baseline),
                      tools=("check_phases", "quiet", "status"),
                      baseline="baselines/workflow.json",
                      agent_source="manifests/workflow.agent.json", against="origin/main",
                      growth=(BaselineEntry("status", "in.type", "limit", "server fix pending"),))
    clean = PairReport(pair="other", verdict=judge([], Baseline()), tools=("a",),
                       baseline="baselines/other.json")
    return Report("check", (pair, clean))


def render(fmt: str, report: Report | None = None, color: bool = False) -> str:
    return get_formatter(fmt).render(report or sample(), color=color)


def test_every_format_is_registered_with_a_formatter():
    assert list(FORMATS) == ["text", "json", "github", "markdown", "junit", "sarif"]
    for name in FORMATS:
        assert get_formatter(name).name == name
    with pytest.raises(ValueError, match="unknown report format"):
        get_formatter("yaml")


def test_json_validates_against_its_shipped_schema_and_counts():
    doc = json.loads(render("json"))
    Draft202012Validator(shipped_schema("report.v1.json")).validate(doc)
    assert doc["format"] == "parity.report/1"
    assert doc["ok"] is False
    assert doc["totals"] == {"new": 2, "known": 1, "stale": 1, "growth": 1, "errors": 1,
                             "warnings": 1, "unexplained": 0, "changed": 0, "narrowed": 0}
    pair = doc["pairs"][0]
    assert [f["path"] for f in pair["new"]] == ["phases[].name", ""]
    assert pair["known"][0]["reason"] == "server fix pending"
    assert pair["stale"] == [{"tool": "gone", "rule": "in.enum", "path": "x"}]
    assert doc["pairs"][1]["ok"] is True


def unexplained_report() -> Report:
    """Two known findings, one of whose baseline entries records no reason."""
    findings = [finding("status", "in.type", "limit"), finding("status", "in.enum", "mode")]
    baseline = Baseline((BaselineEntry("status", "in.type", "limit", "server fix pending"),
                         BaselineEntry("status", "in.enum", "mode")))
    return Report("check", (PairReport(pair="workflow", verdict=judge(findings, baseline),
                                       tools=("status",), baseline="baselines/workflow.json"),))


def test_machine_formats_count_known_findings_without_a_reason_as_the_text_does():
    report = unexplained_report()
    assert "2 known (1 without a reason)" in render("text", report)
    doc = json.loads(render("json", report))
    Draft202012Validator(shipped_schema("report.v1.json")).validate(doc)
    assert doc["totals"]["unexplained"] == 1 and doc["totals"]["known"] == 2
    assert doc["pairs"][0]["totals"]["unexplained"] == 1
    assert "2 known difference(s) held by baselines/workflow.json (1 without a reason)" in (
        render("github", report))
    assert "1 without a reason" in render("markdown", report)
    # a baseline whose every entry has a reason says nothing of reasons
    assert "without a reason" not in render("github")


def test_json_of_a_clean_diff_validates():
    report = Report("diff", (PairReport(pair="diff", verdict=judge([], Baseline()),
                                        baseline=None),))
    doc = json.loads(render("json", report))
    Draft202012Validator(shipped_schema("report.v1.json")).validate(doc)
    assert doc["ok"] is True and doc["pairs"][0]["baseline"] is None


def test_sarif_validates_against_the_official_schema():
    doc = json.loads(render("sarif"))
    schema = json.loads(SARIF_SCHEMA.read_text())
    errors = sorted(Draft7Validator(schema).iter_errors(doc), key=lambda e: e.json_path)
    assert not errors, [(e.json_path, e.message) for e in errors]
    run = doc["runs"][0]
    ids = [r["id"] for r in run["tool"]["driver"]["rules"]]
    assert ids[:len(RULES)] == list(RULES)
    by_rule = {}
    for r in run["results"]:
        by_rule.setdefault(r["ruleId"], []).append(r)
        assert ids[r["ruleIndex"]] == r["ruleId"]
    assert by_rule["in.unknown"][0]["baselineState"] == "new"
    known = by_rule["in.type"][0]
    assert known["suppressions"][0]["kind"] == "external"
    assert known["suppressions"][0]["justification"] == "server fix pending"
    assert by_rule["baseline.stale"][0]["locations"][0]["physicalLocation"][
        "artifactLocation"]["uri"] == "baselines/workflow.json"
    assert len(by_rule["baseline.growth"]) == 1


def test_sarif_holds_a_result_a_line_and_memory_in_proportion_to_its_text():
    """A baseline of 200,000 stale entries made 179 MB of SARIF and held 1.46 GB to write
    it (``indent`` takes Python's pure encoder, piece by piece, over every result held at
    once): the results are made one at a time and written compact, one a line."""
    import tracemalloc

    tools = [f"t{i:05}" for i in range(2000)]
    report = Report("check", (PairReport(
        pair="p", verdict=judge([finding(t, "in.unknown", f"own_{t}") for t in tools],
                                Baseline(tuple(BaselineEntry(t, "in.enum", "gone", "pending")
                                               for t in tools))),
        tools=tuple(tools), baseline="b.json"),))
    formatter = get_formatter("sarif")
    formatter.render(sample())  # (what a first render builds once, uncounted)
    tracemalloc.start()
    try:
        text = formatter.render(report)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    results = json.loads(text)["runs"][0]["results"]
    assert len(results) == 4000
    lines = text.splitlines()
    assert [json.loads(line.strip().rstrip(",")) for line in lines
            if line.startswith(" " * 8 + '{"ruleId"')] == results
    assert peak <= 4 * len(text), (peak, len(text))  # the old way: 7.6x


def test_junit_has_one_case_per_tool_and_fails_the_right_ones():
    root = ET.fromstring(render("junit"))
    assert root.tag == "testsuites"
    suite = root.find("testsuite[@name='workflow']")
    cases = {c.get("name"): c for c in suite.findall("testcase")}
    assert sorted(cases) == ["(baseline)", "check_phases", "gone", "quiet", "status"]
    failed = sorted(n for n, c in cases.items() if c.find("failure") is not None)
    assert failed == ["(baseline)", "check_phases", "gone"]
    assert cases["check_phases"].find("failure").get("message") == "2 new differences"
    assert "known (baselined)" in cases["status"].find("system-out").text
    assert suite.get("tests") == "5" and suite.get("failures") == "3"
    assert root.get("failures") == "3" and root.get("tests") == "6"


_COMMAND = re.compile(r"^::(error|warning|notice)( [a-z]+=[^,:]*(,[a-z]+=[^,:]*)*)?::(.*)$")


def test_github_annotations_are_well_formed_and_escaped():
    lines = render("github").splitlines()
    commands = [line for line in lines if line.startswith("::")]
    parsed = [_COMMAND.match(line) for line in commands]
    assert all(parsed), commands
    kinds = [m.group(1) for m in parsed]
    assert kinds == ["error", "warning", "error", "error", "notice"]
    first = commands[0]
    assert "file=manifests/workflow.agent.json" in first
    assert "title=parity in.unknown (workflow)" in first
    assert "50%25" in first and "%0Athen that" in first and "\n" not in first
    assert lines[-1].startswith("parity check: FAILED: ")


def test_markdown_tables_have_the_right_shape():
    text = render("markdown")
    assert text.startswith("## ❌ parity check: 2 new differences (1 error, 1 warning)")
    rows = [line for line in text.splitlines() if line.startswith("| error") or
            line.startswith("| warning")]
    assert len(rows) == 2
    for row in rows:  # pipes inside cells are escaped, so every row has 6 cells
        assert len(re.split(r"(?<!\\)\|", row)) == 8
    assert "<details><summary>1 known difference (baselined)</summary>" in text
    assert "### ✅ `other`" in text


def test_text_groups_by_tool_and_says_what_to_do():
    text = render("text")
    assert "\x1b[" not in text
    lines = text.splitlines()
    assert lines[0] == ("pair workflow: 2 new differences (1 error, 1 warning), 1 stale "
                        "baseline entry, 1 known, 1 entry added to the baseline")
    assert "  tool check_phases" in lines
    assert "    error   in.unknown  phases[].name" in lines
    assert any(line.strip().startswith("fix: do this") for line in lines)
    assert any("stale baseline entry: the difference is gone" in line for line in lines)
    assert "    gone  in.enum  x" in lines
    assert "    status  in.type  limit  (server fix pending)" in lines
    assert lines[-1].startswith("parity check: FAILED")


def test_text_shows_a_finding_repeated_on_many_tools_once():
    # twelve tools without an output schema give twelve identical warnings: one block
    repeated = [finding(f"t{i:02}", "out.undeclared", "", "warning") for i in range(12)]
    own = finding("t00", "in.unknown", "x")
    pair = PairReport(pair="fs", verdict=judge([*repeated, own], Baseline()),
                      baseline="baselines/fs.json")
    lines = render("text", Report("check", (pair,))).splitlines()
    tools = ", ".join(f"t{i:02}" for i in range(12))
    assert lines[2:] == [
        "  tool t00",
        "    error   in.unknown  x",
        "            message about x: a|b, 50%",
        "            fix: do this", "then that",
        f"  12 tools {tools}",
        "    warning out.undeclared  (root)",
        "            message about root: a|b, 50%",
        "            fix: do this", "then that",
        "  each new difference: fix it, or accept it explicitly with `parity baseline "
        "--accept TOOL RULE PATH --reason TEXT`",
        "",
        "parity check: FAILED: 13 new differences (1 error, 12 warnings), 0 stale baseline "
        "entries, 0 known"]



def test_text_wraps_a_long_list_of_tools_under_its_first_name():
    """A finding repeated on many tools lists them all, on lines of at most 100 columns, the
    names aligned; a name longer than a line keeps a line of its own."""
    names = [f"tool_{i:03}" for i in range(40)] + ["x" * 120, "y"]
    repeated = [finding(name, "out.undeclared", "", "warning") for name in names]
    pair = PairReport(pair="fs", verdict=judge(repeated, Baseline()))
    lines = render("text", Report("check", (pair,))).splitlines()
    block = lines[1:lines.index("    warning out.undeclared  (root)")]
    assert block[0].startswith("  42 tools tool_000, tool_001,")
    assert all(line.startswith(" " * len("  42 tools ")) for line in block[1:])
    long = [line.strip() for line in block if len(line) > 100]
    assert long == ["x" * 120 + ","]  # alone on its line: the only one past 100 columns
    assert block[-1].strip() == "y"  # after it, on a line of its own
    assert ", ".join(names) == " ".join(line.strip() for line in block).removeprefix(
        "42 tools ")
    assert len(block) == 7, block  # 40 names, nine a line; the long name; the last


def test_text_sorts_a_repeated_findings_tools_once_however_many_share_it(monkeypatch):
    """A finding repeated on k tools has its tools sorted once, not once a tool (which made
    the text report quadratic: 2,000 tools took 9 s to print): the sorts a report makes do
    not grow with the tools a block names."""
    from parity.contract.report import text

    sorts: list[int] = []

    def counted(values, **kwargs):
        values = list(values)
        sorts.append(len(values))
        return sorted(values, **kwargs)

    monkeypatch.setattr(text, "sorted", counted, raising=False)

    def rendered(k):
        sorts.clear()
        repeated = [finding(f"t{i:04}", "out.undeclared", "", "warning") for i in range(k)]
        pair = PairReport(pair="fs", verdict=judge(repeated[::-1], Baseline()))
        lines = render("text", Report("check", (pair,))).splitlines()
        listed = " ".join(line.strip() for line in lines[1:lines.index("    warning "
                                                                      "out.undeclared  (root)")])
        assert listed == f"{k} tools " + ", ".join(f"t{i:04}" for i in range(k))
        return len(sorts)

    assert rendered(5) == rendered(50)


@pytest.mark.parametrize("fmt", sorted(FORMATS))
def test_every_formats_work_grows_linearly_with_the_tools(fmt):
    """A report of 64 tools executes at most 5x the Python lines of one of 16 (linear work
    gives about 4x; a format looking each tool's findings up among all of them gave junit
    5.7x, as the text report's groups sorted once a finding did): each tool with a finding
    of its own, one repeated on all, a known one and a stale entry."""
    def report(k):
        tools = [f"t{i:03}" for i in range(k)]
        found = [f for tool in tools for f in (finding(tool, "in.unknown", f"own_{tool}"),
                                               finding(tool, "out.undeclared", "", "warning"),
                                               finding(tool, "in.type", "limit"))]
        baseline = Baseline(tuple(BaselineEntry(tool, rule, path, "pending")
                                  for tool in tools for rule, path in (("in.type", "limit"),
                                                                       ("in.enum", "gone"))))
        return Report("check", (PairReport(pair="p", verdict=judge(found, baseline),
                                           tools=tuple(tools), baseline="b.json"),))

    formatter = get_formatter(fmt)
    small, large = report(16), report(64)
    formatter.render(small)  # (what a first render imports, uncounted)
    counts = [lines_run(lambda r=r: formatter.render(r))[0] for r in (small, large)]
    assert counts[1] <= 5 * counts[0], counts

def test_summary_counts_known_differences_without_a_reason():
    text = render("text")  # the sample's one known entry has a reason
    assert "without a reason" not in text
    entry = BaselineEntry("status", "in.type", "limit")
    pair = PairReport(pair="p", verdict=judge([finding("status", "in.type", "limit")],
                                              Baseline((entry,))))
    for fmt in ("text", "markdown"):
        assert "1 known (1 without a reason)" in render(fmt, Report("check", (pair,)))


def test_text_colour_only_when_asked():
    assert "\x1b[31m" in render("text", color=True)


def test_colour_needs_a_terminal_and_no_NO_COLOR(monkeypatch):
    monkeypatch.setattr("sys.stdout.isatty", lambda: True)
    monkeypatch.delenv("NO_COLOR", raising=False)
    assert use_color(None) is True
    assert use_color(Path("report.txt")) is False
    monkeypatch.setenv("NO_COLOR", "1")
    assert use_color(None) is False


#: characters XML 1.0 cannot hold, even as references, and how the junit report spells them
_NOT_XML = {"\x00": "\\x00", "\x01": "\\x01", "\x1b": "\\x1b", "\x1f": "\\x1f",
            "\ufffe": "\\ufffe", "\uffff": "\\uffff", "\ud800": "\\ud800"}


def hostile_report(bad: str = "".join(_NOT_XML)) -> Report:
    """Names, paths, messages and reasons holding ``bad``: every character XML forbids."""
    new = [Finding(tool=f"new{bad}", rule_id="in.unknown", path=f"p{bad}", direction="in",
                   severity="error", message=f"m{bad}", hint=f"h{bad}")]
    known = Finding(tool=f"known{bad}", rule_id="in.type", path="x", direction="in",
                    severity="error", message="m", hint="h")
    entries = (BaselineEntry(known.tool, "in.type", "x", f"why{bad}"),
               BaselineEntry(f"stale{bad}", "in.enum", f"s{bad}"))
    pair = PairReport(pair="workflow", verdict=judge([*new, known], Baseline(entries)),
                      tools=(new[0].tool, known.tool), baseline="baselines/workflow.json",
                      against="origin/main", growth=(entries[1],))
    return Report("check", (pair,))


def test_junit_stays_well_formed_when_names_hold_characters_xml_forbids():
    text = render("junit", hostile_report())
    root = ET.fromstring(text)  # raises on a document that is not well-formed
    names = {c.get("name") for c in root.iter("testcase")}
    spelled = "".join(_NOT_XML.values())
    assert {f"new{spelled}", f"known{spelled}", f"stale{spelled}"} <= names
    failures = "".join(f.text or "" for f in root.iter("failure"))
    assert f"p{spelled}" in failures and f"m{spelled}" in failures


def test_the_other_formats_parse_and_show_control_characters_escaped():
    # (no lone surrogate: every reader of names refuses one before a report is made)
    report = hostile_report("\x00\x01\x1b\x1f\ufffe")
    for fmt in ("json", "sarif"):
        strings = _strings(json.loads(render(fmt, report)))  # the encoder kept them exact
        assert any("new\x00\x01\x1b\x1f\ufffe" in s for s in strings), fmt
    # (markdown: the name in a code span, which shows a backslash as it is)
    for fmt, spelled in (("github", "\\x00\\x01"), ("text", "\\x00\\x01"),
                         ("markdown", "\\x00\\x01")):
        shown = render(fmt, report)
        assert not any(c in shown for c in "\x00\x01\x1b\x1f"), fmt
        assert f"new{spelled}" in shown, fmt


def _strings(value: object) -> list[str]:
    if isinstance(value, dict):
        return [*value, *(s for v in value.values() for s in _strings(v))]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return [value] if isinstance(value, str) else []
