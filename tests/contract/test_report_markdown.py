"""The markdown report as GitHub reads it: words escaped, names in code spans shown exactly."""

from __future__ import annotations

import html
import re

import pytest

from parity.contract.baseline import Baseline, BaselineEntry, judge
from parity.contract.diff import diff_manifests
from parity.contract.report import PairReport, Report, get_formatter
from parity.contract.rules import Finding
from parity.core import terminal
from parity.fieldpaths.tooldefs import manifest_from_definitions

#: names no code span of one backtick holds as they are, and how a table cell holds them
SPANS = {"back`tick": "``back`tick``", "`lead": "`` `lead ``", "trail`": "`` trail` ``",
         "a``b": "```a``b```", "p|q": "`p\\|q`", "nl\nline": "`nl\\x0aline`",
         "cr\rret": "`cr\\x0dret`", " pad ": "`  pad  `", "   ": "`   `",
         "<b>&amp;": "`<b>&amp;`", "back\\slash": "`back\\slash`"}
HOSTILE = [name for name in SPANS if name.strip()]


def report(tool: str, path: str = "p", reason: str = "r", message: str = "m") -> Report:
    new = Finding(tool=tool, rule_id="in.unknown", path=path, direction="in",
                  severity="error", message=message, hint="h")
    known = Finding(tool=tool, rule_id="in.type", path=path, direction="in",
                    severity="error", message="m", hint="h")
    pair = PairReport(pair="workflow", verdict=judge(
        [new, known], Baseline((BaselineEntry(tool, "in.type", path, reason),))),
        tools=(tool,), baseline="baselines/workflow.json")
    return Report("check", (pair,))


def render(rep: Report) -> str:
    return get_formatter("markdown").render(rep)


def test_words_escape_what_github_would_read_as_html():
    """A baseline reason naming ``<server>-mcp:<tool>`` was read as two HTML tags and dropped."""
    text = render(report("t", reason="ids are <server>-mcp:<tool> & <server>__<tool>"))
    assert "ids are &lt;server&gt;-mcp:&lt;tool&gt; &amp; &lt;server&gt;__&lt;tool&gt; |" in text
    assert "<server>" not in text


def test_a_message_s_code_spans_keep_their_text():
    # a span shows an entity as it is: escaped there, `<x>` would read `&lt;x&gt;`
    assert terminal.markdown_cell("sends `<x>` & <y>") == "sends `<x>` &amp; &lt;y&gt;"
    assert terminal.markdown_cell("a `b\nc` d\ne") == "a `b\\x0ac` d<br>e"
    assert terminal.markdown_cell("`a|b` c|d \\") == "`a\\|b` c\\|d \\\\"
    assert terminal.markdown_cell("one ` alone") == "one ` alone"


@pytest.mark.parametrize(("name", "span"), SPANS.items())
def test_a_code_span_is_fenced_longer_than_any_backticks_inside(name, span):
    assert terminal.markdown_code(name) == span


def test_tool_and_path_cells_are_code_spans_that_hold_the_name():
    for name in HOSTILE:
        text = render(report(name, path=name))
        rows = [line for line in text.splitlines() if "`in.unknown`" in line
                or "`in.type`" in line]
        assert len(rows) == 2, text
        for row in rows:
            assert row.startswith((f"| {SPANS[name]} ", f"| error | {SPANS[name]} ")), \
                (name, row)
            assert "<br>" not in row and "\\\\" not in row, (name, row)


def test_a_real_parser_reads_every_name_back_from_its_code_span():
    markdown_it = pytest.importorskip("markdown_it")
    parser = markdown_it.MarkdownIt("commonmark").enable("table")
    for name in HOSTILE:
        page = parser.render(render(report(name, path=name, reason=name)))
        codes = [html.unescape(c) for c in re.findall(r"<td><code>(.*?)</code></td>", page)]
        shown = name.replace("\n", "\\x0a").replace("\r", "\\x0d")
        # tool and path of the new finding, of the known one
        assert codes.count(shown) == 4, (name, codes)
        if "\n" not in name and "`" not in name:  # (a reason's backticks open spans)
            cells = [html.unescape(c) for c in re.findall(r"<td>([^<]*)</td>", page)]
            assert shown.strip() in cells, (name, cells)  # (a table trims its cells)


def test_a_code_span_of_a_name_without_backticks_is_as_it_was():
    assert [terminal.code_span(n) for n in ("name", "a.b[]", " lead", "", "   ")] == \
        ["`name`", "`a.b[]`", "` lead`", "``", "`   `"]
    assert terminal.code_span("a`b") == "``a`b``"
    assert terminal.code_span("`a") == "`` `a ``"
    assert terminal.code_span(" both ") == "`  both  `"  # else a reader strips one each side


def test_a_rule_s_message_holds_a_name_with_backticks_in_one_code_span():
    """The rules wrapped a name in one backtick each side: a tool or field name holding one
    ended the span there (GitHub showed ``run`` as code and ``it`` as text, and the next
    span's backticks paired wrongly); a value holding one opened a span of its own."""
    markdown_it = pytest.importorskip("markdown_it")
    text = {"type": "string"}
    agent = [{"name": "t", "inputSchema": {"type": "object", "properties": {
        "x`y": text, "e": {"type": "string", "enum": ["a`b", "c"]}}}},
        {"name": "run`it", "inputSchema": {"type": "object"}}]
    server = [{"name": "t", "inputSchema": {"type": "object", "additionalProperties": False,
                                            "properties": {"e": {"enum": ["c", "d``e"]}}}}]
    findings = diff_manifests(*(manifest_from_definitions(
        tools, side=side, source=f"{side}.json", server=None, tool_id_form="{tool}")
        for side, tools in (("agent", agent), ("server", server))))
    rep = Report("diff", (PairReport(pair="p", verdict=judge(findings, Baseline(())),
                                     tools=("run`it", "t")),))
    page = markdown_it.MarkdownIt("commonmark").enable("table").render(render(rep))
    rows = {}
    for row in re.findall(r"<tr>(.*?)</tr>", page, re.DOTALL)[1:]:
        cells = re.findall(r"<td>(.*?)</td>", row, re.DOTALL)
        rows[html.unescape(re.sub("<.*?>", "", cells[2]))] = cells[4]  # rule: message

    def codes(cell):
        return [html.unescape(c) for c in re.findall(r"<code>(.*?)</code>", cell)]

    assert codes(rows["tool.missing"]) == ["run`it", "t"], rows["tool.missing"]
    assert codes(rows["in.unknown"]) == ['"x`y"'], rows["in.unknown"]
    # values are JSON in the words: a backtick written as JSON's own escape, same value
    assert codes(rows["in.enum"]) == ["e"], rows["in.enum"]
    words = html.unescape(rows["in.enum"])
    assert '"a\\u0060b" at' in words and '"d\\u0060\\u0060e"' in words, words
