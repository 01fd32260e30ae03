"""When two field-path tables agree: every path would align with itself, and no ``in.*``
or ``out.*`` rule could report anything, so the alignment is skipped.

Tables read from a manifest file are compared as plain data first (``agree_raw``), so a
diff builds entries only for the tools that differ (issue 16's speed targets).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from itertools import chain, compress, repeat
from operator import attrgetter, itemgetter, ne
from typing import Any

import orjson

from parity.fieldpaths.entry import Entry, canonical_value, value_identity
from parity.fieldpaths.fieldpath import Steps, unvouched
from parity.fieldpaths.manifest import RawTable, Table
from parity.fieldpaths.manifest_text import entries_of, table_lines


class PathCache:
    """What is known of printed paths, shared by every table of one diff (both sides, and
    many tools, print the same paths): each distinct path is parsed once."""

    __slots__ = ("parents", "steps")

    def __init__(self) -> None:
        #: printed path -> its steps
        self.steps: dict[str, Steps] = {}
        #: printed path -> its parent's path as parity prints it (the root's is itself), or
        #: ``fieldpath.UNPRINTED`` (see ``fieldpath.unvouched``)
        self.parents: dict[str, object] = {}


def agree(reader: Table, other: Table, paths: PathCache) -> bool:
    """Both tables hold the same paths, agree on every fact a rule reads, and every path's
    parent is in them (a missing intermediate node can align a path elsewhere)."""
    texts = list(reader)
    if texts == list(other):  # the usual order: compare the entries side by side
        theirs_entries: Iterable[Entry] = other.values()
    elif reader.keys() == other.keys():
        theirs_entries = map(other.__getitem__, texts)
    else:
        return False
    mine = list(map(_FACTS, reader.values()))
    theirs = list(map(_FACTS, theirs_entries))
    if mine != theirs:
        return False
    enums = list(map(_ENUM, mine))
    for a, b in compress(zip(enums, map(_ENUM, theirs), strict=True), enums):
        if not _same_as_json(a, b):
            return False
    for a, b in compress(zip(mine, theirs, strict=True), map(_BY_TYPE, mine)):
        if not all(_same_as_json(x, y) for (_, x), (_, y) in zip(a[-1], b[-1], strict=True)):
            return False
    return not unvouched(reader, paths.parents)


def agree_raw(reader: RawTable, other: RawTable, paths: PathCache, *,
              paths_checked: bool = False) -> bool:
    """``agree`` for two tables as a manifest file holds them, without building entries.

    An entry's facts derive each from its own key of the entry's data, so entries whose
    data agree on those keys agree on the facts; equal data is compared first, in C. Where
    Python's equality is looser than JSON's (an enum's ``1`` and ``true``), enums are also
    compared as JSON, as ``agree`` does. ``paths_checked``: the manifest file's checks
    already proved every path printed as parity prints it, with its parent present."""
    if reader == other:  # the usual unchanged table, compared in C
        mine = list(reader.values())
    else:
        texts = list(reader)
        if texts == list(other):
            theirs: list[Mapping[str, Any]] = list(other.values())
        elif reader.keys() == other.keys():
            theirs = list(map(other.__getitem__, texts))
        else:
            return False
        mine = list(reader.values())
        for a, b in compress(zip(mine, theirs, strict=True), map(ne, mine, theirs)):
            # the data differ: in what no rule reads (a description, a default) is fine
            if list(map(a.get, _FACT_KEYS)) != list(map(b.get, _FACT_KEYS)):
                return False
    # every enum is now equal to the other side's in Python, and the sides' have the same keys
    if not _enums_same_as_json(_enums_of(mine), reader, other):
        return False
    if any(map(dict.get, mine, repeat("enum_by_type"))) and not all(  # type: ignore[arg-type]
            _typed_same_as_json(data["enum_by_type"], other[path]["enum_by_type"])
            for path, data in reader.items() if data.get("enum_by_type")):
        return False
    return paths_checked or not unvouched(reader, paths.parents)


def agree_text(reader: bytes, other: bytes, paths: PathCache) -> bool:
    """``agree_raw`` for two tables as the text of laid-out manifest files holds them
    (``manifest_text``: one entry per line, whose files passed every check). Equal text
    agrees; otherwise only the lines that differ are parsed and compared: an equal line
    is the same entry, at the same place, on both sides."""
    if reader == other:
        return True
    # the usual difference: the first entry alone (the root's description), the rest of
    # the text equal, compared in C without cutting it into lines
    mine_end, theirs_end = reader.find(b"\n", 2), other.find(b"\n", 2)
    if mine_end > 0 and theirs_end > 0 and reader[mine_end:] == other[theirs_end:]:
        return _first_entries_agree(reader[2:mine_end], other[2:theirs_end])
    mine, theirs = table_lines(reader), table_lines(other)
    if len(mine) != len(theirs):
        return False  # not the same paths
    differ = list(map(ne, mine, theirs))
    return agree_raw(entries_of(list(compress(mine, differ))),
                     entries_of(list(compress(theirs, differ))), paths, paths_checked=True)


def _first_entries_agree(mine: bytes, theirs: bytes) -> bool:
    """``agree_raw`` (paths checked) for two tables of one entry each, given as their
    lines: both read in one call, and compared without building tables around them."""
    # each line is ``"path": {...}``, with its separating comma if more lines follow
    first, second = orjson.loads(b"[{" + mine.rstrip(b",") + b"},{" + theirs.rstrip(b",")
                                 + b"}]")
    if first.keys() != second.keys():
        return False
    (a,), (b,) = first.values(), second.values()
    if a != b and list(map(a.get, _FACT_KEYS)) != list(map(b.get, _FACT_KEYS)):
        return False
    # the enums are now equal in Python: are they the same as JSON?
    enum, typed = a.get("enum"), a.get("enum_by_type")
    return ((not enum or _same_as_json(enum, b["enum"]))
            and (not typed or _typed_same_as_json(typed, b["enum_by_type"])))


def _typed_same_as_json(mine: Mapping[str, Any], theirs: Mapping[str, Any]) -> bool:
    """``_same_as_json`` of two ``enum_by_type`` already equal in Python, type by type."""
    return all(_same_as_json(values, theirs[kind]) for kind, values in mine.items())


def _enums_same_as_json(enums: list[Any], reader: RawTable, other: RawTable) -> bool:
    """Whether the (non-empty) enums ``enums`` of ``reader``'s entries, each equal in Python
    to the other table's at the same path, are also the same as JSON.

    The values of all enums are checked at once: strings equal in Python are equal as JSON,
    so a table whose enums hold nothing else is decided without the other side's; equal
    scalars of the same types have the same text but for a float's sign of zero (the only
    equal floats whose ``repr``, which their JSON text follows, differs); containers are
    compared enum by enum."""
    values = list(chain.from_iterable(enums))
    kinds = set(map(type, values))
    if kinds <= _STR:
        return True
    # equal enums are equally long and equally empty: the values pair up in order
    theirs = _enums_of(map(other.__getitem__, reader))
    theirs_values = list(chain.from_iterable(theirs))
    if list(map(type, values)) != list(map(type, theirs_values)):
        return False  # a value of another type (1 and true, 1 and 1.0) has another text
    if kinds <= _SCALARS:
        return True
    if kinds <= _NUMBERS:
        return list(map(repr, values)) == list(map(repr, theirs_values))
    return all(map(_same_as_json, enums, theirs))


def _enums_of(entries: Iterable[Mapping[str, Any]]) -> list[Any]:
    """The non-empty enums of raw entries, in order."""
    return list(filter(None, map(dict.get, entries, repeat("enum"))))  # type: ignore[arg-type]


def _same_as_json(mine: Iterable[Any], theirs: Iterable[Any]) -> bool:
    """Two enums already equal in Python are equal as JSON too: not so for 1 and true,
    1 and 1.0, 0.0 and -0.0, or containers holding them."""
    kinds = set(map(type, mine))
    if kinds == _STR:
        return True
    if kinds <= _SCALARS:  # equal values of the same types have the same JSON text
        return list(map(type, mine)) == list(map(type, theirs))
    return [_identity(v) for v in mine] == [_identity(v) for v in theirs]


_CANONICAL = object()
#: what a rule reads of an entry (``is_any`` and ``allows`` derive from ``type``)
_FACTS = attrgetter("type", "required", "closed", "enum", "recursive", "unresolved",
                    "constraints", "format", "patterns", "choice", "keysets", "tags",
                    "shapes", "enum_by_type")
#: the keys of an entry's data those facts derive from, one each
# (a tag's values are the enums of its key's path, which the enums' check compares as JSON)
_FACT_KEYS = ("type", "required", "closed", "enum", "recursive", "unresolved", "constraints",
              "format", "patterns", "choice", "keysets", "tags", "shapes", "enum_by_type")
_ENUM = itemgetter(3)
_BY_TYPE = itemgetter(13)
_STR = {str}
#: values equal in Python whose types are equal are equal as JSON (not so for floats: 0.0)
_SCALARS = {str, int, bool, type(None)}
#: the scalars and floats
_NUMBERS = {*_SCALARS, float}


def _identity(value: Any) -> tuple[Any, Any]:
    """A key equal for two values exactly when their canonical JSON texts
    (``parity.fieldpaths.entry.canonical_value``) are equal: a scalar's type and value (a float's
    repr, which its JSON text follows), otherwise the canonical text itself. The texts of
    values of different JSON types never coincide. (Agreement is judged by text: tables
    that agree are not compared at all; ``excess`` judges values as JSON Schema does.)"""
    kind = type(value)
    if kind is str or kind is int or kind is bool or value is None:
        return kind, value
    if kind is float:
        return kind, repr(value)
    return _CANONICAL, canonical_value(value)


def _value_key(value: Any) -> tuple[Any, Any]:
    """``_identity``, but equal for numbers JSON Schema calls equal (``2`` and ``2.0``, ``0``
    and ``-0.0``: ``parity.fieldpaths.entry.value_identity``)."""
    kind = type(value)
    if kind is str or kind is int or kind is bool or value is None:
        return kind, value
    if kind is float:
        return (int, int(value)) if value.is_integer() else (kind, repr(value))
    return _CANONICAL, value_identity(value)


def excess(produced: tuple[Any, ...], accepted: tuple[Any, ...]) -> list[Any]:
    """The produced values that no accepted value equals (as JSON Schema compares them),
    without the JSON encoder for scalars."""
    keep = {_value_key(v) for v in accepted}
    return [v for v in produced if _value_key(v) not in keep]
