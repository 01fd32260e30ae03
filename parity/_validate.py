"""Validate parity's own files (manifest, baseline, lock) against their shipped schemas."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

from parity.errors import FileFormatError


@cache
def shipped_schema(name: str) -> dict[str, Any]:
    """A JSON Schema shipped in ``parity/schemas`` (e.g. ``manifest.v1.json``)."""
    text = resources.files("parity.schemas").joinpath(name).read_text(encoding="utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema


@cache
def _validator(name: str) -> Any:
    from jsonschema import Draft202012Validator  # imported here: only loading needs it

    return Draft202012Validator(shipped_schema(name))


def validate_file(data: Any, schema_name: str, *, file: str, what: str, fix: str) -> None:
    """Raise one ``FileFormatError`` for the most relevant violation, naming its JSON path."""
    from jsonschema.exceptions import best_match

    error = best_match(_validator(schema_name).iter_errors(data))
    if error is None:
        return
    raise FileFormatError(f"not a valid {what}: {error.message}", file=file,
                          location=error.json_path, hint=fix)


def check_format(data: Any, expected: str, *, file: str, what: str, fix: str) -> None:
    """Give a wrong or missing ``format`` its own message before schema validation."""
    if not isinstance(data, dict):
        raise FileFormatError(f"not a {what}: the top level is not a JSON object", file=file,
                              location="$", hint=fix)
    found = data.get("format")
    if found != expected:
        raise FileFormatError(
            f"{what} format {found!r} is not supported (this parity reads {expected!r})",
            file=file, location="$.format", hint=fix)
