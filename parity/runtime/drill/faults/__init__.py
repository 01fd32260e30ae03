"""The fault-mode registry: every fault the drill injects, by stable name.

Each family is one module listing its ``Fault`` values (``clean``, ``connection``,
``status``, ``listing``, ``body``); ``FAULTS`` gathers them in drill order. A new mode is one
``Fault`` in the module of its family (name, documentation, injection hooks, expected
categories, where it applies, fixture) and one line in the ``FAULTS`` order below;
docs/drill.md's table is checked against ``render_table()`` by a test.
"""

from __future__ import annotations

from parity.runtime.drill.faults import body, clean, connection, listing, status
from parity.runtime.drill.faults._base import (
    TRANSPORTS,
    Action,
    Call,
    Fault,
    Fixture,
    Rewrite,
    Transport,
)

_ORDER = ("none", "unavailable", "denied", "rate_limited", "drift", "partial",
          "http200_error", "wrapped_error", "empty_body", "slow", "truncated_json",
          "wrong_schema")

_ALL = {f.name: f for f in (*clean.FAULTS, *connection.FAULTS, *status.FAULTS,
                            *listing.FAULTS, *body.FAULTS)}

#: name -> fault mode, in drill order (``none`` first: the clean reference)
FAULTS: dict[str, Fault] = {name: _ALL[name] for name in _ORDER}
if set(FAULTS) != set(_ALL):  # a mode defined but not placed in the order is a bug
    raise RuntimeError(f"fault modes outside the order: {sorted(set(_ALL) - set(FAULTS))}")


def render_table() -> str:
    """The Markdown table of the modes, as docs/drill.md shows it."""
    lines = ["| mode | what the proxy does | expected |", "| --- | --- | --- |"]
    lines.extend(f"| `{f.name}` | {f.does} | {f.answers} |" for f in FAULTS.values())
    return "\n".join(lines) + "\n"


__all__ = ["FAULTS", "TRANSPORTS", "Action", "Call", "Fault", "Fixture", "Rewrite",
           "Transport", "render_table"]
