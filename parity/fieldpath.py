"""Field paths: the steps from a tool's root object to one node of its schema.

Grammar (normative, see docs/field-paths.md):

    path     := "" | step ( step )*
    prop     := IDENT | JSON-STRING        joined to the previous step with "."
    items    := "[]"                       array items
    index    := "[" N "]"                  tuple position
    values   := "{}"                       map values
    IDENT    := [A-Za-z_$][A-Za-z0-9_$-]*

The empty path is the root object itself.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Union

from parity.errors import ParityError

_IDENT = re.compile(r"[A-Za-z_$][A-Za-z0-9_$-]*")
_DECODER = json.JSONDecoder()


@dataclass(frozen=True, order=True)
class Prop:
    """An object property, by name."""

    name: str


@dataclass(frozen=True, order=True)
class Index:
    """A tuple position (``prefixItems`` or draft-07 array-valued ``items``)."""

    position: int


@dataclass(frozen=True)
class _Items:
    def __repr__(self) -> str:
        return "ITEMS"


@dataclass(frozen=True)
class _Values:
    def __repr__(self) -> str:
        return "VALUES"


#: Array items, rendered ``[]``.
ITEMS = _Items()
#: Map values, rendered ``{}``.
VALUES = _Values()

Step = Union[Prop, Index, _Items, _Values]  # noqa: UP007 - a runtime alias on 3.10
Steps = tuple[Step, ...]


def render_prop(name: str) -> str:
    if _IDENT.fullmatch(name):
        return name
    return json.dumps(name, ensure_ascii=False)


def render(steps: Steps) -> str:
    """Print steps in the field-path grammar; ``parse(render(s)) == s``."""
    out: list[str] = []
    for step in steps:
        if isinstance(step, Prop):
            if out:
                out.append(".")
            out.append(render_prop(step.name))
        elif isinstance(step, Index):
            out.append(f"[{step.position}]")
        elif step is ITEMS:
            out.append("[]")
        else:
            out.append("{}")
    return "".join(out)


def parse(text: str) -> Steps:
    """Parse a printed field path back into its steps."""
    steps: list[Step] = []
    i = 0
    n = len(text)
    expect_prop = True  # a property may start the path or follow a "."
    while i < n:
        ch = text[i]
        if ch == "[":
            end = text.find("]", i)
            if end < 0:
                raise _bad(text, i, "unclosed '['")
            inner = text[i + 1 : end]
            if inner == "":
                steps.append(ITEMS)
            elif inner.isdigit() and inner == str(int(inner)):
                steps.append(Index(int(inner)))
            else:
                raise _bad(text, i, "expected '[]' or '[N]'")
            i = end + 1
            expect_prop = False
        elif text.startswith("{}", i):
            steps.append(VALUES)
            i += 2
            expect_prop = False
        elif ch == ".":
            if not steps or expect_prop:
                raise _bad(text, i, "unexpected '.'")
            i += 1
            expect_prop = True
            if i >= n:
                raise _bad(text, i, "path ends with '.'")
        else:
            if not expect_prop:
                raise _bad(text, i, "expected '.', '[' or '{'")
            if ch == '"':
                try:
                    name, end = _DECODER.raw_decode(text, i)
                except json.JSONDecodeError as exc:
                    raise _bad(text, i, f"bad quoted name ({exc.msg})") from None
                if not isinstance(name, str):
                    raise _bad(text, i, "bad quoted name")
                steps.append(Prop(name))
                i = end
            else:
                match = _IDENT.match(text, i)
                if not match:
                    raise _bad(text, i, "expected a name")
                steps.append(Prop(match.group()))
                i = match.end()
            expect_prop = False
    return tuple(steps)


def parent(steps: Steps) -> Steps:
    return steps[:-1]


def _bad(text: str, at: int, why: str) -> ParityError:
    return ParityError(f"invalid field path {text!r} at offset {at}: {why}",
                       hint="see docs/field-paths.md for the grammar")
