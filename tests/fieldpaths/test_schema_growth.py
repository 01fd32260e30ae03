"""Extraction's work grows with the schema, not with its square: for each shape, the Python
lines ``extract_paths`` executes (``tests.linecount``, never a clock) for 64 keys (or
references, branches, levels) at most 5x those for 16. Linear work gives about 4x: these
read 3.2x to 4.1x. Unions are left out on purpose: merging k alternatives grows faster
(a tagged union of k objects 7.6x from 16 to 64), bounded by ``Limits.max_alternatives``
(256), which ends the walk past it."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from parity.fieldpaths.schema import extract_paths
from tests.linecount import lines_run

S = {"type": "string"}


def obj(props: dict[str, Any], required: list[str] | tuple[str, ...] = (),
        **extra: Any) -> dict[str, Any]:
    return {"type": "object", "properties": props, "required": list(required), **extra}


def _names(k: int) -> list[str]:
    return [f"k{i}" for i in range(k)]


def wide(k: int) -> dict[str, Any]:
    return obj(dict.fromkeys(_names(k), S), _names(k)[::2])


def wide_and_rich(k: int) -> dict[str, Any]:  # enums, defaults, bounds, annotations
    leaf = {"type": "string", "enum": ["a", "b"], "default": "a", "description": "d",
            "maxLength": 5}
    return obj(dict.fromkeys(_names(k), leaf))


def closed_and_required(k: int) -> dict[str, Any]:
    return obj(dict.fromkeys(_names(k), S), _names(k), additionalProperties=False)


def references(k: int) -> dict[str, Any]:
    return {**obj({n: {"$ref": f"#/$defs/D{n}"} for n in _names(k)}),
            "$defs": {f"D{n}": obj({"a": S}) for n in _names(k)}}


def one_reference_shared(k: int) -> dict[str, Any]:
    return {**obj({n: {"$ref": "#/$defs/D"} for n in _names(k)}),
            "$defs": {"D": obj({"a": S, "b": S})}}


def all_of(k: int) -> dict[str, Any]:
    return {"allOf": [obj({n: S}) for n in _names(k)]}


def nullable_leaves(k: int) -> dict[str, Any]:  # pydantic's Optional[str]
    return obj({n: {"anyOf": [S, {"type": "null"}]} for n in _names(k)})


def list_of_objects(k: int) -> dict[str, Any]:
    return obj({"x": {"type": "array", "items": obj(dict.fromkeys(_names(k), S))}})


def pattern_properties(k: int) -> dict[str, Any]:
    return obj({}, patternProperties={f"^{n}_": S for n in _names(k)})


def nested(k: int) -> dict[str, Any]:
    schema: dict[str, Any] = S
    for n in _names(k // 2):
        schema = obj({n: schema, f"{n}_leaf": S})
    return schema


SHAPES = [wide, wide_and_rich, closed_and_required, references, one_reference_shared, all_of,
          nullable_leaves, list_of_objects, pattern_properties, nested]


@pytest.mark.parametrize("shape", SHAPES, ids=lambda s: s.__name__)
def test_extractions_work_grows_linearly_with_the_schema(shape: Callable[[int], Any]):
    # as read from a file: no two nodes the same object
    small, large = (json.loads(json.dumps(shape(k))) for k in (16, 64))
    for schema in (small, large):
        extract_paths(schema)  # (what a first walk imports or compiles, uncounted)
    counts = [lines_run(lambda s=s: extract_paths(s))[0] for s in (small, large)]
    assert counts[1] <= 5 * counts[0], counts
