"""Reading a file whole, with a bound: parity reads committed files and files a server or a
user names, and a file that never ends (a link to ``/dev/zero``) must not fill the memory."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from parity.errors import FileFormatError

#: The most parity reads of one file (a 10,000-tool manifest is about 25 MB): a larger or
#: endless one (a link to /dev/zero) is refused before it fills the memory.
MAX_FILE_BYTES = 256 * 2**20


class TooLargeError(OSError):
    """A file of more than ``MAX_FILE_BYTES``."""

    def __init__(self) -> None:
        super().__init__(f"larger than {MAX_FILE_BYTES >> 20} MiB, more than parity reads")
        self.strerror = str(self)


def is_file(path: str | os.PathLike[str]) -> bool | None:
    """``True``: a regular file is at ``path`` (links followed); ``False``: nothing is (or
    a link to nothing); ``None``: something else is (a folder, a pipe, a device), which is
    no file to read and must not be taken for a missing one. ``OSError`` when it cannot
    be told (a folder on the way that cannot be searched)."""
    try:
        mode = Path(path).stat().st_mode
    except FileNotFoundError:
        return False
    return True if stat.S_ISREG(mode) else None


def no_file(path: str | os.PathLike[str]) -> str | None:
    """What is at ``path`` when it is something other than a regular file (links followed):
    ``"a folder"``, ``"a FIFO"``, ``"a socket"`` or ``"a device"``; ``None`` for a regular
    file, nothing, or a path that cannot be looked at (its reading says why). Nothing is
    opened: a FIFO is never waited on."""
    try:
        mode = Path(path).stat().st_mode
    except (OSError, ValueError):
        return None
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "a folder"
    return "a FIFO" if stat.S_ISFIFO(mode) else "a socket" if stat.S_ISSOCK(mode) \
        else "a device"


def require_file(path: str | os.PathLike[str], what: str, *, streams: bool = False,
                 hint: str = "remove what is there: parity reads a regular file here",
                 shown: str | None = None) -> None:
    """Raise ``FileFormatError`` (``"manifest is a FIFO, not a file"``, naming the file as
    ``shown``) when ``path`` is a folder, or a FIFO, a socket or a device unless ``streams``
    (a tool file read from a pipe, as ``<(curl ...)`` gives one); nothing is opened."""
    kind = no_file(path)
    if kind is not None and (kind == "a folder" or not streams):
        raise FileFormatError(f"{what} is {kind}, not a file", file=shown or str(path),
                              hint=hint)


def read_limited(path: str | os.PathLike[str]) -> bytes:
    """A file's bytes, at most ``MAX_FILE_BYTES`` of them (else ``TooLargeError``, an
    ``OSError``)."""
    with Path(path).open("rb") as fh:
        info = os.fstat(fh.fileno())
        if stat.S_ISREG(info.st_mode):
            if info.st_size > MAX_FILE_BYTES:
                raise TooLargeError
            content = fh.read()
        else:  # a device, a pipe: no size to trust, so read it a piece at a time
            pieces, size = [], 0
            while piece := fh.read(2**20):
                size += len(piece)
                if size > MAX_FILE_BYTES:
                    raise TooLargeError
                pieces.append(piece)
            content = b"".join(pieces)
    if len(content) > MAX_FILE_BYTES:  # grew while read
        raise TooLargeError
    return content


def read_text(path: str | os.PathLike[str]) -> str:
    """``Path.read_text(encoding="utf-8")`` (line ends made ``\\n``), at most
    ``MAX_FILE_BYTES``: raises ``OSError`` (``TooLargeError``) or ``UnicodeDecodeError``."""
    text = read_limited(path).decode("utf-8")
    return text.replace("\r\n", "\n").replace("\r", "\n") if "\r" in text else text


def holds_text(path: str | os.PathLike[str], text: str) -> bool:
    """Whether ``path`` holds ``text``, read as text: a checkout's CRLF line ends (git's
    ``core.autocrlf``) are the same file. A file that is not UTF-8 holds other text. The
    one comparison of a file parity would write with what it would write (``extract
    --check``, ``snapshot --check``); ``OSError`` (a missing file too) is the caller's."""
    try:
        return read_text(path) == text
    except UnicodeDecodeError:
        return False
