"""The commonest whole schema, read in one pass of plain loops: an object whose properties
are leaves (a type and a description; or value keywords and annotations: an enum, bounds, a
format, a default), unions of leaves (pydantic's ``Optional[str]``,
``{"anyOf": [{"type": "string"}, {"type": "null"}]}``), lists (``{"type": "array",
"items": ...}``, with bounds on the list or not) and objects, each list and object holding
the same again: an object of leaves (a viewport), a list of leaves (tags), a list of objects
(the edits of a file, the entities of a graph, the ``content`` of an output); and unions
of such objects written inline (a discriminated union, an optional object: ``_objects``),
as schemas generated from TypeScript types spell them. Of the 249 schemas of the real
corpus, 186 are objects of bare leaves alone (four paths each on average), and the 63
others are such objects (one holds a list of unions of objects).

For them the direct walk's setup (a walk, its counters, the root's reading of every keyword
a node may have) costs more than their entries. ``table`` gives exactly what
``direct.whole_table`` gives (the same entries, work and number of paths, its bounds
included): each leaf's entry is read by the direct walk's own readers (``direct_leaves.bare``,
``direct_fields.scalar_fields``, ``direct_unions.leaf_union``), each node's work is what
``direct.Direct.node`` counts for it ``depth`` levels down. For anything else, and past a
bound, it gives ``None``: the direct walk takes the schema and decides as it always did.

``read`` is what extraction calls: the same reading, but a child it does not read (a
``$ref`` into the root's ``$defs``, a map, ``allOf``, a union whose branches it does not
read whole) is left *pending*, its entries taken back, and the rest read on; the direct
walk then walks each pending child in place (``direct.whole_table(begun=...)``, in the
order it meets them), so a schema with a few such children costs their walk, not the
walk of all of it. The tests hold the three together (this, the direct walk and the
general walk) on the corpora and on random schemas.
"""

from __future__ import annotations

from itertools import repeat
from typing import Any

from parity.fieldpaths.direct_branches import annotated, of_one_of, reads_branches
from parity.fieldpaths.direct_fields import (
    ANNOTATED,
    CONSTRAINED,
    NotPlain,
    node_constraints,
    read_annotations,
    scalar_fields,
)
from parity.fieldpaths.direct_handover import Begun, Pending, counted_union
from parity.fieldpaths.direct_keys import PRINTED, prop_text
from parity.fieldpaths.direct_leaves import NOT_SCALAR, bare
from parity.fieldpaths.direct_plain import DEEPEST
from parity.fieldpaths.direct_refs import own_weight
from parity.fieldpaths.direct_unions import (
    branches_are_leaves,
    leaf_union,
    union_keyword,
    visit_cost,
)
from parity.fieldpaths.entry import Entry, adopt

#: the keywords only the root may have: ``$schema`` (it changes nothing below it) and the
#: definitions references name (the walk follows them)
ROOT_ONLY = frozenset({"$schema", "$defs", "definitions"})
#: the keywords an object read here may have (``title`` is read by nobody)
KEYWORDS = frozenset({"type", "properties", "required", "additionalProperties", "title"}
                     ) | ANNOTATED | ROOT_ONLY
_OBJECT = ("object",)
_ARRAY = ("array",)
#: the keys of a list read here: its items, annotations and bounds (``Direct._list`` or
#: ``Direct._object`` reads it, to the same entry; pydantic gives a list a title)
_LIST = frozenset({"type", "items", "title"}) | ANNOTATED | CONSTRAINED
_MISSING: Any = object()
#: no ``properties``: none (an empty dict no schema holds, told apart by identity)
_MISSING_PROPERTIES: dict[str, Any] = {}
_STR = repeat(str)


def read(schema: Any, max_depth: int, max_alternatives: int) -> Begun | None:
    """``schema`` read from its root as ``table`` reads it, but a child this module does not
    read (a reference, a map, ``allOf``, a malformed value...) is left pending instead of
    leaving the whole schema; ``None`` for a root it does not read."""
    if schema.__class__ is not dict:
        return None
    rows: list[tuple[str, Entry]] = []
    pending: list[Pending] = []
    try:
        work, alternatives = _object(schema, "", True, 0, rows,
                                     max_depth if max_depth < DEEPEST else DEEPEST,
                                     max_alternatives, pending)
    except NotPlain:
        return None
    return rows, work, len(rows) + alternatives, pending


def table(schema: Any, max_depth: int, max_paths: int, max_work: int, max_alternatives: int,
          ) -> tuple[dict[str, Entry], int] | None:
    """The table of ``schema`` sorted by printed path, and the work it cost, when it is an
    object of leaves, unions of leaves, lists and objects of the same within the bounds;
    ``None`` otherwise."""
    begun = read(schema, max_depth, max_alternatives)
    if begun is None:
        return None
    rows, work, paths, pending = begun
    if pending or paths > max_paths or work > max_work:
        return None  # the walk decides (and stops where a bound is passed)
    rows.sort()  # printed paths are distinct: the entries are never compared
    return dict(rows), work


def _object(schema: dict[str, Any], key: str, required: bool, depth: int,
            rows: list[tuple[str, Entry]], deepest: int, max_alternatives: int,
            pending: list[Pending] | None) -> tuple[int, int]:
    """Put the entries of the object ``schema`` and of its subtree in ``rows``; their work
    and the alternatives of their unions (each counts as a path). A child the walks must
    read goes to ``pending`` (its rows and pending children taken back), or, without it
    (inside a union, whose branches are read whole), raises ``NotPlain``."""
    kind = schema.get("type")
    if kind.__class__ is not str or kind != "object":
        raise NotPlain
    properties = schema.get("properties", _MISSING_PROPERTIES)
    if properties.__class__ is not dict:
        raise NotPlain
    rest = len(schema) - 1 - (properties is not _MISSING_PROPERTIES)  # keys not read yet
    names = schema.get("required", _MISSING)
    if names.__class__ is list:
        if not all(map(isinstance, names, _STR)):
            raise NotPlain
        wanted = set(names)
        if not wanted <= properties.keys():
            raise NotPlain  # a required name without a schema: the walk's ``_undescribed``
        rest -= 1
    elif names is _MISSING:
        wanted = set()
    elif names is True or names is False:
        wanted = set()
        rest -= 1
    else:
        raise NotPlain
    more = schema.get("additionalProperties", _MISSING)
    if more is _MISSING:
        more = True
    elif more is True or more is False or more == {}:
        rest -= 1
    else:
        raise NotPlain  # a map-value schema: a child the walk reads
    if properties and depth >= deepest:
        raise NotPlain  # a child would be deeper than the bound
    fields: dict[str, Any] = {"type": _OBJECT, "required": required, "closed": more is False}
    # the visit and its keyword values, as ``direct.Direct.node`` counts it
    if rest:  # other keys: annotations (their values may be lists or objects), or not ours
        if not schema.keys() <= KEYWORDS or (depth and ("$schema" in schema or "$defs" in schema
                                                     or "definitions" in schema)):
            raise NotPlain  # (``ROOT_ONLY`` below the root: three tests cost less than a call)
        work = depth + visit_cost(schema)
        read_annotations(schema, fields)
    else:  # ``visit_cost`` without its loop: its only values with a length are these
        work = depth + 1 + len(schema) + len(properties) + (
            len(names) if names.__class__ is list else 0)
    rows.append((key, adopt(fields)))
    alternatives = 0
    depth += 1  # the children's
    for name in properties:
        sub = properties[name]
        if sub.__class__ is not dict:
            raise NotPlain
        # ``prop_text`` without its call, most often
        below = PRINTED.get(name) or prop_text("", name)
        if key:
            below = f"{key}.{below}"
        leaf = bare(sub, name in wanted)
        if leaf is not None:  # the commonest: a type and a description at most
            rows.append((below, leaf))
            work += depth + 1 + len(sub)  # the visit, its keywords (strings)
            continue
        if NOT_SCALAR.isdisjoint(sub):
            rows.append((below, adopt(scalar_fields(sub, name in wanted, ()))))
            work += depth + visit_cost(sub)  # the visit, its keywords
            continue
        held, left = len(rows), 0 if pending is None else len(pending)
        try:  # ``_child``, without the call
            if sub.get("type") == "array":  # before unions: lists are far commoner
                spent, more_alternatives = _list(sub, below, name in wanted, depth, rows,
                                                 deepest, max_alternatives, pending)
            elif (keyword := union_keyword(sub)) is None:  # an object, or what it refuses
                spent, more_alternatives = _object(sub, below, name in wanted, depth, rows,
                                                   deepest, max_alternatives, pending)
            elif branches_are_leaves(sub, keyword):
                entry, spent, paths = leaf_union(sub, keyword, name in wanted, (), 1,
                                                 max_alternatives)
                rows.append((below, entry))
                spent += depth + visit_cost(sub)
                more_alternatives = paths - 1
            else:  # a union of objects
                spent, more_alternatives = _objects(sub, keyword, below, name in wanted,
                                                    depth, rows, deepest, max_alternatives)
        except NotPlain:
            if pending is None:
                raise
            _leave(sub, below, name in wanted, depth, rows, held, pending, left)
            continue
        work += spent
        alternatives += more_alternatives
    return work, alternatives


def _child(sub: dict[str, Any], key: str, required: bool, depth: int,
           rows: list[tuple[str, Entry]], deepest: int, max_alternatives: int,
           pending: list[Pending] | None) -> tuple[int, int]:
    """A child that is neither a bare leaf nor a scalar, ``depth`` levels down (a list's
    items; ``_object`` spells the same out for its properties, its hottest loop): its
    entries, work and alternatives; ``NotPlain`` for one the walks must read."""
    if sub.get("type") == "array":  # before unions: lists are far commoner
        return _list(sub, key, required, depth, rows, deepest, max_alternatives, pending)
    keyword = union_keyword(sub)
    if keyword is None:  # an object, or what ``_object`` refuses
        return _object(sub, key, required, depth, rows, deepest, max_alternatives, pending)
    if not branches_are_leaves(sub, keyword):  # a union of objects
        return _objects(sub, keyword, key, required, depth, rows, deepest, max_alternatives)
    # the stack of references being expanded holds the root's alone (1)
    entry, spent, paths = leaf_union(sub, keyword, required, (), 1, max_alternatives)
    rows.append((key, entry))
    return spent + depth + visit_cost(sub), paths - 1


def _leave(sub: dict[str, Any], key: str, required: bool, depth: int,
           rows: list[tuple[str, Entry]], held: int, pending: list[Pending], left: int,
           ) -> None:
    """Leave the child ``sub`` to the direct walk: what its reading put after the first
    ``held`` rows and ``left`` pending children taken back (the walk reads all of it)."""
    del rows[held:]
    del pending[left:]
    pending.append((sub, key, required, depth))


def _list(schema: dict[str, Any], key: str, required: bool, depth: int,
          rows: list[tuple[str, Entry]], deepest: int, max_alternatives: int,
          pending: list[Pending] | None) -> tuple[int, int]:
    """``_object``'s counterpart for a list typed ``"array"`` with one item schema."""
    items = schema.get("items")
    if (not schema.keys() <= _LIST or schema["type"].__class__ is not str
            or items.__class__ is not dict):
        raise NotPlain
    if depth >= deepest:
        raise NotPlain  # the item would be deeper than the bound
    fields: dict[str, Any] = {"type": _ARRAY, "required": required}
    if not CONSTRAINED.isdisjoint(schema):
        fields["constraints"] = node_constraints(schema)
    if not ANNOTATED.isdisjoint(schema):
        read_annotations(schema, fields)
    rows.append((key, adopt(fields)))
    if len(schema) == 2 + ("description" in fields):  # no other value but the items
        work = depth + 1 + len(schema) + len(items)
    else:
        work = depth + visit_cost(schema)
    below = key + "[]"
    depth += 1
    item = bare(items, False)
    if item is not None:  # its values are strings
        rows.append((below, item))
        return work + depth + 1 + len(items), 0
    if NOT_SCALAR.isdisjoint(items):
        rows.append((below, adopt(scalar_fields(items, False, ()))))
        return work + depth + visit_cost(items), 0
    held, left = len(rows), 0 if pending is None else len(pending)
    try:  # the commonest items after leaves: objects (``_child``'s last case, at once)
        spent, alternatives = (_object if items.get("type") == "object" else _child)(
            items, below, False, depth, rows, deepest, max_alternatives, pending)
    except NotPlain:
        if pending is None:
            raise
        _leave(items, below, False, depth, rows, held, pending, left)
        return work, 0
    return work + spent, alternatives


def _objects(schema: dict[str, Any], keyword: str, key: str, required: bool, depth: int,
             rows: list[tuple[str, Entry]], deepest: int, max_alternatives: int,
             ) -> tuple[int, int]:
    """A union of objects (a discriminated union, an optional object) read as
    ``direct_branches.walk_branches`` reads it: each branch walked here into rows of its
    own, its root given the node's annotations, the tables unioned (``unions``). The work
    is the general walk's: the node visited, each alternative the conjunction of the node's
    facets (weight 1, and 1 for the root's reference expanded) with its branch's, each
    branch walked below no copy up the tree (a walk here counts ``depth`` copies for every
    entry it makes: they are taken back), the union counted and its entries copied up
    ``depth`` levels. Its alternatives: the paths the branches counted beyond the union's."""
    if not reads_branches(schema, keyword, max_alternatives) or len(schema[keyword]) < 2:
        raise NotPlain  # (one branch: a node like any other, left to the walks)
    if "discriminator" in schema:
        raise NotPlain  # its tag required first (``discriminator.require_tags``)
    branches = schema[keyword]
    work = visit_cost(schema) + 2 * len(branches)
    tables = []
    counted = 0
    for branch in branches:
        if branch.__class__ is not dict or not branch:
            raise NotPlain
        weight = own_weight(branch, 1)
        if weight is None:
            raise NotPlain
        own: list[tuple[str, Entry]] = []
        spent, more = _branch(branch, key, required, depth, own, deepest, max_alternatives)
        work += weight + spent - depth * len(own)
        counted += len(own) + more
        table = dict(own)
        table[key] = annotated(table[key], schema)
        tables.append(table)
    union, spent = counted_union(tables, key, depth, one_of=of_one_of(schema, keyword))
    rows.extend(union.items())
    return work + spent, counted - len(union)


def branch_table(schema: Any, key: str, required: bool, depth: int, max_depth: int,
                 max_alternatives: int) -> tuple[dict[str, Entry], int, int] | None:
    """A union's branch at ``key``, ``depth`` levels down, read as the direct walk reads it
    below no copy up the tree and no reference but the root's (``direct_handover.ReadBranch``):
    its table, work and paths; ``None`` for a branch this module does not read."""
    if schema.__class__ is not dict or not schema:
        return None
    own: list[tuple[str, Entry]] = []
    try:
        spent, more = _branch(schema, key, required, depth, own,
                              max_depth if max_depth < DEEPEST else DEEPEST, max_alternatives)
    except NotPlain:
        return None
    return dict(own), spent - depth * len(own), len(own) + more


def _branch(schema: dict[str, Any], key: str, required: bool, depth: int,
            rows: list[tuple[str, Entry]], deepest: int, max_alternatives: int,
            ) -> tuple[int, int]:
    """A union's branch: a leaf (the null of an optional object) or an object."""
    leaf = bare(schema, required)
    if leaf is not None:
        rows.append((key, leaf))
        return depth + 1 + len(schema), 0
    if NOT_SCALAR.isdisjoint(schema):
        rows.append((key, adopt(scalar_fields(schema, required, ()))))
        return depth + visit_cost(schema), 0
    return _object(schema, key, required, depth, rows, deepest, max_alternatives, None)
