"""Classifying a call that produced no result: the fields of the seam's ``CallFailure``
(transport kind, whether it was sent, HTTP status and ``Retry-After``, JSON-RPC error)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from parity.runtime.guard.categories import Category, Retry
from parity.runtime.guard.outcome import Verdict, verdict
from parity.runtime.guard.policy import positive


def classify_failure(*, kind: str, sent: bool, safe: bool, status: int | None = None,
                     retry_after: float | None = None, code: int | None = None,
                     message: str | None = None, data: Any = None) -> Verdict:
    """Classify a call that produced no result (the fields of ``CallFailure``).

    Arguments:
        kind: ``unavailable``, ``timeout``, ``http_status``, ``jsonrpc_error`` or
            ``malformed``; anything else is treated as ``malformed``.
        sent: whether the request left the process.
        safe: whether the tool is read-only or idempotent.
    """
    raw = {"kind": kind, "sent": sent, "status": status, "code": code, "message": message,
           "data": data, "retry_after": retry_after}
    if kind in ("unavailable", "timeout"):
        return verdict(_lost(sent, safe) or Category.UNAVAILABLE, kind, raw=raw)
    if kind == "http_status":
        return _by_status(status, retry_after, sent=sent, safe=safe, raw=raw)
    if kind == "jsonrpc_error":
        status_hint, after = _status_in(data)
        how = f"JSON-RPC error {code} with data.status {status_hint}"
        if status_hint is None:
            status_hint = _status_from_text(message or "")
            how = f"JSON-RPC error {code} whose message reads as HTTP {status_hint}"
        if status_hint in (401, 403, 429):
            # no HTTP status came: the detail says what was read instead
            return _by_status(status_hint, retry_after if retry_after is not None else after,
                              sent=sent, safe=safe, raw=raw, how=how)
        if code in (-32700, -32600):
            # the server could not read our request: a protocol mismatch, not the tool, and
            # the same request fails the same way: never retried
            return Verdict(Category.MALFORMED_RESPONSE, Retry.NEVER, f"JSON-RPC error {code}",
                           raw=raw)
        return verdict(Category.TOOL_ERROR, f"JSON-RPC error {code}", raw=raw)
    return verdict(Category.MALFORMED_RESPONSE,
                   "unreadable response" if kind == "malformed" else kind, safe=safe, raw=raw)


def _lost(sent: bool, safe: bool) -> Category | None:
    """``outcome_unknown`` when a call that may have written was sent and nothing came back."""
    return Category.OUTCOME_UNKNOWN if sent and not safe else None


def _by_status(status: int | None, retry_after: float | None, *, sent: bool, safe: bool,
               raw: Any, how: str | None = None) -> Verdict:
    said = how or f"HTTP {status}"
    if status == 401:
        return verdict(Category.AUTHENTICATION_FAILED, said, raw=raw)
    if status == 403:
        return verdict(Category.AUTHORIZATION_DENIED, said, raw=raw)
    if status == 429:
        return verdict(Category.RATE_LIMITED, said, retry_after=retry_after, raw=raw)
    if status in (404, 503):
        # 404: the session or endpoint is gone; 503: not taken in. Neither processed the call.
        return verdict(Category.UNAVAILABLE, f"HTTP {status}", raw=raw)
    if status is not None and status >= 500:
        return verdict(_lost(sent, safe) or Category.UNAVAILABLE, f"HTTP {status}", raw=raw)
    return verdict(Category.TOOL_ERROR, f"HTTP {status}", raw=raw)


_STATUS_KEYS = ("status", "httpStatus", "http_status", "statusCode", "status_code")
_AFTER_KEYS = ("retryAfter", "retry_after", "retryAfterSeconds", "retry_after_seconds")
_TEXT_STATUS = (
    # English first; the servers' other languages say it too (French, German, Spanish,
    # Japanese, Chinese)
    (429, re.compile(r"rate[ _-]?limit|too many requests|quota exceeded|quota d[ée]pass[ée]"
                     r"|limite de (?:d[ée]bit|taux|requ[êe]tes)|trop de requ[êe]tes"
                     r"|ratenbegrenzung|rate-limit|zu viele anfragen|kontingent [üu]berschritten"
                     r"|demasiadas solicitudes|l[íi]mite de (?:tasa|solicitudes)"
                     r"|cuota excedida|レート制限|リクエストが多すぎ|请求过多|速率限制", re.I)),
    (401, re.compile(r"unauthori[sz]ed|unauthenticated|invalid[ _-]token|token[ _-]expired"
                     r"|non authentifi[ée]|nicht authentifiziert|no autenticado|認証",
                     re.I)),
    (403, re.compile(r"forbidden|permission denied|insufficient[ _-]scope|access denied"
                     r"|acc[èe]s refus[ée]|zugriff verweigert|acceso denegado|アクセスが拒否",
                     re.I)),
)


def _status_in(data: Any) -> tuple[int | None, float | None]:
    """The HTTP status and retry delay a JSON-RPC error's ``data`` carries (stdio servers
    relay them there)."""
    if not isinstance(data, Mapping):
        return None, None
    status = next((data[k] for k in _STATUS_KEYS if isinstance(data.get(k), int)), None)
    after = next((float(data[k]) for k in _AFTER_KEYS if positive(data.get(k))), None)
    return status, after


def _status_from_text(text: str) -> int | None:
    return next((status for status, pattern in _TEXT_STATUS if pattern.search(text)), None)


__all__ = ["classify_failure"]
