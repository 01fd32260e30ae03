"""ids.unknown: tool ids in values, found in both directions with the id they would match."""

from __future__ import annotations

from pathlib import Path

from rulefixtures import fixture_findings, manifests, obj, of_rule, single, tool

from parity.contract.diff import diff_manifests
from parity.fieldpaths.manifest import load as load_manifest

ROOT = Path(__file__).resolve().parents[3]


def test_the_fixture_names_the_id_each_value_would_match():
    f = single("ids.unknown", fixture_findings("ids.unknown"))
    assert (f.tool, f.path, f.direction, f.severity) == ("estimate_cost", "tools[]", "in",
                                                         "error")
    assert f.hint.startswith("`docs-mcp:summarize` -> `docs__summarize` (and 1 more alike)")


def test_the_bundled_example_has_id_values_in_both_directions():
    agent = load_manifest(ROOT / "manifests" / "workflow.agent.json")
    server = load_manifest(ROOT / "manifests" / "workflow.server.json")
    found = {(f.tool, f.direction, f.path): f
             for f in of_rule("ids.unknown", diff_manifests(agent, server))}
    assert set(found) == {("workflow-mcp:estimate_cost", "in", "tools[]"),
                          ("workflow-mcp:propose_phases", "out", "phases[].tools[]")}
    assert "`docs-mcp:extract_text` -> `docs__extract_text`" in \
        found["workflow-mcp:estimate_cost", "in", "tools[]"].hint
    assert "`docs__extract_text` -> `docs-mcp:extract_text`" in \
        found["workflow-mcp:propose_phases", "out", "phases[].tools[]"].hint


# -- configured id paths (a pair's id_paths) ------------------------------------------------

SERVER_TOOLS = [tool("check_phases"), tool("list_tools"),
                tool("plan", obj({"steps": {"type": "array", "items": {"type": "string"}}}))]


def plan(steps: dict) -> list[dict]:
    return [tool("plan", obj({"steps": {"type": "array", "items": steps}}))]


def configured(agent: list[dict], server: list[dict] = SERVER_TOOLS, id_paths=("steps[]",)):
    """ids.unknown of the pair; the agent's tools are named in its form `workflow-mcp:...`."""
    agent = [{**t, "name": f"workflow-mcp:{t['name']}"} for t in agent]
    sides = manifests(agent, server, agent_form="{server}-mcp:{tool}", server_name="workflow")
    return of_rule("ids.unknown", diff_manifests(*sides, id_paths=id_paths))


def test_a_configured_path_checks_plain_strings_that_agree_on_both_sides():
    # both sides: an array of plain strings; only the agent's default says what it sends
    agent = plan({"type": "string", "default": "workflow-mcp:check_phases"})
    f = single("ids.unknown", configured(agent))
    assert (f.tool, f.path, f.direction) == ("workflow-mcp:plan", "steps[]", "in")
    assert "`workflow-mcp:check_phases`" in f.message and "`id_paths`" in f.message
    assert f.hint.startswith("`workflow-mcp:check_phases` -> `check_phases`")
    # without the configuration nothing says the field holds tool ids
    assert configured(agent, id_paths=()) == []


def test_a_configured_path_reads_the_agents_enum_and_examples():
    agent = plan({"type": "string", "enum": ["workflow-mcp:list_tools", "check_phases"]})
    f = single("ids.unknown", configured(agent))
    assert "`workflow-mcp:list_tools`" in f.message and "`check_phases`," not in f.message
    assert f.hint.startswith("`workflow-mcp:list_tools` -> `list_tools`")
    examples = plan({"type": "string", "examples": ["workflow__list_tools"]})
    assert single("ids.unknown", configured(examples)).hint.startswith(
        "`workflow__list_tools` -> `list_tools`")


def test_a_value_that_names_no_tool_of_the_server_lists_the_servers_ids():
    agent = plan({"type": "string", "const": "web-mcp:search"})
    f = single("ids.unknown", configured(agent))
    assert f.hint.startswith("the server's ids: `check_phases`, `list_tools`, `plan`")


def test_ids_the_server_declares_at_the_path_are_what_it_accepts():
    server = plan({"type": "string", "enum": ["workflow__check_phases"]})
    agent = plan({"type": "string", "default": "workflow-mcp:check_phases"})
    f = single("ids.unknown", configured(agent, server))
    assert f.hint.startswith("`workflow-mcp:check_phases` -> `workflow__check_phases`")
    # the same pair without configuration: detected from the server's enum (default read)
    detected = single("ids.unknown", configured(agent, server, id_paths=()))
    assert detected.path == "steps[]" and "configured" not in detected.message


def test_a_configured_output_path_checks_what_the_agent_expects_back():
    out = {"type": "object", "properties": {"tools": {"type": "array",
                                                      "items": {"type": "string"}}}}
    server = [tool("catalog", obj({}), out), tool("check_phases")]
    agent_out = {"type": "object", "properties": {"tools": {
        "type": "array", "items": {"type": "string", "examples": ["workflow-mcp:check_phases"]}}}}
    agent = [tool("catalog", obj({}), agent_out)]
    f = single("ids.unknown", configured(agent, server, id_paths=("tools[]",)))
    assert (f.direction, f.path) == ("out", "tools[]") and "expects back" in f.message


def test_right_ids_at_a_configured_path_are_clean():
    agent = plan({"type": "string", "enum": ["check_phases", "list_tools"]})
    assert configured(agent) == []


def test_a_catalogs_tool_names_are_indexed_and_sorted_once_a_diff(monkeypatch):
    """Every configured path of every tool accepts the server's tool names: they are read
    into an index and a sorted list once for the whole diff, not once a path (which made
    the check quadratic in tools: 2,000 tools took 18 s), and every finding still says
    what it said."""
    from parity.contract.rules import _idpaths

    calls: dict[str, list[int]] = {"index": [], "sorted": []}
    real_index = _idpaths.index_ids

    def index_ids(accepted):
        calls["index"].append(len(accepted))
        return real_index(accepted)

    def counted_sorted(values):
        calls["sorted"].append(len(values))
        return sorted(values)

    monkeypatch.setattr(_idpaths, "index_ids", index_ids)
    monkeypatch.setattr(_idpaths, "sorted", counted_sorted, raising=False)
    n = 60
    sends = {"type": "object", "properties": {"next": {"type": "string"}}}
    server = [tool(f"step_{i:02}", sends) for i in range(n)]
    # the agent's own form for some (translated), no tool's id at all for the others
    agent = [tool(f"step_{i:02}", {"type": "object", "properties": {"next": {
        "type": "string", "default": f"workflow-mcp:step_{i:02}" if i % 3 else f"nothing {i}"}}})
        for i in range(n)]
    sides = manifests(agent, server, agent_form="{tool}", server_name="workflow")
    found = of_rule("ids.unknown", diff_manifests(*sides, id_paths=("next",)))
    assert len(found) == n
    unnamed = [f for f in found if "`nothing " in f.message]
    assert len(unnamed) == n // 3
    assert {f.hint for f in unnamed} == {
        "the server's ids: `step_00`, `step_01`, `step_02`, `step_03`, `step_04` (+55 more); "
        "or remove the path from `id_paths` if it holds no tool ids"}
    named = [f for f in found if f not in unnamed]
    assert all(f.hint.startswith(f"`workflow-mcp:{f.tool}` -> `{f.tool}`") for f in named)
    assert calls == {"index": [n], "sorted": [n]}


def test_ids_are_indexed_by_the_first_form_all_of_them_fit():
    from parity.contract.rules._idpaths import index_ids

    assert index_ids({"docs__summarize", "web__search"}) == (
        "{server}__{tool}", {("docs", "summarize"): "docs__summarize",
                             ("web", "search"): "web__search"})
    assert index_ids({"docs__summarize", "search"}) is None  # a bare name: not ids
    assert index_ids({"docs-mcp:summarize"}) == ("{server}-mcp:{tool}",
                                                 {("docs", "summarize"): "docs-mcp:summarize"})
