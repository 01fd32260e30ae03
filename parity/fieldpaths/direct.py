"""The direct path: a plain schema's field-path table, walked straight to entries.

A *plain* (sub)schema uses no reference (``$ref``, ``$dynamicRef``, ``$recursiveRef``), no
nested ``$id``, no combinator (``allOf``, ``anyOf``, ``oneOf``) but a union of leaves
(``direct_unions``), no array-valued ``items`` (its meaning depends on the dialect) and at most
one map-value schema per node. Nearly every real
tool schema is plain. For those, ``parity.fieldpaths.schema``'s general walk (facets, merges,
unions) is mostly overhead: this module reads each node's keywords once and builds its
``Entry`` directly.

The contract is byte identity: a table from here equals the general walk's table, and the
work spent (``Limits.max_work``'s units: each subschema visited, each keyword value element,
each entry copied up one level) and the number of paths are the same. Anything this module
does not reproduce exactly (a keyword outside the readers registry it knows, a malformed
value, a bound reached, an unexpected error) raises ``NotPlain`` and the general walk takes
the schema or subschema over, and gives its own result or its own error (with its tool and
pointer). The tests hold the two walks together over every corpus and random schemas.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from itertools import repeat
from typing import Any

from parity.fieldpaths import constraints
from parity.fieldpaths.direct_fields import (
    MISSING,
    ONE_TYPE,
    NotPlain,
    fresh,
    node_constraints,
    node_types,
    read_annotations,
)
from parity.fieldpaths.direct_unions import branches_are_leaves, leaf_union, union_keyword
from parity.fieldpaths.entry import ANY, Entry, adopt, sorted_values
from parity.fieldpaths.fieldpath import ITEMS, VALUES, Index, Prop, Steps, render_prop
from parity.fieldpaths.keywords import (
    KEYWORDS,
    UNSUPPORTED_KEYWORDS,
    escape_token,
    intersect_enum,
)

__all__ = ["BLOCKERS", "Direct", "DirectSteps", "NotPlain", "is_plain", "pointer",
           "whole_table"]

#: the readers this module reproduces (keywords.KEYWORDS); a reader added there and not
#: here makes every schema using it go the general way, so the two can never disagree
HANDLED = frozenset({"type", "enum", "const", "required", "properties", "additionalProperties",
                     "unevaluatedProperties", "patternProperties", "items", "prefixItems",
                     "additionalItems", "format", "default", "description", "examples",
                     *UNSUPPORTED_KEYWORDS, *constraints.KEYWORDS})
#: keys that take a node off the direct path
BLOCKERS = frozenset({"$ref", "$dynamicRef", "$recursiveRef", "$id", "allOf", "anyOf",
                      "oneOf"}) | (KEYWORDS.keys() - HANDLED)
_UNSUPPORTED = frozenset(UNSUPPORTED_KEYWORDS)
_CONSTRAINED = frozenset(constraints.KEYWORDS)
#: keywords that are rare in tool schemas: one set test skips all of them
_RARE = _UNSUPPORTED | {"const", "unevaluatedProperties", "patternProperties", "prefixItems"}
#: keywords a node without children or value constraints cannot have
_NOT_LEAF = BLOCKERS | _RARE | _CONSTRAINED | {
    "enum", "required", "properties", "additionalProperties", "items", "additionalItems",
    "nullable"}
#: schemas deeper than this go the general way, which owns the "nested too deeply" error
_DEEPEST = 100
_ANY: tuple[str, ...] = (ANY,)
_STR = repeat(str)

#: the tail of a JSON pointer below a subschema: (keyword, name or position, tail) or None
Tail = Any


_PRINTED: dict[str, str] = {}  # property name -> as printed in a path (names repeat a lot)


def _prop_text(key: str, name: str) -> str:
    printed = _PRINTED.get(name)
    if printed is None:
        printed = render_prop(name)
        if len(_PRINTED) < 4096:
            _PRINTED[name] = printed
    return f"{key}.{printed}" if key else printed


def _index_text(key: str, position: int) -> str:
    return f"{key}[{position}]"


def _items_text(key: str) -> str:
    return key + "[]"


def _values_text(key: str) -> str:
    return key + "{}"


def _prop_steps(key: Steps, name: str) -> Steps:
    return (*key, Prop(name))


def _index_steps(key: Steps, position: int) -> Steps:
    return (*key, Index(position))


def _items_steps(key: Steps) -> Steps:
    return (*key, ITEMS)


def _values_steps(key: Steps) -> Steps:
    return (*key, VALUES)


class Direct:
    """One direct walk: entries keyed by printed path (a whole schema) or by steps (a plain
    subschema inside the general walk), with the general walk's counters."""

    # keys of a whole schema: printed paths (``DirectSteps`` keys by steps)
    prop: Callable[[Any, str], Hashable] = staticmethod(_prop_text)
    index: Callable[[Any, int], Hashable] = staticmethod(_index_text)
    items: Callable[[Any], Hashable] = staticmethod(_items_text)
    values: Callable[[Any], Hashable] = staticmethod(_values_text)

    # slots: a walk is built per schema and its counters are read and written per node
    __slots__ = ("count", "failed", "max_alternatives", "max_depth", "max_paths", "max_work",
                 "root", "stack", "table", "work")

    def __init__(self, root: Any, max_depth: int, max_paths: int, max_work: int,
                 failed: set[int], max_alternatives: int = 256) -> None:
        self.root = root
        self.max_alternatives = max_alternatives
        #: the size of the general walk's set of references being expanded (a whole plain
        #: schema: the root alone); it weighs the facets a union merges
        self.stack = 1
        self.max_depth = min(max_depth, _DEEPEST)
        self.max_paths = max_paths
        self.max_work = max_work
        self.count = 0
        self.work = 0
        #: ids of subschemas whose direct walk failed: the general walk does not retry them
        self.failed = failed
        self.table: dict[Any, Entry] = {}

    def node(self, schema: Any, key: Any, depth: int, rel: int, required: bool,
             patterns: tuple[str, ...]) -> Tail:
        """Put the entries of ``schema``'s subtree at ``key`` (``depth`` steps from the
        root, ``rel`` below where this direct walk began); return the pointer tail of the last
        subschema visited, as the general walk leaves it.

        The bounds are checked where a node has children (and by the caller at the end): a
        leaf adds one path and its own keywords' work, so a walk overshoots a bound by at most
        one object's leaves before it stops, and the caller then hands it to the general walk,
        which stops at the same place as ever."""
        self.count += 1
        if schema.__class__ is not dict or not schema:
            self.work += 1 + rel
            if schema is True or schema is False or (isinstance(schema, dict) and not schema):
                fields = fresh()
                fields["required"] = required
                fields["extra"] = {}
                if patterns:
                    fields["patterns"] = patterns
                if schema is False:
                    fields["type"] = ()
                self.table[key] = adopt(fields)
                return None
            raise NotPlain
        # the visit, the keyword values read, the entry's copy into each ancestor's table
        cost = 1 + rel + len(schema)
        for value in schema.values():
            if isinstance(value, (dict, list)):
                cost += len(value)
        self.work += cost
        if not _NOT_LEAF.isdisjoint(schema):
            try:
                return self._object(schema, key, depth, rel, required, patterns)
            except BaseException:
                self.failed.add(id(schema))
                raise
        # most nodes: a type, a description, no children. The entry is a copy of the
        # defaults with the fields this schema states (the rest stay as ``Entry()`` has them)
        fields = fresh()
        fields["required"] = required
        fields["extra"] = {}
        if patterns:
            fields["patterns"] = patterns
        get = schema.get
        found = get("type", MISSING)
        if found is not MISSING:
            one = ONE_TYPE.get(found) if found.__class__ is str else None
            types = node_types(found, False) if one is None else one
            fields["type"] = types
            if "object" in types:
                fields["closed"] = False
        read_annotations(schema, fields)
        self.table[key] = adopt(fields)
        return None

    def _object(self, schema: dict[str, Any], key: Any, depth: int, rel: int, required: bool,
                patterns: tuple[str, ...]) -> Tail:
        if not BLOCKERS.isdisjoint(schema) and not self._root_id_only(schema):
            return self._union(schema, key, required, patterns)
        get = schema.get
        found = get("type", MISSING)
        if found is MISSING:
            types, typed_object, may_be_object = _ANY, False, True
        else:
            types = node_types(found, get("nullable") is True)
            typed_object = may_be_object = "object" in types
        enum = get("enum", MISSING)
        if enum is not MISSING:
            if not isinstance(enum, list):
                raise NotPlain
            enum = sorted_values(enum)
        else:
            enum = None
        names = get("required", MISSING)
        if names is MISSING or isinstance(names, bool):
            names = ()
        elif not isinstance(names, list) or not all(map(isinstance, names, _STR)):
            raise NotPlain
        properties = get("properties", MISSING)
        if properties is MISSING:
            properties = {}
        elif not isinstance(properties, dict):
            raise NotPlain
        closed = False
        groups: list[tuple[str, Any, tuple[str, ...]]] = []  # map values: pointer tail
        extra = get("additionalProperties", MISSING)
        if extra is False:
            closed = True
        elif extra is not MISSING and extra is not True and extra != {}:
            groups.append(("additionalProperties", None, ()))
        prefix: list[Any] = []
        unsupported: tuple[str, ...] = ()
        if not _RARE.isdisjoint(schema):
            if "const" in schema:
                enum = intersect_enum(enum, (schema["const"],))
            late = schema.get("unevaluatedProperties", True)
            if late is False:
                closed = True
            elif late is not True and late != {}:
                unsupported = ("unevaluatedProperties",)
            if not _UNSUPPORTED.isdisjoint(schema):
                unsupported = tuple(sorted({*unsupported, *(_UNSUPPORTED & schema.keys())}))
            pattern_map = get("patternProperties", MISSING)
            if pattern_map is not MISSING:
                if not isinstance(pattern_map, dict):
                    raise NotPlain
                groups.extend(("patternProperties", p, (p,)) for p in sorted(pattern_map))
            prefix = get("prefixItems", MISSING)
            if prefix is MISSING:
                prefix = []
            elif not isinstance(prefix, list):
                raise NotPlain
        if len(groups) > 1:
            raise NotPlain  # alternatives: the general walk unions them
        items = get("items", MISSING)
        if isinstance(items, list):
            raise NotPlain  # a tuple or an error, by dialect
        objectish = may_be_object and (closed or bool(properties) or bool(groups)
                                       or typed_object)
        fields = fresh()
        fields["type"] = types
        fields["required"] = required
        fields["extra"] = {}
        if objectish:
            fields["closed"] = closed
        if enum is not None:
            fields["enum"] = enum
        if patterns:
            fields["patterns"] = patterns
        if unsupported:
            fields["unsupported"] = unsupported
        if not _CONSTRAINED.isdisjoint(schema):
            fields["constraints"] = node_constraints(schema)
        read_annotations(schema, fields)
        self.table[key] = adopt(fields)
        if self.count > self.max_paths or self.work > self.max_work:
            raise NotPlain
        # children in the general walk's order: properties, tuple positions, items, values
        last: Tail = None
        if depth >= self.max_depth and (properties or names or prefix or groups
                                        or (items is not MISSING and items is not False)):
            raise NotPlain  # a child would be deeper than the bound
        depth += 1
        rel += 1
        wanted = set(names)
        for name in sorted(properties.keys() | wanted) if wanted else sorted(properties):
            child_key = self.prop(key, name)
            if name in properties:
                last = ("properties", name, self.node(properties[name], child_key, depth, rel,
                                                      name in wanted, ()))
            else:
                self._undescribed(child_key, depth, rel)
        for position, sub in enumerate(prefix):
            last = ("prefixItems", position,
                    self.node(sub, self.index(key, position), depth, rel, False, ()))
        if items is not MISSING and items is not False:
            last = ("items", None, self.node(items, self.items(key), depth, rel, False, ()))
        if groups:
            keyword, pattern, group_patterns = groups[0]
            sub = extra if pattern is None else schema["patternProperties"][pattern]
            last = (keyword, pattern,
                    self.node(sub, self.values(key), depth, rel, False, group_patterns))
        return last

    def _union(self, schema: dict[str, Any], key: Any, required: bool,
               patterns: tuple[str, ...]) -> Tail:
        """A union of leaves (``direct_unions``); any other blocker: ``NotPlain``."""
        keyword = union_keyword(schema)
        if keyword is None:
            raise NotPlain
        entry, work, paths = leaf_union(schema, keyword, required, patterns, self.stack,
                                        self.max_alternatives)
        self.count += paths - 1  # ``node`` counted the node itself
        self.work += work
        self.table[key] = entry
        return (keyword, len(schema[keyword]) - 1, None)  # the general walk ends on the last

    def _undescribed(self, key: Any, depth: int, rel: int) -> None:
        """A required name with no schema: an open node, no subschema visited."""
        self.count += 1
        self.work += rel
        fields = fresh()
        fields["required"] = True
        fields["extra"] = {}
        self.table[key] = adopt(fields)

    def over(self) -> bool:
        """Whether a bound was passed (the general walk then says where)."""
        return self.count > self.max_paths or self.work > self.max_work

    def _root_id_only(self, schema: dict[str, Any]) -> bool:
        """The general walk reads ``$id`` only below the root, and only a string one."""
        return (schema.keys() & BLOCKERS == {"$id"}
                and (schema is self.root or not isinstance(schema["$id"], str)))


def whole_table(schema: Any, *, max_depth: int, max_paths: int, max_work: int,
                failed: set[int], max_alternatives: int = 256,
                ) -> tuple[dict[str, Entry], int] | None:
    """The table of a plain schema, sorted by printed path, and the work it cost; ``None``
    when the general walk must take it (``failed`` learns where the direct path gave up)."""
    if isinstance(schema, dict) and ("$defs" in schema or "definitions" in schema):
        return None  # definitions are there to be referenced: not plain
    walk = Direct(schema, max_depth, max_paths, max_work, failed, max_alternatives)
    try:
        walk.node(schema, "", 0, 0, True, ())
    except Exception:  # NotPlain or any error: the general walk decides
        return None
    if walk.over():
        failed.add(id(schema))
        return None
    # keys are distinct: the pairs sort by key alone (faster without a key function)
    return dict(sorted(walk.table.items())), walk.work


def pointer(base: str, tail: Tail) -> str:
    """The JSON pointer the general walk would hold after a subtree (``Direct.node``'s tail)."""
    parts = [base]
    while tail is not None:
        keyword, name, tail = tail
        parts.append(f"/{keyword}" if name is None else
                     f"/{keyword}/{escape_token(name) if isinstance(name, str) else name}")
    return "".join(parts)


def is_plain(schema: Any, memo: dict[int, bool], depth: int = 0) -> bool:
    """Whether the walk below ``schema`` meets nothing that blocks the direct path (memoized
    by identity: the general walk asks of every subschema it reaches)."""
    known = memo.get(id(schema))
    if known is not None:
        return known
    plain = True
    if isinstance(schema, dict):
        if depth > _DEEPEST or isinstance(schema.get("items"), list):
            plain = False
        elif not BLOCKERS.isdisjoint(schema):  # a union of leaves has nothing below it
            keyword = union_keyword(schema)
            plain = keyword is not None and branches_are_leaves(schema, keyword)
        else:
            plain = all(is_plain(sub, memo, depth + 1) for sub in _below(schema))
    memo[id(schema)] = plain
    return plain


def _below(schema: dict[str, Any]) -> list[Any]:
    out: list[Any] = []
    for keyword in ("properties", "patternProperties"):
        value = schema.get(keyword)
        if isinstance(value, dict):
            out.extend(value.values())
    for keyword in ("items", "prefixItems"):
        value = schema.get(keyword)
        if isinstance(value, list):
            out.extend(value)
        elif value is not None:
            out.append(value)
    if "additionalProperties" in schema:
        out.append(schema["additionalProperties"])
    return out


class DirectSteps(Direct):
    """A plain subschema inside the general walk: entries keyed by steps."""

    __slots__ = ()
    prop = staticmethod(_prop_steps)
    index = staticmethod(_index_steps)
    items = staticmethod(_items_steps)
    values = staticmethod(_values_steps)
