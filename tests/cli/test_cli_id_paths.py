"""A pair's ``id_paths`` end to end: ``parity extract`` records the ids a stub returns at a
configured path, ``parity check`` reports the ones the server does not know (``ids.unknown``)
although both sides call the field a plain string; mistakes in the key exit 2 naming it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from parity.cli.main import main
from parity.fieldpaths import manifest as mf

S = {"type": "string"}
STRINGS = {"type": "array", "items": S}

#: the server: three tools; `run_plan` takes a list of tool ids, `phases` returns some
SERVER = {"tools": [
    {"name": "check_phases", "inputSchema": {"type": "object"}},
    {"name": "list_tools", "inputSchema": {"type": "object"}},
    {"name": "run_plan", "inputSchema": {"type": "object", "properties": {"steps": STRINGS}}},
    {"name": "phases", "inputSchema": {"type": "object"},
     "outputSchema": {"type": "object", "required": ["phases"], "properties": {"phases": {
         "type": "array", "items": {"type": "object", "required": ["name", "tool"],
                                    "properties": {"name": S, "tool": S}}}}}},
]}

#: the agent's stand-ins (module ``{module}``): the ids it puts in values are its own form
AGENT = '''
def run_plan(steps: list[str]) -> str:
    return "ok"


def phases() -> dict:
    return {{"phases": [{{"name": "check", "tool": "workflow-mcp:check_phases"}},
                        {{"name": "list", "tool": "list_tools"}}]}}


TOOLS = {{f"workflow-mcp:{{f.__name__}}": f for f in (run_plan, phases)}}
'''

CONFIG = '''
[servers.workflow]
tools_file = "server.json"

[pairs.workflow]
server = "workflow"
{id_paths}

[pairs.workflow.agent]
source = "{module}:TOOLS"
tool_id_form = "{{server}}-mcp:{{tool}}"

[pairs.workflow.agent.observe.phases]
'''


def project(root: Path, module: str, id_paths: str = "") -> Path:
    (root / "server.json").write_text(json.dumps(SERVER), encoding="utf-8")
    (root / f"{module}.py").write_text(AGENT.format(module=module), encoding="utf-8")
    config = root / "parity.toml"
    config.write_text(CONFIG.format(id_paths=id_paths, module=module), encoding="utf-8")
    return config


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def findings(capsys, config: Path) -> list[dict]:
    code, out, err = run(capsys, "check", "--config", str(config), "--format", "json")
    assert code in (0, 1), err
    return [f for f in json.loads(out)["pairs"][0]["new"] if f["rule"] == "ids.unknown"]


def test_a_configured_id_path_reports_observed_ids_in_the_agents_form(
        tmp_path, capsys, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    config = project(tmp_path, "idagent_configured", 'id_paths = ["phases[].tool"]')
    code, _, err = run(capsys, "extract", "--config", str(config))
    assert code == 0, err
    # the observed ids are recorded at the configured path, and only there
    agent = mf.load(tmp_path / "manifests" / "workflow.agent.json")
    out = agent.tools["workflow-mcp:phases"].out or {}
    assert out["phases[].tool"].examples == ("list_tools", "workflow-mcp:check_phases")
    assert out["phases[].name"].examples == ()
    [found] = findings(capsys, config)
    assert (found["tool"], found["path"], found["direction"]) == (
        "workflow-mcp:phases", "phases[].tool", "out")
    assert "`workflow-mcp:check_phases`" in found["message"]
    assert "`list_tools`" not in found["message"]
    assert found["hint"].startswith("`workflow-mcp:check_phases` -> `check_phases`")


def test_without_configuration_plain_strings_say_nothing_of_ids(tmp_path, capsys,
                                                                monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    config = project(tmp_path, "idagent_plain")
    assert run(capsys, "extract", "--config", str(config))[0] == 0
    # no enum on either side: nothing detects ids here, nor are observed values recorded
    assert findings(capsys, config) == []
    assert '"examples"' not in (tmp_path / "manifests" / "workflow.agent.json").read_text()


@pytest.mark.parametrize(("value", "key"), [
    ('"phases[].tool"', "pairs.workflow.id_paths = 'phases[].tool'"),
    ('["phases[.tool"]', "pairs.workflow.id_paths[0] = 'phases[.tool'"),
    ('[""]', "pairs.workflow.id_paths[0] = ''"),
])
def test_a_malformed_id_paths_value_exits_2_naming_the_key(tmp_path, capsys, monkeypatch,
                                                           value, key) -> None:
    monkeypatch.chdir(tmp_path)
    config = project(tmp_path, "idagent_bad", f"id_paths = {value}")
    code, _, err = run(capsys, "check", "--config", str(config))
    assert code == 2 and key in err and "Traceback" not in err


def test_an_id_path_no_tool_has_exits_2_naming_the_key(tmp_path, capsys, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    config = project(tmp_path, "idagent_absent", 'id_paths = ["phases[].tool", "nowhere[]"]')
    assert run(capsys, "extract", "--config", str(config))[0] == 0
    code, _, err = run(capsys, "check", "--config", str(config))
    assert code == 2, err
    assert "pairs.workflow.id_paths: 'nowhere[]' is a field path of no tool in" in err
    assert "Traceback" not in err


def test_diff_takes_id_paths_on_the_command_line(tmp_path, capsys) -> None:
    agent = {"tools": [{"name": "run_plan", "inputSchema": {"type": "object", "properties": {
        "steps": {"type": "array", "items": {"type": "string",
                                             "default": "workflow-mcp:list_tools"}}}}}]}
    (tmp_path / "agent.json").write_text(json.dumps(agent), encoding="utf-8")
    (tmp_path / "server.json").write_text(json.dumps(SERVER), encoding="utf-8")
    files = ("diff", "--agent-file", str(tmp_path / "agent.json"), "--server-file",
             str(tmp_path / "server.json"), "--format", "json")
    code, out, _ = run(capsys, *files)
    assert code == 0, out  # plain strings on both sides: nothing known of ids
    code, out, _ = run(capsys, *files, "--id-path", "steps[]")
    [found] = json.loads(out)["pairs"][0]["new"]
    assert code == 1 and found["rule"] == "ids.unknown" and found["path"] == "steps[]"
    assert found["hint"].startswith("`workflow-mcp:list_tools` -> `list_tools`")
    assert run(capsys, *files, "--id-path", "steps[")[0] == 2
    code, _, err = run(capsys, *files, "--id-path", "nowhere")
    assert code == 2 and "--id-path 'nowhere' is a field path of no tool" in err
