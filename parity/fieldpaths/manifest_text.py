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
from typing import Any

import orjson

from parity.core.jsonio import loads
from parity.errors import FileFormatError

_TOOLS_OPEN = b'\n  "tools": {\n'
_TOOLS_EMPTY = b'\n  "tools": {}'
_TOOLS_CLOSE = b"\n  }"
_TOOL_CLOSE = b"\n    }"
_IN = b'\n      "in": '
_OUT = b'\n      "out": '
_TABLE_CLOSE = b"\n      }"
_OPEN = ord("{")


@dataclass(frozen=True, slots=True)
class ToolText:
    """One tool of a laid-out manifest file: its data but its tables, and the tables' text."""

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
    end = content.find(_TOOLS_CLOSE, start + len(_TOOLS_OPEN) - 1)
    if end == -1:
        return None
    header = loads(content[:start] + _TOOLS_EMPTY + content[end + len(_TOOLS_CLOSE):])
    if header.pop("tools", None) != {}:
        return None
    tools: dict[str, ToolText] = {}
    pos = start + len(_TOOLS_OPEN)
    while pos < end:
        cut = _tool(content, pos, end)
        if cut is None:
            return None
        name, tool, pos = cut
        tools[name] = tool
    return ManifestText(header, tools)


def _tool(content: bytes, pos: int, end: int) -> tuple[str, ToolText, int] | None:
    """The tool whose key line starts at ``pos``: its name, its text, and where the next
    tool's key line starts (``end`` after the last). Each part is found after the one
    before it (the keys are sorted: ``in`` comes before ``out``, the last), so a tool's text
    is scanned once."""
    line_end = content.find(b"\n", pos, end)
    if line_end == -1 or not content.startswith(b'    "', pos) \
            or content[line_end - 3:line_end] != b": {":
        return None
    name = orjson.loads(content[pos + 4:line_end - 3])
    in_start = content.find(_IN, line_end, end) + len(_IN)
    in_end = _table_end(content, in_start, end)
    if in_start < len(_IN) or in_end == -1 or content[in_start] != _OPEN:
        return None
    out_start = content.find(_OUT, in_end, end) + len(_OUT)
    out_end = _table_end(content, out_start, end)
    if out_start < len(_OUT) or out_end == -1 or not content.startswith(_TOOL_CLOSE, out_end) \
            or not isinstance(name, str):
        return None
    # a tool's data but its tables holds no number: orjson reads it as ``json.loads`` does
    header = orjson.loads(b"{" + content[line_end:in_start] + b"{}" + content[in_end:out_start]
                          + b"null}")
    if header.pop("in", None) != {} or header.pop("out", 0) is not None:
        return None
    after = out_end + len(_TOOL_CLOSE)
    if after != end:
        if not content.startswith(b",\n", after):
            return None
        after += 2
    out = content[out_start:out_end]
    return name, ToolText(header, content[in_start:in_end], None if out == b"null" else out), \
        after


def _table_end(content: bytes, start: int, limit: int) -> int:
    """Where the table (or ``null``) whose value starts at ``start`` ends, or -1."""
    if content.startswith(b"{\n", start):
        close = content.find(_TABLE_CLOSE, start, limit)
        return -1 if close == -1 else close + len(_TABLE_CLOSE)
    for word in (b"{}", b"null"):
        if content.startswith(word, start):
            return start + len(word)
    return -1


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
    text = split(content)
    if text is None or list(text.tools) != list(data["tools"]):
        return False
    # compared as JSON, not as Python values: 1, 1.0 and true are three things
    if orjson.dumps(text.header) != orjson.dumps(
            {k: v for k, v in data.items() if k != "tools"}):
        return False
    for name, tool in text.tools.items():
        full = data["tools"][name]
        mine: list[Any] = [tool.header]
        theirs: list[Any] = [{k: v for k, v in full.items() if k not in ("in", "out")}]
        for table, expected in ((tool.in_, full["in"]), (tool.out, full["out"])):
            if table is None or expected is None:
                if (table is None) != (expected is None):
                    return False
                continue
            if table == b"{}" or not expected:
                if table != b"{}" or expected:
                    return False
                continue
            inner = table[2:-len(_TABLE_CLOSE)]  # the entry lines, without the braces
            if inner.count(b"\n") != inner.count(b",\n"):
                return False  # a line break inside an entry
            try:  # each line, cut at its line break, must be one whole entry
                mine.append(orjson.loads(b"[{" + inner.replace(b",\n", b"},{") + b"}]"))
            except orjson.JSONDecodeError:
                return False
            theirs.append([{path: entry} for path, entry in expected.items()])
        if orjson.dumps(mine) != orjson.dumps(theirs):
            return False
    return True


__all__ = ["ManifestText", "ToolText", "entries_of", "laid_out", "parse_table", "split",
           "table_lines"]
