"""A generated corpus of files holding values canonical JSON cannot carry, for every loader and
command that reads them: each case exits 2 with one message naming the file (never exit 3,
never a traceback). Config and write errors are covered by the other half of this folder.

Every case starts from a valid file, puts a placeholder at one site and swaps the placeholder's
JSON text for the hostile text, so the bytes are exactly what an attacker would commit.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from parity.cli.main import main
from tests.projectfixtures import write_tools

MARK = "@@HOSTILE@@"

#: name -> raw JSON text of the hostile value (``KEY`` ones replace an object key)
VALUES = {
    "nan": "NaN",
    "infinity": "Infinity",
    "minus-infinity": "-Infinity",
    "overflow": "1e400",
    "beyond-int": "9007199254740993",
    "beyond-negative": "-18446744073709551616",
    "huge-int": "9" * 5000,
    "surrogate": '"\\ud800"',
    "low-surrogate": '"x\\udfffy"',
}
KEY_VALUES = {"surrogate-key": '"\\udbff"'}

CONFIG = """\
[pairs.wf.agent]
tools_file = "tools/agent.json"
tool_id_form = "{server}-mcp:{tool}"

[pairs.wf.server]
tools_file = "tools/server.json"
"""


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A valid project: tool files, manifests, a baseline and a lock."""
    root = tmp_path_factory.mktemp("corpus")
    (root / "parity.toml").write_text(CONFIG)
    write_tools(root, "limit")
    config = str(root / "parity.toml")
    assert main(["extract", "--config", config]) == 0
    assert main(["baseline", "--init", "--config", config]) == 0
    assert main(["lock", "--tools-file", str(root / "tools" / "server.json"), "--lock",
                 str(root / "srv.lock.json"), "--name", "srv", "--yes"]) == 0
    return root


def put(document: Any, site: tuple[Any, ...]) -> str:
    """``document`` as JSON text with ``MARK`` as the value at ``site``."""
    _at(document, site[:-1])[site[-1]] = MARK
    return json.dumps(document, indent=2)


def put_key(document: Any, site: tuple[Any, ...]) -> str:
    """``document`` as JSON text with ``MARK`` as a key of the object nearest ``site``."""
    while not isinstance(_at(document, site), dict):
        site = site[:-1]
    _at(document, site)[MARK] = 1
    return json.dumps(document, indent=2)


def _at(document: Any, site: tuple[Any, ...]) -> Any:
    node = document
    for step in site:
        node = node[step]
    return node


def hostile(text: str, value: str, *, key: bool) -> str:
    return text.replace(f'"{MARK}"', value, 1) if not key else \
        text.replace(f'"{MARK}": 1', f"{value}: 1", 1)


def first(mapping: dict[str, Any]) -> str:
    return sorted(mapping)[0]


# kind -> (file under the project, sites in it, the command reading it)
Sites = Callable[[Any], list[tuple[Any, ...]]]


def tool_sites(doc: Any) -> list[tuple[Any, ...]]:
    return [("tools", 0, "inputSchema", "properties", "query", "maxLength"),
            ("tools", 0, "inputSchema", "properties", "query", "default"),
            ("tools", 0, "description")]


def manifest_sites(doc: Any) -> list[tuple[Any, ...]]:
    tool = first(doc["tools"])
    return [("tools", tool, "in", "query", "default"),
            ("tools", tool, "in", "query", "description"),
            ("tools", tool, "hash")]


def baseline_sites(doc: Any) -> list[tuple[Any, ...]]:
    return [("entries", 0, "reason"), ("entries", 0, "path")]


def lock_sites(doc: Any) -> list[tuple[Any, ...]]:
    tool = 0 if isinstance(doc["tools"], list) else first(doc["tools"])
    return [("tools", tool, "definition", "inputSchema", "properties", "query", "maxLength"),
            ("tools", tool, "definition", "description")]


def locate(root: Path) -> dict[str, Path]:
    return {"agent-tools": root / "tools" / "agent.json",
            "server-tools": root / "tools" / "server.json",
            "agent-manifest": root / "manifests" / "wf.agent.json",
            "server-manifest": root / "manifests" / "wf.server.json",
            "baseline": root / "baselines" / "wf.json",
            "lock": root / "srv.lock.json"}


SITES: dict[str, Sites] = {"agent-tools": tool_sites, "server-tools": tool_sites,
                           "agent-manifest": manifest_sites,
                           "server-manifest": manifest_sites,
                           "baseline": baseline_sites, "lock": lock_sites}


def commands(root: Path) -> dict[str, list[list[str]]]:
    files = locate(root)
    config = ["--config", str(root / "parity.toml")]
    return {
        "agent-tools": [["paths", str(files["agent-tools"])],
                        ["diff", "--agent-file", str(files["agent-tools"]),
                         "--server-file", str(files["server-tools"])]],
        "server-tools": [["diff", "--agent-file", str(files["agent-tools"]),
                          "--server-file", str(files["server-tools"])],
                         ["verify", "--tools-file", str(files["server-tools"]), "--lock",
                          str(files["lock"]), "--name", "srv"]],
        "agent-manifest": [["check", *config]],
        "server-manifest": [["check", *config]],
        "baseline": [["check", *config]],
        "lock": [["verify", "--tools-file", str(files["server-tools"]), "--lock",
                  str(files["lock"]), "--name", "srv"]],
    }


def cases() -> list[Any]:
    out = []
    for kind in SITES:
        sites = 3 if kind in ("agent-tools", "server-tools", "agent-manifest",
                              "server-manifest") else 2
        for site in range(sites):
            for value in (*VALUES, *KEY_VALUES):
                out.append(pytest.param(kind, site, value, id=f"{kind}-{site}-{value}"))
    return out


@pytest.mark.parametrize(("kind", "site", "value"), cases())
def test_a_hostile_value_in_a_file_is_an_input_error_naming_the_file(
        template, tmp_path, capsys, monkeypatch, kind, site, value):
    root = tmp_path / "project"
    shutil.copytree(template, root)
    monkeypatch.chdir(root)
    path = locate(root)[kind]
    document = json.loads(path.read_text())
    key = value in KEY_VALUES
    site_path = SITES[kind](document)[site]
    text = put_key(document, site_path[:-1]) if key else put(document, site_path)
    raw = hostile(text, {**VALUES, **KEY_VALUES}[value], key=key)
    path.write_text(raw, encoding="utf-8")
    for argv in commands(root)[kind]:
        capsys.readouterr()
        code = main(argv)
        err = capsys.readouterr().err
        assert code == 2, (argv, err)
        assert "Traceback" not in err
        shown = {str(path), str(path.relative_to(root)), path.name}
        assert any(name in err for name in shown), (argv, err)

