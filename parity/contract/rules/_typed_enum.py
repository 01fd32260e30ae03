"""``in.enum`` and ``out.enum`` where the receiving side's enum limits some of its types only
(``Entry.enum_by_type``: pydantic's ``Literal["auto"] | int``): the sending side's values of
each limited type are held to that type's values; its other types are free."""

from __future__ import annotations

from collections.abc import Iterator

from parity.contract.rules import _facts
from parity.contract.rules._agree import excess
from parity.contract.rules._base import Direction, Finding
from parity.contract.rules._produced import of_kind
from parity.contract.rules._text import at, types, values
from parity.fieldpaths.entry import Entry
from parity.fieldpaths.typed_enums import free_kinds

#: by direction: the sending side, its verb, the receiving side, what fails
_WORDS = {"in": ("agent", "send", "server", "such calls are rejected"),
          "out": ("server", "return", "agent", "such results fail in the agent")}


def typed_findings(tool: str, path: str, sender: Entry, receiver: Entry, *, rule_id: str,
                   direction: Direction, hint: str) -> Iterator[Finding]:
    """The finding of ``rule_id`` (``in.enum``, ``out.enum``) at ``path`` where
    ``receiver``'s ``enum_by_type`` refuses what ``sender`` may produce."""
    who, verb, whom, fails = _WORDS[direction]
    found = typed_gaps(sender, receiver, whom)
    if found is not None:
        produced, taken, facts = found
        yield Finding(tool=tool, rule_id=rule_id, path=path, direction=direction,
                      severity="error", facts=facts, hint=hint,
                      message=f"the {who} may {verb} {produced} {at(path)}, where the {whom} "
                              f"accepts only {taken}; {fails}")


def typed_gaps(sender: Entry, receiver: Entry,
               side: str) -> tuple[str, str, tuple[str, ...]] | None:
    """What ``sender`` may produce beyond ``receiver``'s limited types (``side`` names the
    receiver in the facts): the values (or ``any string``) in words, what the receiver
    takes, and the finding's facts; ``None``: nothing beyond."""
    sent: list[str] = []
    units: list[str] = []
    for kind, accepted in receiver.enum_by_type:
        held = of_kind(sender, kind)
        if held is None:
            sent.append(f"any {kind}")
            units.extend(_facts.any_value(side, accepted, kind))
            continue
        extra = excess(held, accepted)
        if extra:
            sent.append(values(extra))
            units.extend(_facts.of_values(extra))
    if not sent:
        return None
    return " and ".join(sent), taken(receiver), _facts.bounded(units)


def taken(receiver: Entry) -> str:
    """What a receiver with ``enum_by_type`` takes: ``"auto" among strings (any integer
    otherwise)``."""
    return ", ".join(_among(kind, accepted) for kind, accepted in receiver.enum_by_type) + (
        f" (any {types(free_kinds(receiver))} otherwise)")


def _among(kind: str, accepted: tuple[object, ...]) -> str:
    plural = kind if kind == "null" else f"{kind}s"
    return f"{values(accepted)} among {plural}" if accepted else f"no {kind}"
