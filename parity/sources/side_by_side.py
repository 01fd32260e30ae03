"""Live servers listed side by side.

Listing a server out of process (``stdio``, ``url``) is mostly waiting: for its process to
import its SDK and start (a second or two for a Python server), then for its answers. Started
together (``parity.mcp.fetching``: one event loop in a thread of its own), several servers
boot at once, and meanwhile parity goes on with its own work (importing the agent's stubs).
Results are still taken in the caller's order, so output stays the same; an interruption
cancels the listings still running and stops their servers.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Generator, Hashable, Iterator, Mapping, Sequence
from concurrent.futures import Future
from typing import TYPE_CHECKING, TypeVar

from parity.errors import ParityError

if TYPE_CHECKING:
    from parity.mcp import Listing, ServerSpec

K = TypeVar("K", bound=Hashable)
T = TypeVar("T")
R = TypeVar("R")
#: lists a live server (``parity.mcp.fetch_tools``'s signature)
Fetch = Callable[["ServerSpec"], "Listing"]

#: server kinds that run in a process of their own (``object`` runs inside parity's)
OUT_OF_PROCESS = frozenset({"stdio", "url"})


def at_once(listings: int) -> int:
    """How many of ``listings`` run at a time: one per processor at most, so that servers
    booting together stay within their ``start_timeout``."""
    return max(1, min(listings, os.cpu_count() or 1))


@contextlib.contextmanager
def listed_together(specs: Mapping[K, ServerSpec]) -> Iterator[dict[K, Future[Listing]]]:
    """Every spec listed side by side (``parity.mcp.fetching``, ``at_once`` at a time), the
    futures keyed as ``specs``. Without specs nothing is started (nor the SDK imported)."""
    if not specs:
        yield {}
        return
    from parity.mcp import fetching

    with fetching(list(specs.values()), at_once=at_once(len(specs))) as futures:
        yield dict(zip(specs, futures, strict=True))


def answered_by(future: Future[Listing]) -> Callable[[ServerSpec], Listing]:
    """A ``fetch`` (``server_definitions``, ``read_live``) that answers with a listing
    started before, for the same spec."""
    return lambda spec: future.result()


def in_turn(items: Sequence[T], listed: Callable[[T], ServerSpec | None],
            work: Callable[[T, Fetch | None], R],
            ) -> Generator[tuple[T, R | ParityError], None, None]:
    """``work`` on each item in order: its result, or the ``ParityError`` it raised. The
    server an item lists (``listed``: its spec, ``None`` for none) is started before the
    first item's turn when it runs out of process, and ``work`` gets a ``fetch`` answered by
    that listing (``None``: it lists on its own, if at all)."""
    specs: dict[int, ServerSpec] = {}
    for index, item in enumerate(items):
        spec = listed(item)
        if spec is not None and spec.kind in OUT_OF_PROCESS:
            specs[index] = spec
    with listed_together(specs) as started:
        for index, item in enumerate(items):
            found = started.get(index)
            try:
                result = work(item, None if found is None else answered_by(found))
            except ParityError as exc:
                yield item, exc
            else:
                yield item, result
