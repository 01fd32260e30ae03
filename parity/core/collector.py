"""Pausing the garbage collector over work that builds large acyclic data.

Parsed JSON, manifests and the differ's findings are trees: the collector has no cycle to
find in them, yet the millions of containers a large file makes start collection after
collection, each scanning everything built so far (a 50 MB manifest pair parsed twice as
slowly, and the time grew faster than the size). Reference counting still frees all of it.
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator


@contextlib.contextmanager
def paused() -> Iterator[None]:
    """The collector off for the ``with`` block (or, as ``@paused()``, the call), restored
    after; nested pauses and a collector the caller turned off are left as they are."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


__all__ = ["paused"]
