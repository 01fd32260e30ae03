"""Names from a server reach the terminal escaped, in every people-facing format."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from parity.cli.main import cli

ESC_NAME = "evil\x1b[2J\x1b]0;pwned\x07"
SHOWN = "evil\\x1b[2J\\x1b]0;pwned\\x07"


def tool_file(path, *, extra_property: bool):
    props = {"q": {"type": "string", "description": "desc\x1b[31m"}}
    if extra_property:
        props[f"field\x1b[1m{ESC_NAME}"] = {"type": "string"}
    path.write_text(json.dumps({"tools": [{"name": ESC_NAME, "inputSchema": {
        "type": "object", "properties": props, "required": sorted(props)}}]}))
    return path


def run(*args):
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    return result.exit_code, result.output


def test_paths_text_escapes_names(tmp_path):
    code, out = run("paths", str(tool_file(tmp_path / "t.json", extra_property=True)))
    assert code == 0
    assert "\x1b" not in out and "\x07" not in out
    assert SHOWN in out


@pytest.mark.parametrize("fmt", ["text", "github", "markdown"])
def test_diff_reports_escape_names(tmp_path, fmt):
    agent = tool_file(tmp_path / "agent.json", extra_property=True)
    server = tool_file(tmp_path / "server.json", extra_property=False)
    code, out = run("diff", "--agent-file", str(agent), "--server-file", str(server),
                    "--format", fmt)
    assert code in (0, 1), out  # an unknown field the server ignores: a warning
    assert "in.unknown" in out
    assert "\x1b" not in out and "\x07" not in out
    assert "\\x1b" in out


@pytest.mark.parametrize("fmt", ["text", "github", "markdown"])
def test_probe_reports_escape_names(fmt):
    """A real server whose read-only tool is named with escape sequences, a newline and a
    workflow command: the probe's report shows them, obeys none, starts no command."""
    import sys
    from pathlib import Path

    from parity.mcp import ServerSpec
    from parity.runtime import guard as g
    from parity.runtime.probe import ProbeTarget, run_probe
    from parity.runtime.probe_report import RENDERERS

    repo = Path(__file__).resolve().parents[2]
    spec = ServerSpec(kind="stdio", name="names", cwd=repo,
                      command=(sys.executable, "-m", "tests.hostile.servers.names"))
    report = run_probe([ProbeTarget("names", spec)],
                       policy=g.GuardPolicy(default_deadline=10.0, turn_budget=30.0))
    assert report.failed == 1
    out = RENDERERS[fmt](report)
    assert "\x1b" not in out and "\x07" not in out and "\r" not in out
    assert "\\x1b[2J" in out
    lines = out.splitlines()
    assert not any(line.startswith("::error file=x") or line.startswith("::warning::also")
                   for line in lines), out
    if fmt == "github":
        # one annotation and the headline: the name's newline did not start a second command
        assert len(lines) == 2 and lines[0].startswith("::error title=parity probe "), out
        assert "%0A%3A%3Aerror file=x%3A%3Ainjected%2C a%3Ab" in lines[0]
    else:  # (markdown: the name in a code span, which holds no line break)
        assert "\\x0a::error file=x::injected" in out


def test_a_configured_path_s_control_characters_are_shown_not_obeyed(tmp_path, capsys):
    """A path from the configuration is printed by extract, lock and verify (their status
    lines and errors): an escape sequence or a bell in it is shown as ``\\x1b``/``\\x07``."""
    from parity.cli.main import main
    from tests.projectfixtures import TOOLS_FILES_CONFIG, write_tools

    write_tools(tmp_path)
    config = tmp_path / "parity.toml"
    config.write_text('manifests = "m\\u001b[31mRED\\u0007"\n' + TOOLS_FILES_CONFIG.replace(
        'tools_file = "tools/server.json"',
        'tools_file = "tools/server.json"\nlock = "m\\u001b[31mRED\\u0007/wf.lock.json"'))
    for argv, code in ((["verify"], 2), (["extract"], 0), (["lock"], 0), (["verify"], 0)):
        assert main([*argv, "--config", str(config)]) == code, argv
        out, err = capsys.readouterr()
        shown = out + err
        assert "\x1b" not in shown and "\x07" not in shown, (argv, shown)
        if argv != ["verify"] or code == 2:
            assert "m\\x1b[31mRED\\x07" in shown, (argv, shown)
