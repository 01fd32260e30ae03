"""A set inside a model default is written in a fixed order: the manifest is the same
whatever ``PYTHONHASHSEED`` is (``extract --check`` does not flap)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from parity.fieldpaths.set_defaults import sorted_set_defaults
from tests.lockfixtures import ROOT

STUB = '''
from pydantic import BaseModel

class Filter(BaseModel):
    kinds: frozenset[str] = frozenset({"pdf", "doc", "txt", "md", "html", "xls", "csv"})

def search(query: str, tags: set[str] = {"alpha", "beta", "gamma", "delta"},
           f: Filter = Filter()) -> Filter:
    return f
'''


def test_a_set_in_a_model_default_gives_the_same_schema_under_any_hash_seed(
        tmp_path: Path) -> None:
    (tmp_path / "set_stub.py").write_text(STUB)
    code = ("import json, set_stub\n"
            "from parity.sources.agent import definition_from_callable\n"
            "print(json.dumps(definition_from_callable(set_stub.search), sort_keys=True))\n")
    seen = set()
    for seed in ("1", "2", "3"):
        env = {**os.environ, "PYTHONHASHSEED": seed,
               "PYTHONPATH": os.pathsep.join((str(ROOT), str(tmp_path)))}
        done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                              text=True, check=True, timeout=120)
        seen.add(done.stdout)
    assert len(seen) == 1
    assert '"default": {"kinds": ["csv", "doc", "html", "md", "pdf", "txt", "xls"]}' in seen.pop()


def test_only_arrays_whose_schema_is_a_set_are_sorted() -> None:
    schema = {
        "$defs": {"F": {"type": "object", "properties": {
            "kinds": {"type": "array", "uniqueItems": True, "items": {"type": "string"}},
            "order": {"type": "array", "items": {"type": "string"}},
            "mixed": {"anyOf": [{"type": "array", "uniqueItems": True}, {"type": "null"}]}}}},
        "type": "object", "properties": {
            "f": {"$ref": "#/$defs/F", "default": {"kinds": ["b", "a"], "order": ["b", "a"],
                                                   "mixed": [2, "x", 1]}},
            "g": {"type": "string", "default": "z"}}}
    fixed = sorted_set_defaults(schema)
    assert fixed["properties"]["f"]["default"] == {"kinds": ["a", "b"], "order": ["b", "a"],
                                                   "mixed": ["x", 1, 2]}
    assert schema["properties"]["f"]["default"]["kinds"] == ["b", "a"]  # never modified
    assert fixed["properties"]["g"] is schema["properties"]["g"]
    assert sorted_set_defaults(fixed) is fixed  # nothing left to sort: the very same schema
