"""What the command line prints of log records.

parity's own warnings are printed as Python prints a record when nothing configured logging
(its message alone). The records of everything else parity runs (the MCP SDK, httpx,
httpcore, anyio, a server object's own code) are printed only at CRITICAL: a hostile server
made the SDK log an exception group's traceback ("Error in post_writer") before parity's
one-line error said the same thing readably. They are kept off by where they come from, not
by a list of names: the SDK alone logs as ``mcp.*``, ``client``, ``httpx2`` and
``httpcore2``. ``PARITY_DEBUG`` prints them again, each with its logger's name (docs/cli.md).

Only the entry point (``main``) installs this, and only when nothing configured logging
before it: parity used as a library, or ``main`` called by an application (or pytest) that
has handlers, leaves that logging alone.
"""

from __future__ import annotations

import contextlib
import logging
import os
import sys
from collections.abc import Iterator

#: a ``PARITY_DEBUG`` value naming a level; any other value (``1``) means WARNING
LEVELS = {"debug": logging.DEBUG, "info": logging.INFO, "warning": logging.WARNING,
          "error": logging.ERROR}


def debug_level() -> int | None:
    """From which level other code's records are printed: ``None`` without ``PARITY_DEBUG``."""
    value = os.environ.get("PARITY_DEBUG", "")
    if not value:  # unset or empty: as main.py reads it for tracebacks
        return None
    return LEVELS.get(value.strip().lower(), logging.WARNING)


def _ours(record: logging.LogRecord) -> bool:
    return record.name == "parity" or record.name.startswith("parity.")


class Terminal(logging.Handler):
    """Writes each record it keeps to ``sys.stderr`` as it is at that moment, as the
    last-resort handler does: inside ``main`` that is the stream that redacts the
    configuration's secrets, which a stream bound once would bypass."""

    def __init__(self, others: int | None) -> None:
        super().__init__(logging.NOTSET)
        #: other code's records from this level only (CRITICAL: what must never be lost)
        self.others = logging.CRITICAL if others is None else others
        self.ours = min(logging.WARNING, self.others)
        self.named = logging.Formatter("%(levelname)s %(name)s: %(message)s")

    def emit(self, record: logging.LogRecord) -> None:
        ours = _ours(record)
        if record.levelno < (self.ours if ours else self.others):
            return
        try:
            from parity.core.terminal import printable

            # parity's message is meant for the user as it is; another's is debugging
            # output, so it says whose it is. Either may quote a server (the SDK logs the
            # events it reads): a control character in it is shown, never obeyed
            text = self.format(record) if ours else self.named.format(record)
            stream = sys.stderr
            stream.write(printable(text, keep_newlines=True) + "\n")
            stream.flush()
        except Exception:
            self.handleError(record)


@contextlib.contextmanager
def terminal() -> Iterator[None]:
    """While a command runs: log records as described above, unless logging is configured."""
    root = logging.getLogger()
    if root.handlers:
        yield
        return
    level = debug_level()
    handler = Terminal(level)
    before = root.level
    root.addHandler(handler)
    if level is not None and level < root.getEffectiveLevel():
        root.setLevel(level)  # else records below WARNING would not even be made
    try:
        yield
    finally:
        root.removeHandler(handler)
        root.setLevel(before)
