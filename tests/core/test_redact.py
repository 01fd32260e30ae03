"""parity.core.redact: the one redaction every layer uses."""

from __future__ import annotations

from parity.core.redact import redact


def test_redact_replaces_longest_secret_first() -> None:
    assert redact("key=abc123 short=abc", ["abc", "abc123"]) == "key=*** short=***"
    assert redact("nothing here", ["", "zzz"]) == "nothing here"
