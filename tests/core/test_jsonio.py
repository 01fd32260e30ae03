"""``jsonio.loads``: values canonical JSON cannot carry are found by the parser's hooks, and
the walk that names their place runs only then."""

from __future__ import annotations

import enum
import json
import uuid

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from parity.core import jsonio
from parity.errors import FileFormatError
from tests.hostile.servers.content import VALUES
from tests.mcpfixtures import JSON_TYPES
from tests.properties import draws


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
    real_fast, real_checked = jsonio.orjson.loads, jsonio.json.loads

    def spy(real):
        def parse(*args, **kw):
            seen.append(gc.isenabled())
            return real(*args, **kw)
        return parse

    monkeypatch.setattr(jsonio.orjson, "loads", spy(real_fast))
    monkeypatch.setattr(jsonio.json, "loads", spy(real_checked))
    jsonio.loads('{"a": 1}')  # orjson reads it
    with pytest.raises(FileFormatError):
        jsonio.loads('{"a": ')  # orjson refuses, the checked reading words the error
    assert seen == [False, False, False] and gc.isenabled()


# -- the fast reading (orjson) is exactly the checked one ---------------------------------


def _checked(text: str):
    return jsonio._checked_loads(text, file="f.json", what="JSON")


def _same(a, b) -> bool:
    """Equal, and of the same types all the way down (``True`` is not ``1``, nor ``1.0``)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return list(a) == list(b) and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)


_SAFE_INT = st.integers(-(2**53 - 1), 2**53 - 1)
_JSON_VALUES = st.recursive(
    st.none() | st.booleans() | _SAFE_INT | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner,
                                                                max_size=4),
    max_leaves=20)


@settings(max_examples=draws(300), deadline=None)
@given(_JSON_VALUES, st.sampled_from([None, 0, 2]), st.booleans())
def test_the_fast_reading_is_the_checked_one(value, indent, ascii_only):
    text = json.dumps(value, indent=indent, ensure_ascii=ascii_only)
    fast = jsonio._fast_loads(text)
    assert fast is not jsonio._UNDECIDED or jsonio._may_hold_a_long_number(text.encode())
    assert _same(jsonio.loads(text), _checked(text))
    assert _same(jsonio.loads(text.encode()), _checked(text))


@settings(max_examples=draws(300), deadline=None)
@given(st.from_regex(r"\A-?(0|[1-9][0-9]{0,20})(\.[0-9]{1,25})?([eE][-+]?[0-9]{1,3})?\Z"))
def test_number_literals_read_alike_or_take_the_checked_reading(literal):
    """Every JSON number literal: orjson reads it as ``json.loads`` does, or the fast reading
    steps aside (a long integer, an infinity) and the checked one decides."""
    text = f'{{"n": {literal}, "m": [{literal}]}}'
    try:
        expected = _checked(text)
    except FileFormatError as exc:
        with pytest.raises(FileFormatError) as caught:
            jsonio.loads(text)
        assert (caught.value.message, caught.value.location) == (exc.message, exc.location)
        return
    assert _same(jsonio.loads(text), expected)


@pytest.mark.parametrize("text", [
    "9007199254740992", '  -9007199254740992 ', '{"a": 9007199254740992}',
    '{"a"\n :\t-18446744073709551616}', '[1, 9007199254740992]', '[9007199254740992]',
    '{"a": [1, {"b": 12345678901234567890123}]}',
])
def test_a_long_integer_anywhere_is_refused_whatever_the_spacing(text):
    with pytest.raises(FileFormatError, match="an integer beyond"):
        jsonio.loads(text)
    with pytest.raises(FileFormatError, match="an integer beyond"):
        jsonio.loads(text.encode())


@pytest.mark.parametrize(("text", "long_number"), [
    ('{"hash": "sha256:1234567890123456789012"}', False),  # a digest's digits
    ('{"h": "ab12345678901234567890"}', False),
    ('{"a": 123456789012345}', False),  # 15 digits: always in range
    ('{"a": 0.12345678901234567}', False),  # a fraction's digits
    ('{"a": "x: 1234567890123456"}', False),
    ('{"a": "x\\": 1234567890123456"}', True),  # looks like a value: the slower reading
    ('{"a": 1234567890123456}', True),
    ('[1, 1234567890123456]', True),
])
def test_only_a_long_number_where_a_value_goes_takes_the_checked_reading(text, long_number):
    assert jsonio._may_hold_a_long_number(text.encode()) is long_number
    assert _same(jsonio.loads(text), _checked(text))


def test_bytes_that_are_not_utf8_are_named():
    with pytest.raises(FileFormatError, match="not UTF-8 text"):
        jsonio.loads(b'{"a": "\xff"}', file="f.json")


def test_a_manifest_sized_text_of_digests_is_read_by_orjson_alone(monkeypatch):
    """Hex digests hold 16-digit runs now and then; they must not send a file to the checked
    reading (a 10,000-tool manifest has several)."""
    def checked(*args, **kw):
        raise AssertionError("the checked reading ran")

    monkeypatch.setattr(jsonio, "_checked_loads", checked)
    tools = {f"t{i}": {"hash": f"sha256:{i:064d}", "n": i} for i in range(200)}
    assert jsonio.loads(json.dumps(tools, indent=2).encode())["t199"]["n"] == 199


# -- value_key ------------------------------------------------------------------------------


@pytest.mark.parametrize(("a", "b"), [
    (1, 1.0), (1, True), (0, False), (0.0, -0.0), ([1], [True]), ({"a": 1}, {"a": 1.0}),
    ({"enum": [1, 2]}, {"enum": [1.0, 2]}),
])
def test_value_key_tells_apart_values_equal_in_python_but_not_in_json(a, b):
    assert a == b and jsonio.value_key(a) != jsonio.value_key(b)


@settings(max_examples=draws(300), deadline=None)
@given(_JSON_VALUES, _JSON_VALUES)
def test_values_sharing_a_key_are_the_same_json(a, b):
    if jsonio.value_key(a) == jsonio.value_key(b):
        assert json.dumps(a) == json.dumps(b)
    assert jsonio.value_key(a) == jsonio.value_key(json.loads(json.dumps(a)))


def test_a_value_orjson_cannot_write_is_keyed_by_its_repr():
    assert jsonio.value_key({"n": 2**70}) == repr({"n": 2**70})


# -- unrepresentable: proved in C, walked only to name the place ------------------------

_SURROGATES = st.sampled_from(["\ud800", "x\udfff", "\udbff\udbff", "fine", "null", ":null"])
_HOSTILE_LEAVES = (
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=4)
    | _SURROGATES | st.sampled_from([2**53 - 1, 2**53, -(2**53 - 1), -(2**53), 2**64])
    | st.builds(jsonio.HugeInteger, st.from_regex(r"\A-?[1-9][0-9]{20,30}\Z"))
    | st.builds(type("IntSubclass", (int,), {}), st.integers())
    | st.builds(type("FloatSubclass", (float,), {}), st.floats()))
_HOSTILE = st.recursive(
    _HOSTILE_LEAVES,
    lambda inner: st.lists(inner, max_size=4) | st.tuples(inner, inner)
    | st.dictionaries(st.text(max_size=4) | _SURROGATES | st.integers(), inner, max_size=4),
    max_leaves=20)


@settings(max_examples=draws(500), deadline=None)
@given(_HOSTILE)
@example(float("nan"))  # each place orjson writes a null value: the whole text,
@example([float("inf")])  # an array's first item,
@example(["a", float("-inf")])  # a later item,
@example({"a": float("nan")})  # a member's value
@example({"a": [1, 2**53]}).via("an unsafe integer")
@example({"\ud800": 1}).via("a key with a lone surrogate")
def test_unrepresentable_answers_as_its_walk_does(value):
    """The C encoders' proof never hides what the walk finds: NaN, infinities, integers
    beyond +-(2**53 - 1) (subclasses and ``HugeInteger`` too), lone surrogates in strings
    and keys; and whatever they cannot encode (tuples, other keys, subclasses) is walked."""
    assert jsonio.unrepresentable(value) == jsonio._first_unrepresentable(value)


@pytest.mark.parametrize("levels", [10, 300])
def test_nesting_past_what_orjson_writes_is_walked(levels):
    value: object = float("nan")
    for _ in range(levels):
        value = [value]
    assert jsonio.unrepresentable(value) == ("#" + "/0" * levels, "NaN")


@settings(max_examples=draws(100), deadline=None)
@given(_JSON_VALUES)
def test_plain_json_is_proved_without_the_walk(value):
    """Finite numbers, safe integers and whole strings, nulls among them or not: the C
    encoders say so, and the walk (a Python loop over every node) never runs."""
    def no_walk(value):
        raise AssertionError("walked")

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(jsonio, "_first_unrepresentable", no_walk)
        assert jsonio.unrepresentable(value) is None


# -- decoded_json: exactly what decoding JSON yields, proved in C -------------------------

class _Text(str):
    """A ``str`` subclass, as a server's own string types are."""


class _Mode(str, enum.Enum):
    FAST = "fast"


_NOT_DECODED = st.sampled_from([
    (1, 2), (), {1, 2}, frozenset(), b"x", bytearray(b"x"), 1j, _Text("x"), _Mode.FAST,
    uuid.UUID(int=7), enum.IntEnum("Level", "LOW").LOW, ..., dict, object()])
_ANY = st.recursive(
    _HOSTILE_LEAVES | _NOT_DECODED,
    lambda inner: st.lists(inner, max_size=4) | st.tuples(inner, inner)
    | st.dictionaries(st.text(max_size=4) | _SURROGATES | st.integers()
                      | st.builds(_Text, st.text(max_size=3)), inner, max_size=4),
    max_leaves=20)


def _decoded_json_walked(value: object) -> bool:
    """``decoded_json``'s answer by a walk: exact JSON types, string keys, nothing
    ``unrepresentable``."""
    pending = [value]
    while pending:
        node = pending.pop()
        if type(node) not in JSON_TYPES:
            return False
        if type(node) is dict:
            if any(type(key) is not str for key in node):
                return False
            pending.extend(node.values())
        elif type(node) is list:
            pending.extend(node)
    return jsonio._first_unrepresentable(value) is None


@settings(max_examples=draws(500), deadline=None)
@given(_ANY)
@example({"a": (1,)}).via("a tuple, read back as a list")
@example([[], ()]).via("an empty tuple beside an empty list")
@example({"a": float("nan")}).via("NaN, read back as null")
@example({_Text("k"): 1}).via("a key of a str subclass")
@example({"m": _Mode.FAST}).via("a str enum, equal to its value")
@example([True, 1, 1.0]).via("values equal in Python, told apart by type")
def test_decoded_json_answers_as_its_walk_does(value):
    """Every type JSON decoding never yields is refused (a subclass equal to its value
    among them), and every unrepresentable value; nothing else is."""
    assert jsonio.decoded_json(value) == _decoded_json_walked(value)


@settings(max_examples=draws(100), deadline=None)
@given(_JSON_VALUES)
def test_what_json_decodes_to_is_decoded_json(value):
    assert jsonio.decoded_json(json.loads(json.dumps(value)))


@pytest.mark.parametrize("levels", [10, 300, 3000])
def test_nesting_past_what_the_encoders_write_is_not_proved(levels):
    """Past orjson's depth (255) the answer is ``False``, never a false ``True``: the caller
    takes its exact, slower path."""
    value: object = []
    for _ in range(levels):
        value = [value]
    assert jsonio.decoded_json(value) is (levels < 255)


@pytest.mark.parametrize("literal", sorted(VALUES.values()))
@pytest.mark.parametrize("place", ['{{"a": {}}}', '[1, {}]', '{{"a": {{"b": [{}]}}}}'])
def test_a_body_holding_an_unrepresentable_value_is_never_proved_clean(literal, place):
    """What an HTTP body must not skip parity's own reading for: each value a hostile server
    sends (tests/hostile/servers/content.py), at any depth."""
    text = place.format(literal).encode()
    assert jsonio.proved_loads(text) is jsonio.NOT_PROVED
    fine = place.format('"fine"')
    assert jsonio.proved_loads(fine.encode()) == json.loads(fine)
