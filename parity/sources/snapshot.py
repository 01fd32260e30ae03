"""Snapshots of what a server lists: raw ``tools/list`` JSON, deterministic and reviewable.

A snapshot is ``{"tools": [...]}`` with the tools sorted by name and every object's keys
sorted, two-space indented, one trailing newline: the same server gives the same bytes, and
a change shows as a small diff. It is a ``tools/list`` result, so it reads back as
``--tools-file``, as an agent side and in ``parity paths``. Split, it is one file per tool
(``<name>.json``, the bare definition), for repositories that review tools one by one.

A split folder may hold other files (the input ``tools.json``, a ``package.json``): parity
replaces or removes only what it can prove it wrote, a file holding exactly parity's
rendering of one tool's definition and named after that tool (``is_snapshot_file``).
Anything else where a tool's file goes is refused before a byte is written.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from parity.core.files import FileWriteError, refuse_inputs, same_file
from parity.core.reading import holds_text, read_text
from parity.core.terminal import clipped
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
        file = file_name(name)
        if file in out or file.startswith("."):
            raise FileFormatError(f"tool {name!r} cannot have a file of its own ({file!r} "
                                  "collides or is hidden)",
                                  hint="write one snapshot file instead of --split")
        out[file] = _dump(dict(definition))
    return dict(sorted(out.items()))


def file_name(name: str) -> str:
    """The file a tool's definition is split into: its name made safe for a file system."""
    return _UNSAFE.sub("_", name) + ".json"


def is_snapshot_file(file: Path) -> bool:
    """Whether ``file`` is a split snapshot file as parity writes it: a regular file holding
    exactly ``render_split``'s text of one definition (read as text: CRLF line ends are the
    same file), named after that definition's tool. Nothing else is parity's to replace or
    remove: a tools file, a hand-edited or re-encoded file, someone else's JSON."""
    if not file.is_file():  # a folder, a FIFO (reading it would wait forever), nothing
        return False
    try:
        text = read_text(file)
        value = json.loads(text)
    except (OSError, ValueError, RecursionError):  # unreadable, not UTF-8, not JSON
        return False
    return (isinstance(value, dict) and isinstance(value.get("name"), str)
            and file_name(value["name"]) == file.name and _dump(value) == text)


def in_the_way(files: Mapping[str, str], folder: Path, *,
               keep: Path | None) -> list[tuple[Path, str]]:
    """Each path of ``files`` in ``folder`` holding something parity may not replace, with
    why: anything but its own snapshot file, and the input file ``keep`` whatever it holds.
    A tool's file name the file system cannot hold is an error (``FileWriteError``)."""
    _check_names(files, folder)
    found = []
    for name in sorted(files):
        path = folder / name
        if _exists(path):  # a dangling link too: writing through it lands elsewhere
            why = _not_own(path, keep)
            if why:
                found.append((path, why))
    return found


def leftovers(files: Collection[str], folder: Path, *, keep: Path | None) -> list[Path]:
    """parity's own snapshot files in ``folder`` of tools no longer in ``files``: the only
    files ``--split`` removes. A link is never one: parity writes none."""
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.glob("*.json")
                  if p.name not in files and not p.is_symlink() and not _not_own(p, keep))


def stale(expected: Mapping[str, str], folder_or_file: Path, *, split: bool,
          keep: Path | None = None) -> list[str]:
    """What differs between the snapshot as it would be written and what is on disk: one
    line per file added, removed or changed, or in the way of a tool's file (empty: up to
    date). ``keep``: the input file, never part of a split snapshot. Files of the folder that
    are not parity's are not part of it either: they are left out, as a write leaves them.

    A snapshot that cannot be written (a folder where its file goes, a file where its
    folder goes, a name too long for the file system) raises what the write would: it is
    no stale one, and rerunning without ``--check`` would not mend it."""
    from parity.core.files import check_writable

    if not split:
        ((_, text),) = expected.items()
        check_writable(folder_or_file)
        if not folder_or_file.is_file():
            return [f"{folder_or_file}: missing"]
        return [] if holds_text(folder_or_file, text) else [f"{folder_or_file}: changed"]
    folder = folder_or_file
    _check_folder(folder)
    blocked = in_the_way(expected, folder, keep=keep)
    there = sorted(n for n in expected if _exists(folder / n))
    lines = [f"{folder / n}: missing" for n in sorted(set(expected) - set(there))]
    lines += [f"{path}: in the way: {why}" for path, why in blocked]
    lines += [f"{p}: no such tool any more" for p in leftovers(expected, folder, keep=keep)]
    shut = {path.name for path, _ in blocked}
    lines += [f"{folder / n}: changed" for n in there
              if n not in shut and not holds_text(folder / n, expected[n])]
    return lines


def write_split(files: Mapping[str, str], folder: Path, *, keep: Path | None) -> list[Path]:
    """Write the split snapshot ``files`` into ``folder``, then remove parity's own files of
    tools no longer listed (``leftovers``); returns those removed. Refuses before writing
    anything when something not parity's own is where a tool's file goes."""
    from parity.core.jsonio import write_atomic  # only writers need it

    blocked = in_the_way(files, folder, keep=keep)
    if blocked:
        raise _refusal(blocked, files)
    _make_folder(folder)
    for name, text in files.items():
        write_atomic(folder / name, text)
    removed = leftovers(files, folder, keep=keep)  # after the writes: a failed one keeps all
    for file in removed:
        try:
            file.unlink(missing_ok=True)
        except OSError as exc:
            raise FileWriteError(f"cannot remove this snapshot file of a tool no longer "
                                 f"listed: {exc.strerror or exc}", file=str(file)) from None
    return removed


def write_one(text: str, file: Path, *, inputs: Iterable[tuple[str, Path | None]]) -> None:
    """Write a one-file snapshot, never over one of its ``inputs`` (what each is, its path:
    ``Target.inputs``): a tools file is read leniently (an envelope, a bare schema) and
    rewriting it would lose what was left out."""
    from parity.core.jsonio import write_atomic  # only writers need it

    refuse_inputs(file, inputs, writing="snapshot")
    write_atomic(file, text, streams=True)


def _not_own(path: Path, keep: Path | None) -> str:
    """Why parity may not replace or remove ``path`` (empty: it is its own snapshot file)."""
    if same_file(path, keep):
        return "the --tools-file input"
    if not is_snapshot_file(path):
        return "not a snapshot file parity wrote"
    return ""


def _refusal(blocked: Sequence[tuple[Path, str]], files: Mapping[str, str]) -> FileWriteError:
    """One message for what is in the way: the first, the tool whose file goes there, and
    how many more."""
    path, why = blocked[0]
    tool = json.loads(files[path.name]).get("name")
    rest = len(blocked) - 1
    more = f" ({rest} more {'file is' if rest == 1 else 'files are'} in the way)" if rest else ""
    return FileWriteError(
        f"not replaced: it is {why}, and the split snapshot of tool {tool!r} goes there; "
        f"nothing was written{more}",
        file=str(path),
        hint="move or rename that file, or write the snapshot to a folder of its own "
             "(--output)")


def _check_names(files: Mapping[str, str], folder: Path) -> None:
    """Refuse a tool whose file name is too long for the file system, before a byte is
    written (and before ``--check`` could call the snapshot merely missing)."""
    limit = _name_max(folder)
    for name in files:
        if len(os.fsencode(name)) > limit:
            tool = clipped(repr(json.loads(files[name]).get("name")), limit=80, keep=60)
            raise FileWriteError(
                f"tool {tool} cannot have a file of its own: its file name is "
                f"{len(os.fsencode(name))} bytes, the file system holds at most {limit}",
                file=str(folder), hint="write one snapshot file instead of --split")


def _name_max(folder: Path) -> int:
    """The longest file name the file system of ``folder`` holds (255 when it won't say)."""
    for place in (folder, *folder.absolute().parents):  # the folder may not be there yet
        try:
            return os.pathconf(place, "PC_NAME_MAX")
        except (OSError, ValueError, AttributeError):  # not there; no pathconf (Windows)
            continue
    return 255


def _exists(path: Path) -> bool:
    """Whether anything is at ``path``, a dangling link too. A path the file system refuses
    (a name too long for it, a loop of links) raises, as writing there would."""
    try:
        path.lstat()
    except (FileNotFoundError, NotADirectoryError):
        return False
    return True


def _check_folder(folder: Path) -> None:
    if folder.exists() and not folder.is_dir():
        raise FileWriteError("not a folder: --split writes one file per tool into a folder",
                             file=str(folder), hint="choose a folder for --output, or drop "
                             "--split to write one file")


def _make_folder(folder: Path) -> None:
    # an empty listing still leaves the folder, so --check finds an up-to-date one
    _check_folder(folder)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise FileWriteError(f"cannot create the folder: {exc.strerror or exc}",
                             file=str(folder)) from None


def _dump(value: Any) -> str:
    return json.dumps(value, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


__all__ = ["file_name", "in_the_way", "is_snapshot_file", "leftovers", "listed", "render",
           "render_split", "stale", "write_one", "write_split"]
