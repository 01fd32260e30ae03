"""The guard's event trail: correlation ids and the sinks that receive one event per step
(``dispatch_started``, ``request_sent``, ``result``), redacted before they leave."""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable, Sequence
from typing import Any

from parity.core.redact import active, redact_json
from parity.core.trail import TrailWriter
from parity.runtime.guard.outcome import Outcome

#: An event sink: receives one JSON-ready event dict (already redacted).
EventSink = Callable[[dict[str, Any]], None]


def new_correlation_id() -> str:
    """A fresh id, random (never derived from a secret) and unique per operation."""
    return f"parity-{uuid.uuid4().hex}"


def emit(events: EventSink | None, secrets: Sequence[str], cid: str, operation: str,
         event: str, *, outcome: Outcome | None = None, **extra: Any) -> None:
    """Send one event to ``events`` (if any), redacted."""
    if events is None:
        return
    record: dict[str, Any] = {"time": time.time(), "correlation_id": cid,
                              "operation": operation, "event": event, **extra}
    if outcome is not None:
        record.update(ok=outcome.ok, category=outcome.category, retry=outcome.retry,
                      sent=outcome.sent, elapsed_ms=outcome.elapsed_ms)
        if outcome.retry_after is not None:
            record["retry_after"] = outcome.retry_after
    events(redact_json(record, secrets))


class JsonlEvents(TrailWriter):
    """An event sink writing a tamper-evident trail (``parity.trail/1``: hash-chained JSON
    lines, ``parity.core.trail``), flushed per event; ``close`` writes its closing record."""

    def __call__(self, event: dict[str, Any]) -> None:
        # the running command's secrets too, not only the server's: the trail is on disk
        super().__call__(active().value(event))


__all__ = ["EventSink", "JsonlEvents", "emit", "new_correlation_id"]
