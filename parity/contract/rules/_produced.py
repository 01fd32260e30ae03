"""What a side's node may produce, for the rules that compare it with the other's: the
types it sends or returns (``rejected_types``: those the receiver refuses), the values of
its enum its type lets through, and every value it holds where they are few."""

from __future__ import annotations

import math
from typing import Any

from parity.fieldpaths import typed_enums
from parity.fieldpaths.entry import Entry, value_type


def rejected_types(sender: Entry, receiver: Entry) -> list[str] | None:
    """The types ``sender`` may produce that ``receiver`` does not accept; ``None`` when the
    sender's type is unconstrained and the receiver's is not. A sender with an enum produces
    only its values' types (``{"enum": ["asc"]}`` sends a string, typed or not)."""
    if sender.type == receiver.type:  # the common case: any accepts any, each type itself
        return []
    if receiver.is_any:
        return []
    produced: list[str] | tuple[str, ...] = sender.type
    if sender.enum is not None:
        produced = sorted({t for t in map(value_type, sender.enum) if sender.allows(t)})
    elif sender.is_any:
        return None
    elif "number" in produced and _whole(sender):  # ``number, multipleOf 1`` is an integer
        produced = sorted({"integer" if t == "number" else t for t in produced})
    return [t for t in produced if not receiver.allows(t)]


def _whole(entry: Entry) -> bool:
    """Whether the numbers ``entry`` holds are whole: a ``multipleOf`` of a whole number
    (``3.0`` is one; JSON Schema types it ``integer``)."""
    step = dict(entry.constraints).get("multipleOf")
    if isinstance(step, float):
        return step > 0 and step.is_integer()
    return isinstance(step, int) and not isinstance(step, bool) and step > 0


def producible(entry: Entry) -> tuple[Any, ...]:
    """The values of ``entry``'s enum its type lets through (``{"type": "string", "enum":
    ["x", 1]}`` can only hold ``"x"``)."""
    enum = entry.enum or ()
    if entry.is_any:
        return enum
    return tuple(v for v in enum if entry.allows(value_type(v)))


#: most values of a bounded integer node listed as its values (``finite_values``)
MAX_LISTED = 64
_FEW = {"boolean": (False, True), "null": (None,)}


def finite_values(entry: Entry) -> tuple[Any, ...] | None:
    """Every value ``entry`` may hold, when they are few: its enum (``producible``), or what
    its type alone allows: a boolean, ``null``, an integer between bounds at most
    ``MAX_LISTED`` apart. ``None``: more than that (a string, an unbounded number)."""
    if entry.enum is not None:
        return producible(entry)
    if entry.is_any:
        return None
    out: list[Any] = []
    if entry.enum_by_type:  # some types limited by an enum: each type's values
        for kind in typed_enums.kinds(entry.type):
            held = of_kind(entry, kind)
            if held is None:
                return None
            out.extend(held)
        return tuple(out)
    for name in entry.type:
        held = _FEW.get(name) or (_integers(entry) if name == "integer" else None)
        if held is None:
            return None
        out.extend(held)
    return tuple(out)


def of_kind(entry: Entry, kind: str) -> tuple[Any, ...] | None:
    """``finite_values`` of ``entry``'s values of value type ``kind`` (``value_type``'s
    names: an integral number is an ``integer``): ``()`` where it holds none; ``None``:
    more than ``MAX_LISTED``."""
    if entry.enum is not None:
        return tuple(v for v in producible(entry) if value_type(v) == kind)
    if not entry.allows(kind):
        return ()
    limited = typed_enums.of_kind(entry, kind)
    if limited is not None:
        return limited
    if kind in _FEW:
        return _FEW[kind]
    return _integers(entry) if kind == "integer" and not entry.is_any else None


def _integers(entry: Entry) -> tuple[int, ...] | None:
    """The integers ``entry``'s bounds and ``multipleOf`` let through, if few."""
    stated = dict(entry.constraints)
    bounds = _integer_bounds(stated)
    step = stated.get("multipleOf", 1)
    if bounds is None or not isinstance(step, int):
        return None
    return tuple(n for n in range(bounds[0], bounds[1] + 1) if n % step == 0)


def _integer_bounds(stated: dict[str, Any]) -> tuple[int, int] | None:
    """The least and greatest integer the bounds let through (the tighter of each pair)."""
    low = [math.ceil(stated["minimum"])] if "minimum" in stated else []
    if "exclusiveMinimum" in stated:
        low.append(math.floor(stated["exclusiveMinimum"]) + 1)
    high = [math.floor(stated["maximum"])] if "maximum" in stated else []
    if "exclusiveMaximum" in stated:
        high.append(math.ceil(stated["exclusiveMaximum"]) - 1)
    if not low or not high or min(high) - max(low) + 1 > MAX_LISTED:
        return None
    return max(low), min(high)


__all__ = ["MAX_LISTED", "finite_values", "of_kind", "producible", "rejected_types"]
