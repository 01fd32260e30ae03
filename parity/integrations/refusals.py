"""What a framework receives from a refused call: the text of its error result
(``refusal_text``), and the hooks of a session ``protect`` has not verified (``Closed``)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Collection
from dataclasses import dataclass
from typing import Any

from parity.errors import ToolDriftError
from parity.mcp.intercept import ListedTools, Refusal
from parity.runtime.guard import Category, EventSink, Outcome, refuse


def refusal_text(outcome: Outcome) -> str:
    """The text of the error result a framework receives: the category and the retry advice
    first (``rate_limited: retry after 2 s: ...``), then parity's message."""
    retry = f"after {outcome.retry_after:g} s" if outcome.retry_after is not None \
        else str(outcome.retry)
    return f"{outcome.category}: retry {retry}: {outcome.message}"


@dataclass
class Closed:
    """The hooks of a session ``protect`` has not (or could not) verify: no tool is listed
    and every call is refused locally, never sent."""

    session: Any
    reason: str = "parity.protect has not verified this server yet"
    category: Category = Category.LOCAL_FAILURE
    events: EventSink | None = None

    def fail(self, exc: BaseException) -> None:
        """Stay closed for good: ``protect`` raised ``exc``."""
        drifted = isinstance(exc, ToolDriftError)
        self.category = Category.DRIFTED if drifted else Category.LOCAL_FAILURE
        self.reason = (f"parity.protect refused this server ("
                       f"{'its tools drifted from the lock' if drifted else type(exc).__name__}"
                       "): call parity.protect again")

    async def visible(self, listed: ListedTools) -> Collection[str]:
        return []

    async def call(self, name: str, arguments: dict[str, Any],
                   send: Callable[[float], Awaitable[dict[str, Any]]], *,
                   as_task: bool = False) -> Refusal | None:
        return Refusal(refusal_text(refuse(self.category, self.reason, operation=name,
                                           events=self.events)))


__all__ = ["Closed", "refusal_text"]
