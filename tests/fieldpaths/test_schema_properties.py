"""Property tests: extraction terminates, is deterministic, and ignores key and `required` order."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from parity.errors import ParityError
from parity.fieldpaths.schema import Limits, extract_paths
from tests.properties import draws

names = st.text(alphabet="abcxyz_.- ", min_size=0, max_size=4)
leaf = st.one_of(
    st.fixed_dictionaries({"type": st.sampled_from(["string", "integer", "number", "null"])}),
    st.fixed_dictionaries({"enum": st.lists(st.integers(0, 3) | st.text(max_size=2),
                                            min_size=1, max_size=3)}),
    st.just({"$ref": "#/$defs/Node"}),
    st.just({"$ref": "#"}),
    st.just({"$ref": "http://localhost:1234/remote.json"}),
    st.booleans(),
)


def extend(children):
    props = st.dictionaries(names, children, max_size=3)
    return st.one_of(
        st.builds(lambda p, r, c: {"type": "object", "properties": p,
                                   "required": sorted(k for k in p if r),
                                   "additionalProperties": not c},
                  props, st.booleans(), st.booleans()),
        st.builds(lambda i: {"type": "array", "items": i}, children),
        st.builds(lambda v: {"type": "object", "additionalProperties": v}, children),
        st.builds(lambda bs: {"anyOf": bs}, st.lists(children, min_size=1, max_size=3)),
        st.builds(lambda bs: {"allOf": bs}, st.lists(children, min_size=1, max_size=2)),
        st.builds(lambda bs: {"prefixItems": bs}, st.lists(children, min_size=1, max_size=2)),
    )


schemas = st.recursive(leaf, extend, max_leaves=12).map(
    lambda body: {"$defs": {"Node": {"type": "object", "properties": {
        "next": {"$ref": "#/$defs/Node"}}}}, **(body if isinstance(body, dict) else {})})

LIMITS = Limits(max_depth=16, max_paths=2000, max_alternatives=64)


def snapshot(schema):
    try:
        t = extract_paths(schema, limits=LIMITS)
    except ParityError as exc:
        return ("error", type(exc).__name__)
    return json.dumps({p: e.to_json() for p, e in t.items()}, sort_keys=True)


def shuffled(value, rng):
    if isinstance(value, dict):
        items = list(value.items())
        rng.shuffle(items)
        out = {}
        for k, v in items:
            if k == "required" and isinstance(v, list):
                v = list(v)
                rng.shuffle(v)
                out[k] = v
            elif k in ("properties", "$defs", "patternProperties") and isinstance(v, dict):
                out[k] = shuffled(v, rng)
            else:
                out[k] = shuffled(v, rng)
        return out
    if isinstance(value, list):
        return [shuffled(v, rng) for v in value]
    return value


@settings(max_examples=draws(150), deadline=None)
@given(schemas)
def test_extraction_terminates_and_is_deterministic(schema):
    assert snapshot(schema) == snapshot(json.loads(json.dumps(schema)))


@settings(max_examples=draws(150), deadline=None)
@given(schemas, st.integers(0, 2**16))
def test_key_and_required_order_never_matter(schema, seed):
    assert snapshot(shuffled(schema, random.Random(seed))) == snapshot(schema)
