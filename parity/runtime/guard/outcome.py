"""What a guarded call returns (``Outcome``) and the classifiers' decision before it
(``Verdict``): the only shapes that leave the guard."""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from parity.core.redact import redact, redact_json
from parity.runtime.guard.categories import (
    DEFINITIVE,
    NO_DEFINITIVE_CLAIMS,
    Category,
    Retry,
)


@dataclass(frozen=True)
class Outcome:
    """The structured result of one guarded call.

    ``to_json`` is the only serialized form and holds no secret and no provider text; the raw
    provider error, redacted, is kept in ``diagnostics`` for operators only.
    """

    ok: bool
    category: str
    retry: str
    operation: str
    correlation_id: str
    message: str
    #: seconds to wait before a retry when the server said so (``retry == "after"``)
    retry_after: float | None = None
    #: whether the request left this process
    sent: bool = False
    #: ``definitive`` or ``no_definitive_claims``
    answer_policy: str = NO_DEFINITIVE_CLAIMS
    #: what a partial result says is missing
    missing: tuple[str, ...] = ()
    #: the structured result (or the content blocks), for ``ok`` and ``partial`` only
    result: Any = None
    elapsed_ms: int = 0
    #: for ``ok`` and ``partial``: ``True`` verified complete, ``False`` incomplete,
    #: ``"unknown"`` the result declares nothing about its completeness
    complete: bool | str | None = None
    #: why a success looks like an error without structured evidence (prose), or ""
    suspect: str = ""
    #: protected: the raw error or the failing check, redacted; never serialized
    diagnostics: Mapping[str, Any] = field(default_factory=dict, repr=False, compare=False)

    def to_json(self, *, include_result: bool = True) -> dict[str, Any]:
        """The JSON form; ``include_result=False`` for logs, which never carry data."""
        out: dict[str, Any] = {
            "ok": self.ok, "category": self.category, "retry": self.retry,
            "operation": self.operation, "correlation_id": self.correlation_id,
            "message": self.message, "sent": self.sent, "answer_policy": self.answer_policy,
            "elapsed_ms": self.elapsed_ms,
        }
        if self.retry_after is not None:
            out["retry_after"] = self.retry_after
        if self.missing:
            out["missing"] = list(self.missing)
        if self.complete is not None:
            out["complete"] = self.complete
        if self.suspect:
            out["suspect"] = self.suspect
        if include_result and self.result is not None:
            out["result"] = self.result
        return out


@dataclass(frozen=True)
class Verdict:
    """What a classification function decided, before it becomes an ``Outcome``."""

    category: Category
    retry: Retry
    detail: str = ""
    retry_after: float | None = None
    missing: tuple[str, ...] = ()
    result: Any = None
    #: raw provider data for the protected diagnostics
    raw: Any = None
    #: ``True``, ``False`` or ``"unknown"`` for a result that arrived (``completeness``)
    complete: bool | str | None = None
    suspect: str = ""


def verdict(category: Category, detail: str = "", *, safe: bool = True,
            **extra: Any) -> Verdict:
    """A ``Verdict`` whose retry advice is the category's own (``categories.ADVICE``)."""
    return Verdict(category, category.retry(safe=safe), detail, **extra)


def make_outcome(decided: Verdict, *, operation: str, correlation_id: str, sent: bool,
                 started: float, secrets: Sequence[str] = ()) -> Outcome:
    """An ``Outcome`` from a ``Verdict``: parity's message, diagnostics redacted."""
    category = Category(decided.category)
    message = category.message
    if category is Category.RATE_LIMITED and decided.retry_after is not None:
        message += f"; retry after {decided.retry_after:g} s"
    elif category is Category.RATE_LIMITED:
        message += "; retry later (the server gave no delay)"
    detail = redact(decided.detail, secrets)
    if detail and category is not Category.OK:
        message = f"{message} ({detail})"
    if category is Category.OK and decided.suspect:
        message = (f"{message}, but it reads like a failure: make no definitive claims "
                   f"({redact(decided.suspect, secrets)})")
    diagnostics: dict[str, Any] = {"detail": detail} if detail else {}
    if decided.raw is not None:
        diagnostics["raw"] = redact_json(decided.raw, secrets)
    return Outcome(
        ok=category is Category.OK, category=category.value, retry=Retry(decided.retry).value,
        operation=operation, correlation_id=correlation_id, message=message,
        retry_after=decided.retry_after, sent=sent,
        # only a verified complete success that reads like none may be stated as the whole
        # answer: a suspect one may be a failure
        answer_policy=DEFINITIVE if category is Category.OK and decided.complete is not False
        and decided.complete != "unknown" and not decided.suspect else NO_DEFINITIVE_CLAIMS,
        # the result is the server's data: a secret it echoes is masked like any other text
        missing=tuple(redact(m, secrets) for m in decided.missing),
        result=redact_json(decided.result, secrets), complete=decided.complete,
        suspect=redact(decided.suspect, secrets),
        elapsed_ms=int((time.monotonic() - started) * 1000), diagnostics=diagnostics)


__all__ = ["Outcome", "Verdict", "make_outcome", "verdict"]
