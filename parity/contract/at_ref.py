"""A file as it was at a git ref, read from the object store (no checkout), for
``parity check --against REF``.

The path is the configured one, taken inside the repository as written: a link in the
working tree is not followed, since it may not have been one at REF. What REF stored there
is followed instead, a link at a time, within the tree (``MAX_LINKS`` of them at most); a
link leading out of the repository is an error, never read.
"""

from __future__ import annotations

import os
import posixpath
import subprocess
from pathlib import Path

from parity.errors import ParityError

#: links followed in one path at most, as the kernel's own limit
MAX_LINKS = 40
_LINK, _TREE = "120000", "tree"


def read_at_ref(path: str | os.PathLike[str], ref: str) -> tuple[bytes, str] | None:
    """The bytes ``path`` held at git ``ref`` and its path in the repository (as
    configured, not where a link led), or ``None`` when there was nothing there.
    ``ParityError`` for a bad ref, a path outside the repository, or a link at ``ref``
    that leaves it or never ends."""
    given = Path(os.path.abspath(path))  # noqa: PTH100 - lexical: links are REF's to follow
    folder = next((p for p in given.parents if p.is_dir()), Path.cwd())
    top = Path(os.fsdecode(_git(["rev-parse", "--show-toplevel"], folder,
                                "not inside a git repository: --against needs one")).strip())
    _git(["rev-parse", "--verify", "--quiet", f"{ref}^{{commit}}"], folder,
         f"git ref {ref!r} not found (fetch it first, e.g. `git fetch origin {ref}`)")
    rel = _inside(given, top)
    blob = _blob(rel, ref, top)  # from the top: ls-tree takes paths from where it runs
    if blob is None:
        return None
    # the committed bytes as they are: parsing says what is wrong with them (not UTF-8...)
    return _git(["cat-file", "blob", blob], top, f"cannot read {rel} at {ref}"), rel


def _inside(given: Path, top: Path) -> str:
    """``given`` relative to the repository's top, as written; else with its folders'
    links followed (the top is a real path: the checkout may be reached through a link)."""
    for candidate in (given, given.parent.resolve() / given.name):
        try:
            return candidate.relative_to(top.resolve()).as_posix()
        except ValueError:
            continue
    raise ParityError(f"{given} is outside the git repository at {top}",
                      hint="--against compares files tracked in the repository")


def _blob(rel: str, ref: str, cwd: Path) -> str | None:
    """The object id of the file ``rel`` leads to at ``ref``, links followed in the tree;
    ``None`` when nothing is there."""
    todo, links = rel.split("/"), 0
    done: list[str] = []  # the folders followed so far, links resolved
    while todo:
        name = todo.pop(0)
        if name in ("", "."):
            continue
        if name == "..":
            if not done:
                raise _outside(rel, ref)
            done.pop()
            continue
        entry = _entry("/".join([*done, name]), ref, cwd)
        if entry is None:
            return None
        mode, kind, oid = entry
        if mode == _LINK:
            links += 1
            if links > MAX_LINKS:
                raise ParityError(f"{ref}:{rel}: more than {MAX_LINKS} links to follow (a "
                                  "loop of links)", hint="fix the links committed at that ref")
            target = os.fsdecode(_git(["cat-file", "blob", oid], cwd, f"cannot read {rel}"))
            if posixpath.isabs(target):
                raise _outside(rel, ref)
            todo = [*target.split("/"), *todo]  # taken from the link's own folder
            continue
        done.append(name)
        if todo:
            if kind != _TREE:
                return None  # a file where a folder of the path goes: nothing there
            continue
        if kind == _TREE:
            raise ParityError(f"{ref}:{rel}: a folder at that ref, not a file")
        return oid
    return None


def _entry(path: str, ref: str, cwd: Path) -> tuple[str, str, str] | None:
    """``(mode, type, object id)`` of ``path`` in ``ref``'s tree, or ``None``."""
    out = _git(["ls-tree", "-z", ref, "--", path], cwd, f"cannot list {path} at {ref}")
    for record in out.split(b"\0"):
        meta, _, name = record.partition(b"\t")
        if os.fsdecode(name) == path:
            mode, kind, oid = os.fsdecode(meta).split()
            return mode, kind, oid
    return None


def _outside(rel: str, ref: str) -> ParityError:
    return ParityError(f"{ref}:{rel}: a link leading out of the repository",
                       hint="--against reads only what the repository holds at that ref; "
                            "commit the file itself there")


def _git(args: list[str], cwd: Path, failure: str) -> bytes:
    try:
        done = subprocess.run(["git", *args], cwd=cwd, capture_output=True, check=False)
    except FileNotFoundError:
        raise ParityError("git is not installed: --against needs it") from None
    if done.returncode != 0:
        detail = done.stderr.decode("utf-8", "replace").strip().splitlines()
        raise ParityError(failure + (f" ({detail[-1]})" if detail else ""))
    return done.stdout


__all__ = ["MAX_LINKS", "read_at_ref"]
