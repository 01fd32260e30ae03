"""Meta-tests: every rule is documented, has fixtures, and its fixtures do what they say."""

from __future__ import annotations

import re

import pytest
from rulefixtures import FIXTURES, fixture_findings, of_rule

from parity.contract.rules import RULES
from parity.contract.rules.docs import example_findings


def test_rule_ids_are_stable_kebab_case_with_a_direction():
    for rule_id, rule in RULES.items():
        assert rule.id == rule_id
        assert re.fullmatch(r"(tool|in|out|ids)\.[a-z][a-z-]*", rule_id)
        # the ids family (tool ids inside values) reports in either direction
        family = rule_id.split(".")[0]
        assert family == rule.direction or (family, rule.direction) == ("ids", "tool")


def test_the_issue_rules_are_all_registered():
    assert {"in.unknown", "in.missing-required", "in.type", "in.enum", "out.missing",
            "out.optional", "out.type", "out.undeclared", "tool.missing"} <= set(RULES)


@pytest.mark.parametrize("rule_id", sorted(RULES))
def test_every_rule_has_purpose_details_and_one_check(rule_id):
    rule = RULES[rule_id]
    assert rule.purpose.endswith(".") and len(rule.purpose) < 100
    assert rule.details
    assert rule.severity in ("error", "warning")
    assert (rule.check is None) != (rule.check_pair is None)


@pytest.mark.parametrize("rule_id", sorted(RULES))
def test_every_rule_has_fixtures_that_trigger_it_and_a_pair_that_must_not(rule_id):
    folder = FIXTURES / rule_id
    for name in ("agent.json", "server.json", "ok/agent.json", "ok/server.json"):
        assert (folder / name).is_file(), f"missing fixture {folder / name}"
    assert of_rule(rule_id, fixture_findings(rule_id))
    # the "ok" pair is clean as a whole, not only for this rule
    assert fixture_findings(rule_id, "ok") == []


@pytest.mark.parametrize("rule_id", sorted(RULES))
def test_every_example_triggers_its_rule(rule_id):
    assert example_findings(RULES[rule_id])
