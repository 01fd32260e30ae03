"""The command line's log output (parity/cli/logs.py): a malformed answer of an HTTP server
gives parity's one message and exit 2, not the SDK's log records (a traceback) before it;
``PARITY_DEBUG`` brings those back; parity used as a library leaves logging alone.

The server is tests/servers/http_faults.py and parity a real subprocess: the records were
printed by Python's last-resort handler, which only a process with no logging configured
uses (pytest configures it).
"""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from parity.cli.logs import Terminal, terminal

REPO = Path(__file__).resolve().parents[2]


def parity(tmp_path: Path, *args: str, debug: str | None = None) -> tuple[int, str]:
    env = {k: v for k, v in os.environ.items() if k != "PARITY_DEBUG"}
    env["PYTHONPATH"] = str(REPO)
    if debug is not None:
        env["PARITY_DEBUG"] = debug
    done = subprocess.run([sys.executable, "-m", "parity", *args], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=120)  # a hang guard
    assert done.stdout == ""
    return done.returncode, done.stderr


def assert_one_message(err: str, url: str) -> None:
    assert "Traceback" not in err and "post_writer" not in err, err
    lines = err.splitlines()
    assert len(lines) == 2, err
    # an ad-hoc server is named by its URL alone (not "server 'server' (URL)")
    assert lines[0].startswith(f"parity: error: server {url}: "), err
    assert lines[1].startswith("  hint: "), err


@pytest.mark.slow
@pytest.mark.parametrize(("command", "path"), [
    ("lock", "/sessionid"),  # the SDK logged "Error in post_writer" with its traceback
    ("lock", "/badlength"),
    ("lock", "/utf16"),
    ("snapshot", "/sessionid"),
    ("diff", "/sessionid"),
])
def test_a_malformed_http_answer_prints_parity_s_message_alone(
        http_server: Any, tmp_path: Path, command: str, path: str) -> None:
    url = http_server("tests.servers.http_faults", path=path)
    args = {"lock": ["lock", "--url", url, "--lock", "x.lock"],
            "snapshot": ["snapshot", "--url", url, "-o", "x.json"],
            "diff": ["diff", "--agent-file", "agent.json", "--server-url", url]}[command]
    (tmp_path / "agent.json").write_text('{"tools": []}', encoding="utf-8")
    code, err = parity(tmp_path, *args)
    assert code == 2, err
    # diff names the side first: "parity: error: server: server http://...: ..."
    assert_one_message(err.replace("parity: error: server: ", "parity: error: "), url)


def run_diff(tmp_path: Path, url: str, debug: str | None = None) -> tuple[int, str, str]:
    env = {k: v for k, v in os.environ.items() if k != "PARITY_DEBUG"}
    env["PYTHONPATH"] = str(REPO)
    if debug is not None:
        env["PARITY_DEBUG"] = debug
    (tmp_path / "agent.json").write_text('{"tools": []}', encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "parity", "diff", "--agent-file", "agent.json",
                           "--server-url", url], cwd=tmp_path, env=env, capture_output=True,
                          text=True, timeout=120)  # a hang guard
    return done.returncode, done.stdout, done.stderr


@pytest.mark.slow
def test_parity_debug_prints_the_sdk_s_records(http_server: Any, tmp_path: Path) -> None:
    # the SDK warns of an event of a kind it does not know, and reads the answer after it
    url = http_server("tests.servers.http_faults", path="/oddevent")
    code, out, err = run_diff(tmp_path, url)
    assert (code, err) == (0, ""), err
    assert "parity diff: ok" in out
    code, out, err = run_diff(tmp_path, url, debug="1")
    assert code == 0 and "WARNING mcp.client.streamable_http: Unknown SSE event: x-odd\n" in err
    assert "INFO " not in err, err  # named by its logger, from WARNING only
    code, out, err = run_diff(tmp_path, url, debug="info")
    assert code == 0 and "\nINFO " in err, err


@pytest.mark.slow
def test_library_use_leaves_logging_alone(http_server: Any) -> None:
    """Listing a server through the library installs no handler and changes no level: the
    SDK's records go wherever the application sends them (here: the last-resort handler)."""
    url = http_server("tests.servers.http_faults", path="/oddevent")
    code = ("import logging, sys; from parity.mcp import fetch_tools, ServerSpec\n"
            "fetch_tools(ServerSpec(kind='url', name='x', url=sys.argv[1]))\n"
            "root = logging.getLogger()\n"
            "print(root.handlers, logging.getLevelName(root.level))")
    done = subprocess.run([sys.executable, "-c", code, url], cwd=REPO, capture_output=True,
                          text=True, timeout=120, env={**os.environ, "PYTHONPATH": str(REPO)})
    assert done.stdout.strip() == "[] WARNING", done.stdout + done.stderr
    assert "Unknown SSE event: x-odd" in done.stderr


def record(name: str, level: int, message: str) -> logging.LogRecord:
    return logging.LogRecord(name, level, __file__, 1, message, None, None)


def test_the_handler_prints_parity_s_warnings_and_others_only_when_asked(capsys) -> None:
    quiet, loud = Terminal(None), Terminal(logging.DEBUG)
    for handler in (quiet, loud):
        handler.handle(record("parity.runtime.client", logging.WARNING, "drift \x1b[2J"))
        handler.handle(record("parity.mcp.connection", logging.INFO, "ours, below WARNING"))
        handler.handle(record("mcp.client.streamable_http", logging.ERROR, "Error in x"))
        handler.handle(record("client", logging.CRITICAL, "lost"))
    quiet_err = "drift \\x1b[2J\nCRITICAL client: lost\n"
    assert capsys.readouterr().err == quiet_err + (
        "drift \\x1b[2J\nours, below WARNING\nERROR mcp.client.streamable_http: Error in x\n"
        "CRITICAL client: lost\n")


def test_terminal_installs_only_where_nothing_configured_logging(monkeypatch) -> None:
    root = logging.getLogger()
    before = (list(root.handlers), root.level)
    with terminal():  # pytest's handlers are on the root logger: nothing added
        assert root.handlers == before[0]
    monkeypatch.setattr(root, "handlers", [])
    monkeypatch.setenv("PARITY_DEBUG", "debug")
    with terminal():
        assert [type(h) for h in root.handlers] == [Terminal]
        assert root.level == logging.DEBUG
    assert (root.handlers, root.level) == ([], before[1])
