"""A finding's facts: what the difference at its key is, apart from its wording.

A baseline entry is keyed by ``(tool, rule, path)``, which does not say *which* values,
types or constraints differ there; ``Finding.facts`` does, as short, sorted units
(``'"c"'``, ``server maxLength 50``), so a baseline can record what was reviewed and notice
when the difference at a key widens (docs/baseline.md). Units are a pure function of the two
manifests and never reuse a message's words, which may be reworded.

A hostile manifest may hold a 10,000-value enum: ``bounded`` keeps at most ``MAX_UNITS``
units of at most ``MAX_UNIT`` characters, and says what it cut with a digest of it, so two
cut lists are equal only when what they cut is.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from parity.core.jsonio import compact

if TYPE_CHECKING:
    from parity.contract.rules._variants import Gap, Miss

#: most units kept; the rest are one marker unit naming how many and their digest
MAX_UNITS = 32
#: longest unit kept whole; a longer one is cut, ending in the digest of the whole
MAX_UNIT = 120
_DIGITS = 12


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:_DIGITS]


def _unit(text: str) -> str:
    if len(text) <= MAX_UNIT:
        return text
    marker = f"... (sha256 {_digest(text)})"
    return text[:MAX_UNIT - len(marker)] + marker


def bounded(units: Iterable[str]) -> tuple[str, ...]:
    """``units`` sorted, deduplicated, each at most ``MAX_UNIT`` characters, at most
    ``MAX_UNITS`` of them plus a marker: ``(+N more, sha256 ...)``."""
    listed = sorted({_unit(u) for u in units})
    if len(listed) <= MAX_UNITS:
        return tuple(listed)
    rest = listed[MAX_UNITS:]
    return (*listed[:MAX_UNITS], f"(+{len(rest)} more, sha256 {_digest(chr(10).join(rest))})")


def of_values(values: Iterable[Any]) -> tuple[str, ...]:
    """Each value as compact JSON (``"c"``, ``2``)."""
    return bounded(map(compact, values))


def any_value(side: str, accepted: Iterable[Any], kind: str = "value") -> tuple[str, ...]:
    """One unit: any value (of type ``kind``) may be sent, ``side`` accepting only
    ``accepted`` (its enum, or its values of that type)."""
    return bounded([f"any {kind}; {side} accepts " + (", ".join(sorted(map(compact, accepted)))
                                                       or "none")])


def of_types(bad: Iterable[str] | None, accepted: Iterable[str]) -> tuple[str, ...]:
    """The types one side may produce that the other does not accept; where its type is
    open (``None``), one unit naming what the other accepts."""
    if bad is None:
        return bounded([f"any type; accepts {' or '.join(sorted(accepted)) or 'none'}"])
    return bounded(bad)


def of_misses(misses: Iterable[Miss], *, tagged: bool) -> tuple[str, ...]:
    """One unit per tag value (``tagged``; else the union's one way) the sending side fails
    the variants with: what keeps it from each closest variant, by key names, and
    ``(every)`` where every call (result) with it fails."""
    return bounded((compact(m.value) + ": " if tagged else "")
                   + " or ".join(sorted(map(_gap, m.gaps))) + (" (every)" if m.fatal else "")
                   for m in misses)


def _gap(gap: Gap) -> str:
    parts = [f"requires {_names(gap.missing)}" if gap.missing else "",
             f"refuses {_names(gap.refused)}" if gap.refused else "",
             # the types sent as well: a key sent as one more type is another difference
             "types " + ", ".join(sorted(f"{key} {'|'.join(sorted(sent))}"
                                         for key, _, sent in gap.mistyped))
             if gap.mistyped else "",
             f"holds {_names(u[0] for u in gap.unheld)}" if gap.unheld else "",
             # the values too: a wider set at the same tag and key is another difference
             "values " + ", ".join(sorted(f"{key} {' or '.join(sorted(map(compact, sent)))}"
                                          for key, _, sent in gap.misvalued))
             if gap.misvalued else ""]
    return ", ".join(p for p in parts if p) or "differs"


def _names(names: Iterable[str]) -> str:
    return ",".join(sorted(names))


def of_groups(groups: Sequence[Sequence[str]], state: str = "") -> tuple[str, ...]:
    """One unit: the groups of keys asked (a choice's, keys held together), and how."""
    return bounded([" | ".join(sorted(_names(g) for g in groups)) + (f"; {state}" if state
                                                                        else "")])


def of_effect(effect: str, names: Iterable[str] = ()) -> tuple[str, ...]:
    """One unit saying what the difference does (``server object closed``: an unknown key
    rejected, where an open object ignored it), and one per key it is about (``"b"``): the
    same key may go from harmless to fatal, a map from one undeclared name to three."""
    return bounded([effect, *map(compact, names)])


__all__ = ["MAX_UNIT", "MAX_UNITS", "any_value", "bounded", "of_effect", "of_groups",
           "of_misses", "of_types", "of_values"]
