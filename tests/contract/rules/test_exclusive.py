"""in.exclusive and out.exclusive: keys one side may hold together, the other takes apart."""

from __future__ import annotations

import itertools
import json
import re
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator
from rulefixtures import diff, fixture_findings, obj, of_rule, single, tool

from parity.contract.rules.exclusive import IN, OUT
from tests.properties import draws

INT, BOOL = {"type": "integer"}, {"type": "boolean"}


def variant(*names: str, required: tuple[str, ...] = ()) -> dict[str, Any]:
    """A closed object of integer fields ``names``."""
    return obj({n: INT for n in names}, required or names[:1], additionalProperties=False)


#: GitHub's review comment, each alternative closed: a `line` or a `position`, never both
APART = {"anyOf": [variant("line", "path", required=("line",)),
                   variant("position", "path", required=("position",))]}


def sent(agent: dict[str, Any]) -> list[Any]:
    return diff([tool("t", obj({"c": agent}))], [tool("t", obj({"c": APART}))])


def test_an_agent_that_may_send_both_keys_is_warned_where_it_sends_the_object():
    finding = single(IN, sent(obj({"line": INT, "position": INT, "path": INT})))
    assert finding.path == "c" and finding.severity == "warning"
    assert "may send `line` and `position` together at `c`" in finding.message
    captured = single(IN, fixture_findings(IN))  # the captured tool's, `line` required
    assert captured.path == "comments[]"
    # the keys every alternative takes (`path`, `body`) are not the trouble: not named
    assert "may send `line` (always sent) and `position` together" in captured.message


def test_an_agent_that_always_sends_both_has_every_call_rejected():
    finding = single(IN, sent(obj({"line": INT, "position": INT}, ("line", "position"))))
    assert finding.severity == "error"
    assert "every call that sends this object is rejected" in finding.message
    # a required key beside an optional one of another alternative
    finding = single(IN, sent(obj({"line": INT, "position": INT}, ("line",))))
    assert finding.severity == "warning" and "`position`" in finding.message


def test_an_agent_within_one_alternative_or_a_union_of_them_is_not_warned():
    assert of_rule(IN, sent(obj({"line": INT, "path": INT}, ("line",)))) == []
    assert of_rule(IN, sent(APART)) == []
    # keys the server takes nowhere are in.unknown's, not this rule's
    findings = sent(obj({"line": INT, "colour": INT}, ("line",)))
    assert of_rule(IN, findings) == [] and of_rule("in.unknown", findings)


def test_an_agent_union_of_open_objects_sends_each_objects_keys_alone():
    # pydantic's default models, open: each sends the keys it declares (merged, the union
    # was said to send `line` and `position` together)
    def open_variant(*names: str) -> dict[str, Any]:
        return obj({n: INT for n in names}, names[:1])

    assert of_rule(IN, sent({"anyOf": [open_variant("line", "path"),
                                       open_variant("position", "path")]})) == []
    # one of them declaring both still may send both
    finding = single(IN, sent({"anyOf": [open_variant("line", "position"),
                                         open_variant("position", "path")]}))
    assert "may send `line` and `position` together" in finding.message


def test_an_agent_that_may_send_any_key_cannot_tell():
    assert of_rule(IN, sent({"type": "object"})) == []
    assert of_rule(IN, sent({"type": "object", "additionalProperties": INT})) == []


def test_out_exclusive_warns_where_the_server_may_return_keys_the_agent_takes_apart():
    agent = [tool("t", out=APART)]
    both = obj({"line": INT, "position": INT, "path": INT}, ("line",))
    finding = single(OUT, diff(agent, [tool("t", out=both)]))
    assert finding.path == "" and finding.severity == "warning"
    assert "may return `line` (always returned) and `position` together" in finding.message
    assert of_rule(OUT, diff(agent, [tool("t", out=APART)])) == []
    assert of_rule(OUT, diff(agent, [tool("t", out=variant("line", "path"))])) == []
    assert single(OUT, fixture_findings(OUT)).path == ""


def test_an_agent_keyword_not_modelled_may_keep_keys_apart_so_nothing_is_said():
    """`maxProperties: 1`, `not`... parity does not model: it cannot tell whether the agent
    sends the keys together."""
    for limit in ({"maxProperties": 1}, {"not": {"required": ["line", "position"]}}):
        agent = obj({"line": INT, "position": INT}, additionalProperties=False, **limit)
        assert of_rule(IN, sent(agent)) == []


def test_a_nested_object_the_agent_always_sends_together_rejects_the_calls_that_send_it():
    finding = single(IN, sent(obj({"line": INT, "position": INT}, ("line", "position"))))
    assert "every call that sends this object is rejected" in finding.message


#: JSON Schema's "a `url` or a `path`, never both": a `oneOf` of branches requiring a key
EXACTLY_ONE = obj({"url": INT, "path": INT},
                  oneOf=[{"required": ["url"]}, {"required": ["path"]}])


def test_a_oneof_of_requirements_refuses_the_calls_that_hold_two_of_them():
    def to(server: dict[str, Any], agent: dict[str, Any]) -> list[Any]:
        return diff([tool("t", obj({"c": agent}))], [tool("t", obj({"c": server}))])

    finding = single(IN, to(EXACTLY_ONE, obj({"url": INT, "path": INT}, ("url", "path"))))
    assert finding.severity == "error" and finding.path == "c"
    assert ("the agent always sends `path` and `url` together at `c`; the server takes them "
            "only apart (its `oneOf` there refuses a call that fits more than one of its "
            "alternatives, as one holding them does): every call that sends this object is "
            "rejected") in finding.message
    finding = single(IN, to(EXACTLY_ONE, obj({"url": INT, "path": INT})))
    assert finding.severity == "warning"
    assert "may send `path` and `url` together" in finding.message
    # `anyOf` takes both; an agent whose own `oneOf` sends them apart is not warned
    anyof = obj({"url": INT, "path": INT}, anyOf=[{"required": ["url"]}, {"required": ["path"]}])
    assert of_rule(IN, to(anyof, obj({"url": INT, "path": INT}, ("url", "path")))) == []
    assert of_rule(IN, to(EXACTLY_ONE, EXACTLY_ONE)) == []
    # the closed alternatives' words stay theirs
    assert "each of its alternatives there is closed" in single(
        IN, sent(obj({"line": INT, "position": INT}))).message


def test_out_exclusive_holds_the_server_to_an_agent_result_oneof():
    both = obj({"url": INT, "path": INT}, ("url",))
    finding = single(OUT, diff([tool("t", out=EXACTLY_ONE)], [tool("t", out=both)]))
    assert finding.severity == "warning"
    assert ("the agent's result model takes them only apart (its `oneOf` refuses a result "
            "that fits more than one of its alternatives") in finding.message


def test_a_not_of_a_requirement_refuses_the_calls_that_hold_them_all():
    never_both = obj({"url": INT, "path": INT, "ref": INT}, ("ref",),
                     **{"not": {"required": ["url", "path"]}})

    def to(server: dict[str, Any], agent: dict[str, Any]) -> list[Any]:
        return diff([tool("t", agent)], [tool("t", server)])

    finding = single(IN, to(never_both, obj({"url": INT, "path": INT, "ref": INT},
                                            ("path", "ref", "url"))))
    assert finding.severity == "error"
    assert ("the agent always sends `path` and `url` together at the root; the server takes "
            "them only apart (its `not` there refuses a call that holds them all): every "
            "call is rejected") in finding.message
    assert of_rule(IN, to(never_both, obj({"url": INT, "ref": INT}, ("ref",)))) == []
    # an agent holding such a `not` itself: not judged by what it may send (it is listed
    # as a keyword parity does not model there)
    assert of_rule(IN, to(EXACTLY_ONE, never_both)) == []


def test_a_oneof_of_open_objects_each_with_its_own_key_refuses_both():
    """An OpenAPI document's `oneOf` of an open object requiring `url` and one requiring
    `path`: a call holding both fits both."""
    def source(key: str) -> dict[str, Any]:
        return obj({key: {"type": "string"}}, (key,))

    server = {"oneOf": [source("url"), source("path")]}
    agent = obj({"url": {"type": "string"}, "path": {"type": "string"}}, ("path", "url"))
    finding = single(IN, diff([tool("t", agent)], [tool("t", server)]))
    assert finding.severity == "error" and "its `oneOf` there refuses" in finding.message
    # a discriminated one is told apart by its tag's values: no keysets, in.tag's to judge
    tagged = {"oneOf": [obj({"kind": {"const": "u"}, "url": INT}, ("kind", "url")),
                        obj({"kind": {"const": "p"}, "path": INT}, ("kind", "path"))]}
    assert of_rule(IN, diff([tool("t", obj({"kind": {"enum": ["u", "p"]}, "url": INT},
                                           ("kind", "url")))], [tool("t", tagged)])) == []


def test_a_oneof_whose_alternative_refuses_a_keys_type_takes_the_object_with_the_other():
    # `{a}` open, or `{a, b}` with a boolean `b`: an object holding an integer `b` fits the
    # first alone, which the `oneOf` takes (said "every result fails", it did not)
    model = {"oneOf": [obj({"a": BOOL}), obj({"a": BOOL, "b": BOOL}, ("a", "b"))]}
    returns = obj({"a": BOOL, "b": INT}, ("a", "b"))
    assert Draft202012Validator(model).is_valid({"a": True, "b": 1})
    findings = diff([tool("t", out=model)], [tool("t", out=returns)])
    assert of_rule(OUT, findings) == []
    assert "out.type" in {f.rule_id for f in findings}  # (the type is said where it is)
    # a boolean `b` fits both: every result fails, as before
    returns = obj({"a": BOOL, "b": BOOL}, ("a", "b"))
    assert not Draft202012Validator(model).is_valid({"a": True, "b": True})
    finding = single(OUT, diff([tool("t", out=model)], [tool("t", out=returns)]))
    assert finding.severity == "error" and "every result fails" in finding.message
    # the same for calls
    assert of_rule(IN, diff([tool("t", obj({"a": BOOL, "b": INT}, ("a", "b")))],
                            [tool("t", model)])) == []


NAMES = ("a", "b", "c", "d")


@st.composite
def _exclusive_servers(draw: st.DrawFn) -> dict[str, Any]:
    """An object of `a` to `d` that takes some of them only apart: a `oneOf` of
    requirements, of open objects declaring their own keys, or a `not` of a requirement."""
    groups = draw(st.lists(st.sets(st.sampled_from(NAMES), min_size=1, max_size=2),
                           min_size=2, max_size=3, unique_by=frozenset))
    kind = draw(st.sampled_from(("requirements", "objects", "not")))
    if kind == "objects":
        return {"oneOf": [obj({n: INT for n in group}, tuple(sorted(group))) for group in groups]}
    server = obj({n: INT for n in NAMES}, tuple(sorted(draw(st.sets(st.sampled_from(NAMES),
                                                                     max_size=1)))))
    if kind == "not":
        return {**server, "not": {"required": sorted(groups[0] | groups[1])}}
    return {**server, "oneOf": [{"required": sorted(group)} for group in groups]}


@st.composite
def _agents(draw: st.DrawFn) -> dict[str, Any]:
    """An object of some of `a` to `d`, requiring some; or one that takes some apart."""
    if draw(st.booleans()):
        return draw(_exclusive_servers())
    sent = draw(st.sets(st.sampled_from(NAMES), min_size=1))
    return obj({n: INT for n in sent}, tuple(sorted(draw(st.sets(st.sampled_from(sorted(sent)))))))


@settings(max_examples=draws(150), deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(_exclusive_servers(), _agents())
def test_in_exclusive_says_only_what_the_server_refuses_and_all_it_refuses(server, agent):
    """Against `jsonschema` on every call the agent may make (the keys it declares, as its
    own schema takes them): an error's calls are all refused, a warning's keys are refused
    together, and a call the server refuses for its `oneOf` or `not` alone is never
    unsaid."""
    findings = diff([tool("t", agent)], [tool("t", server)])
    declared = sorted(set(re.findall(r'"([a-d])"', json.dumps(agent))))
    takes, refuses = Draft202012Validator(agent), Draft202012Validator(server)
    calls = [set(keys) for size in range(len(declared) + 1)
             for keys in itertools.combinations(declared, size)
             if takes.is_valid(dict.fromkeys(keys, 1))]
    refused = [keys for keys in calls if not refuses.is_valid(dict.fromkeys(keys, 1))]
    for finding in of_rule(IN, findings):
        named = set(re.findall(r"`([a-d])`", finding.message.split(";")[0]))
        if finding.severity == "error":
            assert refused == calls, (finding.message, refused)
        else:
            assert any(named <= keys for keys in refused), (finding.message, refused)
    # what a union without its `oneOf`/`not` takes, the rules weigh apart (`in.choice`...);
    # an agent's own `not` is a keyword they do not model there: they cannot tell
    plain = {k: v for k, v in server.items() if k not in ("oneOf", "not")} or {
        "anyOf": server["oneOf"]}
    if "not" not in agent and any(Draft202012Validator(plain).is_valid(dict.fromkeys(keys, 1))
                                  for keys in refused):
        assert findings, (agent, server)
