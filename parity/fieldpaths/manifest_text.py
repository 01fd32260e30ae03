"""A manifest file read by its lines: each tool's tables kept as the text the file holds.

parity writes a manifest in one layout (``manifest.dumps``): sorted keys, each tool's key on
a line of its own at four spaces, each field-path entry on one line at eight. A file found
to be exactly in that layout (``laid_out``, checked against the file's full parse once, and
remembered by its bytes) is read again by slicing (``split``): only the small parts around
the tables are parsed, and each table stays text until a rule reads it. Two tables are then
compared as text first (``contract.rules._agree.agree_text``): an unchanged tool is never
parsed at all.

Why slicing is exact: JSON text cannot hold a line break inside a string, so every line
break of a file is whitespace between tokens; the layout puts each tool, table and entry at
its own indentation, so each one's boundary is a line that starts with exactly that many
spaces and a brace. ``laid_out`` proves, for the given bytes, that the slices are what the
full parse holds, and that each line of a table is one whole entry.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

import orjson

from parity.core.jsonio import loads
from parity.errors import FileFormatError

_TOOLS_OPEN = b'\n  "tools": {\n'
_TOOLS_EMPTY = b'\n  "tools": {}'
_TOOLS_CLOSE = b"\n  }"
_TOOL_CLOSE = b"\n    }"
_BETWEEN_TOOLS = _TOOL_CLOSE + b",\n"
_IN = b'\n      "in": '
_OUT = b'\n      "out": '
_TABLE_OPEN = b"{\n"
_TABLE_CLOSE = b"\n      }"


class ToolText(NamedTuple):
    """One tool of a laid-out manifest file: its data but its tables, and the tables' text.
    (A named tuple: a file cut holds thousands, and a frozen dataclass is slow to build.)"""

    #: the tool's data without ``in`` and ``out``
    header: dict[str, Any]
    #: the ``in`` table's JSON text
    in_: bytes
    #: the ``out`` table's JSON text; ``None`` for ``null`` (no output schema)
    out: bytes | None


@dataclass(frozen=True, slots=True)
class ManifestText:
    """A laid-out manifest file: its data but its tools, and each tool as ``ToolText``."""

    header: dict[str, Any]
    tools: dict[str, ToolText]


_tool_text = ToolText._make


def split(content: bytes) -> ManifestText | None:
    """The manifest file ``content`` cut along its layout, or ``None`` where it does not
    follow it. Exact only for bytes ``laid_out`` accepted: a file in another layout can be
    cut wrongly without ``None``."""
    try:
        return _split(content)
    except (orjson.JSONDecodeError, FileFormatError):
        return None


def _split(content: bytes) -> ManifestText | None:
    start = content.find(_TOOLS_OPEN)
    if start == -1:
        if content.find(_TOOLS_EMPTY) == -1:
            return None
        header = loads(content)  # no tool: the file is small
        return ManifestText(header, {}) if header.pop("tools", None) == {} else None
    # from the end: only the list of warnings comes after the tools
    end = content.rfind(_TOOLS_CLOSE, start + len(_TOOLS_OPEN) - 1)
    if end == -1:
        return None
    header = loads(content[:start] + _TOOLS_EMPTY + content[end + len(_TOOLS_CLOSE):])
    if header.pop("tools", None) != {}:
        return None
    cut = _cut(content, start + len(_TOOLS_OPEN), end)
    if cut is None:
        return None
    heads, texts = cut
    # every tool's name and data but its tables read in one call (they hold no number, so
    # orjson reads them as ``json.loads``); text not in the layout may be read into other
    # pieces, or tools of one name into one: ``laid_out`` is what vouches for a cut
    read = orjson.loads(b"{" + b"null},".join(heads) + b"null}}")
    if len(read) != len(texts):
        return None
    tools: dict[str, ToolText] = {}
    for (name, head), (in_, out) in zip(read.items(), texts, strict=True):
        if head.__class__ is not dict or head.pop("in", None) != {} \
                or head.pop("out", 0) is not None:
            return None
        tools[name] = _tool_text((head, in_, out))
    return ManifestText(header, tools)


def _cut(content: bytes, pos: int, end: int,
         ) -> tuple[list[bytes], list[tuple[bytes, bytes | None]]] | None:
    """The tools between ``pos`` and ``end`` cut apart: each one's name and data with
    ``{}`` for its ``in`` table and ``out`` left open (a member of a JSON object, but its
    last value), and its tables' text; ``None`` where the text does not follow the layout.

    The tools are cut apart at their closing lines in one call; in each, ``in`` is found
    from the start (after the tool's short data), ``out`` from the end (its table, the
    last key's, is the tool's end), and the ``in`` table's end from there, backwards past
    what lies between the two (at most ``invalid`` and ``observed``): each tool's text is
    scanned about once, in three searches."""
    # the whole file split (no copy of its tools' part: a large file's peak memory), then
    # the file's data before the first tool and after the last taken off
    tools = content.split(_BETWEEN_TOOLS)
    last_end = len(tools[-1]) - (len(content) - end)  # where the last tool's close ends
    if last_end < len(_TOOL_CLOSE) or not tools[-1].startswith(
            _TOOL_CLOSE, last_end - len(_TOOL_CLOSE)):
        return None
    tools[-1] = tools[-1][:last_end - len(_TOOL_CLOSE)]
    tools[0] = tools[0][pos:]
    heads: list[bytes] = []
    texts: list[tuple[bytes, bytes | None]] = []
    for tool in tools:
        in_start = tool.find(_IN) + len(_IN)
        out_start = tool.rfind(_OUT) + len(_OUT)
        if in_start < len(_IN) or out_start <= in_start:
            return None
        if tool.startswith(_TABLE_OPEN, in_start):
            in_end = tool.rfind(_TABLE_CLOSE, in_start, out_start) + len(_TABLE_CLOSE)
            if in_end < len(_TABLE_CLOSE):
                return None
        elif tool.startswith(b"{}", in_start):
            in_end = in_start + 2
        else:
            return None
        out = tool[out_start:]
        if out != b"null" and out != b"{}" and not (
                out.startswith(_TABLE_OPEN) and out.endswith(_TABLE_CLOSE)):
            return None
        heads.append(tool[:in_start] + b"{}" + tool[in_end:out_start])
        texts.append((tool[in_start:in_end], None if out == b"null" else out))
    return heads, texts


def table_lines(text: bytes) -> list[bytes]:
    """The entry lines of a table's text, each ``"path": {...}`` with its indentation and
    its separating comma (empty for ``{}``)."""
    return text.split(b"\n")[1:-1]


def parse_table(text: bytes) -> dict[str, Any]:
    """A table's text from a file ``laid_out`` accepted, parsed. Such a file passed
    ``jsonio.loads``, which refuses every number orjson reads otherwise than ``json.loads``
    (an integer past +-(2**53 - 1)): orjson reads it exactly."""
    table: dict[str, Any] = orjson.loads(text)
    return table


def entries_of(lines: list[bytes]) -> dict[str, Any]:
    """The entries that ``lines`` (entry lines of one table, see ``parse_table``) hold, as a
    raw table."""
    return parse_table(b"{" + b",".join([line.rstrip(b",") for line in lines]) + b"}")


def laid_out(content: bytes, data: Mapping[str, Any]) -> bool:
    """Whether ``split`` reads ``content`` exactly as its full parse ``data`` (a valid
    manifest) holds it, and every line of every table is one whole entry: what makes
    slicing and comparing lines exact for these bytes. The file's tables are parsed again,
    line by line: a one-off cost, remembered by the caller."""
    return proved_split(content, data) is not None


def proved_split(content: bytes, data: Mapping[str, Any]) -> ManifestText | None:
    """``split(content)`` where ``laid_out(content, data)``, else ``None``: the cut that
    proved the layout, for a caller that goes on to read the file cut."""
    text = split(content)
    if text is None or list(text.tools) != list(data["tools"]):
        return None
    # compared as JSON, not as Python values: 1, 1.0 and true are three things
    if orjson.dumps(text.header) != orjson.dumps(
            {k: v for k, v in data.items() if k != "tools"}):
        return None
    for name, tool in text.tools.items():
        full = data["tools"][name]
        mine: list[Any] = [tool.header]
        theirs: list[Any] = [{k: v for k, v in full.items() if k not in ("in", "out")}]
        for table, expected in ((tool.in_, full["in"]), (tool.out, full["out"])):
            if table is None or expected is None:
                if (table is None) != (expected is None):
                    return None
                continue
            if table == b"{}" or not expected:
                if table != b"{}" or expected:
                    return None
                continue
            inner = table[2:-len(_TABLE_CLOSE)]  # the entry lines, without the braces
            if inner.count(b"\n") != inner.count(b",\n"):
                return None  # a line break inside an entry
            try:  # each line, cut at its line break, must be one whole entry
                mine.append(orjson.loads(b"[{" + inner.replace(b",\n", b"},{") + b"}]"))
            except orjson.JSONDecodeError:
                return None
            theirs.append([{path: entry} for path, entry in expected.items()])
        if orjson.dumps(mine) != orjson.dumps(theirs):
            return None
    return text


__all__ = ["ManifestText", "ToolText", "entries_of", "laid_out", "parse_table", "proved_split",
           "split", "table_lines"]
