"""What the configuration makes a secret: credential arguments of a stdio command, and the
env values that are credentials (not ``true``, ``debug`` or ``string``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from parity.cli.main import main
from parity.config.settings import parse_config
from parity.core.redact import secret_values

TOKEN = "sk-live-abcdef1234567890"

SERVER = """\
import json, sys
from parity.mcp.servers import listing_server, run_stdio
run_stdio(listing_server("srv", json.load(open("server_tools.json"))["tools"]))
"""

#: what the server lists: a description and an enum that hold words env values may be
TOOLS = {"tools": [{"name": "t", "description": "debug output is true or false",
                    "inputSchema": {"type": "object", "properties": {
                        "mode": {"type": "string", "enum": ["production", "debug"]}}}}]}


@pytest.mark.parametrize(("argv", "secrets"), [
    (["python", "srv.py", "--api-key", TOKEN], [TOKEN]),
    (["srv", f"--token={TOKEN}"], [TOKEN]),
    (["srv", "--password", "hunter22", "--verbose"], ["hunter22"]),
    (["env", f"API_KEY={TOKEN}", "srv"], [TOKEN]),
    (["srv", "--url", "https://u:pw-9876543@example.invalid/mcp"],
     ["pw-9876543", "dTpwdy05ODc2NTQz"]),
    # a flag followed by another flag takes no value; a file, a folder or a URL is no
    # credential; a single letter names nothing
    (["srv", "--token", "--verbose"], []),
    (["srv", "--key-file", "secrets/key.pem", "--token-path=/run/tok"], []),
    (["srv", "-k", TOKEN], []),
    (["python", "-m", "my_server", "--port", "8080", "--log-level", "debug"], []),
])
def test_a_stdio_command_s_credential_arguments(argv: list[str], secrets: list[str]) -> None:
    from parity.core.redact import argument_secrets

    assert argument_secrets(argv) == secrets


def test_a_stdio_word_reads_the_environment_and_its_value_is_a_secret() -> None:
    config = parse_config(
        {"servers": {"s": {"stdio": ["srv", "--header", "X-Auth: ${TOK}", "--api-key",
                                     "abcd"]}}},
        file=None, root=Path(), environ={"TOK": "opaque"})
    server = config.servers["s"]
    assert server.stdio == ("srv", "--header", "X-Auth: opaque", "--api-key", "abcd")
    assert set(server.secrets) == {"opaque", "abcd"}


def test_an_unset_variable_in_a_stdio_word_is_a_mistake() -> None:
    from parity.errors import ConfigError

    with pytest.raises(ConfigError, match=r"servers\.s\.stdio: environment variable TOK is "
                                          "not set"):
        parse_config({"servers": {"s": {"stdio": "srv --token ${TOK}"}}}, file=None,
                     root=Path(), environ={})


def test_an_env_value_is_a_secret_when_its_name_or_its_looks_say_credential() -> None:
    plain = {"PYTHONUNBUFFERED": "true", "TELEMETRY": "false", "LOG_LEVEL": "debug",
             "MODE": "production", "KIND": "string", "PORT": "8080", "LANG": "en_US.UTF-8",
             "CONFIG": "/etc/srv/config-2.toml", "MAX_TOKENS": "4096", "AUTH_ENABLED": "true"}
    assert secret_values(env=plain) == ()
    secret = {"API_KEY": "abcd", "X": TOKEN, "SESSION_SECRET": "correct horse",
              "DATABASE_URL": "postgres://app:pw-12345@db/app"}
    assert set(secret_values(env=secret)) == {
        "abcd", TOKEN, "correct horse", "pw-12345", "YXBwOnB3LTEyMzQ1"}


def test_a_header_value_is_a_secret_unless_json_says_it() -> None:
    assert secret_values(headers={"X-Debug": "true", "X-Count": "1234",
                                  "X-Api-Key": "12345678901", "X-Tenant": "acme"}) == (
        "12345678901", "acme")


def _project(root: Path, server: str) -> None:
    (root / "srv.py").write_text(SERVER, encoding="utf-8")
    (root / "server_tools.json").write_text(json.dumps(TOOLS), encoding="utf-8")
    (root / "agent_tools.json").write_text(json.dumps(TOOLS), encoding="utf-8")
    (root / "parity.toml").write_text(server + """
[pairs.p]
server = "srv"
[pairs.p.agent]
tools_file = "agent_tools.json"
""", encoding="utf-8")


def test_a_token_passed_as_a_stdio_argument_is_written_nowhere(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    _project(tmp_path, f'[servers.srv]\nstdio = ["python", "srv.py", "--api-key", "{TOKEN}"]\n')
    assert main(["extract"]) == 0
    out, err = capsys.readouterr()
    manifest = (tmp_path / "manifests" / "p.server.json").read_text(encoding="utf-8")
    assert TOKEN not in out + err + manifest
    assert '"source": "stdio: python srv.py --api-key ***"' in manifest


def test_plain_env_values_are_no_secrets_for_extract_lock_and_check(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``PYTHONUNBUFFERED = "true"`` made every file that says ``true`` unwritable and the
    JSON report invalid (``"ok": ***``)."""
    monkeypatch.chdir(tmp_path)
    _project(tmp_path, '[servers.srv]\nstdio = ["python", "srv.py"]\n'
                       'env = {PYTHONUNBUFFERED = "true", LOG_LEVEL = "debug", '
                       'MODE = "production"}\n')
    assert main(["extract"]) == 0
    assert main(["lock", "--yes"]) == 0
    capsys.readouterr()
    assert main(["check", "--format", "json"]) == 0
    out, _ = capsys.readouterr()
    assert json.loads(out)["ok"] is True


@pytest.mark.parametrize("fmt", ["json", "sarif"])
def test_a_json_report_stays_json_whatever_the_secret_holds(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch, fmt: str) -> None:
    """A secret ending in a backslash, in a committed manifest's property name: redacted as
    text, the report's ``"k3y-value\\\\"`` became ``"***\\"``, which is no JSON."""
    monkeypatch.chdir(tmp_path)
    secret = "k3y-value\\"
    agent = {"tools": [{"name": "t", "inputSchema": {"type": "object", "properties": {
        secret: {"type": "string"}}}}]}
    server = {"tools": [{"name": "t", "inputSchema": {"type": "object", "properties": {},
                                                      "additionalProperties": False}}]}
    (tmp_path / "agent_tools.json").write_text(json.dumps(agent), encoding="utf-8")
    (tmp_path / "server_tools.json").write_text(json.dumps(server), encoding="utf-8")
    pairs = '[pairs.p]\nserver = "srv"\n[pairs.p.agent]\ntools_file = "agent_tools.json"\n'
    config = tmp_path / "parity.toml"
    config.write_text('[servers.srv]\ntools_file = "server_tools.json"\n' + pairs,
                      encoding="utf-8")
    assert main(["extract"]) == 0
    # the manifests are committed; the server is given a credential that they hold
    config.write_text('[servers.srv]\ntools_file = "server_tools.json"\n'
                      "headers = {X-Api-Key = 'k3y-value\\'}\n" + pairs, encoding="utf-8")
    capsys.readouterr()
    assert main(["check", "--format", fmt]) == 1
    out, _ = capsys.readouterr()
    assert secret not in out and json.dumps(secret) not in out
    json.loads(out)
