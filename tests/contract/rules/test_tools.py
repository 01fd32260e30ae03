from __future__ import annotations

from rulefixtures import diff, fixture_findings, obj, of_rule, single, tool

RULE = "tool.missing"


def test_fixture_names_the_id_form_mismatch():
    f = single(RULE, fixture_findings(RULE))
    assert (f.tool, f.path, f.severity, f.direction) == (
        "workflow-mcp:check_phases", "", "error", "tool")
    assert f.message == (
        "no server tool matches `workflow-mcp:check_phases` under the agent's form `{tool}` "
        "and the server's form `{tool}`, but it would match `check_phases` reading "
        "`{server}-mcp:{tool}` as `{tool}`: an id-form mismatch; every call to it fails as "
        "an unknown tool")
    assert f.hint == ("set tool_id_form in the pair's configuration (agent "
                      "`{server}-mcp:{tool}`, server `{tool}`, server name `workflow`), then "
                      "`parity extract`")


def test_matching_applies_both_forms():
    assert diff([tool("wf-mcp:check")], [tool("wf__check")], agent_form="{server}-mcp:{tool}",
                server_form="{server}__{tool}", server_name="wf") == []


def test_double_underscore_and_case_forms_are_recognised():
    f = single(RULE, diff([tool("wf__check")], [tool("check")], server_name="wf"))
    assert "id-form mismatch" in f.message and "`{server}__{tool}`" in f.message
    f = single(RULE, diff([tool("Check_Phases")], [tool("check_phases")]))
    assert "would match `check_phases`" in f.message


def test_a_plain_missing_tool_lists_the_server_tools():
    f = single(RULE, diff([tool("frobnicate")], [tool("check"), tool("status")]))
    assert f.message == ("the server has no tool `frobnicate` (server tools: `check`, "
                         "`status`); every call to it fails as an unknown tool")


def test_server_tools_the_agent_does_not_use_are_not_differences():
    assert diff([tool("a")], [tool("a"), tool("b")]) == []


def test_tools_of_another_server_are_left_alone():
    assert diff([tool("other-mcp:x"), tool("wf-mcp:a")], [tool("a")],
                agent_form="{server}-mcp:{tool}", server_name="wf") == []


def test_findings_of_a_matched_tool_carry_the_agents_name():
    agent = [tool("wf-mcp:a", obj({"x": {"type": "string"}}))]
    server = [tool("a", obj({}, additionalProperties=False))]
    f = single("in.unknown", diff(agent, server, agent_form="{server}-mcp:{tool}",
                                  server_name="wf"))
    assert f.tool == "wf-mcp:a"
    assert of_rule(RULE, diff(agent, server, agent_form="{server}-mcp:{tool}",
                              server_name="wf")) == []


# -- tool.invalid-schema ---------------------------------------------------------------------


def test_a_null_input_schema_is_one_finding_and_the_diff_still_runs():
    findings = fixture_findings("tool.invalid-schema")
    f = single("tool.invalid-schema", findings)
    assert (f.tool, f.path, f.severity) == ("get_me", "", "error")
    assert "inputSchema is null" in f.message
    assert len(findings) == 1  # read as an open object: nothing else differs


def test_a_missing_input_schema_on_both_sides_is_reported_once():
    findings = diff([{"name": "t"}], [{"name": "t"}])
    assert [(f.rule_id, f.severity) for f in findings] == [("tool.invalid-schema", "error")]
    assert "inputSchema is missing" in findings[0].message


def test_an_agent_side_without_input_schema_is_a_warning():
    findings = diff([{"name": "t", "inputSchema": None}], [tool("t")])
    assert [(f.rule_id, f.severity) for f in findings] == [("tool.invalid-schema", "warning")]
