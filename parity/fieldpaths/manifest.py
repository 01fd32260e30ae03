"""Field-path manifests: one side's tools reduced to ``in`` and ``out`` tables.

A manifest file is written deterministically (sorted keys, one entry per line, trailing
newline) and atomically, and validated against ``schemas/manifest.v1.json`` on load.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from parity.core.jsonio import compact, dump_lines, read_json, write_atomic
from parity.core.validate import check_format, validate_file
from parity.errors import FileFormatError, ParityError
from parity.fieldpaths.entry import Entry

FORMAT = "parity.manifest/1"
Side = Literal["agent", "server"]
#: A field-path table: printed path -> entry. The root object is the empty path ``""``.
Table = dict[str, Entry]

_FIX = "regenerate it with `parity extract`"


@dataclass(frozen=True)
class ToolManifest:
    """One tool: its ``in`` table, its ``out`` table (``None``: no output schema declared)."""

    name: str
    hash: str
    in_: Table
    out: Table | None
    description: str | None = None
    #: ``out`` was recorded from a real call of the stub, not from an annotation.
    observed: bool = False
    #: What makes the definition invalid for the MCP spec, read leniently anyway
    #: (``inputSchema is null``: its arguments are read as an open object).
    invalid: tuple[str, ...] = ()

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
        return data

    @classmethod
    def from_json(cls, name: str, data: Mapping[str, Any],
                  entries: dict[str, Entry] | None = None) -> ToolManifest:
        """``entries`` shares equal entries across tools (see ``Manifest.from_json``)."""
        seen: dict[str, Entry] = {} if entries is None else entries
        out = data.get("out")
        return cls(
            name=name,
            hash=data["hash"],
            in_=_table(data["in"], seen),
            out=None if out is None else _table(out, seen),
            description=data.get("description"),
            observed=bool(data.get("observed", False)),
            invalid=tuple(data.get("invalid", ())),
        )


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
    def from_json(cls, data: Mapping[str, Any]) -> Manifest:
        # A manifest repeats a few entry shapes thousands of times (1,348 distinct among
        # 24,126 in a 1,000-tool benchmark); entries are immutable, so equal ones are shared.
        entries: dict[str, Entry] = {}
        return cls(
            side=data["side"],
            source=data["source"],
            tools={n: ToolManifest.from_json(n, t, entries) for n, t in data["tools"].items()},
            server=data.get("server"),
            tool_id_form=data.get("tool_id_form"),
            warnings=tuple(data.get("warnings", ())),
        )


def _table(raw: Mapping[str, Any], seen: dict[str, Entry]) -> Table:
    table: Table = {}
    for path, data in raw.items():
        # repr tells 1, 1.0 and True apart, as entry equality must, and is cheap
        key = repr(data)
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


def load(path: str | os.PathLike[str], *, side: Side | None = None) -> Manifest:
    """Read and validate a manifest file; raise ``FileFormatError`` with file and location.

    With ``side`` given, a manifest of the other side (two files swapped) is refused too."""
    file = os.fspath(path)
    data, text = read_json(file, what="manifest")
    check_format(data, FORMAT, file=file, what="manifest", fix=_FIX)
    validate_file(data, "manifest.v1.json", file=file, what="manifest", fix=_FIX,
                  also=lambda: _check_tables(data, file), text=text)
    if side is not None and data["side"] != side:
        raise FileFormatError(f"this is the {data['side']} manifest where the {side} manifest "
                              "belongs", file=file, location="$.side",
                              hint="check the pair's manifest paths, or run `parity extract`")
    return Manifest.from_json(data)


def _check_tables(data: Mapping[str, Any], file: str) -> None:
    for name, tool in data["tools"].items():
        for direction in ("in", "out"):
            _check_table(tool[direction] or {}, file=file, where=f"$.tools.{name}.{direction}")


def _check_table(table: Mapping[str, Any], *, file: str, where: str) -> None:
    """What the JSON Schema cannot say: every path is printed as the grammar prints it, and
    every node's parent is in the table (extraction always writes both)."""
    from parity.fieldpaths.fieldpath import parse, render

    for path in table:
        try:
            steps = parse(path)
        except ParityError as exc:
            raise FileFormatError(exc.message, file=file, location=f"{where}[{path!r}]",
                                  hint=_FIX) from None
        if render(steps) != path:
            raise FileFormatError(f"field path {path!r} is not written as parity prints it "
                                  f"({render(steps)!r})", file=file,
                                  location=f"{where}[{path!r}]", hint=_FIX)
        if steps and render(steps[:-1]) not in table:
            raise FileFormatError(f"field path {path!r} has no entry for its parent "
                                  f"{render(steps[:-1])!r}", file=file,
                                  location=f"{where}[{path!r}]", hint=_FIX)


def table_json(table: Table | None) -> dict[str, Any] | None:
    if table is None:
        return None
    return {p: table[p].to_json() for p in sorted(table)}


__all__ = ["FORMAT", "Manifest", "Side", "Table", "ToolManifest", "compact", "dumps", "load",
           "table_json", "write"]
