"""``in.exclusive`` and ``out.exclusive``: keys one side may hold together that the other
takes only apart (``Entry.keysets``: a union of closed objects that take different keys, such
as GitHub's review comment, which takes a ``line`` or a ``position``, never both; a
``oneOf`` whose branches require different keys, which refuses an object fitting two; a
``not`` of a requirement).

The side that holds the object may hold, at once, the keys it declares there (or those of
one of its own keysets, or of one of its own variants: an open variant sends the keys it
declares, not its siblings'), always with its required ones. Only keys some keyset takes are
weighed: a key none takes is ``in.unknown``'s (``out.missing``'s) to report.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from collections.abc import Set as AbstractSet
from itertools import combinations
from operator import attrgetter

from parity.contract.rules import _facts
from parity.contract.rules._align import ToolPair
from parity.contract.rules._base import Example, Finding, Rule, example_tool
from parity.contract.rules._holders import asked_of, declared_names, every_call, required_names
from parity.contract.rules._parsed import Parsed
from parity.contract.rules._text import at
from parity.contract.rules._typed import type_fits
from parity.contract.rules._variants import linked
from parity.core.terminal import code_span
from parity.fieldpaths.entry import Entry, keys_unmodelled, own_shapes
from parity.fieldpaths.fieldpath import VALUES, Prop, Steps

Keysets = Sequence[Sequence[str]]


def together(keysets: Keysets, table: Parsed, holder: Steps) -> tuple[set[str], bool] | None:
    """Keys ``table``'s object at ``holder`` may hold together that no keyset takes all of
    (the fewest found beside its required ones) and whether it always holds them; ``None``
    where every way it may be (one of its keysets, or of its own variants) fits a keyset,
    or it may hold any key (it cannot tell)."""
    if (table.opaque(holder) or not table.may_be_object(holder) or table.free_form(holder)
            or (*holder, VALUES) in table.entries or keys_unmodelled(table.entries[holder])):
        return None  # any key, or a keyword not modelled (`maxProperties`, `not`...) here
    named = set().union(*keysets)
    taken = [set(keys) for keys in keysets]

    def fits(keys: set[str]) -> bool:
        return any(keys <= k for k in taken)

    always = required_names(table, holder)
    required = named.intersection(always)
    if not fits(required):
        return required, True
    entry = table.entries[holder]
    # each of its own variants sends the keys it declares (its merge may send all of them)
    own = entry.keysets or [shape[2] for shape in own_shapes(entry)] or (
        declared_names(table, holder),)
    for way in own:
        if not always <= set(way):
            continue  # a set without a key it always holds (a `oneOf`'s): never held so
        optional = sorted(set(way) & named - required)
        if fits(required.union(optional)):
            continue
        for size in (1, 2):  # the fewest keys that do not fit: the clearest message
            for keys in combinations(optional, size):
                if not fits(required.union(keys)):
                    return required.union(keys), False
        return required.union(optional), False
    return None


def _by_one_of(entry: Entry) -> bool:
    """Whether the object ``entry`` takes its keysets apart as a ``oneOf``'s alternatives
    all taking the keys (their shapes take the same), refusing a value fitting more than
    one."""
    return bool(entry.shapes) and len({shape[1] for shape in entry.shapes}) == 1


def _fits_one_alone(receiver: Parsed, at_receiver: Steps, sender: Parsed, at_sender: Steps,
                   keys: set[str]) -> bool:
    """Whether the sender's object holding ``keys`` together may yet fit one alternative
    of the receiver's ``oneOf`` alone: one of the keys sent as a type an alternative
    requiring it may refuse (or that they type apart), so that alternative does not take
    the object and the other does. ``in.type`` (``out.type``) speaks of the type."""
    entry = receiver.entries[at_receiver]
    if not _by_one_of(entry):
        return False  # (closed alternatives refuse the keys together whatever they hold)
    typed_apart = {key for shape in entry.shapes for key, _ in shape[4]}
    for key in keys:
        theirs = receiver.entries.get((*at_receiver, Prop(key)))
        mine = sender.entries.get((*at_sender, Prop(key)))
        if key in typed_apart or (theirs is not None and mine is not None and not all(
                type_fits(t, theirs.type) for t in mine.type)):
            return True
    return False


def _apart(entry: Entry, holds: str, there: str) -> str:
    """Why the object ``entry`` takes its keysets only apart: its alternatives are closed to
    keys another takes; or they are a ``oneOf``'s, which all take the keys (their shapes
    take the same) and refuse a value fitting more than one; or it is no union, and a
    ``not`` refuses the keys together (``fieldpaths.keysets``)."""
    if _by_one_of(entry):
        return (f"its `oneOf`{there} refuses {holds} that fits more than one of its "
                "alternatives, as one holding them does")
    if not entry.shapes and not entry.tags and "not" in entry.unsupported:
        return f"its `not`{there} refuses {holds} that holds them all"
    return f"each of its alternatives{there} is closed to keys another takes"


def _keys(names: set[str], required: AbstractSet[str], keysets: Keysets, always: str,
          ) -> str:
    """The keys held together: the optional ones where they alone fit no keyset, else all,
    the required ones said so (``always``: how); not those every keyset takes."""
    names = names - set(keysets[0]).intersection(*keysets[1:])
    optional = names - required
    if optional and not any(optional <= set(k) for k in keysets):
        return " and ".join(code_span(n) for n in sorted(optional))
    return " and ".join(code_span(n) + (f" ({always})" if n in required and optional else "")
                        for n in sorted(names))


# -- in.exclusive ----------------------------------------------------------------------------

IN = "in.exclusive"


def check_in(pair: ToolPair) -> Iterator[Finding]:
    al = pair.in_  # None: the tables agree, nothing to report
    if al is None:
        return
    for steps, keysets, holder in asked_of(al, attrgetter("keysets")):
        if linked(al.other, steps, al.reader, holder):
            continue  # a tag links the agent's object to variants: in.tag holds it to them
        found = together(keysets, al.reader, holder)
        if found is None or _fits_one_alone(al.other, steps, al.reader, holder, found[0]):
            continue
        keys, always = found
        where = at(al.other.path(steps))
        required = required_names(al.reader, holder)
        sent = "always sends" if always else "may send"
        yield Finding(
            tool=pair.name, rule_id=IN, path=al.reader.path(holder), direction="in",
            severity="error" if always else "warning",
            facts=_facts.of_groups([sorted(keys)], "always" if always else ""),
            message=f"the agent {sent} {_keys(keys, required, keysets, 'always sent')} "
                    f"together {where}; the server takes them only apart "
                    f"({_apart(al.other.entries[steps], 'a call', ' there')}): "
                    + (f"{every_call(holder)} is rejected" if always else "calls that send "
                       "them together are rejected"),
            hint="send one alternative's keys at a time: make the agent's object a union "
                 "of the server's alternatives, or drop the keys it should not send")


# -- out.exclusive ---------------------------------------------------------------------------

OUT = "out.exclusive"


def check_out(pair: ToolPair) -> Iterator[Finding]:
    al = pair.out  # None: nothing read, nothing declared (out.undeclared's) or agreed
    if al is None:
        return
    for mine, theirs in al.matches():
        keysets = al.reader.entries[mine].keysets
        if not keysets or linked(al.reader, mine, al.other, theirs):
            continue  # (a tag links the server's object to variants: out.tag holds it to them)
        found = together(keysets, al.other, theirs)
        if found is None or _fits_one_alone(al.reader, mine, al.other, theirs, found[0]):
            continue
        keys, always = found
        path = al.reader.path(mine)
        required = required_names(al.other, theirs)
        yield Finding(
            tool=pair.name, rule_id=OUT, path=path, direction="out",
            severity="error" if always else "warning",
            facts=_facts.of_groups([sorted(keys)], "always" if always else ""),
            message=f"the server {'always returns' if always else 'may return'} "
                    f"{_keys(keys, required, keysets, 'always returned')} together "
                    f"{at(path)}; the agent's result model takes them only apart "
                    f"({_apart(al.reader.entries[mine], 'a result', '')}): "
                    + ("every result fails in the agent" if always
                       else "results holding them together fail in the agent"),
            hint="let the agent's result model take them together (one model, or open "
                 "variants), or have the server return one alternative's keys at a time")


def _variant(*names: str) -> dict[str, object]:
    return {"type": "object", "additionalProperties": False, "required": [names[0]],
            "properties": {name: {"type": "integer"} for name in names}}


RULES = (
    Rule(
        id=IN, direction="in", severity="warning",
        severity_note="error where the agent always sends the keys together",
        purpose="The agent may send together fields the server takes only apart.",
        details="A union of objects each closed to keys another takes (`anyOf` of a comment "
                "with a `line` and one with a `position`, each `additionalProperties: "
                "false`; pydantic's union of `extra='forbid'` models) takes the keys of one "
                "alternative at a time: the manifest records the sets as the object's "
                "`keysets`. So does a `oneOf` whose branches differ only in the keys they "
                "require and declare (`\"oneOf\": [{\"required\": [\"url\"]}, "
                "{\"required\": [\"path\"]}]`, JSON Schema's \"a `url` or a `path`, never "
                "both\"; an OpenAPI `oneOf` of an open object with a `url` and one with a "
                "`path`): a call holding both fits both branches, and `oneOf` refuses a value "
                "that fits more than one; and a `not` of a "
                "requirement (`\"not\": {\"required\": [\"url\", \"path\"]}`). The agent's "
                "object may "
                "send every key it declares (or those of one of its own keysets) at once: a "
                "call holding keys of two alternatives is rejected. A warning where the agent "
                "only may send them together (optional fields), an error where its required "
                "fields already do.",
        example=Example(
            agent=[example_tool("comment", {"type": "object", "properties": {
                "line": {"type": "integer"}, "position": {"type": "integer"}}})],
            server=[example_tool("comment", {"anyOf": [_variant("line"),
                                                       _variant("position")]})]),
        check=check_in, alignments_only=True),
    Rule(
        id=OUT, direction="out", severity="warning",
        severity_note="error where the server always returns the keys together",
        purpose="The server may return together fields the agent's result model takes apart.",
        details="The agent's result model is a union of closed objects (pydantic's union of "
                "`extra='forbid'` models; the manifest's `keysets`), a `oneOf` whose "
                "branches differ only in the keys they require, or an object with a `not` of a "
                "requirement; a result holding keys of two of its alternatives fits neither "
                "(or both, which `oneOf` refuses; or the `not`) and fails to parse in the "
                "agent.",
        example=Example(
            agent=[example_tool("locate", {"type": "object"}, {"anyOf": [
                _variant("line"), _variant("position")]})],
            server=[example_tool("locate", {"type": "object"}, {"type": "object",
                                                                "properties": {
                "line": {"type": "integer"}, "position": {"type": "integer"}}})]),
        check=check_out, alignments_only=True),
)
