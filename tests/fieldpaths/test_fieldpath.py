from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from parity.errors import ParityError
from parity.fieldpaths.fieldpath import ITEMS, VALUES, Index, Prop, parse, render

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


# -- the fast path and the step types --------------------------------------------------------

path_texts = st.text(alphabet='ab_$-0129.[]{}"\\ é', max_size=12)


def _outcome(fn, text):
    try:
        return fn(text)
    except ParityError as exc:
        return str(exc)


@given(path_texts)
def test_the_plain_fast_path_parses_as_the_general_parser(text):
    from parity.fieldpaths.fieldpath import _parse

    assert _outcome(parse, text) == _outcome(_parse, text)


@given(steps_strategy)
def test_rendered_paths_parse_as_the_general_parser(steps):
    from parity.fieldpaths.fieldpath import _parse

    assert parse(render(steps)) == _parse(render(steps)) == steps


def test_markers_stay_singletons_through_copies_and_pickles():
    import copy
    import pickle

    for marker in (ITEMS, VALUES):
        assert copy.copy(marker) is marker
        assert copy.deepcopy(marker) is marker
        assert pickle.loads(pickle.dumps(marker)) is marker
    assert ITEMS != VALUES
    assert repr(ITEMS) == "ITEMS" and repr(VALUES) == "VALUES"


def test_steps_compare_and_hash_by_value():
    assert Prop("a") == Prop("a") and hash(Prop("a")) == hash(Prop("a"))
    assert Index(1) == Index(1) and Prop("a") != Index(0)
    assert Prop("a") < Prop("b") and Index(1) < Index(2)
    assert Prop("a").name == "a" and Index(3).position == 3
    assert len({(Prop("a"), ITEMS), (Prop("a"), ITEMS), (Prop("a"), VALUES)}) == 2


def test_unvouched_names_each_path_not_printed_or_without_its_parent() -> None:
    from parity.fieldpaths.fieldpath import unvouched

    parents: dict[str, object] = {}
    good = {"": 1, "a": 1, "a[]": 1, "a[].b": 1, 'a[]."x y"': 1}
    assert unvouched(good, parents) == []
    assert unvouched({"": 1, "a[].b": 1, '"a"': 1, "a": 1}, parents) == ["a[].b", '"a"']
    # what was learned of a path serves the next table, with other keys
    assert parents["a[].b"] == "a[]"
    assert unvouched({"a": 1}, parents) == ["a"]  # the root is missing


@given(steps_strategy.filter(bool))
def test_every_printed_path_has_its_printed_parent(steps):
    """``printed_parent`` vouches for every path parity prints: a quote inside a name
    (``m."a\\"b"``) does not open it. An unvouched path made a union's property required
    where no alternative required it."""
    from parity.fieldpaths.fieldpath import printed_parent

    assert printed_parent(render(tuple(steps))) == render(tuple(steps[:-1]))


@pytest.mark.parametrize("name", ['a"b', 'x\\"', '\\', '"', '.\\"', 'c"d"', '\\\\"'])
def test_a_quoted_name_with_quotes_and_backslashes_has_its_parent(name):
    from parity.fieldpaths.fieldpath import printed_parent

    for parent in ((), (Prop("m"),), (Prop("a.b"), ITEMS)):
        assert printed_parent(render((*parent, Prop(name)))) == render(parent)
