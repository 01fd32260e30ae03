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
    #: why the schema itself is unusable (tool, JSON pointer, the remote URI), when it is
    unusable: str | None = None
    #: why a usable schema could not decide on this value, when it could not
    unchecked: str | None = None

    def reason(self, what: str, schema_name: str) -> str:
        """A value-free sentence: ``what`` (``arguments``) fails ``schema_name`` and where."""
        if self.unusable is not None:
            return f"the pinned {schema_name} is unusable: {self.unusable}"
        if self.unchecked is not None:
            return (f"{what} could not be checked against the pinned {schema_name}: "
                    f"{self.unchecked}; it is not taken as passing")
        verb = "fail" if what.endswith("s") else "fails"  # (arguments, structuredContent)
        return f"{what} {verb} the pinned {schema_name} at {self.where} ({self.keyword})"


def first_error(schema: Mapping[str, Any], instance: Any, *, tool: str = "<schema>",
                where: str = "schema") -> SchemaError | None:
    """The best-matching reason ``instance`` fails ``schema``, or None.

    A schema that cannot be used (a remote or dangling ``$ref``, references past the bounds,
    invalid, too deep) is an error too: a pinned contract that cannot be checked does not
    pass. The validator comes from the one factory, which never fetches a reference."""
    from parity.fieldpaths.validators import first_error as best
    from parity.fieldpaths.validators import validator_for

    try:
        validator = validator_for(schema, tool=tool, where=where)
    except Exception as exc:
        return _unusable(exc, tool, where)
    try:
        error = best(validator, instance)
    except RecursionError:  # the schema compiled: the value's depth ran out the stack
        return SchemaError("$", "unchecked", unchecked="it nests too deeply for the validator "
                                                       "(Python's recursion limit)")
    except Exception as exc:  # a broken schema may fail anywhere inside the validator
        return _unusable(exc, tool, where)
    if error is None:
        return None
    return SchemaError(json_path(error.absolute_path), str(error.validator))


def _unusable(exc: Exception, tool: str, where: str) -> SchemaError:
    from parity.errors import SchemaError as Unusable

    if isinstance(exc, Unusable):
        return SchemaError("$", "unusable schema", f"{exc.message} (at {exc.location})")
    if isinstance(exc, RecursionError):
        return SchemaError("$", "unusable schema", f"tool {tool!r}: {where}: nested too deeply")
    return SchemaError("$", "unusable schema", f"tool {tool!r}: {where}: {type(exc).__name__}")


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
    error = first_error(schema, dict(arguments), tool=str(definition.get("name", "<unnamed>")),
                        where="inputSchema")
    # the validator's keyword and place, never the value: arguments may hold secrets
    return None if error is None else error.reason("arguments", "inputSchema")


__all__ = ["SchemaError", "check_arguments", "first_error", "json_path"]
