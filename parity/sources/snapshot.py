"""Snapshots of what a server lists: raw ``tools/list`` JSON, deterministic and reviewable.

A snapshot is ``{"tools": [...]}`` with the tools sorted by name and every object's keys
sorted, two-space indented, one trailing newline: the same server gives the same bytes, and
a change shows as a small diff. It is a ``tools/list`` result, so it reads back as
``--tools-file``, as an agent side and in ``parity paths``. Split, it is one file per tool
(``<name>.json``, the bare definition), for repositories that review tools one by one.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from parity.core.reading import read_text
from parity.errors import FileFormatError, SourceError

if TYPE_CHECKING:
    from parity.sources.locking import Target

_UNSAFE = re.compile(r"[^A-Za-z0-9._-]")


def listed(target: Target, *, warn: Callable[[str], None]) -> list[dict[str, Any]]:
    """Every tool the target lists, raw (a tools file is read as it is); ``warn`` receives
    one line per definition the SDK could not read (left out of the snapshot)."""
    if target.tools_file is not None:
        from parity.fieldpaths.tooldefs import read_tool_file

        return read_tool_file(target.tools_file)
    from parity.mcp import fetch_tools
    from parity.sources.server import explain_missing_module

    spec = target.spec
    try:
        listing = fetch_tools(spec)
    except SourceError as exc:
        raise explain_missing_module(exc, kind=spec.kind, cwd=spec.cwd,
                                     key=target.key) from None
    kept = {t.get("name") for t in listing.tools}
    for name, reason in listing.rejected:
        # a name listed twice keeps its first definition: it is in the snapshot
        warn(f"{name}: {reason}" if name in kept else f"{name}: not in the snapshot: {reason}")
    return list(listing.tools)


def render(definitions: Sequence[Mapping[str, Any]]) -> str:
    """One snapshot file's text."""
    tools = sorted((dict(d) for d in definitions), key=lambda d: str(d.get("name")))
    return _dump({"tools": tools})


def render_split(definitions: Sequence[Mapping[str, Any]]) -> dict[str, str]:
    """File name -> text, one bare definition per file; names that would collide once made
    safe for a file system are an error."""
    out: dict[str, str] = {}
    for definition in definitions:
        name = str(definition.get("name"))
        file = _UNSAFE.sub("_", name) + ".json"
        if file in out or file.startswith("."):
            raise FileFormatError(f"tool {name!r} cannot have a file of its own ({file!r} "
                                  "collides or is hidden)",
                                  hint="write one snapshot file instead of --split")
        out[file] = _dump(dict(definition))
    return dict(sorted(out.items()))


def stale(expected: Mapping[str, str], folder_or_file: Path, *, split: bool) -> list[str]:
    """What differs between the snapshot as it would be written and what is on disk: one
    line per file added, removed or changed (empty: up to date)."""
    if not split:
        ((_, text),) = expected.items()
        if not folder_or_file.is_file():
            return [f"{folder_or_file}: missing"]
        return [] if _holds(folder_or_file, text) else [f"{folder_or_file}: changed"]
    on_disk = {p.name: p for p in folder_or_file.glob("*.json") if p.is_file()} \
        if folder_or_file.is_dir() else {}
    lines = [f"{folder_or_file / n}: missing" for n in sorted(set(expected) - set(on_disk))]
    lines += [f"{on_disk[n]}: no such tool any more" for n in sorted(set(on_disk) - set(expected))]
    lines += [f"{on_disk[n]}: changed" for n in sorted(set(expected) & set(on_disk))
              if not _holds(on_disk[n], expected[n])]
    return lines


def _holds(file: Path, text: str) -> bool:
    """Whether ``file`` holds ``text`` (read as text: a checkout's CRLF line ends are the
    same file); a committed file that is not UTF-8 is one that changed, not an error."""
    try:
        return read_text(file) == text
    except UnicodeDecodeError:
        return False


def _dump(value: Any) -> str:
    return json.dumps(value, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


__all__ = ["listed", "render", "render_split", "stale"]
