"""Validation verdicts are remembered by content, never by file name."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parity.core.validate import cache_dir
from parity.errors import FileFormatError
from parity.fieldpaths import manifest
from parity.fieldpaths.tooldefs import manifest_from_definitions
from tests.properties import draws

TOOLS = [{"name": "t", "inputSchema": {"type": "object", "properties": {"x": {"type": "string"}}}}]


@pytest.fixture
def cache(tmp_path, monkeypatch):
    folder = tmp_path / "cache"
    monkeypatch.setenv("PARITY_CACHE_DIR", str(folder))
    monkeypatch.delenv("PARITY_NO_CACHE", raising=False)
    return folder


def write_manifest(path):
    manifest.write(manifest_from_definitions(TOOLS, side="server", source="s"), path)


def loads_jsonschema(path, env) -> bool:
    code = ("import sys; from parity.fieldpaths import manifest; manifest.load(sys.argv[1]); "
            "print('jsonschema' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True,
                         text=True, env=env, check=True).stdout.strip()
    return out == "True"


def test_a_valid_file_never_imports_jsonschema_and_its_verdict_is_remembered(
        tmp_path, cache, monkeypatch):
    path = tmp_path / "m.json"
    write_manifest(path)
    import os

    env = dict(os.environ)
    # first sight: validated by the check compiled from the schema (parity.schemas.checks)
    assert loads_jsonschema(path, env) is False
    assert list((cache / "validated" / "manifest.v1").iterdir())  # verdict remembered
    assert loads_jsonschema(path, env) is False


def test_an_invalid_file_is_worded_by_jsonschema(tmp_path, cache):
    import os

    path = tmp_path / "m.json"
    write_manifest(path)
    data = json.loads(path.read_text())
    data["tools"]["t"]["in"]["x"]["required"] = "yes"
    path.write_text(json.dumps(data))
    code = ("import sys\nfrom parity.fieldpaths import manifest\ntry:\n"
            "    manifest.load(sys.argv[1])\nexcept Exception as e:\n    print(e)\n"
            "print('jsonschema' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True,
                         text=True, env=dict(os.environ), check=True).stdout
    assert "$.tools.t.in.x.required" in out and out.strip().endswith("True")


def test_a_changed_file_is_validated_again_even_after_a_valid_one(tmp_path, cache):
    path = tmp_path / "m.json"
    write_manifest(path)
    manifest.load(path)
    data = json.loads(path.read_text())
    data["tools"]["t"]["in"]["x"]["type"] = "string"  # not a list: invalid
    path.write_text(json.dumps(data))
    with pytest.raises(FileFormatError, match=r"\$\.tools\.t\.in\.x\.type"):
        manifest.load(path)
    with pytest.raises(FileFormatError):  # an invalid verdict is never remembered
        manifest.load(path)


def test_it_says_whether_the_verdict_was_remembered(tmp_path, cache, monkeypatch):
    # what decides when a manifest's layout is proved: on a load of bytes already found valid
    from parity.core.jsonio import read_json
    from parity.core.validate import validate_file

    path = tmp_path / "m.json"
    write_manifest(path)
    data, text = read_json(path)

    def validate() -> bool:
        return validate_file(data, "manifest.v1.json", file=str(path), what="manifest",
                             fix="-", text=text)

    assert validate() is False  # decided now
    assert validate() is True  # remembered
    monkeypatch.setenv("PARITY_NO_CACHE", "1")
    assert validate() is False  # nothing is remembered with the cache off


def test_no_cache_setting_and_an_unwritable_cache_only_cost_speed(tmp_path, monkeypatch):
    monkeypatch.setenv("PARITY_NO_CACHE", "1")
    assert cache_dir() is None
    monkeypatch.delenv("PARITY_NO_CACHE")
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setenv("PARITY_CACHE_DIR", str(blocker / "sub"))  # cannot be created
    path = tmp_path / "m.json"
    write_manifest(path)
    assert manifest.load(path).tools["t"].in_["x"].type == ("string",)


def test_entries_found_valid_in_one_manifest_vouch_only_for_the_same_json(tmp_path,
                                                                           monkeypatch):
    """Entry verdicts are shared across files by exact JSON: an entry equal in Python to a
    valid one but not the same JSON (``true`` where ``1`` was) is still checked, and refused."""
    monkeypatch.setenv("PARITY_NO_CACHE", "1")
    from parity.core import validate

    path = tmp_path / "m.json"
    write_manifest(path)
    data = json.loads(path.read_text())
    data["tools"]["t"]["in"]["x"]["constraints"] = {"maxLength": 1}
    path.write_text(json.dumps(data))
    manifest.load(path)
    assert validate.value_key(data["tools"]["t"]["in"]["x"]) in validate._VALID_ENTRIES
    data["tools"]["t"]["in"]["x"]["constraints"] = {"maxLength": True}
    path.write_text(json.dumps(data))
    with pytest.raises(FileFormatError, match=r"\$\.tools\.t\.in\.x\.constraints"):
        manifest.load(path)


def test_entries_that_share_a_stand_in_are_checked_once_and_a_wrong_type_still_fails():
    """Entries differing only in values their schema constrains by type alone (descriptions,
    defaults, bounds) share a stand-in, checked once; a value of another type is kept in
    the stand-in, so it is refused however many valid entries share the rest."""
    from parity.core import validate

    def document(*entries):
        table = {"": {"type": ["object"], "required": True, "closed": False}}
        table.update({f"p{i}": e for i, e in enumerate(entries)})
        return {"tools": {"t": {"in": table, "out": None}}}

    def leaf(**fields):
        return {"type": ["integer"], "required": False, **fields}

    validate.forget_entry_verdicts()
    checked: list[object] = []
    valid = validate._compiled("manifest_v1_entry")

    def counting(entry):
        checked.append(entry)
        return validate._accepts(valid, entry)

    same_shape = [leaf(description=f"the {n}th", default=n, constraints={"minimum": n})
                  for n in range(5)]
    assert validate._each_distinct_entry(document(*same_shape), counting)
    assert len(checked) == 2  # the root's stand-in, and the five leaves'
    assert not validate._each_distinct_entry(document(leaf(description=5)), counting)
    assert not validate._each_distinct_entry(
        document(leaf(constraints={"minimum": True})), counting)
    assert not validate._each_distinct_entry(
        document(leaf(constraints={"minLength": -1})), counting)


# -- a key repeated in one object ------------------------------------------------------------

def refused(text: str) -> FileFormatError | None:
    from parity.core.validate import refuse_repeated_keys

    try:
        refuse_repeated_keys(text, json.loads(text), file="f.json", what="manifest")
    except FileFormatError as exc:
        return exc
    return None


@pytest.mark.parametrize(("text", "where", "key", "times"), [
    ('{"a": 1, "a": 2}', "$", "a", 2),
    ('{"a": {"b": 1, "c": {"d": 1, "d": 1}}}', "$.a.c", "d", 2),
    ('{"x": [{"k": 1}, {"k": 1, "k": 2, "k": 3}]}', "$.x[1]", "k", 3),
    ('{"tools": {"ns:t": {"in": {"p[]": {}, "p[]": {"a": "b"}}}}}', '$.tools["ns:t"].in',
     "p[]", 2),
    # the repeat's value is the same as the kept one's, or holds no colon at all
    ('{"a": [], "a": []}', "$", "a", 2),
    # the first object in document order is named
    ('{"a": {"z": 1, "z": 1}, "b": 1, "b": 1}', "$", "b", 2),
])
def test_a_repeated_key_is_refused_naming_its_object(text, where, key, times):
    error = refused(text)
    assert error is not None
    assert (error.file, error.location) == ("f.json", where)
    assert f'repeats the key "{key}" in one object ({times} times)' in error.message


@pytest.mark.parametrize("text", [
    '{}', '[]', '"a:b"', '{"a": "x:y", "b": {"c": [":", "::"]}}',
    '{"a:b": 1, "a": {"a": 1}, "b": [{"a": 1}, {"a": 2}]}',
    # a colon spelled as an escape, and text that only looks like one
    '{"a": "\\u003a\\u003A", "b\\u003a": 1}', '{"a": "\\\\u003a"}',
    '{"a": "é\\u00e9😀\\ud83d\\ude00", "n": [1.5e300, -0, 9007199254740991]}',
])
def test_text_without_a_repeated_key_passes(text):
    assert refused(text) is None


def test_a_key_repeated_under_another_spelling_is_refused():
    """``"a"`` and ``"\\u0061"`` are one key: the parse, not the bytes, decides."""
    error = refused('{"a": 1, "\\u0061": 2}')
    assert error is not None and error.location == "$"


def test_a_repeated_key_is_refused_on_every_load_and_never_cut(tmp_path, cache):
    """The verdict "valid" holds "no repeated key": never remembered for such bytes, so no
    later load trusts them, and a large file is never cut along its lines either."""
    path = tmp_path / "m.json"
    write_manifest(path)
    text = path.read_text()
    line = next(li for li in text.splitlines() if li.startswith('        "x": '))
    path.write_text(text.replace(line, line.replace('"string"', '"integer"') + ",\n" + line))
    for _ in range(3):
        with pytest.raises(FileFormatError, match='repeats the key "x"') as info:
            manifest.load(path)
        assert info.value.location == "$.tools.t.in"
    assert not (cache / "validated").exists()


#: keys and strings rich in what the count looks at: colons, escapes, quotes, backslashes
_TEXTS = st.lists(st.sampled_from(["a", "b", ":", "\\", '"', "u003a", "é", "\x01"]),
                  max_size=6).map("".join)
_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-10, 10) | _TEXTS,
    lambda inner: st.lists(inner, max_size=4)
    | st.lists(st.tuples(_TEXTS, inner), max_size=4),  # an object: pairs, repeats allowed
    max_leaves=20)


def _text(value, escape: bool) -> str:
    """``value`` as JSON text, a list of pairs written as an object (keys as they fall, so
    some repeat), every colon of a string spelled ``\\u003a`` when ``escape``."""
    if isinstance(value, list) and value and all(isinstance(v, tuple) for v in value):
        return "{" + ", ".join(f"{_text(k, escape)}: {_text(v, escape)}" for k, v in value) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_text(v, escape) for v in value) + "]"
    text = json.dumps(value)
    return text.replace(":", "\\u003a") if escape and isinstance(value, str) else text


def _repeats(text: str) -> bool:
    found = []
    json.loads(text, object_pairs_hook=lambda pairs: found.append(
        len({k for k, _ in pairs}) < len(pairs)) or dict(pairs))
    return any(found)


@settings(max_examples=draws(500), deadline=None)
@given(_VALUES, st.booleans())
def test_a_text_is_refused_exactly_when_an_object_repeats_a_key(value, escape):
    text = _text(value, escape)
    assert (refused(text) is not None) == _repeats(text)
