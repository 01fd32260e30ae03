"""Align one side's field-path table onto the other's.

Comparison is semantic: paths are parsed into steps and looked up, so key order and the
order of ``required`` never matter. Each path of the *reading* side (the agent's ``in``
table: what it sends; the agent's ``out`` table: what it reads) is given a status:

- ``Match``: the other side has a node for it (a property may land on a map's ``{}``,
  a tuple position on ``[]``); a list meeting a tuple is spread onto its positions first
  (``Alignment._spread_lists``), so ``t[].x`` is held to ``t[0].x``, ``t[1].x``..., and a
  map whose ``propertyNames`` list its keys, meeting an object, onto the properties it
  names (``Alignment._spread_named_maps``): ``m{}.x`` is held to ``m.a.x``, ``m.b.x``...;
- ``Unknown``: the topmost path the other side does not have; its parent is an object
  that does not absorb unknown keys (reported once: descendants are ``Under``);
- ``Under``: below an ``Unknown`` path, or absorbed by the other side: a free-form
  object or ``any`` node, unconstrained array items, a cut recursion or an unresolved
  reference. Nothing below it can be compared, so nothing below it is reported.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property

from parity.contract.rules._agree import PathCache, agree, agree_raw, agree_text
from parity.contract.rules._idpaths import IdPaths
from parity.contract.rules._parsed import Parsed, key_names
from parity.fieldpaths.entry import Entry
from parity.fieldpaths.fieldpath import ITEMS, VALUES, Index, Prop, Steps
from parity.fieldpaths.keyed import surely_unmatched
from parity.fieldpaths.manifest import Table, ToolManifest


# not frozen: one is built per aligned path, and a frozen dataclass's __init__ is slow
@dataclass(slots=True)
class Match:
    other: Steps


@dataclass(slots=True)
class Unknown:
    #: the other side's node that should have declared it (its parent)
    parent: Steps


@dataclass(frozen=True)
class Under:
    pass


UNDER = Under()
Status = Match | Unknown | Under


class Alignment:
    """``reader`` (the agent's table) aligned onto ``other`` (the server's)."""

    def __init__(self, reader: Table, other: Table, paths: PathCache | None = None) -> None:
        if paths is None:
            paths = PathCache()
        self.reader = Parsed(reader, paths)
        self.other = Parsed(other, paths)
        _open_items(self.reader.entries)
        _open_items(self.other.entries)
        self.status: dict[Steps, Status] = {}
        #: the reader's ``[]`` nodes that met tuple positions (``_spread_lists``)
        self._lists: list[Steps] = []
        #: the reader's ``{}`` nodes the other side's object has no map for (``Unknown``), with
        #: that object (``_spread_named_maps``)
        self._maps: list[tuple[Steps, Steps]] = []
        for steps in sorted(self.reader.entries, key=len):
            self.status[steps] = self._status(steps)
        self._room = MAX_SPREAD
        if self._maps:
            self._spread_named_maps()
        if self._lists:
            self._spread_lists()
        # the other side's node -> the reader's nodes aligned with it
        self.reverse: dict[Steps, list[Steps]] = {}
        for steps, status in self.status.items():
            if isinstance(status, Match):
                self.reverse.setdefault(status.other, []).append(steps)
        self._unmatched: dict[Steps, list[Steps]] = {}

    @cached_property
    def _sorted(self) -> tuple[list[tuple[Steps, Steps]], list[tuple[Steps, Steps]]]:
        """(matches, unknowns), each in the reader's printed-path order: sorted once."""
        matches: list[tuple[Steps, Steps]] = []
        unknowns: list[tuple[Steps, Steps]] = []
        status = self.status
        for steps in sorted(status, key=self.reader.path):
            st = status[steps]
            if type(st) is Match:
                matches.append((steps, st.other))
            elif type(st) is Unknown:
                unknowns.append((steps, st.parent))
        return matches, unknowns

    def unmatched(self, parent: Steps) -> list[Steps]:
        """The other side's properties of ``parent`` that no node of the reader's is aligned
        with, by printed path: the fields a rename hint offers. Read once an object, as each
        unknown key of it asks (k unknown keys cost k scans and sorts of its keys)."""
        found = self._unmatched.get(parent)
        if found is None:
            found = sorted((s for s in self.other.children(parent)
                            if isinstance(s[-1], Prop) and s not in self.reverse),
                           key=self.other.path)
            self._unmatched[parent] = found
        return found

    def absorbed(self) -> Iterator[tuple[Steps, Steps]]:
        """(reader's property, the other side's object) where that object is free-form
        (``{"type": "object"}``: it names no key, so it may hold the key or not), by the
        reader's path; not below a cut recursion or an unresolved reference."""
        other, status = self.other, self.status
        found = []
        for steps, st in status.items():
            if st is not UNDER or not steps or not isinstance(steps[-1], Prop):
                continue
            parent = status.get(steps[:-1])
            if type(parent) is Match and other.names_no_key(parent.other):
                found.append((steps, parent.other))
        return iter(sorted(found, key=lambda pair: self.reader.path(pair[0])))

    def matches(self) -> Iterator[tuple[Steps, Steps]]:
        """(reader's node, other side's node) for every ``Match``, by the reader's path."""
        return iter(self._sorted[0])

    def unknowns(self) -> Iterator[tuple[Steps, Steps]]:
        """(reader's node, other side's parent) for every ``Unknown``, by the reader's path."""
        return iter(self._sorted[1])

    def _status(self, steps: Steps) -> Status:
        other = self.other.entries
        if not steps:
            return Match(()) if () in other else UNDER
        up = steps[:-1]
        parent = self.status.get(up)
        if parent is None:  # a table missing an intermediate node: align the parent first
            parent = self.status[up] = self._status(up)
        if type(parent) is not Match:
            return UNDER
        at = parent.other
        entry = other[at]
        if entry.recursive is not None or entry.unresolved:  # Parsed.opaque
            return UNDER
        step = steps[-1]
        candidate = (*at, step)
        if candidate in other:
            if step is ITEMS and (*at, _FIRST) in other:
                self._lists.append(steps)  # a tuple with a schema for the rest
            return Match(candidate)
        kind = type(step)
        if kind is Prop:
            candidate = (*at, VALUES)
            if candidate in other:
                # a map reached by patterns alone takes only the keys they match: another
                # key is undeclared there (rejected where the object is closed)
                values = other[candidate]
                if values.patterns and surely_unmatched(
                        step.name, values.patterns):  # type: ignore[union-attr]
                    return Unknown(at)
                return Match(candidate)
        elif kind is Index:
            candidate = (*at, ITEMS)
            if candidate in other:
                return Match(candidate)
        if kind is Prop or step is VALUES:
            # a type mismatch on the parent is in.type's / out.type's to report
            if not self.other.may_be_object(at) or self.other.free_form(at):
                return UNDER
            if step is VALUES:
                self._maps.append((steps, at))
            return Unknown(at)
        if step is ITEMS and (*at, _FIRST) in other:
            self._lists.append(steps)
        return UNDER  # array items the other side leaves unconstrained

    def _spread_named_maps(self) -> None:
        """Where the reader's map names its keys (``key_names``) and the other side's object
        has no map there, each value lands on the property of its name: copy the map's
        values and everything below them onto every name the other side declares and the
        reader does not, and align the copies (``m{}.x`` is held to ``m.a.x``). The map's
        own ``{}`` stays unknown: ``in.unknown`` holds its names to the object."""
        reader = self.reader.entries
        while self._maps and self._room > 0:  # (maps inside the copies: the next round)
            maps, self._maps = self._maps, []
            added = []
            for values, parent in sorted(maps, key=lambda pair: len(pair[0])):
                if self._room <= 0:
                    break
                names = key_names(reader[values[:-1]]) or ()
                heads = [(*values[:-1], Prop(name)) for name in names
                         if (*parent, Prop(name)) in self.other.entries
                         and (*values[:-1], Prop(name)) not in reader]
                depth = len(values)
                below = [s for s in reader if s[:depth] == values] if heads else []
                for head in heads:  # the values, then their tree, under each name
                    for steps in below[:self._room]:
                        copy = (*head, *steps[depth:])
                        reader[copy] = reader[steps]
                        added.append(copy)
                    self._room -= min(self._room, len(below))
            for steps in sorted(added, key=len):
                self.status[steps] = self._status(steps)

    def _spread_lists(self) -> None:
        """Where the reader's list meets the other side's tuple, each item of the list may
        land on each position: copy the list's item and everything below it onto every
        position the reader does not name itself, and align the copies (``t[].x`` is held
        to ``t[0].x``, ``t[1].x``...). Findings name the position (``t[1].x``). Tuples inside
        the copies are spread in the next round, up to ``MAX_SPREAD`` nodes in all."""
        reader = self.reader.entries
        room = self._room
        while self._lists and room > 0:
            lists, self._lists = self._lists, []
            below: dict[Steps, list[Steps]] = {items: [] for items in lists}
            for steps in reader:  # each list's item and its subtree, in table order
                for cut in range(len(steps), 0, -1):
                    if steps[:cut] in below:
                        below[steps[:cut]].append(steps)
            added: list[Steps] = []
            for items in lists:
                parent = self.status[items[:-1]]
                if type(parent) is not Match:  # never: a list is spread only under a match
                    continue
                for position in self.other.children(parent.other):
                    head = (*items[:-1], position[-1])
                    if type(position[-1]) is not Index or head in reader:
                        continue  # the reader names this position itself
                    for steps in below[items][:room]:
                        copy = (*head, *steps[len(items):])
                        reader[copy] = reader[steps]
                        added.append(copy)
                    room -= min(room, len(below[items]))
            for steps in sorted(added, key=len):
                self.status[steps] = self._status(steps)


_FIRST = Index(0)
_ANY_ITEM = Entry()


def _open_items(entries: dict[Steps, Entry]) -> None:
    """Give an array that says nothing of its items (no ``items``, or a tuple with an open
    tail) the ``[]`` node ``items: {}`` gives it: any value. So both spellings compare
    alike: an agent's bare ``array`` may send anything to the server's typed items, and a
    server's bare ``array`` may return anything to the agent's. An array that holds no item
    (``maxItems: 0``) loses its item nodes instead."""
    arrays = [steps for steps, entry in entries.items()
              if "array" in entry.type and entry.recursive is None and not entry.unresolved]
    empty = []
    for steps in arrays:
        most = dict(entries[steps].constraints).get("maxItems")
        if most is not None and most < 1:
            empty.append(steps)  # it holds no item: what it says of items never applies
            continue
        items = (*steps, ITEMS)
        if items in entries or (most is not None and (*steps, Index(int(most) - 1)) in entries):
            continue  # no item past the tuple: its length is its positions' (maxItems)
        entries[items] = _ANY_ITEM
    for steps in empty:
        depth = len(steps)
        for below in [s for s in entries if len(s) > depth and s[:depth] == steps
                      and (s[depth] is ITEMS or type(s[depth]) is Index)]:
            del entries[below]


#: Nodes the spreads may add to one alignment: each tuple position takes a copy of the list
#: item's subtree (tuples in tuples multiply), each name a copy of its map's values'; past
#: this the positions and names left are not compared (as unconstrained items, unknown keys).
MAX_SPREAD = 100_000

_LATER = object()


class ToolPair:
    """One matched (agent tool, server tool) pair, with what the rules of a direction share:
    each side's tables parsed and aligned once, not once per rule.

    ``in_`` and ``out`` are ``None`` when the direction's rules have nothing to compare.
    With ``shortcut`` (the default) that includes two tables that agree on every path and
    on every fact a rule reads (type, required, closed, enum, recursive, unresolved,
    constraints, format, patterns): every path then aligns with itself, and no
    ``in.*``/``out.*`` rule can report anything. Descriptions and the other facts may
    differ; they are never compared."""

    def __init__(self, agent: ToolManifest, server: ToolManifest,
                 paths: PathCache | None = None, *, shortcut: bool = True,
                 ids: IdPaths | None = None) -> None:
        self.agent = agent
        self.server = server
        #: the pair's configured tool-id paths (``ids.unknown``), if any
        self.ids = ids
        self._paths = PathCache() if paths is None else paths
        self._shortcut = shortcut
        self._in: object = _LATER
        self._out: object = _LATER

    @property
    def name(self) -> str:
        """The agent's name for the tool (what findings are reported under)."""
        return self.agent.name

    @property
    def in_(self) -> Alignment | None:
        """What the agent sends aligned onto what the server accepts."""
        if self._in is _LATER:
            self._in = None if self._agree_raw(0) else self._align(self.agent.in_,
                                                                   self.server.in_)
        return self._in  # type: ignore[return-value]

    @property
    def out(self) -> Alignment | None:
        """What the agent reads aligned onto the server's output; also ``None`` when either
        side has no ``out`` table (nothing read, or nothing declared)."""
        if self._out is _LATER and self._agree_raw(1):
            self._out = None
        if self._out is _LATER:
            agent, server = self.agent.out, self.server.out
            self._out = None if agent is None or server is None else self._align(agent, server)
        return self._out  # type: ignore[return-value]

    def _align(self, reader: Table, other: Table) -> Alignment | None:
        if self._shortcut and agree(reader, other, self._paths):
            return None
        return Alignment(reader, other, self._paths)

    def _agree_raw(self, side: int) -> bool:
        """Both tools were read from files and their tables of ``side`` (0: in, 1: out)
        agree as the files hold them, or (``out``) one side has none: nothing to align,
        and no entry to build. Tables cut from laid-out files are compared as their text
        (``agree_text``), tables parsed as their data (``agree_raw``)."""
        if not self._shortcut:
            return False
        mine_text, theirs_text = self.agent.table_texts, self.server.table_texts
        if mine_text is not None and theirs_text is not None:  # no table parsed yet
            reader_text, other_text = mine_text[side], theirs_text[side]
            return reader_text is None or other_text is None or agree_text(
                reader_text, other_text, self._paths)
        mine, theirs = self.agent.raw_tables, self.server.raw_tables
        if mine is None or theirs is None:
            return False
        reader, other = mine[side], theirs[side]
        checked = self.agent.paths_checked and self.server.paths_checked
        return reader is None or other is None or agree_raw(reader, other, self._paths,
                                                            paths_checked=checked)

    def aligned(self, direction: str) -> Alignment | None:
        """The direction's alignment even where the shortcut skips it (two tables that agree
        may still hold values a configured id path checks); ``None``: no table to align."""
        if direction == "in":
            return self.in_ or Alignment(self.agent.in_, self.server.in_, self._paths)
        agent, server = self.agent.out, self.server.out
        if agent is None or server is None:
            return None
        return self.out or Alignment(agent, server, self._paths)
