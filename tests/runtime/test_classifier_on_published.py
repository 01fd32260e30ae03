"""The guard's success/error classifier measured on real answers of published servers.

tests/fixtures/published/answers.json: 46 answers of mcp-server-time 2026.10.19,
server-filesystem, server-memory and server-everything 2026.8.31 (captured over stdio; the
filesystem served a folder holding a log that begins "Error: disk full", a test report that
begins "Failed: 0", a Python traceback and a JSON file with `"error": null`). The truth is the
server's own word: `isError`. docs/guard.md reports these numbers.
"""

from __future__ import annotations

import re

from parity.runtime import guard as g
from tests.published import captured

ANSWERS, TOOLS = captured("answers.json", "tools.json")
POLICY = g.GuardPolicy()
#: the prose rule the guard failed text-only answers by before (now widened, it only flags)
FORMER_ERROR_TEXT = r"^\s*(error|exception|traceback|fatal|failed|failure)\b"


def _text_only(raw: dict) -> dict:
    """The answer as a server without structured output would send it (older versions of
    server-filesystem did): the content blocks only."""
    return {k: v for k, v in raw.items() if k != "structuredContent"}


def _prose_rule(raw: dict) -> bool:
    """The rule the guard used before: text-only content starting like an error is one."""
    blocks = raw.get("content", [])
    if raw.get("structuredContent") is not None or not blocks or \
            not all(b.get("type") == "text" for b in blocks):
        return False
    return re.match(FORMER_ERROR_TEXT, "\n".join(b["text"] for b in blocks).strip(),
                    re.I) is not None


def _measure(view) -> dict[str, int]:
    counts = {"answers": 0, "errors": 0, "false_failures": 0, "false_successes": 0,
              "suspect": 0, "prose_rule_false_failures": 0}
    for answer in ANSWERS:
        raw = view(answer["result"])
        tool = TOOLS[(answer["server"], answer["tool"])]
        if view is _text_only:
            tool = {k: v for k, v in tool.items() if k != "outputSchema"}
        truth_error = raw.get("isError") is True
        decided = g.classify_result(raw, tool, POLICY)
        said_ok = decided.category in (g.OK, g.PARTIAL)
        counts["answers"] += 1
        counts["errors"] += truth_error
        counts["false_failures"] += (not truth_error and not said_ok)
        counts["false_successes"] += (truth_error and said_ok)
        counts["suspect"] += bool(decided.suspect)
        counts["prose_rule_false_failures"] += (not truth_error and _prose_rule(raw))
    return counts


def test_no_false_failure_and_no_false_success_on_real_answers() -> None:
    assert _measure(lambda raw: raw) == {
        "answers": 46, "errors": 10, "false_failures": 0, "false_successes": 0,
        "suspect": 1, "prose_rule_false_failures": 1}


def test_text_only_answers_the_prose_rule_would_have_failed_pass_as_suspect() -> None:
    # "Error: disk full..." (read_file, read_text_file), "Failed: 0", a traceback, and
    # server-everything's annotated "Error: Operation failed" message: all real successes
    assert _measure(_text_only) == {
        "answers": 46, "errors": 10, "false_failures": 0, "false_successes": 0,
        "suspect": 5, "prose_rule_false_failures": 5}


def test_read_file_of_a_log_beginning_with_error_is_a_success() -> None:
    answer = next(a for a in ANSWERS if a["tool"] == "read_file")
    decided = g.classify_result(_text_only(answer["result"]), {"name": "read_file"}, POLICY)
    assert decided.category == g.OK and decided.suspect
