from __future__ import annotations

import pytest
from jsonschema import Draft202012Validator
from rulefixtures import children_reads, diff, fixture_findings, obj, of_rule, single, tool

S = {"type": "string"}
I = {"type": "integer"}  # noqa: E741 - reads as a type name


# -- in.unknown ------------------------------------------------------------------------------


def test_unknown_catches_name_against_phase_id():
    findings = fixture_findings("in.unknown")
    f = single("in.unknown", findings)
    assert (f.tool, f.path, f.severity, f.direction) == (
        "check_phases", "phases[].name", "error", "in")
    assert f.message == ("the agent sends `phases[].name`, which the server does not "
                         "declare; the server's object at `phases[]` is closed, so every "
                         "call that sends it is rejected")
    assert f.hint == ("the server declares `phases[].phase_id`, which the agent does not "
                      "send: rename `name` to `phase_id` in the agent's schema if it is the "
                      "same field")
    # and the other half of the rename
    assert single("in.missing-required", findings).path == "phases[].phase_id"


def test_unknown_is_a_warning_where_the_server_object_is_open():
    f = single("in.unknown", diff([tool("t", obj({"a": S, "b": S}))], [tool("t", obj({"a": S}))]))
    assert (f.path, f.severity) == ("b", "warning")
    assert f.message.endswith("the server's object at the root is open, so the value is "
                              "silently ignored")


def test_a_key_the_agents_schema_refuses_is_never_sent():
    # `false`, or `{"not": {}}` (zod's `z.never()`): not sent, so neither unknown to a
    # closed server (before: "every call that sends it is rejected") nor sent optionally
    for never in (False, {"not": {}}):
        agent = obj({"a": S, "b": never})
        closed = obj({"a": S}, additionalProperties=False)
        assert diff([tool("t", agent)], [tool("t", closed)]) == []
        f = single("in.missing-required", diff([tool("t", agent)],
                                               [tool("t", obj({"a": S, "b": S}, ("b",)))]))
        assert f.message == ("the server requires `b`, which the agent never sends; every "
                             "call is rejected")
        assert f.hint.startswith("the agent's schema refuses it")


def test_unknown_is_reported_once_at_the_topmost_path():
    deep = obj({"extra": obj({"a": obj({"b": S})})})
    findings = diff([tool("t", deep)], [tool("t", obj({}, additionalProperties=False))])
    assert [(f.rule_id, f.path) for f in findings] == [("in.unknown", "extra")]


def test_maps_free_form_objects_and_any_absorb_unknown_keys():
    agent = obj({"labels": obj({"team": S}), "meta": obj({"x": I}), "blob": obj({"y": S})})
    server = obj({"labels": {"type": "object", "additionalProperties": S},
                  "meta": {"type": "object"}, "blob": {}}, additionalProperties=False)
    assert diff([tool("t", agent)], [tool("t", server)]) == []


def test_an_agent_map_against_a_closed_object_may_send_unknown_keys():
    agent = obj({"opts": {"type": "object", "additionalProperties": S}})
    server = obj({"opts": obj({"color": S}, additionalProperties=False)})
    f = single("in.unknown", diff([tool("t", agent)], [tool("t", server)]))
    assert f.path == "opts{}"
    assert f.message.startswith("the agent sends any key at `opts`, which the server does not "
                                "declare")


def test_a_recursive_server_node_produces_no_noise_below_it():
    server = {"$defs": {"node": obj({"next": {"$ref": "#/$defs/node"}, "v": S},
                                    additionalProperties=False)},
              "$ref": "#/$defs/node"}
    agent = obj({"v": S, "next": obj({"v": S, "next": obj({"v": S, "zzz": S})})})
    assert of_rule("in.unknown", diff([tool("t", agent)], [tool("t", server)])) == []


def test_a_type_mismatch_is_not_also_reported_as_unknown_children():
    findings = diff([tool("t", obj({"a": obj({"b": S})}))],
                    [tool("t", obj({"a": S}, additionalProperties=False))])
    assert [(f.rule_id, f.path) for f in findings] == [("in.type", "a")]


def test_the_rename_hint_reads_the_servers_object_once_however_many_keys_are_unknown(
        monkeypatch):
    """Each unknown key's hint offers the server's keys the agent never sends, required
    first: they are read and sorted once an object (once a key made an object of k unknown
    keys cost k scans and sorts: 2,000 keys took 2.5 s), and every hint says the same."""
    asked = children_reads(monkeypatch)

    def diffed(k):
        asked.clear()
        agent = [tool("t", obj({f"a{i}": S for i in range(k)}))]
        server = [tool("t", obj({f"b{i}": S for i in range(k)}, [f"b{i}" for i in range(0, k, 2)]))]
        found = of_rule("in.unknown", diff(agent, server))
        assert len(found) == k
        return asked.count(()), {f.hint for f in found}

    (few, _), (many, hints) = diffed(10), diffed(40)
    assert few == many
    assert hints == {"the server declares `b0`, `b10`, `b12`, `b14`, `b16` here, which the "
                     "agent does not send: rename the field to one of them, or remove it from "
                     "the agent's schema"}


# -- in.missing-required ---------------------------------------------------------------------


def test_missing_required_sent_only_optionally():
    f = single("in.missing-required", fixture_findings("in.missing-required"))
    assert (f.path, f.severity) == ("query", "error")
    assert f.message == ("the server requires `query`, which the agent sends only "
                         "optionally; calls that leave it out are rejected")


def test_missing_required_never_sent():
    f = single("in.missing-required", diff([tool("t", obj({"a": S}))],
                                           [tool("t", obj({"a": S, "b": S}, ("b",)))]))
    assert f.path == "b"
    assert f.message == "the server requires `b`, which the agent never sends; every call " \
                        "is rejected"


def test_missing_required_only_inside_objects_the_agent_sends():
    server = obj({"q": S, "filter": obj({"field": S}, ("field",))}, ("q",))
    assert diff([tool("t", obj({"q": S}, ("q",)))], [tool("t", server)]) == []
    agent = obj({"q": S, "filter": obj({"other": S})}, ("q",))
    findings = diff([tool("t", agent)], [tool("t", server)])
    assert single("in.missing-required", findings).path == "filter.field"


def test_keys_required_in_a_free_form_agent_object_are_a_warning_at_the_object():
    """The agent's ``filter: dict`` names no key: nothing tells it to send the ``field``
    the server requires there (``{"filter": {}}`` is rejected; parity said nothing). One
    warning at the object, naming every key, not one a key: the model may guess them."""
    server = obj({"filter": obj({"field": S, "op": S, "x": S}, ("field", "op"),
                                additionalProperties=False)}, ("filter",))
    assert not Draft202012Validator(server).is_valid({"filter": {}})
    for free in ({"type": "object"}, {}, {"type": "object", "additionalProperties": True}):
        f = single("in.missing-required",
                   diff([tool("t", obj({"filter": free}, ("filter",)))], [tool("t", server)]))
        assert (f.path, f.severity) == ("filter", "warning")
        assert 'the server requires the keys "field", "op": nothing tells the agent' in (
            f.message), f.message
    # at the root: a stub of no declared argument against a server that requires one
    f = single("in.missing-required", diff([tool("t", {"type": "object"})],
                                           [tool("t", obj({"q": S}, ("q",)))]))
    assert (f.path, f.severity) == ("", "warning") and '"q"' in f.message
    # a map takes any key: each required one is sent only optionally (an error a key)
    agent = obj({"filter": {"type": "object", "additionalProperties": S}}, ("filter",))
    assert all(f.severity == "error" for f in of_rule(
        "in.missing-required", diff([tool("t", agent)], [tool("t", server)])))


def test_required_is_a_set():
    a = obj({"a": S, "b": S}, ("a", "b"))
    b = obj({"b": S, "a": S}, ("b", "a"))
    assert diff([tool("t", a)], [tool("t", b)]) == []


# -- in.type ---------------------------------------------------------------------------------


def test_type_null_where_the_server_does_not_allow_it():
    f = single("in.type", fixture_findings("in.type"))
    assert (f.path, f.severity) == ("limit", "error")
    assert f.message == ("the agent may send null at `limit`, the server accepts only "
                         "integer; such calls are rejected")
    assert f.hint == "constrain the agent's field to integer (or allow null on the server)"


def test_integer_fits_number_but_not_the_reverse():
    assert diff([tool("t", obj({"n": I}))], [tool("t", obj({"n": {"type": "number"}}))]) == []
    f = single("in.type", diff([tool("t", obj({"n": {"type": "number"}}))],
                               [tool("t", obj({"n": I}))]))
    assert "may send number at `n`" in f.message


@pytest.mark.parametrize("step", [1, 1.0, 3])
def test_a_number_of_whole_steps_is_an_integer(step):
    """``type: number, multipleOf: 1`` holds whole numbers alone, which JSON Schema types
    ``integer`` (``3.0`` too): a server's ``integer`` takes all of them."""
    agent = {"type": "number", "multipleOf": step}
    assert Draft202012Validator({"type": "integer"}).is_valid(3.0 * step)
    assert diff([tool("t", obj({"n": agent}))], [tool("t", obj({"n": I}))]) == []
    f = single("in.type", diff([tool("t", obj({"n": agent | {"multipleOf": 0.5}}))],
                               [tool("t", obj({"n": I}))]))
    assert "may send number at `n`" in f.message


def test_anyof_x_null_is_x_or_null():
    agent = obj({"c": {"anyOf": [S, {"type": "null"}]}})
    server = obj({"c": {"type": ["null", "string"]}})
    assert diff([tool("t", agent)], [tool("t", server)]) == []


def test_an_untyped_agent_field_against_a_typed_server_field():
    f = single("in.type", diff([tool("t", obj({"x": {}}))], [tool("t", obj({"x": S}))]))
    assert "a value of any type" in f.message
    assert diff([tool("t", obj({"x": S}))], [tool("t", obj({"x": {}}))]) == []


def test_items_false_takes_no_item_and_no_position_past_the_tuple():
    """2020-12 ``items: false`` (draft-07 ``additionalItems: false``) is an ``[]`` node that
    holds no value, not a missing one that would read as items left unconstrained."""
    strings = {"type": "array", "items": S}
    triple = {"type": "array", "prefixItems": [S, S, S]}
    closed = {"type": "array", "prefixItems": [S], "items": False}
    findings = diff([tool("t", obj({"u": strings, "t": triple}))],
                    [tool("t", obj({"u": {"type": "array", "items": False}, "t": closed}))])
    # the agent's triple has an open tail (no `items`): any value may follow its three
    assert [(f.rule_id, f.path) for f in findings] == [
        ("in.type", "t[1]"), ("in.type", "t[2]"), ("in.type", "t[]"), ("in.type", "u[]")]
    assert "where the server accepts no value" in findings[0].message
    legacy = {"$schema": "http://json-schema.org/draft-07/schema#", "type": "object",
              "properties": {"t": {"type": "array", "items": [S], "additionalItems": False}}}
    agent = {"type": "object", "properties": {"t": {"type": "array", "items": [S, S]}},
             "$schema": "http://json-schema.org/draft-07/schema#"}
    found = of_rule("in.type", diff([tool("t", agent)], [tool("t", legacy)]))
    assert [f.path for f in found] == ["t[1]", "t[]"]  # and the agent's open tail


def test_an_untyped_enum_sends_only_its_values_types():
    """``{"enum": ["asc"]}`` sends a string; pydantic writes ``Literal[None, "x"]`` as an
    untyped ``{"enum": [null, "x"]}``, which an ``Optional[Literal["x"]]`` server takes."""
    server = {"type": "string", "enum": ["asc", "desc"]}
    assert diff([tool("t", obj({"o": {"enum": ["asc"]}}))], [tool("t", obj({"o": server}))]) == []
    optional = {"anyOf": [{"type": "string", "enum": ["x"]}, {"type": "null"}]}
    assert diff([tool("t", obj({"o": {"enum": [None, "x"]}}))],
                [tool("t", obj({"o": optional}))]) == []
    f = single("in.type", diff([tool("t", obj({"o": {"enum": ["asc", 1, 2.0, 2.5]}}))],
                               [tool("t", obj({"o": server}))]))
    assert "the agent may send integer or number at `o`" in f.message, f.message


# -- in.enum ---------------------------------------------------------------------------------


def test_enum_value_outside_the_servers():
    f = single("in.enum", fixture_findings("in.enum"))
    assert f.message == ('the agent may send "random" at `order`, which the server does not '
                         'accept (it accepts "asc", "desc"); such calls are rejected')


def test_enum_order_never_matters_and_a_subset_is_fine():
    agent = obj({"o": {"enum": ["b", "a"]}})
    server = obj({"o": {"enum": ["a", "c", "b"]}})
    assert diff([tool("t", agent)], [tool("t", server)]) == []


def test_an_empty_server_enum_is_said_in_words():
    """``{"enum": []}`` accepts no value: said so, never as an empty list of values; an
    agent's own empty enum sends nothing, so it is no finding."""
    f = single("in.enum", diff([tool("t", obj({"o": {"enum": ["a"]}}))],
                               [tool("t", obj({"o": {"enum": []}}))]))
    assert f.message == ('the agent may send "a" at `o`, which the server does not accept '
                         "(the server's enum is empty: it accepts no value there); such calls "
                         "are rejected")
    f = single("in.enum", diff([tool("t", obj({"o": {"type": "string"}}))],
                               [tool("t", obj({"o": {"enum": []}}))]))
    assert "the server's enum is empty: it accepts no value there" in f.message, f.message
    assert diff([tool("t", obj({"o": {"enum": []}}))],
                [tool("t", obj({"o": {"type": "string", "enum": ["a"]}}))]) == []


def test_an_agent_without_an_enum_may_send_anything():
    f = single("in.enum", diff([tool("t", obj({"o": S}))],
                               [tool("t", obj({"o": {"enum": ["a"]}}))]))
    assert f.message.startswith("the agent may send any value at `o`")


#: pydantic's ``Literal["auto"] | int``, ``Literal["auto", "manual"] | int``, ``str | int``
AUTO = {"anyOf": [{"const": "auto", "type": "string"}, {"type": "integer"}]}
AUTO_MANUAL = {"anyOf": [{"enum": ["auto", "manual"], "type": "string"}, {"type": "integer"}]}
STR_INT = {"anyOf": [S, I]}


def test_a_server_enum_limiting_the_strings_alone_is_held_against_the_agents_strings():
    """``Literal["auto"] | int``: no enum of the whole field, but the strings are limited
    (``enum_by_type``); once lost in the merge, any string passed."""
    f = single("in.enum", diff([tool("t", obj({"m": STR_INT}))], [tool("t", obj({"m": AUTO}))]))
    assert f.path == "m" and f.message == (
        'the agent may send any string at `m`, where the server accepts only "auto" among '
        "strings (any integer otherwise); such calls are rejected")
    assert f.facts == ('any string; server accepts "auto"',)
    f = single("in.enum", diff([tool("t", obj({"m": AUTO_MANUAL}))],
                               [tool("t", obj({"m": AUTO}))]))
    assert f.message.startswith('the agent may send "manual" at `m`, where the server')
    assert f.facts == ('"manual"',)
    # a plain enum of the agent's, of a type limited or not
    f = single("in.enum", diff([tool("t", obj({"m": {"enum": ["auto", "x", 7]}}))],
                               [tool("t", obj({"m": AUTO}))]))
    assert f.facts == ('"x"',)
    # an agent within the server's values of each type it limits: no finding
    for agent in (AUTO, {"const": "auto"}, I, {"enum": ["auto", 1, 2]},
                  {"anyOf": [{"const": "auto"}, {"type": "integer", "maximum": 3}]}):
        assert diff([tool("t", obj({"m": agent}))], [tool("t", obj({"m": AUTO}))]) == [], agent
    # the agent limits its strings where the server takes any: fine to send
    assert diff([tool("t", obj({"m": AUTO}))], [tool("t", obj({"m": STR_INT}))]) == []


def test_an_agent_limiting_some_types_sends_every_value_of_the_others():
    """Against a server's plain enum: the agent's few values (its strings' enum, a bounded
    integer) are all it sends; a free string is any value."""
    bounded = {"anyOf": [{"const": "auto", "type": "string"},
                         {"type": "integer", "minimum": 0, "maximum": 2}]}
    server = {"enum": ["auto", 0, 1, 2]}
    assert diff([tool("t", obj({"m": bounded}))], [tool("t", obj({"m": server}))]) == []
    f = single("in.enum", diff([tool("t", obj({"m": bounded}))],
                               [tool("t", obj({"m": {"enum": ["auto", 0, 1]}}))]))
    assert f.facts == ("2",)


def test_numbers_in_enums_are_equal_as_numbers():
    """JSON Schema compares ``enum``/``const`` numbers by value: ``2`` is ``2.0``, ``0`` is
    ``-0.0``; ``true`` is still not ``1``."""
    for mine, theirs in (([2], [2.0, 3]), ([1.0], [1]), ([-0.0], [0])):
        assert diff([tool("t", obj({"n": {"type": "number", "enum": mine}}))],
                    [tool("t", obj({"n": {"type": "number", "enum": theirs}}))]) == []
    f = single("in.enum", diff([tool("t", obj({"n": {"enum": [True]}}))],
                               [tool("t", obj({"n": {"enum": [1]}}))]))
    assert "true" in f.message


def test_numbers_inside_enum_values_are_equal_as_numbers():
    """``[1.0]`` is ``[1]`` to JSON Schema, and ``{"a": 2.0}`` is ``{"a": 2}``."""
    for mine, theirs in (([[1.0]], [[1], [2]]), ([{"a": 2.0}], [{"a": 2}]),
                         ([[{"b": -0.0}]], [[{"b": 0}]])):
        assert diff([tool("t", obj({"v": {"enum": mine}}))],
                    [tool("t", obj({"v": {"enum": theirs}}))]) == [], (mine, theirs)
    f = single("in.enum", diff([tool("t", obj({"v": {"enum": [[True]]}}))],
                               [tool("t", obj({"v": {"enum": [[1]]}}))]))
    assert "[true]" in f.message, f.message


def test_enum_values_the_fields_type_refuses_are_never_sent():
    """``{"type": "string", "enum": ["x", 1]}`` can only hold ``"x"``: 1 is no finding."""
    mine = {"type": "string", "enum": ["x", 1]}
    assert diff([tool("t", obj({"v": mine}))],
                [tool("t", obj({"v": {"type": "string", "enum": ["x"]}}))]) == []
    f = single("in.enum", diff([tool("t", obj({"v": {"type": "string", "enum": ["x", "y", 1]}}))],
                               [tool("t", obj({"v": {"type": "string", "enum": ["x"]}}))]))
    assert '"y"' in f.message and " 1" not in f.message


def test_a_list_sent_to_a_tuple_is_held_to_every_position():
    """pydantic's ``tuple[str, int]`` is ``prefixItems``: an agent's ``list[str]`` may put a
    string where the server wants an integer."""
    strings = {"type": "array", "items": S}
    pair_ = {"type": "array", "prefixItems": [S, I], "minItems": 2, "maxItems": 2}
    f = single("in.type", diff([tool("t", obj({"t": strings}))],
                               [tool("t", obj({"t": pair_}))]))
    assert f.path == "t[1]" and "may send string at `t[1]`" in f.message, f.message
    same = {"type": "array", "prefixItems": [S, S]}
    assert of_rule("in.type", diff([tool("t", obj({"t": strings}))],
                                   [tool("t", obj({"t": same}))])) == []
    # out: the server returns the tuple, the agent reads a list of strings
    f = single("out.type", diff([tool("t", out=obj({"t": strings}))],
                                [tool("t", out=obj({"t": pair_}))]))
    assert f.path == "t[1]" and "may return integer at `t[1]`" in f.message, f.message


def test_what_is_below_a_list_sent_to_a_tuple_is_held_to_each_position():
    """A stub sends ``pair[{x, extra}]``, the server takes ``tuple[Closed, Open]``: every
    item may land on either position, so each position's fields are compared (the nested
    drift a check of the list's item type alone passes)."""
    item = obj({"x": S, "extra": S}, required=("x",))
    closed = obj({"x": I, "y": S}, required=("x", "y"), additionalProperties=False)
    open_ = obj({"x": S})
    findings = diff([tool("t", obj({"pair": {"type": "array", "items": item}}))],
                    [tool("t", obj({"pair": {"type": "array", "prefixItems": [closed, open_]}}))])
    assert [(f.rule_id, f.path, f.severity) for f in findings] == [
        ("in.missing-required", "pair[0].y", "error"), ("in.type", "pair[0].x", "error"),
        ("in.unknown", "pair[0].extra", "error"), ("in.unknown", "pair[1].extra", "warning")]
    # a position the agent names itself is its own, not a copy of the list's item
    named = {"type": "array", "prefixItems": [obj({"x": I, "y": S}, required=("x", "y"))],
             "items": item}
    findings = diff([tool("t", obj({"pair": named}))],
                    [tool("t", obj({"pair": {"type": "array", "prefixItems": [closed, open_]}}))])
    assert [(f.rule_id, f.path) for f in findings] == [
        ("in.unknown", "pair[1].extra")], findings
    # a tuple with a schema for the rest: the positions and the rest are each compared
    rest = {"type": "array", "prefixItems": [closed], "items": obj({"x": I})}
    assert [(f.rule_id, f.path) for f in diff(
        [tool("t", obj({"pair": {"type": "array", "items": item}}))],
        [tool("t", obj({"pair": rest}))])] == [
        ("in.missing-required", "pair[0].y"), ("in.type", "pair[0].x"), ("in.type", "pair[].x"),
        ("in.unknown", "pair[0].extra"), ("in.unknown", "pair[].extra")]


def test_a_list_read_from_a_tuple_is_compared_below_each_position():
    item = obj({"id": S, "n": I}, required=("id", "n"))
    server = {"type": "array", "prefixItems": [obj({"id": S, "n": S}, required=("id", "n")),
                                               obj({"id": S}, required=("id",))],
              "maxItems": 2}  # else the tuple's open tail may return anything
    findings = diff([tool("t", out=obj({"rows": {"type": "array", "items": item}}))],
                    [tool("t", out=obj({"rows": server}))])
    assert [(f.rule_id, f.path) for f in findings] == [
        ("out.missing", "rows[1].n"), ("out.type", "rows[0].n")], findings


def test_tuples_inside_a_spread_list_are_spread_too_within_a_bound(monkeypatch):
    from parity.contract.rules import _align

    inner = {"type": "array", "items": obj({"v": S})}
    tuple_of = {"type": "array", "prefixItems": [obj({"v": I}), obj({"v": S})]}
    agent = obj({"m": {"type": "array", "items": inner}})
    server = obj({"m": {"type": "array", "prefixItems": [tuple_of, tuple_of]}})
    findings = diff([tool("t", agent)], [tool("t", server)])
    assert [(f.rule_id, f.path) for f in findings] == [
        ("in.type", "m[0][0].v"), ("in.type", "m[1][0].v")]
    # past the bound the positions left are not compared (as items left unconstrained)
    monkeypatch.setattr(_align, "MAX_SPREAD", 2)
    assert [f.path for f in diff([tool("t", agent)], [tool("t", server)])] == []


def test_a_key_a_closed_all_of_branch_leaves_out_is_refused():
    # the server's model: `additionalProperties: false` beside `a` only, in one branch; `b`
    # declared (and required) by the other branch is refused by the first: every call fails
    server = {"type": "object", "allOf": [
        {"properties": {"a": {"type": "string"}}, "additionalProperties": False},
        {"properties": {"b": {"type": "string"}}, "required": ["b"]}]}
    agent = {"type": "object", "properties": {"b": {"type": "string"}}, "required": ["b"]}
    findings = of_rule("in.type", diff([tool("t", agent)], [tool("t", server)]))
    assert [(f.path, f.severity) for f in findings] == [("b", "error")]
    assert "`additionalProperties: false` beside it leaves the key out" in findings[0].message
    # so does `unevaluatedProperties: false` in that branch: it sees only the branch's keys
    server["allOf"][0] = {"properties": {"a": {"type": "string"}},
                          "unevaluatedProperties": False}
    assert [f.path for f in of_rule("in.type", diff([tool("t", agent)],
                                                    [tool("t", server)]))] == ["b"]
    # beside the allOf it sees every branch's keys: `b` is taken
    server["allOf"][0] = {"properties": {"a": {"type": "string"}}}
    server["unevaluatedProperties"] = False
    assert diff([tool("t", agent)], [tool("t", server)]) == []


def test_a_key_a_closed_pattern_map_does_not_match_is_unknown():
    # the server takes only `x-` keys; the agent sends a required `foo`: every call fails
    server = {"type": "object", "additionalProperties": False,
              "patternProperties": {"^x-": {"type": "string"}}}
    agent = obj({"foo": S, "x-trace": S}, ("foo",))
    finding = single("in.unknown", diff([tool("t", agent)], [tool("t", server)]))
    assert (finding.path, finding.severity) == ("foo", "error")
    assert "is closed" in finding.message
    # an open object takes the key unchecked: undeclared, as beside any open object's
    # properties (its patterns never meet it)
    del server["additionalProperties"]
    finding = single("in.unknown", diff([tool("t", agent)], [tool("t", server)]))
    assert (finding.path, finding.severity) == ("foo", "warning")


def test_a_named_key_is_compared_with_the_map_schemas_that_take_it():
    # a declared `n` a pattern also takes; a required `a` only additionalProperties takes
    server = {"type": "object", "properties": {"n": {"type": "number"}},
              "patternProperties": {"^n$": {"type": "integer"}}, "required": ["a"],
              "additionalProperties": {"type": "string"}}
    agent = obj({"n": {"type": "number"}, "a": {"type": "integer"}}, ("a",))
    findings = of_rule("in.type", diff([tool("t", agent)], [tool("t", server)]))
    assert [(f.path, f.severity) for f in findings] == [("a", "error"), ("n", "error")]
    assert "accepts only string" in findings[0].message
    assert "accepts only integer" in findings[1].message


def test_an_agent_map_against_a_closed_pattern_map_may_send_refused_keys():
    server = obj({"meta": {"type": "object", "additionalProperties": False,
                           "patternProperties": {"^x-": S}}})
    free = obj({"meta": {"type": "object", "additionalProperties": S}})
    finding = single("in.unknown", diff([tool("t", free)], [tool("t", server)]))
    assert (finding.path, finding.severity) == ("meta{}", "error")
    assert "may send any key at `meta`" in finding.message and "`^x-`" in finding.message
    # the server's own patterns (or a part of them) are taken; another pattern is not
    same = obj({"meta": {"type": "object", "additionalProperties": False,
                         "patternProperties": {"^x-": S}}})
    assert diff([tool("t", same)], [tool("t", server)]) == []
    other = obj({"meta": {"type": "object", "patternProperties": {"^y-": S}}})
    assert "keys matching `^y-`" in single(
        "in.unknown", diff([tool("t", other)], [tool("t", server)])).message
    # an open server map takes any key
    del server["properties"]["meta"]["additionalProperties"]
    assert of_rule("in.unknown", diff([tool("t", free)], [tool("t", server)])) == []


def test_an_array_that_says_nothing_of_its_items_may_hold_anything():
    """No ``items`` is ``items: {}``: both spellings compare alike, in both directions."""
    bare, strings = {"type": "array"}, {"type": "array", "items": S}
    for agent in (bare, {"type": "array", "items": {}}):
        f = single("in.type", diff([tool("t", obj({"ids": agent}))],
                                   [tool("t", obj({"ids": strings}))]))
        assert f.path == "ids[]" and "a value of any type" in f.message
    # the server's bare array may return anything the agent's typed items refuse
    f = single("out.type", diff([tool("t", out=obj({"ids": strings}))],
                                [tool("t", out=obj({"ids": bare}))]))
    assert f.path == "ids[]" and "may return a value of any type" in f.message
    # a server taking any item accepts the agent's typed ones; the agent reading any item
    # accepts what the server returns
    assert diff([tool("t", obj({"ids": strings}))], [tool("t", obj({"ids": bare}))]) == []
    assert diff([tool("t", out=obj({"ids": bare}))], [tool("t", out=obj({"ids": strings}))]) == []
    # a tuple's open tail is such an array too, unless maxItems ends it at its positions
    tail = {"type": "array", "prefixItems": [S]}
    f = single("in.type", diff([tool("t", obj({"t": tail}))], [tool("t", obj({"t": strings}))]))
    assert f.path == "t[]"
    f = single("in.type", diff([tool("t", obj({"t": tail | {"maxItems": 2}}))],
                               [tool("t", obj({"t": strings}))]))
    assert f.path == "t[]"
    assert diff([tool("t", obj({"t": tail | {"maxItems": 1}}))],
                [tool("t", obj({"t": strings}))]) == []


def test_a_key_no_pattern_of_an_open_pattern_map_matches_is_undeclared_not_typed():
    # the server's integers are for `x-` keys only: the agent's `a` is not one, so it is
    # not held to them (an in.type error was a false alarm); it is undeclared (a warning)
    server = {"type": "object", "patternProperties": {"^x-": I}}
    f = single("in.unknown", diff([tool("t", obj({"a": S}))], [tool("t", server)]))
    assert (f.path, f.severity) == ("a", "warning")
    assert of_rule("in.type", diff([tool("t", obj({"a": S}))], [tool("t", server)])) == []
    # a key the patterns match is held to them
    f = single("in.type", diff([tool("t", obj({"x-a": S}))], [tool("t", server)]))
    assert f.path == "x-a"


def test_a_closed_pattern_map_that_drifted_is_compared_by_keys_not_spelling():
    def closed(pattern: str) -> dict:
        return {"type": "object", "patternProperties": {pattern: S},
                "additionalProperties": False}

    # the tables differed only in the map's patterns: the shortcut took them as agreeing
    f = single("in.unknown", diff([tool("t", closed("^x-"))], [tool("t", closed("^x-[a-z]+$"))]))
    assert (f.path, f.severity) == ("{}", "error")
    assert '(such as "x-")' in f.message, f.message
    # spelled differently, the agent's keys all within the server's: no key is found that
    # the server refuses, so no error; the difference is said as a possibility (as
    # in.constraint says a pattern it finds no witness against)
    for agent, server in (("^x-[a-z]+$", "^x-"), ("^(a|b)$", "^[ab]$")):
        f = single("in.unknown", diff([tool("t", closed(agent))], [tool("t", closed(server))]))
        assert f.severity == "warning" and "possibly narrower" in f.message, f.message
    assert diff([tool("t", closed("^x-"))], [tool("t", closed("^x-"))]) == []


def test_a_type_with_few_values_is_held_to_the_enum_by_its_values():
    """A boolean sends true or false; an integer from 1 to 3 sends 1, 2 or 3: against an
    enum holding them all there is nothing to say (an in.enum error said "any value")."""
    for agent, server in (({"type": "boolean"}, {"enum": [True, False]}),
                          ({"type": ["boolean", "null"]}, {"enum": [None, True, False]}),
                          ({"type": "integer", "minimum": 1, "maximum": 3}, {"enum": [1, 2, 3]}),
                          ({"type": "integer", "exclusiveMinimum": 0.5, "exclusiveMaximum": 2},
                           {"type": "integer", "enum": [1]})):
        assert diff([tool("t", obj({"v": agent}))], [tool("t", obj({"v": server}))]) == [], agent
        assert diff([tool("t", out=obj({"v": server}))], [tool("t", out=obj({"v": agent}))]) == []
    f = single("in.enum", diff([tool("t", obj({"v": {"type": "integer", "minimum": 0,
                                                      "maximum": 3}}))],
                               [tool("t", obj({"v": {"enum": [1, 2, 3]}}))]))
    assert "may send 0 at `v`" in f.message, f.message
    f = single("out.enum", diff([tool("t", out=obj({"v": {"enum": [True]}}))],
                                [tool("t", out=obj({"v": {"type": "boolean"}}))]))
    assert "may return false at `v`" in f.message, f.message
    # the tighter of two bounds counts: below 4 however high `maximum` says
    both = {"type": "integer", "minimum": 1, "maximum": 1000, "exclusiveMaximum": 4}
    assert diff([tool("t", obj({"v": both}))],
                [tool("t", obj({"v": {"enum": [1, 2, 3]}}))]) == []
    # multipleOf thins them out; an empty tuple holds no item at all
    stepped = {"type": "integer", "minimum": 0, "maximum": 6, "multipleOf": 2}
    assert diff([tool("t", obj({"v": stepped}))],
                [tool("t", obj({"v": {"enum": [0, 2, 4, 6]}}))]) == []
    empty = {"type": "array", "maxItems": 0}
    assert diff([tool("t", obj({"v": empty}))], [tool("t", obj({"v": {"type": "array",
                                                                     "items": I}}))]) == []
    # many values, or a string: any value, as before
    f = single("in.enum", diff([tool("t", obj({"v": {"type": "integer", "minimum": 0}}))],
                               [tool("t", obj({"v": {"enum": [1, 2, 3]}}))]))
    assert "may send any value" in f.message


def test_a_key_no_pattern_matches_is_typed_by_an_additional_properties_schema():
    # beside `additionalProperties: integer`, `ya` lands on the map: a boolean is rejected
    server = {"type": "object", "patternProperties": {"^x-": S},
              "additionalProperties": I}
    f = single("in.type", diff([tool("t", obj({"v": obj({"ya": {"type": "boolean"}})}))],
                               [tool("t", obj({"v": server}))]))
    assert f.path == "v.ya" and f.severity == "error"
    # and the server may return it: the key the agent reads is no missing one (the map's
    # value types are the union of its schemas': out.type says `string` may come too)
    findings = diff([tool("t", out=obj({"v": obj({"ya": I}, ("ya",))}))],
                    [tool("t", out=obj({"v": server}))])
    assert ("out.optional", "v.ya") in [(f.rule_id, f.path) for f in findings], findings
    assert of_rule("out.missing", findings) == []


def test_missing_required_facts_say_how_the_agent_sends_the_key():
    # a baseline holds the entry to them: optional, then never sent, fails every call
    server = [tool("t", obj({"id": {"type": "string"}}, ("id",)))]
    never = single("in.missing-required",
                   diff([tool("t", obj({"q": {"type": "string"}}))], server))
    maybe = single("in.missing-required",
                   diff([tool("t", obj({"id": {"type": "string"}}))], server))
    assert (never.facts, maybe.facts) == (("agent never sends it",),
                                          ("agent sends it optionally",))
    free = single("in.missing-required", diff(
        [tool("t", obj({"o": {"type": "object"}}))],
        [tool("t", obj({"o": obj({"a": {}, "b": {}}, ("a", "b"))}))]))
    assert (free.severity, free.facts) == ("warning", ('"a"', '"b"'))
