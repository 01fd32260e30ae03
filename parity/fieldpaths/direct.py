"""The direct path: a schema's field-path table, walked straight to entries.

A *plain* (sub)schema uses no reference (``$ref``, ``$dynamicRef``, ``$recursiveRef``), no
nested ``$id``, no combinator (``allOf``, ``anyOf``, ``oneOf``) but a union of leaves
(``direct_unions``), no array-valued ``items`` (its meaning depends on the dialect) and at most
one map-value schema per node (several are walked below the root: ``direct_maps``). Nearly
every real tool schema is plain. For those, ``parity.fieldpaths.schema``'s general walk
(facets, merges, unions) is mostly overhead: this module reads each node's keywords once and
builds its ``Entry`` directly. In a whole schema, a subschema below the root that is not
plain is handed to the general walk (``_delegate``) and the walk goes on around it: the
general walk's cost stays where it is needed.

The contract is byte identity: a table from here equals the general walk's table, and the
work spent (``Limits.max_work``'s units: each subschema visited, each keyword value element,
each entry copied up one level) and the number of paths are the same. Anything this module
does not reproduce exactly (a keyword outside the readers registry it knows, a malformed
value, a bound reached, an unexpected error) raises ``NotPlain`` and the general walk takes
the schema or subschema over, and gives its own result or its own error (with its tool and
pointer). The tests hold the two walks together over every corpus and random schemas.
"""

from __future__ import annotations

from itertools import repeat
from typing import Any

from parity.fieldpaths.direct_allof import walk_all_of
from parity.fieldpaths.direct_branches import walk_branches
from parity.fieldpaths.direct_fields import (
    ANNOTATED,
    CONSTRAINED,
    MISSING,
    ONE_TYPE,
    NotPlain,
    node_constraints,
    node_types,
    read_annotations,
    scalar_fields,
)
from parity.fieldpaths.direct_handover import Begun, General, ReadBranch, Walk, in_walk_order
from parity.fieldpaths.direct_keys import (
    Tail,
    index_steps,
    items_steps,
    pointer,
    prop_steps,
    values_steps,
)
from parity.fieldpaths.direct_leaves import NOT_LEAF, NOT_SCALAR, RARE, UNSUPPORTED, bare
from parity.fieldpaths.direct_maps import walk_groups
from parity.fieldpaths.direct_plain import BLOCKERS, is_plain
from parity.fieldpaths.direct_refs import follow
from parity.fieldpaths.direct_unions import (
    branches_are_leaves,
    leaf_union,
    union_keyword,
    visit_cost,
)
from parity.fieldpaths.entry import ANY, Entry, adopt, sorted_values
from parity.fieldpaths.keyed import needs_keys
from parity.fieldpaths.keysets import excluded, refuses_every_value
from parity.fieldpaths.keywords import intersect_enum

__all__ = ["BLOCKERS", "Direct", "DirectSteps", "NotPlain", "is_plain", "pointer",
           "whole_table"]

_ANY: tuple[str, ...] = (ANY,)
#: the keys of a list of one item schema read by ``Direct._list`` (``items`` among them)
_LIST = frozenset({"type", "items", "description"})
_ARRAY = ("array",)
_STR = repeat(str)


class Direct(Walk):
    """One direct walk: entries keyed by printed path (a whole schema) or by steps (a plain
    subschema inside the general walk), with the general walk's counters."""

    __slots__ = ()

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
                fields: dict[str, Any] = {"required": required}
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
            # most values are strings: one identity test skips them (a subclass is tested)
            if value.__class__ is not str and isinstance(value, (dict, list)):
                cost += len(value)
        self.work += cost
        if not NOT_LEAF.isdisjoint(schema):
            try:
                if NOT_SCALAR.isdisjoint(schema):
                    self.table[key] = adopt(scalar_fields(schema, required, patterns))
                    return None
                if (schema.keys() <= _LIST and schema.get("type") == "array"
                        and schema["type"].__class__ is str
                        and schema["items"].__class__ is dict):
                    return self._list(schema, key, depth, rel, required, patterns)
                return self._object(schema, key, depth, rel, required, patterns)
            except BaseException:
                self.failed.add(id(schema))
                raise
        # most nodes: a type, a description, no children. The entry holds the fields this
        # schema states; the others read as ``Entry()`` has them (``entry.adopt``)
        fields = {"required": required}
        if patterns:
            fields["patterns"] = patterns
        get = schema.get
        read = 0  # keys read so far
        found = get("type", MISSING)
        if found is not MISSING:
            read = 1
            one = ONE_TYPE.get(found) if found.__class__ is str else None
            types = node_types(found, False) if one is None else one
            fields["type"] = types
            if "object" in types:
                fields["closed"] = False
        # a type and a description, the commonest leaf, need no more reading
        found = get("description")
        if found is not None:
            read += 1
            if isinstance(found, str):
                fields["description"] = found
        if len(schema) > read:
            read_annotations(schema, fields)
        self.table[key] = adopt(fields)
        return None

    def _list(self, schema: dict[str, Any], key: Any, depth: int, rel: int, required: bool,
              patterns: tuple[str, ...]) -> Tail:
        """An array typed so, with one item schema and a description at most (a list of
        strings, of objects...): its entry and its items as ``_object`` makes them, without
        reading the keywords it lacks."""
        fields: dict[str, Any] = {"type": _ARRAY, "required": required}
        if patterns:
            fields["patterns"] = patterns
        read_annotations(schema, fields)
        self.table[key] = adopt(fields)
        if self.count > self.max_paths or self.work > self.max_work or depth >= self.max_depth:
            raise NotPlain  # past a bound, or an item deeper than the depth bound
        return ("items", None,
                self.node(schema["items"], self.items(key), depth + 1, rel + 1, False, ()))

    def _object(self, schema: dict[str, Any], key: Any, depth: int, rel: int, required: bool,
                patterns: tuple[str, ...]) -> Tail:
        if not BLOCKERS.isdisjoint(schema) and not self._root_id_only(schema):
            return self._union(schema, key, depth, rel, required, patterns)
        get = schema.get
        found = get("type", MISSING)
        if found is MISSING:
            types, typed_object, may_be_object = _ANY, False, True
        else:
            one = ONE_TYPE.get(found) if found.__class__ is str else None
            types = (one if one is not None and "nullable" not in schema
                     else node_types(found, get("nullable") is True))
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
        if not RARE.isdisjoint(schema):
            if "const" in schema:
                enum = intersect_enum(enum, (schema["const"],))
            if self.dated(schema):  # annotations in an older dialect: the general walk's
                return self._delegate(schema, key, depth, rel, required, patterns)
            if "not" in schema and (excluded(schema["not"]) is not None
                                    or refuses_every_value(schema["not"])):
                # keys refused together, or no value: the facets say it (``keysets``)
                return self._delegate(schema, key, depth, rel, required, patterns)
            late = schema.get("unevaluatedProperties", True)
            if late is False:  # beside additionalProperties, nothing left to refuse
                closed = closed or extra is MISSING  # (``keywords._unevaluated_properties``)
            elif late is not True and late != {}:
                unsupported = ("unevaluatedProperties",)
            if not UNSUPPORTED.isdisjoint(schema):
                unsupported = tuple(sorted({*unsupported, *(UNSUPPORTED & schema.keys())}))
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
        if len(groups) > 1 and (self.general is None or not key):
            return self._delegate(schema, key, depth, rel, required, patterns)  # NotPlain
        if (groups or (closed and names)) and needs_keys(
                properties, names, closed, any(g[1] is None for g in groups),
                get("patternProperties")):
            # a named key a map keyword constrains too: the general walk's (``keyed``)
            return self._delegate(schema, key, depth, rel, required, patterns)
        items = get("items", MISSING)
        if isinstance(items, list):  # a tuple or an error, by dialect
            return self._delegate(schema, key, depth, rel, required, patterns)
        objectish = may_be_object and (closed or bool(properties) or bool(groups)
                                       or typed_object)
        fields: dict[str, Any] = {"type": types, "required": required}
        if objectish:
            fields["closed"] = closed
        if enum is not None:
            fields["enum"] = enum
        if patterns:
            fields["patterns"] = patterns
        if unsupported:
            fields["unsupported"] = unsupported
        if not CONSTRAINED.isdisjoint(schema):
            fields["constraints"] = node_constraints(schema)
        if not ANNOTATED.isdisjoint(schema):
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
        if groups:  # each declared key tried against each pattern, as ``keyed`` counts
            self.work += len(properties) * sum(g[1] is not None for g in groups)
        node, prop, table = self.node, self.prop, self.table
        for name in sorted(properties.keys() | wanted) if wanted else sorted(properties):
            sub = properties.get(name, MISSING)
            leaf = bare(sub, name in wanted) if sub.__class__ is dict else None
            if leaf is not None:  # the commonest child: ``node`` without the call
                self.count += 1
                self.work += 1 + rel + len(sub)
                table[prop(key, name)] = leaf
                last = ("properties", name, None)
            elif (sub.__class__ is dict and NOT_SCALAR.isdisjoint(sub)
                  and not NOT_LEAF.isdisjoint(sub)):  # a scalar: ``node`` without the call
                self.count += 1
                self.work += rel + visit_cost(sub)
                try:
                    table[prop(key, name)] = adopt(scalar_fields(sub, name in wanted, ()))
                except BaseException:
                    self.failed.add(id(sub))
                    raise
                last = ("properties", name, None)
            elif sub is not MISSING:
                last = ("properties", name, node(sub, prop(key, name), depth, rel,
                                                 name in wanted, ()))
            else:
                self._undescribed(prop(key, name), depth, rel)
        for position, sub in enumerate(prefix):
            last = ("prefixItems", position,
                    self.node(sub, self.index(key, position), depth, rel, False, ()))
        if items is False:  # rare: an `[]` node that holds no value, the general walk's
            raise NotPlain
        if items is not MISSING:
            leaf = bare(items, False) if items.__class__ is dict else None
            if leaf is not None:
                self.count += 1
                self.work += 1 + rel + len(items)
                table[self.items(key)] = leaf
                last = ("items", None, None)
            else:
                last = ("items", None, self.node(items, self.items(key), depth, rel, False, ()))
        if len(groups) > 1:  # alternatives: unioned as the general walk unions them
            walk_groups(self, schema, groups, key, depth, rel)
            return None  # a whole schema's walk needs no pointer (as ``_delegate``)
        if groups:
            keyword, pattern, group_patterns = groups[0]
            sub = extra if pattern is None else schema["patternProperties"][pattern]
            last = (keyword, pattern,
                    self.node(sub, self.values(key), depth, rel, False, group_patterns))
        return last

    def _union(self, schema: dict[str, Any], key: Any, depth: int, rel: int, required: bool,
               patterns: tuple[str, ...]) -> Tail:
        """A union of leaves (``direct_unions``) or of objects (``direct_branches``), a
        ``$ref`` alone (``direct_refs``); any other blocker: ``_delegate``."""
        keyword = union_keyword(schema)
        if keyword is None:
            if len(schema) == 1 and "$ref" in schema:  # pydantic's nested model
                return follow(self, schema, key, depth, rel, required, patterns)
            if "allOf" in schema:
                return walk_all_of(self, schema, key, depth, rel, required, patterns)
            return self._delegate(schema, key, depth, rel, required, patterns)
        if not branches_are_leaves(schema, keyword):  # a union of objects, most often
            return walk_branches(self, schema, keyword, key, depth, rel, required, patterns)
        entry, work, paths = leaf_union(schema, keyword, required, patterns, self.stack,
                                        self.max_alternatives)
        self.count += paths - 1  # ``node`` counted the node itself
        self.work += work
        self.table[key] = entry
        return (keyword, len(schema[keyword]) - 1, None)  # the general walk ends on the last

    def _root_id_only(self, schema: dict[str, Any]) -> bool:
        """The general walk reads ``$id`` only below the root, and only a string one."""
        return (schema.keys() & BLOCKERS == {"$id"}
                and (schema is self.root or not isinstance(schema["$id"], str)))


def whole_table(schema: Any, *, max_depth: int, max_paths: int, max_work: int,
                failed: set[int], max_alternatives: int = 256, general: General | None = None,
                read_branch: ReadBranch | None = None, begun: Begun | None = None,
                default_dialect: str | None = None) -> tuple[dict[str, Entry], int] | None:
    """The table of a schema, sorted by printed path, and the work it cost; ``None`` when the
    general walk must take all of it (``failed`` learns where the direct path gave up).

    Without ``general`` the schema must be plain; with it, each subschema below the root that
    is not is walked by ``general`` and the rest directly (the same result: each subschema's
    table, work and paths are the general walk's). ``read_branch`` reads a union's branch
    in one go where it can (``direct_flat.branch_table``: the same result again); ``begun``:
    the schema read by ``direct_flat.read``, whose pending children are walked here."""
    if general is None and isinstance(schema, dict) and ("$defs" in schema
                                                         or "definitions" in schema):
        return None  # definitions are there to be referenced: not plain
    walk = Direct(schema, max_depth, max_paths, max_work, failed, max_alternatives,
                  default_dialect)
    walk.general = general
    walk.read_branch = read_branch
    try:
        if begun is None:
            walk.node(schema, "", 0, 0, True, ())
        else:  # the rest of a flat reading: each child as ``node`` walks it in place
            walk.table.update(begun[0])
            walk.work, walk.count = begun[1], begun[2]
            for sub, key, required, depth in in_walk_order(begun[3]):
                walk.node(sub, key, depth, depth, required, ())
    except Exception:  # NotPlain or any error: the general walk decides
        return None
    if walk.over():
        failed.add(id(schema))
        return None
    # keys are distinct: the pairs sort by key alone (faster without a key function)
    return dict(sorted(walk.table.items())), walk.work


class DirectSteps(Direct):
    """A plain subschema inside the general walk: entries keyed by steps."""

    __slots__ = ()
    prop = staticmethod(prop_steps)
    index = staticmethod(index_steps)
    items = staticmethod(items_steps)
    values = staticmethod(values_steps)
