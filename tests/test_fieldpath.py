from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from parity.errors import ParityError
from parity.fieldpath import ITEMS, VALUES, Index, Prop, parse, render

EXAMPLES = [
    ("phases", (Prop("phases"),)),
    ("phases[]", (Prop("phases"), ITEMS)),
    ("phases[].phase_id", (Prop("phases"), ITEMS, Prop("phase_id"))),
    ("phases[].tools[]", (Prop("phases"), ITEMS, Prop("tools"), ITEMS)),
    ("labels{}", (Prop("labels"), VALUES)),
    ("pos[0]", (Prop("pos"), Index(0))),
    ('headers."x.y"', (Prop("headers"), Prop("x.y"))),
    ('"x y"', (Prop("x y"),)),
    ('""', (Prop(""),)),
    ("$ref-like_name", (Prop("$ref-like_name"),)),
    ('"1st"', (Prop("1st"),)),
    ("", ()),
    ("[]", (ITEMS,)),
    ("m{}{}.k", (Prop("m"), VALUES, VALUES, Prop("k"))),
]


@pytest.mark.parametrize(("text", "steps"), EXAMPLES)
def test_render_and_parse_examples(text, steps):
    assert render(steps) == text
    assert parse(text) == steps


def test_non_ascii_names_are_quoted_readably():
    assert render((Prop("café"),)) == '"café"'
    assert parse('"café"') == (Prop("café"),)


@pytest.mark.parametrize("bad", ["a..b", ".a", "a.", "a[", "a[x]", "a[01]", 'a"b"', "a b",
                                 '"unterminated', "a{", "a]"])
def test_malformed_paths_raise_a_clear_error(bad):
    with pytest.raises(ParityError, match="invalid field path"):
        parse(bad)


steps_strategy = st.lists(
    st.one_of(
        st.builds(Prop, st.text(max_size=8)),
        st.builds(Index, st.integers(min_value=0, max_value=99)),
        st.just(ITEMS),
        st.just(VALUES),
    ),
    max_size=6,
).map(tuple)


@given(steps_strategy)
def test_printing_then_parsing_round_trips(steps):
    assert parse(render(steps)) == steps
