"""The fault-mode registry: every mode documented, and its fixture, injected through the real
injector, classified by the real guard as the mode expects, on every transport it applies to.

The transport's part is modelled the way the seam reports it: a dropped request is a
timeout, a refused connection is ``unavailable`` before sending, an HTTP answer carries its
status and ``Retry-After``, an unreadable body is ``malformed``. The drill over real servers
(``test_run.py``) proves the seam does report them so."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from parity.pinning.drift import compare
from parity.pinning.lock import build
from parity.runtime import guard as g
from parity.runtime.drill.faults import FAULTS, Fault, render_table
from parity.runtime.drill.inject import FaultInjector

DOCS = Path(__file__).resolve().parents[3] / "docs" / "drill.md"
POLICY = g.GuardPolicy()


def test_the_docs_table_is_the_registry():
    text = DOCS.read_text(encoding="utf-8")
    assert render_table() in text


@pytest.mark.parametrize("name", list(FAULTS))
def test_every_mode_is_documented_and_applies_to_its_fixture(name):
    fault = FAULTS[name]
    assert fault.name == name and re.fullmatch(r"[a-z][a-z0-9_]*", name)
    assert fault.does and fault.answers and fault.transports
    tools = [dict(fault.fixture.tool), *map(dict, fault.fixture.others)]
    assert fault.applies(fault.fixture.tool, fault.fixture.result, tools)
    hooks = (fault.on_call, fault.on_result, fault.on_listing)
    assert name == "none" or any(h is not None for h in hooks), "a fault must inject"


def _through(fault: Fault, transport: str, index: int) -> g.Verdict:
    """What the guard makes of the fixture's call number ``index`` with the fault injected."""
    tool = dict(fault.fixture.tool)
    safe = g.is_safe_to_repeat(tool, POLICY)
    injector = FaultInjector(fault.name, transport=transport)  # type: ignore[arg-type]
    for n in range(index):  # the calls before this one
        injector.on_request({"jsonrpc": "2.0", "id": f"pre{n}", "method": "tools/call",
                             "params": {"name": tool["name"]}})
    if fault.on_listing is not None:
        tools = [tool, *map(dict, fault.fixture.others)]
        injector.on_request({"jsonrpc": "2.0", "id": "l", "method": "tools/list"})
        action = injector.on_response({"jsonrpc": "2.0", "id": "l",
                                       "result": {"tools": tools}})
        live = action.message["result"]["tools"]
        drift = compare(build("s", tools), build("s", live))
        # the pinned client withholds it: the guard refuses the call locally
        assert tool["name"] in drift.withheld()
        return g.Verdict(g.DRIFTED, g.RETRY_NEVER)
    # the session lists its tools first: a fault may depend on the tool's definition
    injector.on_request({"jsonrpc": "2.0", "id": "l", "method": "tools/list"})
    injector.on_response({"jsonrpc": "2.0", "id": "l", "result": {"tools": [tool]}})
    action = injector.on_request({"jsonrpc": "2.0", "id": 7, "method": "tools/call",
                                  "params": {"name": tool["name"], "arguments": {}}})
    if action.kind == "drop":
        return g.classify_failure(kind="timeout", sent=True, safe=safe)
    if action.kind == "refuse":
        return g.classify_failure(kind="unavailable", sent=False, safe=safe)
    if action.kind == "answer":
        error: dict[str, Any] = action.message["error"]
        if transport == "http":
            after = action.headers.get("Retry-After")
            return g.classify_failure(kind="http_status", sent=True, safe=safe,
                                      status=action.status,
                                      retry_after=float(after) if after else None)
        return g.classify_failure(kind="jsonrpc_error", sent=True, safe=safe,
                                  code=error["code"], message=error["message"],
                                  data=error.get("data"))
    answer = injector.on_response({"jsonrpc": "2.0", "id": 7,
                                   "result": dict(fault.fixture.result)})
    if answer.delay:
        return g.classify_failure(kind="timeout", sent=True, safe=safe)
    if answer.kind == "raw":
        with pytest.raises(ValueError):
            json.loads(answer.text or "")
        return g.classify_failure(kind="malformed", sent=True, safe=safe)
    return g.classify_result(answer.message["result"], tool, POLICY)


@pytest.mark.parametrize("name", list(FAULTS))
def test_every_mode_injected_on_its_fixture_is_answered_as_it_expects(name):
    fault = FAULTS[name]
    for transport in fault.transports:
        for index in (0, 1):
            got = _through(fault, transport, index)
            assert got.category == fault.expected(fault.fixture.tool, index, transport), \
                (transport, index, got)


def test_the_injector_records_what_it_injected_per_call():
    injector = FaultInjector("denied", transport="http")
    for n in (1, 2):
        injector.on_request({"jsonrpc": "2.0", "id": n, "method": "tools/call",
                             "params": {"name": "t"}}, credential="abc")
    assert [(r["call"], r["injected"], r["credential"]) for r in injector.records] == [
        (1, "HTTP 401", "abc"), (2, "HTTP 403", "abc")]


def test_an_unknown_mode_is_refused():
    with pytest.raises(ValueError, match="unknown fault mode 'meteor'"):
        FaultInjector("meteor")


def test_drift_renames_a_field_that_sits_under_defs_in_place():
    from parity.runtime.drill.faults.listing import drift_tools

    tool = {"name": "a", "inputSchema": {
        "type": "object", "properties": {"q": {"$ref": "#/$defs/Query"}},
        "$defs": {"Query": {"type": "object", "properties": {"text": {"type": "string"}},
                            "required": ["text"]}}}}
    drifted, changed = drift_tools([tool])
    query = drifted[0]["inputSchema"]["$defs"]["Query"]
    assert query["properties"] == {"text_renamed": {"type": "string"}}
    assert query["required"] == ["text_renamed"]
    assert changed == {"a": "field renamed: inputSchema.q.text -> text_renamed"}
    assert tool["inputSchema"]["$defs"]["Query"]["required"] == ["text"]  # a copy was drifted


def test_a_cut_turns_every_completeness_field_beside_it_and_keeps_counts():
    from parity.runtime.drill.faults.body import truncate_arrays

    value = {"rows": [1, 2, 3, 4], "truncated": False, "isComplete": True, "total": 4,
             "missing": [], "meta": {"complete": True, "partial": False}}
    cut, dropped = truncate_arrays(value)
    assert dropped == 2
    assert cut == {"rows": [1, 2], "truncated": True, "isComplete": False, "total": 4,
                   "missing": ["rows after the first page"],
                   # no list was cut beside these: their word is not the list's
                   "meta": {"complete": True, "partial": False}}


def test_wrong_schema_substitutes_only_what_the_output_schema_refuses():
    from parity.runtime.drill.faults.refusal import refused

    wrapped = {"type": "object", "required": ["result"],
               "properties": {"result": {"anyOf": [{"type": "string"}, {"type": "null"}]}}}
    assert refused({"result": "alice"}, {"outputSchema": wrapped}) == (
        {}, "required key 'result' removed")
    typed = {"type": "object", "properties": {"n": {"type": "integer"}}}
    assert refused({"n": 3}, {"outputSchema": typed}) == ({"n": None}, "'n' given a null")
    closed = {"type": "object", "additionalProperties": False,
              "properties": {"n": {"type": ["integer", "null", "string", "number", "boolean",
                                            "array", "object"]}}}
    assert refused({"n": 3}, {"outputSchema": closed})[1] == \
        'replaced by {"result": null, "extra": "x"}'
    # every object passes: a non-object root is an envelope fault before MCP 2026-07-28
    assert refused({"k": "v"}, {"outputSchema": {"type": "object"}}) is None
    # a non-object clean root (2026-07-28): another root type is a schema fault
    assert refused([1], {"outputSchema": {"type": "array"}})[0] == {"result": None,
                                                                    "extra": "x"}
