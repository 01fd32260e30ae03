"""Error-shaped successes inside the ``mcp`` SDK's ``{"result": ...}`` wrapping of a non-object
return (``guard.wrapped``), on the answers and output schemas of a real SDK server
(tests.servers.wrapped_tools over stdio), through parity's own session and pinned client."""

from __future__ import annotations

import anyio
import pytest

from parity.mcp import open_session
from parity.pinning.lock import from_listing
from parity.runtime import guard as g
from parity.runtime.client import PinnedClient
from tests.lockfixtures import stdio_spec

pytestmark = pytest.mark.slow

#: (tool, q) -> the category parity's guard must answer
EXPECTED = {
    ("lookup", "fail"): g.TOOL_ERROR,    # -> str: json.dumps({"error": "rate_limited"})
    ("lookup", "x"): g.OK,
    ("recent", "fail"): g.TOOL_ERROR,    # -> list[dict]: [{"error": "rate_limited"}]
    ("recent", "x"): g.OK,
    ("checks", "fail"): g.OK,            # -> list[Check]: Check declares `error`: data
    ("report", "fail"): g.OK,            # prose beginning "Error:": suspect, not a failure
    ("count", "fail"): g.OK,
    ("status", "fail"): g.OK,            # -> str: "Error: upstream API returned 500"
    ("status", "x"): g.OK,
    ("logs", "fail"): g.OK,              # -> list[dict]: one record, its `error` its data
    ("logs", "x"): g.OK,                 # the same records, two of them
}
#: the answers that read like a failure: a success, but never a definitive one
SUSPECT = {("report", "fail"), ("status", "fail")}


@pytest.fixture(scope="module")
def answers() -> dict[tuple[str, str], g.Outcome]:
    async def main() -> dict[tuple[str, str], g.Outcome]:
        async with open_session(stdio_spec("wrapped_tools", name="wrapped")) as session:
            lock = from_listing("wrapped", await session.list_tools_raw())
            client = await PinnedClient(session, lock).start()
            return {key: await client.call(key[0], {"q": key[1]}) for key in EXPECTED}

    return anyio.run(main)


@pytest.mark.parametrize("key", sorted(EXPECTED))
def test_the_error_an_sdk_tool_returns_as_its_value_is_a_tool_error(answers, key) -> None:
    outcome = answers[key]
    assert outcome.category == EXPECTED[key], outcome.to_json()
    if outcome.category == g.TOOL_ERROR:
        assert "(`error` inside `result`)" in outcome.message
        assert outcome.answer_policy == g.NO_DEFINITIVE_CLAIMS
    assert bool(outcome.suspect) == (key in SUSPECT), outcome.to_json()
    if key in SUSPECT:
        assert outcome.answer_policy == g.NO_DEFINITIVE_CLAIMS


def test_only_text_inside_the_wrapping_loses_the_verified_claim(answers) -> None:
    # a real SDK server's `-> str` answer is text, as unverifiable as a text block; its
    # `-> int` answer has nothing that could be cut
    text, number = answers[("status", "x")], answers[("count", "fail")]
    assert (text.category, text.complete, text.answer_policy) == (
        g.OK, "unknown", g.NO_DEFINITIVE_CLAIMS), text.to_json()
    assert (number.category, number.complete, number.answer_policy) == (
        g.OK, True, g.DEFINITIVE), number.to_json()


def test_prose_inside_the_wrapping_stays_a_success() -> None:
    # what the SDK answers for `-> str` returning prose: text evidence is not structured
    schema = {"type": "object", "required": ["result"],
              "properties": {"result": {"type": "string"}}}
    raw = {"content": [{"type": "text", "text": "Error: disk full"}],
           "structuredContent": {"result": "Error: disk full"}}
    assert g.classify_result(raw, {"name": "log", "outputSchema": schema},
                             g.GuardPolicy()).category == g.OK


def test_a_result_key_of_a_schema_that_declares_more_is_not_unwrapped() -> None:
    # an object the tool itself returns, with `result` among other properties: its own body
    schema = {"type": "object", "properties": {"result": {"type": "string"},
                                               "n": {"type": "integer"}}}
    raw = {"content": [{"type": "text", "text": "{}"}],
           "structuredContent": {"result": '{"error": "rate_limited"}'}}
    assert g.classify_result(raw, {"name": "t", "outputSchema": schema},
                             g.GuardPolicy()).category == g.OK


def test_a_longer_list_is_data_no_one_item_speaks_for_it() -> None:
    schema = {"type": "object", "required": ["result"],
              "properties": {"result": {"type": "array", "items": {"type": "object"}}}}
    raw = {"content": [], "structuredContent": {"result": [{"error": "a"}, {"id": 2}]}}
    assert g.classify_result(raw, {"name": "t", "outputSchema": schema},
                             g.GuardPolicy()).category == g.OK
