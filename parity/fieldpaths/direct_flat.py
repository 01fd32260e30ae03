"""The commonest whole schema, read in one call: an object whose properties are all leaves
(a type name and a description; or value keywords and annotations: an enum, bounds, a
format, a default), unions of leaves (pydantic's ``Optional[str]``,
``{"anyOf": [{"type": "string"}, {"type": "null"}]}``) or lists of leaves
(``{"type": "array", "items": {leaf}}``). Of the 249 schemas of the real corpus, 186 are
objects of bare leaves alone (four paths each on average), and 44 more are such objects.

For them the direct walk's setup (a walk, its counters, the root's reading of every keyword
a node may have) costs more than their entries. ``table`` gives exactly what
``direct.whole_table`` gives (the same entries, work and number of paths, its bounds
included): each leaf's entry is read by the direct walk's own readers (``direct.bare``,
``direct_fields.scalar_fields``, ``direct_unions.leaf_union``). For anything else, and past
a bound, it gives ``None``: the direct walk takes the schema and decides as it always did.
The tests hold the three together (this, the direct walk and the general walk) on the
corpora and on random schemas.
"""

from __future__ import annotations

from itertools import repeat
from typing import Any

from parity.fieldpaths.direct import BARE, NOT_SCALAR, bare
from parity.fieldpaths.direct_fields import (
    ANNOTATED,
    NotPlain,
    read_annotations,
    scalar_fields,
)
from parity.fieldpaths.direct_keys import prop_text
from parity.fieldpaths.direct_unions import (
    branches_are_leaves,
    leaf_union,
    union_keyword,
    visit_cost,
)
from parity.fieldpaths.entry import Entry, adopt

#: the keywords such a root may have: ``$schema`` and ``title`` change nothing below it
ROOT_KEYWORDS = frozenset({"type", "properties", "required", "additionalProperties",
                           "description", "$schema", "title"})
_OBJECT = ("object",)
_ARRAY = ("array",)
#: the keys of a list of leaves read here: its items and annotations (``Direct._list`` or
#: ``Direct._object`` reads it, to the same entry; pydantic gives a list a title)
_LIST = frozenset({"type", "items", "title"}) | ANNOTATED
_MISSING: Any = object()
_STR = repeat(str)


def table(schema: Any, max_depth: int, max_paths: int, max_work: int, max_alternatives: int,
          ) -> tuple[dict[str, Entry], int] | None:
    """The table of ``schema`` sorted by printed path, and the work it cost, when it is a
    flat object of leaves, unions of leaves and lists of leaves within the bounds; ``None``
    otherwise."""
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
        if not all(map(isinstance, names, _STR)):
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
    if not ANNOTATED.isdisjoint(schema):
        read_annotations(schema, fields)
    rows = [("", adopt(fields))]
    lists = False
    alternatives = 0
    try:
        for name in properties:
            sub = properties[name]
            if sub.__class__ is not dict:
                return None
            key = prop_text("", name)
            if sub.keys() <= BARE:  # the commonest: a type and a description at most
                leaf = bare(sub)
                if leaf is None:
                    return None
                leaf["required"] = name in wanted
                rows.append((key, adopt(leaf)))
                work += 2 + len(sub)  # the visit one level down, its keywords (strings)
                continue
            if NOT_SCALAR.isdisjoint(sub):
                rows.append((key, adopt(scalar_fields(sub, name in wanted, ()))))
            elif (keyword := union_keyword(sub)) is not None \
                    and branches_are_leaves(sub, keyword):
                # the stack of references being expanded holds the root's alone (1)
                entry, spent, paths = leaf_union(sub, keyword, name in wanted, (), 1,
                                                 max_alternatives)
                rows.append((key, entry))
                work += spent
                alternatives += paths - 1  # each alternative counts as a path
            else:  # a list of leaves, or something the walk reads
                items = sub.get("items")
                if (not sub.keys() <= _LIST or sub.get("type") != "array"
                        or sub["type"].__class__ is not str or items.__class__ is not dict):
                    return None
                fields = {"type": _ARRAY, "required": name in wanted}
                read_annotations(sub, fields)
                rows.append((key, adopt(fields)))
                item = _leaf(items)
                if item is None:
                    return None
                rows.append((key + "[]", adopt(item)))
                work += 2 + visit_cost(items)  # the items' visit, two levels down
                lists = True
            work += 1 + visit_cost(sub)  # the visit one level down, its keywords
    except NotPlain:  # a value the readers reject: the walk words the error
        return None
    if lists and max_depth < 2:
        return None  # an item would be deeper than the bound
    if len(rows) + alternatives > max_paths or work > max_work:
        return None  # the walk stops where the bound is passed
    rows.sort()  # printed paths are distinct: the entries are never compared
    return dict(rows), work


def _leaf(schema: dict[str, Any]) -> dict[str, Any] | None:
    """The fields of a list's item entry (not required, no patterns) when it is a leaf."""
    if schema.keys() <= BARE:
        return bare(schema)
    if NOT_SCALAR.isdisjoint(schema):
        return scalar_fields(schema, False, ())
    return None
