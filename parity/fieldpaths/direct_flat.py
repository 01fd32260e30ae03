"""The commonest whole schema, read in one call: an object whose properties are all bare
leaves (a type name and a description at most). Three in four schemas of the real corpus
(186 of 249) are such, with four paths each on average.

For them the direct walk's setup (a walk, its counters, the root's reading of every keyword
a node may have) costs more than their entries. ``table`` gives exactly what
``direct.whole_table`` gives (the same entries, work and number of paths, its bounds
included). For anything else, and past a bound, it gives ``None``: the direct walk takes the
schema and decides as it always did. The tests hold the three together (this, the direct
walk and the general walk) on the corpora and on random schemas.
"""

from __future__ import annotations

from typing import Any

from parity.fieldpaths.direct import BARE, bare
from parity.fieldpaths.direct_fields import read_annotations
from parity.fieldpaths.direct_keys import prop_text
from parity.fieldpaths.direct_unions import visit_cost
from parity.fieldpaths.entry import Entry, adopt

#: the keywords such a root may have: ``$schema`` and ``title`` change nothing below it
ROOT_KEYWORDS = frozenset({"type", "properties", "required", "additionalProperties",
                           "description", "$schema", "title"})
_OBJECT = ("object",)
_MISSING: Any = object()


def table(schema: Any, max_depth: int, max_paths: int, max_work: int,
          ) -> tuple[dict[str, Entry], int] | None:
    """The table of ``schema`` sorted by printed path, and the work it cost, when it is a
    flat object of bare leaves within the bounds; ``None`` otherwise."""
    if schema.__class__ is not dict or not schema.keys() <= ROOT_KEYWORDS:
        return None
    kind = schema.get("type")
    if kind.__class__ is not str or kind != "object":
        return None
    properties = schema.get("properties", _MISSING)
    if properties is _MISSING:
        properties = {}
    elif properties.__class__ is not dict:
        return None
    names = schema.get("required", _MISSING)
    if names.__class__ is list:
        if not all(name.__class__ is str for name in names):
            return None
        wanted = set(names)
        if not wanted <= properties.keys():
            return None  # a required name without a schema: the walk's ``_undescribed``
    elif names is _MISSING or names is True or names is False:
        wanted = set()
    else:
        return None
    more = schema.get("additionalProperties", True)
    if more is not True and more is not False and more != {}:
        return None  # a map-value schema: a child the walk reads
    if properties and max_depth < 1:
        return None  # a child would be deeper than the bound
    work = visit_cost(schema)  # the root's, as ``direct.Direct.node`` counts it
    fields: dict[str, Any] = {"type": _OBJECT, "required": True, "closed": more is False}
    read_annotations(schema, fields)
    rows = [("", adopt(fields))]
    for name in properties:
        sub = properties[name]
        leaf = bare(sub) if sub.__class__ is dict and sub.keys() <= BARE else None
        if leaf is None:
            return None
        work += 2 + len(sub)  # the visit one level down, its keywords
        leaf["required"] = name in wanted
        rows.append((prop_text("", name), adopt(leaf)))
    if len(rows) > max_paths or work > max_work:
        return None  # the walk stops where the bound is passed
    rows.sort()  # printed paths are distinct: the entries are never compared
    return dict(rows), work
