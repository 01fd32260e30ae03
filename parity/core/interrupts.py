"""Ctrl-C told apart from code that raises ``KeyboardInterrupt`` itself.

parity runs the user's code: it imports agent stubs, describes their models, calls a stub to
observe it. That code raising ``KeyboardInterrupt`` (or ``SystemExit``) is its own mistake,
reported with exit 2. The user pressing Ctrl-C meanwhile is an interruption, exit 130, like
anywhere else. Both arrive as the same exception; the SIGINT handler notes which it was.
"""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Callable, Iterator
from types import FrameType


@contextlib.contextmanager
def noting_sigint() -> Iterator[Callable[[], bool]]:
    """Within the block, the function returned tells whether a SIGINT has arrived. The
    signal is then handled as before (by default: ``KeyboardInterrupt``). Only the main
    thread can set a handler, and a SIGINT ignored or left to the system raises nothing:
    in those cases the function always says no."""
    previous = signal.getsignal(signal.SIGINT)
    if threading.current_thread() is not threading.main_thread() or not callable(previous):
        yield lambda: False
        return
    arrived = False

    def note(signum: int, frame: FrameType | None) -> None:
        nonlocal arrived
        arrived = True
        previous(signum, frame)

    signal.signal(signal.SIGINT, note)
    try:
        yield lambda: arrived
    finally:
        if signal.getsignal(signal.SIGINT) is note:  # unless the code set one of its own
            signal.signal(signal.SIGINT, previous)
