"""Checking values against a tool's pinned schemas: arguments before a call is sent, the
structured result after it arrives. Reasons name the place and the keyword, never a value
(arguments may hold secrets)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class SchemaError:
    """The first (best) reason a value fails a schema."""

    #: the JSON path of the failing value, e.g. ``$.items[0].id``
    where: str
    #: the failing keyword (``required``, ``type``...) or ``unusable schema``
    keyword: str


def first_error(schema: Mapping[str, Any], instance: Any) -> SchemaError | None:
    """The best-matching reason ``instance`` fails ``schema``, or None.

    A schema that cannot be used (invalid, an unresolvable ``$ref``, too deep) is an error
    too: a pinned contract that cannot be checked does not pass."""
    import jsonschema

    cls = jsonschema.validators.validator_for(schema, default=jsonschema.Draft202012Validator)
    try:
        validator = cls(schema, format_checker=cls.FORMAT_CHECKER)
        error = jsonschema.exceptions.best_match(validator.iter_errors(instance))
    except (jsonschema.exceptions.SchemaError, jsonschema.exceptions.RefResolutionError,
            RecursionError):
        return SchemaError("$", "unusable schema")
    except Exception:  # a broken schema may fail anywhere inside the validator
        return SchemaError("$", "unusable schema")
    if error is None:
        return None
    return SchemaError(json_path(error.absolute_path), str(error.validator))


def json_path(path: Sequence[Any]) -> str:
    """``$.a[0].b`` for the steps ``("a", 0, "b")``."""
    out = "$"
    for step in path:
        out += f"[{step}]" if isinstance(step, int) else f".{step}"
    return out


def check_arguments(definition: Mapping[str, Any], arguments: Any) -> str | None:
    """Why ``arguments`` fail the pinned ``inputSchema`` (a short, value-free reason), or None."""
    if not isinstance(arguments, Mapping):
        return "arguments must be a JSON object"
    schema = definition.get("inputSchema")
    if not isinstance(schema, Mapping):
        return None
    error = first_error(schema, dict(arguments))
    if error is None:
        return None
    # the validator's keyword and place, never the value: arguments may hold secrets
    return f"arguments fail the pinned inputSchema at {error.where} ({error.keyword})"


__all__ = ["SchemaError", "check_arguments", "first_error", "json_path"]
