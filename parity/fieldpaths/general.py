"""The general walk: a JSON Schema's nodes folded into facets and turned into entries.

It is written in two halves, the way ``referencing`` traverses schemas: ``_collect`` folds
one schema's keywords (``$ref``, ``allOf``, ``anyOf``...) into *facets* of a single node, as a
list of alternatives; ``_walk`` turns facets into entries and descends. References are
resolved through a ``referencing`` registry holding only the document itself (the offline
registry of ``validators``): a remote ``$ref`` is reported, never fetched. Plain subschemas
are handed to the direct walk (``direct``), which gives the same entries for the same work.
``schema.extract_paths`` runs it on what the direct walks do not read.
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping
from functools import cached_property
from typing import TYPE_CHECKING, Any

from referencing.exceptions import Unresolvable

from parity.errors import BoundsError, SchemaError
from parity.fieldpaths import constraints, direct
from parity.fieldpaths.choices import Apart
from parity.fieldpaths.combine import conjoin, key_facts, to_entry, weight
from parity.fieldpaths.entry import Entry
from parity.fieldpaths.fieldpath import ITEMS, VALUES, Index, Prop, Steps, render
from parity.fieldpaths.keyed import as_branch, named_subs
from parity.fieldpaths.keysets import of_branches, one_of_mark
from parity.fieldpaths.keywords import KEYWORDS, RANK, Facets, Sub, json_type
from parity.fieldpaths.limits import Limits
from parity.fieldpaths.pointers import MISS, local_target
from parity.fieldpaths.unions import apart_of, union
from parity.fieldpaths.validators import dialect_of, offline_registry

if TYPE_CHECKING:
    from referencing._core import Resolver, Specification

_BASE_URI = "https://parity.invalid/schema.json"


class Walker:
    """One general walk of a schema: entries keyed by steps, with its counters (work,
    paths, the pointer it is at) and the document's reference resolver."""


    def __init__(self, root: Any, tool: str, direction: str, limits: Limits,
                 default_dialect: str | None = None, failed: set[int] | None = None) -> None:
        self.tool = tool
        self.direction = direction
        self.limits = limits
        self.count = 0
        self.work = 0
        self.pointer = "#"
        self.warnings: list[str] = []
        self.default_dialect = default_dialect
        self.root = Sub(root, None, "#")
        self._root_resolver: Resolver[Any] | None = None
        # plain subschemas are walked by the direct path (same entries, same work)
        self.plain: dict[int, bool] = {}
        self.direct = direct.DirectSteps(root, limits.max_depth, limits.max_paths,
                                         limits.max_work, set() if failed is None else failed,
                                         limits.max_alternatives, default_dialect)

    # The dialect is read when a reference, an `$id` or an array-valued `items` needs it:
    # undeclared, it depends on a scan of the whole document (``has_tuple_items``).
    @cached_property
    def spec(self) -> Specification[Any]:
        return dialect_of(self.root.schema, self.default_dialect)

    @cached_property
    def legacy(self) -> bool:
        """draft-07 and older ignore keywords beside $ref and spell tuples as array `items`"""
        return self.spec.name in {"draft-03", "draft-04", "draft-06", "draft-07"}

    @cached_property
    def ancient(self) -> bool:
        """draft-04 and older read ``propertyNames`` as an annotation"""
        return self.spec.name in {"draft-03", "draft-04"}

    @cached_property
    def tuple_items(self) -> bool:
        return self.legacy or self.spec.name == "draft2019-09"

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

    # -- the direct walk's questions (``direct_handover.GeneralWalk``), with its counters --

    def collect(self, sub: Sub, stack: frozenset[int], work: int) -> tuple[list[Facets], int]:
        self.work, self.pointer = work, sub.pointer
        return self._collect(sub, stack, frozenset()), self.work

    def emit(self, alternatives: list[Facets], steps: Steps, required: bool,
             patterns: tuple[str, ...], count: int, work: int,
             ) -> tuple[dict[Steps, Entry], int, int]:
        self.count, self.work = count, work
        return self._emit_all(alternatives, steps, required, patterns), self.count, self.work

    def walk(self, subs: list[Sub], steps: Steps, required: bool, stack: frozenset[int],
             patterns: tuple[str, ...], count: int, work: int,
             ) -> tuple[dict[Steps, Entry], int, int]:
        self.count, self.work = count, work
        return self._walk(subs, steps, required, stack, patterns), self.count, self.work

    # -- entries -------------------------------------------------------------------------

    def spend(self, units: int) -> None:
        """Count work; past ``max_work`` the walk ends in a ``BoundsError``."""
        self.work += units
        if self.work > self.limits.max_work:
            raise self._bounds(f"more than {self.limits.max_work} units of work (references "
                               "or unions that multiply)")

    def _walk(self, subs: list[Sub], steps: Steps, required: bool, stack: frozenset[int],
              patterns: tuple[str, ...]) -> dict[Steps, Entry]:
        self.pointer = subs[0].pointer if subs else self.pointer
        if len(steps) > self.limits.max_depth:
            raise self._bounds(f"field path deeper than {self.limits.max_depth} steps "
                               f"at {render(steps)!r}")
        if len(subs) == 1:
            table = self._direct(subs[0], steps, required, stack, patterns)
            if table is not None:
                return table
        if not subs:  # a required key the schema does not describe
            alternatives = [Facets(expanded=stack)]
        else:
            alternatives = self._collect(subs[0], stack, frozenset())
        for sub in subs[1:]:
            alternatives = self._conjoin(alternatives, self._collect(sub, stack, frozenset()))
        return self._emit_all(alternatives, steps, required, patterns)

    def _emit_all(self, alternatives: list[Facets], steps: Steps, required: bool,
                  patterns: tuple[str, ...]) -> dict[Steps, Entry]:
        tables = [self._emit(f, steps, required, patterns) for f in alternatives]
        if len(tables) == 1:
            return tables[0]
        # closed by an `unevaluatedProperties: false` beside the union (or in a branch with
        # one inside): keys another passing alternative evaluates are taken too
        return self._union(tables, steps, apart_of(alternatives, tables),
                           of_branches([f.one_of for f in alternatives]))

    def _direct(self, sub: Sub, steps: Steps, required: bool, stack: frozenset[int],
                patterns: tuple[str, ...]) -> dict[Steps, Entry] | None:
        """A plain subschema's table by the direct path; ``None``: walk it here."""
        walk, schema = self.direct, sub.schema
        if id(schema) in walk.failed or not direct.is_plain(schema, self.plain):
            return None
        walk.count, walk.work, walk.table, walk.stack = self.count, self.work, {}, len(stack)
        try:
            tail = walk.node(schema, steps, len(steps), 0, required, patterns)
        except Exception:  # NotPlain or any error: the general walk decides
            return None
        if walk.over():  # past a bound: the general walk stops where it is passed
            walk.failed.add(id(schema))
            return None
        self.count, self.work = walk.count, walk.work
        self.pointer = sub.pointer if tail is None else direct.pointer(sub.pointer, tail)
        return walk.table

    def _emit(self, facets: Facets, steps: Steps, required: bool,
              patterns: tuple[str, ...]) -> dict[Steps, Entry]:
        if facets.key_names:
            facets = self._key_names(facets, steps)
        self.count += 1
        if self.count > self.limits.max_paths:
            raise self._bounds(f"more than {self.limits.max_paths} field paths")
        table = {steps: to_entry(facets, required, patterns)}
        if facets.recursive is not None or facets.never:
            return table
        stack = facets.expanded
        for name in sorted(set(facets.properties) | facets.required):
            subs = facets.properties.get(name, [])
            subs, tried = named_subs(facets, name, subs)  # a map keyword's share
            self.spend(tried)
            self._merge(table, self._walk(subs, (*steps, Prop(name)),
                                          name in facets.required, stack, ()))
        for position in sorted(facets.prefix):
            self._merge(table, self._walk(facets.prefix[position], (*steps, Index(position)),
                                          False, stack, ()))
        if facets.items:
            self._merge(table, self._walk(facets.items, (*steps, ITEMS), False, stack, ()))
        if facets.values:
            # the patterns say which keys land here only where no additionalProperties
            # schema takes the keys they leave
            patterns = () if any(k.pattern is None for k in facets.value_keys) \
                else tuple(sorted(set(facets.patterns)))
            # a key matches one pattern or another: the value schemas are alternatives
            tables = [self._walk(group, (*steps, VALUES), False, stack, patterns)
                      for group in facets.values]
            self._merge(table, tables[0] if len(tables) == 1
                        else self._union(tables, (*steps, VALUES)))
        return table

    def _key_names(self, facets: Facets, steps: Steps) -> Facets:
        """``facets`` with what its ``propertyNames`` say of each key's name as the
        ``propertyNames`` constraint, or that keyword unmodelled where they say more than
        strings can hold (a reference not resolved, a cut recursion, a keyword not
        modelled). Walked as a node of its own (its paths counted, its work spent) and
        then left out of the table: a name has no children."""
        facets = facets.copy()
        found = self._walk(facets.key_names, steps, True, facets.expanded, ())[steps]
        facts = key_facts(found)
        if facts is None:
            facets.unsupported.add("propertyNames")
        elif facts:
            facets.constraints = constraints.conjoin(facets.constraints,
                                                     {"propertyNames": facts})
        facets.key_names = []
        return facets

    def _merge(self, table: dict[Steps, Entry], child: dict[Steps, Entry]) -> None:
        self.spend(len(child))  # each level copies its subtree's entries: depth x paths
        table.update(child)

    # -- facets --------------------------------------------------------------------------

    def _collect(self, sub: Sub, stack: frozenset[int], chain: frozenset[int]) -> list[Facets]:
        """The alternatives one schema allows at its node, with references followed."""
        schema, pointer = sub.schema, sub.pointer
        self.pointer = pointer
        self.spend(1)
        if schema is True or schema == {}:
            return [Facets(expanded=stack)]
        if schema is False:
            return [Facets(never=True, types=frozenset(), expanded=stack)]
        if not isinstance(schema, dict):
            raise self.error(f"expected a schema (object or boolean), got {json_type(schema)}",
                              pointer)
        resolver = sub.resolver
        if schema is not self.root.schema and isinstance(schema.get("$id"), str):
            resolver = (resolver or self.root_resolver()).in_subresource(
                self.spec.create_resource(schema))
        ref_key = next((k for k in ("$ref", "$dynamicRef", "$recursiveRef") if k in schema), None)
        # draft 7 reads nothing beside `$ref`: only then is the dialect (a scan of the whole
        # document when undeclared) asked for; the `$ref` key is read in every dialect
        own = ({"$ref": schema["$ref"]} if ref_key == "$ref" and len(schema) > 1
               and self.legacy else schema)
        base = self._own_facets(own, resolver, pointer, stack)
        alternatives = [base]
        if ref_key is not None:
            alternatives = self._conjoin(alternatives, as_branch(self._follow(
                schema[ref_key], ref_key, resolver, pointer, stack, chain)))
        for keyword in ("allOf", "anyOf", "oneOf"):
            if keyword not in own:
                continue
            branches = _require_list(own[keyword], pointer, keyword, self)
            subs = [Sub(b, resolver, f"{pointer}/{keyword}/{i}") for i, b in enumerate(branches)]
            if keyword == "allOf":
                for s in subs:
                    alternatives = self._conjoin(alternatives,
                                                 as_branch(self._collect(s, stack, chain)))
            else:
                union: list[Facets] = []
                for s in subs:
                    union.extend(as_branch(self._collect(s, stack, chain)))
                mark = one_of_mark(branches) if keyword == "oneOf" else None
                for f in union if mark is not None else ():
                    f.one_of = mark  # "exactly one of": read where the union is made
                alternatives = self._conjoin(alternatives, union)
        return alternatives

    def _follow(self, ref: Any, keyword: str, resolver: Resolver[Any] | None, pointer: str,
                stack: frozenset[int], chain: frozenset[int]) -> list[Facets]:
        if not isinstance(ref, str):
            raise self.error(f"{keyword} must be a string, got {json_type(ref)}", pointer)
        # from the document's own base, a plain pointer needs no registry (None: the root's)
        target = MISS if resolver is not None else local_target(self.root.schema, ref)
        target_resolver = None
        if target is MISS:
            try:
                resolved = (resolver or self.root_resolver()).lookup(ref)
            except Unresolvable:
                self.warnings.append(
                    f"tool {self.tool!r}: {self.direction}: {keyword} {ref!r} at {pointer} "
                    "cannot be resolved locally; it was not fetched")
                return [Facets(unresolved=[ref], expanded=stack)]
            except Exception as exc:  # malformed pointers and URIs in the ref itself
                raise self.error(f"{keyword} {ref!r} is malformed: {exc}", pointer) from None
            target, target_resolver = resolved.contents, resolved.resolver
        target_sub = Sub(target, target_resolver, ref)
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

    def _collect_shallow(self, sub: Sub, stack: frozenset[int]) -> list[Facets]:
        if not isinstance(sub.schema, dict):
            return self._collect(sub, stack, frozenset())
        facets = self._own_facets(sub.schema, sub.resolver, sub.pointer, stack)
        facets.properties, facets.items, facets.prefix, facets.values = {}, [], {}, []
        facets.value_keys, facets.key_names = [], []  # (its names are walked no more)
        return [facets]

    def _own_facets(self, schema: Mapping[str, Any], resolver: Resolver[Any] | None,
                    pointer: str, stack: frozenset[int]) -> Facets:
        f = Facets(expanded=stack)
        at = Sub(schema, resolver, pointer)
        self.spend(len(schema) + sum(len(v) for v in schema.values()
                                     if isinstance(v, (dict, list))))
        # the registry's order, whatever the schema's key order: results must not depend on it
        for keyword in sorted(schema.keys() & KEYWORDS.keys(), key=RANK.__getitem__):
            KEYWORDS[keyword](self, f, schema[keyword], at, schema)
        return f

    def _conjoin(self, left: list[Facets], right: list[Facets]) -> list[Facets]:
        if len(left) * len(right) > self.limits.max_alternatives:
            raise self._bounds(f"unions multiply into more than {self.limits.max_alternatives}"
                               " alternatives")
        # a merge copies both sides: its cost grows with what they hold
        self.spend(sum(weight(a) for a in left) * len(right)
                   + sum(weight(b) for b in right) * len(left))
        return [conjoin(a, b) for a in left for b in right]

    def _union(self, tables: list[dict[Steps, Entry]], steps: Steps,
               apart: Apart = True, one_of: bool = False) -> dict[Steps, Entry]:
        self.spend(sum(len(t) for t in tables) * len(tables))
        return union(tables, steps, apart=apart, one_of=one_of)

    def error(self, message: str, pointer: str) -> SchemaError:
        return SchemaError(f"tool {self.tool!r}: {self.direction}: {message}", location=pointer,
                           hint="fix the schema at that JSON pointer")

    def _bounds(self, message: str) -> BoundsError:
        return BoundsError(f"tool {self.tool!r}: {self.direction}: {message}",
                           location=self.pointer,
                           hint="simplify the schema, or raise the limits "
                                "(max_depth, max_paths, max_alternatives, max_work)")


def _require_list(value: Any, pointer: str, keyword: str, w: Walker) -> list[Any]:
    if not isinstance(value, list) or not value:
        raise w.error(f"`{keyword}` must be a non-empty list of schemas", f"{pointer}/{keyword}")
    return value

