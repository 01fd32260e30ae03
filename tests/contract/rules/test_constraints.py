"""in.constraint and out.constraint: a witness for every constraint kind."""

from __future__ import annotations

import pytest
from jsonschema import Draft202012Validator, FormatChecker
from rulefixtures import diff, fixture_findings, obj, of_rule, single, tool

from parity.contract.rules._witness import dialect_notes

S = {"type": "string"}

#: (agent's field, server's field, the keyword that must reject the witness)
KINDS = [
    (S, {"type": "string", "pattern": "^[a-z]+__[a-z_]+$"}, "pattern"),
    (S, {"type": "string", "minLength": 3}, "minLength"),
    (S, {"type": "string", "maxLength": 4}, "maxLength"),
    ({"type": "string", "maxLength": 10}, {"type": "string", "maxLength": 4}, "maxLength"),
    ({"type": "integer"}, {"type": "integer", "minimum": 1}, "minimum"),
    ({"type": "integer", "minimum": 0}, {"type": "integer", "minimum": 1}, "minimum"),
    ({"type": "number"}, {"type": "number", "maximum": 10}, "maximum"),
    ({"type": "number"}, {"type": "number", "exclusiveMinimum": 0}, "exclusiveMinimum"),
    ({"type": "number"}, {"type": "number", "exclusiveMaximum": 5}, "exclusiveMaximum"),
    ({"type": "number"}, {"type": "number", "multipleOf": 0.5}, "multipleOf"),
    ({"type": "integer", "multipleOf": 2}, {"type": "integer", "multipleOf": 4}, "multipleOf"),
    ({"type": "array", "items": S}, {"type": "array", "items": S, "minItems": 1}, "minItems"),
    ({"type": "array", "items": S}, {"type": "array", "items": S, "maxItems": 2}, "maxItems"),
    ({"type": "array", "items": S}, {"type": "array", "items": S, "uniqueItems": True},
     "uniqueItems"),
    (S, {"type": "string", "format": "email"}, "format"),
    ({"type": "string", "pattern": "^[a-z]+$"}, {"type": "string", "pattern": "^[a-c]+$"},
     "pattern"),
    ({"enum": ["workflow-mcp:check_phases", "web__search"]},
     {"type": "string", "pattern": "^[a-z]+__[a-z_]+$"}, "pattern"),
]


@pytest.mark.parametrize(("mine", "theirs", "keyword"), KINDS)
def test_in_constraint_names_a_witness_the_agent_allows_and_the_server_rejects(
        mine, theirs, keyword):
    f = single("in.constraint", diff([tool("t", obj({"v": mine}))],
                                     [tool("t", obj({"v": theirs}))]))
    assert (f.path, f.severity) == ("v", "error")
    assert f"which the server rejects ({keyword})" in f.message
    witness = _witness_of(f.message, "the agent may send ")
    checker = FormatChecker()
    assert Draft202012Validator(mine, format_checker=checker).is_valid(witness)
    assert not Draft202012Validator(theirs, format_checker=checker).is_valid(witness)


@pytest.mark.parametrize(("mine", "theirs", "keyword"), KINDS)
def test_out_constraint_witness_in_the_other_direction(mine, theirs, keyword):
    # the agent reads `theirs`, the server promises `mine`: the agent relies on more
    f = single("out.constraint", diff([tool("t", out=obj({"v": theirs}))],
                                      [tool("t", out=obj({"v": mine}))]))
    assert f.severity == "error"
    witness = _witness_of(f.message, "the server may return ")
    assert Draft202012Validator(mine, format_checker=FormatChecker()).is_valid(witness)
    assert not Draft202012Validator(theirs, format_checker=FormatChecker()).is_valid(witness)


def _witness_of(message: str, lead: str) -> object:
    import json

    text = message.split(lead, 1)[1]
    decoded, _ = json.JSONDecoder().raw_decode(text)
    return decoded


def test_the_fixture_is_the_bundled_examples_pattern_and_finds_both_fields():
    findings = of_rule("in.constraint", fixture_findings("in.constraint"))
    assert [(f.path, f.severity) for f in findings] == [
        ("phases[].phase_id", "error"), ("phases[].tools[]", "error")]
    assert 'the server demands pattern "^[a-z]+__[a-z_]+$" at `phases[].tools[]`' in \
        findings[1].message


@pytest.mark.parametrize(("mine", "theirs"), [
    ({"type": "string", "pattern": "^a$", "maxLength": 3}, {"type": "string", "pattern": "^a$"}),
    ({"type": "integer", "minimum": 5, "maximum": 9},
     {"type": "integer", "minimum": 1, "maximum": 10}),
    ({"type": "string", "enum": ["web__search", "docs__summarize"]},
     {"type": "string", "pattern": "^[a-z]+__[a-z_]+$"}),
    ({"type": "boolean"}, {"type": "boolean"}),
    ({"type": "integer", "multipleOf": 4}, {"type": "integer", "multipleOf": 2}),
    ({"type": "string", "format": "email"}, {"type": "string", "format": "email"}),
])
def test_no_finding_where_the_agent_is_at_least_as_strict(mine, theirs):
    assert diff([tool("t", obj({"v": mine}))], [tool("t", obj({"v": theirs}))]) == []


def test_without_a_witness_it_is_a_possibly_narrower_warning():
    # a server pattern that accepts every candidate the search can build
    f = single("in.constraint", diff([tool("t", obj({"v": S}))],
                                     [tool("t", obj({"v": {"type": "string",
                                                           "pattern": "^[^\\x00]*$"}}))]))
    assert f.severity == "warning"
    assert "possibly narrower" in f.message


def test_a_pattern_python_cannot_read_is_reported_not_guessed():
    f = single("in.constraint", diff([tool("t", obj({"v": S}))],
                                     [tool("t", obj({"v": {"type": "string",
                                                           "pattern": "^\\p{L}+$"}}))]))
    assert f.severity == "warning"
    assert "Python's re cannot compile" in f.message and "ECMA-262" in f.message


def test_dialect_notes_only_where_they_can_change_the_verdict():
    assert dialect_notes(("^\\d+$",), "12", witnessed=True) == []
    assert "class escape" in dialect_notes(("^\\d+$",), "١٢", witnessed=True)[0]
    assert "before a final newline" in dialect_notes(("^a$",), "a\n", witnessed=True)[0]
    assert dialect_notes(("(?i)a",))[0].endswith("an inline flag group, which ECMA-262 does "
                                                 "not have")


def test_constraints_on_either_side_of_a_union_with_null_are_kept():
    agent = obj({"v": {"anyOf": [S, {"type": "null"}]}})
    server = obj({"v": {"anyOf": [{"type": "string", "maxLength": 2}, {"type": "null"}]}})
    assert single("in.constraint", diff([tool("t", agent)], [tool("t", server)])).path == "v"


def test_a_number_s_bounds_beside_an_untyped_const_are_kept():
    # the const "x" is a string: it says nothing of integers, whose bounds the server holds
    server = obj({"v": {"anyOf": [{"const": "x"},
                                  {"type": "integer", "minimum": 0, "maximum": 10}]}})
    f = single("in.constraint", diff([tool("t", obj({"v": {"type": "integer"}}))],
                                     [tool("t", server)]))
    witness = _witness_of(f.message, "the agent may send ")
    assert not Draft202012Validator(server["properties"]["v"]).is_valid(witness)


def test_a_pattern_that_backtracks_without_bound_gives_no_verdict_instead_of_hanging():
    runaway = {"type": "string", "pattern": "^(a|aa)+b$"}
    sent = {"type": "string", "enum": ["a" * 40]}
    f = single("in.constraint", diff([tool("t", obj({"v": sent}))],
                                     [tool("t", obj({"v": runaway}))]))
    assert f.severity == "warning" and "possibly narrower" in f.message


def test_an_enum_against_a_pattern_python_cannot_read_is_not_called_agreeing():
    f = single("in.constraint", diff([tool("t", obj({"v": {"type": "string",
                                                           "enum": ["x"]}}))],
                                     [tool("t", obj({"v": {"type": "string",
                                                           "pattern": "^\\p{L}+$"}}))]))
    assert f.severity == "warning" and "possibly narrower" in f.message


@pytest.mark.parametrize(("mine", "theirs"), [
    ({"minimum": 1}, {"exclusiveMinimum": 0}),
    ({"exclusiveMinimum": 1}, {"minimum": 1}),
    ({"exclusiveMinimum": 0}, {"exclusiveMinimum": 0}),
    ({"minimum": 2}, {"minimum": 1}),
    ({"maximum": 9}, {"exclusiveMaximum": 10}),
    ({"exclusiveMaximum": 10}, {"maximum": 10}),
    ({"minimum": 1, "maximum": 5}, {"exclusiveMinimum": 0, "exclusiveMaximum": 6}),
])
def test_bounds_of_either_form_that_keep_every_value_inside_give_no_finding(mine, theirs):
    """pydantic's ``PositiveInt`` is ``exclusiveMinimum: 0``; ``minimum: 1`` keeps to it."""
    agent = {"type": "integer", **mine}
    server = {"type": "integer", **theirs}
    assert diff([tool("t", obj({"n": agent}))], [tool("t", obj({"n": server}))]) == []


@pytest.mark.parametrize(("mine", "theirs"), [
    ({"minimum": 0}, {"exclusiveMinimum": 0}),
    ({"exclusiveMinimum": 0}, {"minimum": 1}),
    ({"maximum": 10}, {"exclusiveMaximum": 10}),
    ({}, {"minimum": 0}),
])
def test_bounds_that_let_a_value_out_are_still_found(mine, theirs):
    f = single("in.constraint", diff([tool("t", obj({"n": {"type": "number", **mine}}))],
                                     [tool("t", obj({"n": {"type": "number", **theirs}}))]))
    assert f.severity == "error", f.message


@pytest.mark.parametrize(("kind", "keyword"), [("string", "minLength"), ("array", "minItems"),
                                               ("object", "minProperties")])
def test_a_lower_bound_of_zero_on_a_length_or_a_count_bounds_nothing(kind, keyword):
    """``minItems: 0`` (openapi generators write it) holds every array: no "possibly
    narrower" warning for it; a bound of one is still found."""
    for bound in (0, 0.0):
        server = {"type": kind, keyword: bound}
        assert Draft202012Validator(server).is_valid({"string": "", "array": [],
                                                      "object": {}}[kind])
        assert diff([tool("t", obj({"v": {"type": kind}}))],
                    [tool("t", obj({"v": server}))]) == []
    f = single("in.constraint", diff([tool("t", obj({"v": {"type": kind}}))],
                                     [tool("t", obj({"v": {"type": kind, keyword: 1}}))]))
    assert f.severity == "error" and keyword in f.message, f.message


def test_a_pattern_whose_shortest_value_is_huge_is_not_expanded_into_candidates():
    """``^((b{1000}){1000}){1000}$`` would make ``rstr`` build 10**9 characters per try."""
    huge = {"type": "string", "pattern": "^((b{1000}){1000}){1000}$"}
    f = single("in.constraint", diff([tool("t", obj({"v": huge}))],
                                     [tool("t", obj({"v": {"type": "string",
                                                           "maxLength": 3}}))]))
    assert f.severity == "warning"


def test_a_closed_tuple_is_no_longer_than_its_positions():
    """``prefixItems [str, int], items: false`` sends pairs: the server's ``maxItems 2``
    rejects none of them (a witness ``[0, 0, 0]`` the agent never sends was an error)."""
    pair_ = {"type": "array", "prefixItems": [{"type": "string"}, {"type": "integer"}],
             "items": False}
    server = {"type": "array", "maxItems": 2}
    assert diff([tool("t", obj({"t": pair_}))], [tool("t", obj({"t": server}))]) == []
    same = pair_ | {"maxItems": 2}
    assert diff([tool("t", obj({"t": pair_}))], [tool("t", obj({"t": same}))]) == []
    f = single("in.constraint", diff([tool("t", obj({"t": pair_}))],
                                     [tool("t", obj({"t": server | {"maxItems": 1}}))]))
    assert f.severity == "error" and "maxItems" in f.message, f.message


@pytest.mark.parametrize("step", [1, 1.0, 0.5, 0.25])
def test_every_integer_is_a_multiple_of_one_and_of_its_halves(step):
    """An agent of integers meets a server's ``multipleOf: 1`` (``type: number`` spelling an
    integer) and of ``0.5``: validators divide exactly (held to ``jsonschema`` here)."""
    server = {"type": "number", "multipleOf": step}
    for agent in ({"type": "integer"}, {"type": "integer", "multipleOf": 0.5}):
        assert diff([tool("t", obj({"n": agent}))], [tool("t", obj({"n": server}))]) == []
    assert all(Draft202012Validator(server).is_valid(n) for n in (-7, 0, 3, 2**60 + 1))
    # the other way, a number sent to an integer step is still reported
    f = single("in.constraint", diff([tool("t", obj({"n": {"type": "number"}}))],
                                     [tool("t", obj({"n": server}))]))
    assert "multipleOf" in f.message


@pytest.mark.parametrize("step", [0.1, 0.3, 3])
def test_a_step_integers_may_miss_is_still_reported_for_integers(step):
    server = {"type": "number", "multipleOf": step}
    f = single("in.constraint", diff([tool("t", obj({"n": {"type": "integer"}}))],
                                     [tool("t", obj({"n": server}))]))
    assert "multipleOf" in f.message


def test_a_pattern_is_drawn_from_once_however_many_fields_repeat_it(monkeypatch):
    """The candidates a pattern gives are drawn with one fixed seed, so the same for every
    field that holds it: drawn once, not once a field (500 fields took 4.7 s), and every
    field still finds its witness."""
    from parity.contract.rules import _witness

    drawn = []
    real = _witness.from_pattern

    def from_pattern(pattern, rng):
        drawn.append(pattern)
        return real(pattern, rng)

    monkeypatch.setattr(_witness, "from_pattern", from_pattern)

    def diffed(k):
        _witness._pattern_bases.cache_clear()
        drawn.clear()
        names = [f"f{i}" for i in range(k)]
        agent = obj({n: {**S, "pattern": "^[a-z]+$", "maxLength": 100} for n in names})
        server = obj({n: {**S, "maxLength": 10} for n in names})
        found = of_rule("in.constraint", diff([tool("t", agent)], [tool("t", server)]))
        assert sorted(f.path for f in found) == sorted(names)
        assert len({f.message.split(" at ")[1] for f in found}) == k  # each its own field
        assert len({f.message.split("may send ")[1] for f in found}) == 1  # one witness
        return drawn.copy()

    assert diffed(3) == diffed(30) == ["^[a-z]+$"]
