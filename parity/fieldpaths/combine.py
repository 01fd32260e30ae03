"""Conjunctions of what the keywords say (``allOf``, ``$ref`` beside siblings): facets
conjoined, weighed, and made into entries. Unions are ``unions``'.
"""

from __future__ import annotations

import json

from parity.fieldpaths import constraints
from parity.fieldpaths.entry import ANY, Entry, make_entry
from parity.fieldpaths.keyed import REFUSED, refuses
from parity.fieldpaths.keysets import joined, refusing
from parity.fieldpaths.keywords import Facets, OwnKeys, intersect_enum, keep_examples


def weight(f: Facets) -> int:
    """What merging ``f`` copies, in units of work."""
    return (1 + len(f.required) + len(f.properties) + len(f.items) + len(f.prefix)
            + len(f.values) + len(f.patterns) + len(f.unresolved) + len(f.unsupported)
            + len(f.enum or ()) + len(f.expanded) + len(f.key_names))


def conjoin(a: Facets, b: Facets) -> Facets:
    """Both must hold (``allOf``, ``$ref`` beside siblings)."""
    out = a.copy()
    if b.types is not None:
        out.types = b.types if a.types is None else intersect_types(a.types, b.types)
    if b.enum is not None:
        out.enum = intersect_enum(a.enum, b.enum)
    out.never = a.never or b.never
    out.required |= b.required
    for name, subs in b.properties.items():
        out.properties.setdefault(name, []).extend(subs)
    if a.seals or b.seals:  # a seal refuses the other side's keys it does not name
        _refuse(out, a.seals, b)
        _refuse(out, b.seals, a)
        out.seals = a.seals + b.seals
    out.closed = a.closed or b.closed
    out.evaluates_all = a.evaluates_all or b.evaluates_all
    out.unevaluated_seen = a.unevaluated_seen or b.unevaluated_seen
    out.items.extend(b.items)
    for position, subs in b.prefix.items():
        out.prefix.setdefault(position, []).extend(subs)
    out.values.extend(b.values)
    out.value_keys.extend(b.value_keys)
    out.patterns.extend(b.patterns)
    out.format = a.format if a.format is not None else b.format
    if not a.has_default and b.has_default:
        out.default, out.has_default = b.default, True
    out.description = a.description if a.description is not None else b.description
    out.recursive = a.recursive if a.recursive is not None else b.recursive
    out.unresolved.extend(r for r in b.unresolved if r not in out.unresolved)
    out.unsupported |= b.unsupported
    out.expanded = a.expanded | b.expanded
    out.constraints = constraints.conjoin(a.constraints, b.constraints)
    out.examples = keep_examples(a.examples, b.examples)
    out.one_of = joined(a.one_of, b.one_of)
    out.excluded = a.excluded + b.excluded
    out.key_names.extend(b.key_names)
    return out


def _refuse(out: Facets, seals: list[OwnKeys], other: Facets) -> None:
    """Give ``out`` a ``false`` schema for each key ``other`` declares or requires that one of
    ``seals`` neither names nor matches by a pattern: ``additionalProperties: false`` sees
    only the properties of its own schema object, so the key is refused (the object is
    unsatisfiable when the key is required)."""
    for name in sorted(other.properties.keys() | other.required):
        if any(refuses(seal, name) for seal in seals):
            out.properties.setdefault(name, []).append(REFUSED)


def intersect_types(a: frozenset[str], b: frozenset[str]) -> frozenset[str]:
    both = set(a & b)
    if ("integer" in a and "number" in b) or ("number" in a and "integer" in b):
        both.add("integer")
    return frozenset(both)


def key_facts(entry: Entry) -> constraints.Constraints | None:
    """What the entry of a ``propertyNames`` schema says of a key's name, a string: the
    strings of its enum, its string constraints and format (``{"enum": []}``: no name
    fits); ``()``: nothing; ``None``: what strings do not hold (a reference not resolved,
    a cut recursion, a keyword not modelled)."""
    if entry.unresolved or entry.recursive is not None or entry.unsupported:
        return None
    if not entry.allows("string"):
        return _number_names(entry)
    out: dict[str, object] = {k: v for k, v in entry.constraints
                              if constraints.KIND[k] == "string"}
    if entry.enum is not None:
        out["enum"] = tuple(v for v in entry.enum if isinstance(v, str))
    if entry.format is not None:
        out["format"] = entry.format
    return constraints.canonical(out)


def _number_names(entry: Entry) -> constraints.Constraints | None:
    """What names a schema of no string takes. A JSON key is a string, so strictly none; but
    pydantic writes ``dict[IntEnum, X]``'s keys as their enum (``{"enum": [1, 2], "type":
    "integer"}``) and takes ``"1"``, the key the wire carries: a number enum is read as the
    strings of its values, other numbers as unmodelled (their spellings vary), never as
    "no key" (which would hide every key mismatch)."""
    if not (entry.allows("integer") or entry.allows("number")):
        return (("enum", ()),)
    if entry.enum is None:
        return None
    names = sorted({json.dumps(v) for v in entry.enum
                    if isinstance(v, (int, float)) and not isinstance(v, bool)})
    return constraints.canonical({"enum": tuple(names)})


def to_entry(f: Facets, required: bool, patterns: tuple[str, ...]) -> Entry:
    if f.never:
        types: tuple[str, ...] = ()
    elif f.types is None:
        types = (ANY,)
    else:
        types = tuple(sorted(f.types))
    may_be_object = f.types is None or "object" in f.types
    # closed by ``unevaluatedProperties: false`` alone, beside a branch's additionalProperties
    # that evaluates every key: open
    closed = f.closed and (bool(f.seals) or not f.evaluates_all)
    objectish = may_be_object and (closed or bool(f.properties) or bool(f.values)
                                   or (f.types is not None and "object" in f.types))
    entry = make_entry(types, required, closed if objectish else None, f.enum, f.format,
                       f.default, f.has_default, f.description, patterns, f.recursive,
                       tuple(sorted(set(f.unresolved))), tuple(sorted(f.unsupported)),
                       constraints.canonical(f.constraints), f.examples)
    if f.excluded and may_be_object and not f.never:  # a `not` refusing keys together
        keysets = refusing(f.excluded, f.properties.keys() | f.required)
        if keysets:
            return entry.with_union_facts((), keysets, (), ())
    return entry
