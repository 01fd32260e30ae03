"""Robustness over the JSON-Schema-Test-Suite: every schema gives a table or one ParityError.

The bundled subset in tests/fixtures/jsts always runs; the full 634-schema corpus runs where
../shared/corpus is present beside the repository (it is on developer machines and in CI).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from parity.errors import ParityError
from parity.fieldpaths.schema import extract_paths

HERE = Path(__file__).resolve().parents[1]
BUNDLED = sorted((HERE / "fixtures" / "jsts").glob("draft*/*.json"))
SHARED = HERE.parent.parent / "shared" / "corpus" / "jsts"
FULL = sorted(SHARED.glob("draft*/*.json"))
DRAFT7 = "http://json-schema.org/draft-07/schema#"


def reduce(path: Path) -> None:
    """A table or one clear error; the work is bounded by ``Limits.max_work`` (a schema that
    needs more is a ``BoundsError``, a ``ParityError``), so no clock is needed."""
    schema = json.loads(path.read_text(encoding="utf-8"))
    dialect = DRAFT7 if path.parent.name == "draft7" else None
    try:
        extract_paths(schema, tool=path.name, default_dialect=dialect, warnings=[])
    except ParityError as exc:
        assert str(exc).strip(), "a ParityError must say something"


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_bundled_subset(path):
    reduce(path)


def test_bundled_subset_is_not_empty():
    assert len(BUNDLED) >= 15


@pytest.mark.skipif(
    not FULL, reason=f"the full JSON-Schema-Test-Suite (634 schemas, ../shared/corpus/jsts) is "
                     f"not beside this checkout; its bundled subset of {len(BUNDLED)} schemas "
                     "(tests/fixtures/jsts) ran above")
def test_full_corpus_yields_a_table_or_one_clear_error():
    assert len(FULL) == 634
    for path in FULL:
        reduce(path)


def test_remote_refs_in_the_suite_are_reported_not_fetched():
    path = HERE / "fixtures" / "jsts" / "draft2020-12" / "refRemote-1.json"
    warnings: list[str] = []
    extract_paths(json.loads(path.read_text()), warnings=warnings)
    assert any("not fetched" in w for w in warnings)
