"""What docs/*.md show, held to what parity does (the README's walkthrough has its own test,
``tests/test_readme.py``; docs/rules.md and docs/cli.md theirs).

Each test rebuilds the case a page shows (a configuration, two tool files, a failing server),
runs the real command and compares what it prints with the page's block, line for line. A
page's line ``…`` stands for any number of lines; a ``…`` inside a line for any text there.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on 3.10 only
    import tomli as tomllib

REPO = Path(__file__).resolve().parent.parent
DOCS = REPO / "docs"
ELLIPSIS = "…"


def block_after(page: str, marker: str, fence: str = "```") -> str:
    """The text of the first fenced block (opened by ``fence``) after ``marker`` in
    ``docs/page``."""
    text = (DOCS / page).read_text(encoding="utf-8")
    start = text.index(fence + "\n", text.index(marker)) + len(fence) + 1
    return text[start:text.index("\n```", start - 1) + 1]


def fits(shown: list[str], real: list[str]) -> bool:
    """Whether ``real`` is what ``shown`` shows, with its ``…`` elisions."""
    if not shown:
        return not real
    head, rest = shown[0], shown[1:]
    if head.strip() == ELLIPSIS:
        return any(fits(rest, real[i:]) for i in range(len(real) + 1))
    pattern = ".*".join(map(re.escape, head.split(ELLIPSIS)))
    return bool(real) and re.fullmatch(pattern, real[0]) is not None and fits(rest, real[1:])


def parity(*argv: str, cwd: Path) -> tuple[int, str]:
    """``parity ARGV`` run as a user runs it in ``cwd``: its exit code and what it printed
    (standard output, then standard error)."""
    env = {**os.environ, "PYTHONPATH": str(REPO), "NO_COLOR": "1",
           "PARITY_CACHE_DIR": str(cwd / ".cache")}
    done = subprocess.run([sys.executable, "-m", "parity", *argv], cwd=cwd, env=env,
                          stdin=subprocess.DEVNULL, capture_output=True, text=True,
                          timeout=300, check=False)
    return done.returncode, done.stdout + done.stderr


def test_the_matcher_lets_only_the_elisions_go() -> None:
    assert fits(["a", "…", "d"], ["a", "b", "c", "d"])
    assert fits(['"hash": "sha256:…",'], ['"hash": "sha256:54f",'])
    assert not fits(['"hash": "sha256:…",'], ['"hash": "md5:54f",'])
    assert not fits(["a", "d"], ["a", "b", "d"])
    assert not fits(["a (x)"], ["a (y)"])


# -- docs/configuration.md ------------------------------------------------------------------


def test_the_mistakes_shown_are_what_parity_prints(tmp_path: Path) -> None:
    # the configuration found in the working directory, as a user runs `parity check`
    (tmp_path / "pyproject.toml").write_text(
        '[tool.parity.servers.web]\nstdio = 3\n\n[tool.parity.pairs.web]\nserver = "web"\n')
    code, out = parity("check", cwd=tmp_path)
    assert code == 2
    shown = block_after("configuration.md", "All mistakes are collected")
    assert out == shown


@pytest.mark.parametrize(("marker", "toml"), [
    ("is a mistake, not a folder of that name", 'baselines = "~/bl"\n'),
    ("a `tools_file` parity would overwrite",
     '[servers.srv]\ntools_file = "t.json"\nlock = "baselines/p.json"\n\n'
     '[pairs.p]\nserver = "srv"\nagent = {tools_file = "t.json"}\n'),
])
def test_each_mistake_line_shown_is_one_parity_prints(tmp_path: Path, marker: str,
                                                       toml: str) -> None:
    (tmp_path / "parity.toml").write_text(toml)
    (tmp_path / "t.json").write_text('{"tools": []}')
    code, out = parity("check", cwd=tmp_path)
    assert code == 2
    assert block_after("configuration.md", marker) in out


def test_the_full_example_is_the_repository_s_configuration() -> None:
    shown = tomllib.loads(block_after("configuration.md", "A full example is", "```toml"))
    with (REPO / "pyproject.toml").open("rb") as file:
        assert shown == {"tool": {"parity": tomllib.load(file)["tool"]["parity"]}}


def _documented_keys(section: str) -> set[str]:
    """The keys in the first column of the table under the heading ``section``."""
    text = (DOCS / "configuration.md").read_text(encoding="utf-8")
    body = text[text.index(f"\n## {section}\n"):]
    body = body[:body.index("\n## ", 1)]
    return set(re.findall(r"^\| `([a-z_]+)` \|", body, re.MULTILINE))


@pytest.mark.parametrize(("section", "table"), [
    ("Top level", ""),
    ("`[tool.parity.limits]`", "[limits]\n"),
    ("`[tool.parity.servers.<name>]`", "[servers.s]\n"),
    ("`[tool.parity.pairs.<name>]`", "[pairs.p]\n"),
    ("`[tool.parity.pairs.<name>.agent]`", "[pairs.p.agent]\n"),
])
def test_every_key_is_documented_and_every_documented_key_exists(
        tmp_path: Path, section: str, table: str) -> None:
    # the keys parity takes there, as its mistake about an unknown key lists them
    (tmp_path / "parity.toml").write_text(f"{table}zz_unknown = 1\n")
    _, out = parity("check", cwd=tmp_path)
    known = re.search(r"zz_unknown = 1: expected no such key \(known: ([^)]*)\)", out)
    assert known, out
    assert _documented_keys(section) == set(known.group(1).split(", "))


# -- docs/field-paths.md --------------------------------------------------------------------


def test_the_manifest_shown_is_the_committed_one() -> None:
    shown = block_after("field-paths.md", "## The manifest format", "```json").splitlines()
    real = (REPO / "manifests" / "workflow.server.json").read_text(encoding="utf-8")
    assert fits(shown, real.splitlines())


# -- docs/lock.md ---------------------------------------------------------------------------


def _tools(*tools: dict[str, Any]) -> str:
    return json.dumps({"tools": list(tools)})


def _search(**properties: Any) -> dict[str, Any]:
    return {"name": "search", "description": "Search.",
            "inputSchema": {"type": "object", "properties": properties}}


def _pin_then_verify(folder: Path, before: str, after: str, *options: str) -> tuple[int, str]:
    (folder / "before.json").write_text(before)
    (folder / "after.json").write_text(after)
    lock = "manifests/weather.lock.json"
    code, out = parity("lock", "--tools-file", "before.json", "--lock", lock, "--name",
                       "weather", cwd=folder)
    assert code == 0, out
    return parity("verify", "--tools-file", "after.json", "--lock", lock, *options, cwd=folder)


def test_the_drift_explanation_shown_is_what_verify_prints(tmp_path: Path) -> None:
    city = {"city": {"type": "string"}}
    before = _tools({"name": "forecast", "inputSchema": {"type": "object", "properties": city}},
                    _search(q={"type": "string", "description": "What to find."},
                            days={"type": "integer", "default": 3}))
    after = _tools({"name": "alerts", "inputSchema": {"type": "object"}},
                   _search(query={"type": "string", "description": "What to find."},
                           days={"type": "string", "default": "3"}))
    code, out = _pin_then_verify(tmp_path, before, after)
    assert code == 1
    assert out == block_after("lock.md", "Text (`verify`, and the message")


def _like(shown: Any, real: Any) -> bool:
    """``real`` is the JSON ``shown``, a ``"sha256:…"`` there standing for any digest."""
    if isinstance(shown, dict):
        return (isinstance(real, dict) and list(shown) == list(real)
                and all(_like(shown[k], real[k]) for k in shown))
    if isinstance(shown, list):
        return (isinstance(real, list) and len(shown) == len(real)
                and all(map(_like, shown, real)))
    if shown == "sha256:…":
        return isinstance(real, str) and real.startswith("sha256:")
    return bool(shown == real and type(shown) is type(real))


def test_the_drift_json_shown_is_what_verify_prints(tmp_path: Path) -> None:
    old = {"name": "old_name", "inputSchema": {"type": "object"}}
    before = _tools(old, _search(q={"type": "string", "description": "What to find."},
                                 days={"type": "integer"}, n={"type": "integer", "minimum": 1}))
    after = _tools({**old, "name": "new_name"},
                   {**_search(query={"type": "string", "description": "What to find."},
                              days={"type": "string"}, n={"type": "integer", "minimum": 3}),
                    "description": "Search better."})
    code, out = _pin_then_verify(tmp_path, before, after, "--format", "json")
    assert code == 1
    shown = json.loads(block_after("lock.md", "and DRIFT is:", "```json"))
    [drift] = json.loads(out)["servers"]
    assert _like(shown, drift), json.dumps(drift, indent=2)


# -- docs/security.md -----------------------------------------------------------------------

#: a server that answers the handshake, logs its key, and exits when asked for its tools
DYING_SERVER = """\
import json, os, sys
key = os.environ["API_KEY"]
print(f"my_server starting; key={key} (debug line)", file=sys.stderr, flush=True)
for line in sys.stdin:
    message = json.loads(line)
    if message.get("method") == "initialize":
        print(json.dumps({"jsonrpc": "2.0", "id": message["id"], "result": {
            "protocolVersion": message["params"]["protocolVersion"],
            "capabilities": {"tools": {}}, "serverInfo": {"name": "echo", "version": "1"}}}),
            flush=True)
    elif message.get("method") == "tools/list":
        print(f"fatal: giving up, key={key}", file=sys.stderr, flush=True)
        sys.exit(3)
"""


def test_the_server_s_last_words_are_shown_redacted(tmp_path: Path) -> None:
    (tmp_path / "my_server.py").write_text(DYING_SERVER)
    (tmp_path / "t.json").write_text('{"tools": []}')
    (tmp_path / "parity.toml").write_text(
        '[servers.echo]\nstdio = "python -m my_server"\nenv = {API_KEY = "sk-4f9a8b7c6d5e"}\n\n'
        '[pairs.echo]\nserver = "echo"\nagent = {tools_file = "t.json"}\n')
    code, out = parity("extract", cwd=tmp_path)
    assert code == 2
    assert "sk-4f9a8b7c6d5e" not in out
    # the page names the interpreter running parity /venv/bin/python
    shown = block_after("security.md", "**A server's stderr.**")
    assert out.replace(sys.executable, "/venv/bin/python") == shown


# -- docs/probe.md --------------------------------------------------------------------------


@pytest.mark.slow
def test_the_probe_of_the_bundled_example_is_what_the_page_shows(tmp_path: Path) -> None:
    # the probe writes nothing: it runs on the repository itself, its cache put aside
    env = {**os.environ, "PYTHONPATH": str(REPO), "NO_COLOR": "1",
           "PARITY_CACHE_DIR": str(tmp_path)}
    done = subprocess.run([sys.executable, "-m", "parity", "probe"], cwd=REPO, env=env,
                          stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True, timeout=300, check=False)
    assert done.returncode == 1, done.stdout
    shown = block_after("probe.md", "the probe\nfinds at run time").splitlines()
    assert fits(shown, done.stdout.splitlines()), done.stdout


@pytest.mark.slow
def test_the_trail_page_s_session_is_what_parity_prints(tmp_path: Path) -> None:
    # the page's commands, as shown in a checkout: a drill of the bundled example writes the
    # trail, one record removed (`sed 5d`) breaks it at line 5
    code, _ = parity("drill", "--events", str(tmp_path / "events.jsonl"), cwd=REPO)
    assert code == 0
    lines = (tmp_path / "events.jsonl").read_text(encoding="utf-8").splitlines(keepends=True)
    (tmp_path / "tampered.jsonl").write_text("".join(lines[:4] + lines[5:]), encoding="utf-8")
    session = []
    for command in block_after("trail.md", "tamper-evident trail").splitlines():
        if command.startswith("$ parity trail verify "):
            session += [command, *parity("trail", "verify", command.split()[-1],
                                         cwd=tmp_path)[1].splitlines()]
        elif command.startswith("$ "):
            session.append(command)
    shown = block_after("trail.md", "tamper-evident trail").splitlines()
    assert fits(shown, session), "\n".join(session)
