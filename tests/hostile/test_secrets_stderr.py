"""A server that writes its secret on stderr: every command keeps the stderr (people debug
their servers with it) and prints none of the secret.

parity reads a stdio server's stderr itself (never passing it straight to the terminal) and
shows its last lines when the server fails, redacted line by line; in the drill the server
runs behind the fault proxy, whose stderr is the server's. The server
(tests/servers/stderr_echo.py, built with the ``mcp`` SDK) is a real subprocess and so is
parity (``python -m parity``), so output written to the file descriptors is grepped too.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.hostile.test_secrets_echo import SECRET, all_files, leaks

pytestmark = pytest.mark.slow

REPO = Path(__file__).resolve().parents[2]

#: every command that starts the server, with what it needs
COMMANDS = {
    "extract": ["extract"],
    "lock": ["lock"],
    "verify": ["verify"],
    "snapshot": ["snapshot", "-o", "snapshot.json"],
    "probe": ["probe"],
    "drill": ["drill", "--server", "echo", "--calls", "1", "--modes", "none,unavailable"],
}


def project(root: Path, *flags: str) -> Path:
    (root / "tools").mkdir(exist_ok=True)
    (root / "tools" / "agent.json").write_text(json.dumps({"tools": [
        {"name": "search", "inputSchema": {"type": "object", "properties": {
            "q": {"type": "string"}}, "required": ["q"]}}]}), encoding="utf-8")
    config = root / "parity.toml"
    stdio = [sys.executable, "-m", "tests.servers.stderr_echo", *flags]
    config.write_text(f"""
[servers.echo]
stdio = {json.dumps(stdio)}
cwd = {json.dumps(str(REPO))}
env = {{ PARITY_ECHO_SECRET = "${{ECHO_TOKEN}}" }}
read_only = ["search"]

[pairs.echo]
server = "echo"
agent = {{ tools_file = "tools/agent.json" }}
""", encoding="utf-8")
    return config


def parity(root: Path, *args: str) -> tuple[int, str]:
    env = {**os.environ, "ECHO_TOKEN": SECRET, "PYTHONPATH": str(REPO)}
    # a generous timeout, only as a hang guard
    done = subprocess.run([sys.executable, "-m", "parity", *args, "--config",
                           str(root / "parity.toml")], cwd=root, env=env,
                          capture_output=True, text=True, timeout=300)
    return done.returncode, done.stdout + done.stderr


@pytest.mark.parametrize("command", list(COMMANDS))
def test_a_working_server_s_stderr_secret_is_never_printed(tmp_path, command) -> None:
    project(tmp_path)
    if command == "verify":
        assert parity(tmp_path, "lock")[0] == 0
    code, out = parity(tmp_path, *COMMANDS[command])
    assert code in (0, 1), out
    assert "Traceback" not in out and leaks(out) == [], out
    assert leaks(all_files(tmp_path)) == []


@pytest.mark.parametrize("command", list(COMMANDS))
def test_a_failing_server_s_stderr_is_shown_redacted(tmp_path, command) -> None:
    project(tmp_path)
    if command == "verify":
        assert parity(tmp_path, "lock")[0] == 0
    project(tmp_path, "--die-after-list")
    code, out = parity(tmp_path, *COMMANDS[command])
    assert code == 2, out
    assert "Traceback" not in out and leaks(out) == [], out
    # what the user needs to debug the server: its stderr, the secret hidden
    assert "server stderr" in out and "fatal: giving up, key=***" in out, out
    assert leaks(all_files(tmp_path)) == []


def test_a_secret_cut_with_an_overlong_stderr_line_is_hidden(tmp_path) -> None:
    project(tmp_path, "--die-after-list", "--long-line")
    code, out = parity(tmp_path, "extract")
    assert code == 2, out
    assert "fatal: giving up, key=***" in out
    assert SECRET[:8] not in out and " and more" not in out, out[-300:]
    assert leaks(out) == []
