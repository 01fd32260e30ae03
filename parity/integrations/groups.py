"""``ToolDriftError`` inside exception groups.

anyio-based frameworks (the ``mcp`` SDK, fastmcp, pydantic-ai, openai-agents) run sessions
in task groups: an exception raised inside ``async with client:`` (or a session's context) may
leave it wrapped in an ``ExceptionGroup``, possibly nested. ``find_drift_error`` digs it out;
``drift_errors()`` re-raises it bare::

    with parity.drift_errors():          # a ToolDriftError arrives unwrapped
        async with Client(server) as client:
            await parity.protect(client, "manifests/weather.lock.json")
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator

from parity.errors import DriftError, ParityError, ToolDriftError

if sys.version_info < (3, 11):  # pragma: no cover
    from exceptiongroup import BaseExceptionGroup  # type: ignore[import-not-found,unused-ignore]


def find_drift_error(exc: BaseException | None) -> ToolDriftError | None:
    """The first ``ToolDriftError`` in ``exc``, its exception groups (nested) and causes."""
    seen: set[int] = set()
    stack = [exc]
    while stack:
        current = stack.pop(0)
        if current is None or id(current) in seen:
            continue
        seen.add(id(current))
        if isinstance(current, ToolDriftError):
            return current
        if isinstance(current, BaseExceptionGroup):
            stack.extend(current.exceptions)
        stack.extend((current.__cause__, current.__context__))
    return None


@contextlib.contextmanager
def drift_errors() -> Iterator[None]:
    """Re-raise a ``ToolDriftError`` found inside an exception group as itself."""
    try:
        yield
    except BaseException as exc:
        found = find_drift_error(exc) if isinstance(exc, BaseExceptionGroup) else None
        if found is None:
            raise
        raise found from exc


def _own(group: BaseExceptionGroup[BaseException]) -> BaseException | None:
    for exc in group.exceptions:
        found = _own(exc) if isinstance(exc, BaseExceptionGroup) else exc
        if isinstance(found, (ParityError, DriftError)):
            return found
    return None


@contextlib.contextmanager
def own_errors() -> Iterator[None]:
    """Re-raise parity's own error (a ``ParityError``, a ``ToolDriftError``) raised inside a
    transport's task group as itself: where parity opens a framework's session (llama-index's
    client), a refusal must reach the caller as ``protect`` raises it, not in a group."""
    try:
        yield
    except BaseExceptionGroup as group:
        found = _own(group)
        if found is None:
            raise
        raise found from group


__all__ = ["drift_errors", "find_drift_error", "own_errors"]
