"""Another thread's whole call, made between two steps of this thread's: the interleaving
that a shared cache must survive, made on purpose instead of hoped for."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

#: how long this thread lets the other run before going on: enough for a call that is not
#: kept waiting, and a wait that only a lock held by this thread prolongs
LET_RUN = 0.5


class Meanwhile:
    """``step()`` runs ``call`` on another thread and lets it run (to its end, unless a lock
    this thread holds keeps it waiting); ``finish()`` waits for it and returns what it
    raised, by its ``repr``, or None."""

    def __init__(self, call: Callable[[], Any]) -> None:
        self.raised: str | None = None
        self.thread = threading.Thread(target=self._run, args=(call,))

    def _run(self, call: Callable[[], Any]) -> None:
        try:
            call()
        except Exception as exc:  # the test reads what was raised
            self.raised = repr(exc)

    def step(self) -> None:
        self.thread.start()
        self.thread.join(LET_RUN)

    def finish(self) -> str | None:
        self.thread.join()
        return self.raised
