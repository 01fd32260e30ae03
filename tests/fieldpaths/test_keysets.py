"""Keys an object takes only apart: the keysets a ``oneOf`` whose branches differ only in the
keys they require and declare ("exactly one of"), or a ``not`` of a requirement ("never all
of"), leaves an object (``parity.fieldpaths.keysets``), held to ``jsonschema``."""

from __future__ import annotations

import itertools
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from parity.fieldpaths.keysets import (
    MAX_KEYS,
    excluded,
    joined,
    of_branches,
    one_of_mark,
    refuses_every_value,
    refusing,
)
from parity.fieldpaths.schema import extract_paths
from tests.fieldpaths.test_direct import assert_same
from tests.properties import draws

NAMES = ("a", "b", "c", "d")
INT = {"type": "integer"}


def exactly_one(*groups: tuple[str, ...], keyword: str = "oneOf", **extra: Any
                ) -> dict[str, Any]:
    """An object of integer fields ``a`` to ``d`` and a union of branches requiring
    ``groups``."""
    return {"type": "object", "properties": {n: INT for n in NAMES},
            keyword: [{"required": list(g)} for g in groups], **extra}


def facts(schema: Any, path: str = "") -> tuple[Any, Any]:
    assert_same(schema, path or "root")  # every walk reads it alike (and under tight bounds)
    entry = extract_paths(schema)[path]
    return entry.choice, entry.keysets


def test_a_url_or_a_path_never_both():
    choice, sets = facts(exactly_one(("a",), ("b",)))
    assert choice == (("a",), ("b",))
    # the keys no branch requires go with either
    assert sets == (("a", "c", "d"), ("b", "c", "d"))


def test_anyof_of_the_same_branches_takes_both():
    assert facts(exactly_one(("a",), ("b",), keyword="anyOf")) == ((("a",), ("b",)), ())


def test_branches_that_share_a_key_refuse_only_all_of_them_together():
    # JSON-Schema-Test-Suite's "oneOf with required": `foo` with `bar`, or with `baz`
    _, sets = facts({"type": "object", "oneOf": [{"required": ["foo", "bar"]},
                                                 {"required": ["foo", "baz"]}]})
    assert sets == (("bar", "baz"), ("bar", "foo"), ("baz", "foo"))


def test_a_keyset_may_lack_a_key_the_object_always_holds():
    # `c` is always there, so {b, d} is never held; the rules weigh the sets holding `c`
    _, sets = facts(exactly_one(("b", "c"), ("c", "d"), required=["c"]))
    assert sets == (("a", "b", "c"), ("a", "b", "d"), ("a", "c", "d"))
    # where `c` is required beside a `not` of `b` and `c`, `b` is never taken: said so by
    # the set without `c` beside the one with it
    never = {"type": "object", "properties": {n: INT for n in NAMES}, "required": ["c"],
             "not": {"required": ["b", "c"]}}
    assert facts(never)[1] == (("a", "b", "d"), ("a", "c", "d"))


def test_read_through_references_conjunctions_and_below_the_root():
    one_of = {"oneOf": [{"required": ["a"]}, {"required": ["b"]}]}
    expected = (("a", "c", "d"), ("b", "c", "d"))
    node = {"type": "object", "properties": {n: INT for n in NAMES}}
    assert facts({"allOf": [node, one_of]})[1] == expected
    assert facts({"$defs": {"Source": {**node, **one_of}}, "type": "object",
                  "properties": {"s": {"$ref": "#/$defs/Source"}}}, "s")[1] == expected
    # pydantic's model: its `oneOf` beside its properties, as `json_schema_extra` puts it
    assert facts({"type": "object", "properties": {"s": {**node, **one_of}}}, "s")[1] == expected


def test_a_oneof_of_open_objects_declaring_their_own_keys_refuses_them_together():
    # an OpenAPI document's (zod's `z.xor`): a `url` or a `path`, each beside `ref`
    def branch(key: str, kind: dict[str, Any], **extra: Any) -> dict[str, Any]:
        return {"type": "object", "properties": {key: kind, "ref": INT}, "required": [key],
                **extra}
    text = {"type": "string"}
    sources = {"oneOf": [branch("url", text), branch("path", text)]}
    assert facts(sources) == ((("path",), ("url",)), (("path", "ref"), ("ref", "url")))
    # so is it where both are closed to the same keys...
    same = {"type": "object", "additionalProperties": False,
            "properties": {"url": text, "path": text}}
    assert facts({**same, "oneOf": [{"required": ["url"]}, {"required": ["path"]}]})[1] == (
        ("path",), ("url",))
    # ...and where they are closed to their own keys, as any union of them (`apart`)
    closed = {"oneOf": [branch("url", text, additionalProperties=False),
                        branch("path", text, additionalProperties=False)]}
    assert facts(closed)[1] == (("path", "ref"), ("ref", "url"))
    # a key with a value each branch reads its own way tells them apart: not read
    kinds = {"oneOf": [branch("url", text), branch("path", text)]}
    kinds["oneOf"][1]["properties"]["ref"] = text
    assert facts(kinds)[1] == ()
    # (a call sending a key a value its branch refuses fits only the others: `{"url": 1,
    # "path": "p"}` passes; `in.type` reports such a value)
    assert Draft202012Validator(sources).is_valid({"url": 1, "path": "p"})
    assert not Draft202012Validator(sources).is_valid({"url": "u", "path": "p"})


def test_not_read_where_another_union_multiplies_the_branches():
    two = {"allOf": [exactly_one(("a",), ("b",)), exactly_one(("c",), ("d",))]}
    assert facts(two)[1] == ()
    beside = exactly_one(("a",), ("b",), anyOf=[{"required": ["c"]}, {"required": ["d"]}])
    assert facts(beside)[1] == ()
    inside = {"anyOf": [exactly_one(("a",), ("b",)), {"type": "object", "required": ["c"]}]}
    assert facts(inside)[1] == ()
    referred = {"$defs": {"A": {"required": ["a"]}}, **exactly_one(("b",), ("c",))}
    referred["oneOf"].append({"$ref": "#/$defs/A"})
    assert facts(referred)[1] == ()
    # a `not` beside the union: its alternatives' keysets are merged away
    assert facts(exactly_one(("a",), ("b",), **{"not": {"required": ["c", "d"]}}))[1] == ()


def test_marks_and_keysets_refuse_what_they_cannot_tell():
    assert one_of_mark([{"required": ["a"]}]) is None  # one branch: a plain conjunction
    assert one_of_mark([{"required": ["a"]}, {"anyOf": []}]) is None
    assert one_of_mark([{"required": ["a"]}, True]) is None
    mark = one_of_mark([{"required": ["a"]}, {"required": ["b"]}])
    assert mark is not None and of_branches([mark, mark])
    assert not of_branches([mark, mark, mark]) and not of_branches([mark, None])
    assert not of_branches([joined(mark, one_of_mark([{}, {}]))] * 2)
    assert refusing([()], ()) == ()  # two branches require nothing: no object fits one alone
    assert refusing([("a",)], ("a",)) == ()  # `a` never taken: one set would not weigh it
    many = [(f"k{i}",) for i in range(MAX_KEYS + 1)]
    assert refusing(many, ()) == ()


def test_a_not_of_a_requirement_refuses_those_keys_together():
    never_both = {"type": "object", "properties": {n: INT for n in NAMES},
                  "not": {"required": ["a", "b"]}}
    assert facts(never_both) == ((), (("a", "c", "d"), ("b", "c", "d")))
    # below the root, through a reference, beside other keywords
    assert facts({"$defs": {"V": never_both}, "type": "object",
                  "properties": {"v": {"$ref": "#/$defs/V", "description": "x"}}},
                 "v")[1] == (("a", "c", "d"), ("b", "c", "d"))
    # two `not`s in a conjunction: each set refused
    two = {"allOf": [never_both, {"not": {"required": ["c", "d"]}}]}
    assert facts(two)[1] == (("a", "c"), ("a", "d"), ("b", "c"), ("b", "d"))
    # what else a `not` says is not modelled: it is recorded so, and no keysets
    for other in ({"required": ["a"]}, {"required": ["a", "b"], "properties": {"a": INT}},
                  {"anyOf": [{"required": ["a"]}, {"required": ["b"]}]}):
        entry = extract_paths({**never_both, "not": other})[""]
        assert entry.keysets == () and entry.unsupported == ("not",)
    assert excluded({"required": ["b", "a"]}) == ("a", "b")
    assert refusing([("a", "b")], ("a", "b", "c")) == (("a", "c"), ("b", "c"))


def test_a_not_of_every_value_refuses_every_value():
    """``{"not": {}}`` (zod's ``z.never()``) and ``{"not": true}`` are ``false`` spelt
    otherwise: the key takes no value, and nothing is recorded as not modelled."""
    refused = extract_paths({"type": "object", "properties": {"b": False}})["b"]
    for never in ({"not": {}}, {"not": True}, {"type": "string", "not": {}}):
        schema = {"type": "object", "properties": {"b": never, "c": INT}}
        assert_same(schema, str(never))  # (the direct walk hands such a node over)
        assert extract_paths(schema)["b"] == refused
        assert not Draft202012Validator(schema).is_valid({"b": None})
    assert refuses_every_value({}) and refuses_every_value(True)
    assert not refuses_every_value({"type": "null"}) and not refuses_every_value(False)
    # what else a `not` says stays not modelled, as before
    assert extract_paths({"not": {"type": "null"}})[""].unsupported == ("not",)


@st.composite
def _schemas(draw: st.DrawFn) -> dict[str, Any]:
    groups = draw(st.lists(st.sets(st.sampled_from(NAMES), max_size=3), min_size=2,
                           max_size=4))
    if draw(st.integers(0, 2)) == 0:  # open branches declaring keys of their own
        return {"oneOf": [{"type": "object", "required": sorted(group), "properties": {
            n: INT for n in group | draw(st.sets(st.sampled_from(NAMES), max_size=2))}}
            for group in groups]}
    schema = exactly_one(*(tuple(sorted(g)) for g in groups),
                         required=sorted(draw(st.sets(st.sampled_from(NAMES), max_size=1))))
    if draw(st.booleans()):
        schema["additionalProperties"] = False
    if draw(st.booleans()):  # a `not` instead of the `oneOf`, or with it in a conjunction
        never = {"not": {"required": sorted(draw(st.sets(st.sampled_from(NAMES), min_size=2,
                                                         max_size=3)))}}
        schema = ({**{k: v for k, v in schema.items() if k != "oneOf"}, **never}
                  if draw(st.booleans()) else {"allOf": [schema, never]})
    return schema


@settings(max_examples=draws(200), deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(_schemas())
def test_the_keysets_are_exactly_what_the_schema_takes(schema):
    """Every object the schema takes is within a keyset (never a claim the server refutes),
    and where keysets are recorded every object within one that holds its required keys and
    a group of its choice is taken (nothing the ``oneOf`` or ``not`` refuses goes
    unsaid)."""
    choice, sets = facts(schema)
    table = extract_paths(schema)
    required = {n for n in NAMES if n in table and table[n].required}
    validator = Draft202012Validator(schema)
    # keys declared that no set names are never taken (`oneOf [{}, {a}]` refuses `a`):
    # unweighed, as one set left would be (`refusing`)
    never = {n for n in NAMES if n in table} - set().union(*sets) if sets else set()
    for size in range(len(NAMES) + 1):
        for keys in itertools.combinations(NAMES, size):
            held = set(keys)
            # (keys no set names are taken with any: `exclusive.together` weighs none)
            within = not sets or any(held & set().union(*sets) <= set(k) for k in sets)
            valid = validator.is_valid(dict.fromkeys(keys, 1))
            if valid:
                assert within, (keys, sets)
            elif sets and required <= held and (not choice or any(held >= set(g)
                                                                   for g in choice)) and (
                    not held & never):
                assert not within, (keys, sets, choice)
