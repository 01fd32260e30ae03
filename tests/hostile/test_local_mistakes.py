"""The local side: every configuration mistake and every write failure is one message naming
the file (and the key), exit 2, in every command that reads the configuration.

A generated corpus: ``MISTAKES`` (a configuration that is wrong in one way) times
``COMMANDS``, plus write targets that cannot be written.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from parity.cli.main import main
from tests.projectfixtures import TOOLS_FILES_CONFIG, write_tools

GOOD_SERVER = 'tools_file = "tools/server.json"'
PAIR = """
[pairs.wf]
server = "wf"
agent = { tools_file = "tools/agent.json", tool_id_form = "{server}-mcp:{tool}" }
"""


def server(extra: str, *, source: str = GOOD_SERVER) -> str:
    return f"[servers.wf]\n{source}\n{extra}\n{PAIR}"


#: name -> (parity.toml text, a word the message must hold besides the file)
MISTAKES: dict[str, tuple[str, str]] = {
    "stdio-unterminated-quote": (server("", source="stdio = \"python -c 'oops\""), "stdio"),
    "stdio-number": (server("", source="stdio = 1"), "stdio"),
    "stdio-empty-list": (server("", source="stdio = []"), "stdio"),
    "stdio-list-of-numbers": (server("", source="stdio = [1, 2]"), "stdio"),
    "url-unclosed-ipv6": (server("", source='url = "http://[::1/mcp"'), "url"),
    "url-bad-port": (server("", source='url = "http://127.0.0.1:99999/mcp"'), "url"),
    "url-no-host": (server("", source='url = "http://"'), "url"),
    "url-ftp": (server("", source='url = "ftp://127.0.0.1/"'), "url"),
    "toml-nested-3000": ("x = " + "[" * 3000 + "]" * 3000 + "\n", "nested"),
    "toml-syntax": ("[servers.wf\n", "TOML"),
    "not-utf8": ("\udcff", "read"),
    "manifests-outside": ('manifests = "../elsewhere"\n' + server(""), "manifests"),
    "manifests-absolute": ('manifests = "/tmp/parity-manifests"\n' + server(""),
                           "manifests"),
    "baselines-outside": ('baselines = "../../b"\n' + server(""), "baselines"),
    "lock-outside": (server('lock = "../w.lock.json"'), "lock"),
    "lock-absolute": (server('lock = "/etc/parity.lock.json"'), "lock"),
    "env-number": (server("env = { A = 1 }"), "env"),
    "env-unset-variable": (server('env = { A = "${PARITY_NO_SUCH_VARIABLE}" }'),
                          "PARITY_NO_SUCH_VARIABLE"),
    "headers-list": (server('headers = ["a"]'), "headers"),
    "start-timeout-negative": (server("start_timeout = -1"), "start_timeout"),
    "start-timeout-nan": (server("start_timeout = nan"), "start_timeout"),
    "start-timeout-string": (server('start_timeout = "soon"'), "start_timeout"),
    "tool-id-form": (server('tool_id_form = "no placeholder"'), "tool_id_form"),
    "surface": (server('surface = "maybe"'), "surface"),
    "object-not-a-ref": (server("", source='object = "not a reference"'), "object"),
    "two-sources": (server('url = "http://127.0.0.1:1/mcp"'), "exactly one"),
    "unknown-server-key": (server('colour = "blue"'), "colour"),
    "servers-number": ("servers = 1\n", "servers"),
    "pair-number": ("[pairs]\nwf = 1\n", "pairs.wf"),
    "pair-unknown-server": ('[pairs.wf]\nserver = "nope"\nagent = { tools_file = "a.json" }\n',
                           "nope"),
    "pair-agent-no-source": ('[servers.wf]\n' + GOOD_SERVER +
                             '\n[pairs.wf]\nserver = "wf"\nagent = {}\n', "agent"),
    "bad-server-name": ('[servers."bad name!"]\n' + GOOD_SERVER + "\n", "bad name!"),
    "limits-zero": ("[limits]\nmax_depth = 0\n" + server(""), "max_depth"),
    "limits-table": ("limits = 3\n" + server(""), "limits"),
    # paths the file system refuses outright: each raised where it was first used (exit 3)
    "manifests-nul": ('manifests = "m\\u0000"\n' + server(""), "NUL"),
    "tools-file-nul": (server("", source='tools_file = "t\\u0000.json"'), "NUL"),
    "baselines-too-long": (f'baselines = "{"b" * 5000}"\n' + server(""), "file system"),
    "cwd-too-long": (server(f'cwd = "{"c" * 5000}"'), "cwd"),
}

COMMANDS = {
    "extract": ["extract"],
    "check": ["check"],
    "baseline": ["baseline"],
    "lock": ["lock"],
    "verify": ["verify"],
}


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out + err


def project(root: Path, text: str) -> Path:
    write_tools(root)
    config = root / "parity.toml"
    if text == "\udcff":
        config.write_bytes(b"\xff\xfe not utf-8")
    else:
        config.write_text(text, encoding="utf-8")
    return config


@pytest.mark.parametrize("command", sorted(COMMANDS))
@pytest.mark.parametrize("mistake", sorted(MISTAKES))
def test_a_configuration_mistake_is_exit_2_naming_the_file_and_key(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], mistake: str,
        command: str) -> None:
    text, word = MISTAKES[mistake]
    config = project(tmp_path, text)
    code, out = run(capsys, *COMMANDS[command], "--config", str(config))
    assert code == 2, out
    assert str(config) in out, out
    assert word in out, out
    assert "Traceback" not in out and "unexpected error" not in out


@pytest.mark.parametrize("command", ["extract", "lock"])
def test_a_missing_cwd_is_named_as_such(tmp_path, capsys, command: str) -> None:
    source = f"stdio = {json.dumps([sys.executable, '-c', 'pass'])}"
    config = project(tmp_path, server('cwd = "no-such-folder"', source=source))
    code, out = run(capsys, command, "--config", str(config))
    assert code == 2, out
    assert f"working folder {tmp_path / 'no-such-folder'} does not exist" in out, out
    assert "servers.wf.cwd" in out, out


def test_pyproject_with_a_tool_that_is_no_table(tmp_path, capsys) -> None:
    pyproject = tmp_path / "pyproject.toml"
    pyproject.write_text("tool = 1\n", encoding="utf-8")
    code, out = run(capsys, "check", "--config", str(pyproject))
    assert code == 2 and str(pyproject) in out, out


# -- a user's module that misbehaves while imported ---------------------------------------

@pytest.mark.parametrize("raise_", ["SystemExit(7)", "KeyboardInterrupt()",
                                    "RuntimeError('boom')", "SyntaxError('bad')"])
def test_a_module_raising_while_imported_is_named(tmp_path, capsys, raise_: str) -> None:
    module = f"agent_{abs(hash(raise_))}"
    (tmp_path / f"{module}.py").write_text(f"raise {raise_}\n", encoding="utf-8")
    write_tools(tmp_path)
    config = tmp_path / "parity.toml"
    config.write_text(f"[servers.wf]\n{GOOD_SERVER}\n[pairs.wf]\nserver = \"wf\"\n"
                      f"agent = {{ source = \"{module}:TOOLS\" }}\n", encoding="utf-8")
    code, out = run(capsys, "extract", "--config", str(config))
    assert code == 2, out
    exception = raise_.split("(")[0]
    assert module in out and exception in out, out
    sys.modules.pop(module, None)


# -- a user's module that misbehaves while parity calls it --------------------------------

CALLED = {
    # an agent stub called once for its observed output
    "observe": ("def stub(q: str) -> dict:\n    \"\"\"A stub.\"\"\"\n    raise {raise_}\n",
                'agent = { source = "{module}:stub", observe = { stub = { q = "x" } } }',
                "tool 'stub': the stub raised"),
    # a tool object whose attribute runs code when parity reads it
    "tool object": ("class Tool:\n    name = 'look'\n    @property\n"
                    "    def args_schema(self):\n        raise {raise_}\n\nTOOLS = [Tool()]\n",
                    'agent = { source = "{module}:TOOLS" }', "{module}:TOOLS: parity called it"),
    # a pydantic model whose JSON Schema hook runs code when parity describes it
    "models": ("from pydantic import BaseModel, ConfigDict\n\n"
               "def hook(schema):\n    raise {raise_}\n\n"
               "class Args(BaseModel):\n    model_config = ConfigDict(json_schema_extra=hook)\n"
               "    q: str\n",
               'agent = { models = { look = { in = "{module}:Args" } } }',
               "the models of tool 'look': parity called it"),
}


@pytest.mark.parametrize("raise_", ["SystemExit(7)", "KeyboardInterrupt()"])
@pytest.mark.parametrize("where", list(CALLED))
def test_a_module_raising_while_called_is_named(tmp_path, capsys, where, raise_) -> None:
    module = f"called_{where.replace(' ', '_')}_{raise_[:3].lower()}"
    code_text, agent, said = CALLED[where]
    (tmp_path / f"{module}.py").write_text(code_text.replace("{raise_}", raise_),
                                           encoding="utf-8")
    write_tools(tmp_path)
    config = tmp_path / "parity.toml"
    config.write_text(f"[servers.wf]\n{GOOD_SERVER}\n[pairs.wf]\nserver = \"wf\"\n"
                      f"{agent.replace('{module}', module)}\n", encoding="utf-8")
    try:
        code, out = run(capsys, "extract", "--config", str(config))
    finally:
        sys.modules.pop(module, None)
    assert code == 2, out
    assert said.replace("{module}", module) in out, out
    assert raise_.split("(")[0] in out, out


def parity_process(*argv: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """``parity ARGV`` run as a process of its own in ``cwd``."""
    repo = Path(__file__).resolve().parents[2]
    return subprocess.run([sys.executable, "-m", "parity", *argv], cwd=cwd,
                          capture_output=True, text=True, timeout=120,  # a hang guard only
                          env={**os.environ, "PYTHONPATH": str(repo)})


#: user code that is interrupted by Ctrl-C (a real SIGINT to the process) while it runs
CTRL_C = ("import os, signal, time\n\n"
          "def _interrupt():\n    os.kill(os.getpid(), signal.SIGINT)\n    time.sleep(30)\n\n")


@pytest.mark.parametrize("where", ["import", *CALLED])
def test_ctrl_c_while_user_code_runs_is_an_interruption(tmp_path, where) -> None:
    """The same exception as a module raising ``KeyboardInterrupt`` itself, but the user's
    Ctrl-C: a plain interruption (exit 130), not the module's mistake (exit 2)."""
    module = f"ctrl_c_{where.replace(' ', '_')}"
    if where == "import":
        code_text, agent = "_interrupt()\n", f'agent = {{ source = "{module}:TOOLS" }}'
    else:
        code_text, agent, _ = CALLED[where]
        code_text = code_text.replace("raise {raise_}", "_interrupt()")
    (tmp_path / f"{module}.py").write_text(CTRL_C + code_text, encoding="utf-8")
    write_tools(tmp_path)
    (tmp_path / "parity.toml").write_text(
        f"[servers.wf]\n{GOOD_SERVER}\n[pairs.wf]\nserver = \"wf\"\n"
        f"{agent.replace('{module}', module)}\n", encoding="utf-8")
    done = parity_process("extract", cwd=tmp_path)
    assert done.returncode == 130, done.stdout + done.stderr
    assert "parity: interrupted" in done.stderr, done.stderr
    assert "KeyboardInterrupt" not in done.stderr and "Traceback" not in done.stderr


def test_an_in_process_server_tool_exiting_is_named(tmp_path) -> None:
    """An ``object`` server's tool calls ``sys.exit(7)`` while the probe calls it: one
    message naming where, exit 2 (not the tool's 7), as a real process."""
    (tmp_path / "exiting.py").write_text(
        "from parity.mcp import new_server\n\nserver = new_server('exiting')\n\n"
        "@server.tool(annotations={'readOnlyHint': True})\n"
        "def bye(q: str) -> str:\n    \"\"\"Leaves.\"\"\"\n    raise SystemExit(7)\n",
        encoding="utf-8")
    (tmp_path / "parity.toml").write_text('[servers.exiting]\nobject = "exiting:server"\n',
                                          encoding="utf-8")
    done = parity_process("probe", cwd=tmp_path)
    assert done.returncode == 2, done.stdout + done.stderr
    assert "exiting.py:8 (bye) raised SystemExit(7)" in done.stderr, done.stderr
    assert "Traceback" not in done.stderr


# -- writes that cannot happen ------------------------------------------------------------

def good_project(root: Path) -> Path:
    write_tools(root, "f1")
    config = root / "parity.toml"
    config.write_text(server(""), encoding="utf-8")
    return config


def test_a_file_where_the_manifests_folder_should_be(tmp_path, capsys) -> None:
    config = good_project(tmp_path)
    (tmp_path / "manifests").write_text("not a folder")
    code, out = run(capsys, "extract", "--config", str(config))
    assert code == 2, out
    assert f"{tmp_path / 'manifests'}" in out and "Traceback" not in out


def test_a_folder_where_the_lock_should_be(tmp_path, capsys) -> None:
    config = good_project(tmp_path)
    lock = tmp_path / "manifests" / "wf.lock.json"
    lock.mkdir(parents=True)
    code, out = run(capsys, "lock", "--config", str(config), "--yes")
    assert code == 2, out
    assert str(lock) in out and "folder" in out, out


def test_a_folder_where_the_baseline_should_be(tmp_path, capsys) -> None:
    config = good_project(tmp_path)
    assert run(capsys, "extract", "--config", str(config))[0] == 0
    (tmp_path / "baselines" / "wf.json").mkdir(parents=True)
    code, out = run(capsys, "baseline", "--config", str(config), "--accept",
                    "wf-mcp:search", "in.unknown", "f1", "--reason", "r")
    assert code == 2, out
    assert str(Path("baselines") / "wf.json") in out, out


@pytest.mark.parametrize("fmt", ["text", "json", "sarif", "junit", "github", "markdown"])
def test_a_report_under_a_file(tmp_path, capsys, fmt: str) -> None:
    config = good_project(tmp_path)
    assert run(capsys, "extract", "--config", str(config))[0] == 0
    (tmp_path / "out").write_text("a file")
    target = tmp_path / "out" / f"report.{fmt}"
    code, out = run(capsys, "check", "--config", str(config), "--format", fmt, "-o",
                    str(target))
    assert code == 2, out
    assert str(target) in out and "is a file, not a folder" in out, out


def test_an_explicit_lock_path_may_be_anywhere(tmp_path, capsys) -> None:
    """Only configured paths must stay inside the project; a command-line one is the
    user's own choice."""
    outside = tmp_path / "elsewhere" / "w.lock.json"
    project_root = tmp_path / "project"
    project_root.mkdir()
    write_tools(project_root)
    code, out = run(capsys, "lock", "--tools-file", str(project_root / "tools" / "server.json"),
                    "--lock", str(outside))
    assert code == 0, out
    assert json.loads(outside.read_text(encoding="utf-8"))["server"]["name"] == "server"


TOO_LONG = "n" * 5000
#: command lines whose path (a name longer than the file system allows) is the user's own
EXPLICIT = {
    "verify-lock": ["verify", "--tools-file", "{tools}", "--lock", TOO_LONG],
    "lock-lock": ["lock", "--tools-file", "{tools}", "--lock", TOO_LONG],
    "snapshot-output": ["snapshot", "--tools-file", "{tools}", "-o", TOO_LONG],
    "check-report": ["check", "--config", "{config}", "--format", "json", "-o", TOO_LONG],
}


@pytest.mark.parametrize("name", sorted(EXPLICIT))
def test_a_command_line_path_the_file_system_refuses_is_exit_2_naming_it(
        tmp_path, capsys, name: str) -> None:
    # an OSError naming a path parity did not expect to fail was an unexpected error (3)
    config = good_project(tmp_path)
    assert run(capsys, "extract", "--config", str(config))[0] == 0
    tools = str(tmp_path / "tools" / "server.json")
    argv = [a.format(tools=tools, config=config) for a in EXPLICIT[name]]
    code, out = run(capsys, *argv)
    assert code == 2, out
    assert out.count("parity: error:") == 1 and "unexpected" not in out, out
    # the path is named, cut to one readable line
    assert "nnnn" in out and "(5,000 characters)" in out and TOO_LONG not in out, out
    assert "hint: check this path" in out


def _repeat_key(file: Path, key: str) -> None:
    """``file`` (a tools/list JSON) with its first tool naming ``key`` twice, the second
    value an open object: a reader taking the last sees no constraint the first has."""
    text = file.read_text(encoding="utf-8")
    head, _, tail = text.partition('"name"')
    file.write_text(f'{head}"{key}": {{"type": "object"}}, "name"{tail}', encoding="utf-8")


@pytest.mark.parametrize(("side", "command"), [
    (side, command) for side in ("agent", "server")
    for command in ("extract --check", "lock", "diff", "paths")
    if (side, command) != ("agent", "lock")])  # a lock pins the server's tools only
def test_a_tool_file_naming_a_key_twice_is_exit_2_naming_the_place(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], side: str, command: str) -> None:
    config = project(tmp_path, TOOLS_FILES_CONFIG)
    tools = tmp_path / "tools" / f"{side}.json"
    original = json.loads(tools.read_text(encoding="utf-8"))["tools"][0]["inputSchema"]
    _repeat_key(tools, "inputSchema")
    assert json.loads(tools.read_text(encoding="utf-8"))["tools"][0]["inputSchema"] == original
    argv = {"diff": ["diff", "--agent-file", str(tmp_path / "tools" / "agent.json"),
                     "--server-file", str(tmp_path / "tools" / "server.json"),
                     "--agent-form", "{server}-mcp:{tool}", "--server-name", "wf"],
            "paths": ["paths", str(tools)]}.get(command)
    code, out = run(capsys, *(argv or [*command.split(), "--config", str(config)]))
    assert code == 2, out
    assert 'repeats the key "inputSchema"' in out and "$.tools[0]" in out, out
    assert str(tools) in out, out
    assert "Traceback" not in out and out.count("repeats the key") == 1, out
