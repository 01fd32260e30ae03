"""Writing the files parity owns (manifests, baselines, locks, reports) so no update is lost.

- **Atomic**: through a temporary file in the same folder and a rename, so a killed run
  leaves the old file whole. A failed write removes its temporary file, as does one
  stopped by SIGTERM or SIGINT (then the signal ends the process as before); one a run
  killed outright left behind (``.NAME.XXXXXXXX.tmp``) is removed by the next write of the
  same file.
- **Serialized**: every writer of one file holds an inter-process lock on it (``filelock``,
  on ``.NAME.lock`` beside it, removed before the lock is released) while it writes; a
  read-modify-write (``parity baseline --accept``) holds it from the read on (``locked``),
  so two at once both land, whatever each writer's ``TMPDIR`` or user.
- **Through symlinks**: a symlinked file is written at its target; the link stays.
- **Streams written in place** (``streams=True``: reports, a one-file snapshot): a path
  that exists but is no regular file (a device such as ``/dev/null``, a FIFO) or names an
  open descriptor (``/dev/stdout``, ``/dev/fd/N``) is opened and written, appended to,
  never replaced: a rename would put a regular file where the device or pipe was.
  Atomicity means nothing there. parity's own files (manifests, locks, baselines) refuse
  such a path without opening it (a FIFO would be waited on forever).
- **Modes as ``open`` gives them**: a replaced file keeps its permission bits; a new one
  gets what the umask allows of 0666 (``mkstemp``'s 0600 would hide a report from others).
- **Named failures**: every failure is a ``ParityError`` naming the path (exit 2).
- **No secret**: see ``parity.core.redact``.
"""

from __future__ import annotations

import contextlib
import os
import re
import secrets as random_names
import signal
import stat
import threading
from collections.abc import Iterable, Iterator
from pathlib import Path
from types import FrameType
from typing import Any

from parity.core import redact
from parity.core.reading import no_file
from parity.errors import ParityError

#: what a temporary file's name holds between the prefix and the suffix (eight characters,
#: as ``tempfile.mkstemp`` puts there, so a killed run's older ones are still recognized)
_RANDOM = r"[a-z0-9_]{8}"
#: a folder whose entries are a process's open descriptors (``/dev/stdout`` links into one)
_DESCRIPTORS = re.compile(r"/proc/(?:self|\d+)/fd|/dev/fd")
#: one lock object per lock file, so a writer inside ``locked`` re-enters instead of waiting
_LOCKS: dict[str, Any] = {}
#: how long a writer waits for another before giving up with a message
LOCK_TIMEOUT = 60.0


class FileWriteError(ParityError):
    """A file parity could not write (a directory in the way, no permission, a full disk)."""


def target_of(path: str | os.PathLike[str]) -> Path:
    """Where writing ``path`` lands: a symlink's target (the link itself is kept)."""
    p = Path(path)
    return Path(os.path.realpath(p)) if p.is_symlink() else p


def same_file(path: str | os.PathLike[str], other: str | os.PathLike[str] | None) -> bool:
    """Whether ``path`` and ``other`` are one file however each is spelt: links followed,
    relative or absolute, a hard link (the same device and inode). A missing one is none."""
    try:
        return other is not None and Path(path).samefile(other)
    except (OSError, ValueError):  # either is missing (or no path the system takes)
        return False


def refuse_inputs(output: str | os.PathLike[str] | None,
                  inputs: Iterable[tuple[str, str | os.PathLike[str] | None]], *,
                  writing: str) -> None:
    """Refuse to write ``output`` when it is one of the files the command reads (``inputs``:
    what each is, its path): the write would replace what it was made from, a report over
    the baseline it checked. A stream is written in place, never replaced: ``/dev/stdout``
    is no input even on the terminal ``/dev/stdin`` reads. Raises ``FileWriteError``."""
    if output is None or not _is_regular(Path(output)):
        return
    for what, path in inputs:
        if same_file(output, path):
            raise FileWriteError(f"not written: this is the {what} input", file=str(output),
                                 hint=f"write the {writing} to another file")


def _is_regular(path: Path) -> bool:
    try:
        return stat.S_ISREG(path.stat().st_mode)
    except (OSError, ValueError):  # nothing there yet: nothing to replace
        return False


def lock_file_of(target: Path) -> Path:
    """The lock file of ``target``: beside it, ``.NAME.lock`` (as git's ``index.lock``), so
    every writer of one file meets the same lock whatever its environment (another
    ``TMPDIR``, another user, a container sharing the folder). It lasts while the lock is
    held and is removed before it is released."""
    real = Path(os.path.realpath(target))  # a folder reached through a link: its real one
    return real.parent / f".{real.name}.lock"


@contextlib.contextmanager
def locked(path: str | os.PathLike[str]) -> Iterator[Path]:
    """Hold the inter-process lock of ``path`` (re-entrant); yields the path to write.

    Read the file inside the block, change it, write it inside the block: no other parity
    process writes it in between. A SIGTERM meanwhile (in the main thread, where nothing
    else handles it) first removes the temporary file and the lock file, then ends the
    process as it would have."""
    target = target_of(path)
    if _is_stream(target, str(path)):  # written in place, never replaced: nothing to lock
        yield target
        return
    _make_folder(target.parent, str(path))  # the lock file goes there
    with _cleaning_up_on_sigterm(), _holding(path, target) as held:
        yield held


@contextlib.contextmanager
def _holding(path: str | os.PathLike[str], target: Path) -> Iterator[Path]:
    from filelock import FileLock, Timeout  # only writers pay for it

    lock_file = str(lock_file_of(target))
    lock = _LOCKS.get(lock_file)
    if lock is None:
        def note(fd: int) -> None:  # filelock hands over the descriptor it locked
            _HELD[lock_file] = os.fstat(fd)

        lock = _LOCKS[lock_file] = FileLock(lock_file, on_acquired=note)
    try:
        lock.acquire(timeout=LOCK_TIMEOUT)
    except Timeout:
        raise FileWriteError(f"another parity process has held this file for "
                             f"{LOCK_TIMEOUT:g} s", file=str(path),
                             hint="wait for it to finish, then run this again") from None
    except OSError as exc:
        raise FileWriteError(f"cannot lock it: {exc.strerror or exc} ({lock_file})",
                             file=str(path)) from None
    try:
        yield target
    finally:
        try:
            if lock.lock_counter == 1:  # the outermost hold: the lock file goes with it
                _remove_lock_file(lock_file)
        finally:
            lock.release()


class _Terminated(BaseException):
    """A SIGTERM, raised where the process was so that clean-up blocks run."""


@contextlib.contextmanager
def _cleaning_up_on_sigterm() -> Iterator[None]:
    """Within the block, SIGTERM raises ``_Terminated`` (a write removes its temporary file,
    ``locked`` its lock file), then is delivered again as before: the process ends as a
    SIGTERM ends it. Left alone where another handler is set, or off the main thread."""
    if (threading.current_thread() is not threading.main_thread()
            or signal.getsignal(signal.SIGTERM) is not signal.SIG_DFL):
        yield
        return

    def stop(signum: int, frame: FrameType | None) -> None:
        raise _Terminated

    signal.signal(signal.SIGTERM, stop)
    try:
        yield
    except _Terminated:
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        os.kill(os.getpid(), signal.SIGTERM)  # ends the process here
        raise  # where the signal cannot end it (never on POSIX)
    finally:
        if signal.getsignal(signal.SIGTERM) is stop:
            signal.signal(signal.SIGTERM, signal.SIG_DFL)


#: what each lock file held by this process is (its device and inode), recorded when taken
_HELD: dict[str, os.stat_result] = {}


def _remove_lock_file(lock_file: str) -> None:
    """Remove the lock file while it is still held, when it is still the one held: a
    process waiting on it then finds it unlinked and takes the new one (filelock checks)."""
    held = _HELD.pop(lock_file, None)
    with contextlib.suppress(OSError):  # gone already, or (Windows) open: filelock removes it
        if held is not None and os.path.samestat(os.lstat(lock_file), held):
            os.unlink(lock_file)  # noqa: PTH108


def write_atomic(path: str | os.PathLike[str], text: str, *, secrets: str = "refuse",
                 streams: bool = False) -> None:
    """Write ``text`` to ``path`` atomically, under its lock, through a symlink.

    ``streams``: a device, a FIFO or an open descriptor at ``path`` is written in place (a
    report's ``-o /dev/stdout``); without it (manifests, locks, baselines: files to commit)
    such a path, or a folder, is refused, nothing opened (a FIFO would wait forever).

    ``secrets``: what to do when ``text`` holds a secret of the running command (see
    ``parity.core.redact``): ``"refuse"`` (manifests, locks, baselines: a redacted one would
    pin what the server never said) raises ``SecretInFileError``; ``"redact"`` (reports)
    writes it redacted. Raises ``FileWriteError`` naming the path when it cannot write."""
    if not streams:
        refuse_no_file(path, folder=False)  # a folder: "a folder is in the way", below
    if secrets == "redact":
        text = redact.active()(text)
    else:
        redact.check_clean(str(path), text)
    with locked(path) as target:
        _write(target, text, shown=str(path))


def _write(p: Path, text: str, *, shown: str) -> None:
    if _is_stream(p, shown):
        _write_in_place(shown, text)
        return
    _make_folder(p.parent, shown)
    _refuse_folder(p, shown)
    _remove_stale_temporaries(p)
    fd, tmp = _temporary(p, shown)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        _keep_mode(p, tmp)
        os.replace(tmp, p)  # noqa: PTH105 - tests patch os.replace to simulate a kill
    except OSError as exc:
        Path(tmp).unlink(missing_ok=True)
        raise FileWriteError(f"cannot write: {exc.strerror or exc}", file=shown) from None
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def check_writable(path: str | os.PathLike[str]) -> None:
    """Raise the ``FileWriteError`` writing ``path`` would for what is in its way (a folder
    where the file goes, a file where one of its folders goes), writing nothing: a dry run
    (``snapshot --check``) then fails as the write would, never calls it stale."""
    p, shown = target_of(path), str(path)
    if _is_stream(p, shown):
        return
    blocking = _blocking_file(p.parent)
    if blocking is not None:
        raise _not_a_folder(blocking, shown)
    _refuse_folder(p, shown)


def refuse_no_file(path: str | os.PathLike[str], *, folder: bool = True) -> None:
    """Raise ``FileWriteError`` when ``path`` is no place for a file parity owns: a FIFO, a
    socket, a device, an open descriptor (``/dev/stdout``), a folder (unless ``folder`` is
    false). Nothing is opened."""
    kind = "an open descriptor" if _names_descriptor(Path(path)) else no_file(path)
    if kind is not None and (folder or kind != "a folder"):
        raise FileWriteError(f"not written: it is {kind}, not a file", file=str(path),
                             hint="remove what is there, or choose another path: parity "
                                  "writes a regular file here")


def _refuse_folder(p: Path, shown: str) -> None:
    if p.is_dir():
        raise FileWriteError("cannot write: a folder is in the way", file=shown,
                             hint="remove or rename the folder, or choose another path")


def _is_stream(target: Path, shown: str) -> bool:
    """Whether ``shown`` (as given) is written in place: it names an open descriptor, or
    what it leads to (``target``, the links followed) exists and is no regular file or
    folder."""
    if _names_descriptor(Path(shown)):
        return True
    try:
        mode = target.stat().st_mode
    except OSError:
        return False  # nothing there yet (or unreachable: the write says why)
    return not stat.S_ISREG(mode) and not stat.S_ISDIR(mode)


def _names_descriptor(path: Path) -> bool:
    """``path`` is, or links to, an entry of a descriptor folder (``/dev/stdout`` ->
    ``/proc/self/fd/1``): what the descriptor holds is the file, whatever its entry reads as
    (``pipe:[123]``, or a file the shell opened for appending)."""
    for _ in range(40):  # the kernel's own limit on links followed
        if _DESCRIPTORS.fullmatch(os.path.realpath(path.parent)):
            return True
        try:
            path = path.parent / path.readlink()
        except (OSError, ValueError):  # not a link (or unreadable): the chain ends here
            return False
    return False


def _write_in_place(shown: str, text: str) -> None:
    # appended, not truncated: ``-o /dev/stdout >> log`` keeps the log (a pipe or a device
    # has no end to append to, so nothing changes for them)
    try:
        with open(shown, "a", encoding="utf-8", newline="\n") as fh:  # noqa: PTH123
            fh.write(text)
    except BrokenPipeError:  # its reader closed it (``-o /dev/stdout | head``): the CLI's
        raise                # quiet exit, as for standard output itself
    except OSError as exc:
        raise FileWriteError(f"cannot write: {exc.strerror or exc}", file=shown) from None


def _temporary(p: Path, shown: str) -> tuple[int, str]:
    """A new temporary file beside ``p`` (``.NAME.XXXXXXXX.tmp``), opened for writing with the
    mode a plain ``open`` gives a new file (0666, less the umask), as ``mkstemp`` would
    with 0600."""
    for _ in range(100):
        tmp = str(p.parent / f".{p.name}.{random_names.token_hex(4)}.tmp")
        try:
            return os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW, 0o666), tmp
        except FileExistsError:
            continue
        except OSError as exc:
            raise FileWriteError(f"cannot write: {exc.strerror}", file=shown) from None
    raise FileWriteError("cannot write: no free temporary name beside it", file=shown)


_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)


def _keep_mode(p: Path, tmp: str) -> None:
    """The file replacing ``p`` keeps ``p``'s permission bits, when there is one."""
    try:
        mode = stat.S_IMODE(p.stat().st_mode)
    except FileNotFoundError:
        return  # a new file: the umask decided, as for ``open``
    os.chmod(tmp, mode)  # noqa: PTH101


def _make_folder(folder: Path, shown: str) -> None:
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except (FileExistsError, NotADirectoryError):
        raise _not_a_folder(_blocking_file(folder) or folder, shown) from None
    except OSError as exc:
        raise FileWriteError(f"cannot create its folder {folder}: {exc.strerror}",
                             file=shown) from None


def _blocking_file(folder: Path) -> Path | None:
    """The first of ``folder`` and its parents that is there but no folder."""
    return next((p for p in (folder, *folder.parents) if p.exists() and not p.is_dir()), None)


def _not_a_folder(blocking: Path, shown: str) -> FileWriteError:
    return FileWriteError(f"cannot write: {blocking} is a file, not a folder", file=shown,
                          hint="remove or rename that file, or choose another path")


def _remove_stale_temporaries(p: Path) -> None:
    """Under the lock (it is the file's own, whatever the writer's environment) no other
    writer has a temporary file here: any left is a killed run's."""
    pattern = re.compile(rf"\.{re.escape(p.name)}\.{_RANDOM}\.tmp")
    try:
        stale = [f for f in p.parent.iterdir() if pattern.fullmatch(f.name)]
    except OSError:
        return
    for file in stale:
        with contextlib.suppress(OSError):
            file.unlink()


def open_for_append(path: str | os.PathLike[str]) -> Any:
    """Open a log file (the event trail) for writing, with failures naming the path."""
    p = Path(path)
    _make_folder(p.parent, str(p))
    try:
        return p.open("w", encoding="utf-8", newline="\n")
    except OSError as exc:
        raise FileWriteError(f"cannot write: {exc.strerror}", file=str(p)) from None


__all__ = ["LOCK_TIMEOUT", "FileWriteError", "check_writable", "lock_file_of", "locked",
           "open_for_append", "refuse_inputs", "refuse_no_file", "same_file", "target_of",
           "write_atomic"]
