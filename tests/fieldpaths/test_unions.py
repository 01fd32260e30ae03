"""Merging union alternatives (parity/fieldpaths/unions.py): the shortcuts taken when no
alternative states a constraint or an example give what the long way gives."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from parity.contract.diff import diff_manifests
from parity.errors import ParityError
from parity.fieldpaths import constraints
from parity.fieldpaths.entry import make_entry
from parity.fieldpaths.fieldpath import parse, render
from parity.fieldpaths.keywords import keep_examples
from parity.fieldpaths.schema import extract_paths
from parity.fieldpaths.tooldefs import manifest_from_definitions
from parity.fieldpaths.unions import merge_union, union, union_printed
from tests.fieldpaths.test_direct import DEFS, mixed, plain
from tests.properties import draws

types = st.lists(st.sampled_from(["string", "number", "integer", "null", "array", "any"]),
                 min_size=1, max_size=2, unique=True).map(lambda t: tuple(sorted(t)))
stated = st.one_of(st.just(()), st.just((("maxLength", 3),)), st.just((("minimum", 1),)),
                   st.just((("maxItems", 2), ("pattern", ("^a",)))))
examples = st.one_of(st.just(()), st.lists(st.sampled_from(["a", "b"]), max_size=2)
                     .map(lambda e: tuple(sorted(set(e)))))
entries = st.builds(lambda t, c, e: make_entry(t, False, None, None, None, None, False, None,
                                               (), None, (), (), c, e),
                    types, stated, examples)


@given(st.lists(entries, min_size=1, max_size=4))
def test_merged_constraints_and_examples_are_the_long_ways(alternatives):
    merged = merge_union(alternatives)
    assert merged.constraints == constraints.canonical(constraints.union(
        (e.type, dict(e.constraints)) for e in alternatives))
    assert merged.examples == keep_examples(*(e.examples for e in alternatives))


def test_a_nullable_scalar_merges_to_both_types_and_nothing_else():
    a = make_entry(("string",), True, None, None, None, None, False, "s", (), None, (), (), ())
    b = make_entry(("null",), True, None, None, None, None, False, None, (), None, (), (), ())
    merged = merge_union([a, b])
    assert merged.type == ("null", "string") and merged.description == "s"
    assert merged.constraints == () and merged.examples == () and merged.required


def test_an_optional_enum_keeps_its_values_and_null():
    """pydantic's ``Optional[Literal["fast", "slow"]]``: ``anyOf [{enum}, {type: null}]``
    holds three values, not any string."""
    a = make_entry(("string",), False, None, ("fast", "slow"), None, None, False, None, (),
                   None, (), (), ())
    b = make_entry(("null",), False, None, None, None, None, False, None, (), None, (), (), ())
    assert merge_union([a, b]).enum == ("fast", "slow", None)
    assert merge_union([b, a, b]).enum == ("fast", "slow", None)
    open_string = make_entry(("string",), False, None, None, None, None, False, None, (),
                             None, (), (), ())
    assert merge_union([open_string, b]).enum is None
    assert merge_union([a, b, open_string]).enum is None


def merged_the_long_way(entries):
    """merge_union as it was first written, field by field over the alternatives."""
    from parity.fieldpaths.entry import normalize_types, sorted_values, value_type

    def held(e):  # an untyped alternative listing its values holds their types alone
        if e.enum is not None and e.is_any and len(entries) > 1:
            return {value_type(v) for v in e.enum}
        return e.type

    def values(e):  # an alternative's values when they are few: its enum, or null
        if e.enum is not None:
            return e.enum
        return (None,) if e.type == ("null",) else None

    first = entries[0]
    enum = (None if any(values(e) is None for e in entries)
            or all(e.enum is None for e in entries)
            else sorted_values(v for e in entries for v in values(e)))
    closed_flags = [e.closed for e in entries if e.closed is not None]
    # an unconstrained alternative (no type, nothing closing it) takes any keys
    free = any(e.closed is None and e.is_any for e in entries)
    formats = {e.format for e in entries}
    types = normalize_types(t for e in entries for t in held(e))
    by_type = ()
    if enum is None and "any" not in types and any(e.enum is not None for e in entries):
        # each value type free where an alternative without an enum takes it, else limited
        kinds = sorted({*types, *(["integer"] if "number" in types else [])})
        unlimited = {k for k in kinds for e in entries if e.enum is None and e.allows(k)}
        by_type = tuple((k, sorted_values(v for e in entries if e.enum is not None
                                          for v in e.enum
                                          if value_type(v) == k and e.allows(k)))
                        for k in kinds if k not in unlimited)
        by_type = by_type if by_type and unlimited else ()
    return make_entry(
        types, first.required,
        (all(closed_flags) and not free) if closed_flags else None, enum,
        first.format if len(formats) == 1 else None, first.default, first.has_default,
        next((e.description for e in entries if e.description is not None), None),
        tuple(sorted({p for e in entries for p in e.patterns})),
        next((e.recursive for e in entries if e.recursive is not None), None),
        tuple(sorted({r for e in entries for r in e.unresolved})),
        tuple(sorted({u for e in entries for u in e.unsupported})),
        constraints.canonical(constraints.union((held(e), dict(e.constraints)) for e in entries)),
        keep_examples(*(e.examples for e in entries)), enum_by_type=by_type)


few = st.lists(st.sampled_from(["a", "b", "c"]), max_size=2).map(lambda x: tuple(sorted(x)))
full = st.builds(
    make_entry, types, st.booleans(), st.one_of(st.none(), st.booleans()),
    st.one_of(st.none(), st.lists(st.one_of(st.integers(0, 2), st.floats(0, 2, width=16),
                                            st.text(max_size=1)), max_size=3).map(tuple)),
    st.one_of(st.none(), st.sampled_from(["uri", "date"])), st.integers(0, 1), st.booleans(),
    st.one_of(st.none(), st.text(max_size=2)), few,
    st.one_of(st.none(), st.sampled_from(["#", "#/$defs/A"])), few, few, stated, examples)


@given(st.lists(full, min_size=1, max_size=4))
def test_merging_in_one_pass_is_merging_field_by_field(alternatives):
    merged, reference = merge_union(alternatives), merged_the_long_way(alternatives)
    assert merged == reference and repr(merged) == repr(reference)


@settings(max_examples=draws(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(plain, mixed))
def test_an_entry_the_walks_make_is_its_own_union(schema):
    """``unions.union`` keeps a path of one alternative as its entry, without
    ``merge_union``: that is exact because the walks make entries in the form a merge gives
    (types, enums, patterns... sorted), which this holds on every entry of random schemas;
    not for constraints of a kind the type excludes, which a merge drops (kept out)."""
    schema = {"$defs": DEFS, "type": "object", "properties": {"r": schema}}
    try:
        table = extract_paths(schema, tool="t")
    except ParityError:
        return
    for entry in table.values():
        if not entry.constraints:
            assert merge_union([entry]) == entry
    kept = make_entry(("string",), False, None, None, None, None, False, None, (), None, (),
                      (), (("minimum", 1),))
    assert merge_union([kept]) != kept  # why entries with constraints take the long way


def _subtree(schema, required):
    """The table of ``schema`` as the property ``u`` of an object, ``u`` and below."""
    root = {"$defs": DEFS, "type": "object", "properties": {"u": schema}}
    if required:
        root["required"] = ["u"]
    try:
        table = extract_paths(root, tool="t")
    except ParityError:
        return None
    return {path: entry for path, entry in table.items()
            if path == "u" or path.startswith(("u.", "u["))}


@settings(max_examples=draws(200), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.one_of(plain, mixed), st.booleans()), min_size=2, max_size=3))
def test_a_union_of_printed_tables_is_the_union_of_their_steps(alternatives):
    """``union_printed`` (two tables: spelled out for two) gives ``union``'s entries, in its
    order: types, enums and constraints merged, required where every alternative in which
    the holder may be an object requires it."""
    tables = [_subtree(schema, required) for schema, required in alternatives]
    if any(t is None for t in tables):
        return
    by_steps = union([{parse(p): e for p, e in t.items()} for t in tables], parse("u"))
    printed = union_printed(tables, "u")
    assert list(printed.items()) == [(render(steps), e) for steps, e in by_steps.items()]


def test_an_alternative_its_siblings_contradict_adds_no_value_to_the_enum():
    """``{type: string, anyOf: [{const: fast}, {type: null}]}``: the null alternative holds
    nothing beside ``string``; the node is the string ``fast`` alone, not any string (the
    whole enum was dropped, and an agent sending "slow" passed)."""
    for schema in ({"type": "string", "anyOf": [{"const": "fast"}, {"type": "null"}]},
                   {"allOf": [{"type": "string"},
                              {"anyOf": [{"const": "fast"}, {"type": "null"}, {"type": "null"}]}]}):
        table = extract_paths({"type": "object", "properties": {"mode": schema}})
        assert (table["mode"].type, table["mode"].enum) == (("string",), ("fast",)), table["mode"]
    # every alternative contradicted: no value at all
    table = extract_paths({"type": "object", "properties": {"m": {
        "type": "string", "anyOf": [{"type": "null"}, {"type": "integer"}]}}})
    assert (table["m"].type, table["m"].enum) == ((), None)


def test_a_boolean_alternative_adds_its_two_values_to_a_union_s_enum():
    """``Union[Literal["auto"], bool]`` holds "auto", false or true: an enum, so a server
    enum of those three takes everything the agent sends (it read as any value)."""
    table = extract_paths({"type": "object", "properties": {"v": {
        "anyOf": [{"const": "auto"}, {"type": "boolean"}, {"type": "null"}]}}})
    enum = table["v"].enum
    assert enum is not None and len(enum) == 4 and set(enum) == {"auto", False, True, None}
    # no alternative names values: no enum (Optional[bool] stays a nullable boolean)
    table = extract_paths({"type": "object", "properties": {"v": {
        "anyOf": [{"type": "boolean"}, {"type": "null"}]}}})
    assert table["v"].enum is None


def test_an_untyped_alternative_listing_its_values_holds_their_types_alone():
    """``Union[Literal["auto"], int]`` written ``anyOf [{const: auto}, {type: integer}]``
    holds a string or an integer: it read as any value, and an agent sending a boolean
    there passed where the server rejects every such call."""
    server = {"type": "object", "properties": {"limit": {
        "anyOf": [{"const": "auto"}, {"type": "integer"}]}}}
    assert extract_paths(server)["limit"].type == ("integer", "string")
    assert not Draft202012Validator(server).is_valid({"limit": True})
    agent = {"type": "object", "properties": {"limit": {"type": "boolean"}}}
    findings = diff_manifests(
        manifest_from_definitions([{"name": "t", "inputSchema": agent}], side="agent",
                                  source="agent.json"),
        manifest_from_definitions([{"name": "t", "inputSchema": server}], side="server",
                                  source="server.json"))
    assert [(f.rule_id, f.path) for f in findings] == [("in.type", "limit")]
    # values of several types, an integral float among them: each value's own type
    table = extract_paths({"anyOf": [{"enum": [1.0, "a", None]}, {"type": "array"}]})
    assert table[""].type == ("array", "integer", "null", "string")
