"""``parity explain``: every rule id a report names is explained; near misses suggested."""

from __future__ import annotations

import json

import pytest

from parity.cli.main import main
from parity.contract.report import Report, get_formatter


def test_explain_knows_every_rule_sarif_lists(capsys):
    """SARIF lists baseline.stale and baseline.growth as rules; explain called them unknown."""
    doc = json.loads(get_formatter("sarif").render(Report("check")))
    ids = [rule["id"] for rule in doc["runs"][0]["tool"]["driver"]["rules"]]
    assert {"baseline.stale", "baseline.growth"} <= set(ids)
    for rule_id in ids:
        assert main(["explain", rule_id]) == 0, rule_id
        out, _ = capsys.readouterr()
        assert out.startswith(f"{rule_id}\n  "), rule_id
    assert main(["explain", "baseline.stale"]) == 0
    out = capsys.readouterr().out
    assert "remove the entry in this same change" in out


@pytest.mark.parametrize(("typed", "meant"), [("IN.UNKNOWN", "in.unknown"),
                                              ("in.unknwn", "in.unknown"),
                                              ("Baseline.Stale", "baseline.stale")])
def test_explain_suggests_near_misses_whatever_their_case(capsys, typed, meant):
    assert main(["explain", typed]) == 2  # ids are case-sensitive
    err = capsys.readouterr().err
    assert f"did you mean {meant}" in err, err
