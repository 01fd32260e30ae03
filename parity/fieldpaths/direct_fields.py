"""What the direct paths (``direct``, ``direct_unions``) read of one schema node's own
keywords: its types, annotations and constraints, read exactly as ``keywords``' readers read
them, into the fields of an ``Entry`` (those a schema states: ``entry.adopt``). A value the readers
would reject raises ``NotPlain``: the general walk then reads it and words the error.
"""

from __future__ import annotations

from typing import Any

from parity.fieldpaths import constraints
from parity.fieldpaths.entry import sorted_values
from parity.fieldpaths.keywords import TYPE_NAMES, intersect_enum, keep_examples

#: a keyword's absence (``None`` may be its value)
MISSING: Any = object()
#: one type name -> the entry's type tuple
ONE_TYPE = {name: (name,) for name in TYPE_NAMES}
#: the keywords of value constraints (bounds, lengths, ``pattern``...) read the same in
#: every dialect (one 2019-09 brought is the general walk's, which knows the dialect)
CONSTRAINED = constraints.KEYWORDS_SET - constraints.LATER
#: the keywords ``read_annotations`` reads (a root object usually has none of them)
ANNOTATED = frozenset({"description", "format", "default", "examples"})


class NotPlain(Exception):
    """This schema (or a bound, or a malformed value in it) needs the general walk."""


def read_annotations(schema: dict[str, Any], fields: dict[str, Any]) -> None:
    """Set the annotation fields of an entry as ``keywords``' readers read them: a string
    ``description`` and ``format``, any ``default``, the kept strings of a list ``examples``."""
    get = schema.get
    found = get("description")
    if found is not None and isinstance(found, str):
        fields["description"] = found
    found = get("format")
    if found is not None and isinstance(found, str):
        fields["format"] = found
    found = get("default", MISSING)
    if found is not MISSING:
        fields["default"] = found
        fields["has_default"] = True
    found = get("examples")
    if found is not None and isinstance(found, list):
        fields["examples"] = keep_examples(found)


def node_types(value: Any, nullable: bool) -> tuple[str, ...]:
    if isinstance(value, str) and not nullable:
        one = ONE_TYPE.get(value)
        if one is None:
            raise NotPlain
        return one
    names = [value] if isinstance(value, str) else value
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise NotPlain
    unique = set(names)
    if not unique <= TYPE_NAMES:
        raise NotPlain
    if nullable:
        unique.add("null")
    return tuple(sorted(unique))


def node_constraints(schema: dict[str, Any]) -> constraints.Constraints:
    try:
        return constraints.canonical(constraints.read(schema))
    except constraints.ConstraintError:
        raise NotPlain from None


def scalar_fields(schema: dict[str, Any], required: bool,
                  patterns: tuple[str, ...]) -> dict[str, Any]:
    """The fields of the entry of a node that cannot have children (no keyword of
    ``direct_leaves.NOT_SCALAR``): its type, enum (and ``const``), value constraints and
    annotations, without reading what it lacks. A value the readers would reject raises
    ``NotPlain``."""
    fields: dict[str, Any] = {"required": required}
    if patterns:
        fields["patterns"] = patterns
    get = schema.get
    found = get("type", MISSING)
    if found is not MISSING:
        # one type name, not made nullable (the commonest): ``node_types`` without its call
        one = ONE_TYPE.get(found) if found.__class__ is str else None
        types = (one if one is not None and get("nullable") is not True
                 else node_types(found, get("nullable") is True))
        fields["type"] = types
        if "object" in types:  # typed an object: open (nothing closes it)
            fields["closed"] = False
    found = get("enum", MISSING)
    if found is not MISSING:
        if not isinstance(found, list):
            raise NotPlain
        fields["enum"] = sorted_values(found)
    found = get("const", MISSING)
    if found is not MISSING:  # a discriminator's tag, most often
        fields["enum"] = intersect_enum(fields.get("enum"), (found,))
    if not CONSTRAINED.isdisjoint(schema):
        fields["constraints"] = node_constraints(schema)
    if not ANNOTATED.isdisjoint(schema):
        read_annotations(schema, fields)
    return fields
