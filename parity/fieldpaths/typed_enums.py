"""Enums that limit some of a node's types only (``Entry.enum_by_type``).

Pydantic writes ``mode: Literal["auto"] | int`` as ``anyOf [{"const": "auto", "type":
"string"}, {"type": "integer"}]``: the merged node takes an integer or a string, but of the
strings only ``"auto"``. Its ``enum`` (every type limited) stays ``None``; this module says
which types the union's enums still limit, and to which values.

Types are named by ``entry.value_type``: an integral number is an ``integer``, so a
``number`` node's values are its ``integer`` ones and its other (``number``) ones.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from parity.fieldpaths.entry import ANY, Entry, EnumByType, sorted_values, value_type


def kinds(types: Iterable[str]) -> list[str]:
    """The value types of a node of ``types`` (none ``any``): a ``number`` holds integers too."""
    out = set(types)
    if "number" in out:
        out.add("integer")
    return sorted(out)


def merged(entries: Sequence[Entry], types: tuple[str, ...]) -> EnumByType:
    """``enum_by_type`` of the union of ``entries`` (of merged type ``types``), some of
    which limit values (an ``enum`` or an ``enum_by_type``) and some not: a type is free
    where an alternative takes it without an enum (``integer`` fits ``number``, ``any``
    fits all), else limited to the values of that type the alternatives list. ``()``
    unless some type is limited and another free (all limited is an ``enum``; all free, no
    enum)."""
    if ANY in types:
        return ()  # an alternative free of type is free of values
    wanted = kinds(types)
    limited: dict[str, list[Any]] = {}
    free: set[str] = set()
    for e in entries:
        if e.enum is not None:
            for v in e.enum:
                kind = value_type(v)
                if e.allows(kind):  # (``{"type": "string", "enum": [1]}`` holds no 1)
                    limited.setdefault(kind, []).append(v)
            continue
        own = dict(e.enum_by_type)
        for kind in wanted:
            if kind not in own and e.allows(kind):
                free.add(kind)
        for kind, values in own.items():
            limited.setdefault(kind, []).extend(values)
    out = tuple((kind, sorted_values(limited.get(kind, ()))) for kind in wanted
                if kind not in free)
    return out if out and len(out) < len(wanted) else ()


def of_kind(entry: Entry, kind: str) -> tuple[Any, ...] | None:
    """The values of value type ``kind`` that ``entry``'s enums let through: its ``enum``'s
    of that type, or its ``enum_by_type``'s; ``None``: any value of the type (whether the
    type itself fits is ``entry.allows``' question)."""
    if entry.enum is not None:
        return tuple(v for v in entry.enum if value_type(v) == kind)
    for name, values in entry.enum_by_type:
        if name == kind:
            return values
    return None


def free_kinds(entry: Entry) -> list[str]:
    """The value types ``entry`` takes with no enum limiting them."""
    if entry.is_any or entry.enum is not None:
        return [] if entry.enum is not None else [ANY]
    limited = {name for name, _ in entry.enum_by_type}
    return [kind for kind in kinds(entry.type) if kind not in limited]


__all__ = ["free_kinds", "kinds", "merged", "of_kind"]
