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


def test_a_secret_spelt_as_a_json_pointer_key_is_redacted() -> None:
    """A secret used as a property name reaches messages inside a JSON pointer, where ``/``
    is ``~1`` and ``~`` is ``~0`` (base64 tokens hold ``/``)."""
    secret = "tok/3f9a~8b7c6d5e"
    text = "NaN at #/properties/tok~13f9a~08b7c6d5e/default"
    assert redact(text, (secret,)) == "NaN at #/properties/***/default"
