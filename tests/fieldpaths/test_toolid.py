from __future__ import annotations

import pytest

from parity.errors import ConfigError
from parity.fieldpaths.toolid import guess_forms, parse_form, translate


def test_forms_format_and_parse():
    agent = parse_form("{server}-mcp:{tool}")
    assert agent.format("check_phases", "workflow") == "workflow-mcp:check_phases"
    assert agent.parse("workflow-mcp:check_phases") == "check_phases"
    assert agent.parse("workflow-mcp:check_phases", "other") is None
    assert agent.parse("workflow__check_phases") is None


def test_translate_between_forms():
    assert translate("workflow-mcp:estimate_cost", "{server}-mcp:{tool}", "{server}__{tool}",
                     "workflow") == "workflow__estimate_cost"
    assert translate("estimate_cost", "{tool}", "{server}.{tool}", "wf") == "wf.estimate_cost"


def test_guess_names_the_id_form_mismatch():
    hits = guess_forms("workflow-mcp:check_phases", {"workflow__check_phases", "x"}, "workflow")
    assert ("{server}-mcp:{tool}", "{server}__{tool}", "workflow__check_phases") in hits


def test_guess_ignores_case_when_asked():
    assert guess_forms("Check_Phases", {"check_phases"}, None)[0][2] == "check_phases"
    assert guess_forms("Check_Phases", {"check_phases"}, None, case_insensitive=False) == []


@pytest.mark.parametrize("bad", ["{server}", "{tool}{tool}", "{tool}:{who}", "plain"])
def test_bad_forms_are_config_errors(bad):
    with pytest.raises(ConfigError, match="not valid"):
        parse_form(bad)


def test_a_name_holding_a_line_break_fits_every_form():
    # a server may list one: the agent naming it alike must not be told it is missing
    assert parse_form("{tool}").parse("a\nb") == "a\nb"
    assert parse_form("{server}__{tool}").parse("wf__a\nb", "wf") == "a\nb"
    assert translate("wf-mcp:a\nb", "{server}-mcp:{tool}", "{server}__{tool}", "wf") == \
        "wf__a\nb"
