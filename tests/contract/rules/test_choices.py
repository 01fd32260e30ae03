"""in.choice and out.choice: one of several groups of keys, asked by one side of the other."""

from __future__ import annotations

from typing import Any

from rulefixtures import diff, fixture_findings, obj, of_rule, single, tool

from parity.contract.rules.choices import IN, OUT

LINE = {"type": "integer"}


def either(*required: str, closed: bool = False) -> dict[str, Any]:
    extra = {"additionalProperties": False} if closed else {}
    return obj({"path": {"type": "string"}, "line": LINE, "position": LINE}, required, **extra)


#: the GitHub server's review comment: a `path`, and a `line` or a `position`
COMMENT = {"anyOf": [either("path", "line", closed=True), either("path", "position", closed=True)]}


def comments(item: dict[str, Any]) -> dict[str, Any]:
    return obj({"comments": {"type": "array", "items": item}})


def sent(item: dict[str, Any]) -> list[Any]:
    return diff([tool("review", comments(item))], [tool("review", comments(COMMENT))])


def test_an_agent_that_may_send_neither_key_is_reported_where_it_sends_the_object():
    finding = single(IN, sent(either("path")))
    assert finding.path == "comments[]" and finding.severity == "error"
    assert "one of `line` or `position` at `comments[]`" in finding.message
    assert "may send none" in finding.message
    # the fixture is the same drift on the captured GitHub tool, and its "ok" pair is clean
    assert single(IN, fixture_findings(IN)).path == "comments[]"


def test_an_agent_that_never_sends_any_of_them_has_every_call_rejected():
    finding = single(IN, sent(obj({"path": {"type": "string"}}, ("path",))))
    assert "never sends" in finding.message
    assert "every call that sends this object is rejected" in finding.message


def test_an_agent_requiring_one_group_or_itself_a_union_of_them_is_not_reported():
    assert of_rule(IN, sent(either("path", "line"))) == []
    assert of_rule(IN, sent(either("path", "line", "position"))) == []
    assert of_rule(IN, sent({"oneOf": [either("path", "position"), either("path", "line")]})) == []


def test_an_agent_union_one_of_whose_alternatives_holds_no_group_is_reported():
    # the agent's own choice: `line` or `path` alone; the second holds neither server group
    finding = single(IN, sent({"anyOf": [either("line"), either("path")]}))
    assert finding.path == "comments[]"


def test_a_free_form_agent_object_cannot_tell_and_a_map_may_send_none():
    # any keys as they are: nothing to say (as in.missing-required says nothing)
    assert of_rule(IN, sent({"type": "object"})) == []
    # a map of integers may send the keys, or none of them
    finding = single(IN, sent({"type": "object", "additionalProperties": LINE}))
    assert "may send none" in finding.message


def test_out_choice_warns_where_the_server_may_return_none_of_the_agents_groups():
    agent = [tool("locate", out=COMMENT)]
    finding = single(OUT, diff(agent, [tool("locate", out=either("path"))]))
    assert finding.path == "" and finding.severity == "warning"
    assert "one of `line` or `position` at the root" in finding.message
    assert of_rule(OUT, diff(agent, [tool("locate", out=either("path", "position"))])) == []
    assert of_rule(OUT, diff(agent, [tool("locate", out=COMMENT)])) == []
    assert single(OUT, fixture_findings(OUT)).path == ""


def test_the_same_union_on_both_sides_agrees():
    assert diff([tool("review", comments(COMMENT))], [tool("review", comments(COMMENT))]) == []


def test_an_agent_union_whose_other_alternative_cannot_send_the_object_keeps_its_choice():
    """The agent sends `m` as `line` or `position` models, or sends a string: its `m` always
    holds one, as the server asks (no in.choice); the server's `Optional[Union]` of the same
    asks it of an agent whose `m` may hold neither."""
    def holding(key: str) -> dict[str, Any]:
        return obj({"m": either(key)})

    server_m = obj({"m": {"anyOf": [either("line"), either("position")]}})
    for third in ({"type": "string"}, obj({"x": LINE}, additionalProperties=False)):
        agent = {"anyOf": [holding("line"), holding("position"), third]}
        assert of_rule(IN, diff([tool("t", agent)], [tool("t", server_m)])) == []
    server = {"anyOf": [holding("line"), holding("position"), {"type": "null"}]}
    agent = obj({"m": obj({"line": LINE, "position": LINE})})
    assert single(IN, diff([tool("t", agent)], [tool("t", server)])).path == "m"


def test_an_agent_keyword_not_modelled_may_hold_a_group_so_nothing_is_said():
    # `minProperties: 1` over `line` and `position` alone, closed: one of them is always sent
    agent = obj({"line": LINE, "position": LINE}, additionalProperties=False, minProperties=1)
    assert of_rule(IN, sent(agent)) == []


def test_an_agent_alternative_no_value_satisfies_sends_nothing():
    """The agent's first alternative requires `m` and refuses it: only the second is sent,
    and it requires `b` and `c` (jsonschema: every agent value is accepted)."""
    agent = {"anyOf": [obj({"c": LINE}, ("m",), additionalProperties=False),
                       {"type": "object", "required": ["b", "c"]}]}
    server = {"anyOf": [{"type": "object", "required": ["a"]},
                        {"type": "object", "required": ["b", "c"]}]}
    assert diff([tool("t", agent)], [tool("t", server)]) == []
