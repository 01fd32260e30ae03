"""Reduce a JSON Schema to a field-path table.

Every node reachable from the root gets an entry (see docs/field-paths.md). References are
resolved through a ``referencing`` registry holding only the document itself (the offline
registry of ``validators``): a remote ``$ref`` is reported, never fetched. Recursion is cut
at the re-entry and marked; the depth, the number of paths and the number of union
alternatives are bounded, so a hostile schema gives a ``BoundsError`` naming the tool and the
JSON pointer instead of a hang.

The walk is written in two halves, the way ``referencing`` traverses schemas: ``_collect``
folds one schema's keywords (``$ref``, ``allOf``, ``anyOf``...) into *facets* of a single
node, as a list of alternatives; ``_walk`` turns facets into entries and descends.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import referencing
import referencing.jsonschema
from referencing.exceptions import Unresolvable

from parity.errors import BoundsError, SchemaError
from parity.fieldpaths import constraints
from parity.fieldpaths.entry import ANY, Entry, canonical_value, normalize_types, sorted_values
from parity.fieldpaths.fieldpath import ITEMS, VALUES, Index, Prop, Steps, render
from parity.fieldpaths.manifest import Table
from parity.fieldpaths.validators import has_tuple_items, offline_registry

if TYPE_CHECKING:
    from referencing._core import Resolver

_BASE_URI = "https://parity.invalid/schema.json"
_DRAFT2020 = "https://json-schema.org/draft/2020-12/schema"
_DRAFT7 = "http://json-schema.org/draft-07/schema#"
_JSON_TYPES = frozenset({"array", "boolean", "integer", "null", "number", "object", "string"})

#: Keywords that constrain a node in ways parity records but does not model.
UNSUPPORTED_KEYWORDS = ("contains", "dependencies", "dependentRequired", "dependentSchemas",
                        "else", "if", "not", "propertyNames", "then", "unevaluatedItems")


@dataclass(frozen=True)
class Limits:
    """Bounds that keep extraction finite on any input (documented in docs/field-paths.md)."""

    #: deepest field path, in steps
    max_depth: int = 64
    #: most entries one tool's table may have
    max_paths: int = 10_000
    #: most alternatives one node's unions may multiply into
    max_alternatives: int = 256
    #: most units of work one schema may cost: a unit is one subschema visited, one keyword
    #: value element read, one ``allOf``/``$ref`` merge (weighted by what it copies) or one
    #: entry merged across union alternatives. Paths emitted are bounded separately; this
    #: bounds what a schema can make parity *do* (a reference fan-out emits few paths).
    max_work: int = 200_000


@dataclass
class Work:
    """How much work an extraction spent, in the units of ``Limits.max_work``."""

    spent: int = 0


@dataclass(frozen=True)
class _Sub:
    """A subschema, the resolver its references resolve against, and where it is."""

    schema: Any
    #: ``None``: the document's own resolver, built only when a reference needs it
    resolver: Resolver[Any] | None
    pointer: str


@dataclass
class _Facets:
    """What the keywords of one node say, before it becomes an entry."""

    types: frozenset[str] | None = None  # None: unconstrained
    enum: tuple[Any, ...] | None = None
    never: bool = False
    required: set[str] = field(default_factory=set)
    properties: dict[str, list[_Sub]] = field(default_factory=dict)
    closed: bool = False
    items: list[_Sub] = field(default_factory=list)
    prefix: dict[int, list[_Sub]] = field(default_factory=dict)
    #: map values: alternatives (one per pattern or additionalProperties), each a conjunction
    values: list[list[_Sub]] = field(default_factory=list)
    patterns: list[str] = field(default_factory=list)
    format: str | None = None
    default: Any = None
    has_default: bool = False
    description: str | None = None
    recursive: str | None = None
    unresolved: list[str] = field(default_factory=list)
    unsupported: set[str] = field(default_factory=set)
    expanded: frozenset[int] = frozenset()
    constraints: dict[str, Any] = field(default_factory=dict)

    def copy(self) -> _Facets:
        return _Facets(
            self.types, self.enum, self.never, set(self.required),
            {k: list(v) for k, v in self.properties.items()}, self.closed, list(self.items),
            {k: list(v) for k, v in self.prefix.items()}, [list(g) for g in self.values],
            list(self.patterns), self.format, self.default, self.has_default, self.description,
            self.recursive, list(self.unresolved), set(self.unsupported), self.expanded,
            dict(self.constraints))


def extract_paths(schema: Any, *, tool: str = "<schema>", direction: str = "in",
                  limits: Limits | None = None, warnings: list[str] | None = None,
                  default_dialect: str | None = None, work: Work | None = None) -> Table:
    """Reduce ``schema`` to a field-path table (printed path -> ``Entry``), sorted by path.

    Arguments:
        schema: a JSON Schema (object or boolean), never modified.
        tool: the tool's name, used in errors and warnings.
        direction: ``in`` or ``out``, used in errors and warnings.
        limits: depth, path and alternative bounds.
        warnings: if given, receives one line per unresolved reference.
        default_dialect: the ``$schema`` URI to assume when the schema declares none.
        work: if given, receives the work spent (also when the bounds stop the walk).

    Raises ``SchemaError`` for input that is not a schema and ``BoundsError`` past the limits.
    """
    if not isinstance(schema, (dict, bool)):
        raise SchemaError(f"tool {tool!r}: {direction}: not a JSON Schema: expected an object "
                          f"or a boolean, got {_json_type(schema)}", location="#",
                          hint="a tool's inputSchema/outputSchema must be a JSON object")
    walker = _Walker(schema, tool, direction, limits or Limits(), default_dialect)
    try:
        steps_table = walker.run()
    except RecursionError:
        raise BoundsError(f"tool {tool!r}: {direction}: schema is nested too deeply to walk",
                          location=walker.pointer,
                          hint="flatten the schema or raise the limits") from None
    finally:
        if work is not None:
            work.spent = walker.work
    if warnings is not None:
        warnings.extend(walker.warnings)
    return {render(steps): steps_table[steps] for steps in sorted(steps_table, key=render)}


def tool_tables(definition: Mapping[str, Any], *, limits: Limits | None = None,
                warnings: list[str] | None = None) -> tuple[Table, Table | None]:
    """The ``in`` and ``out`` tables of an MCP tool definition (wire JSON, camelCase).

    ``out`` is ``None`` when the tool declares no ``outputSchema``. A missing or ``null``
    ``inputSchema`` (invalid for the spec; ``tooldefs.invalid_parts`` names it) is read as
    an open object: the tool takes arguments nobody described.
    """
    name = str(definition.get("name", "<unnamed>"))
    in_schema = definition.get("inputSchema")
    if in_schema is None:
        in_schema = {"type": "object"}
    in_table = extract_paths(in_schema, tool=name, direction="in", limits=limits,
                             warnings=warnings)
    out_schema = definition.get("outputSchema")
    out_table = None if out_schema is None else extract_paths(
        out_schema, tool=name, direction="out", limits=limits, warnings=warnings)
    return in_table, out_table


class _Walker:
    def __init__(self, root: Any, tool: str, direction: str, limits: Limits,
                 default_dialect: str | None = None) -> None:
        self.tool = tool
        self.direction = direction
        self.limits = limits
        self.count = 0
        self.work = 0
        self.pointer = "#"
        self.warnings: list[str] = []
        dialect = root.get("$schema") if isinstance(root, dict) else None
        if not isinstance(dialect, str):
            # Undeclared: 2020-12 (the MCP default), unless the schema spells tuples as
            # array-valued `items`, which only the older drafts allow.
            dialect = default_dialect or (_DRAFT7 if has_tuple_items(root) else _DRAFT2020)
        self.spec = referencing.jsonschema.specification_with(
            dialect, default=referencing.jsonschema.DRAFT202012)
        # draft-07 and older ignore keywords beside $ref and spell tuples as array `items`
        self.legacy = self.spec.name in {"draft-03", "draft-04", "draft-06", "draft-07"}
        self.tuple_items = self.legacy or self.spec.name == "draft2019-09"
        self.root = _Sub(root, None, "#")
        self._root_resolver: Resolver[Any] | None = None

    def root_resolver(self) -> Resolver[Any]:
        """The registry of the document's own resources, built on the first reference: most
        tool schemas have none, and indexing costs more than walking them."""
        if self._root_resolver is None:
            root = self.root.schema
            base = _BASE_URI
            if isinstance(root, dict) and isinstance(root.get("$id"), str) and ":" in root["$id"]:
                base = root["$id"]
            registry = offline_registry().with_resource(base, self.spec.create_resource(root))
            # Crawling fails on malformed keywords; the walk then names them with their pointer.
            with contextlib.suppress(Exception):
                registry = registry.crawl()
            self._root_resolver = registry.resolver(base)
        return self._root_resolver

    def run(self) -> dict[Steps, Entry]:
        return self._walk([self.root], (), True, frozenset({id(self.root.schema)}), ())

    # -- entries -------------------------------------------------------------------------

    def spend(self, units: int) -> None:
        """Count work; past ``max_work`` the walk ends in a ``BoundsError``."""
        self.work += units
        if self.work > self.limits.max_work:
            raise self._bounds(f"more than {self.limits.max_work} units of work (references "
                               "or unions that multiply)")

    def _walk(self, subs: list[_Sub], steps: Steps, required: bool, stack: frozenset[int],
              patterns: tuple[str, ...]) -> dict[Steps, Entry]:
        self.pointer = subs[0].pointer if subs else self.pointer
        if len(steps) > self.limits.max_depth:
            raise self._bounds(f"field path deeper than {self.limits.max_depth} steps "
                               f"at {render(steps)!r}")
        if not subs:  # a required key the schema does not describe
            alternatives = [_Facets(expanded=stack)]
        else:
            alternatives = self._collect(subs[0], stack, frozenset())
        for sub in subs[1:]:
            alternatives = self._conjoin(alternatives, self._collect(sub, stack, frozenset()))
        tables = [self._emit(f, steps, required, patterns) for f in alternatives]
        if len(tables) == 1:
            return tables[0]
        return self._union(tables, steps)

    def _emit(self, facets: _Facets, steps: Steps, required: bool,
              patterns: tuple[str, ...]) -> dict[Steps, Entry]:
        self.count += 1
        if self.count > self.limits.max_paths:
            raise self._bounds(f"more than {self.limits.max_paths} field paths")
        table = {steps: _entry(facets, required, patterns)}
        if facets.recursive is not None or facets.never:
            return table
        stack = facets.expanded
        for name in sorted(set(facets.properties) | facets.required):
            self._merge(table, self._walk(facets.properties.get(name, []), (*steps, Prop(name)),
                                          name in facets.required, stack, ()))
        for position in sorted(facets.prefix):
            self._merge(table, self._walk(facets.prefix[position], (*steps, Index(position)),
                                          False, stack, ()))
        if facets.items:
            self._merge(table, self._walk(facets.items, (*steps, ITEMS), False, stack, ()))
        if facets.values:
            patterns = tuple(sorted(set(facets.patterns)))
            # a key matches one pattern or another: the value schemas are alternatives
            tables = [self._walk(group, (*steps, VALUES), False, stack, patterns)
                      for group in facets.values]
            self._merge(table, tables[0] if len(tables) == 1
                        else self._union(tables, (*steps, VALUES)))
        return table

    def _merge(self, table: dict[Steps, Entry], child: dict[Steps, Entry]) -> None:
        self.spend(len(child))  # each level copies its subtree's entries: depth x paths
        table.update(child)

    # -- facets --------------------------------------------------------------------------

    def _collect(self, sub: _Sub, stack: frozenset[int], chain: frozenset[int]) -> list[_Facets]:
        """The alternatives one schema allows at its node, with references followed."""
        schema, pointer = sub.schema, sub.pointer
        self.pointer = pointer
        self.spend(1)
        if schema is True or schema == {}:
            return [_Facets(expanded=stack)]
        if schema is False:
            return [_Facets(never=True, types=frozenset(), expanded=stack)]
        if not isinstance(schema, dict):
            raise self._error(f"expected a schema (object or boolean), got {_json_type(schema)}",
                              pointer)
        resolver = sub.resolver
        if schema is not self.root.schema and isinstance(schema.get("$id"), str):
            resolver = (resolver or self.root_resolver()).in_subresource(
                self.spec.create_resource(schema))
        ref_key = next((k for k in ("$ref", "$dynamicRef", "$recursiveRef") if k in schema), None)
        own = {} if (ref_key == "$ref" and self.legacy) else schema
        base = self._own_facets(own, resolver, pointer, stack)
        alternatives = [base]
        if ref_key is not None:
            alternatives = self._conjoin(alternatives, self._follow(
                schema[ref_key], ref_key, resolver, pointer, stack, chain))
        for keyword in ("allOf", "anyOf", "oneOf"):
            if keyword not in own:
                continue
            branches = _require_list(own[keyword], pointer, keyword, self)
            subs = [_Sub(b, resolver, f"{pointer}/{keyword}/{i}") for i, b in enumerate(branches)]
            if keyword == "allOf":
                for s in subs:
                    alternatives = self._conjoin(alternatives, self._collect(s, stack, chain))
            else:
                union: list[_Facets] = []
                for s in subs:
                    union.extend(self._collect(s, stack, chain))
                alternatives = self._conjoin(alternatives, union)
        return alternatives

    def _follow(self, ref: Any, keyword: str, resolver: Resolver[Any] | None, pointer: str,
                stack: frozenset[int], chain: frozenset[int]) -> list[_Facets]:
        if not isinstance(ref, str):
            raise self._error(f"{keyword} must be a string, got {_json_type(ref)}", pointer)
        try:
            resolved = (resolver or self.root_resolver()).lookup(ref)
        except Unresolvable:
            self.warnings.append(
                f"tool {self.tool!r}: {self.direction}: {keyword} {ref!r} at {pointer} "
                "cannot be resolved locally; it was not fetched")
            return [_Facets(unresolved=[ref], expanded=stack)]
        except Exception as exc:  # malformed pointers and URIs in the ref itself
            raise self._error(f"{keyword} {ref!r} is malformed: {exc}", pointer) from None
        target = resolved.contents
        target_sub = _Sub(target, resolved.resolver, ref)
        key = id(target)
        if key in stack or key in chain:
            # Re-entry: keep the node's own shape but do not descend again.
            shallow = self._collect_shallow(target_sub, stack)
            for f in shallow:
                f.recursive = ref
            return shallow
        found = self._collect(target_sub, stack | {key}, chain | {key})
        for f in found:
            f.expanded = f.expanded | {key}
        return found

    def _collect_shallow(self, sub: _Sub, stack: frozenset[int]) -> list[_Facets]:
        if not isinstance(sub.schema, dict):
            return self._collect(sub, stack, frozenset())
        facets = self._own_facets(sub.schema, sub.resolver, sub.pointer, stack)
        facets.properties, facets.items, facets.prefix, facets.values = {}, [], {}, []
        return [facets]

    def _own_facets(self, schema: Mapping[str, Any], resolver: Resolver[Any] | None,
                    pointer: str, stack: frozenset[int]) -> _Facets:
        f = _Facets(expanded=stack)
        at = _Sub(schema, resolver, pointer)
        self.spend(len(schema) + sum(len(v) for v in schema.values()
                                     if isinstance(v, (dict, list))))
        # the registry's order, whatever the schema's key order: results must not depend on it
        for keyword in sorted(schema.keys() & _KEYWORDS.keys(), key=_RANK.__getitem__):
            _KEYWORDS[keyword](self, f, schema[keyword], at, schema)
        return f

    def _conjoin(self, left: list[_Facets], right: list[_Facets]) -> list[_Facets]:
        if len(left) * len(right) > self.limits.max_alternatives:
            raise self._bounds(f"unions multiply into more than {self.limits.max_alternatives}"
                               " alternatives")
        # a merge copies both sides: its cost grows with what they hold
        self.spend(sum(_weight(a) for a in left) * len(right)
                   + sum(_weight(b) for b in right) * len(left))
        return [_conjoin(a, b) for a in left for b in right]

    def _union(self, tables: list[dict[Steps, Entry]], steps: Steps) -> dict[Steps, Entry]:
        self.spend(sum(len(t) for t in tables) * len(tables))
        return _union(tables, steps)

    def _error(self, message: str, pointer: str) -> SchemaError:
        return SchemaError(f"tool {self.tool!r}: {self.direction}: {message}", location=pointer,
                           hint="fix the schema at that JSON pointer")

    def _bounds(self, message: str) -> BoundsError:
        return BoundsError(f"tool {self.tool!r}: {self.direction}: {message}",
                           location=self.pointer,
                           hint="simplify the schema, or raise the limits "
                                "(max_depth, max_paths, max_alternatives, max_work)")


# -- keywords: each reads one keyword's value into the node's facets ----------------------

_Reader = Callable[["_Walker", _Facets, Any, _Sub, Mapping[str, Any]], None]


def _type(w: _Walker, f: _Facets, value: Any, at: _Sub, schema: Mapping[str, Any]) -> None:
    names = [value] if isinstance(value, str) else value
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise w._error("`type` must be a string or a list of strings", f"{at.pointer}/type")
    unknown = sorted(set(names) - _JSON_TYPES)
    if unknown:
        raise w._error(f"`type` names unknown JSON types {unknown}", f"{at.pointer}/type")
    types = set(names)
    if schema.get("nullable") is True:  # OpenAPI 3.0 spelling, common in tool schemas
        types.add("null")
    f.types = frozenset(types)


def _enum(w: _Walker, f: _Facets, value: Any, at: _Sub, schema: Mapping[str, Any]) -> None:
    if not isinstance(value, list):
        raise w._error("`enum` must be a list", f"{at.pointer}/enum")
    f.enum = _intersect_enum(f.enum, sorted_values(value))


def _const(w: _Walker, f: _Facets, value: Any, at: _Sub, schema: Mapping[str, Any]) -> None:
    f.enum = _intersect_enum(f.enum, (value,))


def _required(w: _Walker, f: _Facets, value: Any, at: _Sub, schema: Mapping[str, Any]) -> None:
    if isinstance(value, bool):  # draft-03 spelling: required beside the property itself
        return
    if not isinstance(value, list) or not all(isinstance(n, str) for n in value):
        raise w._error("`required` must be a list of strings", f"{at.pointer}/required")
    f.required.update(value)


def _properties(w: _Walker, f: _Facets, value: Any, at: _Sub, schema: Mapping[str, Any]) -> None:
    if not isinstance(value, dict):
        raise w._error("`properties` must be an object", f"{at.pointer}/properties")
    for name, sub in value.items():
        f.properties.setdefault(name, []).append(
            _Sub(sub, at.resolver, f"{at.pointer}/properties/{_escape(name)}"))


def _additional_properties(w: _Walker, f: _Facets, value: Any, at: _Sub,
                           schema: Mapping[str, Any]) -> None:
    if value is False:
        f.closed = True
    elif value is not True and value != {}:
        f.values.append([_Sub(value, at.resolver, f"{at.pointer}/additionalProperties")])


def _unevaluated_properties(w: _Walker, f: _Facets, value: Any, at: _Sub,
                            schema: Mapping[str, Any]) -> None:
    if value is False:
        f.closed = True
    elif value is not True and value != {}:
        f.unsupported.add("unevaluatedProperties")


def _pattern_properties(w: _Walker, f: _Facets, value: Any, at: _Sub,
                        schema: Mapping[str, Any]) -> None:
    if not isinstance(value, dict):
        raise w._error("`patternProperties` must be an object", f"{at.pointer}/patternProperties")
    for pattern, sub in sorted(value.items()):
        f.patterns.append(pattern)
        f.values.append([_Sub(sub, at.resolver,
                              f"{at.pointer}/patternProperties/{_escape(pattern)}")])


def _items(w: _Walker, f: _Facets, value: Any, at: _Sub, schema: Mapping[str, Any]) -> None:
    if isinstance(value, list):
        if not w.tuple_items:
            raise w._error("`items` must be a schema in draft 2020-12 (use `prefixItems` for "
                           "tuples)", f"{at.pointer}/items")
        for i, sub in enumerate(value):
            f.prefix.setdefault(i, []).append(_Sub(sub, at.resolver, f"{at.pointer}/items/{i}"))
        return
    if value is not False:  # `items: false` beside a tuple forbids extra items: no `[]` node
        f.items.append(_Sub(value, at.resolver, f"{at.pointer}/items"))


def _prefix_items(w: _Walker, f: _Facets, value: Any, at: _Sub, schema: Mapping[str, Any]) -> None:
    if not isinstance(value, list):
        raise w._error("`prefixItems` must be a list", f"{at.pointer}/prefixItems")
    for i, sub in enumerate(value):
        f.prefix.setdefault(i, []).append(
            _Sub(sub, at.resolver, f"{at.pointer}/prefixItems/{i}"))


def _additional_items(w: _Walker, f: _Facets, value: Any, at: _Sub,
                      schema: Mapping[str, Any]) -> None:
    # Only meaningful beside a tuple-form `items`; a schema there describes the rest.
    if w.tuple_items and isinstance(schema.get("items"), list) and value not in (False, True):
        f.items.append(_Sub(value, at.resolver, f"{at.pointer}/additionalItems"))


def _annotation(name: str) -> _Reader:
    def read(w: _Walker, f: _Facets, value: Any, at: _Sub, schema: Mapping[str, Any]) -> None:
        if name == "default":
            f.default, f.has_default = value, True
        elif isinstance(value, str):
            setattr(f, name, value)
    return read


def _constraints(w: _Walker, f: _Facets, value: Any, at: _Sub,
                 schema: Mapping[str, Any]) -> None:
    """Every constraint keyword of this schema object, read at once (draft-04's boolean
    ``exclusiveMinimum`` needs ``minimum`` beside it). Registered under each keyword; the
    first one present reads (a repeat would change nothing: conjoining is idempotent)."""
    first = next(k for k in constraints.KEYWORDS if k in schema)
    if value is not schema[first]:
        return
    try:
        found = constraints.read(schema)
    except constraints.ConstraintError as exc:
        raise w._error(str(exc), at.pointer) from None
    f.constraints = constraints.conjoin(f.constraints, found)


def _unsupported(name: str) -> _Reader:
    def read(w: _Walker, f: _Facets, value: Any, at: _Sub, schema: Mapping[str, Any]) -> None:
        f.unsupported.add(name)
    return read


#: keyword -> reader. Traversal is data, in the manner of ``referencing``'s subresources.
_KEYWORDS: dict[str, _Reader] = {
    "type": _type,
    "enum": _enum,
    "const": _const,
    "required": _required,
    "properties": _properties,
    "additionalProperties": _additional_properties,
    "unevaluatedProperties": _unevaluated_properties,
    "patternProperties": _pattern_properties,
    "items": _items,
    "prefixItems": _prefix_items,
    "additionalItems": _additional_items,
    "format": _annotation("format"),
    "default": _annotation("default"),
    "description": _annotation("description"),
    **{k: _unsupported(k) for k in UNSUPPORTED_KEYWORDS},
    **dict.fromkeys(constraints.KEYWORDS, _constraints),
}
_RANK = {keyword: rank for rank, keyword in enumerate(_KEYWORDS)}


# -- combining -----------------------------------------------------------------------------


def _weight(f: _Facets) -> int:
    """What merging ``f`` copies, in units of work."""
    return (1 + len(f.required) + len(f.properties) + len(f.items) + len(f.prefix)
            + len(f.values) + len(f.patterns) + len(f.unresolved) + len(f.unsupported)
            + len(f.enum or ()) + len(f.expanded))


def _conjoin(a: _Facets, b: _Facets) -> _Facets:
    """Both must hold (``allOf``, ``$ref`` beside siblings)."""
    out = a.copy()
    if b.types is not None:
        out.types = b.types if a.types is None else _intersect_types(a.types, b.types)
    if b.enum is not None:
        out.enum = _intersect_enum(a.enum, b.enum)
    out.never = a.never or b.never
    out.required |= b.required
    for name, subs in b.properties.items():
        out.properties.setdefault(name, []).extend(subs)
    out.closed = a.closed or b.closed
    out.items.extend(b.items)
    for position, subs in b.prefix.items():
        out.prefix.setdefault(position, []).extend(subs)
    out.values.extend(b.values)
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
    return out


def _intersect_types(a: frozenset[str], b: frozenset[str]) -> frozenset[str]:
    both = set(a & b)
    if ("integer" in a and "number" in b) or ("number" in a and "integer" in b):
        both.add("integer")
    return frozenset(both)


def _intersect_enum(a: tuple[Any, ...] | None, b: tuple[Any, ...]) -> tuple[Any, ...]:
    if a is None:
        return b
    keep = {canonical_value(v) for v in b}
    return tuple(v for v in a if canonical_value(v) in keep)


def _entry(f: _Facets, required: bool, patterns: tuple[str, ...]) -> Entry:
    if f.never:
        types: tuple[str, ...] = ()
    elif f.types is None:
        types = (ANY,)
    else:
        types = tuple(sorted(f.types))
    may_be_object = f.types is None or "object" in f.types
    objectish = may_be_object and (f.closed or bool(f.properties) or bool(f.values)
                                   or (f.types is not None and "object" in f.types))
    return Entry(
        type=types,
        required=required,
        closed=f.closed if objectish else None,
        enum=f.enum,
        format=f.format,
        default=f.default,
        has_default=f.has_default,
        description=f.description,
        patterns=patterns,
        recursive=f.recursive,
        unresolved=tuple(sorted(set(f.unresolved))),
        unsupported=tuple(sorted(f.unsupported)),
        constraints=constraints.canonical(f.constraints),
    )


def _union(tables: list[dict[Steps, Entry]], steps: Steps) -> dict[Steps, Entry]:
    """Either alternative may hold (``anyOf``/``oneOf``): paths unioned, ``required`` only
    where every alternative in which the parent is an object requires it."""
    paths: dict[Steps, None] = {}
    for t in tables:
        paths.update(dict.fromkeys(t))
    out: dict[Steps, Entry] = {}
    for path in paths:
        present = [t[path] for t in tables if path in t]
        merged = _merge_union(present)
        if len(path) > len(steps) and isinstance(path[-1], Prop):
            holder = path[:-1]
            covering = [t for t in tables if holder in t and _may_be_object(t[holder])]
            merged = merged.with_required(
                all(path in t and t[path].required for t in covering))
        out[path] = merged
    return out


def _merge_union(entries: list[Entry]) -> Entry:
    first = entries[0]
    enum: tuple[Any, ...] | None
    if any(e.enum is None for e in entries):
        enum = None
    else:
        enum = sorted_values(v for e in entries for v in (e.enum or ()))
    closed_flags = [e.closed for e in entries if e.closed is not None]
    formats = {e.format for e in entries}
    return Entry(
        type=normalize_types(t for e in entries for t in e.type),
        required=first.required,
        closed=all(closed_flags) if closed_flags else None,
        enum=enum,
        format=first.format if len(formats) == 1 else None,
        default=first.default,
        has_default=first.has_default,
        description=next((e.description for e in entries if e.description is not None), None),
        patterns=tuple(sorted({p for e in entries for p in e.patterns})),
        recursive=next((e.recursive for e in entries if e.recursive is not None), None),
        unresolved=tuple(sorted({r for e in entries for r in e.unresolved})),
        unsupported=tuple(sorted({u for e in entries for u in e.unsupported})),
        constraints=constraints.canonical(constraints.union(
            (e.type, dict(e.constraints)) for e in entries)),
    )


def _may_be_object(entry: Entry) -> bool:
    return entry.is_any or "object" in entry.type


def _require_list(value: Any, pointer: str, keyword: str, w: _Walker) -> list[Any]:
    if not isinstance(value, list) or not value:
        raise w._error(f"`{keyword}` must be a non-empty list of schemas", f"{pointer}/{keyword}")
    return value


def _escape(token: str) -> str:
    return token.replace("~", "~0").replace("/", "~1")


def _json_type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, (int, float)):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    return "object"
