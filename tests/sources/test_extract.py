"""``parity extract``: writing manifests, ``--check``, determinism, failures kept per pair."""

from __future__ import annotations

import itertools
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from parity.cli.main import main
from parity.config.settings import load_config
from parity.fieldpaths.manifest import load
from parity.sources.extract import extract
from tests.lockfixtures import ROOT

_counter = itertools.count()


def _project(tmp_path: Path, extra: str = "") -> tuple[Path, str]:
    """A project with an agent stub module, a pinned server tools file and one pair."""
    mod = f"agentstubs_{next(_counter)}"
    (tmp_path / f"{mod}.py").write_text(
        "from pydantic import BaseModel\n\n"
        "class Hit(BaseModel):\n    url: str\n    score: float\n\n"
        "def search(query: str, limit: int = 5) -> list[Hit]:\n"
        "    '''Search.'''\n    return []\n\n"
        "def fetch(url: str) -> dict:\n    return {'body': url, 'status': 200}\n\n"
        "TOOLS = {'web-mcp:search': search, 'web-mcp:fetch': fetch}\n", encoding="utf-8")
    (tmp_path / "server_tools.json").write_text(json.dumps({"tools": [
        {"name": "search", "inputSchema": {
            "type": "object", "required": ["q"], "additionalProperties": False,
            "properties": {"q": {"type": "string"}, "limit": {"type": "integer"}}}},
        {"name": "fetch", "inputSchema": {"type": "object",
                                          "properties": {"url": {"type": "string"}}},
         "outputSchema": {"type": "object", "properties": {"body": {"type": "string"}}}},
    ]}), encoding="utf-8")
    (tmp_path / "parity.toml").write_text(f"""
[servers.web]
tools_file = "server_tools.json"

[pairs.web]
server = "web"

[pairs.web.agent]
source = "{mod}:TOOLS"
tool_id_form = "{{server}}-mcp:{{tool}}"

[pairs.web.agent.observe.fetch]
url = "https://example.org"
{extra}""", encoding="utf-8")
    return tmp_path / "parity.toml", mod


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def test_extract_writes_both_manifests(tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    config, _ = _project(tmp_path)
    code, out, err = _run(["extract", "--config", str(config)], capsys)
    assert (code, err) == (0, "")
    # files that did not exist are said to be created, not updated
    assert out == ("web: manifests/web.agent.json: created\n"
                   "web: manifests/web.server.json: created\n")
    agent = load(tmp_path / "manifests" / "web.agent.json")
    server = load(tmp_path / "manifests" / "web.server.json")
    assert (agent.side, agent.server, agent.tool_id_form) == ("agent", "web",
                                                              "{server}-mcp:{tool}")
    assert (server.side, server.server, server.tool_id_form) == ("server", "web", "{tool}")
    assert sorted(agent.tools) == ["web-mcp:fetch", "web-mcp:search"]
    assert sorted(server.tools) == ["fetch", "search"]
    assert agent.source.startswith("agentstubs_") and server.source == \
        "tools_file: server_tools.json"
    fetch = agent.tools["web-mcp:fetch"]
    assert fetch.observed and fetch.out is not None
    assert sorted(fetch.out) == ["", "body", "status"]
    assert not agent.tools["web-mcp:search"].observed
    # a second run changes nothing, byte for byte
    before = {p.name: p.read_bytes() for p in (tmp_path / "manifests").iterdir()}
    code, out, _ = _run(["extract", "--config", str(config)], capsys)
    assert code == 0 and out.count("unchanged") == 2
    assert {p.name: p.read_bytes() for p in (tmp_path / "manifests").iterdir()} == before
    # a file that exists and changes is updated
    (tmp_path / "manifests" / "web.server.json").write_text("{}\n", encoding="utf-8")
    code, out, _ = _run(["extract", "--config", str(config)], capsys)
    assert code == 0 and out == ("web: manifests/web.agent.json: unchanged\n"
                                 "web: manifests/web.server.json: updated\n")


def test_extract_from_a_subfolder_starts_the_server_in_the_config_folder(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    # `python -m <module>` imports from its working directory, which defaults to the
    # configuration file's folder, not to wherever parity is run
    module = f"srv_{next(_counter)}"
    (tmp_path / f"{module}.py").write_text(
        "from parity.mcp import new_server, run_stdio\n"
        "app = new_server('web')\n"
        "@app.tool()\n"
        "def search(q: str) -> str:\n"
        "    return q\n"
        "if __name__ == '__main__':\n"
        "    run_stdio(app)\n", encoding="utf-8")
    config, _ = _project(tmp_path)
    config.write_text(config.read_text().replace('tools_file = "server_tools.json"',
                                                 f'stdio = "python -m {module}"'))
    (tmp_path / "sub").mkdir()
    monkeypatch.chdir(tmp_path / "sub")
    code, out, err = _run(["extract"], capsys)
    assert (code, err) == (0, "")
    assert "web: manifests/web.server.json: created" in out
    assert sorted(load(tmp_path / "manifests" / "web.server.json").tools) == ["search"]


def test_check_on_fresh_and_stale_manifests(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    config, mod = _project(tmp_path)
    code, _, err = _run(["extract", "--config", str(config), "--check"], capsys)
    assert code == 1
    assert "web: manifests/web.agent.json: missing" in err
    assert not (tmp_path / "manifests").exists()  # --check writes nothing
    assert _run(["extract", "--config", str(config)], capsys)[0] == 0
    code, out, _ = _run(["extract", "--config", str(config), "--check"], capsys)
    assert code == 0 and out.count("up to date") == 2
    # the stub's annotation changes: only the agent manifest is stale
    stub = tmp_path / f"{mod}.py"
    stub.write_text(stub.read_text().replace("score: float", "score: int"))
    sys.modules.pop(mod, None)
    code, _, err = _run(["extract", "--config", str(config), "--check"], capsys)
    assert code == 1
    assert "web: manifests/web.agent.json: out of date" in err
    assert "web: manifests/web.server.json: up to date" in err
    assert "run `parity extract web` and commit them" in err


def test_check_takes_a_checkouts_crlf_line_ends_as_the_same_manifest(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A Windows checkout (``core.autocrlf=true``) of unchanged manifests is up to date,
    as for ``snapshot --check`` and ``check``; a changed byte is still out of date."""
    config, _ = _project(tmp_path)
    assert _run(["extract", "--config", str(config)], capsys)[0] == 0
    agent = tmp_path / "manifests" / "web.agent.json"
    for manifest in (agent, tmp_path / "manifests" / "web.server.json"):
        manifest.write_bytes(manifest.read_bytes().replace(b"\n", b"\r\n"))
    code, out, err = _run(["extract", "--config", str(config), "--check"], capsys)
    assert (code, out.count("up to date")) == (0, 2), err
    agent.write_bytes(agent.read_bytes().replace(b'"format"', b'"format" '))
    code, _, err = _run(["extract", "--config", str(config), "--check"], capsys)
    assert code == 1 and "web: manifests/web.agent.json: out of date" in err


def test_failing_server_does_not_stop_other_pairs(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    crash = [sys.executable, "-c",
             "import sys; sys.stderr.write('cannot open db with password hunter2\\n'); "
             "sys.exit(3)"]
    config, _ = _project(tmp_path, f"""
[servers.broken]
stdio = {json.dumps(crash)}
env = {{DB_PASSWORD = "hunter2"}}
start_timeout = 10

[pairs.a_broken]
server = "broken"
agent = {{tools_file = "server_tools.json"}}
""")
    code, out, err = _run(["extract", "--config", str(config)], capsys)
    assert code == 2
    assert "a_broken: failed: server 'broken'" in err
    assert "cannot open db with password ***" in err  # the stderr tail, redacted
    assert "hunter2" not in out + err
    assert (tmp_path / "manifests" / "web.server.json").exists()
    assert not (tmp_path / "manifests" / "a_broken.server.json").exists()


def test_bad_tool_schema_is_left_out_by_name(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    config, _ = _project(tmp_path)
    tools = json.loads((tmp_path / "server_tools.json").read_text())
    tools["tools"].append({"name": "weird", "inputSchema": 5})
    (tmp_path / "server_tools.json").write_text(json.dumps(tools))
    code, _, err = _run(["extract", "--config", str(config)], capsys)
    assert code == 2
    assert "web: server: tool left out: tool 'weird': in: not a JSON Schema" in err
    server = load(tmp_path / "manifests" / "web.server.json")
    assert sorted(server.tools) == ["fetch", "search"]  # the rest survive
    assert any("'weird'" in w for w in server.warnings)


def test_progress_and_pair_selection(tmp_path: Path) -> None:
    config_file, _ = _project(tmp_path, """
[pairs.again]
server = "web"
agent = {tools_file = "server_tools.json"}
""")
    config = load_config(config_file)
    lines: list[str] = []
    result = extract(config, progress=lines.append)
    assert result.exit_code == 0
    assert lines == ["[1/2] again: extracting (server 'web')",
                     "[2/2] web: extracting (server 'web')"]
    only = extract(config, ["again"], check=True)
    assert [r.pair for r in only.pairs] == ["again"] and only.exit_code == 0


def test_unknown_pair_is_a_usage_error(tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    config, _ = _project(tmp_path)
    code, _, err = _run(["extract", "--config", str(config), "nope"], capsys)
    assert code == 2
    assert "unknown pair 'nope'" in err and "configured pairs: web" in err


def _rendezvous(folder: Path, name: str, *others: str, wait: float = 30,
                start_timeout: float = 60) -> str:
    """A ``[servers.NAME]`` table: a real SDK server that serves only once every one of
    ``others`` has started (``tests.servers.rendezvous``)."""
    command = ["python", "-m", "tests.servers.rendezvous", str(folder), name, *others,
               "--wait", str(wait)]
    return (f"\n[servers.{name}]\nstdio = {json.dumps(command)}\n"
            f"cwd = {json.dumps(str(ROOT))}\nstart_timeout = {start_timeout}\n")


def test_a_server_boots_while_the_agent_side_is_read(tmp_path: Path) -> None:
    # the agent's module waits for the server's process to have started: read before the
    # server is listed, as one after the other, it would never see it
    markers = tmp_path / "markers"
    markers.mkdir()
    (tmp_path / "waiting_agent.py").write_text(
        "import time\nfrom pathlib import Path\n\n"
        f"marker = Path({str(markers / 'srv.started')!r})\n"
        "deadline = time.monotonic() + 30\n"
        "while not marker.exists():\n"
        "    if time.monotonic() > deadline:\n"
        "        raise RuntimeError('the server had not started')\n"
        "    time.sleep(0.05)\n\n"
        "def ping(text: str) -> str:\n    return text\n\n"
        "TOOLS = {'ping': ping}\n", encoding="utf-8")
    (tmp_path / "parity.toml").write_text(_rendezvous(markers, "srv") + """
[pairs.p]
server = "srv"
agent = {source = "waiting_agent:TOOLS"}
""", encoding="utf-8")
    result = extract(load_config(tmp_path / "parity.toml"))
    assert [(r.pair, r.error, r.problems) for r in result.pairs] == [("p", None, ())]
    assert sorted(load(tmp_path / "manifests" / "p.server.json").tools) == ["ping"]


def test_servers_of_several_pairs_boot_side_by_side(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    # each server waits for the other before it serves: listed one after the other, the
    # first would give up waiting. Two processors, so two listings at once
    monkeypatch.setattr("os.cpu_count", lambda: 2)
    markers = tmp_path / "markers"
    markers.mkdir()
    config, _ = _project(tmp_path, _rendezvous(markers, "one", "two")
                         + _rendezvous(markers, "two", "one") + """
[pairs.first]
server = "one"
agent = {tools_file = "server_tools.json"}

[pairs.second]
server = "two"
agent = {tools_file = "server_tools.json"}
""")
    result = extract(load_config(config))
    assert [(r.pair, r.error) for r in result.pairs] == [
        ("first", None), ("second", None), ("web", None)]
    for pair in ("first", "second"):
        assert sorted(load(tmp_path / "manifests" / f"{pair}.server.json").tools) == ["ping"]


def test_an_interrupted_extraction_stops_the_servers_it_started(tmp_path: Path) -> None:
    # a server that waits 15 minutes for a peer that never comes; parity alone is
    # interrupted (Ctrl-C), and must stop the listing it started rather than wait for it
    markers = tmp_path / "markers"
    markers.mkdir()
    (tmp_path / "parity.toml").write_text(_rendezvous(markers, "slow", "never", wait=900,
                                                      start_timeout=900) + """
[pairs.p]
server = "slow"
agent = {tools_file = "tools.json"}
""", encoding="utf-8")
    (tmp_path / "tools.json").write_text('{"tools": []}', encoding="utf-8")
    parity = subprocess.Popen([sys.executable, "-m", "parity", "extract"], cwd=tmp_path,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    started = markers / "slow.started"
    for _ in range(1200):  # the server has started once it wrote its process id
        if started.exists() and started.read_text(encoding="utf-8"):
            break
        time.sleep(0.05)
    server = int(started.read_text(encoding="utf-8"))
    parity.send_signal(signal.SIGINT)
    try:
        _, err = parity.communicate(timeout=90)
    except subprocess.TimeoutExpired:  # it waits for the listing (up to start_timeout)
        parity.kill()
        os.kill(server, signal.SIGKILL)
        pytest.fail("interrupted, parity still waited for the server it had started")
    assert parity.returncode == 130 and "parity: interrupted" in err
    for _ in range(600):
        try:
            os.kill(server, 0)
        except ProcessLookupError:
            break
        time.sleep(0.05)
    else:
        os.kill(server, signal.SIGKILL)
        pytest.fail("the server parity started was left running")


def test_stubs_described_while_a_server_is_listed_import_the_sdk_whole(tmp_path: Path) -> None:
    """The agent's stubs are described (``mcp.server``) while a URL server is listed in a
    thread (``mcp.client``): imported by both threads at once, the cycle between the two
    packages gave one a half-initialized ``mcp.server`` (``cannot import name 'Server'``) in
    about half the runs. Fresh processes: the SDK must not be imported yet."""
    config, _ = _project(tmp_path)
    text = config.read_text(encoding="utf-8")
    config.write_text(text.replace('tools_file = "server_tools.json"',
                                   'url = "http://127.0.0.1:1/mcp"'), encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PARITY_NO_CACHE": "1"}
    for _ in range(6):
        done = subprocess.run([sys.executable, "-m", "parity", "extract", "--check"],
                              cwd=tmp_path, env=env, capture_output=True, text=True,
                              timeout=120, check=False)
        out = done.stdout + done.stderr
        assert "could not reach it" in out, out
        assert "cannot describe" not in out and "partially initialized" not in out, out
