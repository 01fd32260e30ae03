"""Paths in the configuration: one file in two roles is refused at load, naming both keys
(exit 2), before any command could write one role over the other."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from parity.cli.main import main
from parity.config.settings import load_config
from parity.errors import ConfigError

TOOLS = json.dumps({"tools": [{"name": "t", "inputSchema": {"type": "object"}}]})
PAIR = '[pairs.p]\nserver = "srv"\n[pairs.p.agent]\ntools_file = "a.json"\n'


def refused(tmp_path: Path, text: str) -> str:
    (tmp_path / "a.json").write_text(TOOLS, encoding="utf-8")
    (tmp_path / "s.json").write_text(TOOLS, encoding="utf-8")
    path = tmp_path / "parity.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ConfigError) as info:
        load_config(path, environ={})
    assert info.value.file == str(path)
    return info.value.message


def test_a_lock_over_the_pairs_baseline_is_refused(tmp_path, capsys):
    message = refused(tmp_path, '[servers.srv]\ntools_file = "s.json"\n'
                                'lock = "baselines/p.json"\n' + PAIR)
    assert "servers.srv.lock = 'baselines/p.json'" in message
    assert "the baseline of pairs.p" in message
    assert main(["lock", "--yes", "--config", str(tmp_path / "parity.toml")]) == 2
    assert "the baseline of pairs.p" in capsys.readouterr().err
    assert not (tmp_path / "baselines").exists()


def test_two_servers_sharing_a_lock_are_refused(tmp_path):
    message = refused(tmp_path, '[servers.srv]\ntools_file = "s.json"\nlock = "l.json"\n'
                                '[servers.two]\ntools_file = "a.json"\nlock = "./l.json"\n')
    assert "servers.two.lock = 'l.json'" in message
    assert "the lock servers.srv.lock" in message


def test_a_pairs_baseline_over_another_pairs_manifest_is_refused(tmp_path):
    message = refused(tmp_path, 'manifests = "c"\nbaselines = "c"\n'
                                '[servers.srv]\ntools_file = "s.json"\n' + PAIR
                      + '[pairs."p.server"]\nserver = "srv"\n'
                        '[pairs."p.server".agent]\ntools_file = "a.json"\n')
    assert "c/p.server.json" in message
    assert "the server manifest of pairs.p" in message
    assert "the baseline of pairs.p.server" in message


def test_an_inline_server_and_a_named_one_of_one_name_share_no_default_lock(tmp_path):
    message = refused(tmp_path, '[servers.p]\ntools_file = "s.json"\n'
                                '[pairs.p]\nserver = {tools_file = "s.json"}\n'
                                '[pairs.p.agent]\ntools_file = "a.json"\n')
    assert "manifests/p.lock.json" in message and "the lock of servers.p" in message


def test_paths_are_compared_resolved_links_followed(tmp_path):
    (tmp_path / "baselines").mkdir()
    (tmp_path / "pins").symlink_to("baselines")
    message = refused(tmp_path, '[servers.srv]\ntools_file = "s.json"\n'
                                'lock = "pins/../baselines/x/../p.json"\n' + PAIR)
    assert "the baseline of pairs.p" in message
    message = refused(tmp_path, '[servers.srv]\ntools_file = "s.json"\n'
                                'lock = "pins/p.json"\n' + PAIR)
    assert "the baseline of pairs.p" in message


def test_a_tool_file_parity_would_overwrite_is_refused(tmp_path):
    message = refused(tmp_path, '[servers.srv]\ntools_file = "manifests/p.server.json"\n'
                      + PAIR)
    assert "the tool file servers.srv.tools_file" in message


def test_files_only_read_may_be_shared_and_a_server_serves_many_pairs(tmp_path):
    (tmp_path / "a.json").write_text(TOOLS, encoding="utf-8")
    path = tmp_path / "parity.toml"
    path.write_text('[servers.srv]\ntools_file = "a.json"\n' + PAIR
                    + '[pairs.q]\nserver = "srv"\n[pairs.q.agent]\ntools_file = "a.json"\n',
                    encoding="utf-8")
    assert sorted(load_config(path, environ={}).pairs) == ["p", "q"]


@pytest.mark.parametrize("value", ["~/bl", "~", "${HOME}/bl", "$HOME/bl", "bl\\\\sub",
                                   "C:\\\\parity\\\\bl", "C:/parity/bl"])
@pytest.mark.parametrize("where", ["baselines = {}\n", "manifests = {}\n",
                                   "[servers.srv]\ntools_file = {}\n",
                                   "[servers.srv]\nstdio = 'x'\ncwd = {}\n",
                                   "[servers.srv]\nstdio = 'x'\nlock = {}\n"])
def test_home_variables_and_backslashes_in_a_path_are_refused(tmp_path, capsys, where, value):
    """Taken literally they made folders named ``~``, ``${HOME}`` or ``bl\\sub``."""
    message = refused(tmp_path, where.format(f'"{value}"'))
    assert "expected a path relative to the configuration's folder, with / between its " \
           "parts: ~ and ${VAR} are not expanded" in message
    assert main(["baseline", "--init", "--reason", "r", "--config",
                 str(tmp_path / "parity.toml")]) == 2
    assert "are not expanded" in capsys.readouterr().err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.json", "parity.toml", "s.json"]


def test_a_dollar_that_names_no_variable_is_a_plain_character(tmp_path):
    (tmp_path / "s.json").write_text(TOOLS, encoding="utf-8")
    path = tmp_path / "parity.toml"
    path.write_text('baselines = "costs$"\n[servers.srv]\ntools_file = "s.json"\n',
                    encoding="utf-8")
    assert load_config(path, environ={}).baselines == tmp_path / "costs$"
