"""Where a direct walk (``direct``) and the general walk (``schema``) meet: the state a direct
walk keeps (its table, the general walk's counters, where it is) and the hand-over of a
subschema the direct path does not read itself (a reference, a combinator, a map with several
value schemas, a tuple spelt as ``items``).

Such a node's keywords are read by the general walk, as the general walk reads them (its
facets: ``GeneralWalk.collect``). For each alternative (one for a ``$ref`` or an ``allOf``,
several for a union), the node's entry is ``combine.to_entry`` of it and its children are
walked directly again, each from the subschema the facets name, with the references the
general walk would hold as expanded; a child that is a conjunction of several subschemas, or
found through another resolver (a nested ``$id``), goes to the general walk whole. Several
alternatives are then merged by ``unions.union_printed`` (``unions.union`` on the printed
paths this walk keys by). Several map-value schemas (their union is
the general walk's): the general walk emits the node's whole subtree. The
counters (paths, work) stay the general walk's throughout: each step is the general walk's own
or counted as it counts it.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, NamedTuple, Protocol

from parity.fieldpaths.choices import Apart
from parity.fieldpaths.combine import to_entry
from parity.fieldpaths.direct_fields import NotPlain
from parity.fieldpaths.direct_keys import (
    Tail,
    index_text,
    items_text,
    pointer_of,
    prop_text,
    values_text,
)
from parity.fieldpaths.direct_plain import DEEPEST, LATER
from parity.fieldpaths.direct_unions import visit_cost
from parity.fieldpaths.entry import Entry, adopt
from parity.fieldpaths.fieldpath import Prop, Steps, parse, render
from parity.fieldpaths.keyed import named_subs
from parity.fieldpaths.keysets import of_branches
from parity.fieldpaths.keywords import Facets, Sub
from parity.fieldpaths.unions import apart_of, union_printed


class GeneralWalk(Protocol):
    """What a whole schema's direct walk asks of the general walk (``general.Walker``). Each
    call takes the counters (paths, work) as they stand and gives them back moved on."""

    def collect(self, sub: Sub, stack: frozenset[int], work: int) -> tuple[list[Facets], int]:
        """One node's alternatives (its keywords, references followed), as the general walk
        reads them below the expanded references ``stack``; the work after it."""

    def emit(self, alternatives: list[Facets], steps: Steps, required: bool,
             patterns: tuple[str, ...], count: int, work: int,
             ) -> tuple[dict[Steps, Entry], int, int]:
        """The table of a node read as ``alternatives``: each one's subtree, unioned."""

    def walk(self, subs: list[Sub], steps: Steps, required: bool, stack: frozenset[int],
             patterns: tuple[str, ...], count: int, work: int,
             ) -> tuple[dict[Steps, Entry], int, int]:
        """The table of a node that is the conjunction of ``subs``."""


#: the general walk of a whole schema, built when first needed
General = Callable[[], GeneralWalk]
#: a union's branch at a printed key read in one go (``direct_flat.branch_table``):
#: ``(schema, key, required, depth, max_depth, max_alternatives)`` -> its table, work and
#: paths as ``Walk.node`` counts them below no copy up the tree and no reference but the
#: root's; ``None``: the walk reads it
ReadBranch = Callable[[Any, str, bool, int, int, int],
                      "tuple[dict[str, Entry], int, int] | None"]
#: a child left to the direct walk: its schema, printed path, whether it is required, its
#: depth (``Direct.node``'s arguments, ``rel`` the depth: the walk begins at the root)
Pending = tuple[dict[str, Any], str, bool, int]
#: a whole schema read by ``direct_flat.read`` as far as it reads: its entries, their work
#: and paths (the alternatives of unions included), and the children it left to the direct
#: walk (``direct.whole_table`` goes on from there). A tuple: most schemas are read whole
#: in a few dozen steps (four paths each in the real corpus), and building an instance of
#: a class would be a measurable part of them
Begun = tuple[list[tuple[str, Entry]], int, int, list[Pending]]


def in_walk_order(pending: list[Pending]) -> list[Pending]:
    """Pending children in the order the direct walk meets them (properties by name at
    every level; a list's items are its only child): the general walk's warnings come in
    that order."""
    if len(pending) < 2:
        return pending
    return sorted(pending, key=_walk_order)


def _walk_order(left: Pending) -> tuple[str, ...]:
    """A pending child's names from the root, ``""`` for a list's items (below a flat
    reading there are no maps or tuples)."""
    key = left[1]
    if '"' not in key:  # every name printed as it is: none holds a dot or a bracket
        return tuple(key.replace("[]", ".").split("."))
    return tuple(step.name if step.__class__ is Prop else "" for step in parse(key))


#: where a walk counts pointers from: (the pointer of a subschema, or the ``Branch`` that
#: spells it, the subschema, its depth)
Base = tuple[Any, Any, int]
#: a walk's ``base`` and ``expanded`` before its first hand-over (they are built then)
_ROOT: Base = ("#", None, 0)
_UNSET: frozenset[int] = frozenset()


class Branch(NamedTuple):
    """The pointer of a union's branch (``direct_branches``) or of a map's value schema
    (``direct_maps``), spelled only when a hand-over below it needs it (``base_pointer``):
    most have none."""

    outer: Base  # the union node's (the map's) walk's base
    key: str  # the union node's (the map's) printed path
    keyword: str
    position: int | str | None  # a branch's, a pattern's escaped; ``None``: the keyword's


def base_pointer(base: Base) -> tuple[str, Any, int]:
    """``base`` with its pointer spelled."""
    at, below, start = base
    if at.__class__ is Branch:
        outer, key, keyword, position = at
        outer_at, outer_below, outer_start = base_pointer(outer)
        where = pointer_of(outer_below, parse(key)[outer_start:], outer_at)
        at = f"{where}/{keyword}" if position is None else f"{where}/{keyword}/{position}"
    return at, below, start


class Walk:
    """The state of one direct walk: entries keyed by printed path (a whole schema) or by
    steps (a plain subschema inside the general walk), with the general walk's counters."""

    # keys of a whole schema: printed paths (``direct.DirectSteps`` keys by steps)
    prop: Callable[[Any, str], Hashable] = staticmethod(prop_text)
    index: Callable[[Any, int], Hashable] = staticmethod(index_text)
    items: Callable[[Any], Hashable] = staticmethod(items_text)
    values: Callable[[Any], Hashable] = staticmethod(values_text)

    # slots: a walk is built per schema and its counters are read and written per node
    __slots__ = ("base", "count", "current", "default_dialect", "expanded", "failed",
                 "general", "helper", "max_alternatives", "max_depth", "max_paths", "max_work",
                 "read_branch", "root", "stack", "table", "work")

    def __init__(self, root: Any, max_depth: int, max_paths: int, max_work: int,
                 failed: set[int], max_alternatives: int = 256,
                 default_dialect: str | None = None) -> None:
        self.root = root
        #: the ``$schema`` assumed where the root declares none, and whether the document's
        #: dialect is 2020-12 (``None``: not asked yet)
        self.default_dialect = default_dialect
        self.current: bool | None = None
        self.max_alternatives = max_alternatives
        #: the ids of the references being expanded, as the general walk holds them (the
        #: root's, then each ``$ref`` target the walk is below), and their number (``stack``:
        #: it weighs the facets a union merges)
        self.expanded = _UNSET  # set by the first hand-over (most schemas have none)
        self.stack = 1
        #: where pointers are counted from: (pointer, subschema, its depth), the root's until
        #: the walk goes on below a subschema the general walk read (``None``: the root's)
        self.base = _ROOT
        #: the general walk, for a whole schema (``_delegate``), and the one it built
        self.general: General | None = None
        self.helper: GeneralWalk | None = None
        #: how a union's branch is read in one go, where it can be (``direct_flat``)
        self.read_branch: ReadBranch | None = None
        self.max_depth = min(max_depth, DEEPEST)
        self.max_paths = max_paths
        self.max_work = max_work
        self.count = 0
        self.work = 0
        #: ids of subschemas whose direct walk failed: the general walk does not retry them
        self.failed = failed
        self.table: dict[Any, Entry] = {}

    def node(self, schema: Any, key: Any, depth: int, rel: int, required: bool,
             patterns: tuple[str, ...]) -> Tail:
        """The direct walk of one subschema (``direct.Direct.node``)."""
        raise NotImplementedError

    def dated(self, schema: dict[str, Any]) -> bool:
        """Whether ``schema`` holds a keyword the document's dialect lacks (``LATER``: an
        annotation there, which the general walk reads as one). The dialect is asked only
        then: undeclared, that takes a scan of the whole document."""
        if LATER.isdisjoint(schema):
            return False
        if self.current is None:
            from parity.fieldpaths.validators import dialect_of

            self.current = dialect_of(self.root, self.default_dialect).name == "draft2020-12"
        return not self.current

    def over(self) -> bool:
        """Whether a bound was passed (the general walk then says where)."""
        return self.count > self.max_paths or self.work > self.max_work

    def _undescribed(self, key: Any, depth: int, rel: int) -> None:
        """A required name with no schema: an open node, no subschema visited."""
        self.count += 1
        self.work += rel
        self.table[key] = adopt({"required": True})

    def begin_handovers(self) -> None:
        """Hold ``base`` and ``expanded`` as the general walk holds them, from the first
        hand-over on (below the root alone)."""
        if self.base is _ROOT:
            self.base, self.expanded = ("#", self.root, 0), frozenset((id(self.root),))

    def _delegate(self, schema: dict[str, Any], key: Any, depth: int, rel: int,
                  required: bool, patterns: tuple[str, ...]) -> Tail:
        """A subschema the direct path does not read itself, below the root of a whole
        schema: the general walk reads it, and its subtree is emitted as the module says,
        keyed as this walk keys. ``NotPlain`` where there is no general walk to ask (inside
        the general walk itself), at the root, or past a bound."""
        if self.general is None or not key or self.over():
            raise NotPlain
        general = self.helper
        if general is None:
            general = self.helper = self.general()
        self.begin_handovers()
        # ``node`` counted this node its own way: the general walk counts it instead
        self.count -= 1
        self.work -= rel + visit_cost(schema)
        steps = parse(key)
        at, below, start = base_pointer(self.base)
        sub = Sub(schema, None, pointer_of(below, steps[start:], at))
        alternatives, self.work = general.collect(sub, self.expanded, self.work)
        # several map-value groups, or a ``propertyNames`` walked as a node of its own: the
        # general walk emits them
        if any(len(f.values) > 1 or f.key_names for f in alternatives):
            table, self.count, self.work = general.emit(alternatives, steps, required,
                                                        patterns, self.count, self.work)
            self._take(table, rel)
        elif len(alternatives) == 1:
            self._emit(alternatives[0], key, depth, rel, required, patterns)
        else:
            self._alternatives(alternatives, key, depth, rel, required, patterns)
        return None  # a whole schema's walk needs no pointer: the general walk words errors

    def _alternatives(self, alternatives: list[Facets], key: str, depth: int, rel: int,
                      required: bool, patterns: tuple[str, ...]) -> None:
        """Each alternative's subtree walked as ``_emit`` walks one, then their union
        (``take_union``)."""
        outer, tables = self.table, []
        for facets in alternatives:
            self.table = {}
            # rel 0: an alternative's entries are not copied up the tree, the union's are
            self._emit(facets, key, depth, 0, required, patterns)
            tables.append(self.table)
        self.table = outer
        # as ``general.Walker._emit_all``: closed by `unevaluatedProperties` beside the union
        self.take_union(tables, key, rel, apart_of(alternatives, tables),
                        of_branches([f.one_of for f in alternatives]))

    def _emit(self, facets: Facets, key: Any, depth: int, rel: int, required: bool,
              patterns: tuple[str, ...]) -> None:
        """One alternative's entry, and its children walked directly (``general.Walker._emit``
        in the direct walk's terms: each entry's copies up the tree are counted with it)."""
        self.count += 1
        self.work += rel
        self.table[key] = to_entry(facets, required, patterns)
        if facets.recursive is not None or facets.never:
            return
        if self.over():
            raise NotPlain
        properties, wanted = facets.properties, facets.required
        names = sorted(properties.keys() | wanted) if wanted else sorted(properties)
        if not (names or facets.prefix or facets.items or facets.values):
            return
        if depth >= self.max_depth:
            raise NotPlain  # a child would be deeper than the bound
        saved = self.expanded, self.base
        self.expanded, self.stack = facets.expanded, len(facets.expanded)
        depth += 1
        rel += 1
        child = self._child
        for name in names:
            subs = properties.get(name, [])
            subs, tried = named_subs(facets, name, subs)  # a map keyword's share
            self.work += tried
            child(subs, self.prop(key, name), depth, rel, name in wanted, ())
        for position in sorted(facets.prefix):
            child(facets.prefix[position], self.index(key, position), depth, rel, False, ())
        if facets.items:
            child(facets.items, self.items(key), depth, rel, False, ())
        if facets.values:  # one group (``_delegate``)
            child(facets.values[0], self.values(key), depth, rel, False,
                  tuple(sorted(set(facets.patterns))))
        self.expanded, self.base = saved
        self.stack = len(saved[0])

    def _child(self, subs: list[Sub] | tuple[()], key: Any, depth: int, rel: int,
               required: bool, patterns: tuple[str, ...]) -> None:
        if not subs:
            self._undescribed(key, depth, rel)
        elif len(subs) == 1 and subs[0].resolver is None:
            sub = subs[0]
            self.base = (sub.pointer, sub.schema, depth)
            self.node(sub.schema, key, depth, rel, required, patterns)
        else:  # a conjunction, or another resolver's subschema: the general walk's
            general = self.helper
            if general is None:  # never: a hand-over built it
                raise NotPlain
            table, self.count, self.work = general.walk(list(subs), parse(key), required,
                                                        self.expanded, patterns, self.count,
                                                        self.work)
            self._take(table, rel)

    def _take(self, table: dict[Steps, Entry], rel: int) -> None:
        """A table from the general walk, below ``rel`` levels of this walk."""
        self.work += rel * len(table)  # its entries' copies into each ancestor's table
        for path, entry in table.items():
            self.table[render(path)] = entry

    def take_union(self, tables: list[dict[str, Entry]], key: str, rel: int,
                   apart: Apart = True, one_of: bool = False) -> None:
        """``counted_union`` of alternatives' tables, below ``rel`` levels of this walk."""
        union, work = counted_union(tables, key, rel, apart, one_of)
        self.work += work
        self.table.update(union)


def counted_union(tables: list[dict[str, Entry]], key: str, rel: int, apart: Apart = True,
                  one_of: bool = False) -> tuple[dict[str, Entry], int]:
    """The union of alternatives' tables keyed by printed path, of the node at ``key``
    (``unions.union_printed``), and its work as ``general.Walker._union`` counts it: each
    alternative's entries once per alternative, the union's copied up ``rel`` levels."""
    union = union_printed(tables, key, apart, one_of)
    return union, sum(map(len, tables)) * len(tables) + rel * len(union)
