"""Secret redaction: the one place that replaces secret values in text and JSON.

A server's env and header values (``ServerConfig.secrets``) must never reach output, files or
event trails; every writer of provider text goes through ``redact`` or ``redact_json``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any


def redact(text: str, secrets: Iterable[str]) -> str:
    """``text`` with every secret value replaced by ``***`` (longest first, so a secret that
    contains another is replaced whole)."""
    for secret in sorted({s for s in secrets if s}, key=len, reverse=True):
        text = text.replace(secret, "***")
    return text


def redact_json(value: Any, secrets: Iterable[str]) -> Any:
    """A JSON-ready copy of ``value`` with every secret replaced in its strings and keys;
    values that are not JSON become their redacted ``str``."""
    wanted = tuple(s for s in secrets if s)
    if not wanted:
        return value
    return _walk(value, wanted, 0)


def _walk(value: Any, secrets: tuple[str, ...], depth: int) -> Any:
    if isinstance(value, str):
        return redact(value, secrets)
    if value is None or isinstance(value, (bool, int, float)):
        return value
    if depth > 64:  # bounded: a pathological nesting is cut, never recursed without end
        return "***"
    if isinstance(value, Mapping):
        return {redact(str(k), secrets): _walk(v, secrets, depth + 1) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_walk(v, secrets, depth + 1) for v in value]
    return redact(str(value), secrets)


__all__ = ["redact", "redact_json"]
