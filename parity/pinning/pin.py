"""Lock and verify as a library: what re-pinning a server means, decided as data before
anything is written, and the verification of live tools against a lock.

No prompt and no printing here: ``plan_lock`` says whether writing needs someone's consent
(``Relock.needs_consent``), the caller asks (the CLI on a terminal, a library caller by its
own rule) and ``commit_lock`` writes. ``verify_lock`` fails closed on a lock of another server.

Listing a server and asking a person take long, so the lock file's inter-process lock is
not held through them: ``commit_lock`` takes it only to re-read and write. If the file
changed since it was planned against (another ``parity lock`` wrote it), the plan is made
again against what is there now, and a replacement nobody agreed to is declined.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from parity.core.files import FileWriteError, refuse_no_file
from parity.core.reading import read_limited, read_text
from parity.errors import FileFormatError
from parity.pinning.drift import Drift, SurfacePolicy, compare
from parity.pinning.lock import Lock, check_identity, dumps, load, reported_rename, write
from parity.pinning.tool import LockedTool

#: ``new``: no lock yet; ``up_to_date``: the same bytes; ``rewrite``: the same tools, other
#: bytes (written without asking); ``changed``: tools or the server's name changed;
#: ``unreadable``: the existing lock cannot be read
RelockState = Literal["new", "up_to_date", "rewrite", "changed", "unreadable"]


@dataclass(frozen=True)
class Relock:
    """What writing ``live`` to ``path`` would do, decided before anything is written."""

    live: Lock
    path: Path
    state: RelockState
    #: the lock on disk, when it could be read
    old: Lock | None = None
    #: how the live tools differ from ``old``
    drift: Drift | None = None
    #: why the lock on disk cannot be read (``unreadable``)
    problem: FileFormatError | None = None
    #: the lock file's bytes the plan was made against (None: there was none)
    before: bytes | None = None

    @property
    def needs_consent(self) -> bool:
        """Writing replaces a lock whose tools changed, or one that cannot be read."""
        return self.state in ("changed", "unreadable")

    @property
    def renamed_server(self) -> bool:
        """The lock on disk pins a server of another name."""
        return self.old is not None and self.old.server != self.live.server

    @property
    def needs_writing(self) -> bool:
        return self.state != "up_to_date"


def plan_lock(live: Lock, path: str | Path, *, lock_file: str | None = None) -> Relock:
    """Decide what writing ``live`` to ``path`` means. ``lock_file`` is the path as shown in
    the drift explanation."""
    path = Path(path)
    refuse_no_file(path)  # a FIFO would be waited on forever, a folder is no lock
    if not path.exists():
        return Relock(live, path, "new", before=None)
    before = lock_bytes(path)
    _refuse_other_file(path, before)
    try:
        old = load(path)
        # comparing reads stored definitions, whose digests are checked on first read
        drift = compare(old, live, lock_file=lock_file or str(path))
    except FileFormatError as exc:
        return Relock(live, path, "unreadable", problem=exc, before=before)
    # the lock keeps every name the server was pinned under, so a rename stays on record
    rename = reported_rename(old, live.reported_name)
    live = dataclasses.replace(
        live, renamed_from=old.renamed_from + ((rename[0],) if rename else ()))
    if drift.drifted or old.server != live.server or rename:
        return Relock(live, path, "changed", old, drift, before=before)
    if read_text(path) == dumps(live):
        return Relock(live, path, "up_to_date", old, drift, before=before)
    return Relock(live, path, "rewrite", old, drift, before=before)


def _refuse_other_file(path: Path, content: bytes | None) -> None:
    """A lock replaces an earlier lock (even a damaged one: re-pinning is its fix), never
    another file (a baseline, a manifest, the configuration) that a ``lock`` setting or
    ``--lock`` names: a non-empty file that names no lock format is refused."""
    if content and b'"parity.lock/' not in content:
        raise FileWriteError("not written: the file holds something other than a parity "
                             "lock, which writing one would replace", file=str(path),
                             hint="give the lock a path of its own (a server's `lock`, "
                                  "`--lock`), or remove that file first")


def lock_bytes(path: Path) -> bytes | None:
    """The lock file's content as it is now (None: there is none, or it cannot be read)."""
    try:
        return read_limited(path)
    except OSError:
        return None


def commit_lock(plan: Relock, *, may_replace: bool,
                lock_file: str | None = None) -> tuple[Relock, str]:
    """Write the planned lock under the file's lock; the plan written (or not) and the
    result: ``written``, ``up to date`` or ``declined``.

    The plan was made (and consented to) against the file as it was then: if another writer
    changed it since, the plan is made again against what is there now, and written only
    if it needs no consent or ``may_replace`` (``--yes``); otherwise ``declined``, so a
    concurrent writer's lock is never replaced without anyone agreeing to it."""
    from parity.core.files import locked

    with locked(plan.path):
        if lock_bytes(plan.path) != plan.before:
            plan = plan_lock(plan.live, plan.path, lock_file=lock_file)
            if not plan.needs_writing:
                return plan, "up to date"
            if plan.needs_consent and not may_replace:
                return plan, "declined"
        write_lock(plan)
    return plan, "written"


def write_lock(plan: Relock) -> None:
    """Write the planned lock (atomically); the caller has the consent it needed."""
    write(plan.live, plan.path)


def lock_result(plan: Relock, *, written: bool, reason: str) -> dict[str, Any]:
    """One server's entry of ``parity lock --format json`` (``parity.lock-result/1``)."""
    drift = plan.drift.to_json() if plan.state == "changed" and plan.drift else None
    return {"server": plan.live.server, "lock": str(plan.path), "tools": len(plan.live.tools),
            "catalog": plan.live.catalog, "written": written, "result": reason,
            "drift": drift}


def verify_lock(lock: Lock, live: Lock, *, surface: SurfacePolicy = "refuse",
                file: str = "<lock>", lock_file: str | None = None,
                accept_name: str | None = None) -> Drift:
    """Compare ``live`` with ``lock``; ``FileFormatError`` if the lock pins another configured
    server (verification fails closed). A server that reports another ``serverInfo.name``
    than the lock's is still compared (the drift explains its tools) and refused, unless its
    new name is ``accept_name``. ``file`` names the lock in errors, ``lock_file`` in the
    drift explanation."""
    check_identity(lock, server=live.server, reported=None, file=file)
    pinned, listed, unsaid = comparable(lock, live)
    drift = compare(pinned, listed, surface_policy=surface, lock_file=lock_file or file)
    if unsaid is not None:
        drift = dataclasses.replace(drift, warnings=(*drift.warnings, unsaid))
    rename = reported_rename(lock, live.reported_name)
    if rename is None and lock.reported_name is not None and live.reported_name is None:
        # a 2026-07-28 server need not say its name; a garbled one is no name either
        note = (f"the server did not say its name (serverInfo.name; locked as "
                f"{lock.reported_name!r}): that it is the same server was not checked")
        return dataclasses.replace(drift, warnings=(*drift.warnings, note))
    if rename is None:
        return drift
    if rename[1] == accept_name:
        note = (f"the server now calls itself {rename[1]!r} (locked as {rename[0]!r}): "
                "accepted by configuration; re-lock to record it")
        return dataclasses.replace(drift, warnings=(*drift.warnings, note))
    return dataclasses.replace(drift, server_renamed=rename)


#: Tool fields that some protocol versions' wire does not carry: MCP 2025-11-25 added
#: ``execution`` (how a tool may be called as a task) and 2026-07-28 dropped it. Between
#: listings made under different versions, one side's silence says nothing of the server.
VERSIONED_FIELDS = ("execution",)


def comparable(lock: Lock, live: Lock) -> tuple[Lock, Lock, str | None]:
    """``lock`` and ``live`` as they can be compared: without the ``VERSIONED_FIELDS`` either
    holds when they were listed under different protocol versions, with the warning that
    says so; as they are when the versions are the same (or either is not known)."""
    if lock.protocol_version is None or live.protocol_version is None or \
            lock.protocol_version == live.protocol_version:
        return lock, live, None
    held = sorted({name for side in (lock, live) for tool in side.tools.values()
                   for name in VERSIONED_FIELDS if name in tool.given})
    if not held:
        return lock, live, None
    fields = ", ".join(f"`{name}`" for name in held)
    warning = (f"{fields} not compared: the lock was listed under MCP protocol version "
               f"{lock.protocol_version} and this session speaks {live.protocol_version}, "
               "and only 2025-11-25 carries a tool's `execution`; lock and check under one "
               "version to compare it (`parity.lock_tools(session, path)` from the session "
               "that checks)")
    return _without(lock, held), _without(live, held), warning


def _without(lock: Lock, fields: list[str]) -> Lock:
    tools = {name: LockedTool.of({k: v for k, v in tool.given.items() if k not in fields})
             for name, tool in lock.tools.items()}
    return dataclasses.replace(lock, tools=tools)


__all__ = ["VERSIONED_FIELDS", "Relock", "RelockState", "commit_lock", "comparable",
           "lock_bytes", "lock_result", "plan_lock", "verify_lock", "write_lock"]
