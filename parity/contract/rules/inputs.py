"""``in.*``: what the agent sends against what the server accepts.

The agent's ``in`` table is what it may send; the server's is what it accepts.
"""

from __future__ import annotations

from collections.abc import Iterator

from parity.contract.rules import _facts
from parity.contract.rules._agree import excess
from parity.contract.rules._align import Alignment, ToolPair
from parity.contract.rules._base import Example, Finding, Rule
from parity.contract.rules._map_keys import map_keys
from parity.contract.rules._parsed import Parsed, key_names
from parity.contract.rules._produced import finite_values, rejected_types
from parity.contract.rules._text import accepts, at, code, the_keys, them, types, values
from parity.contract.rules._typed_enum import typed_findings
from parity.contract.rules.tags import rejecting_values
from parity.core.jsonio import compact
from parity.core.terminal import code_span
from parity.fieldpaths.entry import any_closed, judged_shapes
from parity.fieldpaths.fieldpath import VALUES, Prop, Steps


def _tool(name: str, schema: dict[str, object]) -> dict[str, object]:
    return {"name": name, "inputSchema": schema}


# -- in.unknown ------------------------------------------------------------------------------

UNKNOWN = "in.unknown"


def _tagged_effect(al: Alignment, steps: Steps, parent: Steps, holder: str) -> str:
    """What a union of variants the server's object is (tagged, or of shapes) does with a
    key it does not declare, as ``in.tag`` (``in.variant``) judges the agent's object:
    rejected (with the tag values it names) where a call that fits a variant without it
    fits none with it, or ignored by the variants that take it."""
    step = steps[-1]
    judged = None if not isinstance(step, Prop) else rejecting_values(
        al.other, parent, al.reader, steps[:-1], step.name)
    union = (f"the server's object {at(holder)} is "
             + ("a tagged union" if al.other.entries[parent].tags
                else "a union of objects, some closed" if any_closed(al.other.entries[parent])
                else "a union of open objects"))
    if judged is None:
        if not any_closed(al.other.entries[parent]):
            return f"{union}: its variants are open, so the value is silently ignored"
        return f"{union}: its closed variants may reject it, its open ones silently ignore it"
    key, rejecting = judged
    if rejecting:
        shown = "" if key is None else f"with {code_span(key)} " + " or ".join(
            map(compact, rejecting[:3])) + (" or others " if rejecting[3:] else " ")
        return (f"{union}: {shown}a call that sends it fits none of its variants (the closed "
                "ones refuse it) and is rejected")
    # (a call may still fail for another key: in.tag's, or a required key's rule)
    return (f"{union}: no call is rejected for it alone, an open variant that takes the call "
            "silently ignores it")


def check_unknown(pair: ToolPair) -> Iterator[Finding]:
    al = pair.in_  # None: the tables agree, nothing to report
    if al is None:
        return
    # the server's keys the agent never sends, required first, by object: sorted once an
    # object, not once an unknown key of it
    unsent: dict[Steps, list[Steps]] = {}
    for steps, parent in al.unknowns():
        if al.reader.refuses(steps):
            continue  # the agent's schema there takes no value: it never sends it
        path = al.reader.path(steps)
        holder = al.other.path(parent)
        closed = al.other.entries[parent].closed is True
        is_map = steps[-1] is VALUES
        what = f"any key {at(al.reader.path(steps[:-1]))}" if is_map else code(path)
        named = key_names(al.reader.entries[steps[:-1]]) if is_map else None
        undeclared: list[str] = []
        if named is not None:  # the agent's map names its keys (``propertyNames``)
            declared = {s[-1].name for s in al.other.children(parent)
                        if isinstance(s[-1], Prop)}
            undeclared = [name for name in named if name not in declared]
            if not undeclared:
                continue  # every key it may send is one the server declares
            what = f"{the_keys(undeclared)} {at(al.reader.path(steps[:-1]))}"
        if parent not in unsent:
            unsent[parent] = sorted(al.unmatched(parent),
                                    key=lambda s: not al.other.entries[s].required)
        if closed:
            kind = "closed"
            effect = (f"the server's object {at(holder)} is closed, so every call that "
                      "sends it is rejected")
        elif al.other.entries[parent].tags or judged_shapes(al.other.entries[parent]):
            kind = "a union of variants"
            effect = _tagged_effect(al, steps, parent, holder)
        else:
            kind = "open"
            effect = (f"the server's object {at(holder)} is open, so the value is silently "
                      "ignored")
        yield Finding(
            tool=pair.name, rule_id=UNKNOWN, path=path, direction="in",
            severity="error" if closed else "warning",
            facts=_facts.of_effect(f"server object {kind}", undeclared),
            message=f"the agent sends {what}, which the server does not declare; {effect}",
            hint=_rename_hint(al, steps, unsent[parent]))
    for mine, theirs in al.matches():
        if mine and mine[-1] is VALUES and theirs[-1] is VALUES:
            yield from map_keys(pair, al, mine, theirs, UNKNOWN)


def _rename_hint(al: Alignment, steps: Steps, unsent: list[Steps]) -> str:
    """Name the server's properties next to it that the agent never sends (``unsent``):
    usually the field this one was meant to be (``phases[].name`` vs ``phases[].phase_id``)."""
    if len(unsent) == 1 and isinstance(steps[-1], Prop):
        return (f"the server declares {code(al.other.path(unsent[0]))}, which the agent does "
                f"not send: rename {code_span(steps[-1].name)} to {code_span(unsent[0][-1].name)}"  # type: ignore[union-attr]
                " in the agent's schema if it is the same field")
    if unsent:
        names = ", ".join(code_span(al.other.path(s)) for s in unsent[:5])
        return (f"the server declares {names} here, which the agent does not send: rename "
                "the field to one of them, or remove it from the agent's schema")
    return "remove it from the agent's schema, or declare it in the server's inputSchema"


# -- in.missing-required ---------------------------------------------------------------------

MISSING_REQUIRED = "in.missing-required"


#: in.missing-required's facts, by ``how_sent``
_SENT = {"never": "agent never sends it", "maybe": "agent sends it optionally"}


def check_missing_required(pair: ToolPair) -> Iterator[Finding]:
    al = pair.in_  # None: the tables agree, nothing to report
    if al is None:
        return
    required = [(steps, entry) for steps, entry in al.other.entries.items()
                if steps and entry.required and isinstance(steps[-1], Prop)]
    #: the agent's free-form objects (they name no key) -> the keys the server requires there
    unnamed: dict[Steps, list[str]] = {}
    for steps, _ in sorted(required, key=lambda kv: al.other.path(kv[0])):
        name = steps[-1].name  # type: ignore[union-attr]
        # only where the agent sends the enclosing object at all; otherwise the
        # requirement does not apply (or is reported once, higher up)
        for holder in al.reverse.get(steps[:-1], []):
            how = how_sent(al.reader, holder, name)
            if how is None and al.reader.names_no_key(holder):
                unnamed.setdefault(holder, []).append(name)
            if how in ("always", None):
                continue
            mine = al.reader.path((*holder, Prop(name)))
            server_path = al.other.path(steps)
            if how == "never":
                message = (f"the server requires {code(server_path)}, which the agent never "
                           "sends; every call is rejected")
                hint = ("add it to the agent's schema as a required field (check the "
                        "in.unknown findings next to it for a misnamed field)"
                        if (*holder, Prop(name)) not in al.reader.entries else
                        "the agent's schema refuses it (`false` or `{\"not\": {}}`): give "
                        "it the server's type there, and require it")
            else:
                message = (f"the server requires {code(server_path)}, which the agent sends "
                           "only optionally; calls that leave it out are rejected")
                hint = "make it required in the agent's schema, or optional on the server"
            # an optional key the agent stops declaring fails every call, not some
            yield Finding(tool=pair.name, rule_id=MISSING_REQUIRED, path=mine,
                          direction="in", severity="error", message=message, hint=hint,
                          facts=_facts.of_effect(_SENT[how]))
    for holder, names in sorted(unnamed.items(), key=lambda kv: al.reader.path(kv[0])):
        path = al.reader.path(holder)
        yield Finding(
            tool=pair.name, rule_id=MISSING_REQUIRED, path=path, direction="in",
            severity="warning", facts=_facts.of_values(names),
            message=f"the agent's schema names no key of its object {at(path)} (a free-form "
                    f"object), where the server requires {the_keys(names)}: nothing tells "
                    f"the agent to send {them(names)}; calls without {them(names)} are "
                    "rejected",
            hint=f"declare {the_keys(names)} in the agent's schema and require {them(names)}")


def how_sent(reader: Parsed, holder: Steps, name: str) -> str | None:
    """``always``, ``maybe``, ``never``, or ``None`` when the agent's node cannot tell."""
    if reader.opaque(holder) or not reader.may_be_object(holder):
        return None
    child = (*holder, Prop(name))
    if child in reader.entries:
        entry = reader.entries[child]
        return "never" if entry.takes_nothing else "always" if entry.required else "maybe"
    if (*holder, VALUES) in reader.entries:  # a map, unless its names leave this one out
        names = key_names(reader.entries[holder])
        return "maybe" if names is None or name in names else "never"
    if reader.free_form(holder):
        return None
    return "never"


# -- in.type ---------------------------------------------------------------------------------

TYPE = "in.type"


def check_type(pair: ToolPair) -> Iterator[Finding]:
    al = pair.in_  # None: the tables agree, nothing to report
    if al is None:
        return
    for mine, theirs in al.matches():
        a, s = al.reader.entries[mine], al.other.entries[theirs]
        bad = rejected_types(a, s)
        if bad == []:
            continue
        path = al.reader.path(mine)
        accepted = types(s.type)
        if bad is None:
            sent = "a value of any type (its schema leaves the type open)"
        else:
            sent = types(bad)
        facts = _facts.of_types(bad, s.type)
        if s.takes_nothing:  # `false`, `items: false`: the server takes nothing there
            yield Finding(
                tool=pair.name, rule_id=TYPE, path=path, direction="in", severity="error",
                facts=facts,
                message=f"the agent may send {sent} {at(path)}, where the server accepts no "
                        "value (its schema there is `false` or `{\"not\": {}}`, or an "
                        "`additionalProperties: false` beside it leaves the key out); such "
                        "calls are rejected",
                hint="send nothing there, or let the server's schema take it")
            continue
        yield Finding(
            tool=pair.name, rule_id=TYPE, path=path, direction="in", severity="error",
            facts=facts,
            message=f"the agent may send {sent} {at(path)}, the server accepts only "
                    f"{accepted}; such calls are rejected",
            hint=f"constrain the agent's field to {accepted}"
                 + (" (or allow null on the server)" if bad and "null" in bad else ""))


# -- in.enum ---------------------------------------------------------------------------------

ENUM = "in.enum"


def check_enum(pair: ToolPair) -> Iterator[Finding]:
    al = pair.in_  # None: the tables agree, nothing to report
    if al is None:
        return
    for mine, theirs in al.matches():
        a, s = al.reader.entries[mine], al.other.entries[theirs]
        if s.enum is None:
            if s.enum_by_type:  # the server's enum limits some of its types only
                yield from typed_findings(pair.name, al.reader.path(mine), a, s, rule_id=ENUM,
                                          direction="in", hint=_ENUM_HINT)
            continue
        path = al.reader.path(mine)
        sent = finite_values(a)  # a boolean against [true, false] sends nothing else
        if sent is None:
            facts = _facts.any_value("server", s.enum)
            message = (f"the agent may send any value {at(path)}, the server accepts only "
                       f"{values(s.enum)}; calls with another value are rejected" if s.enum
                       else f"the agent may send any value {at(path)}, where the server's "
                            "enum is empty: it accepts no value there; calls that send one "
                            "are rejected")
        else:
            extra = excess(sent, s.enum)
            if not extra:
                continue
            facts = _facts.of_values(extra)
            message = (f"the agent may send {values(extra)} {at(path)}, which the server does "
                       f"not accept ({accepts('server', s.enum)}); such calls are rejected")
        yield Finding(tool=pair.name, rule_id=ENUM, path=path, direction="in",
                      severity="error", message=message, facts=facts,
                      hint=_ENUM_HINT)


_ENUM_HINT = ("restrict the agent's field to the server's values (an enum or Literal), or "
              "extend the server's enum")



RULES = (
    Rule(
        id=UNKNOWN, direction="in", severity="error",
        severity_note="warning where the server's enclosing object is open (the value is "
                      "silently ignored rather than rejected)",
        purpose="The agent sends a field the server does not declare.",
        details="Reported once, at the topmost undeclared path. Where the server's enclosing "
                "object is closed (`additionalProperties: false`, Pydantic `extra='forbid'`) "
                "the call is rejected; where it is open the field is dropped without a word, "
                "which is worse to debug. A map (`{}`), a free-form object and an "
                "unconstrained value absorb any key and never trigger it, except a pattern "
                "map (`patternProperties`): a key none of its patterns matches is unknown "
                "there (an error where the object is closed, as is an agent's map not "
                "limited to those patterns; a warning where it is open). An agent's map whose "
                "`propertyNames` list its keys (pydantic's `dict[Literal[\"a\", \"b\"], "
                "int]`) sends only those: each is held to the server's properties or "
                "patterns and named where refused, and its values are compared, by every "
                "rule, with the properties they land on (`x.a`). Beside a tagged union "
                "whose variants are some closed, some open, the warning names the tag values "
                "with which a call is rejected for the field (a call that fits a variant "
                "without it fits none with it), or says no call is. (In the `out` "
                "direction the same key is reported by `out.missing`: the server never sends "
                "it.)",
        example=Example(
            agent=[_tool("check_phases", {
                "type": "object", "required": ["phases"],
                "properties": {"phases": {"type": "array", "items": {
                    "type": "object", "required": ["name"],
                    "properties": {"name": {"type": "string"}}}}}})],
            server=[_tool("check_phases", {
                "type": "object", "required": ["phases"], "additionalProperties": False,
                "properties": {"phases": {"type": "array", "items": {
                    "type": "object", "required": ["phase_id"], "additionalProperties": False,
                    "properties": {"phase_id": {"type": "string"}}}}}})]),
        check=check_unknown, alignments_only=True),
    Rule(
        id=MISSING_REQUIRED, direction="in", severity="error",
        severity_note="warning, once at the object, where the agent's object is free-form "
                      "(it names no key, so whether a call holds them is the model's guess)",
        purpose="The server requires a field the agent never sends, or sends only optionally.",
        details="Checked wherever the agent sends the enclosing object. A call without the "
                "field fails validation on the server. Often paired with an in.unknown "
                "finding for the same field under another name. A field the agent's schema "
                "refuses (`false`, or `{\"not\": {}}`: zod's `z.never()`) is never sent (nor "
                "is it ever unknown to the server). Where the agent's object is free-form "
                "(`{\"type\": \"object\"}`, pydantic's `dict[str, Any]`: it names no key), "
                "one warning at the object names every key the server requires in it.",
        example=Example(
            agent=[_tool("search", {"type": "object",
                                    "properties": {"query": {"type": "string"}}})],
            server=[_tool("search", {"type": "object", "required": ["query"],
                                     "properties": {"query": {"type": "string"}}})]),
        check=check_missing_required, alignments_only=True),
    Rule(
        id=TYPE, direction="in", severity="error",
        purpose="The agent may send a type the server does not accept.",
        details="`integer` fits `number`, and a `number` of whole steps (`multipleOf: 1`) "
                "is an `integer`; `null` fits only where the server allows it "
                "(`anyOf [X, null]`, `Optional[X]`). An agent field with no type constraint "
                "may send anything, so it is reported against a typed server field; one with "
                "an enum and no type sends only its values' types. A list sent where the "
                "server takes a tuple (`prefixItems`, pydantic's `tuple[str, int]`) is held "
                "to every position, and everything below the list's item to what is below "
                "each position: findings name the position (`t[1]`, `t[1].x`). Likewise a "
                "map whose `propertyNames` list its keys (pydantic's `dict[Literal[\"a\", "
                "\"b\"], int]`) sent where the server has an object is held to each property "
                "it names, by this rule and every other (`m.a`, `m.a.x`). An array "
                "that says nothing of its items (no `items`, or a tuple whose tail is open "
                "and not ended by `maxItems`) holds any value, as `items: {}` does.",
        example=Example(
            agent=[_tool("fetch", {"type": "object", "properties": {
                "limit": {"anyOf": [{"type": "integer"}, {"type": "null"}]}}})],
            server=[_tool("fetch", {"type": "object", "properties": {
                "limit": {"type": "integer"}}})]),
        check=check_type, alignments_only=True),
    Rule(
        id=ENUM, direction="in", severity="error",
        purpose="The agent may send a value outside the server's enum.",
        details="Compares `enum`/`const` value sets as JSON Schema compares values (order "
                "never matters; `2` is `2.0` at any depth, `[1.0]` is `[1]`; `true` is not "
                "`1`). An agent field without an enum may send any value of its type, so it is "
                "reported against a server enum, unless its type has few values, all of them in "
                "the enum (a boolean, `null`, an integer between bounds at most 64 apart). "
                "Where the server's enum limits some of its types only (pydantic's "
                "`Literal[\"auto\"] | int`: the entry's `enum_by_type`), the agent's values of "
                "each limited type are held to it: an agent's `str | int` may send any string "
                "there, its `Literal[\"auto\", \"manual\"] | int` the string `\"manual\"`; "
                "its integers are free.",
        example=Example(
            agent=[_tool("sort", {"type": "object", "properties": {
                "order": {"enum": ["asc", "desc", "random"]}}})],
            server=[_tool("sort", {"type": "object", "properties": {
                "order": {"enum": ["asc", "desc"]}}})]),
        check=check_enum, alignments_only=True),
)
