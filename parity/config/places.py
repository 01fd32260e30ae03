"""Where the configuration's paths lead. Each is taken from the configuration's folder;
one the file system refuses outright is a mistake at load, not an error at first use. The
folders parity writes (``manifests``, ``baselines``, a ``lock``), and the files it names
inside them, must not lead out of that folder, through ``..``, an absolute path or a link:
the configuration and those files are committed, and parity writes through links (an
explicit command-line path is the user's own choice and may go anywhere)."""

from __future__ import annotations

import errno
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Protocol

from parity.config.model import PairConfig, ServerConfig


class _Errors(Protocol):
    def error(self, key: str, value: Any, expected: str) -> None: ...

    @property
    def errors(self) -> list[str]: ...


def checked_path(v: _Errors, root: Path, value: str, key: str) -> Path:
    """``value`` taken from ``root``; mistakes go to ``v``."""
    path = root / value
    if "\0" in value:
        v.error(key, value, "a path without a NUL character")
        return path
    try:
        path.lstat()
    except (FileNotFoundError, NotADirectoryError):
        pass  # not written yet, or said when it is used
    except OSError as exc:
        v.error(key, value, f"a path the file system accepts ({exc.strerror})")
    return path


def inside(v: _Errors, root: Path, value: str, key: str) -> Path:
    """``checked_path``, which must not leave ``root``."""
    errors = len(v.errors)
    path = checked_path(v, root, value, key)
    if len(v.errors) == errors:
        _within(v, root, path, key, value)
    return path


def linked_files(v: _Errors, root: Path, files: Mapping[Path, str]) -> None:
    """Of ``files`` (path -> the key it belongs to), those that are links must stay in
    ``root`` too."""
    for path, key in files.items():
        try:
            linked = path.is_symlink()
        except OSError:  # a folder the file system refuses: its key's mistake says so
            continue
        if linked:
            shown = path.relative_to(root).as_posix() if path.is_relative_to(root) \
                else str(path)
            _within(v, root, path, key, f"{shown} -> {path.readlink()}")


def derived_files(manifests: Path, servers: Mapping[str, ServerConfig],
                  pairs: Mapping[str, PairConfig]) -> dict[Path, str]:
    """Every file parity names itself inside a configured folder, by the key it belongs to:
    each pair's manifests and baseline, the lock of each server without a ``lock`` key."""
    files: dict[Path, str] = {}
    for pair in pairs.values():
        for path in (pair.agent_manifest, pair.server_manifest, pair.baseline):
            files[path] = pair.key
    for server in [*servers.values(), *(pair.server for pair in pairs.values())]:
        if server.lock is None:
            files[manifests / f"{server.name}.lock.json"] = server.key
    return files


def _loops(path: Path) -> bool:
    """Whether following ``path``'s links never ends (3.13 resolves such a path without a
    word: ``stat`` says it)."""
    try:
        path.stat()
    except OSError as exc:
        return exc.errno == errno.ELOOP
    return False


def _within(v: _Errors, root: Path, path: Path, key: str, value: str) -> None:
    try:
        inside = path.resolve().is_relative_to(root.resolve())
    except (OSError, RuntimeError):  # RuntimeError: a loop of links (3.10-3.12)
        inside = None
    if inside is None or _loops(path):
        v.error(key, value, "a path the file system accepts (not a loop of links)")
        return
    if not inside:
        v.error(key, value, f"a path inside the configuration's folder {root}")
