"""``jsonio.loads``: values canonical JSON cannot carry are found by the parser's hooks, and
the walk that names their place runs only then."""

from __future__ import annotations

import pytest

from parity.core import jsonio
from parity.errors import FileFormatError


@pytest.mark.parametrize(("text", "pointer", "what"), [
    ('{"a": [1, NaN]}', "#/a/1", "NaN"),
    ('{"a": {"b": -Infinity}}', "#/a/b", "an infinity"),
    ('{"a": 1e400}', "#/a", "an infinity"),
    ('{"a": [9007199254740992]}', "#/a/0", "an integer beyond"),
    ('{"a": [-9007199254740992]}', "#/a/0", "an integer beyond"),
    ('{"a": 123456789012345678901234567890}', "#/a", "an integer beyond"),
    ('{"a": ' + "9" * 5000 + "}", "#/a", "an integer of 5000 digits"),
    ('{"a": "x\\ud800"}', "#/a", "a lone surrogate"),
    ('{"\\udc00": 1}', "#/\\udc00", "a key with a lone surrogate"),
])
def test_an_unrepresentable_value_is_named_with_its_pointer(text, pointer, what):
    with pytest.raises(FileFormatError) as caught:
        jsonio.loads(text, file="f.json")
    assert caught.value.location == pointer
    assert what in caught.value.message


def test_edge_values_in_range_are_read():
    text = ('{"max": 9007199254740991, "min": -9007199254740991, "big": 1e308, '
            '"pair": "\\ud83d\\ude00"}')
    assert jsonio.loads(text) == {"max": 2**53 - 1, "min": -(2**53 - 1), "big": 1e308,
                                  "pair": "\U0001F600"}


def test_digits_and_words_inside_strings_do_not_start_the_walk(monkeypatch):
    """Hex digests (``e123``), long digit runs and the words NaN and Infinity in strings
    used to make the text look suspect, and every manifest was walked whole."""
    def walk(value):
        raise AssertionError("walked")

    monkeypatch.setattr(jsonio, "unrepresentable", walk)
    text = ('{"hash": "sha256:e123456789012345678901234567890", "d": "NaN Infinity 1e400", '
            '"n": [1, 2.5, -3, 1e10]}')
    assert jsonio.loads(text)["d"] == "NaN Infinity 1e400"


def test_the_collector_is_paused_while_parsing_and_restored(monkeypatch):
    import gc

    seen: list[bool] = []
    real = jsonio.json.loads

    def spy(*args, **kw):
        seen.append(gc.isenabled())
        return real(*args, **kw)

    monkeypatch.setattr(jsonio.json, "loads", spy)
    jsonio.loads('{"a": 1}')
    with pytest.raises(FileFormatError):
        jsonio.loads('{"a": ')
    assert seen == [False, False] and gc.isenabled()
