from __future__ import annotations

from rulefixtures import diff, fixture_findings, obj, of_rule, single, tool

from parity.contract.rules import tools

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


def test_a_renamed_tool_is_offered_the_server_names_most_like_it():
    server = [tool(n) for n in ("create_issue", "get_issue", "get_me", "list_repos",
                                "search_code", "search_issues")]
    f = single(RULE, diff([tool("search_issue")], server))
    assert f.message == ("the server has no tool `search_issue` (the closest names it has: "
                         "`search_issues`, `search_code`, `get_issue`); every call to it "
                         "fails as an unknown tool")
    assert f.hint == ("if it was renamed (to `search_issues`?), rename it in the agent; "
                      "otherwise remove the tool from the agent, or add it to the server")


def test_the_close_name_search_stops_at_its_bound_of_work():
    # each missing name of 9 characters weighed against 100 names of 8: 7,200 a tool
    server = [tool(f"tool_{i:03d}") for i in range(100)]
    agent = [tool(f"tool_{i:03d}x") for i in range(200)]
    findings = of_rule(RULE, diff(agent, server))
    offered = [f for f in findings if "the closest names it has" in f.message]
    assert len(findings) == 200
    assert len(offered) == tools.MAX_NAME_WORK // (9 * 800) == 138
    assert offered == findings[:138]  # the first ones, in the agent's order
    assert all("(server tools: `tool_000`, `tool_001`" in f.message for f in findings[138:])


def test_a_server_of_long_names_is_not_weighed_past_the_bound():
    server = [tool("ab" * 500 + str(i)) for i in range(10)]  # 10,000 letters
    f = single(RULE, diff([tool("ab" * 60)], server))  # 120 x 10,000: past 1,000,000
    assert "server tools:" in f.message


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
