"""Value constraints of one node (``pattern``, bounds, lengths...): read, combined, compared.

An entry keeps them in a canonical form (docs/field-paths.md): a sorted tuple of
``(keyword, value)`` pairs, numbers as RFC 8785 writes them (``1.0`` is ``1``), draft-04's
boolean ``exclusiveMinimum``/``exclusiveMaximum`` turned into the numeric form, ``pattern``
as the sorted tuple of every pattern that must hold, ``uniqueItems`` only when true,
``dependentRequired`` as sorted ``(key, keys it brings)`` pairs, each list sorted, none empty.
Two schemas that constrain a node the same way give the same tuple whatever their spelling.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from typing import Any

#: Keywords that bound numbers, lengths of strings, sizes of arrays.
NUMBER_KEYWORDS = ("exclusiveMaximum", "exclusiveMinimum", "maximum", "minimum", "multipleOf")
STRING_KEYWORDS = ("maxLength", "minLength", "pattern")
ARRAY_KEYWORDS = ("maxItems", "minItems", "uniqueItems")
#: what a ``propertyNames`` schema says of each key's name: walked as a schema of its own
#: (``general``), not read here; its facts are a name's ``enum``, string constraints, format
NAMES = "propertyNames"
#: Keywords that bound which keys an object holds: how many, which come together, and
#: which names they may have.
OBJECT_KEYWORDS = ("dependentRequired", "maxProperties", "minProperties", NAMES)
#: Every constraint keyword read from a schema object (``read``), in canonical order.
KEYWORDS = tuple(sorted(NUMBER_KEYWORDS + STRING_KEYWORDS + ARRAY_KEYWORDS
                        + OBJECT_KEYWORDS[:-1]))
#: Every constraint keyword an entry carries, in canonical order.
STATED = tuple(sorted((*KEYWORDS, NAMES)))
#: keyword -> the JSON type it constrains (it says nothing about values of other types)
KIND = {**dict.fromkeys(NUMBER_KEYWORDS, "number"), **dict.fromkeys(STRING_KEYWORDS, "string"),
        **dict.fromkeys(ARRAY_KEYWORDS, "array"), **dict.fromkeys(OBJECT_KEYWORDS, "object")}
#: constraint keywords 2019-09 brought: draft-07 and older read them as annotations
LATER = frozenset({"dependentRequired"})
KEYWORDS_SET = frozenset(KEYWORDS)
_OBJECT_SET = frozenset(OBJECT_KEYWORDS)
_LOWER = frozenset({"minimum", "exclusiveMinimum", "minLength", "minItems", "minProperties"})
_UPPER = frozenset({"maximum", "exclusiveMaximum", "maxLength", "maxItems", "maxProperties"})
_COUNTS = frozenset({"minLength", "maxLength", "minItems", "maxItems", "minProperties",
                     "maxProperties"})
#: the bounds any number may be (draft-04's boolean ``exclusiveMinimum`` is not an ``int``)
_BOUNDS = frozenset({"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"})

Constraints = tuple[tuple[str, Any], ...]


class ConstraintError(ValueError):
    """A constraint keyword with a value of the wrong kind (the caller names the place)."""


def number(value: Any) -> int | float:
    """A JSON number in canonical form: an integral float is an int (RFC 8785 writes both
    the same), so ``1`` and ``1.0`` compare equal and print alike."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value  # type: ignore[no-any-return]


def read(schema: Mapping[str, Any]) -> dict[str, Any]:
    """The constraints one schema object states itself, canonical; ``ConstraintError`` for a
    keyword whose value is of the wrong kind."""
    out: dict[str, Any] = {}
    # the keywords it states, in canonical order (a node states one or two of the eleven)
    stated = KEYWORDS_SET.intersection(schema)
    for keyword in sorted(stated) if len(stated) > 1 else stated:
        value = schema[keyword]
        # the commonest bound, an int (never a bool: its class is ``bool``), read at once
        if value.__class__ is int and (keyword in _BOUNDS or (keyword in _COUNTS
                                                                and value >= 0)):
            out[keyword] = value
            continue
        if keyword == "pattern":
            if not isinstance(value, str):
                raise ConstraintError("`pattern` must be a string")
            out[keyword] = (value,)
        elif keyword == "dependentRequired":
            found = dependent_required(value)
            if found:
                out[keyword] = found
        elif keyword == "uniqueItems":
            if not isinstance(value, bool):
                raise ConstraintError("`uniqueItems` must be a boolean")
            if value:
                out[keyword] = True
        elif keyword in ("exclusiveMinimum", "exclusiveMaximum") and isinstance(value, bool):
            # draft-04: a flag on `minimum`/`maximum`, read as the numeric form
            bound = "minimum" if keyword == "exclusiveMinimum" else "maximum"
            if value and _is_number(schema.get(bound)):
                out[keyword] = number(schema[bound])
        else:
            if not _is_number(value):
                raise ConstraintError(f"`{keyword}` must be a number")
            if keyword in _COUNTS and (value < 0 or number(value) != int(value)):
                raise ConstraintError(f"`{keyword}` must be a non-negative integer")
            if keyword == "multipleOf" and value <= 0:
                raise ConstraintError("`multipleOf` must be greater than 0")
            out[keyword] = int(value) if keyword in _COUNTS else number(value)
    if "exclusiveMinimum" in out and schema.get("exclusiveMinimum") is True:
        out.pop("minimum", None)
    if "exclusiveMaximum" in out and schema.get("exclusiveMaximum") is True:
        out.pop("maximum", None)
    return out


def dependent_required(value: Any) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """``dependentRequired`` (or draft-07's array-valued ``dependencies``) canonical: each
    key with the sorted keys it brings, keys sorted, a key bringing none left out."""
    if not isinstance(value, dict) or not all(
            isinstance(v, list) and all(isinstance(n, str) for n in v) for v in value.values()):
        raise ConstraintError("`dependentRequired` must map each key to a list of key names")
    return tuple(sorted((k, tuple(sorted(set(v)))) for k, v in value.items() if v))


def conjoin(a: Mapping[str, Any], b: Mapping[str, Any]) -> dict[str, Any]:
    """Both hold (``allOf``, a ``$ref`` beside siblings): the tighter bound of each keyword,
    every pattern, every key another brings."""
    out = dict(a)
    for keyword, value in b.items():
        if keyword not in out:
            out[keyword] = value
        elif keyword == "pattern":
            out[keyword] = tuple(sorted(set(out[keyword]) | set(value)))
        elif keyword == NAMES:
            out[keyword] = _both_names(out[keyword], value)
        elif keyword == "dependentRequired":
            brings = {k: set(v) for k, v in out[keyword]}
            for k, v in value:
                brings.setdefault(k, set()).update(v)
            out[keyword] = tuple(sorted((k, tuple(sorted(v))) for k, v in brings.items()))
        elif keyword in _LOWER:
            out[keyword] = max(out[keyword], value)
        elif keyword in _UPPER:
            out[keyword] = min(out[keyword], value)
        elif keyword == "multipleOf":
            # one divides the other: the larger implies both; otherwise keep the first
            # (both cannot be written as one number without knowing the values)
            low, high = sorted((out[keyword], value))
            if high % low == 0:
                out[keyword] = high
    return out


def _both_names(a: Constraints, b: Constraints) -> Constraints:
    """Two ``propertyNames`` facts that both hold: the enums' common names, the tighter
    lengths, every pattern, the first format."""
    mine, theirs = dict(a), dict(b)
    enum = None
    if "enum" in mine and "enum" in theirs:
        enum = tuple(v for v in mine["enum"] if v in set(theirs["enum"]))
    elif "enum" in mine or "enum" in theirs:
        enum = mine.get("enum", theirs.get("enum"))
    out = conjoin({k: v for k, v in mine.items() if k != "enum"},
                  {k: v for k, v in theirs.items() if k not in ("enum", "format")})
    if enum is not None:
        out["enum"] = enum
    return canonical(out)


def union(alternatives: Iterable[tuple[tuple[str, ...], Mapping[str, Any]]]) -> dict[str, Any]:
    """Either holds (``anyOf``, ``oneOf``): a keyword survives only where every alternative
    that admits its kind of value states it, with the loosest bound; patterns (and the keys
    a key brings) only where they are the same everywhere. An alternative whose type
    excludes the kind says nothing about it (``anyOf [{type: string, maxLength: 5},
    {type: null}]`` keeps ``maxLength``)."""
    alts = list(alternatives)
    out: dict[str, Any] = {}
    if not any(c for _, c in alts):
        return out  # nothing stated anywhere (the common case): nothing survives
    for keyword in STATED:
        kind = KIND[keyword]
        relevant = [c for types, c in alts if _admits(types, kind)]
        if not relevant or any(keyword not in c for c in relevant):
            continue
        found = [c[keyword] for c in relevant]
        if keyword in _LOWER:
            out[keyword] = min(found)
        elif keyword in _UPPER:
            out[keyword] = max(found)
        elif all(v == found[0] for v in found):
            out[keyword] = found[0]
    return out


def union_keeping(alternatives: Iterable[tuple[tuple[str, ...], Constraints]],
                  ) -> tuple[dict[str, Any], set[str]]:
    """``union`` of the alternatives' (types, constraints), and the constraints on keys some
    object alternative states that it does not keep (``minProperties`` on one alternative
    alone): the union holds those unmodelled, so the rules reasoning on its sets of keys
    cannot tell there, as before they were modelled."""
    alts = list(alternatives)
    kept = union((types, dict(stated)) for types, stated in alts)
    return kept, {k for types, stated in alts if on_keys(stated) and _admits(types, "object")
                  for k, _ in stated if k in _OBJECT_SET and k not in kept}


def canonical(constraints: Mapping[str, Any]) -> Constraints:
    """The sorted tuple an ``Entry`` keeps."""
    return tuple(sorted(constraints.items()))


def json_value(keyword: str, value: Any) -> Any:
    """One constraint's value as JSON writes it (``pattern`` as a list, ``dependentRequired``
    as an object of lists)."""
    if keyword == "pattern":
        return list(value)
    if keyword == "dependentRequired":
        return {k: list(v) for k, v in value}
    if keyword == NAMES:
        return {k: list(v) if k in ("enum", "pattern") else v for k, v in value}
    return value


def to_json(constraints: Constraints) -> dict[str, Any]:
    """The manifest's ``constraints`` object."""
    return {k: json_value(k, v) for k, v in constraints}


def from_json(data: Mapping[str, Any]) -> Constraints:
    return canonical({k: tuple(v) if k == "pattern" else dependent_required(v)
                      if k == "dependentRequired" else _names_from_json(v) if k == NAMES
                      else v for k, v in data.items()})


def _names_from_json(data: Mapping[str, Any]) -> Constraints:
    return canonical({k: tuple(v) if k in ("enum", "pattern") else v for k, v in data.items()})


def on_keys(constraints: Constraints) -> bool:
    """Whether a constraint bears on which keys an object holds (``minProperties``...)."""
    return any(k in _OBJECT_SET for k, _ in constraints) if constraints else False


def as_schema(constraints: Constraints) -> dict[str, Any]:
    """The constraints as JSON Schema keywords (every pattern under ``allOf``)."""
    out: dict[str, Any] = {}
    for keyword, value in constraints:
        if keyword == "dependentRequired":
            out[keyword] = json_value(keyword, value)
        elif keyword == NAMES:
            out[keyword] = names_schema(value)
        elif keyword != "pattern":
            out[keyword] = value
        elif len(value) == 1:
            out["pattern"] = value[0]
        else:
            out["allOf"] = [{"pattern": p} for p in value]
    return out


def names_schema(facts: Constraints) -> dict[str, Any]:
    """``propertyNames`` facts as the schema a key's name must fit."""
    named = dict(facts)
    schema = as_schema(tuple((k, v) for k, v in facts if k not in ("enum", "format")))
    if "enum" in named:
        schema["enum"] = list(named["enum"])
    if "format" in named:
        schema["format"] = named["format"]
    return schema


def _admits(types: tuple[str, ...], kind: str) -> bool:
    return "any" in types or kind in types or (kind == "number" and "integer" in types)


def _is_number(value: Any) -> bool:
    if isinstance(value, float):
        return math.isfinite(value)
    return isinstance(value, int) and not isinstance(value, bool)
