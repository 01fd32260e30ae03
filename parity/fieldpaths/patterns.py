"""Matching a schema's patterns in bounded time.

A pattern comes from the server or a committed file, and a pattern such as ``^(a+)+b$``
backtracks exponentially: 40 characters keep Python's ``re`` busy for hours, and ``re``
cannot be stopped. Patterns are matched here with the `regex` module, which stops a match
after ``MATCH_BUDGET`` seconds and reads every pattern ``re`` reads the same way (its default
version 0 is ``re``'s syntax). A pattern ``re`` cannot compile still raises ``re.error``, so
what parity checks is what it checked before, only bounded.

``budgeted(cls)`` is a ``jsonschema`` validator class whose ``pattern``, ``patternProperties``
and ``additionalProperties`` match this way; a match past the budget raises ``PatternTimeout``
(no verdict: the witness search gives up, the guard calls the schema unusable).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator, Mapping
from typing import Any

#: The most one match may take, in seconds; real patterns take microseconds.
MATCH_BUDGET = 0.05


class PatternTimeout(Exception):
    """A match of a pattern ran past ``MATCH_BUDGET``."""

    def __init__(self, pattern: str) -> None:
        super().__init__(f"the pattern {pattern!r} took more than {MATCH_BUDGET:g} s to match "
                         "(it backtracks without bound)")
        self.pattern = pattern


@functools.lru_cache(maxsize=1024)
def _compiled(pattern: str) -> Any:
    re.compile(pattern)  # what re cannot read stays unread (re.error)
    import regex

    try:
        return regex.compile(pattern)
    except regex.error as exc:  # pragma: no cover - regex reads all that re reads
        raise re.error(str(exc)) from None


def search(pattern: str, text: str) -> bool:
    """``re.search(pattern, text) is not None``, within ``MATCH_BUDGET``: raises
    ``PatternTimeout`` past it, ``re.error`` for a pattern ``re`` cannot compile."""
    try:
        return _compiled(pattern).search(text, timeout=MATCH_BUDGET) is not None
    except TimeoutError:
        raise PatternTimeout(pattern) from None


# -- jsonschema keywords, as jsonschema's own but matching through ``search`` ---------------


def _pattern(validator: Any, pattern: Any, instance: Any, schema: Any) -> Iterator[Any]:
    from jsonschema.exceptions import ValidationError

    if validator.is_type(instance, "string") and not search(pattern, instance):
        yield ValidationError(f"{instance!r} does not match {pattern!r}")


def _pattern_properties(validator: Any, patterns: Any, instance: Any,
                        schema: Any) -> Iterator[Any]:
    if not validator.is_type(instance, "object"):
        return
    for pattern, subschema in patterns.items():
        for key, value in instance.items():
            if search(pattern, key):
                yield from validator.descend(value, subschema, path=key, schema_path=pattern)


def _additional_properties(validator: Any, additional: Any, instance: Any,
                           schema: Any) -> Iterator[Any]:
    from jsonschema.exceptions import ValidationError

    if not validator.is_type(instance, "object"):
        return
    extras = _extras(instance, schema)
    if validator.is_type(additional, "object"):
        for extra in extras:
            yield from validator.descend(instance[extra], additional, path=extra)
    elif not additional and extras:
        shown = ", ".join(repr(each) for each in extras)
        yield ValidationError(f"Additional properties are not allowed ({shown} "
                              f"{'was' if len(extras) == 1 else 'were'} unexpected)")


def _extras(instance: Mapping[str, Any], schema: Mapping[str, Any]) -> list[str]:
    properties = schema.get("properties", {})
    patterns = list(schema.get("patternProperties", {}))
    return sorted(key for key in instance if key not in properties
                  and not any(search(p, key) for p in patterns))


_BUDGETED: dict[Any, Any] = {}


def budgeted(cls: Any) -> Any:
    """``cls`` (a ``jsonschema`` validator class) with its pattern keywords bounded."""
    found = _BUDGETED.get(cls)
    if found is None:
        from jsonschema.validators import extend

        keywords = {"pattern": _pattern, "patternProperties": _pattern_properties,
                    "additionalProperties": _additional_properties}
        found = _BUDGETED[cls] = extend(
            cls, {k: v for k, v in keywords.items() if k in cls.VALIDATORS})
    return found
