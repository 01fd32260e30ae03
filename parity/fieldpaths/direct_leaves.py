"""The leaves the direct paths read at a glance: which keywords a node without children
may have, and the entry of a *bare* leaf (a type name and a description, at most), the
commonest node of real tool schemas, built without reading its keywords one by one."""

from __future__ import annotations

from typing import Any

from parity.fieldpaths.direct_fields import CONSTRAINED, ONE_TYPE
from parity.fieldpaths.direct_plain import BLOCKERS
from parity.fieldpaths.entry import ANY, Entry, set_dict
from parity.fieldpaths.keywords import UNSUPPORTED_KEYWORDS

UNSUPPORTED = frozenset(UNSUPPORTED_KEYWORDS)
#: keywords that are rare in tool schemas: one set test skips all of them
RARE = UNSUPPORTED | {"const", "unevaluatedProperties", "patternProperties", "prefixItems"}
#: keywords a node without children or value constraints cannot have
NOT_LEAF = BLOCKERS | RARE | CONSTRAINED | {
    "enum", "required", "properties", "additionalProperties", "items", "additionalItems",
    "nullable"}
#: keywords a node read by ``direct_fields.scalar_fields`` cannot have: all but the value
#: keywords
NOT_SCALAR = NOT_LEAF - CONSTRAINED - {"enum", "nullable", "const"}
_ANY: tuple[str, ...] = (ANY,)
_new = object.__new__
#: the fields of a bare leaf's entry by its type (copied for each leaf)
_LEAVES: dict[tuple[str, ...], dict[str, Any]] = {
    types: {"type": types, "closed": False} if "object" in types else {"type": types}
    for types in (_ANY, *ONE_TYPE.values())}


def bare(schema: dict[str, Any], required: bool) -> Entry | None:
    """The entry of a bare leaf (a type name, a description string, at most) as
    ``Direct.node`` reads it (no patterns), for a child walked without the call to ``node``
    (its work: the visit and its keys). ``None`` for any other node, or a value to reject:
    the caller reads it the long way, which rejects what must be."""
    found = schema.get("type", _ANY)
    text = schema.get("description")
    if len(schema) != (found is not _ANY) + (text is not None):
        return None  # another key (or a null description)
    if found is not _ANY:
        found = ONE_TYPE.get(found) if found.__class__ is str else None
        if found is None:
            return None
    if text is None:
        fields = _LEAVES[found].copy()
    elif text.__class__ is str:
        fields = _LEAVES[found].copy()
        fields["description"] = text
    else:
        return None
    fields["required"] = required
    # ``entry.adopt`` without its call: the commonest entry of all
    entry = _new(Entry)
    set_dict(entry, fields)
    return entry
