"""Errors below a key of a union that an open variant of it does not declare.

Merged path by path, a union's key holds what the variants declaring it ask, and the rules
below it (``in.type``, ``in.enum``, ``in.unknown`` of a closed object there...) say a call
sending another value is rejected. A variant that does not declare the key and is open
takes any value there: a call that fits it otherwise is taken, the value silently ignored
(``anyOf [{o}, {p: integer}]`` takes ``{"p": "x"}`` as its first, and so does pydantic's
union of the two models). Such an error says which calls pass: those that fit that variant
by its keys and the types it takes them as, with no other error below a key it declares
(where it may refuse them; but an error asking only for a key the call's own object there
requires, which it always holds, or one below an object of the variant's that is open and
does not declare the next key on the way to it, which it ignores). Where every call sending
the key fits one it is a warning; where some do (a tagged union's other tag value) it stays
an error. The same holds for what
the server returns to the agent's result model, but a key the agent reads that never
arrives (``out.missing``) stays an error, saying which variant takes the result without it:
the agent's promised key is as missing, and it carries on with another variant. Further
down the same: a variant whose object at a key on the way is open and does not declare the
next takes any value there, and the error says so (an error still: what that object asks of
the rest of the call is judged only where the variants give it apart).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import replace

from parity.contract.rules._align import Alignment, Match, ToolPair
from parity.contract.rules._base import Finding
from parity.contract.rules._holders import required_names
from parity.contract.rules._near import Fit, asked, fitting
from parity.contract.rules._parsed import Parsed
from parity.contract.rules._text import at
from parity.contract.rules._typed import Typing, Way, merged_refused, refused_keys
from parity.contract.rules._variants import by_value
from parity.contract.rules.tags import judging_a_key
from parity.core.terminal import code_span
from parity.errors import ParityError
from parity.fieldpaths.entry import Variant, own_shapes, value_identity
from parity.fieldpaths.fieldpath import Prop, Steps, parse, render

#: the rules whose errors are about keys the agent reads arriving, which a variant taking
#: the result does not change: they stay errors, saying so (``out.optional`` is a warning)
_PRESENCE = frozenset({"out.missing"})
#: each direction's words: whose union, and what it takes
_WHOSE = {"in": ("the server's", "call"), "out": ("the agent's", "result")}
#: the keys of an object below which another error is found, each with the keys its
#: object lacks that those errors ask for alone (``in.missing-required`` of its own keys),
#: ``None`` where another error is found there; and the keys down to each error (``None``
#: where one is not at a key's path), which a variant's open object not declaring one
#: ignores
Erring = dict[str, tuple[frozenset[str] | None, frozenset[tuple[str, ...]] | None]]


def softened(pair: ToolPair, findings: Iterable[Finding]) -> list[Finding]:
    """``findings``, each error below a key that an open variant of the receiving side's
    union above it takes the sending side's objects without made a warning that says so."""
    found = list(findings)
    why: dict[Finding, tuple[str, bool]] = {}
    for direction, al in (("in", pair.in_), ("out", pair.out)):
        errors = [f for f in found if f.direction == direction and f.severity == "error"]
        if al is not None and errors:  # (the usual: none)
            why.update(_reasons(al, direction, errors))
    if not why:
        return found
    return [finding if finding not in why else replace(
                finding, message=finding.message + why[finding][0],
                severity="warning" if why[finding][1] and finding.rule_id not in _PRESENCE
                else "error")
            for finding in found]


def _reasons(al: Alignment, direction: str, errors: list[Finding],
             ) -> dict[Finding, tuple[str, bool]]:
    """The words to add to each error an open variant may take objects of, and whether it
    takes every one."""
    steps_of = {text: steps for steps, text in al.reader.printed.items()}
    paths = [_steps(finding.path, steps_of) for finding in errors]
    # the agent's objects -> the keys an error is found below (but a type's: each way of
    # the sending side's object is held to the types a variant takes, ``merged_refused``)
    # (grown in place, then frozen: a union a finding made each object of k errors cost k
    # copies of its keys)
    growing: dict[Steps, dict[str, tuple[set[str] | None, set[tuple[str, ...]] | None]]] = {}
    for finding, full in zip(errors, paths, strict=True):
        steps = full[:-1] if finding.rule_id == f"{direction}.type" else full
        for depth, step in enumerate(steps):
            if isinstance(step, Prop):
                keys = growing.setdefault(steps[:depth], {})
                below = steps[depth + 1:]
                asked, chains = keys.get(step.name) or (set(), set())
                if asked is not None and finding.rule_id == "in.missing-required" and len(
                        below) == 1 and isinstance(below[0], Prop):
                    asked.add(below[0].name)
                else:
                    asked = None
                chain = _keys_from(full, depth + 1)
                if chains is not None and chain and len(chain) == len(full) - depth - 1:
                    chains.add(chain)
                else:
                    chains = None
                keys[step.name] = (asked, chains)
    erring: dict[Steps, Erring] = {
        mine: {key: (None if asked is None else frozenset(asked),
                     None if chains is None else frozenset(chains))
               for key, (asked, chains) in keys.items()}
        for mine, keys in growing.items()}
    why = {}
    # by object and the keys down to the error
    judged: dict[tuple[Steps, tuple[str, ...]], tuple[str, bool] | None] = {}
    for finding, steps in zip(errors, paths, strict=True):
        words = _ignored(al, direction, steps, erring, judged)
        if words is not None:
            why[finding] = words
    return why


def _steps(path: str, steps_of: dict[str, Steps]) -> Steps:
    found = steps_of.get(path)
    if found is not None:
        return found
    try:  # a key the agent does not declare, printed by its rule (``in.missing-required``)
        return parse(path)
    except ParityError:
        return ()  # (parity prints the paths it parses: not met)


def _ignored(al: Alignment, direction: str, steps: Steps, erring: dict[Steps, Erring],
             judged: dict[tuple[Steps, tuple[str, ...]], tuple[str, bool] | None],
             ) -> tuple[str, bool] | None:
    """Why an object the error at ``steps`` says fails may be taken, and whether every one
    is: the first union above it (from the root) with open variants taking the sending
    side's objects without the key on the way; ``None`` where there is none. ``judged``:
    each object and key's verdict so far (errors below one key share it)."""
    for depth, step in enumerate(steps):
        if not isinstance(step, Prop):
            continue
        known: tuple[Steps, tuple[str, ...]] = (steps[:depth], (step.name,))
        if known not in judged:
            judged[known] = _ignoring(al, direction, steps[:depth], step.name, erring)
        if judged[known] is not None:
            return judged[known]
        chain = _keys_from(steps, depth)
        if len(chain) > 1:
            known = (steps[:depth], chain)
            if known not in judged:
                judged[known] = _ignoring_below(al, direction, steps[:depth], chain, erring)
            if judged[known] is not None:
                return judged[known]
    return None


def _keys_from(steps: Steps, depth: int) -> tuple[str, ...]:
    """The names of the keys ``steps`` goes through from ``depth`` on, to the first step
    that is no key."""
    names = []
    for step in steps[depth:]:
        if not isinstance(step, Prop):
            break
        names.append(step.name)
    return tuple(names)


def _sides(al: Alignment, direction: str, mine: Steps,
           ) -> tuple[Parsed, Steps, Parsed, Steps] | None:
    """The receiving side's union aligned with the agent's ``mine`` and the sending side's
    object (the server's and the agent's for ``in``, the agent's and the server's for
    ``out``), each with its steps; ``None`` where they are not aligned or the receiving
    side's object is no union."""
    status = al.status.get(mine)
    if type(status) is not Match:
        return None
    theirs = status.other
    sides = ((al.other, theirs, al.reader, mine) if direction == "in" else
             (al.reader, mine, al.other, theirs))
    entry = sides[0].entries[sides[1]]
    return sides if entry.tags or entry.shapes else None


def _unless(direction: str, tagged: Parsed, at_tagged: Steps, variant: str, name: str,
            ) -> str:
    """The words an error gains: which ``variant`` of the union takes the call (result),
    silently ignoring ``name``."""
    whose, what = _WHOSE[direction]
    return (f" (unless the {what} fits a variant of {whose} union "
            f"{at(tagged.path(at_tagged))} {variant}: open, it takes the {what} and silently "
            f"ignores {code_span(name)})")


def _ignoring(al: Alignment, direction: str, mine: Steps, name: str,
              erring: dict[Steps, Erring]) -> tuple[str, bool] | None:
    """The words for an open variant of the union at the agent's ``mine`` (or the server's
    object aligned with it) taking objects without ``name``, and whether it takes every
    one; ``None`` where none does."""
    sides = _sides(al, direction, mine)
    if sides is None:
        return None
    fit = ignoring_variant(*sides, name, erring.get(mine, {}))
    if fit == "none":
        return None
    return (_unless(direction, sides[0], sides[1],
                    f"that does not declare {code_span(name)}", name), fit == "every")


def _ignoring_below(al: Alignment, direction: str, mine: Steps, chain: tuple[str, ...],
                    erring: dict[Steps, Erring]) -> tuple[str, bool] | None:
    """``_ignoring`` further down: the words for a variant of the union at ``mine`` whose
    object at the first keys of ``chain`` (``o``, ``o.p``...) is open and does not declare
    the next, so takes any value there; ``None`` where none does. Never a warning: what
    such an object asks of the rest of the sender's (types, objects) is judged only where
    the variants give it apart."""
    for i in range(1, len(chain)):  # another error below one of the keys: it cannot tell
        keys = erring.get((*mine, *map(Prop, chain[:i])), {})
        if len(keys) > (chain[i] in keys):
            return None
    sides = _sides(al, direction, mine)
    if sides is None:
        return None
    tagged, at_tagged, sender, at_sender = sides
    setup = judging_a_key(tagged, at_tagged, sender, at_sender)
    if setup is None:
        return None
    _, variants, ways, required, declared, typing = setup
    ignored: dict[int, int] = {}  # variant -> how many keys down its object is open

    def ignores(variant: Variant) -> bool:
        shape = dict(variant[5]).get(chain[0])
        for i in range(1, len(chain)):
            if shape is None or not set(shape[0]) <= required_names(
                    sender, (*at_sender, *map(Prop, chain[:i]))):
                return False  # (its object requires a key the sender may omit there)
            if shape[1] is None and chain[i] not in shape[2]:
                ignored[id(variant)] = i
                return True
            shape = dict(shape[3]).get(chain[i])
        return False

    fit = taken_ignoring(ways, variants, required, declared, chain[0], typing,
                         erring.get(mine, {}), ignores)
    if fit == "none" or not ignored:
        return None
    i = min(ignored.values())
    holder = code_span(render(tuple(map(Prop, chain[:i]))))
    return (_unless(direction, tagged, at_tagged, f"whose object at {holder} does not "
                    f"declare {code_span(chain[i])}", chain[i]), False)


def ignoring_variant(tagged: Parsed, at_tagged: Steps, sender: Parsed, at_sender: Steps,
                     name: str, erring: Erring) -> Fit:
    """How the objects the sender's at ``at_sender`` sends with ``name`` fit the open
    variants of ``tagged``'s union at ``at_tagged`` that do not declare it, which take them
    whatever ``name`` holds (``taken_ignoring``; ``erring``: the keys below which an
    error is found, ``name``'s own read as none); ``none`` where ``in.tag`` and
    ``in.variant`` cannot tell."""
    entry = tagged.entries[at_tagged]
    # (a shape giving a key values of its own may refuse the value sent: it cannot tell)
    if not any(shape[1] is None and name not in shape[2] and not (
            entry.shapes and shape[3]) for shape in own_shapes(entry)):
        return "none"  # (the usual: every open variant declares it)
    setup = judging_a_key(tagged, at_tagged, sender, at_sender)
    if setup is None:
        return "none"
    _, variants, ways, required, declared, typing = setup
    if setup[0] is None:
        # (shapes in the order of the entry's: those giving a key values left out)
        variants = tuple(v for v, shape in zip(variants, entry.shapes, strict=True)
                         if not shape[3])
    return taken_ignoring(ways, variants, required, declared, name, typing, erring)


def taken_ignoring(ways: list[Way], variants: Sequence[Variant], required_anyway: AbstractSet[str],
                   declared_anyway: set[str], name: str, typing: Typing, erring: Erring,
                   ignores: Callable[[Variant], bool] | None = None) -> Fit:
    """How the calls of ``ways`` sending ``name`` fit the open variants not declaring it
    (which take any value there, and ignore it): ``every`` one fits one, ``some`` or
    ``none``. By their keys and the types and objects a variant gives them apart
    (``merged_refused``: as the merged object types them too), sending none of the keys it
    declares in ``erring`` (where another rule finds values it may refuse; ``name`` is
    passed over, so one dict of an object's erring keys serves each of them); past
    ``_near.MAX_OPTIONAL`` keys that matter, ``none``."""
    index = by_value(variants)
    found: set[Fit] = set()
    # (as ``rejected_with``: the ways that surely may send it, else those that only may)
    for way in [w for w in ways if name in w.sent] or [w for w in ways if name in w.reach]:
        keys = way.sent if name in way.sent else way.reach
        own = dict(way.objects)
        # (a key whose errors below ask only for keys the way's own object requires there
        # never errs on this way)
        errs = {key for key, (asked, _) in erring.items() if key != name and (
                asked is None or key not in own or not asked <= set(own[key][0]))}
        for value in way.values:
            candidates = [v for v in index.get(value_identity(value), ())
                          if ((v[2] is None and name not in v[3]) if ignores is None
                              else ignores(v))]
            refusals = []
            for variant in candidates:
                mistyped, unheld = refused_keys(way, variant, typing)
                erred = {key for key in errs.intersection(variant[3])
                         if not _ignores_all(variant, key, erring[key][1])}
                refusals.append(frozenset(erred.union(
                    merged_refused(way, variant, typing),
                    (m[0] for m in mistyped), (v[0] for v in unheld))))
            _, matter, fits = asked(candidates, required_anyway, declared_anyway, refusals)
            found.add((candidates and fitting(way.required | {name}, keys, matter, fits))
                      or "none")
    return "every" if found == {"every"} else "some" if found - {"none"} else "none"


def _ignores_all(variant: Variant, key: str, chains: frozenset[tuple[str, ...]] | None,
                 ) -> bool:
    """Whether ``variant``'s object at ``key`` takes any value at the end of each of
    ``chains`` (the keys below it down to an error): open on the way and not declaring the
    next key (``anyOf [{o: {}}, {o: {x: integer}, p}]`` takes `{o: {x: "a"}, p}` as its
    first, whatever else the error at `o.x` says)."""
    if chains is None:
        return False
    for chain in chains:
        shape = dict(variant[5]).get(key)
        for name in chain:
            if shape is None:
                return False
            if shape[1] is None and name not in shape[2] and name not in shape[0]:
                break
            shape = dict(shape[3]).get(name)
        else:
            return False
    return True
