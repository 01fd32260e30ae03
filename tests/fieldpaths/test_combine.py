"""Merging union alternatives (parity/fieldpaths/combine.py): the shortcuts taken when no
alternative states a constraint or an example give what the long way gives."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from parity.fieldpaths import constraints
from parity.fieldpaths.combine import merge_union
from parity.fieldpaths.entry import make_entry
from parity.fieldpaths.keywords import keep_examples

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
