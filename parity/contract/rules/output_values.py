"""``out.type`` and ``out.enum``: the values the server returns at a key the agent reads,
against those the agent accepts there."""

from __future__ import annotations

from collections.abc import Iterator

from parity.contract.rules import _facts
from parity.contract.rules._agree import excess
from parity.contract.rules._align import ToolPair
from parity.contract.rules._base import Example, Finding, Rule, example_tool
from parity.contract.rules._produced import finite_values, rejected_types
from parity.contract.rules._text import accepts, at, types, values
from parity.contract.rules._typed_enum import typed_findings


def _tool(name: str, out: dict[str, object] | None) -> dict[str, object]:
    return example_tool(name, {"type": "object"}, out)


# -- out.type --------------------------------------------------------------------------------

TYPE = "out.type"


def check_type(pair: ToolPair) -> Iterator[Finding]:
    al = pair.out  # None: nothing read, nothing declared (out.undeclared's) or agreed
    if al is None:
        return
    for mine, theirs in al.matches():
        a, s = al.reader.entries[mine], al.other.entries[theirs]
        bad = rejected_types(s, a)
        if bad == []:
            continue
        path = al.reader.path(mine)
        sent = "a value of any type (its schema leaves the type open)" if bad is None \
            else types(bad)
        yield Finding(
            tool=pair.name, rule_id=TYPE, path=path, direction="out", severity="error",
            facts=_facts.of_types(bad, a.type),
            message=f"the server may return {sent} {at(path)}, the agent accepts only "
                    f"{types(a.type)}; such results fail in the agent",
            hint="widen the agent's type"
                 + (" (Optional[...] for null)" if bad and "null" in bad else "")
                 + ", or narrow the server's outputSchema")


# -- out.enum --------------------------------------------------------------------------------

ENUM = "out.enum"


def check_enum(pair: ToolPair) -> Iterator[Finding]:
    al = pair.out  # None: nothing read, nothing declared (out.undeclared's) or agreed
    if al is None:
        return
    for mine, theirs in al.matches():
        a, s = al.reader.entries[mine], al.other.entries[theirs]
        if a.enum is None:
            if a.enum_by_type:  # the agent's enum limits some of its types only
                yield from typed_findings(pair.name, al.reader.path(mine), s, a, rule_id=ENUM,
                                          direction="out", hint=_ENUM_HINT)
            continue
        path = al.reader.path(mine)
        returned = finite_values(s)  # a boolean against [true, false] returns nothing else
        if returned is None:
            facts = _facts.any_value("agent", a.enum)
            message = (f"the server may return any value {at(path)}, the agent accepts only "
                       f"{values(a.enum)}; results with another value fail in the agent"
                       if a.enum else
                       f"the server may return any value {at(path)}, where the agent's enum "
                       "is empty: it accepts no value there; results that hold one fail in "
                       "the agent")
        else:
            extra = excess(returned, a.enum)
            if not extra:
                continue
            facts = _facts.of_values(extra)
            message = (f"the server may return {values(extra)} {at(path)}, which the agent "
                       f"does not accept ({accepts('agent', a.enum)}); such results fail")
        yield Finding(tool=pair.name, rule_id=ENUM, path=path, direction="out",
                      severity="error", message=message, facts=facts,
                      hint=_ENUM_HINT)


_ENUM_HINT = "accept every value the server declares, or narrow the server's enum"


RULES = (
    Rule(
        id=TYPE, direction="out", severity="error",
        purpose="The server may return a type the agent does not accept.",
        details="`integer` fits `number`, and a `number` of whole steps (`multipleOf: 1`) "
                "is an `integer`; `null` only where the agent accepts it. A server "
                "field with no type constraint may return anything.",
        example=Example(
            agent=[_tool("status", {"type": "object",
                                    "properties": {"count": {"type": "integer"}}})],
            server=[_tool("status", {"type": "object", "properties": {
                "count": {"type": ["integer", "null"]}}})]),
        check=check_type, alignments_only=True),
    Rule(
        id=ENUM, direction="out", severity="error",
        purpose="The server may return a value outside the agent's enum.",
        details="The agent's result model takes a fixed set of values (an enum or Literal); "
                "the server declares more, or none (a boolean, `null` or an integer between "
                "bounds at most 64 apart is held by its values). Where the agent's enum "
                "limits some of its types only (`Literal[\"auto\"] | int`: the entry's "
                "`enum_by_type`), the server's values of each limited type are held to it, "
                "any string it may return reported as such; the other types are free.",
        example=Example(
            agent=[_tool("status", {"type": "object", "properties": {
                "state": {"enum": ["done", "running"]}}})],
            server=[_tool("status", {"type": "object", "properties": {
                "state": {"enum": ["done", "failed", "running"]}}})]),
        check=check_enum, alignments_only=True),
)
