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
FOREIGN = "in the way: not a snapshot file parity wrote"


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
    # a split file that is not UTF-8 is no longer parity's own: a write would refuse it
    for file, argv, said in ((one, [], "changed"),
                             (folder / "a_tool.json", ["--split"], FOREIGN)):
        file.write_bytes(b"\xff\xfe" + file.read_bytes())
        capsys.readouterr()
        target = folder if argv else one
        assert main(["snapshot", "--tools-file", str(listing), "-o", str(target), *argv,
                     "--check"]) == 1
        out, err = capsys.readouterr()
        assert f"{file}: {said}" in out and err == ""
    # a folder where a tool's file belongs is no file of the snapshot (it was read as one)
    (folder / "b_tool.json").unlink()
    (folder / "b_tool.json").mkdir()
    assert main(["snapshot", "--tools-file", str(listing), "-o", str(folder), "--split",
                 "--check"]) == 1
    assert f"{folder / 'b_tool.json'}: {FOREIGN}" in capsys.readouterr().out


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
    # a stdio server gets the SDK's default environment, no PYTHONPATH: it finds the tests
    (tmp_path / "dup.py").write_text(f"import sys; sys.path.insert(0, {str(ROOT)!r})\n"
                                     + DUPLICATE_SERVER, encoding="utf-8")
    out = tmp_path / "s.json"
    assert main(["snapshot", "--stdio", f"{sys.executable} {tmp_path / 'dup.py'}",
                 "-o", str(out)]) == 0
    err = capsys.readouterr().err
    assert [t["description"] for t in json.loads(out.read_text())["tools"]] == ["first"]
    assert "t: listed twice" in err and "t: not in the snapshot" not in err, err
    assert ": not in the snapshot:" in err  # the nameless tool is left out, and said so


# --split into a folder that holds other files: parity replaces or removes only the files it
# wrote (it removed every *.json there, the --tools-file input included)

OTHER = '{"x": 1}\n'
# a hand-written definition: a tool's shape and name, not parity's layout
HAND_WRITTEN = '{"name": "gone", "inputSchema": {"type": "object"}}\n'


def snapshot(*argv: str) -> int:
    return main(["snapshot", *argv])


def contents(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


def test_split_into_a_folder_deletes_no_file_it_did_not_write(tmp_path, monkeypatch, capsys):
    # the report, as given: the input and an unrelated file in the output folder
    monkeypatch.chdir(tmp_path)
    Path("tools.json").write_text('{"tools":[{"name":"a","inputSchema":{"type":"object"}}]}')
    Path("other.json").write_text(OTHER)
    Path("gone.json").write_text(HAND_WRITTEN)
    Path("notes.txt").write_text("notes")
    before = contents(tmp_path)
    assert snapshot("--tools-file", "tools.json", "--output", ".", "--split") == 0
    after = contents(tmp_path)
    assert after.pop("a.json") == b'{\n  "inputSchema": {\n    "type": "object"\n  },\n' \
        b'  "name": "a"\n}\n'
    assert after == before
    assert "removed" not in capsys.readouterr().out
    # and --check reads none of them as a stale file of the snapshot
    assert snapshot("--tools-file", "tools.json", "--output", ".", "--split", "--check") == 0
    assert capsys.readouterr().out == "parity snapshot: .: up to date\n"


def test_split_still_removes_its_own_file_of_a_tool_no_longer_listed(listing, tmp_path,
                                                                    capsys):
    folder = tmp_path / "tools"
    assert snapshot("--tools-file", str(listing), "-o", str(folder), "--split") == 0
    (folder / "other.json").write_text(OTHER)
    (folder / "gone.json").write_text(HAND_WRITTEN)
    # a checkout's CRLF line ends leave a file parity's own
    b_file = folder / "b_tool.json"
    b_file.write_bytes(b_file.read_bytes().replace(b"\n", b"\r\n"))
    # a link is never parity's (it writes none), even to a file in its layout
    (tmp_path / "elsewhere.json").write_bytes((folder / "a_tool.json").read_bytes())
    (folder / "linked.json").symlink_to(tmp_path / "elsewhere.json")
    listing.write_text(json.dumps({"tools": TOOLS[1:]}))  # b_tool is gone
    capsys.readouterr()
    assert snapshot("--tools-file", str(listing), "-o", str(folder), "--split", "--check") == 1
    assert capsys.readouterr().out.splitlines() == [
        f"{b_file}: no such tool any more",
        f"parity snapshot: {folder}: stale: rerun without --check and commit"]
    assert snapshot("--tools-file", str(listing), "-o", str(folder), "--split") == 0
    assert f"removed {b_file}: no such tool any more" in capsys.readouterr().out
    assert sorted(p.name for p in folder.iterdir()) == ["a_tool.json", "gone.json",
                                                        "linked.json", "other.json"]
    assert (folder / "other.json").read_text() == OTHER
    assert (folder / "gone.json").read_text() == HAND_WRITTEN
    assert (tmp_path / "elsewhere.json").is_file()


def test_a_file_not_parity_s_where_a_tool_s_file_goes_is_refused(listing, tmp_path, capsys):
    folder = tmp_path / "tools"
    folder.mkdir()
    in_the_way = folder / "b_tool.json"
    in_the_way.write_text('{"name": "b_tool"}\n')  # a tool's name, not parity's layout
    assert snapshot("--tools-file", str(listing), "-o", str(folder), "--split") == 2
    err = capsys.readouterr().err
    assert f"{in_the_way}: not replaced: it is not a snapshot file parity wrote, and the " \
           "split snapshot of tool 'b_tool' goes there; nothing was written" in err
    assert "hint: move or rename that file" in err
    assert sorted(p.name for p in folder.iterdir()) == ["b_tool.json"]  # nothing written
    assert in_the_way.read_text() == '{"name": "b_tool"}\n'
    # --check says the same of it
    assert snapshot("--tools-file", str(listing), "-o", str(folder), "--split", "--check") == 1
    assert f"{in_the_way}: {FOREIGN}" in capsys.readouterr().out


def test_the_tools_file_input_is_never_replaced(tmp_path, monkeypatch, capsys):
    # a tool named like the input would have been split over it
    monkeypatch.chdir(tmp_path)
    text = json.dumps({"tools": [{"name": "tools", "inputSchema": {"type": "object"}}]})
    Path("tools.json").write_text(text)
    assert snapshot("--tools-file", "tools.json", "-o", ".", "--split") == 2
    err = capsys.readouterr().err
    assert "tools.json: not replaced: it is the --tools-file input" in err, err
    assert snapshot("--tools-file", "tools.json", "-o", "tools.json") == 2
    assert "tools.json: not written: this is the --tools-file input" in capsys.readouterr().err
    assert Path("tools.json").read_text() == text
    assert snapshot("--tools-file", "tools.json", "-o", ".", "--split", "--check") == 1
    assert "tools.json: in the way: the --tools-file input" in capsys.readouterr().out


def test_split_runs_are_byte_identical(listing, tmp_path, capsys):
    folder = tmp_path / "tools"
    assert snapshot("--tools-file", str(listing), "-o", str(folder), "--split") == 0
    first = contents(folder)
    assert snapshot("--tools-file", str(listing), "-o", str(folder), "--split") == 0
    assert contents(folder) == first
    fresh = tmp_path / "fresh"
    assert snapshot("--tools-file", str(listing), "-o", str(fresh), "--split") == 0
    assert contents(fresh) == first
    assert "removed" not in capsys.readouterr().out


@pytest.mark.parametrize(("names", "output", "split", "said"), [
    (["a" * 300, "b"], "out", True, "cannot have a file of its own: its file name is 305 "
                                    "bytes, the file system holds at most "),
    (["a"], "taken", False, "cannot write: a folder is in the way"),
    (["a"], "file", True, "not a folder: --split writes one file per tool"),
    (["a"], "file/snap.json", False, "file is a file, not a folder"),
])
def test_a_snapshot_that_cannot_be_written_is_no_stale_one(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        names: list[str], output: str, split: bool, said: str) -> None:
    """--check fails as the write would (exit 2, the same message): rerunning without it
    would not mend the snapshot, so "stale: rerun without --check" would mislead."""
    monkeypatch.chdir(tmp_path)
    Path("tools.json").write_text(json.dumps(
        {"tools": [{"name": n, "inputSchema": {"type": "object"}} for n in names]}))
    Path("taken").mkdir()
    Path("file").write_text("")
    argv = ["--tools-file", "tools.json", "-o", output, *(["--split"] if split else [])]
    assert snapshot(*argv) == 2
    written = capsys.readouterr().err
    assert said in written, written
    assert snapshot(*argv, "--check") == 2
    checked = capsys.readouterr()
    assert checked.err == written and "stale" not in checked.out
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file", "taken", "tools.json"]
