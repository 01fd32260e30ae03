"""Validation verdicts are remembered by content, never by file name."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from parity.core.validate import cache_dir
from parity.errors import FileFormatError
from parity.fieldpaths import manifest
from parity.fieldpaths.tooldefs import manifest_from_definitions

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
