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
