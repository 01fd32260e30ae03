from __future__ import annotations

from pathlib import Path

import pytest

from parity.config.settings import find_config, load_config
from parity.errors import ConfigError

GOOD = """
manifests = "m"
baselines = "b"
[limits]
max_depth = 10
[servers.wf]
stdio = "python -m examples.workflow.server --flag"
env = {TOKEN = "${WF_TOKEN}"}
tool_id_form = "{server}__{tool}"
surface = "warn"
[servers.remote]
url = "http://127.0.0.1:9/mcp"
headers = {Authorization = "Bearer ${WF_TOKEN}"}
[pairs.wf]
server = "wf"
[pairs.wf.agent]
source = "examples.workflow.agent:TOOLS"
tool_id_form = "{server}-mcp:{tool}"
[pairs.wf.agent.observe.propose_phases]
goal = "x"
[pairs.inline.agent]
tools_file = "pinned.json"
[pairs.inline.server]
tools_file = "server.json"
"""


def write(tmp_path: Path, text: str, name: str = "parity.toml") -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


def mistakes(tmp_path: Path, text: str, name: str = "parity.toml") -> str:
    """The message of the ``ConfigError`` loading ``text`` (as the file ``name``) raises."""
    with pytest.raises(ConfigError) as info:
        load_config(write(tmp_path, text, name), environ={})
    return str(info.value)


def test_a_full_configuration_loads_with_paths_from_its_folder(tmp_path):
    config = load_config(write(tmp_path, GOOD), environ={"WF_TOKEN": "s3cret"})
    assert config.manifests == tmp_path / "m" and config.baselines == tmp_path / "b"
    assert config.max_depth == 10 and config.limits().max_depth == 10
    wf = config.pairs["wf"]
    assert wf.server.stdio == ("python", "-m", "examples.workflow.server", "--flag")
    assert wf.server.env == {"TOKEN": "s3cret"}
    assert wf.server.secrets == ("s3cret",)
    assert wf.agent.tool_id_form == "{server}-mcp:{tool}"
    assert wf.agent.observe == {"propose_phases": {"goal": "x"}}
    assert wf.agent_manifest == tmp_path / "m" / "wf.agent.json"
    assert wf.baseline == tmp_path / "b" / "wf.json"
    assert config.pairs["inline"].server.tools_file == tmp_path / "server.json"
    assert config.lock_path(config.servers["wf"]) == tmp_path / "m" / "wf.lock.json"
    assert [p.name for p in config.select_pairs([])] == ["inline", "wf"]


def test_every_mistake_is_reported_in_one_message(tmp_path):
    text = """
bogus = 1
[servers.a]
stdio = 5
tool_id_form = "{tool"
[servers.b]
url = "ftp://x"
stdio = "y"
[pairs.p]
server = "zz"
[pairs.p.agent]
source = "not a ref"
"""
    msg = mistakes(tmp_path, text)
    assert "6 configuration mistakes" in msg
    # keys as this parity.toml writes them: at its top level, no `tool.parity.` prefix
    for fragment in ("- bogus = 1", "- servers.a.stdio = 5",
                     "- servers.a.tool_id_form", "exactly one of stdio, url",
                     "- pairs.p.agent.source = 'not a ref'",
                     "- pairs.p.server = 'zz'", "a [servers] entry"):
        assert fragment in msg
    assert "tool.parity" not in msg
    assert "parity.toml" in msg


def test_pyproject_mistakes_name_keys_under_tool_parity(tmp_path):
    text = '[tool.parity.servers.w]\nstdio = 3\n'
    msg = mistakes(tmp_path, text, "pyproject.toml")
    assert "- tool.parity.servers.w.stdio = 3" in msg
    assert "read as" not in msg  # the file's name already says its form


def test_a_file_of_another_name_is_read_as_parity_toml_and_says_so(tmp_path):
    msg = mistakes(tmp_path, '[servers.w]\nstdio = 3\n', "ci.toml")
    assert "(read as a parity.toml: keys at the top level)" in msg
    assert "- servers.w.stdio = 3" in msg


def test_a_file_of_another_name_with_a_tool_parity_table_is_read_as_pyproject(tmp_path):
    text = '[project]\nname = "x"\n[tool.parity]\nmanifests = "mm"\n'
    assert load_config(write(tmp_path, text, "other.toml")).manifests == tmp_path / "mm"
    msg = mistakes(tmp_path, '[tool.parity.servers.w]\nstdio = 3\n', "other.toml")
    assert "(read as a pyproject.toml: it has a [tool.parity] table)" in msg
    assert "- tool.parity.servers.w.stdio = 3" in msg


def test_cwd_defaults_to_the_configuration_files_folder(tmp_path):
    text = '[servers.a]\nstdio = "python -m srv"\n[servers.b]\nstdio = "x"\ncwd = "sub"\n'
    config = load_config(write(tmp_path, text), environ={})
    # not parity's own working directory: `parity extract` from a subfolder starts the
    # server where `python -m srv` finds its module
    assert config.servers["a"].cwd == tmp_path
    assert config.servers["b"].cwd == tmp_path / "sub"


def test_unknown_server_reference_names_the_configured_ones(tmp_path):
    text = '[servers.a]\nurl = "http://x/mcp"\n[pairs.p]\nserver = "b"\n[pairs.p.agent]\n' \
           'tools_file = "t.json"\n'
    with pytest.raises(ConfigError, match=r"pairs.p.server = 'b'.*\(a\)"):
        load_config(write(tmp_path, text), environ={})


def test_missing_environment_variable_is_named_but_never_echoed(tmp_path):
    text = '[servers.a]\nurl = "http://x/mcp"\nheaders = {Authorization = "Bearer ${NOPE}"}\n'
    assert "NOPE is not set" in mistakes(tmp_path, text)


def test_invalid_toml_is_a_config_error_naming_the_file(tmp_path):
    with pytest.raises(ConfigError, match="not valid TOML") as info:
        load_config(write(tmp_path, "a = [\n"))
    assert info.value.file and info.value.file.endswith("parity.toml")


def test_found_by_walking_up_from_pyproject(tmp_path):
    write(tmp_path, '[project]\nname = "x"\n[tool.parity]\nmanifests = "mm"\n', "pyproject.toml")
    deep = tmp_path / "a" / "b"
    deep.mkdir(parents=True)
    assert find_config(deep) == tmp_path / "pyproject.toml"
    assert load_config(cwd=deep).manifests == tmp_path / "mm"


def test_a_configuration_found_here_is_named_as_config_would_name_it(tmp_path, monkeypatch):
    # its messages name it relative to the working directory, as every other file is named
    write(tmp_path, "manifests = 3\n")
    (tmp_path / "sub").mkdir()
    monkeypatch.chdir(tmp_path)
    with pytest.raises(ConfigError) as here:
        load_config()
    assert here.value.file == "parity.toml"
    monkeypatch.chdir(tmp_path / "sub")
    with pytest.raises(ConfigError) as above:
        load_config()
    assert above.value.file == str(tmp_path.resolve() / "parity.toml")


def test_parity_toml_wins_over_pyproject_in_the_same_folder(tmp_path):
    write(tmp_path, '[tool.parity]\nmanifests = "from-pyproject"\n', "pyproject.toml")
    write(tmp_path, 'manifests = "from-parity-toml"\n')
    assert load_config(cwd=tmp_path).manifests == tmp_path / "from-parity-toml"


def test_no_configuration_anywhere_says_what_to_do(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(ConfigError, match="no parity configuration found") as info:
        load_config(cwd=tmp_path)
    assert "--config" in (info.value.hint or "")


def test_selecting_an_unknown_pair_lists_the_known_ones(tmp_path):
    config = load_config(write(tmp_path, GOOD), environ={"WF_TOKEN": "t"})
    with pytest.raises(ConfigError, match="unknown pair 'nope'") as info:
        config.select_pairs(["nope"])
    assert "inline, wf" in (info.value.hint or "")


def test_a_server_kind_is_named_with_its_article_in_messages(tmp_path, capsys):
    from parity.cli.main import main

    text = '[servers.o]\nobject = "mod:app"\n[servers.m.models.t]\nin = "mod:Args"\n'
    config = write(tmp_path, text)
    loaded = load_config(config, environ={})
    assert loaded.servers["o"].kind_words == "an object source"
    assert loaded.servers["m"].kind_words == "a models source"
    # what `parity drill --server m` says: the drill needs a running server (an object
    # server is one: the drill serves it over stdio)
    assert main(["drill", "--server", "m", "--config", str(config)]) == 2
    assert "server 'm' is a models source: the drill needs" in capsys.readouterr().err


def test_paths_the_file_system_refuses_are_configuration_mistakes(tmp_path):
    # each was a ValueError or an OSError (exit 3) where the path was first used
    long = "x" * 5000
    text = f"""
manifests = "m\\u0000"
baselines = "{long}"
[servers.s]
tools_file = "t\\u0000.json"
cwd = "{long}/sub"
lock = "l\\u0000.json"
[pairs.p]
server = "s"
[pairs.p.agent]
tools_file = "{long}.json"
"""
    msg = mistakes(tmp_path, text)
    assert "6 configuration mistakes" in msg
    for key in ("manifests", "servers.s.tools_file", "servers.s.lock"):
        assert f"- {key} = " in msg and "expected a path without a NUL character" in msg
    for key in ("baselines", "servers.s.cwd", "pairs.p.agent.tools_file"):
        assert f"- {key} = 'xxxx" in msg
    assert msg.count("expected a path the file system accepts") == 3
    # a long value is cut in the message, which says how long it was
    assert long not in msg and "... (5,002 characters)" in msg


def test_a_server_protocol_is_read_as_written_and_checked_for_shape(tmp_path):
    text = ('[servers.a]\nstdio = "x"\nprotocol = "2026-07-28"\n'
            '[servers.b]\nurl = "http://127.0.0.1:1/mcp"\nprotocol = "auto"\n'
            '[servers.c]\nstdio = "x"\n')
    config = load_config(write(tmp_path, text), environ={})
    assert [config.servers[n].protocol for n in "abc"] == ["2026-07-28", "auto", None]
    with pytest.raises(ConfigError) as refused:
        load_config(write(tmp_path, '[servers.a]\nstdio = "x"\nprotocol = "newest"\n'))
    assert "servers.a.protocol = 'newest': expected auto, or an MCP protocol version" in str(
        refused.value)


@pytest.mark.parametrize("ref", ["..agent:TOOLS", ".agent:TOOLS", "agent.:TOOLS",
                                 "a..b:TOOLS", "agent:.TOOLS"])
def test_a_reference_that_is_no_dotted_name_is_a_config_mistake(tmp_path, ref):
    # a relative module passed, and failed only when imported (a TypeError in importlib)
    path = write(tmp_path, f'[servers.s]\ntools_file = "s.json"\n[pairs.p]\nserver = "s"\n'
                           f'agent = {{source = "{ref}"}}\n')
    with pytest.raises(ConfigError, match="expected a 'module:attribute' reference"):
        load_config(path)
