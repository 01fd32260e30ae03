"""Classifying a call that produced no result (``guard.failure``): category and retry."""

from __future__ import annotations

import pytest

from parity.runtime import guard as g


@pytest.mark.parametrize(("failure", "expected", "retry"), [
    (dict(kind="http_status", status=401), g.AUTHENTICATION_FAILED, g.RETRY_NEVER),
    (dict(kind="http_status", status=403), g.AUTHORIZATION_DENIED, g.RETRY_NEVER),
    (dict(kind="http_status", status=429, retry_after=7.0), g.RATE_LIMITED, g.RETRY_AFTER),
    (dict(kind="jsonrpc_error", code=-32000, message="x", data={"status": 429,
                                                                "retryAfter": 3}),
     g.RATE_LIMITED, g.RETRY_AFTER),
    (dict(kind="jsonrpc_error", code=-32001, message="Unauthorized: token_expired"),
     g.AUTHENTICATION_FAILED, g.RETRY_NEVER),
    (dict(kind="jsonrpc_error", code=-32602, message="bad params"), g.TOOL_ERROR,
     g.RETRY_NEVER),
    (dict(kind="unavailable", sent=False), g.UNAVAILABLE, g.RETRY_SAFE),
    (dict(kind="timeout", sent=True, safe=True), g.UNAVAILABLE, g.RETRY_SAFE),
    (dict(kind="timeout", sent=True), g.OUTCOME_UNKNOWN, g.RETRY_RECONCILE_FIRST),
    (dict(kind="malformed", sent=True), g.MALFORMED_RESPONSE, g.RETRY_RECONCILE_FIRST),
    (dict(kind="malformed", sent=True, safe=True), g.MALFORMED_RESPONSE, g.RETRY_SAFE),
])
def test_call_failures_map_to_a_category_and_a_retry(failure, expected, retry):
    failure = {"sent": True, "safe": False, **failure}
    verdict = g.classify_failure(**failure)
    assert (verdict.category, verdict.retry) == (expected, retry)


def test_rate_limited_carries_the_servers_delay():
    verdict = g.classify_failure(kind="jsonrpc_error", sent=True, safe=False, code=-32000,
                                 message="slow down", data={"status": 429, "retryAfter": 3})
    assert verdict.retry_after == 3.0
    outcome = g.make_outcome(verdict, operation="t", correlation_id="c", sent=True,
                             started=0.0)
    assert outcome.to_json()["retry_after"] == 3.0


def test_a_rate_limit_read_from_a_json_rpc_message_does_not_claim_an_http_status():
    verdict = g.classify_failure(kind="jsonrpc_error", sent=True, safe=True, code=-32000,
                                 message="Quota exceeded")
    assert verdict.category == g.RATE_LIMITED
    assert verdict.detail == "JSON-RPC error -32000 whose message reads as HTTP 429"
    relayed = g.classify_failure(kind="jsonrpc_error", sent=True, safe=True, code=-32000,
                                 message="x", data={"status": 429})
    assert relayed.detail == "JSON-RPC error -32000 with data.status 429"


@pytest.mark.parametrize("message", [
    "Erreur : quota dépassé", "Zu viele Anfragen, bitte später erneut versuchen",
    "Demasiadas solicitudes", "レート制限を超えました", "Limite de débit atteinte"])
def test_a_rate_limit_message_in_another_language_is_rate_limited(message):
    verdict = g.classify_failure(kind="jsonrpc_error", sent=True, safe=True, code=-32000,
                                 message=message)
    assert (verdict.category, verdict.retry) == (g.RATE_LIMITED, g.RETRY_AFTER)


def test_a_server_that_answered_an_http_error_is_not_said_to_have_not_answered():
    verdict = g.classify_failure(kind="http_status", sent=True, safe=True, status=500)
    outcome = g.make_outcome(verdict, operation="t", correlation_id="c", sent=True,
                             started=0.0)
    assert verdict.category == g.UNAVAILABLE and "HTTP 500" in outcome.message
    assert "no answer from the server" not in outcome.message
    assert "HTTP error status" in outcome.message
