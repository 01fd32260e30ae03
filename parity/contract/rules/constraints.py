"""``in.constraint`` and ``out.constraint``: patterns, bounds, lengths and formats.

Both sides may agree on a field's type and still disagree on its values: the server demands
``^[a-z]+__[a-z_]+$`` where the agent's stub allows any string. Each finding carries a
witness, a concrete value one side allows and the other rejects, checked with ``jsonschema``
(``parity.contract.rules._witness``); without one the finding is a warning that the
constraint is "possibly narrower", never an error.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from parity.contract.rules import _facts, _key_witness, _witness
from parity.contract.rules._align import Alignment, ToolPair
from parity.contract.rules._base import Direction, Example, Finding, Rule, example_tool
from parity.contract.rules._text import at
from parity.core.jsonio import compact
from parity.fieldpaths.constraints import KIND, OBJECT_KEYWORDS, canonical, json_value, on_keys
from parity.fieldpaths.entry import Entry
from parity.fieldpaths.fieldpath import ITEMS, Index, Steps

#: the keywords a witness of keys (``_key_witness``) refutes
KEYED = frozenset(OBJECT_KEYWORDS)
IN = "in.constraint"
OUT = "out.constraint"


def _stated(entry: Entry) -> str:
    """The entry's constraints as people read them: ``pattern "^a$", maxLength 5``."""
    parts = [f"{k} {compact(p)}" for k, v in entry.constraints if k == "pattern" for p in v]
    parts += [f"{k} {compact(json_value(k, v))}" for k, v in entry.constraints
              if k != "pattern"]
    if entry.format is not None:
        parts.append(f"format {compact(entry.format)}")
    return ", ".join(parts)


def _facts_of(sender: Entry, receiver: Entry, who: str) -> tuple[str, ...]:
    """One unit per constraint of the receiver the sender does not state as tightly
    (``server maxLength 50``, ``server pattern "^a$"``): what a witness, found or not,
    stands for, apart from which value it is. All of them where none alone is (the
    constraints on keys, which ``implied`` reads together)."""
    units = []
    for keyword, value in receiver.constraints:
        one = replace(receiver, constraints=((keyword, value),), format=None)
        if keyword == "pattern":
            units += [f"{who} pattern {compact(p)}" for p in value
                      if not _witness.implied(sender, replace(one, constraints=(
                          (keyword, (p,)),)))]
        elif not _witness.implied(sender, one):
            units.append(f"{who} {keyword} {compact(json_value(keyword, value))}")
    if receiver.format is not None and receiver.format != sender.format:
        units.append(f"{who} format {compact(receiver.format)}")
    return _facts.bounded(units or [f"{who} {_stated(receiver)}"])


def _item(parsed_entries: dict[Steps, Entry], steps: Steps) -> Entry | None:
    return parsed_entries.get((*steps, ITEMS))


def _tuple_length(sender: Entry, entries: dict[Steps, Entry], steps: Steps,
                  item: Entry | None) -> Entry:
    """``sender`` with the ``maxItems`` its closed tuple implies (``items: false`` past
    its positions): ``[0, 0, 0]`` is no witness against a server's ``maxItems 2`` where the
    sender sends pairs."""
    if item is None or item.type:
        return sender
    count = 0
    while (*steps, Index(count)) in entries:
        count += 1
    stated = dict(sender.constraints)
    stated["maxItems"] = min(stated.get("maxItems", count), count)
    return replace(sender, constraints=canonical(stated))


def _applies(receiver: Entry, sender: Entry) -> bool:
    """Some constraint of the receiver bears on a value the sender may produce: a numeric
    bound says nothing about a string (a type mismatch is in.type's to report)."""
    kinds = {KIND[k] for k, _ in receiver.constraints}
    if receiver.format is not None:
        kinds.add("string")
    if "number" in kinds:
        kinds.add("integer")  # numeric bounds bear on integers too
    return any(sender.allows(kind) for kind in kinds)


def _compare(al: Alignment, *, sender_is_reader: bool
             ) -> Iterator[tuple[Steps, Entry, Entry, _witness.Witness | None]]:
    """(reader's node, sender entry, receiver entry, witness) where the receiver constrains
    values the sender does not promise to avoid."""
    for mine, theirs in al.matches():
        a, s = al.reader.entries[mine], al.other.entries[theirs]
        sender, receiver = (a, s) if sender_is_reader else (s, a)
        table = al.reader if sender_is_reader else al.other
        steps = mine if sender_is_reader else theirs
        if on_keys(receiver.constraints):
            if table.may_be_object(steps):
                keyed = _key_witness.find(table, steps, receiver)
                if keyed is not None:
                    yield mine, sender, receiver, None if keyed is _witness.UNDECIDED else keyed
                    continue
            receiver = _key_witness.values_only(receiver)
        if not _applies(receiver, sender):
            continue
        entries = table.entries
        item = _item(entries, steps)
        bounded = _tuple_length(sender, entries, steps, item)
        if _witness.implied(bounded, receiver):
            continue
        witness = _witness.find(bounded, receiver, item)
        if witness is None and sender.enum is not None:
            continue  # every value the sender may produce was tried: none is rejected
        yield mine, sender, receiver, None if witness is _witness.UNDECIDED else witness


def _dialect(receiver: Entry, sender: Entry, witness: _witness.Witness | None) -> str:
    patterns = tuple(p for e in (receiver, sender) for k, v in e.constraints
                     if k == "pattern" for p in v)
    notes = _witness.dialect_notes(tuple(dict.fromkeys(patterns)),
                                   None if witness is None else witness.value,
                                   witnessed=witness is not None)
    if not notes:
        return ""
    return (" (checked with Python's re; JSON Schema patterns are ECMA-262 and "
            + "; ".join(notes) + ": confirm with the server's own validator)")


def check_in(pair: ToolPair) -> Iterator[Finding]:
    al = pair.in_  # None: the tables agree, nothing to report
    if al is None:
        return
    for mine, sender, receiver, witness in _compare(al, sender_is_reader=True):
        yield _finding(pair, IN, "in", al.reader.path(mine), sender, receiver, witness)


def check_out(pair: ToolPair) -> Iterator[Finding]:
    al = pair.out  # None: nothing read, nothing declared, or the tables agree
    if al is None:
        return
    for mine, sender, receiver, witness in _compare(al, sender_is_reader=False):
        yield _finding(pair, OUT, "out", al.reader.path(mine), sender, receiver, witness)


def _finding(pair: ToolPair, rule_id: str, direction: Direction, path: str, sender: Entry,
             receiver: Entry, witness: _witness.Witness | None) -> Finding:
    demanded = _stated(receiver)
    promised = _stated(sender) or "no constraint"
    dialect = _dialect(receiver, sender, witness)
    sent = None if witness is None else (_key_witness.effect(witness, receiver)
                                         if witness.keyword in KEYED
                                         else compact(witness.value))
    if direction == "in":
        who = f"the server demands {demanded} {at(path)}, the agent promises {promised}"
        if witness is not None:
            effect = f"the agent may send {sent}, which the server rejects ({witness.keyword})"
        hint = "state the server's constraint in the agent's schema (or relax the server's)"
    else:
        who = (f"the agent relies on {demanded} {at(path)}, the server promises {promised}")
        if witness is not None:
            effect = (f"the server may return {sent}, which the agent rejects "
                      f"({witness.keyword})")
        hint = ("state the constraint in the server's outputSchema, or drop it from what the "
                "agent expects")
    facts = _facts_of(sender, receiver, "server" if direction == "in" else "agent")
    if witness is None:
        return Finding(tool=pair.name, rule_id=rule_id, path=path, direction=direction,
                       severity="warning", facts=facts,
                       message=f"{who}: possibly narrower; no value was found that one "
                               f"side allows and the other rejects{dialect}",
                       hint=hint)
    return Finding(tool=pair.name, rule_id=rule_id, path=path, direction=direction,
                   severity="error", message=f"{who}; {effect}{dialect}", hint=hint,
                   facts=facts)


def _ids(items: dict[str, object]) -> dict[str, object]:
    return {"type": "object", "required": ["tools"],
            "properties": {"tools": {"type": "array", "items": items}}}


RULES = (
    Rule(
        id=IN, direction="in", severity="error",
        severity_note="warning (\"possibly narrower\") where no witness value is found",
        purpose="The server accepts fewer values than the agent may send.",
        details="Compares `pattern`, `minLength`/`maxLength`, `minimum`/`maximum` (and the "
                "exclusive forms), `multipleOf`, `minItems`/`maxItems`, `uniqueItems` and "
                "`format` on every field both sides declare (an integer meets `multipleOf: 1`, "
                "and `0.5` or another power of two below it; a `minLength`, `minItems` or "
                "`minProperties` of 0 bounds nothing). The finding names a witness: a "
                "value the agent's schema allows and the server's rejects, checked with "
                "jsonschema (for patterns, candidates are generated from the agent's side). "
                "Patterns are ECMA-262 in JSON Schema and checked with Python's re: where "
                "the two read a pattern differently, the message says so. On objects it "
                "compares the constraints on their keys, `minProperties`, `maxProperties`, "
                "`dependentRequired` (draft-07's `dependencies` lists) and `propertyNames` "
                "(pydantic's `dict[Currency, float]`): the witness is "
                "the fewest keys an object the agent sends may hold (its required keys "
                "with every combination of up to seven keys it may add, each with what its "
                "own `dependentRequired` brings; any key where it is a map or free-form), "
                "such as `card` without the `address` the server requires with it, or a "
                "key the server's `propertyNames` refuse.",
        example=Example(
            agent=[example_tool("estimate_cost", _ids({"type": "string"}))],
            server=[example_tool("estimate_cost", _ids({"type": "string",
                                                 "pattern": "^[a-z]+__[a-z_]+$"}))]),
        check=check_in, alignments_only=True),
    Rule(
        id=OUT, direction="out", severity="error",
        severity_note="warning (\"possibly narrower\") where no witness value is found",
        purpose="The agent relies on a constraint the server's output does not promise.",
        details="The agent's model of a result (its `out` table) constrains a field, "
                "`minimum: 0` or a `pattern`, that the server's `outputSchema` leaves open: "
                "a result within the server's promise fails the agent's validation. The "
                "witness is a value the server may return that the agent rejects; on "
                "objects, a set of keys (the agent's `minProperties`, `maxProperties`, "
                "`dependentRequired`, `propertyNames`), as in.constraint finds one.",
        example=Example(
            agent=[example_tool("estimate_cost", {"type": "object"},
                         {"type": "object", "properties": {
                             "total_usd": {"type": "number", "minimum": 0}}})],
            server=[example_tool("estimate_cost", {"type": "object"},
                          {"type": "object", "properties": {
                              "total_usd": {"type": "number"}}})]),
        check=check_out, alignments_only=True),
)
