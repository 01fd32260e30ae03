"""The categories and their advice (``guard.categories``, ``guard.outcome``): one table, outcomes
without secrets."""

from __future__ import annotations

import json

from parity.runtime import guard as g


def test_the_serialized_outcome_holds_no_diagnostics_and_no_secret():
    secret = "tok-9f8e7d"
    verdict = g.classify_failure(kind="http_status", sent=True, safe=False, status=401,
                                 message=f"bearer {secret} rejected")
    outcome = g.make_outcome(verdict, operation="t", correlation_id="c", sent=True,
                             started=0.0, secrets=(secret,))
    assert secret not in json.dumps(outcome.to_json())
    assert secret not in repr(outcome)
    assert secret not in json.dumps(outcome.diagnostics)
    assert "***" in json.dumps(outcome.diagnostics)  # kept for operators, redacted


def test_every_category_has_a_message_and_every_outcome_field_is_json():
    assert set(g.MESSAGES) == set(g.CATEGORIES)
    outcome = g.refuse(g.DRIFTED, "changed", operation="t")
    assert json.loads(json.dumps(outcome.to_json()))["category"] == g.DRIFTED
    assert set(outcome.to_json()) >= {"ok", "category", "retry", "operation",
                                      "correlation_id", "message"}


def test_one_table_gives_every_category_its_message_and_retry_advice():
    assert set(g.ADVICE) == set(g.Category)
    # the advice depends on safety only where a repeat could write twice
    differs = {c for c in g.Category if c.retry(safe=True) != c.retry(safe=False)}
    assert differs == {g.MALFORMED_RESPONSE}
    assert g.MALFORMED_RESPONSE.retry(safe=False) == g.RETRY_RECONCILE_FIRST
    assert json.dumps([g.OK, g.Retry.SAFE]) == '["ok", "safe"]'
    assert f"{g.PARTIAL}" == "partial"
