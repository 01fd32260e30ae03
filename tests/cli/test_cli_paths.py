from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from parity import __version__
from parity.cli.main import cli, main

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "schemas" / "check_phases.json"


def run(*args):
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    return result.exit_code, result.output


def test_paths_text_lists_every_path():
    code, out = run("paths", str(EXAMPLE))
    assert code == 0
    assert out.startswith("tool check_phases\n  in\n")
    for path in ("phases[].phase_id", "phases[].tools[]", "labels{}", "(root)"):
        assert path in out
    assert "out: no outputSchema declared" in out


def test_paths_json_is_the_manifest_shape():
    code, out = run("paths", str(EXAMPLE), "--format", "json", "--tool", "chk")
    assert code == 0
    doc = json.loads(out)
    assert list(doc["tools"]) == ["chk"]
    assert doc["tools"]["chk"]["in"]["phases[].phase_id"] == {
        "type": ["string"], "required": True, "description": "Id of a phase template."}
    assert doc["tools"]["chk"]["out"] is None


def test_paths_on_a_tools_list_filters_by_tool(tmp_path):
    f = tmp_path / "tools.json"
    f.write_text(json.dumps({"tools": [{"name": "a", "inputSchema": {"type": "object"}},
                                       {"name": "b", "inputSchema": {"type": "object"}}]}))
    code, out = run("paths", str(f), "--tool", "b")
    assert code == 0 and "tool b" in out and "tool a" not in out
    code, _ = run("paths", str(f), "--tool", "zzz")
    assert code == 2


@pytest.mark.parametrize("content", ['{"tools": []}', "[]", '{"result": {"tools": []}}'])
def test_paths_on_a_server_with_no_tools_says_so(tmp_path, capsys, content):
    # a tools/list result may be empty: it was read as one tool and failed (exit 3)
    f = tmp_path / "tools.json"
    f.write_text(content)
    assert main(["paths", str(f)]) == 0
    out, err = capsys.readouterr()
    assert out == "" and err == f"parity: {f} holds no tools\n"
    assert main(["paths", str(f), "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out) == {"tools": {}}
    assert main(["paths", str(f), "--tool", "a"]) == 2
    err = capsys.readouterr().err
    assert "no tool named 'a'" in err and "this file holds no tools" in err


@pytest.mark.parametrize(("content", "expect"), [
    ("{not json", "not valid JSON"),
    ("[1, 2]", "must be a JSON object"),
    ('{"type": 7}', "`type` must be"),
    ('"a string"', "not a schema or tool definition"),
])
def test_malformed_input_exits_2_with_one_readable_message(tmp_path, capsys, content, expect):
    f = tmp_path / "bad.json"
    f.write_text(content)
    assert main(["paths", str(f)]) == 2
    err = capsys.readouterr().err
    assert expect in err
    assert err.count("parity: error:") == 1
    assert "Traceback" not in err


def test_missing_file_exits_2(capsys):
    assert main(["paths", "/nonexistent/x.json"]) == 2
    assert "not found" in capsys.readouterr().err


def test_unknown_option_is_a_usage_error():
    assert main(["paths", "--bogus"]) == 2


def test_version_and_module_entry_point():
    out = subprocess.run([sys.executable, "-m", "parity", "--version"], capture_output=True,
                         text=True, check=True).stdout
    assert __version__ in out


MANIFESTS = Path(__file__).resolve().parents[2] / "manifests"


def test_paths_reads_parity_manifests_of_either_side():
    agent = MANIFESTS / "workflow.agent.json"
    code, out = run("paths", str(agent))
    assert code == 0 and out.startswith("tool workflow-mcp:check_phases\n  in\n")
    assert "phases[].tool_id" in out
    recorded = json.loads((MANIFESTS / "workflow.server.json").read_text(encoding="utf-8"))
    code, out = run("paths", str(MANIFESTS / "workflow.server.json"), "--format", "json",
                    "--tool", "check_phases")
    assert code == 0
    tool = recorded["tools"]["check_phases"]
    assert json.loads(out) == {"tools": {"check_phases": {"in": tool["in"],
                                                          "out": tool.get("out")}}}


def test_paths_on_a_manifest_refuses_unknown_tools_and_other_versions(tmp_path, capsys):
    assert main(["paths", str(MANIFESTS / "workflow.server.json"), "--tool", "nope"]) == 2
    assert "no tool named 'nope'" in capsys.readouterr().err
    future = tmp_path / "future.server.json"
    future.write_text('{"format": "parity.manifest/9", "tools": {}}', encoding="utf-8")
    assert main(["paths", str(future)]) == 2
    err = capsys.readouterr().err
    assert str(future) in err and "Traceback" not in err


def test_a_number_s_values_by_type_are_shown_integers_apart_from_the_others(tmp_path):
    # an integral number is an `integer`: the `number` values are the non-integral ones, and
    # a union whose numbers are all integers takes none of the others
    tools = [{"name": "t", "inputSchema": {"type": "object", "properties": {
        "n": {"anyOf": [{"type": "number", "enum": [1, 2]}, {"type": "string"}]},
        "m": {"anyOf": [{"type": "number", "enum": [1.5]}, {"type": "integer"}]}}}}]
    path = tmp_path / "tools.json"
    path.write_text(json.dumps({"tools": tools}), encoding="utf-8")
    code, out = run("paths", str(path))
    assert code == 0, out
    assert "integer: enum [1, 2]; non-integral number: none" in out
    assert "m       integer|number  -    non-integral number: enum [1.5]" in out


@pytest.mark.parametrize(("by_type", "where", "what"), [
    ({"str": ["auto"]}, "enum_by_type", "'str' was unexpected"),
    ({"string": "auto"}, "enum_by_type.string", "'auto' is not of type 'array'"),
    ({"string": [1]}, "enum_by_type.string[0]", "1 is not of type 'string'"),
    ({"integer": [True]}, "enum_by_type.integer[0]", "True is not of type 'integer'"),
    (["string", "auto"], "enum_by_type", "is not of type 'object'"),
])
def test_a_manifest_entry_s_enum_by_type_is_read_and_a_malformed_one_refused(
        tmp_path, capsys, by_type, where, what):
    """``enum_by_type`` (pydantic's ``Literal["auto"] | int``) is an optional key of a
    manifest entry: a manifest holding it is read and shown; one holding it malformed
    (a key no type names, values not an array, or not of the key's type) exits 2 with one
    readable message naming where."""
    from parity.fieldpaths import manifest
    from parity.fieldpaths.tooldefs import manifest_from_definitions

    mode = {"anyOf": [{"const": "auto", "type": "string"}, {"type": "integer"}]}
    tools = [{"name": "t", "inputSchema": {"type": "object", "properties": {"mode": mode}}}]
    path = tmp_path / "m.server.json"
    manifest.write(manifest_from_definitions(tools, side="server", source="s"), path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["tools"]["t"]["in"]["mode"]["enum_by_type"] == {"string": ["auto"]}
    code, out = run("paths", str(path))
    assert code == 0 and 'mode    integer|string  -    string: enum ["auto"]' in out, out
    data["tools"]["t"]["in"]["mode"]["enum_by_type"] = by_type
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["paths", str(path)]) == 2
    err = capsys.readouterr().err
    assert f"at $.tools.t.in.mode.{where}: not a valid manifest" in err and what in err, err
    assert str(path) in err and "Traceback" not in err and err.count("\n") <= 2
