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
from collections.abc import Mapping
from typing import NamedTuple, Union

from parity.errors import ParityError

_IDENT = re.compile(r"[A-Za-z_$][A-Za-z0-9_$-]*")
_DECODER = json.JSONDecoder()


# Steps are hashed and compared millions of times per diff: ``Prop`` and ``Index`` are
# named tuples (hashed and compared in C), ``ITEMS`` and ``VALUES`` identity singletons.


class Prop(NamedTuple):
    """An object property, by name."""

    name: str


class Index(NamedTuple):
    """A tuple position (``prefixItems`` or draft-07 array-valued ``items``)."""

    position: int


class _Marker:
    """A step with no data: one instance each, compared and hashed by identity."""

    __slots__ = ("_name",)

    def __init__(self, name: str) -> None:
        self._name = name

    def __repr__(self) -> str:
        return self._name

    def __reduce__(self) -> str:  # copies and pickles stay the module's singleton
        return self._name


class _Items(_Marker):
    __slots__ = ()


class _Values(_Marker):
    __slots__ = ()


#: Array items, rendered ``[]``.
ITEMS = _Items("ITEMS")
#: Map values, rendered ``{}``.
VALUES = _Values("VALUES")

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


#: The common case, parsed without the general loop: unquoted names, ``[]``, ``[N]``, ``{}``
#: (every path it accepts, the general parser accepts with the same steps).
_PLAIN = re.compile(r"(?!\.)(?:[A-Za-z_$][A-Za-z0-9_$-]*)?"
                    r"(?:\.[A-Za-z_$][A-Za-z0-9_$-]*|\[(?:0|[1-9][0-9]*)?\]|\{\})*")
_PLAIN_STEP = re.compile(r"\.?([A-Za-z_$][A-Za-z0-9_$-]*)|\[([0-9]*)\]|\{\}")


def parse(text: str) -> Steps:
    """Parse a printed field path back into its steps."""
    if _PLAIN.fullmatch(text) is not None:
        plain: list[Step] = []
        for match in _PLAIN_STEP.finditer(text):
            name, position = match.groups()
            if name is not None:
                plain.append(Prop(name))
            elif position is None:
                plain.append(VALUES)
            elif position:
                plain.append(Index(int(position)))
            else:
                plain.append(ITEMS)
        return tuple(plain)
    return _parse(text)


def _parse(text: str) -> Steps:
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


# -- validating printed paths without parsing them ---------------------------------------------

#: one step's text: a property name written bare, an array position
NAME = _IDENT
POSITION = re.compile(r"0|[1-9][0-9]*")

#: a path ``printed_parent`` cannot vouch for (never a table's key)
UNPRINTED = object()


def printed_parent(text: str) -> object:
    """The printed parent of ``text`` (the root is its own), such that ``text`` is a valid
    path as parity prints it when its parent is; ``UNPRINTED`` when ``text`` is not valid,
    or not as parity would print it."""
    # the commonest last step, an ASCII name, without the regex (NAME's subset); one
    # rpartition costs less than rfind and two slices
    head, dot, last = text.rpartition(".")
    if last.isidentifier() and last.isascii() and (head or not dot):
        return head
    if not text:
        return ""
    if text.endswith(("[]", "{}")):
        return text[:-2]
    if text.endswith("]"):
        cut = text.rfind("[")
        if cut >= 0 and POSITION.fullmatch(text, cut + 1, len(text) - 1):
            return text[:cut]
        return UNPRINTED
    cut = text.rfind(".")
    if cut > 0 and NAME.fullmatch(text, cut + 1):
        return text[:cut]
    if cut < 0 and NAME.fullmatch(text):
        return ""
    if not text.endswith('"'):
        return UNPRINTED
    # a quoted name: it opens at a quote that starts the path or follows a "." (a quote
    # inside a name is escaped, after an odd number of backslashes; the closing one is
    # excluded from the search)
    start = text.rfind('"', 0, len(text) - 1)
    while start > 0 and _escaped(text, start):
        start = text.rfind('"', 0, start)
    if start < 0 or (start and (start == 1 or text[start - 1] != ".")):
        return UNPRINTED
    try:
        name, end = _DECODER.raw_decode(text, start)
    except ValueError:
        return UNPRINTED
    # only paths as parity prints them, so no two paths of a table name the same node
    # (`"a"` and `a`: Parsed keeps one of them, which may differ between the sides)
    if end != len(text) or not isinstance(name, str) or render_prop(name) != text[start:]:
        return UNPRINTED
    return text[:start - 1] if start else ""


def _escaped(text: str, at: int) -> bool:
    """Whether the character at ``at`` follows an odd number of backslashes."""
    before = at
    while before and text[before - 1] == "\\":
        before -= 1
    return (at - before) % 2 == 1


def unvouched(table: Mapping[str, object], parents: dict[str, object]) -> list[str]:
    """The paths of ``table`` that ``printed_parent`` does not vouch for: not printed as
    parity prints them, or whose parent is not in ``table``. A table with none holds only
    valid printed paths, each with its parents down to the root. ``parents`` remembers each
    path's printed parent across the tables of one file or one diff, which repeat paths."""
    texts = list(table)
    ups = list(map(parents.get, texts))
    if None in ups:
        # remember the table's own string for a parent: a parsed file shares one string per
        # distinct key, so later lookups compare by identity
        own = {t: t for t in texts}
        for i, text in enumerate(texts):
            if ups[i] is None:
                up = printed_parent(text)
                ups[i] = parents[text] = own.get(up, up) if up.__class__ is str else up
    if all(map(table.__contains__, ups)):
        return []
    return [text for text, up in zip(texts, ups, strict=True) if up not in table]
