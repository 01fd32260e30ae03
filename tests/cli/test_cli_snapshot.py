"""``parity snapshot``: stable bytes, --check on a stale file, usable as a tools file."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from parity.cli.main import main

ROOT = Path(__file__).resolve().parents[2]
TOOLS = [{"name": "b_tool", "inputSchema": {"type": "object", "properties": {
    "q": {"type": "string", "pattern": "^[a-z]+$"}}}, "description": "B."},
    {"name": "a_tool", "inputSchema": None}]


@pytest.fixture
def listing(tmp_path):
    path = tmp_path / "listing.json"
    path.write_text(json.dumps({"tools": TOOLS}))
    return path


def test_a_snapshot_is_sorted_stable_and_checkable(listing, tmp_path, capsys):
    out = tmp_path / "snap.json"
    assert main(["snapshot", "--tools-file", str(listing), "-o", str(out)]) == 0
    text = out.read_text()
    assert [t["name"] for t in json.loads(text)["tools"]] == ["a_tool", "b_tool"]
    assert text.endswith("}\n") and '  "tools": [' in text
    assert main(["snapshot", "--tools-file", str(listing), "-o", str(out), "--check"]) == 0
    # the server changed: the committed snapshot is stale
    listing.write_text(json.dumps({"tools": TOOLS[:1]}))
    capsys.readouterr()
    assert main(["snapshot", "--tools-file", str(listing), "-o", str(out), "--check"]) == 1
    assert f"{out}: changed" in capsys.readouterr().out
    assert out.read_text() == text  # --check writes nothing


def test_the_snapshot_is_a_tools_file_an_agent_side_and_a_paths_input(listing, tmp_path,
                                                                      capsys):
    out = tmp_path / "snap.json"
    assert main(["snapshot", "--tools-file", str(listing), "-o", str(out)]) == 0
    capsys.readouterr()
    assert main(["paths", str(out)]) == 0
    assert "pattern \"^[a-z]+$\"" in capsys.readouterr().out
    assert main(["diff", "--agent-file", str(out), "--server-file", str(out)]) == 1
    assert "tool.invalid-schema" in capsys.readouterr().out  # a_tool's null, nothing else
    assert main(["lock", "--tools-file", str(out), "--lock", str(tmp_path / "l.json"),
                 "--yes"]) == 0


def test_split_snapshots_one_file_per_tool_and_check_finds_a_missing_one(listing, tmp_path,
                                                                         capsys):
    folder = tmp_path / "tools"
    assert main(["snapshot", "--tools-file", str(listing), "-o", str(folder), "--split"]) == 0
    assert sorted(p.name for p in folder.iterdir()) == ["a_tool.json", "b_tool.json"]
    assert json.loads((folder / "b_tool.json").read_text())["name"] == "b_tool"
    (folder / "a_tool.json").unlink()
    capsys.readouterr()
    assert main(["snapshot", "--tools-file", str(listing), "-o", str(folder), "--split",
                 "--check"]) == 1
    assert "a_tool.json: missing" in capsys.readouterr().out


def test_check_reads_a_snapshot_that_is_not_utf8_as_changed(listing, tmp_path, capsys):
    # it raised UnicodeDecodeError (exit 3); CRLF line ends still read as the same file
    one, folder = tmp_path / "tools.json", tmp_path / "tools"
    assert main(["snapshot", "--tools-file", str(listing), "-o", str(one)]) == 0
    assert main(["snapshot", "--tools-file", str(listing), "-o", str(folder), "--split"]) == 0
    one.write_bytes(one.read_bytes().replace(b"\n", b"\r\n"))
    capsys.readouterr()
    assert main(["snapshot", "--tools-file", str(listing), "-o", str(one), "--check"]) == 0
    for file, argv in ((one, []), (folder / "a_tool.json", ["--split"])):
        file.write_bytes(b"\xff\xfe" + file.read_bytes())
        capsys.readouterr()
        target = folder if argv else one
        assert main(["snapshot", "--tools-file", str(listing), "-o", str(target), *argv,
                     "--check"]) == 1
        out, err = capsys.readouterr()
        assert f"{file}: changed" in out and err == ""
    # a folder where a tool's file belongs is no file of the snapshot (it was read as one)
    (folder / "b_tool.json").unlink()
    (folder / "b_tool.json").mkdir()
    assert main(["snapshot", "--tools-file", str(listing), "-o", str(folder), "--split",
                 "--check"]) == 1
    assert f"{folder / 'b_tool.json'}: missing" in capsys.readouterr().out


@pytest.mark.slow
def test_a_live_stdio_server_snapshots_byte_identically_twice(tmp_path, monkeypatch):
    monkeypatch.chdir(ROOT)
    out = tmp_path / "workflow.json"
    command = f"{sys.executable} -m examples.workflow.server"
    assert main(["snapshot", "--stdio", command, "-o", str(out)]) == 0
    first = out.read_text()
    assert len(json.loads(first)["tools"]) == 6
    assert main(["snapshot", "--stdio", command, "-o", str(out), "--check"]) == 0


DUPLICATE_SERVER = """
from tests.servers._raw import serve
tools = [{"name": "t", "description": "first", "inputSchema": {"type": "object"}},
         {"name": "t", "description": "second", "inputSchema": {"type": "object"}},
         {"name": "", "inputSchema": {"type": "object"}}]
serve({"tools/list": lambda params: {"tools": tools}})
"""


def test_a_name_listed_twice_is_said_to_keep_its_first_definition(tmp_path, monkeypatch,
                                                                   capsys):
    monkeypatch.chdir(ROOT)
    (tmp_path / "dup.py").write_text(DUPLICATE_SERVER, encoding="utf-8")
    out = tmp_path / "s.json"
    monkeypatch.setenv("PYTHONPATH", str(ROOT))
    assert main(["snapshot", "--stdio", f"{sys.executable} {tmp_path / 'dup.py'}",
                 "-o", str(out)]) == 0
    err = capsys.readouterr().err
    assert [t["description"] for t in json.loads(out.read_text())["tools"]] == ["first"]
    assert "t: listed twice" in err and "t: not in the snapshot" not in err, err
    assert ": not in the snapshot:" in err  # the nameless tool is left out, and said so
