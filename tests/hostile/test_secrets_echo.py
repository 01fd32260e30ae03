"""A server that echoes its secret back: the secret reaches no output and no file.

The server (tests/servers/secret_echo.py) is a real subprocess; parity gives it the secret
through a configured ``env`` value read from ``${ECHO_TOKEN}``. The secret holds a quote, a
backslash and a non-ASCII letter, so JSON escaping, ``\\u`` escaping and percent-encoding
all spell it differently: every spelling is grepped for.
"""

from __future__ import annotations

import html
import json
import subprocess
import sys
from pathlib import Path
from urllib.parse import quote, quote_plus

import pytest

from parity.cli.main import main
from tests.conftest import REPO

pytestmark = pytest.mark.slow

SECRET = 'sk-ADV-7f3a9c2e"q\\Zä-9Lm2'
PLACES = ("name", "description", "default", "version", "escaped")


def spellings(secret: str = SECRET) -> list[str]:
    """Every way a report, a file or a message could spell the secret."""
    return [secret, json.dumps(secret)[1:-1], json.dumps(secret, ensure_ascii=True)[1:-1],
            quote(secret, safe=""), quote_plus(secret), html.escape(secret),
            secret[:12], secret[-12:]]


def leaks(text: str) -> list[str]:
    return [s for s in spellings() if s in text]


def project(root: Path, into: str) -> Path:
    (root / "tools").mkdir(exist_ok=True)
    (root / "tools" / "agent.json").write_text(json.dumps({"tools": [
        {"name": "search", "inputSchema": {"type": "object", "properties": {
            "q": {"type": "string"}}, "required": ["q"]}}]}), encoding="utf-8")
    config = root / "parity.toml"
    stdio = [sys.executable, "-m", "tests.servers.secret_echo", "--into", into]
    config.write_text(f"""
[servers.echo]
stdio = {json.dumps(stdio)}
cwd = {json.dumps(str(REPO))}
env = {{ PARITY_ECHO_SECRET = "${{ECHO_TOKEN}}" }}

[pairs.echo]
server = "echo"
agent = {{ tools_file = "tools/agent.json" }}
""", encoding="utf-8")
    return config


@pytest.fixture(autouse=True)
def _token(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ECHO_TOKEN", SECRET)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out + err


def all_files(root: Path) -> str:
    return "\n".join(p.read_text(encoding="utf-8", errors="replace")
                     for p in sorted(root.rglob("*")) if p.is_file())


@pytest.mark.parametrize("into", PLACES)
def test_extract_refuses_a_manifest_holding_the_secret(tmp_path, capsys, into) -> None:
    config = project(tmp_path, into)
    code, text = run(capsys, "extract", "--config", str(config))
    if into == "version":  # a manifest does not hold the server's version: nothing to refuse
        assert code == 0, text
        assert leaks(all_files(tmp_path)) == []
        return
    assert code == 2, text
    assert str(tmp_path / "manifests" / "echo.server.json") in text
    assert "not written: it would hold a secret" in text
    assert leaks(text) == []
    assert not (tmp_path / "manifests" / "echo.server.json").exists()
    assert leaks(all_files(tmp_path)) == []


@pytest.mark.parametrize("into", PLACES)
def test_lock_refuses_a_lock_holding_the_secret(tmp_path, capsys, into) -> None:
    config = project(tmp_path, into)
    code, text = run(capsys, "lock", "--config", str(config))
    lock = tmp_path / "manifests" / "echo.lock.json"
    assert code == 2, text
    assert f"{lock}: at /" in text, text  # the file and the field
    assert "that server 'echo' repeats in its tool definitions" in text, text  # and who said it
    assert leaks(text) == []
    assert not lock.exists()


def test_a_clean_server_is_extracted_and_locked(tmp_path, capsys) -> None:
    config = project(tmp_path, "nowhere")
    assert run(capsys, "extract", "--config", str(config))[0] == 0
    assert run(capsys, "lock", "--config", str(config))[0] == 0
    assert leaks(all_files(tmp_path)) == []


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_verify_fails_closed_without_printing_the_secret(tmp_path, capsys, fmt) -> None:
    config = project(tmp_path, "nowhere")
    assert run(capsys, "lock", "--config", str(config))[0] == 0
    project(tmp_path, "description")
    code, text = run(capsys, "verify", "--config", str(config), "--format", fmt)
    assert code == 2, text
    assert "/tools/search/definition/description: not compared" in text
    assert leaks(text) == []


@pytest.mark.parametrize("fmt", ["text", "json", "sarif", "junit", "github", "markdown"])
def test_every_report_format_is_redacted(tmp_path, capsys, fmt) -> None:
    """A committed manifest that holds the secret (anyone can write one): ``check`` prints
    it in every format, to stdout and to ``-o``, redacted."""
    config = project(tmp_path, "nowhere")
    assert run(capsys, "extract", "--config", str(config))[0] == 0
    agent = tmp_path / "manifests" / "echo.agent.json"
    doc = json.loads(agent.read_text(encoding="utf-8"))
    # the agent calls a tool the server lacks: a finding that names the tool
    doc["tools"][f"look_{SECRET}"] = doc["tools"]["search"]
    agent.write_text(json.dumps(doc, indent=2), encoding="utf-8")
    code, out = run(capsys, "check", "--config", str(config), "--format", fmt)
    assert code == 1, out
    assert "look_***" in out
    assert leaks(out) == []
    report = tmp_path / f"report.{fmt}"
    code, out = run(capsys, "check", "--config", str(config), "--format", fmt, "-o",
                    str(report))
    assert leaks(out) == []
    written = report.read_text(encoding="utf-8")
    assert "look_***" in written and leaks(written) == []


def test_a_real_process_prints_no_secret(tmp_path) -> None:
    """Through ``python -m parity``: the process's own stdout and stderr."""
    config = project(tmp_path, "description")
    done = subprocess.run([sys.executable, "-m", "parity", "lock", "--config", str(config)],
                          capture_output=True, text=True, cwd=REPO, timeout=120,
                          env={**__import__("os").environ, "PYTHONPATH": str(REPO)})
    assert done.returncode == 2, done.stderr
    assert leaks(done.stdout + done.stderr) == []
    assert "echo.lock.json" in done.stderr
