"""``in.tag`` and ``out.tag``: a tagged union's variants, each asked of the other side's
object with its own tag (``Entry.tags``: a discriminated union, such as pydantic's
``Union[Cat, Dog]`` with ``Field(discriminator="kind")``, whose ``"cat"`` requires ``meow``
and refuses ``bark``).

Merged path by path, such a union requires only the keys every variant requires and takes
every key some variant takes: an agent that sends ``kind`` ``"cat"`` with ``bark`` and no
``meow`` agrees with every path, and every call is rejected. Here each tag value the agent
may send (its ``enum``, each of its own variants, or each way its choice and keysets allow)
is held to the server's variants for that value (``_variants`` judges): the agent must send
all the keys one of them requires and, where it is closed, no key it refuses. ``out.tag``
holds the server's output to the agent's result model so. Keys the whole object requires
are ``in.missing-required``'s, keys no variant declares of a closed object ``in.unknown``'s,
and a value no variant takes ``in.enum``'s.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from typing import Any

from parity.contract.rules import _facts
from parity.contract.rules._align import Alignment, ToolPair
from parity.contract.rules._base import Example, Finding, Rule, example_tool
from parity.contract.rules._holders import asked_of, declared_names, every_call, required_names
from parity.contract.rules._parsed import Parsed
from parity.contract.rules._tag_words import gap_words
from parity.contract.rules._text import at
from parity.contract.rules._typed import Typing, Way, typing_of
from parity.contract.rules._variants import (
    Gap,
    Miss,
    always_tagged,
    misses,
    rejected_with,
    sending_shapes,
    sending_ways,
    shape_variants,
)
from parity.core.jsonio import compact
from parity.core.terminal import code_span
from parity.fieldpaths.entry import Entry, Variant, judged_tags, keys_unmodelled, tells_apart
from parity.fieldpaths.fieldpath import Prop, Steps

IN = "in.tag"
OUT = "out.tag"


@dataclass(frozen=True)
class _Voice:
    """How a direction words a finding: who sends the object, and what fails."""

    sender: str  # "agent", "server"
    sends: str  # "sends", "returns"
    fails: str  # "is rejected", "fails in the agent"


_IN = _Voice("agent", "sends", "is rejected")
_OUT = _Voice("server", "returns", "fails in the agent")


def _said(miss: Miss, voice: _Voice, tagged: bool = True) -> str:
    gaps = ", or ".join(_gap(g, voice) for g in miss.gaps)
    return f"with {compact(miss.value)} it {gaps}" if tagged else f"it {gaps}"


def _gap(gap: Gap, voice: _Voice) -> str:
    return gap_words(gap, voice.sender, voice.sends)


def _judged(tagged: Parsed, at_tagged: Steps, sender: Parsed, at_sender: Steps,
            by_shapes: bool) -> tuple[str | None, str, list[Miss]] | None:
    """The tag key, the union as the findings word it (told apart by its tag, or its
    variants all taking the same values), and the misses of the sender's object at
    ``at_sender`` against the variants of ``tagged``'s at ``at_tagged`` (``by_shapes``: its
    shapes, else its tags); ``None`` where it meets them, or cannot tell."""
    if by_shapes and always_tagged(tagged, at_tagged, sender, at_sender):
        return None  # in.tag (out.tag) holds every call, value by value
    setup = judging(tagged, at_tagged, sender, at_sender, by_shapes)
    if setup is None:
        return None
    key, variants, ways, required, declared, typing = setup
    found = misses(ways, variants, required, declared, typing)
    if not found:
        return None
    entry = tagged.entries[at_tagged]
    union = (_shapes(entry) if key is None
             else f"a union of variants that all require {code_span(key)}"
             if not tells_apart(variants) else f"a union told apart by {code_span(key)}"
             + ("" if all(key in v[1] for v in variants)
                else " (which not every variant requires)"))
    return key, union, found


def _shapes(entry: Entry) -> str:
    """How a finding words a union of shapes: by what keeps its variants apart."""
    if len({shape[1] is None for shape in entry.shapes}) == 2:
        return "a union of objects, some closed, no key tells apart"
    if any(shape[4] for shape in entry.shapes):
        return "a union of objects no key tells apart, which type their keys apart"
    if any(shape[5] for shape in entry.shapes):
        return "a union of objects no key tells apart, which give their keys objects apart"
    kind = "closed" if entry.shapes[0][1] is not None else "open"
    return f"a union of {kind} objects no key tells apart"


def judging(tagged: Parsed, at_tagged: Steps, sender: Parsed, at_sender: Steps,
            by_shapes: bool,
            ) -> tuple[str | None, tuple[Variant, ...], list[Way], frozenset[str], set[str],
                       Typing] | None:
    """What the sender's object is judged by: the tag key (``None``: a union's shapes,
    judged by ``UNTAGGED``; ``by_shapes``: those, else its tags), its variants, the ways the
    sender sends it, the keys the whole object requires and those some variant takes (the
    rest are other rules'), and the two objects' types; ``None`` where this rule cannot
    tell."""
    if (sender.opaque(at_sender) or not sender.may_be_object(at_sender)
            or sender.free_form(at_sender) or keys_unmodelled(sender.entries[at_sender])):
        return None  # any key, or a keyword not modelled (`if`/`then`...) may hold them
    entry = tagged.entries[at_tagged]
    for key, variants in () if by_shapes else judged_tags(entry):
        ways = sending_ways(sender, at_sender, key)
        if ways is None:
            continue
        if not entry.tags:  # a tag its variants may omit: the calls that send it
            ways = [replace(w, required=w.required | {key}, sent=w.sent | {key},
                            reach=w.reach | {key}) for w in ways if w.values]
        # (one key is enough: each variant is judged whole by it)
        return key, variants, ways, required_names(tagged, at_tagged), \
            _judged_keys(tagged, at_tagged, ways), _typing(tagged, at_tagged, sender, at_sender)
    shapes = entry.shapes if by_shapes else ()
    if shapes:
        ways = sending_shapes(sender, at_sender)
        if ways is not None:
            return None, shape_variants(shapes), ways, required_names(tagged, at_tagged), \
                _judged_keys(tagged, at_tagged, ways), \
                _typing(tagged, at_tagged, sender, at_sender)
    return None


def _judged_keys(tagged: Parsed, at_tagged: Steps, ways: list[Way]) -> set[str]:
    """The keys whose refusal by a variant is this rule's: those some variant declares, and
    where the object is open those sent: an open variant takes a key none declares, so
    in.unknown (out.unknown) does not reject it. A closed object's refusal of them is
    in.unknown's error."""
    declared = set(declared_names(tagged, at_tagged))
    if tagged.entries[at_tagged].closed is not True:
        declared.update(*(w.reach for w in ways))
    return declared


def judging_a_key(tagged: Parsed, at_tagged: Steps, sender: Parsed, at_sender: Steps,
                  ) -> tuple[str | None, tuple[Variant, ...], list[Way], frozenset[str], set[str],
                             Typing] | None:
    """``judging``, as a key's own rules read the union: by its tags where it has some or
    the sender always sends one of a shape's tag values, else by its shapes. Read once a
    union and sending object (``Parsed.derive``: each key the object sends asks)."""
    def read() -> tuple[str | None, tuple[Variant, ...], list[Way], frozenset[str], set[str],
                        Typing] | None:
        by_value = bool(tagged.entries[at_tagged].tags) or always_tagged(
            tagged, at_tagged, sender, at_sender)
        return judging(tagged, at_tagged, sender, at_sender, by_shapes=not by_value)

    return tagged.derive(("judging_a_key", at_tagged, sender, at_sender), read)


def _typing(tagged: Parsed, at_tagged: Steps, sender: Parsed, at_sender: Steps) -> Typing:
    """The two objects' types, and the ways the sender's object at each key may be."""
    def at(holder: Steps) -> list[Way] | None:
        if (holder not in sender.entries or sender.opaque(holder)
                or not sender.may_be_object(holder) or sender.free_form(holder)
                or keys_unmodelled(sender.entries[holder])):
            return None  # any key, or a keyword not modelled, may be there
        return sending_shapes(sender, holder)

    def deeper(path: tuple[str, ...]) -> list[Way] | None:
        holder = (*at_sender, *map(Prop, path))
        entry = sender.entries.get(holder)
        return None if entry is None or entry.type != ("object",) else at(holder)
    return typing_of(tagged, at_tagged, sender, at_sender,
                     lambda key: at((*at_sender, Prop(key))), deeper)


def rejecting_values(tagged: Parsed, at_tagged: Steps, sender: Parsed, at_sender: Steps,
                     name: str) -> tuple[str | None, list[Any]] | None:
    """The tag key (``None``: a union's shapes, its one value ``UNTAGGED``) and the values
    with which the sender's object at ``at_sender`` is rejected by ``tagged``'s variants at
    ``at_tagged`` because it holds ``name`` (none: a variant that takes the call with it
    ignores it); ``None`` where this rule cannot tell."""
    entry = tagged.entries[at_tagged]
    valued = {key for shape in entry.shapes for key, _ in shape[3]}
    setup = judging_a_key(tagged, at_tagged, sender, at_sender)
    if setup is None:
        return None
    key, variants, ways, required, declared, _ = setup
    values = rejected_with(ways, variants, required, declared, name, tagged.derive(
        ("rejected_with", at_tagged, sender, at_sender), dict))
    if values is None:
        return None
    # the calls ``rejected_with`` weighs: of the ways that surely may send it, else that may
    sending = ([w.sent for w in ways if name in w.sent]
               or [w.reach for w in ways if name in w.reach])
    if not values and key is None and any(not valued.isdisjoint(keys) for keys in sending):
        # by their keys alone the shapes take such a call, though a value they give a key
        # it sends may refuse it: "no call is rejected for it" is more than they tell
        return None
    return key, values


def check_in(pair: ToolPair) -> Iterator[Finding]:
    yield from checked_in(pair, IN, judged_tags, by_shapes=False)


#: whether another rule speaks for the server's object at ``theirs`` sent by the agent's
#: at ``holder`` (``in.variant`` leaves a union some rules weigh merged to them)
LeaveIn = Callable[[ToolPair, Alignment, Steps, Steps], bool]
#: the same for the agent's result model at ``mine`` and the server's object at ``theirs``
LeaveOut = Callable[[Alignment, Steps, Steps], bool]


def checked_in(pair: ToolPair, rule_id: str, fact: Callable[[Entry], Any], *,
               by_shapes: bool, leave: LeaveIn | None = None) -> Iterator[Finding]:
    """The findings of ``rule_id`` (``in.tag``, or ``in.variant``: ``by_shapes``) for each
    server object with the union ``fact``, but those ``leave`` leaves to another rule."""
    al = pair.in_  # None: the tables agree, nothing to report
    if al is None:
        return
    for theirs, _, holder in asked_of(al, fact):
        if leave is not None and leave(pair, al, theirs, holder):
            continue
        judged = _judged(al.other, theirs, al.reader, holder, by_shapes)
        if judged is None:
            continue
        key, union, found = judged
        fatal = [m.value for m in found if m.fatal]
        every = every_call(holder) if key is None else f"{every_call(holder)} with {code_span(key)}"
        yield Finding(
            tool=pair.name, rule_id=rule_id, path=al.reader.path(holder), direction="in",
            severity="error" if any(m.bare or m.fatal for m in found) else "warning",
            facts=_facts.of_misses(found, tagged=key is not None),
            message=f"the server's object {at(al.other.path(theirs))} is {union}: "
                    + _words(found, _IN, key is not None) + "; "
                    + _outcome(fatal, every, _IN, key is not None),
            hint="send the keys of one of the server's variants, of the types it takes, and "
                 "no others: make the agent's object a union of them" if key is None else
                 f"send, for each {code_span(key)}, the keys of the server's variant for it and no "
                 "others: make the agent's object a union of the server's variants "
                 f"(discriminated by {code_span(key)}), or fix the keys it sends with each value")


def check_out(pair: ToolPair) -> Iterator[Finding]:
    yield from checked_out(pair, OUT, judged_tags, by_shapes=False)


def checked_out(pair: ToolPair, rule_id: str, fact: Callable[[Entry], Any], *,
                by_shapes: bool, leave: LeaveOut | None = None) -> Iterator[Finding]:
    """The findings of ``rule_id`` (``out.tag``, or ``out.variant``: ``by_shapes``) for each
    agent result model with the union ``fact``, but those ``leave`` leaves to another rule."""
    al = pair.out  # None: nothing read, nothing declared (out.undeclared's) or agreed
    if al is None:
        return
    for mine, theirs in al.matches():
        if not fact(al.reader.entries[mine]) or (leave is not None
                                                 and leave(al, mine, theirs)):
            continue
        judged = _judged(al.reader, mine, al.other, theirs, by_shapes)
        if judged is None:
            continue
        key, union, found = judged
        fatal = [m.value for m in found if m.fatal]
        path = al.reader.path(mine)
        yield Finding(
            tool=pair.name, rule_id=rule_id, path=path, direction="out",
            severity="error" if fatal else "warning",
            facts=_facts.of_misses(found, tagged=key is not None),
            message=f"the agent's result model {at(path)} is {union}: "
                    + _words(found, _OUT, key is not None) + "; "
                    + _outcome(fatal, "every result" if key is None
                               else f"every result with {code_span(key)}", _OUT, key is not None),
            hint="let one of the agent's variants take what the server returns (or make the "
                 "agent's model the server's union)" if key is None else
                 f"let the agent's variant for each {code_span(key)} take what the server "
                 "returns with it (or make the agent's model the server's union), or have the "
                 "server return each variant's keys")


#: most tag values a finding words (an enum may hold thousands)
SHOWN = 3


def _words(found: list[Miss], voice: _Voice, tagged: bool = True) -> str:
    said = "; ".join(_said(m, voice, tagged) for m in found[:SHOWN])
    more = len(found) - SHOWN
    return said + (f"; and {more} other value{'s' if more > 1 else ''} alike" if more > 0
                   else "")


def _outcome(fatal: list[Any], every: str, voice: _Voice, tagged: bool = True) -> str:
    if fatal and not tagged:
        return f"{every} {voice.fails}"
    if fatal:
        values = " or ".join(map(compact, fatal[:SHOWN])) + (" or others" if fatal[SHOWN:]
                                                           else "")
        return f"{every} {values} {voice.fails}"
    return ("calls that send them so are rejected" if voice is _IN
            else "results holding them so fail in the agent")


def _pet(tag: str, name: str) -> dict[str, object]:
    return {"type": "object", "additionalProperties": False, "required": ["kind", name],
            "properties": {"kind": {"const": tag}, name: {"type": "string"}}}


RULES = (
    Rule(
        id=IN, direction="in", severity="error",
        severity_note="a warning where the agent only may send a key the variant refuses "
                      "(and none of its variants always does)",
        purpose="The agent sends a tag value without the fields its variant requires, or "
                "with one it refuses.",
        details="A union of objects told apart by a key every alternative requires with "
                "values of its own (a discriminated union: pydantic's `Field(discriminator=)`"
                ", zod's `discriminatedUnion`, `oneOf` of objects with a `const` tag) is "
                "recorded as the object's `tags`: each variant's values, required fields "
                "and, where it is closed, the fields it takes (open, those it declares: an "
                "agent's open variant may send them). Merged path by path the union "
                "requires only the fields every variant requires, so an agent sending "
                "`kind: \"cat\"` with the dog's fields agrees with every path; each tag value "
                "the agent may send is held to the server's variants for that value. A "
                "union whose variants share their values (two models with the same "
                "`Literal`) is judged variant by variant on either side; where the agent is "
                "as close to several variants, each is said, and so is each of the "
                "agent's own variants that fails. A tag not every variant "
                "requires (pydantic's `kind: Literal[\"cat\"] = \"cat\"` in a plain "
                "`Union`: the union's `shapes` give it their values; with "
                "`Field(discriminator=)` the schema's `discriminator` makes it required, a "
                "tag) is judged so too: on the server, for the "
                "calls that send it; an agent whose own tag is optional sends each of its "
                "shapes with the values it gives the tag, not their merge. A variant "
                "that types a field its own way (the cat's `size` an integer, the dog's a "
                "string: merged, `size` takes either) takes it only so: an agent sending "
                "`\"cat\"` with a string `size` is rejected. So does a variant that gives a "
                "field an object of its own (a webhook's `config` requiring `url`, an "
                "email's requiring `address`: merged, `config` asks for either): an agent "
                "sending `\"webhook\"` with the email's `config` is rejected. So does a "
                "variant that gives a field values of its own (`\"a\"`'s `level` 1 or 2, "
                "`\"b\"`'s 2 or 3: merged, `level` takes 1, 2 or 3, the variants' "
                "`key_values`): an agent sending `\"a\"` with `level` 3 is rejected; an "
                "agent whose `\"a\"` takes any `level` (its object no union, or a variant "
                "giving it no values, bounded as its merged `level` is) is held to it by a "
                "value it may send that `\"a\"` refuses (3). A variant bounding `level` "
                "its own way (its `key_values` mark it `null`) is not: no value is claimed "
                "for it.",
        example=Example(
            agent=[example_tool("adopt", {"type": "object", "required": ["pet"], "properties": {
                "pet": _pet("cat", "bark")}})],
            server=[example_tool("adopt", {"type": "object", "required": ["pet"], "properties": {
                "pet": {"oneOf": [_pet("cat", "meow"), _pet("dog", "bark")]}}})]),
        check=check_in, alignments_only=True),
    Rule(
        id=OUT, direction="out", severity="warning",
        severity_note="an error where the server never returns a field the variant requires, "
                      "or always returns one it refuses",
        purpose="The server returns a tag value without the fields the agent's variant for "
                "it requires.",
        details="The agent's result model is a tagged union (the manifest's `tags`, as for "
                "`in.tag`); the server's output for each tag value is held to the agent's "
                "variants for that value: it must hold all the fields one of them requires "
                "and, where that variant is closed, no field it refuses. A result that "
                "fails its variant fails to parse in the agent, though every merged path "
                "agrees; so does one holding a field with a value the agent's variant does "
                "not give it (its `key_values`; a server object that is no union and "
                "returns any value there is held to it by a value it may return that the "
                "variant refuses). A warning where the server only may omit "
                "(or may return) a field, "
                "as `out.optional` is. A tag not every variant of the agent's model "
                "requires (its `shapes` give it their values) holds the results that "
                "return it.",
        example=Example(
            agent=[example_tool("pet", {"type": "object"}, {"type": "object", "properties": {
                "pet": {"oneOf": [_pet("cat", "meow"), _pet("dog", "bark")]}}})],
            server=[example_tool("pet", {"type": "object"}, {"type": "object", "properties": {
                "pet": _pet("cat", "bark")}})]),
        check=check_out, alignments_only=True),
)
