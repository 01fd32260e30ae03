"""What a table says of an object's named keys, held to jsonschema on every instance.

Random objects of named keys (``properties``, ``required``, ``patternProperties``,
``additionalProperties``, ``unevaluatedProperties``, ``allOf``), and every instance over
their keys with values of five types: a key's entry admits a value's type exactly when some
valid instance holds such a value there. A type the entry refuses that jsonschema takes
would be a false finding (in.type); one it admits that jsonschema always refuses, a missed
one.
"""

from __future__ import annotations

import itertools
import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from parity.fieldpaths.entry import value_type
from tests.fieldpaths.test_direct import general, snapshot
from tests.properties import draws

#: one value of each JSON type the grammar's scalars tell apart
VALUES = ("s", 1, 1.5, True, None)
#: the keys: two plain names and one the pattern ``^x`` matches
KEYS = ("a", "b", "x1")

scalar = st.sampled_from([{"type": "string"}, {"type": "integer"}, {"type": "number"},
                          {"type": ["string", "null"]}, {"type": "boolean"}, {}])
branch = st.fixed_dictionaries({"type": st.just("object")}, optional={
    "properties": st.dictionaries(st.sampled_from(KEYS), scalar, max_size=2),
    "required": st.lists(st.sampled_from(KEYS), max_size=2, unique=True),
    "additionalProperties": st.one_of(st.just(False), scalar),
    "patternProperties": st.fixed_dictionaries({"^x": scalar}),
    "unevaluatedProperties": st.just(False),
})
objects = st.one_of(
    branch,
    st.builds(lambda a, b: {"allOf": [a, b]}, branch, branch),
    st.builds(lambda a, b: {**a, "allOf": [b]}, branch, branch),
)


def admitted(schema: dict[str, Any]) -> dict[str, set[str]] | None:
    """Per key, the value types some valid instance holds there (``None``: no instance over
    ``KEYS`` is valid)."""
    validator = Draft202012Validator(schema)
    seen: dict[str, set[str]] = {key: set() for key in KEYS}
    any_valid = False
    for choice in itertools.product(range(len(VALUES) + 1), repeat=len(KEYS)):
        instance = {key: VALUES[i - 1] for key, i in zip(KEYS, choice, strict=True) if i}
        if validator.is_valid(instance):
            any_valid = True
            for key, value in instance.items():
                seen[key].add(value_type(value))
    return seen if any_valid else None


def entry_admits(entry: dict[str, Any], kind: str) -> bool:
    types = entry["type"]
    return "any" in types or kind in types or (kind == "integer" and "number" in types)


@settings(max_examples=draws(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(objects)
def test_a_named_keys_types_are_jsonschemas(schema):
    table = json.loads(snapshot(schema)[0])
    assert snapshot(schema) == general(schema)
    seen = admitted(schema)
    if seen is None:  # no instance valid: some key is required and refused
        assert any(e["required"] and e["type"] == [] for p, e in table.items() if p), table
        return
    for key in KEYS:
        entry = table.get(key)
        if entry is None:
            continue
        kinds = {value_type(v) for v in VALUES}
        assert {k for k in kinds if entry_admits(entry, k)} == seen[key], (key, entry)


#: an alternative that leaves a key open, or takes it by a pattern, takes a value there that
#: the union, keeping the declaring alternative's type, refuses (docs/field-paths.md: a
#: variant's fields stay checked): so the alternatives here are closed and name their keys
closed_branch = branch.map(lambda b: {**{k: v for k, v in b.items()
                                         if k != "patternProperties"},
                                      "additionalProperties": False})
#: closed as an alternative by ``unevaluatedProperties: false``: it sees its own keys only
late_branch = branch.map(lambda b: {**{k: v for k, v in b.items() if k not in (
    "patternProperties", "additionalProperties")}, "unevaluatedProperties": False})
alternative = st.one_of(closed_branch, late_branch)
unions = st.one_of(
    st.builds(lambda a, b, c: {**a, "anyOf": [b, c]}, branch, alternative, alternative),
    st.builds(lambda a, b: {"$defs": {"B": b}, **a, "$ref": "#/$defs/B"}, branch, branch),
    st.builds(lambda a, b, c: {"$defs": {"B": b}, "allOf": [{"$ref": "#/$defs/B"}, c], **a},
              branch, branch, branch),
)


@settings(max_examples=draws(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(unions)
def test_a_named_key_is_never_refused_a_type_jsonschema_takes(schema):
    """Alternatives and references: an alternative no instance satisfies still gives its
    types to the union (a finding missed, never a false one), so only that direction is
    held here: a type the entry refuses, jsonschema refuses in every instance."""
    table = json.loads(snapshot(schema)[0])
    assert snapshot(schema) == general(schema)
    seen = admitted(schema)
    for key in KEYS:
        entry = table.get(key)
        if entry is None or seen is None:
            continue
        refused = {value_type(v) for v in VALUES} - {
            k for k in map(value_type, VALUES) if entry_admits(entry, k)}
        assert not refused & seen[key], (key, entry, seen[key])
