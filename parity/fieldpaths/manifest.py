"""Field-path manifests: one side's tools reduced to ``in`` and ``out`` tables.

A manifest file is written deterministically (sorted keys, one entry per line, trailing
newline) and atomically, and validated against ``schemas/manifest.v1.json`` on load.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from parity.core.collector import paused
from parity.core.jsonio import compact, dump_lines, read_bytes, read_json, value_key, write_atomic
from parity.core.validate import check_format, text_verdict, validate_file
from parity.errors import FileFormatError, ParityError
from parity.fieldpaths import manifest_text
from parity.fieldpaths.callmodes import PLAIN_ONLY
from parity.fieldpaths.entry import Entry
from parity.fieldpaths.manifest_paths import FIX, check_tables
from parity.fieldpaths.manifest_text import ManifestText
from parity.fieldpaths.toolid import parse_form

FORMAT = "parity.manifest/1"
#: files from this size on are cut when laid out (``manifest_text``): finding the layout
#: costs about two parses, once per content (on its second load), and saves most of a parse
#: at every load after it; a smaller file parses in a few milliseconds
CUT_FROM_BYTES = 1 << 20
Side = Literal["agent", "server"]
#: A field-path table: printed path -> entry. The root object is the empty path ``""``.
Table = dict[str, Entry]

#: A table as a manifest file holds it: printed path -> the entry's JSON.
RawTable = Mapping[str, Mapping[str, Any]]


class ToolManifest:
    """One tool: its ``in`` table, its ``out`` table (``None``: no output schema declared).

    A tool read from a file keeps its tables as the file holds them (``raw_tables``) and
    builds their entries on first use: a diff compares tables that agree as plain data and
    never builds them. A tool cut from a laid-out file (``manifest_text``) keeps even the
    tables' text (``table_texts``), parsed on first use. Immutable, and equal to a tool
    built from the same entries."""

    __slots__ = ("_built_in", "_built_out", "_built_raw", "_raw", "_seen", "_text",
                 "calls", "description", "hash", "invalid", "name", "observed",
                 "paths_checked")
    name: str
    hash: str
    description: str | None
    observed: bool
    invalid: tuple[str, ...]
    calls: tuple[str, ...]
    paths_checked: bool
    _raw: tuple[RawTable, RawTable | None] | None
    _text: tuple[bytes, bytes | None] | None
    _built_raw: tuple[RawTable, RawTable | None] | None
    _seen: dict[bytes | str, Entry]
    _built_in: Table | None
    _built_out: Table | None

    def __init__(self, name: str, hash: str, in_: Table | None = None,
                 out: Table | None = None, description: str | None = None,
                 observed: bool = False, invalid: tuple[str, ...] = (), *,
                 calls: tuple[str, ...] = PLAIN_ONLY,
                 raw: tuple[RawTable, RawTable | None] | None = None,
                 seen: dict[bytes | str, Entry] | None = None,
                 paths_checked: bool = False,
                 text: tuple[bytes, bytes | None] | None = None) -> None:
        if (in_ is not None) + (raw is not None) + (text is not None) != 1:
            raise TypeError("a ToolManifest takes its tables built (in_, out), raw or as text")
        init = object.__setattr__
        init(self, "name", name)
        init(self, "hash", hash)
        init(self, "description", description)
        #: ``out`` was recorded from a real call of the stub, not from an annotation.
        init(self, "observed", observed)
        #: What makes the definition invalid for the MCP spec, read leniently anyway
        #: (``inputSchema is null``: its arguments are read as an open object).
        init(self, "invalid", invalid)
        #: The ways the tool is called (agent) or may be called (server): ``plain``,
        #: ``task`` (``fieldpaths.callmodes``); a file leaves ``("plain",)`` unsaid.
        init(self, "calls", calls)
        #: the raw tables passed the manifest file's checks: every path is printed as parity
        #: prints it and has its parent in the table
        init(self, "paths_checked", paths_checked and in_ is None)
        init(self, "_raw", raw)
        #: the tables' JSON text, as a laid-out file holds them (``manifest_text``)
        init(self, "_text", text)
        init(self, "_built_raw", None)
        init(self, "_seen", {} if seen is None else seen)
        init(self, "_built_in", in_)
        init(self, "_built_out", out)

    @property
    def in_(self) -> Table:
        if self._built_in is None:
            raw = self._raw_pair()
            self._built_in = _table(raw[0], self._seen)
        return self._built_in

    @property
    def out(self) -> Table | None:
        raw = self.raw_tables
        if raw is None:
            return self._built_out
        if self._built_out is None and raw[1] is not None:
            self._built_out = _table(raw[1], self._seen)
        return self._built_out

    @property
    def has_out(self) -> bool:
        """An ``out`` table exists (an output schema was declared or recorded): ``out is not
        None``, without building it or parsing it."""
        if self._text is not None:
            return self._text[1] is not None
        return self._built_out is not None if self._raw is None else self._raw[1] is not None

    def keyed_tables(self) -> tuple[Mapping[str, object], Mapping[str, object] | None]:
        """The ``in`` and ``out`` tables for looking up printed paths: as read from the
        file when there is one, so no entry is built."""
        raw = self.raw_tables
        return raw if raw is not None else (self.in_, self.out)

    @property
    def raw_tables(self) -> tuple[RawTable, RawTable | None] | None:
        """The ``in`` and ``out`` tables as read from a file, or ``None`` (built in memory)."""
        if self._raw is not None or self._text is None:
            return self._raw
        if self._built_raw is None:
            in_text, out_text = self._text
            self._built_raw = (manifest_text.parse_table(in_text),
                               None if out_text is None else manifest_text.parse_table(out_text))
        return self._built_raw

    @property
    def table_texts(self) -> tuple[bytes, bytes | None] | None:
        """The ``in`` and ``out`` tables' JSON text as a laid-out file holds them (``None``
        for no ``out`` table), or ``None``: the tool was not cut from such a file."""
        return self._text

    def _raw_pair(self) -> tuple[RawTable, RawTable | None]:
        raw = self.raw_tables
        if raw is None:  # pragma: no cover - the constructor makes one of them
            raise TypeError("a ToolManifest without tables")
        return raw

    def as_observed(self) -> ToolManifest:
        """The same tool, its ``out`` table recorded from a real call of the stub."""
        return ToolManifest(self.name, self.hash, self.in_, self.out, self.description,
                            observed=True, invalid=self.invalid, calls=self.calls,
                            seen=self._seen)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ToolManifest):
            return NotImplemented
        return self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]  # tables are dicts, as with the dataclass

    def _key(self) -> tuple[Any, ...]:
        return (self.name, self.hash, self.in_, self.out, self.description, self.observed,
                self.invalid, self.calls)

    def __repr__(self) -> str:
        return (f"ToolManifest(name={self.name!r}, hash={self.hash!r}, "
                f"in_={len(self.in_)} paths, out="
                f"{'None' if self.out is None else f'{len(self.out)} paths'})")

    def __setattr__(self, name: str, value: Any) -> None:
        # immutable once built: only the lazy tables are filled in later
        if not name.startswith("_built_"):
            raise AttributeError(f"ToolManifest is immutable: cannot set {name!r}")
        object.__setattr__(self, name, value)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "hash": self.hash,
            "in": {p: e.to_json() for p, e in self.in_.items()},
            "out": None if self.out is None else {p: e.to_json() for p, e in self.out.items()},
        }
        if self.description is not None:
            data["description"] = self.description
        if self.observed:
            data["observed"] = True
        if self.invalid:
            data["invalid"] = list(self.invalid)
        if self.calls != PLAIN_ONLY:
            data["calls"] = list(self.calls)
        return data

    @classmethod
    def from_json(cls, name: str, data: Mapping[str, Any],
                  entries: dict[bytes | str, Entry] | None = None, *,
                  checked: bool = False) -> ToolManifest:
        """``entries`` shares equal entries across tools (see ``Manifest.from_json``); the
        tables' entries are built when first read. ``checked``: ``data`` passed the file
        checks of ``load``."""
        return _read_tool(name, data, {} if entries is None else entries,
                          raw=(data["in"], data.get("out")), checked=checked)


class _Filling:
    """``ToolManifest``'s slots without its guard: a tool read from a file is filled in
    here by plain attribute stores, then made a ``ToolManifest`` (``__class__`` assignment,
    allowed between classes of the same slots). Through the guard (``object.__setattr__``)
    its fields cost about 19,000 instructions a tool: most of loading a large file
    cut along its layout."""

    __slots__ = ToolManifest.__slots__


def _read_tool(name: str, data: Mapping[str, Any], seen: dict[bytes | str, Entry], *,
               checked: bool, raw: tuple[RawTable, RawTable | None] | None = None,
               text: tuple[bytes, bytes | None] | None = None) -> ToolManifest:
    """``ToolManifest(name, data["hash"], description=..., observed=..., invalid=...,
    calls=..., raw=raw or text=text, seen=seen, paths_checked=checked)`` for a tool's
    ``data`` in a manifest file (``test_manifest`` holds the two equal, slot by slot)."""
    tool: Any = _Filling()
    tool.name = name
    tool.hash = data["hash"]
    tool.description = data.get("description")
    tool.observed = bool(data.get("observed", False))
    tool.invalid = tuple(data.get("invalid", ()))
    calls = data.get("calls")
    tool.calls = PLAIN_ONLY if calls is None else tuple(sorted(calls))
    tool.paths_checked = checked
    tool._raw = raw
    tool._text = text
    tool._built_raw = tool._built_in = tool._built_out = None
    tool._seen = seen
    tool.__class__ = ToolManifest
    result: ToolManifest = tool
    return result


@dataclass(frozen=True)
class Manifest:
    """All tools of one side of a pair."""

    side: Side
    source: str
    tools: Mapping[str, ToolManifest]
    server: str | None = None
    #: How this side names tools, e.g. ``{server}-mcp:{tool}``.
    tool_id_form: str | None = None
    #: Things extraction could not model, kept with the manifest (e.g. unresolved refs).
    warnings: tuple[str, ...] = field(default=())

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "format": FORMAT,
            "side": self.side,
            "source": self.source,
            "tools": {n: self.tools[n].to_json() for n in sorted(self.tools)},
        }
        if self.server is not None:
            data["server"] = self.server
        if self.tool_id_form is not None:
            data["tool_id_form"] = self.tool_id_form
        if self.warnings:
            data["warnings"] = sorted(set(self.warnings))
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any], *, checked: bool = False) -> Manifest:
        """A manifest from its file's JSON; ``checked``: the data passed ``load``'s checks."""
        # A manifest repeats a few entry shapes thousands of times (1,348 distinct among
        # 24,126 in a 1,000-tool benchmark); entries are immutable, so equal ones are shared.
        entries: dict[bytes | str, Entry] = {}
        return cls.of(data, {n: ToolManifest.from_json(n, t, entries, checked=checked)
                             for n, t in data["tools"].items()})

    @classmethod
    def from_text(cls, text: ManifestText) -> Manifest:
        """A manifest from a laid-out file cut by ``manifest_text.split``: each tool keeps
        its tables' text (``ToolManifest.table_texts``)."""
        entries: dict[bytes | str, Entry] = {}
        return cls.of(text.header, {
            name: _read_tool(name, tool.header, entries, text=(tool.in_, tool.out),
                             checked=True)
            for name, tool in text.tools.items()})

    @classmethod
    def of(cls, header: Mapping[str, Any], tools: Mapping[str, ToolManifest]) -> Manifest:
        """A manifest of ``tools`` with the rest of its file's data ``header``."""
        return cls(side=header["side"], source=header["source"], tools=tools,
                   server=header.get("server"), tool_id_form=header.get("tool_id_form"),
                   warnings=tuple(header.get("warnings", ())))


def _table(raw: Mapping[str, Any], seen: dict[bytes | str, Entry]) -> Table:
    table: Table = {}
    for path, data in raw.items():
        key = value_key(data)  # 1, 1.0 and True apart, as entry equality must
        entry = seen.get(key)
        if entry is None:
            entry = seen[key] = Entry.from_json(data)
        table[path] = entry
    return table


def dumps(manifest: Manifest) -> str:
    """The manifest's file text: byte-identical for equal manifests."""
    # depth 5 puts each field-path entry on its own line: $.tools.NAME.in.PATH
    return dump_lines(manifest.to_json(), line_depth=4)


def write(manifest: Manifest, path: str | os.PathLike[str]) -> None:
    write_atomic(path, dumps(manifest))


@paused()  # its data is acyclic: see core.collector
def load(path: str | os.PathLike[str], *, side: Side | None = None,
         content: bytes | None = None, digest: bytes | None = None) -> Manifest:
    """Read and validate a manifest file; raise ``FileFormatError`` with file and location.

    With ``side`` given, a manifest of the other side (two files swapped) is refused too.
    ``content``: the file's bytes, already read by the caller (what it hashed is then
    exactly what is loaded); ``digest``: their ``validate.text_digest``, if the caller has it
    (a large file is then not hashed again).

    Bytes found valid and laid out as parity writes them before (a verdict remembered by
    content, for files of ``CUT_FROM_BYTES`` or more) are cut along their lines, not parsed
    (``manifest_text``): each tool keeps its tables as text until they are read. The layout
    is decided on the first load that finds the bytes already valid, and those bytes are cut
    from that load on. The first load of new bytes (the check after a change) does not pay
    for it: proving the layout costs about two parses, far more than the text form saves
    in one diff (at 1,000 tools, 146 ms against 48 ms), and the findings of bytes loaded
    once are most often remembered (``contract.remembered``), so they are not loaded again."""
    file = os.fspath(path)
    if content is None:
        content = read_bytes(file, what="manifest")
    # a file once found valid and laid out as parity writes it is cut, not parsed
    layout = text_verdict(content, "manifest.v1.json", "laid-out", digest=digest) \
        if len(content) >= CUT_FROM_BYTES else None
    laid_out = None if layout is None else layout.recalled()
    if laid_out:
        text = manifest_text.split(content)
        if text is not None:  # always, for the bytes found laid out
            _check_header(text.header, side, file)
            return Manifest.from_text(text)
    data, content = read_json(file, what="manifest", content=content)
    check_format(data, FORMAT, file=file, what="manifest", fix=FIX)
    seen = validate_file(data, "manifest.v1.json", file=file, what="manifest", fix=FIX,
                         also=lambda: check_tables(data, file), text=content, digest=digest)
    _check_header(data, side, file)
    if seen and layout is not None and laid_out is None:  # loaded again: decide it now
        proved = manifest_text.proved_split(content, data)
        layout.remember(proved is not None)
        if proved is not None:  # read cut, as a later load would be; the parse is let go
            del data
            return Manifest.from_text(proved)
    return Manifest.from_json(data, checked=True)


def _check_header(header: Mapping[str, Any], side: Side | None, file: str) -> None:
    """What the JSON Schema cannot say of a manifest's own fields: that it is the side
    asked for, and that its ``tool_id_form`` is a form (the rules parse it to match tools;
    a bad one found there would name no file)."""
    found = header["side"]
    if side is not None and found != side:
        raise FileFormatError(f"this is the {found} manifest where the {side} manifest "
                              "belongs", file=file, location="$.side",
                              hint="check the pair's manifest paths, or run `parity extract`")
    form = header.get("tool_id_form")
    if form is not None:
        try:
            parse_form(form)
        except ParityError as exc:
            raise FileFormatError(exc.message, file=file, location="$.tool_id_form",
                                  hint=f"{exc.hint}; or {FIX}" if exc.hint else FIX,
                                  ) from None


def table_json(table: Table | None) -> dict[str, Any] | None:
    if table is None:
        return None
    return {p: table[p].to_json() for p in sorted(table)}


__all__ = ["FORMAT", "Manifest", "RawTable", "Side", "Table", "ToolManifest", "compact", "dumps",
           "load", "table_json", "write"]
