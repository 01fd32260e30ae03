"""The words the rules share (``rules._text``)."""

from __future__ import annotations

from parity.contract.rules import _text


def test_values_shows_the_first_few_as_json_and_counts_the_rest():
    assert _text.values(["a", 1, None]) == '"a", 1, null'
    assert _text.values([]) == ""
    assert _text.values(range(10), limit=8) == "0, 1, 2, 3, 4, 5, 6, 7 (+2 more)"
    assert _text.values(iter("abc"), limit=2) == '"a", "b" (+1 more)'


def test_values_renders_only_the_values_it_shows(monkeypatch):
    """A message per key of an object that names its k keys rendered all k in each (4,000
    keys: 23 s): only the shown ones are rendered."""
    rendered = []
    real = _text.compact

    def compact(value):
        rendered.append(value)
        return real(value)

    monkeypatch.setattr(_text, "compact", compact)
    assert _text.values([f"k{i}" for i in range(1000)]).endswith("(+992 more)")
    assert rendered == [f"k{i}" for i in range(8)]


def test_a_name_with_backticks_is_one_code_span_and_a_value_holds_none():
    assert (_text.code("a.b"), _text.at("a.b")) == ("`a.b`", "at `a.b`")
    assert (_text.code('"x`y"'), _text.at("`")) == ('``"x`y"``', "at `` ` ``")
    assert (_text.code(""), _text.at("")) == ("the root object", "at the root")
    # JSON's own escape of a backtick: the same value, and no span opened in the message
    assert _text.values(["a`b", {"k`": 1}]) == '"a\\u0060b", {"k\\u0060": 1}'
