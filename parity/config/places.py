"""Where the configuration's paths lead. Each is taken from the configuration's folder;
one the file system refuses outright is a mistake at load, not an error at first use. The
folders parity writes (``manifests``, ``baselines``, a ``lock``), and the files it names
inside them, must not lead out of that folder, through ``..``, an absolute path or a link:
the configuration and those files are committed, and parity writes through links (an
explicit command-line path is the user's own choice and may go anywhere)."""

from __future__ import annotations

import errno
import os
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Protocol

from parity.config.model import PairConfig, ServerConfig

#: a spelling no path setting takes literally: a home (``~``), a variable (``${HOME}``,
#: ``$HOME``), a Windows separator or drive (``bl\\sub``, ``C:/x``); each would name a
#: folder of that name in the project instead
_SPELLING = re.compile(r"^~|\$\{|\$[A-Za-z_]|\\|^[A-Za-z]:")


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
    if _SPELLING.search(value):
        v.error(key, value, "a path relative to the configuration's folder, with / between "
                            "its parts: ~ and ${VAR} are not expanded, \\ is no separator")
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


def shared_files(v: _Errors, root: Path, manifests: Path,
                 servers: Mapping[str, ServerConfig], pairs: Mapping[str, PairConfig]) -> None:
    """A file in two roles, one of them written (a lock over a baseline, two servers' lock,
    a pair's baseline over another pair's manifest, a tool file parity would overwrite) is
    a mistake naming both keys: one write would replace what the other role holds. Paths
    are compared resolved (links followed, ``a/../b`` as ``b``)."""
    seen: dict[str, tuple[str, bool]] = {}
    # files only read first: the key blamed is then the one whose write would replace
    roles = sorted(dict.fromkeys(_roles(manifests, servers, pairs)), key=lambda r: r[3])
    for path, key, role, written in roles:
        try:
            real = os.path.realpath(path)
        except (OSError, ValueError):  # a NUL character: its key's mistake says so
            continue
        other = seen.setdefault(real, (role, written))
        if other[0] == role or not (written or other[1]):
            continue  # itself (a server several pairs share), or two readers of one file
        shown = path.relative_to(root).as_posix() if path.is_relative_to(root) else str(path)
        v.error(key, shown, f"a file of its own, but {role} is also {other[0]} (writing "
                            "one would replace the other)")


def _roles(manifests: Path, servers: Mapping[str, ServerConfig],
           pairs: Mapping[str, PairConfig]) -> list[tuple[Path, str, str, bool]]:
    """Every file the configuration names: its path, the key to blame, its role (naming the
    key it belongs to), whether parity writes it."""
    roles: list[tuple[Path, str, str, bool]] = []
    for pair in pairs.values():
        roles += [(pair.agent_manifest, pair.key, f"the agent manifest of {pair.key}", True),
                  (pair.server_manifest, pair.key, f"the server manifest of {pair.key}", True),
                  (pair.baseline, pair.key, f"the baseline of {pair.key}", True)]
        if pair.agent.tools_file is not None:
            key = f"{pair.key}.agent.tools_file"
            roles.append((pair.agent.tools_file, key, f"the tool file {key}", False))
    for server in [*servers.values(), *(pair.server for pair in pairs.values())]:
        if server.lock is not None:
            key = f"{server.key}.lock"
            roles.append((server.lock, key, f"the lock {key}", True))
        else:
            roles.append((manifests / f"{server.name}.lock.json", server.key,
                          f"the lock of {server.key}", True))
        if server.tools_file is not None:
            key = f"{server.key}.tools_file"
            roles.append((server.tools_file, key, f"the tool file {key}", False))
    return roles


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
