"""Wording shared by rule messages: paths, types and values as people read them."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from parity.core.jsonio import compact
from parity.core.terminal import code_span


def code(path: str) -> str:
    """A path as a code span (``code_span``: one that holds a backtick is fenced by two), or
    ``the root object``."""
    return code_span(path) if path else "the root object"


def at(path: str) -> str:
    """Where an object is: ``at `x`` or ``at the root``."""
    return f"at {code_span(path)}" if path else "at the root"


def types(names: Iterable[str]) -> str:
    names = list(names)
    if not names:
        return "no value"
    return " or ".join(names)


def values(items: Iterable[Any], limit: int = 8) -> str:
    """The first ``limit`` values as JSON, and how many more (only those shown are
    rendered: a message per key of an object naming its k keys rendered k each)."""
    listed = list(items)
    # a backtick (only ever in a string: JSON has none of its own) as the same JSON's
    # \u0060, so that a value cannot open or close a code span of the message around it
    shown = ", ".join(compact(v).replace("`", "\\u0060") for v in listed[:limit])
    return shown + (f" (+{len(listed) - limit} more)" if len(listed) > limit else "")


def accepts(side: str, enum: Sequence[Any]) -> str:
    """What ``side`` takes where its ``enum`` is: ``it accepts "a", "b"``; an empty enum takes
    nothing, said in words rather than as an empty list."""
    if enum:
        return f"it accepts {values(enum)}"
    return f"the {side}'s enum is empty: it accepts no value there"


def the_keys(names: Sequence[str]) -> str:
    """Keys named in a message: ``the key "a"``, ``the keys "a", "b"``."""
    return f"the key{'s' if len(names) > 1 else ''} {values(names)}"


def them(names: Sequence[str]) -> str:
    """The pronoun of ``the_keys(names)``: ``it`` or ``them``."""
    return "them" if len(names) > 1 else "it"
