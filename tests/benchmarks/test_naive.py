"""benchmarks/naive.py: the floor walk, and the walk of every branch that instructions.py
can count against instead."""

from __future__ import annotations

from parity.fieldpaths.schema import tool_tables
from tests.benchmodules import bench_module
from tests.fieldpaths.test_direct import generated

naive = bench_module("naive")

SCHEMA = {
    "type": "object", "required": ["pick"],
    "properties": {
        "pick": {"anyOf": [{"type": "object", "properties": {"a": {"type": "string"}}},
                           {"type": "null"}]},
        "tags": {"type": "object", "additionalProperties": {"type": "integer"}},
        "both": {"allOf": [{"$ref": "#/$defs/B"}, {"properties": {"c": {"type": "number"}}}]},
    },
    "$defs": {"B": {"type": "object", "properties": {"b": {"type": "boolean"}}}},
}


def test_the_floor_skips_branches_and_map_values_that_every_branch_reaches():
    floor, every = naive.walk(SCHEMA), naive.walk_every_branch(SCHEMA)
    skipped = {"pick.a", "tags{}", "both.b", "both.c"}
    assert skipped.isdisjoint(floor)
    assert every.keys() == floor.keys() | skipped
    assert every["pick.a"] == ("string", False) and every["tags{}"] == ("integer", False)
    assert every["pick"] == ("null", True)  # of a node and its branches, the last written


def test_on_the_generated_catalog_every_branch_finds_what_the_floor_finds_and_more():
    found_floor = found_every = found_parity = 0
    for tool in generated(60):
        floor = naive.tool_tables(tool)
        every = naive.tool_tables(tool, naive.walk_every_branch)
        parity = tool_tables(tool)
        for f, e, p in zip(floor, every, parity, strict=True):
            if f is None:
                assert e is None and p is None
                continue
            assert f.keys() <= e.keys()
            found_floor, found_every, found_parity = (
                found_floor + len(f), found_every + len(e), found_parity + len(p))
    assert found_floor < found_every <= found_parity
