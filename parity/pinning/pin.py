"""Lock and verify as a library: what re-pinning a server means, decided as data before
anything is written, and the verification of live tools against a lock.

No prompt and no printing here: ``plan_lock`` says whether writing needs someone's consent
(``Relock.needs_consent``), the caller asks (the CLI on a terminal, a library caller by its
own rule) and ``write_lock`` writes. ``verify_lock`` fails closed on a lock of another server.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from parity.errors import FileFormatError
from parity.pinning.drift import Drift, SurfacePolicy, compare
from parity.pinning.lock import Lock, check_identity, dumps, load, reported_rename, write

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
    if not path.exists():
        return Relock(live, path, "new")
    try:
        old = load(path)
        # comparing reads stored definitions, whose digests are checked on first read
        drift = compare(old, live, lock_file=lock_file or str(path))
    except FileFormatError as exc:
        return Relock(live, path, "unreadable", problem=exc)
    # the lock keeps every name the server was pinned under, so a rename stays on record
    rename = reported_rename(old, live.reported_name)
    live = dataclasses.replace(
        live, renamed_from=old.renamed_from + ((rename[0],) if rename else ()))
    if drift.drifted or old.server != live.server or rename:
        return Relock(live, path, "changed", old, drift)
    if path.read_text(encoding="utf-8") == dumps(live):
        return Relock(live, path, "up_to_date", old, drift)
    return Relock(live, path, "rewrite", old, drift)


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
    drift = compare(lock, live, surface_policy=surface, lock_file=lock_file or file)
    rename = reported_rename(lock, live.reported_name)
    if rename is None:
        return drift
    if rename[1] == accept_name:
        note = (f"the server now calls itself {rename[1]!r} (locked as {rename[0]!r}): "
                "accepted by configuration; re-lock to record it")
        return dataclasses.replace(drift, warnings=(*drift.warnings, note))
    return dataclasses.replace(drift, server_renamed=rename)


__all__ = ["Relock", "RelockState", "lock_result", "plan_lock", "verify_lock", "write_lock"]
