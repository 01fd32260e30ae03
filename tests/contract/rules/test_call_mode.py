"""``tool.call-mode``: the agent calls a tool a way the server does not take."""

from __future__ import annotations

from typing import Any

import pytest
from rulefixtures import diff, fixture_findings, of_rule, single

RULE = "tool.call-mode"
#: a definition without ``execution`` (``None`` stands for a ``taskSupport`` of ``null``)
NO_EXECUTION = object()


def called(name: str, support: Any = NO_EXECUTION) -> dict[str, Any]:
    definition: dict[str, Any] = {"name": name, "inputSchema": {"type": "object"}}
    if support is not NO_EXECUTION:
        definition["execution"] = {"taskSupport": support}
    return definition


def test_fixture_reports_each_tool_called_a_way_the_server_refuses():
    found = of_rule(RULE, fixture_findings(RULE))
    assert [(f.tool, f.path, f.severity, f.direction) for f in found] == [
        ("export_archive", "", "error", "tool"), ("render_report", "", "error", "tool")]
    export, render = found
    assert export.message == (
        "the agent calls `export_archive` as a task, but the server's `export_archive` takes "
        "no calls as a task (execution.taskSupport `forbidden`): the server refuses every "
        "such call (-32601)")
    assert "call it plainly in the agent" in export.hint
    assert render.message == (
        "the agent calls `render_report` with a plain tools/call, but the server's "
        "`render_report` takes no plain calls (execution.taskSupport `required`): the server "
        "refuses every such call (-32601)")
    assert "call it as a task in the agent" in render.hint


# (the agent's taskSupport, the server's) for every pair of values a
# definition may state: absent, null, each named value and one the protocol does not name
CASES = [
    (agent, server)
    for agent in (NO_EXECUTION, None, "forbidden", "optional", "required", "sometimes")
    for server in (NO_EXECUTION, None, "forbidden", "optional", "required", "sometimes")
]
WAYS = {NO_EXECUTION: {"plain"}, None: {"plain"}, "forbidden": {"plain"},
        "optional": {"plain", "task"}, "required": {"task"}, "sometimes": set()}


@pytest.mark.parametrize(("agent", "server"), CASES)
def test_a_finding_exactly_when_the_agent_uses_a_way_the_server_does_not_take(agent, server):
    found = of_rule(RULE, diff([called("t", agent)], [called("t", server)]))
    lost = WAYS[agent] - WAYS[server]
    assert bool(found) is bool(lost)
    if lost:
        message = single(RULE, found).message
        assert ("takes no plain calls" in message) is ("plain" in lost)
        assert ("calls as a task" in message) is ("task" in lost)


def test_a_server_value_no_protocol_names_says_so_and_how_to_fix_it():
    f = single(RULE, diff([called("t")], [called("t", "sometimes")]))
    assert "(execution.taskSupport a value the protocol does not name)" in f.message
    assert "`forbidden`, `optional` or `required`" in f.hint


def test_the_finding_carries_the_agents_name_under_id_forms():
    f = single(RULE, diff([called("wf-mcp:t")], [called("t", "required")],
                          agent_form="{server}-mcp:{tool}", server_name="wf"))
    assert f.tool == "wf-mcp:t"
    assert "the server's `t`" in f.message


def test_tools_whose_tables_agree_are_still_compared():
    """The differ skips ``alignments_only`` rules for agreeing tables: this one reads no
    table, so it must run for them."""
    schema = {"type": "object", "properties": {"q": {"type": "string"}}}
    agent = {**called("t"), "inputSchema": schema}
    server = {**called("t", "required"), "inputSchema": schema}
    assert [f.rule_id for f in diff([agent], [server])] == [RULE]
