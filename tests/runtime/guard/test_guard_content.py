"""What the content blocks say (``guard.content``): the only text block of a text-only result
is its body; everything else, and prose, only flags a success (``suspect``), which is never
definitive."""

from __future__ import annotations

import pytest
from guardfixtures import POLICY, WRITER, result

from parity.runtime import guard as g

#: the output schema an SDK server gives a `-> str` tool
STR_TOOL = {"name": "lookup", "outputSchema": {
    "type": "object", "required": ["result"], "properties": {"result": {"type": "string"}}}}


def outcome(raw, definition=WRITER):
    verdict = g.classify_result(raw, definition, POLICY)
    return g.make_outcome(verdict, operation="t", correlation_id="c", sent=True, started=0.0)


def sdk_str(text):
    """What an SDK server answers for a `-> str` tool returning ``text``."""
    return {"content": [{"type": "text", "text": text}], "structuredContent": {"result": text}}


@pytest.mark.parametrize("text", [
    "Error: upstream API returned 500 Internal Server Error",
    "rate limit exceeded, retry in 30s", "null", "", "An error occurred: timeout"])
def test_an_sdk_wrapped_string_that_reads_as_an_error_is_never_definitive(text):
    got = outcome(sdk_str(text), STR_TOOL)
    assert (got.category, bool(got.suspect), got.answer_policy) == (
        g.OK, True, g.NO_DEFINITIVE_CLAIMS), got


def test_an_sdk_wrapped_string_of_data_is_a_success_not_verified_complete():
    # text has no array to count: the SDK's wrapping makes it no more whole than a text block
    # (mcp-alchemy's "Result: showing first 4 rows (output truncated)" was vouched complete)
    got = outcome(sdk_str("3 files found"), STR_TOOL)
    assert (got.category, got.suspect, got.complete, got.answer_policy) == (
        g.OK, "", "unknown", g.NO_DEFINITIVE_CLAIMS)
    plain = outcome({"content": [{"type": "text", "text": "3 files found"}]}, STR_TOOL | {
        "outputSchema": None})
    assert (plain.complete, plain.answer_policy) == (got.complete, got.answer_policy)


def test_an_sdk_wrapped_json_string_that_says_it_is_cut_is_partial():
    got = outcome(sdk_str('{"rows": [1, 2, 3, 4], "truncated": true}'), STR_TOOL)
    assert (got.category, got.complete) == (g.PARTIAL, False), got
    whole = outcome(sdk_str('{"rows": [1, 2], "complete": true}'), STR_TOOL)
    assert (whole.category, whole.complete, whole.answer_policy) == (
        g.OK, "unknown", g.NO_DEFINITIVE_CLAIMS)


def test_an_sdk_wrapped_number_is_definitive():
    # nothing in an integer could be cut: only text loses the verified claim
    tool = {"name": "count", "outputSchema": {
        "type": "object", "required": ["result"], "properties": {"result": {"type": "integer"}}}}
    got = outcome({"content": [{"type": "text", "text": "3"}],
                   "structuredContent": {"result": 3}}, tool)
    assert (got.category, got.complete, got.answer_policy) == (g.OK, True, g.DEFINITIVE)


def test_a_string_as_structured_content_is_read_as_text():
    # 2026-07-28: structuredContent may be any JSON value, a string among them
    raw = {"content": [{"type": "text", "text": "done"}], "structuredContent": "done"}
    verdict = g.classify_result(raw, {"name": "t", "outputSchema": {"type": "string"}},
                                POLICY, any_structured=True)
    assert (verdict.category, verdict.complete) == (g.OK, "unknown")


ERROR_JSON = '{"error": "rate_limited"}'


@pytest.mark.parametrize("raw", [
    {"content": [{"type": "text", "text": "Fetched 0 rows."},
                 {"type": "text", "text": ERROR_JSON}]},
    {"content": [{"type": "resource", "resource": {
        "uri": "file:///err.json", "mimeType": "application/json", "text": ERROR_JSON}}]},
    {"content": [{"type": "text", "text": ERROR_JSON},
                 {"type": "audio", "data": "AAAA", "mimeType": "audio/wav"}]},
    # the structured content says fine, the text says error: a contradiction
    {"content": [{"type": "text", "text": '{"error": "upstream timeout"}'}],
     "structuredContent": {"value": 3}},
])
def test_error_evidence_beside_other_blocks_flags_the_success(raw):
    got = outcome(raw)
    assert (got.category, bool(got.suspect), got.answer_policy) == (
        g.OK, True, g.NO_DEFINITIVE_CLAIMS), got


def test_a_text_block_repeating_the_structured_content_is_not_read_twice():
    # server-filesystem: `{"content": TEXT}` beside TEXT, a log beginning "Error:"
    log = "Error: disk full at 03:12\nok\n"
    raw = {"content": [{"type": "text", "text": log}], "structuredContent": {"content": log}}
    got = outcome(raw)
    assert (got.category, got.suspect, got.answer_policy) == (g.OK, "", g.DEFINITIVE)


@pytest.mark.parametrize("text", [
    "<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway"
    "</h1></center><hr><center>nginx</center></body></html>",
    "Erreur : quota dépassé", "An error occurred: the upstream closed", "[ERROR] boom",
    "500 Internal Server Error", "Fehler: Datei nicht gefunden", "エラー: タイムアウト",
    "Error: no se pudo conectar", "Se produjo un error inesperado", "", "   ", "null",
    "Errore: x", "Erro: x", "Fout: x", "Ошибка: x", "错误: x", "오류: x", "Panic: x",
    "Something went wrong", "Could not connect", "Unable to reach the host", "Not found",
    "Permission denied", "Too many requests", "Quota exceeded", "HTTP/1.1 502 Bad Gateway",
    "<!DOCTYPE html><html><head><title>404 Not Found</title></head></html>",
    # mcp-server-sqlite and mcp-server-duckdb answer a failed query so, without isError
    "Database error: no such table: orders", "SQL Error: SQLITE_ERROR: no such table",
    "Database error: Catalog Error: Table with name t does not exist!",
    # mcp-server-fetch, without isError: a note to the model after its first line
    "Contents of http://127.0.0.1:8000/empty.html:\n<error>Page failed to be simplified from "
    "HTML</error>", "Contents of https://example.com/:\n<error>No more content available."
    "</error>"])
def test_prose_failures_in_many_forms_are_suspect_successes(text):
    got = outcome(result(None, text=text))
    assert (got.category, bool(got.suspect)) == (g.OK, True), got


def test_no_content_at_all_is_a_suspect_success():
    got = outcome({"content": []})
    assert (got.category, bool(got.suspect)) == (g.OK, True)


@pytest.mark.parametrize("text", [
    "No error found in 3 files", "Errors: 0", "The error was fixed in 1.2", "3 files",
    "<html><head><title>Home</title></head></html>", "500 rows exported",
    "No error: 3 checks passed", "Zero error: the run was clean", "A timeout error handler",
    "<error></error>"])
def test_text_that_merely_mentions_an_error_is_not_flagged(text):
    assert outcome(result(None, text=text)).suspect == ""


def test_a_text_block_without_text_is_malformed():
    raw = {"content": [{"type": "text", "text": None}]}
    assert g.classify_result(raw, WRITER, POLICY).category == g.MALFORMED_RESPONSE
