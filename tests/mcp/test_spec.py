"""parity.mcp.spec: what the seam is given and gives back."""

from __future__ import annotations

import pytest

from parity.mcp import FAILURE_KINDS, CallFailure, Listing
from parity.mcp.spec import excerpt, retry_after_seconds


def test_listing_dataclass_defaults() -> None:
    assert Listing(tools=[]).rejected == []


def test_a_failure_of_an_unknown_kind_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown failure kind 'lost'"):
        CallFailure("lost", "x", sent=False)
    assert str(CallFailure(FAILURE_KINDS[2], "boom", sent=True, status=429, retry_after=7)) == (
        "http_status: boom (HTTP 429, retry after 7s)")


def test_retry_after_reads_seconds_and_dates() -> None:
    assert retry_after_seconds(" 7 ") == 7.0
    assert retry_after_seconds("-3") == 0.0
    assert retry_after_seconds("soon") is None and retry_after_seconds(None) is None
    assert retry_after_seconds("Wed, 21 Oct 2015 07:28:00 GMT") == 0.0  # in the past


def test_excerpt_is_bounded() -> None:
    assert excerpt(b"  short  ") == "short"
    assert excerpt("x" * 300) == "x" * 200 + "..."
