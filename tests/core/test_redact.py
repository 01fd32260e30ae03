"""parity.core.redact: the one redaction every layer uses."""

from __future__ import annotations

import gc
import io
import sys
from typing import Any

import pytest

from parity.core import redact as rd
from parity.core.redact import redact


def test_redact_replaces_longest_secret_first() -> None:
    assert redact("key=abc123 short=abc", ["abc", "abc123"]) == "key=*** short=***"
    assert redact("nothing here", ["", "zzz"]) == "nothing here"


def test_streams_redact_what_is_written(monkeypatch: pytest.MonkeyPatch) -> None:
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    with rd.scope(), rd.streams():
        rd.register(["s3cr3t-token-value"])
        print("Authorization: Bearer s3cr3t-token-value")
    assert "s3cr3t-token-value" not in out.getvalue()
    assert out.getvalue() == f"Authorization: Bearer {rd.MASK}\n"


def test_a_redacting_stream_outlives_the_stream_it_wraps(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A wrapper left behind after its stream closed (a test's capture, a CliRunner's buffer)
    is closed by its finalizer, which flushes: that must not touch the closed stream (Python
    3.13 reports what a finalizer raises, as "Exception ignored in ...")."""
    # a text stream over bytes, as pytest's capture is (a closed StringIO flushes quietly)
    out = io.TextIOWrapper(io.BytesIO(), encoding="utf-8")
    monkeypatch.setattr(sys, "stdout", out)
    with rd.streams():
        wrapper = sys.stdout
        print("before")
    out.close()
    raised: list[Any] = []
    monkeypatch.setattr(sys, "unraisablehook", raised.append)
    wrapper.close()  # what the finalizer does first
    assert wrapper.closed
    del wrapper
    gc.collect()
    assert raised == []
