"""A coroutine run to its end from synchronous code, wherever that code runs.

Synchronous code parity calls (an agent's stub, a framework's synchronous hook) may be
called from inside an event loop (an async test, a framework running on one); there
``asyncio.run`` refuses, so the coroutine runs on a loop of its own in a thread, the
caller's context variables copied to it, and its error raised in the caller's thread.
"""

from __future__ import annotations

import asyncio
import contextvars
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

T = TypeVar("T")


def to_end(work: Callable[[], Coroutine[Any, Any, T]]) -> T:
    """``work()`` run to its end: here, or in a thread where this one runs a loop."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:  # (run past the handler: its error would be the context of every
        running = False  # later one, where a framework may read it as the cause)
    else:
        running = True
    if not running:
        return asyncio.run(work())
    from concurrent.futures import ThreadPoolExecutor  # (off the start-up path)

    context = contextvars.copy_context()
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(context.run, lambda: asyncio.run(work())).result()
