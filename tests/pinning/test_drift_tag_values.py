"""Drift of the values a tagged union's variants give their other keys (``key_values``)."""

from __future__ import annotations

import copy

from parity.pinning import drift as D
from parity.pinning import lock as L


def test_variants_swapping_the_values_they_give_a_key_are_explained_by_tag() -> None:
    """`"a"` now takes `level` 2 or 3 and `"b"` 1 or 2: every path and every variant's keys
    are as they were, and calls valid before are refused. Only the variants' values tell it."""
    def variant(kind: str, levels: list[int], *more: str) -> dict:
        return {"type": "object", "additionalProperties": False, "required": ["kind", "level"],
                "properties": {"kind": {"const": kind}, "level": {"enum": levels},
                               **{k: {"type": "string"} for k in more}}}

    a = {"name": "t", "inputSchema": {"type": "object", "properties": {"x": {
        "oneOf": [variant("a", [1, 2], "note"), variant("b", [2, 3])]}}}}
    b = copy.deepcopy(a)
    b["inputSchema"]["properties"]["x"]["oneOf"] = [variant("a", [2, 3], "note"),
                                                    variant("b", [1, 2])]
    (change,) = D.compare(L.build("w", [a]), L.build("w", [b])).changes
    words = [f.words() for f in change.fields if f.change == "tags"]
    assert words[0].startswith(
        'in: variants of `x`: `kind` "a": `level` 1 or 2, requires `kind`, `level`, takes only '
        '`kind`, `level`, `note` -> `level` 2 or 3, requires `kind`, `level`, takes only ')


def test_a_variant_that_began_to_bound_a_key_its_own_way_is_explained() -> None:
    """`"a"` now caps `level` at 2 where `"b"` does not: the merged `level` is as it was (no
    cap survives the merge); only the variant's mark tells it."""
    def variant(kind: str, level: dict, *more: str) -> dict:
        return {"type": "object", "additionalProperties": False, "required": ["kind", "level"],
                "properties": {"kind": {"const": kind}, "level": level,
                               **{k: {"type": "string"} for k in more}}}

    free = {"type": "integer"}
    a = {"name": "t", "inputSchema": {"type": "object", "properties": {"x": {
        "oneOf": [variant("a", free, "note"), variant("b", free)]}}}}
    b = copy.deepcopy(a)
    b["inputSchema"]["properties"]["x"]["oneOf"][0] = variant(
        "a", {"type": "integer", "maximum": 2}, "note")
    (change,) = D.compare(L.build("w", [a]), L.build("w", [b])).changes
    words = [f.words() for f in change.fields if f.change == "tags"]
    assert words and '-> `level` bounds of its own, requires `kind`, `level`' in words[0]
