"""Meta-tests: every rule is documented, has fixtures, and its fixtures do what they say."""

from __future__ import annotations

import json
import re

import pytest
from rulefixtures import FIXTURES, fixture_findings, manifests, of_rule

from parity.contract.rules import RULES
from parity.contract.rules._align import ToolPair
from parity.contract.rules.docs import example_findings
from parity.contract.rules.tools import match_tools
from parity.fieldpaths.tooldefs import read_tool_file


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


class _Agreeing(ToolPair):
    """A pair whose tables agree in both directions: no alignment to read."""

    in_ = None  # type: ignore[assignment]
    out = None  # type: ignore[assignment]


def _fixture_pairs() -> list[tuple[ToolPair, _Agreeing]]:
    pairs = []
    for rule_id in sorted(RULES):
        folder = FIXTURES / rule_id
        forms = json.loads((folder / "pair.json").read_text()) \
            if (folder / "pair.json").is_file() else {}
        agent, server = manifests(read_tool_file(folder / "agent.json"),
                                  read_tool_file(folder / "server.json"), **forms)
        for a, s in match_tools(agent, server).matched:
            pairs.append((ToolPair(agent.tools[a], server.tools[s]),
                          _Agreeing(agent.tools[a], server.tools[s])))
    return pairs


@pytest.mark.parametrize("rule_id", sorted(r.id for r in RULES.values() if r.alignments_only))
def test_a_rule_the_differ_skips_for_agreeing_tables_reports_only_from_alignments(rule_id):
    """The differ runs an ``alignments_only`` rule only where a table disagrees: on every
    rule's fixture pair, with no alignment it must find nothing, and with one its own."""
    rule = RULES[rule_id]
    assert rule.check is not None
    pairs = _fixture_pairs()
    assert [f for real, _ in pairs for f in rule.check(real)]
    assert [f for _, agreeing in pairs for f in rule.check(agreeing)] == []


def test_rules_that_read_more_than_alignments_are_not_skipped():
    """The other per-tool rules still report for a pair with no alignment: skipping them
    for agreeing tables would lose their findings."""
    pairs = _fixture_pairs()
    for rule in RULES.values():
        if rule.check is None or rule.alignments_only:
            continue
        if rule.id == "ids.unknown":
            continue  # reads alignments, and the pair's configured id paths
        assert [f for _, agreeing in pairs for f in rule.check(agreeing)], rule.id
