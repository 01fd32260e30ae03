"""``in.variant`` and ``out.variant``: a union of objects no key tells apart (``Entry.shapes``:
``anyOf [{a} closed, {b} open requiring b]``, or objects typing a key apart), each of its
variants asked of the other side's object whole, as ``tags`` asks a tag value's.

Merged path by path such a union asks only what every variant asks. Where its objects are
some closed and some open, or type a key apart, only its shapes hold what it asks, and this
rule judges it. Where they are all closed (or all open) and typed alike, its ``choice`` and
``keysets`` hold most of it and ``in.choice`` and ``in.exclusive`` judge it; this rule
speaks there only where they are silent (``{b}`` closed or ``{a, b}`` closed requiring
``b``, to an agent sending ``a`` alone: the keysets take ``a``, no choice is left, and
every call is rejected).
"""

from __future__ import annotations

from collections.abc import Iterator
from operator import attrgetter

from parity.contract.rules._align import Alignment, ToolPair
from parity.contract.rules._base import Example, Finding, Rule, example_tool
from parity.contract.rules._parsed import Parsed
from parity.contract.rules.choices import guaranteed, unsent
from parity.contract.rules.exclusive import together
from parity.contract.rules.tags import checked_in, checked_out
from parity.fieldpaths.entry import judged_shapes
from parity.fieldpaths.fieldpath import Prop, Steps
from parity.fieldpaths.variants import one_object_apart

IN = "in.variant"
OUT = "out.variant"


def check_in(pair: ToolPair) -> Iterator[Finding]:
    yield from checked_in(pair, IN, attrgetter("shapes"), by_shapes=True, leave=_merged_in)


def check_out(pair: ToolPair) -> Iterator[Finding]:
    yield from checked_out(pair, OUT, attrgetter("shapes"), by_shapes=True, leave=_merged_out)


def _weighed(union: Parsed, at_union: Steps, other: Parsed, at_other: Steps,
             ) -> tuple[Steps, Steps] | None:
    """Where the union at ``at_union`` is weighed merged, with the other side's object: at
    it, or at the one key whose object alone tells its shapes apart; ``None`` where this
    rule judges it (its shapes are judged), or the key is not on both sides."""
    entry = union.entries[at_union]
    if (key := one_object_apart(entry.shapes)) is not None:
        at_union, at_other = (*at_union, Prop(key)), (*at_other, Prop(key))
        if at_union not in union.entries or at_other not in other.entries:
            return None
    elif judged_shapes(entry):
        return None  # (the merged rules leave it to this one)
    return at_union, at_other


def _merged_in(pair: ToolPair, al: Alignment, theirs: Steps, holder: Steps) -> bool:
    """Whether ``in.choice`` or ``in.exclusive`` speaks for the server's union at
    ``theirs``, weighed merged (``_weighed``), sent by the agent's object at ``holder``."""
    weighed = _weighed(al.other, theirs, al.reader, holder)
    if weighed is None:
        return False
    theirs, holder = weighed
    entry = al.other.entries[theirs]
    return bool((entry.choice and unsent(pair, al, holder, theirs, entry.choice) is not None)
                or (entry.keysets and together(entry.keysets, al.reader, holder) is not None))


def _merged_out(al: Alignment, mine: Steps, theirs: Steps) -> bool:
    """Whether ``out.choice`` or ``out.exclusive`` speaks for the agent's union at ``mine``,
    weighed merged (``_weighed``), returned as the server's object at ``theirs``."""
    weighed = _weighed(al.reader, mine, al.other, theirs)
    if weighed is None:
        return False
    mine, theirs = weighed
    entry = al.reader.entries[mine]
    if al.other.opaque(theirs) or not al.other.may_be_object(theirs):
        return False
    return bool((entry.choice and not guaranteed(entry.choice, al.other, theirs))
                or (entry.keysets and together(entry.keysets, al.other, theirs) is not None))


def _shape(required: tuple[str, ...], *, closed: bool) -> dict[str, object]:
    return {"type": "object", "required": list(required),
            "properties": {name: {"type": "string"} for name in required},
            **({"additionalProperties": False} if closed else {})}


RULES = (
    Rule(
        id=IN, direction="in", severity="error",
        severity_note="a warning where the agent only may send a key the variants refuse "
                      "(and none of its variants always does)",
        purpose="The agent's object fits none of the variants of the server's untagged union.",
        details="A union of objects no key tells apart is recorded as the object's "
                "`shapes`: each variant's required fields and, where it is closed, the "
                "fields it takes (open, those it declares); this rule reads them where they "
                "are some closed, some open. Merged path by path such a union is open and "
                "requires only what "
                "every variant requires, and neither its `choice` nor its `keysets` holds a "
                "closed variant's refusals beside an open one's requirements: an agent "
                "sending `a` and `c` to `anyOf [{a} closed, {b} open requiring `b`]` agrees "
                "with every path, and every call is rejected. Each way the agent may send "
                "the object (each of its own variants, or each group of its choice) is "
                "held to the variants, as `in.tag` holds a tag value's. Where the variants "
                "type a field apart (`{a: string, b}` or `{a: integer}`, closed or not), "
                "each records the types it gives it (`types`) and is judged by them too, "
                "the other fields at their merged types: an agent sending `a` as a string "
                "without `b` fits neither, though merged `a` takes a string and nothing "
                "required is missing; so are objects a variant gives a field its own way "
                "(`{o: {x required}, p: {y required}}` or the two swapped: merged each field "
                "takes either object, and an agent sending `x` in both fits neither). Where "
                "one field's object alone tells the variants apart, `in.choice` and "
                "`in.exclusive` at that field judge it, and this rule speaks only where they "
                "are silent. A type the merged field does not take is `in.type`'s. Where "
                "the objects are all closed (or all open) and typed alike, `in.choice` and "
                "`in.exclusive` judge the merged union; this rule "
                "speaks there only where they are silent and a call fits no variant "
                "(`{b}` closed or `{a, b}` closed requiring `b`, to an agent sending `a` "
                "alone: the keysets take `a`, no choice is left).",
        example=Example(
            agent=[example_tool("find", {"type": "object", "required": ["by"], "properties": {
                "by": _shape(("a", "c"), closed=False)}})],
            server=[example_tool("find", {"type": "object", "required": ["by"], "properties": {
                "by": {"anyOf": [_shape(("a",), closed=True),
                                 _shape(("b",), closed=False)]}}})]),
        check=check_in, alignments_only=True),
    Rule(
        id=OUT, direction="out", severity="warning",
        severity_note="an error where every result fails",
        purpose="The server returns an object that fits none of the agent's untagged union's "
                "variants.",
        details="The agent's result model is a union of shapes (the manifest's `shapes`, as "
                "for `in.variant`); each way the server may return the object is held to "
                "the agent's variants: it must hold all the fields one of them requires "
                "and, where that variant is closed, no field it refuses, each of the "
                "types that variant gives it (an agent's `{a: string, b}` or `{a: integer}` "
                "takes no `a` string without `b`). Where the agent's objects are all closed "
                "(or all open) and typed alike, only where `out.choice` and `out.exclusive` "
                "are silent. A warning where the server only may omit (or may return) a "
                "field.",
        example=Example(
            agent=[example_tool("get", {"type": "object"}, {"type": "object", "properties": {
                "by": {"anyOf": [_shape(("a",), closed=True),
                                 _shape(("b",), closed=False)]}}})],
            server=[example_tool("get", {"type": "object"}, {"type": "object", "properties": {
                "by": _shape(("a", "c"), closed=False)}})]),
        check=check_out, alignments_only=True),
)
