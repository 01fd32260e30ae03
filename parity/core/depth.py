"""How deep parity reads a JSON file: a file nested past ``MAX_DEPTH`` levels is refused as
it is read, with its place, instead of failing later, far from it.

What parity does with a value read from a file recurses once per level or more: reports
through Python's encoders and ``repr``, validation through ``jsonschema``, within Python's
recursion limit (about 1,000 frames). The deepest real tool definition of the corpora is 11
levels. Tool definitions (``DEFINITION_DEPTH``) are held lower than parity's own files: a
lock or a manifest nests what it records a few levels deeper than a tool file held it, and
parity must read back what it wrote.

The bound is proved by orjson as it reads: its own limit is 1,024 levels, so the text is
read inside ``1,024 - bound`` arrays (``padded_loads``), a copy and one C parse.
"""

from __future__ import annotations

from typing import Any

import orjson

from parity.errors import FileFormatError

#: the most levels of arrays and objects inside each other parity reads from a file
MAX_DEPTH = 256
#: the most levels a file of tool definitions may have (``tooldefs``): parity's own files
#: hold a definition at most a level deeper than a ``tools/list`` result does
DEFINITION_DEPTH = 200
#: orjson reads 1,024 levels and refuses the 1,025th
_ORJSON_DEPTH = 1024
#: ``padded_loads``'s answer for text that is not one JSON value within the bound
NOT_READ: Any = object()
#: tokens of a place shown before it is cut (the place of a too deep value is long)
_SHOWN_TOKENS = 12


def padded_loads(content: bytes, bound: int = MAX_DEPTH) -> Any:
    """orjson's reading of ``content`` when it is one JSON value nested at most ``bound``
    levels; ``NOT_READ`` otherwise (not JSON for orjson, or deeper)."""
    pad = _ORJSON_DEPTH - bound
    try:
        value = orjson.loads(b"[" * pad + content + b"]" * pad)
    except orjson.JSONDecodeError:
        return NOT_READ
    # one value read inside the pads is a chain of one-element arrays; text that is not one
    # value (empty, ``1, 2``, ``1]],[[2``) gives another count at some level, or no parse
    for _ in range(pad):
        if len(value) != 1:
            return NOT_READ
        value = value[0]
    return value


def proved_within(text: str | bytes, bound: int) -> bool:
    """orjson proves ``text`` nested at most ``bound`` levels (a text the fast reading left
    to the checked one for its numbers); ``False``: not proved, walk what was read."""
    if isinstance(text, str):
        try:
            text = text.encode("utf-8")
        except UnicodeEncodeError:  # a lone surrogate
            return False
    return padded_loads(text, bound) is not NOT_READ


def too_deep_error(file: str, what: str, place: str | None, bound: int) -> FileFormatError:
    """The error for a file nested past ``bound`` levels, with its place when known."""
    return FileFormatError(f"{what} is nested more than {bound} levels deep", file=file,
                           location=place, hint=f"parity reads such a file nested at most "
                           f"{bound} levels (arrays and objects inside each other)")


def too_deep(value: Any, bound: int = MAX_DEPTH) -> str | None:
    """The JSON pointer (cut after a few tokens) of the first array or object nested past
    ``bound`` levels in ``value``, or ``None``. Walked without recursion, each node's
    place kept as a link to its parent's (no copy of a path per node), and only where
    ``padded_loads`` could not prove the bound (a text it does not read)."""
    places: list[tuple[int, str]] = [(-1, "")]  # (parent's place, token)
    pending: list[tuple[Any, int, int]] = [(value, 1, 0)]  # (node, level, place)
    while pending:
        node, level, place = pending.pop()
        if isinstance(node, dict):
            items: Any = node.items()
        elif isinstance(node, list):
            items = enumerate(node)
        else:
            continue
        if level > bound:
            return _pointer(places, place)
        for key, child in items:
            places.append((place, str(key).replace("~", "~0").replace("/", "~1")))
            pending.append((child, level + 1, len(places) - 1))
    return None


def _pointer(places: list[tuple[int, str]], place: int) -> str:
    tokens: list[str] = []
    while place > 0:
        place, token = places[place]
        tokens.append(token)
    tokens.reverse()
    cut = "/..." if len(tokens) > _SHOWN_TOKENS else ""
    return "#/" + "/".join(tokens[:_SHOWN_TOKENS]) + cut


__all__ = ["DEFINITION_DEPTH", "MAX_DEPTH", "NOT_READ", "padded_loads", "proved_within",
           "too_deep", "too_deep_error"]
