"""Judging one side's object against the other's tagged union (``Entry.tags``), value by
value: the ways the sending side's object may be, the calls (or results) each may make, and
which of them no variant for their tag value takes. ``tags`` words the findings.

A way is judged by the sets of keys it may send that matter here (those a candidate
variant requires, or some closed one refuses), each checked against the candidates: a
finding only where some set fits none, and "every call is rejected" only where none fits.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from parity.contract.rules._holders import declared_names, required_names
from parity.contract.rules._near import MAX_OPTIONAL, Fit, Near, asked, fitting
from parity.contract.rules._parsed import Parsed
from parity.contract.rules._typed import (
    Mistyped,
    Typing,
    Unheld,
    Way,
    refused_keys,
    sendable,
    typed_ways,
)
from parity.contract.rules._valued import Misvalued, misvalued_keys, valued_ways
from parity.fieldpaths.entry import (
    Shape,
    Variant,
    judged_shapes,
    judged_tags,
    own_shapes,
    shape_tags,
    value_identity,
)
from parity.fieldpaths.fieldpath import Prop, Steps

#: most ways one object is split into (its choice's groups by its keysets)
MAX_WAYS = 64


@dataclass(frozen=True)
class Gap:
    """What keeps the sending side from one variant: the keys it requires that the sender
    may omit (``never``: never sends them) and the keys it refuses that the sender may send
    (``always``: always does); ``one_never`` and ``one_always``: so does one of the ways
    the sender sends the value (one of its variants), as a failing way does."""

    missing: tuple[str, ...]
    never: bool
    refused: tuple[str, ...]
    always: bool
    one_never: bool = False
    one_always: bool = False
    #: the keys the variant takes only as other types than the sender sends them as
    mistyped: tuple[Mistyped, ...] = ()
    #: ... and the sender always sends them
    typed_always: bool = False
    #: the keys the variant takes only as objects other than those the sender sends
    unheld: tuple[Unheld, ...] = ()
    #: ... and the sender always sends them
    unheld_always: bool = False
    #: the keys the variant takes only with other values than the sender sends them with
    misvalued: tuple[Misvalued, ...] = ()


@dataclass(frozen=True)
class Miss:
    """How the sending side's object with one tag value fails the variants for it: the gaps
    to the closest variants (several where they are as close: ``meow`` or ``purr``);
    ``fatal``: every call with the value fails; ``bare``: one sending only its required
    keys does."""

    value: Any
    gaps: tuple[Gap, ...]
    fatal: bool
    bare: bool


def sending_ways(table: Parsed, holder: Steps, key: str) -> list[Way] | None:
    """The ways the sending side's object at ``holder`` may be (the agent's in a call, the
    server's in a result), by its tag ``key``: its own variants (a tagged union on the same
    key; or its shapes, or its variants by another tag, each with the values it gives the
    key), or its object with the tag's values, one way for each group of its choice and
    each of its keysets; ``None`` where the key takes any value (nothing links it to a
    variant), or past ``MAX_WAYS``."""
    entry = table.entries[holder]
    declared = frozenset(declared_names(table, holder))
    own = dict(entry.tags).get(key)
    if own:
        return _ways(own, declared, bounds_told=True)
    tag = table.entries.get((*holder, Prop(key)))
    if tag is None or tag.enum is None or tag.takes_nothing:
        return None
    shapes = own_shapes(entry)
    if shapes:
        # a shape that gives the key no values of its own but declares it may send any of
        # the key's; one not declaring it never sends it (open or not, as ``Way.sent``)
        return _ways([(dict(values).get(key) or (tag.enum if key in declares else ()),
                       requires, takes, declares, types, objects,
                       tuple(kv for kv in values if kv[0] != key))
                      for requires, takes, declares, values, types, objects in shapes], declared)
    return _merged_ways(table, holder, declared, tag.enum)


#: the value the ways and variants of a union without a tag are judged by (one for all)
UNTAGGED = (None,)


def shape_variants(shapes: Sequence[Shape]) -> tuple[Variant, ...]:
    """A union's shapes (``Entry.shapes``) as variants judged by ``UNTAGGED``."""
    return tuple((UNTAGGED, requires, takes, declares, types, objects, ())
                 for requires, takes, declares, _, types, objects in shapes)


def sending_shapes(table: Parsed, holder: Steps) -> list[Way] | None:
    """The ways the sending side's object at ``holder`` may be, held to a union's shapes:
    its own shapes or tagged variants (their values aside), or its object, one way for
    each group of its choice and each of its keysets; ``None`` past ``MAX_WAYS``. Read
    once an object (``Parsed.derive``)."""
    def read() -> list[Way] | None:
        declared = frozenset(declared_names(table, holder))
        own = own_shapes(table.entries[holder])
        if own:
            return _ways(shape_variants(own), declared)
        return _merged_ways(table, holder, declared, UNTAGGED)

    return table.derive(("sending_shapes", holder), read)


def _ways(variants: Sequence[Variant], declared: frozenset[str], *,
          bounds_told: bool = False) -> list[Way]:
    """A way for each of the sending side's own ``variants``: what it sends (an open one
    may send any key its object ``declared``, those it declares surely). ``bounds_told``:
    they are a tag's variants (``Way.bounds_told``), not a union's shapes."""
    ways = []
    for values, requires, takes, declares, types, objects, held in variants:
        sent = sendable(declares, types)  # (not the keys it refuses)
        ways.append(Way(values, frozenset(requires), sent,
                        sent if takes is not None else declared | sent, types, objects, held,
                        bounds_told))
    return ways


def _merged_ways(table: Parsed, holder: Steps, declared: frozenset[str],
                 values: tuple[Any, ...]) -> list[Way] | None:
    """The ways of the sending side's object read whole, with ``values``: one for each
    group of its choice and each of its keysets; ``None`` past ``MAX_WAYS``."""
    entry = table.entries[holder]
    required = frozenset(required_names(table, holder))
    groups = entry.choice or ((),)
    keysets: Sequence[Sequence[str] | None] = entry.keysets or (None,)
    if len(groups) * len(keysets) > MAX_WAYS:
        return None
    ways = []
    for group in groups:
        for keys in keysets:
            needed = required.union(group)
            sent = declared | needed if keys is None else declared.intersection(keys) | needed
            if keys is None or needed <= set(keys):
                ways.append(Way(values, needed, sent, sent, bounds_told=True))
    return ways


def by_value(variants: Sequence[Variant]) -> dict[str, list[Variant]]:
    """The variants by each value they take (1 and 1.0 are one value, as ``const`` compares
    them)."""
    found: dict[str, list[int]] = {}
    for i, variant in enumerate(variants):
        for identity in dict.fromkeys(map(value_identity, variant[0])):
            found.setdefault(identity, []).append(i)
    # values with the same variants share one list (``misses`` judges each list once)
    shared: dict[tuple[int, ...], list[Variant]] = {}
    return {identity: shared.setdefault(tuple(ids), [variants[i] for i in ids])
            for identity, ids in found.items()}


def linked(tagged: Parsed, at_tagged: Steps, sender: Parsed, at_sender: Steps) -> bool:
    """Whether ``in.tag`` (``out.tag``) holds the sender's object at ``at_sender`` to the
    variants of ``tagged``'s at ``at_tagged`` by a value it may send (one no variant takes is
    ``in.enum``'s), or ``in.variant`` (``out.variant``) to its shapes: then the rules that
    weigh the merged union (``in.choice``, ``in.exclusive`` and their ``out`` counterparts)
    leave it to those, whose findings are more exact."""
    entry = tagged.entries[at_tagged]
    if judged_shapes(entry):  # (a union of shapes links every sender it can read)
        return sending_shapes(sender, at_sender) is not None
    for key, variants in judged_tags(entry):
        ways = sending_ways(sender, at_sender, key)
        if ways is not None:
            if not entry.tags and not all(key in w.required for w in ways):
                return False  # a tag both may omit: the calls without it are the others'
            index = by_value(variants)
            return any(value_identity(v) in index for w in ways for v in w.values)
    return False


def always_tagged(tagged: Parsed, at_tagged: Steps, sender: Parsed, at_sender: Steps) -> bool:
    """Whether ``in.tag`` (``out.tag``) holds every call of the sender's object to the shapes
    of ``tagged``'s by a tag they give values (``shape_tags``): the sender always sends it
    (then ``in.variant``, judging the same shapes by their keys alone, leaves it to them)."""
    for key, _ in shape_tags(tagged.entries[at_tagged]):
        ways = sending_ways(sender, at_sender, key)
        if ways is not None:  # (the first key ``in.tag`` judges by, as it does)
            return bool(ways) and all(key in w.required for w in ways)
    return False


def misses(ways: list[Way], variants: Sequence[Variant], required_anyway: AbstractSet[str],
           declared_anyway: set[str], typing: Typing | None = None) -> list[Miss]:
    """For each tag value of ``ways`` that some variant takes, how it fails them where some
    call with it fits none, in the order of the ways. ``required_anyway``: keys the whole
    object requires; ``declared_anyway``: keys some variant takes (the rest are other
    rules'); ``typing``: the sides' types and objects, by which a variant giving a key its
    own refuses a call sending it as another (``_typed``)."""
    index = by_value(variants)
    if typing is not None:
        ways = valued_ways(typed_ways(ways, variants, typing), variants, typing)
    judged: dict[str, list[Miss | None]] = {}
    first: dict[str, Any] = {}
    # what the value's ways (failing or not) may send at all, and always send
    reached: dict[str, set[str]] = {}
    always_sent: dict[str, frozenset[str]] = {}
    for way in ways:
        verdicts: dict[int, Miss | None] = {}  # values with the same candidates fare alike
        # candidates asking alike (but for ones the way can never fit) fit the same calls
        fitted: dict[object, tuple[Fit | None, Fit | None]] = {}
        for value in way.values:
            identity = value_identity(value)
            candidates = index.get(identity)
            if candidates is None:
                continue  # in.enum's
            first.setdefault(identity, value)
            reached.setdefault(identity, set()).update(way.reach)
            always_sent[identity] = always_sent.get(identity, way.required) & way.required
            group = id(candidates)
            if group not in verdicts:
                verdicts[group] = _judge(way, value, candidates, required_anyway,
                                         declared_anyway, fitted, typing)
            judged.setdefault(identity, []).append(verdicts[group])
    found = []
    for identity, verdicts_of_value in judged.items():
        failed = [m for m in verdicts_of_value if m is not None]
        if not failed:
            continue
        fatal = len(failed) == len(verdicts_of_value) and all(m.fatal for m in failed)
        # each failing way's closest variants, the closest way's first: where the sender's
        # ways (its own variants) fail apart, each is said, not the first alone
        said: dict[tuple[tuple[str, ...], tuple[str, ...], tuple[Mistyped, ...],
                         tuple[Unheld, ...], tuple[Misvalued, ...]], tuple[bool, bool]] = {}
        for m in sorted(failed, key=lambda m: (m.fatal, _size(m.gaps[0]))):
            for g in m.gaps:  # (one of the ways never sends them, or always does)
                at = (g.missing, g.refused, g.mistyped, g.unheld, g.misvalued)
                never, always = said.get(at, (False, False))
                said[at] = (never or g.never, always or g.always)
        # "never" and "always" of the value, not of one way alone (a gap holding another's
        # keys is kept: its other keys are why some calls fail)
        sent = always_sent[identity]
        gaps = tuple(Gap(missing, not set(missing) & reached[identity], refused,
                         set(refused) <= sent, *one, mistyped,
                         {k for k, _, _ in mistyped} <= sent, unheld,
                         {u[0] for u in unheld} <= sent, misvalued)
                     for (missing, refused, mistyped, unheld, misvalued), one in said.items())
        found.append(Miss(first[identity], gaps, fatal, any(m.bare for m in failed)))
    return found


def _size(gap: Gap) -> int:
    return (len(gap.missing) + len(gap.refused) + len(gap.mistyped) + len(gap.unheld)
            + len(gap.misvalued))


def rejected_with(ways: list[Way], variants: Sequence[Variant], required_anyway: AbstractSet[str],
                  declared_anyway: set[str], name: str,
                  memo: dict[Hashable, Any] | None = None) -> list[Any] | None:
    """The tag values with which some call sending ``name`` fits no variant while the same
    call without it fits one (``name`` is why it is rejected), in the order of the ways;
    ``None`` past ``MAX_OPTIONAL`` keys that matter. The calls are those of the ways that
    surely may send it (those that only may, where none does). ``memo``: what was read for
    another key of the same ways and variants (each key of an object asks: read again, an
    object of k keys cost k readings of all of them)."""
    memo = {} if memo is None else memo
    if "index" not in memo:
        memo["index"] = by_value(variants)
    index = memo["index"]
    sending = ([(i, w) for i, w in enumerate(ways) if name in w.sent]
               or [(i, w) for i, w in enumerate(ways) if name in w.reach])
    found: dict[str, Any] = {}
    for i, way in sending:
        surely = name in way.sent
        keys = way.sent if surely else way.reach
        for value in way.values:
            identity = value_identity(value)
            candidates = index.get(identity)
            if candidates is None or identity in found:
                continue
            if ("asked", identity) not in memo:
                memo["asked", identity] = asked(candidates, required_anyway, declared_anyway)
            asks, matter, _ = memo["asked", identity]
            # the keys that matter the way may send beyond those it must (``name`` aside)
            if ("beyond", identity, i, surely) not in memo:
                memo["beyond", identity, i, surely] = (keys & matter) - way.required
            beyond = memo["beyond", identity, i, surely]
            if len(beyond) - (name in beyond) > MAX_OPTIONAL:
                return None
            optional = sorted(beyond - {name})
            # the calls are the way's required keys with ``name`` in and out, and a few
            # optional ones: asked of them read once (``Near``), not copied once a name
            if ("near", identity, i) not in memo:
                memo["near", identity, i] = Near(asks, declared_anyway, way.required)
            near = memo["near", identity, i]
            required = name in way.required
            drop = (name,) if required else ()
            if any(not near.fits((), extra if required else (*extra, name))
                   and near.fits(drop, extra)
                   for size in range(len(optional) + 1)
                   for extra in combinations(optional, size)):
                found[identity] = value
    return list(found.values())


def _judge(way: Way, value: Any, candidates: list[Variant], required_anyway: AbstractSet[str],
           declared_anyway: set[str], fitted: dict[object, tuple[Fit | None, Fit | None]],
           typing: Typing | None) -> Miss | None:
    """How ``way`` with ``value`` fails its ``candidates``; ``None`` where every call it may
    make fits one, or there are too many keys to tell. ``fitted``: the way's judgements so
    far, by what decides them."""
    refused = [(*refused_keys(way, c, typing), misvalued_keys(way, c, typing))
               for c in candidates] if typing else None
    asks, matter, fits = asked(candidates, required_anyway, declared_anyway, None if
                                refused is None else [frozenset([*(m[0] for m in t),
                                                                 *(v[0] for v in u),
                                                                 *(m[0] for m in w)])
                                                      for t, u, w in refused])
    key = (frozenset(a for a in asks if a[0] <= way.reach), frozenset(matter & way.reach))
    known = fitted.get(key)
    if known is None:
        sent = fitting(way.required, way.sent, matter, fits)
        known = fitted[key] = (sent, None if sent in (None, "every")
                               else fitting(way.required, way.reach, matter, fits))
    if known[0] in (None, "every"):
        return None
    every = known[1]
    gaps = {(tuple(sorted(missing)), tuple(sorted(keys)),
             tuple(m for m in typed if m[0] in way.sent),
             tuple(u for u in unheld if u[0] in way.sent),
             tuple(m for m in valued if m[0] in way.sent))
            for (missing, keys), (typed, unheld, valued) in zip(
                (_gaps(way, c, required_anyway, declared_anyway) for c in candidates),
                refused or [((), (), ())] * len(candidates), strict=True)}
    nearest = min(sum(map(len, gap)) for gap in gaps)
    # every variant as close, in a stable order: the sender is as far from each
    closest = sorted(gap for gap in gaps if sum(map(len, gap)) == nearest)
    return Miss(value, tuple(Gap(m, not (set(m) & way.reach), r, set(r) <= way.required,
                                 mistyped=t, typed_always={k for k, _, _ in t} <= way.required,
                                 unheld=u, unheld_always={v[0] for v in u} <= way.required,
                                 misvalued=w)
                             for m, r, t, u, w in closest),
                fatal=every == "none", bare=not fits(way.required))


def _gaps(way: Way, variant: Variant, required_anyway: AbstractSet[str], declared_anyway: set[str],
          ) -> tuple[set[str], set[str]]:
    """The keys ``variant`` requires that ``way`` may omit, and those it refuses that the
    way may send."""
    requires, takes = variant[1], variant[2]
    missing = set(requires) - required_anyway - way.required
    refused = set() if takes is None else set(way.sent & declared_anyway) - set(takes)
    return missing, refused
