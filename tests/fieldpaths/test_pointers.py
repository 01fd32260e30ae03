"""Local JSON-pointer references: the target ``referencing`` finds, or MISS (ask it)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from parity.fieldpaths.pointers import MISS, escape_token, local_target
from parity.fieldpaths.validators import dialect_of, offline_registry
from tests.properties import draws

HERE = Path(__file__).resolve().parents[1]
# the bundled subset, and the full suite where ../shared/corpus is beside the checkout
SUITE = sorted((HERE / "fixtures" / "jsts").glob("draft*/*.json")) + sorted(
    (HERE.parent.parent / "shared" / "corpus" / "jsts").glob("draft*/*.json"))
DRAFT7 = "http://json-schema.org/draft-07/schema#"


def test_pointers_from_the_root():
    a = {"type": "string"}
    root = {"$defs": {"a/b": a, "t~n": {"x": a}}}
    assert local_target(root, "#") is root
    assert local_target(root, "#/$defs/a~1b") is a
    assert local_target(root, "#/$defs/t~0n/x") is a


@settings(max_examples=draws(100), deadline=None)
@given(st.text(alphabet="~/01a%", max_size=8))
def test_an_escaped_name_is_the_pointer_referencing_follows_to_it(name):
    a = {"type": "string"}
    root = {"$defs": {name: a}}
    ref = f"#/$defs/{escape_token(name)}"
    base = "https://parity.invalid/schema.json"
    spec = dialect_of({"$schema": "https://json-schema.org/draft/2020-12/schema"})
    resolver = offline_registry().with_resource(base, spec.create_resource(root)).resolver(base)
    if "%" not in name:  # (percent-escapes are referencing's to read)
        assert resolver.lookup(ref).contents is a
    assert local_target(root, ref) in (a, MISS)


def test_whatever_referencing_reads_its_own_way_is_left_to_it():
    root = {"$defs": {"a": {"$id": "other.json", "type": "string"}, "b": {"c": {}}},
            "allOf": [1, {}], "items": [{}], "enum": [{}]}
    for ref in ("#/$defs/missing", "#/$defs/a%20", "#/$defs/a", "#/allOf/-1", "#/allOf/+1",
                "#/allOf/9", "#/allOf/x", "#anchor", "other.json", "#/$defs/b/c/d",
                "#/allOf/0", "#/items/0", "#/enum/0", "#/allOf"):
        assert local_target(root, ref) is MISS, ref


def refs(node: Any) -> list[str]:
    if isinstance(node, dict):
        found = [node["$ref"]] if isinstance(node.get("$ref"), str) else []
        return found + [r for v in node.values() for r in refs(v)]
    if isinstance(node, list):
        return [r for v in node for r in refs(v)]
    return []


def test_the_suite_s_local_references_resolve_as_referencing_resolves_them():
    checked = 0
    for path in SUITE:
        root = json.loads(path.read_text())
        if not isinstance(root, dict):
            continue
        spec = dialect_of(root, DRAFT7 if path.parent.name == "draft7" else None)
        base = "https://parity.invalid/schema.json"
        resolver = offline_registry().with_resource(base, spec.create_resource(root)).resolver(
            base)
        for ref in refs(root):
            target = local_target(root, ref)
            if target is not MISS:
                assert resolver.lookup(ref).contents is target, (path.name, ref)
                checked += 1
    assert checked >= 5


def test_a_pointer_through_a_2020_12_tuple_is_left_to_referencing():
    # referencing fails on it (an array where 2020-12 wants a schema); the walk reports that
    root = {"items": [{"type": "integer"}, {"$ref": "#/items/0"}]}
    assert local_target(root, "#/items/0") is MISS


keys = st.sampled_from(["items", "allOf", "anyOf", "properties", "$defs", "a", "a/b", "~",
                        "not", "prefixItems", "$id", "id", "enum", "$ref"])
documents = st.recursive(
    st.one_of(st.booleans(), st.integers(0, 2), st.text(max_size=2)),
    lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(keys, inner, max_size=4)),
    max_leaves=16)


def pointers_in(node: Any, prefix: str = "#") -> list[str]:
    out = [prefix]
    if isinstance(node, dict):
        for k, v in node.items():
            out += pointers_in(v, f"{prefix}/{k.replace('~', '~0').replace('/', '~1')}")
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out += pointers_in(v, f"{prefix}/{i}")
    return out


@settings(max_examples=draws(300), deadline=None)
@given(st.dictionaries(keys, documents, max_size=4), st.data(),
       st.sampled_from(["https://json-schema.org/draft/2020-12/schema", DRAFT7,
                        "http://json-schema.org/draft-04/schema#"]))
def test_random_pointers_resolve_as_referencing_resolves_them(root, data, dialect):
    ref = data.draw(st.sampled_from(pointers_in(root)))
    target = local_target(root, ref)
    if target is MISS:
        return
    base = "https://parity.invalid/schema.json"
    spec = dialect_of({"$schema": dialect})
    resolver = offline_registry().with_resource(base, spec.create_resource(root)).resolver(base)
    assert resolver.lookup(ref).contents is target
