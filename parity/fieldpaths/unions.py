"""Unions of entries and tables (``anyOf``/``oneOf``/type lists, a map's value schemas):
either alternative may hold, so paths are unioned, a key is required only where every
alternative holding its object requires it, and where they differ a choice is recorded
(``choices``).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any, TypeVar

from parity.fieldpaths import constraints
from parity.fieldpaths.choices import PRINTED, STEPS, Apart, Keys, choose
from parity.fieldpaths.entry import (
    Entry,
    has_union_facts,
    make_entry,
    may_be_object,
    normalize_types,
    sorted_values,
    value_type,
)
from parity.fieldpaths.fieldpath import Prop, Steps, printed_parent
from parity.fieldpaths.keysets import exclude
from parity.fieldpaths.keywords import keep_examples
from parity.fieldpaths.satisfiable import satisfiable
from parity.fieldpaths.typed_enums import merged


def union(tables: list[dict[Steps, Entry]], steps: Steps, *,
          apart: Apart = True, one_of: bool = False) -> dict[Steps, Entry]:
    """Either alternative may hold (``anyOf``/``oneOf``): paths unioned, ``required`` only
    where every alternative in which the parent is an object requires it, and a ``choice``
    where they require different names. The tables hold the node at ``steps`` and its
    subtree. ``apart``: whether the alternatives' closed objects take only their own keys
    at ``steps`` (not where ``unevaluatedProperties`` closed them: see ``choices``).
    ``one_of``: the alternatives are a ``oneOf``'s branches, which refuses an object
    fitting two (``fieldpaths.keysets``)."""
    below = len(steps)
    kept = satisfiable(tables, steps, STEPS)
    out = _union(kept, lambda path: path[:-1]
                 if len(path) > below and isinstance(path[-1], Prop) else None, STEPS,
                 steps, apart)
    if one_of and len(kept) == len(tables):
        exclude(out, kept, steps, STEPS)
    return out


def union_printed(tables: list[dict[str, Entry]], key: str,
                  apart: Apart = True, one_of: bool = False) -> dict[str, Entry]:
    """``union`` of tables keyed by printed path (a direct walk's), of the node printed
    ``key`` and its subtree, without parsing a path: below ``key``, a path whose last step
    is a property is one that does not end with ``[]``, ``[N]`` or ``{}``."""
    kept = satisfiable(tables, key, PRINTED)
    if len(kept) == 2:
        out = _union_of_two(kept[0], kept[1], key, apart)
    else:
        out = _union(kept, lambda path: printed_parent(path)
                     if path != key and path[-1] not in "]}" else None, PRINTED, key, apart)
    if one_of and len(kept) == len(tables):
        exclude(out, kept, key, PRINTED)
    return out


def _union_of_two(a: dict[str, Entry], b: dict[str, Entry], key: str,
                  apart: Apart = True) -> dict[str, Entry]:
    """``_union`` of two printed tables, spelled out for two (an optional model, a
    discriminated union of two objects: most unions), without its lists and calls per path."""
    out: dict[str, Entry] = {}
    # a holder -> whether it may be an object in ``a``, in ``b``; its properties' paths
    covers: dict[object, tuple[bool, bool, list[str]]] = {}
    # holders with union facts of their own in an alternative, or whose alternatives
    # declare different keys
    chosen: list[object] = []
    # holders with a name only ``a`` requires, or only ``b``: a choice (both), or tags
    only_a: set[object] = set()
    only_b: set[object] = set()
    for path in {**dict.fromkeys(a), **dict.fromkeys(b)}:  # ``_union``'s order
        x, y = a.get(path), b.get(path)
        if x is not None and y is not None:
            merged = merge_union([x, y])
        else:  # in one table alone: its entry, but for what a union drops (``_union``)
            merged = a[path] if y is None else y
            if merged.constraints:
                merged = merge_union([merged])
        if path != key and path[-1] not in "]}":
            holder = printed_parent(path)
            cover = covers.get(holder)
            if cover is None:  # (``UNPRINTED`` is in neither)
                in_a, in_b = a.get(holder), b.get(holder)  # type: ignore[call-overload]
                cover = covers[holder] = (in_a is not None and may_be_object(in_a),
                                          in_b is not None and may_be_object(in_b), [])
                if has_union_facts(in_a) or has_union_facts(in_b):
                    chosen.append(holder)  # (``choose`` reads only the covering ones)
            cover[2].append(path)
            if cover[0] and cover[1] and (x is None) is not (y is None):
                chosen.append(holder)  # one declares a key the other does not: shapes
            in_x = x is not None and x.required
            in_y = y is not None and y.required
            required = (not cover[0] or in_x) and (not cover[1] or in_y)
            if not required:
                if cover[0] and in_x:
                    only_a.add(holder)
                elif cover[1] and in_y:
                    only_b.add(holder)
                elif x is not None and y is not None and _tags_apart(x, y):
                    chosen.append(holder)  # (neither requires it: values telling shapes apart)
            elif in_x and in_y and _tags_apart(x, y):  # type: ignore[arg-type]
                chosen.append(holder)  # a key both require with values of their own: a tag
            if x is not None and y is not None and (x.closed is True) is not (
                    y.closed is True):
                chosen.append(holder)  # its objects closed apart, which its variants keep
            merged = merged.with_required(required)
        out[path] = merged
    chosen.extend(only_a | only_b)
    if chosen:
        _with_holders(chosen, lambda path: printed_parent(path) if isinstance(path, str)
                      and path != key and path[-1] not in "]}" else None)
        choose(out, chosen, [a, b], lambda holder: (
            [t for t, covered in zip((a, b), covers[holder][:2], strict=True) if covered],
            covers[holder][2]), PRINTED, key, apart,
            lambda path: covers[path][2] if path in covers else ())
    return out


_Key = TypeVar("_Key", bound=Hashable)


def _with_holders(chosen: list[object], holder_of: Callable[[Any], object]) -> None:
    """Add to ``chosen`` the holders of each chosen object that is a property, up to the
    union's node: its alternatives may give that key objects apart (``{o: {x}, p: {y}}``
    or ``{o: {y}, p: {x}}``), which only the holders' variants keep, each of the objects
    below it (``choices._with_objects``)."""
    seen = set(chosen)
    for holder in list(chosen):
        above = holder_of(holder)
        while above is not None and above not in seen:
            seen.add(above)
            chosen.append(above)
            above = holder_of(above)


def _union(tables: list[dict[_Key, Entry]], holder_of: Callable[[_Key], object],
           keys: Keys, root: _Key, apart: Apart) -> dict[_Key, Entry]:
    """``union``, given the key of the object holding a path as a property (``None`` for a
    path that is not a property below the union's node ``root``) and how the tables' keys
    read."""
    paths: dict[_Key, None] = {}
    for t in tables:
        paths.update(dict.fromkeys(t))
    out: dict[_Key, Entry] = {}
    # the alternatives in which a holder may be an object: the same for all its properties
    coverings: dict[object, list[dict[_Key, Entry]]] = {}
    kids: dict[object, list[_Key]] = {}  # a holder -> its properties' paths
    # holders whose alternatives' required or declared names differ, or have union facts
    # of their own in one
    chosen: list[object] = []
    for path in paths:
        present = [t[path] for t in tables if path in t]
        # a path of one alternative alone is its entry, as the walks make entries (what
        # ``merge_union`` would normalize already is), but for constraints of a kind its
        # type excludes, which a union drops
        merged = present[0] if len(present) == 1 and not present[0].constraints \
            else merge_union(present)
        holder = holder_of(path)
        if holder is not None:
            covering = coverings.get(holder)
            if covering is None:
                covering = coverings[holder] = [t for t in tables
                                                if holder in t and may_be_object(t[holder])]
                kids[holder] = []
                if any(has_union_facts(t[holder]) for t in covering):  # type: ignore[index]
                    chosen.append(holder)
            kids[holder].append(path)
            required, some, missing = True, False, False
            for t in covering:
                found = t.get(path)
                if found is None or not found.required:
                    required = False
                    missing = missing or found is None
                else:
                    some = True
            if (some and not required) or (missing and len(covering) > 1) or (
                    not missing and len(covering) > 1 and any(
                        _tags_apart(covering[0][path], t[path]) for t in covering[1:])):
                # (the last: a key all hold with values of their own: a tag where all
                # require it, else values telling shapes apart)
                chosen.append(holder)
            elif len(present) > 1 and len({e.closed is True for e in present}) > 1:
                chosen.append(holder)  # its objects closed apart, which its variants keep
            merged = merged.with_required(required)
        out[path] = merged
    if chosen:
        _with_holders(chosen, holder_of)
        choose(out, chosen, tables, lambda holder: (coverings[holder], kids[holder]), keys,
               root, apart, lambda path: kids.get(path, ()))
    return out


_NULL = ("null",)
_NULL_VALUE = (None,)
_BOOLEAN_VALUES = {("boolean",): (False, True), ("boolean", "null"): (False, True, None)}


def held_types(entry: Entry) -> tuple[str, ...]:
    """The types an alternative's values may have: its own, or, where it states none but
    lists its values (``{"const": "auto"}``), theirs: united with an integer, it makes a
    string or an integer, not any value."""
    if entry.enum is not None and entry.is_any:
        return tuple({value_type(v) for v in entry.enum})
    return entry.type


def few_values(entry: Entry) -> tuple[Any, ...] | None:
    """The values ``entry`` may hold when they are few: its enum; ``null`` for a node that
    may only be ``null`` (pydantic writes every ``Optional[Literal[...]]`` as ``anyOf
    [{enum}, {type: null}]``, a union of few values); ``false`` and ``true`` for a boolean;
    none for a node that holds no value (an alternative its siblings contradict: ``{type:
    null}`` under ``{type: string}``). ``None``: any value of its type."""
    if entry.enum is not None:
        return entry.enum
    if entry.takes_nothing:
        return ()
    if entry.type == _NULL:
        return _NULL_VALUE
    # a boolean holds two values: Union[Literal["auto"], bool] is "auto", true or false
    return _BOOLEAN_VALUES.get(entry.type)


def merge_union(entries: list[Entry]) -> Entry:
    """One entry for a node that may be any of ``entries``: types, enums (none unless some
    alternative has one and each holds ``few_values``), patterns, unresolved references
    and unsupported keywords united; closed only if every object alternative is; a
    format only if all agree; the first description, default, recursion; the constraints
    every alternative admits, the examples of all.

    One pass over the alternatives (a union is merged at every node of every alternative):
    the sets it gathers are united only where some alternative has something."""
    if len(entries) == 2:
        return _merge_two(entries[0], entries[1])
    first = entries[0]
    types: set[str] = set()
    values: list[Any] | None = []
    closed_flags: list[bool] = []
    formats: set[str | None] = set()
    description = recursive = None
    patterns: set[str] = set()
    unresolved: set[str] = set()
    unsupported: set[str] = set()
    stated = examples = named = free = limits = False
    several = len(entries) > 1  # (one alternative is itself, untyped or not)
    for e in entries:
        types.update(held_types(e) if several else e.type)
        if values is not None:
            few = few_values(e)
            if few is None:
                values = None
            else:
                values.extend(few)
                named = named or e.enum is not None
        if e.enum is not None or e.enum_by_type:
            limits = True
        if e.closed is not None:
            closed_flags.append(e.closed)
        elif e.is_any:
            free = True
        formats.add(e.format)
        if description is None:
            description = e.description
        if e.patterns:
            patterns.update(e.patterns)
        if recursive is None:
            recursive = e.recursive
        if e.unresolved:
            unresolved.update(e.unresolved)
        if e.unsupported:
            unsupported.update(e.unsupported)
        stated = stated or bool(e.constraints)
        examples = examples or bool(e.examples)
    kept: dict[str, Any] = {}
    if stated:
        # an untyped ``const`` says nothing of a number's bounds: its values' types count
        kept, dropped = constraints.union_keeping(
            ((held_types(e) if several else e.type), e.constraints) for e in entries)
        unsupported.update(dropped)
    entry = make_entry(
        normalize_types(types),
        first.required,
        # an unconstrained alternative takes any keys: the union is not closed
        (all(closed_flags) and not free) if closed_flags else None,
        sorted_values(values) if values is not None and named else None,
        first.format if len(formats) == 1 else None,
        first.default,
        first.has_default,
        description,
        tuple(sorted(patterns)) if patterns else (),
        recursive,
        tuple(sorted(unresolved)) if unresolved else (),
        tuple(sorted(unsupported)) if unsupported else (),
        # none stated anywhere (the common case): nothing survives, nothing to keep
        constraints.canonical(kept) if stated else (),
        keep_examples(*(e.examples for e in entries)) if examples else (),
        # one alternative: its own union's facts stand (as ``choices.choose`` keeps them)
        *((first.choice, first.keysets, first.tags, first.shapes) if len(entries) == 1
          else ()),
    )
    # some alternatives limit values, others not: the types still limited
    return with_enum_by_type(entry, entries) if limits and values is None else entry


def _merge_two(x: Entry, y: Entry) -> Entry:
    """``merge_union([x, y])`` without its loop: most unions have two alternatives, and
    every path both hold is merged."""
    types = {*held_types(x), *held_types(y)}
    closed, other = x.closed, y.closed
    if closed is None:
        closed = other
    elif other is not None:
        closed = closed and other
    if closed and ((x.closed is None and x.is_any) or (y.closed is None and y.is_any)):
        closed = False  # an unconstrained alternative takes any keys
    enum = None
    limits = False  # some types limited by an enum, others free: ``enum_by_type``
    if x.enum is not None or y.enum is not None:  # else no enum (two of few_values: none)
        x_few, y_few = few_values(x), few_values(y)
        if x_few is not None and y_few is not None:
            enum = sorted_values([*x_few, *y_few])
        else:
            limits = True
    elif x.enum_by_type or y.enum_by_type:
        limits = True
    kept: dict[str, Any] = {}
    unsupported = {*x.unsupported, *y.unsupported}
    if x.constraints or y.constraints:
        kept, dropped = constraints.union_keeping(((held_types(x), x.constraints),
                                                   (held_types(y), y.constraints)))
        unsupported.update(dropped)
    entry = make_entry(
        normalize_types(types),
        x.required,
        closed,
        enum,
        x.format if x.format == y.format else None,
        x.default,
        x.has_default,
        x.description if x.description is not None else y.description,
        tuple(sorted({*x.patterns, *y.patterns})) if x.patterns or y.patterns else (),
        x.recursive if x.recursive is not None else y.recursive,
        tuple(sorted({*x.unresolved, *y.unresolved})) if x.unresolved or y.unresolved else (),
        tuple(sorted(unsupported)) if unsupported else (),
        constraints.canonical(kept) if kept else (),
        keep_examples(x.examples, y.examples) if x.examples or y.examples else (),
    )
    return with_enum_by_type(entry, (x, y)) if limits else entry


def with_enum_by_type(entry: Entry, alternatives: Sequence[Entry]) -> Entry:
    """``entry``, the merge of ``alternatives`` (some limiting values, some not), with the
    types their enums still limit (``typed_enums.merged``): only such a union pays for it."""
    by_type = merged(alternatives, entry.type)
    return entry.with_enum_by_type(by_type) if by_type else entry


def apart_of(alternatives: list[Any], tables: list[dict[Any, Entry]]) -> Apart:
    """Which alternatives' closed objects take only their own keys at the union's node: all
    (``True``) but one closed by an ``unevaluatedProperties: false`` beside the union (or in
    a branch with one inside), which takes the keys any other passing alternative evaluates;
    an alternative closed by its own ``additionalProperties: false`` still takes only its
    own keys (a keyword beside it only refuses more)."""
    loose = [id(t) for f, t in zip(alternatives, tables, strict=True)
             if f.closed and (f.unevaluated_seen or not f.seals)]
    if not loose:
        return True
    if len(loose) == len(tables):
        return False
    ids = frozenset(loose)
    return lambda table: id(table) not in ids


def _tags_apart(x: Entry, y: Entry) -> bool:
    """Whether two alternatives' entries of a key give it values of their own: a tag where
    both require it, which may tell variants apart (``choices.tags_of``), else values that
    may tell shapes apart (``choices.shapes_of``); or types of their own, which the
    variants (shapes) keep: merged, ``{a: string, b}`` or ``{a: integer}`` takes ``a`` as
    a string without ``b``."""
    return x.type != y.type or (x.enum is not None and y.enum is not None and x.enum != y.enum)


