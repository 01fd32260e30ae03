"""Git's merge-conflict markers in a JSON file parity reads: named with their line and what
to do, never "not valid JSON"; and the baseline's documented resolution, end to end."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest

from parity.cli.main import main
from parity.core.conflicts import conflict_line
from parity.core.jsonio import loads
from parity.errors import FileFormatError

CONFLICTED = ('{\n  "entries": [\n<<<<<<< HEAD\n    {"tool": "a"}\n=======\n'
              '    {"tool": "b"}\n>>>>>>> fix-b\n  ]\n}\n')


@pytest.mark.parametrize(("what", "hint"), [
    ("baseline", "keep the entry lines of both sides"),
    ("manifest", "run `parity extract`"),
    ("lock", "run `parity lock`"),
    ("tool file", "resolve the conflict"),
])
def test_markers_are_named_with_their_line_and_what_to_do(what, hint):
    with pytest.raises(FileFormatError) as info:
        loads(CONFLICTED, file="f.json", what=what)
    assert info.value.location == "line 3"
    assert info.value.message == (f"{what} holds an unresolved git merge conflict "
                                  "(a conflict marker)")
    assert hint in (info.value.hint or "")


@pytest.mark.parametrize(("text", "line"), [
    (CONFLICTED, 3),
    (CONFLICTED.replace("\n", "\r\n"), 3),  # a Windows checkout
    ('{\n"a": 1,\n=======\n}', 3),  # the middle marker alone (the others cut away)
    ('{\n||||||| base\n}', 2),  # merge.conflictStyle = diff3
    ('{"a": "<<<<<<< not at a line start"', None),
    ('{\n"a": 1\n}\n<<<<<<<<', None),  # eight: no marker
])
def test_only_marker_lines_are_markers(text, line):
    assert conflict_line(text) == line


def test_bad_json_without_markers_is_still_bad_json():
    with pytest.raises(FileFormatError, match="not valid JSON"):
        loads('{\n  "a": 1,\n}', file="f.json", what="baseline")


def git(cwd: Path, *args: str, check: bool = True) -> str:
    return subprocess.run(["git", "-c", "user.email=t@example.invalid", "-c", "user.name=t",
                           "-c", "commit.gpgsign=false", *args], cwd=cwd, check=check,
                          capture_output=True, text=True).stdout


def tools(root: Path, *integers: int) -> None:
    """Two tools; the agent sends ``f0`` as a string except in the tools ``integers``."""
    def side(fixed: tuple[int, ...]) -> dict:
        return {"tools": [{"name": f"t{i}", "inputSchema": {"type": "object", "properties": {
            f"f{j}": {"type": "integer" if j == 0 and i in fixed else "string"}
            for j in range(12)}}} for i in range(2)]}
    (root / "a.json").write_text(json.dumps(side(integers), indent=1), encoding="utf-8")
    (root / "s.json").write_text(json.dumps(side((0, 1)), indent=1), encoding="utf-8")


def parity(root: Path, capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = main([*argv, "--config", str(root / "parity.toml")])
    out, err = capsys.readouterr()
    return code, out + err


def test_a_baseline_conflict_resolves_as_docs_baseline_md_says(tmp_path, capsys):
    """Two branches each fix one of two adjacent entries: git reports a conflict. Keeping
    both sides' entry lines and running `parity baseline` drops both (docs/baseline.md)."""
    (tmp_path / "parity.toml").write_text(
        '[servers.srv]\ntools_file = "s.json"\n[pairs.p]\nserver = "srv"\n'
        '[pairs.p.agent]\ntools_file = "a.json"\n', encoding="utf-8")
    tools(tmp_path)
    assert parity(tmp_path, capsys, "extract")[0] == 0
    assert parity(tmp_path, capsys, "baseline", "--init", "--reason", "r")[0] == 0
    git(tmp_path, "init", "-q", "-b", "main")
    git(tmp_path, "add", "-A")
    git(tmp_path, "commit", "-qm", "base")
    for branch, fixed in (("fix-t0", 0), ("main", 1)):
        git(tmp_path, "checkout", "-q", *(["-b", branch] if branch != "main" else [branch]))
        tools(tmp_path, fixed)
        assert parity(tmp_path, capsys, "extract")[0] == 0
        assert parity(tmp_path, capsys, "baseline")[0] == 0
        git(tmp_path, "commit", "-qam", f"fix t{fixed}")
    git(tmp_path, "merge", "-q", "fix-t0", check=False)
    baseline = tmp_path / "baselines" / "p.json"
    assert "<<<<<<< " in baseline.read_text(encoding="utf-8")  # the conflict happened

    code, said = parity(tmp_path, capsys, "baseline")
    assert code == 2
    assert (f"{baseline}: at line 3: baseline holds an unresolved git merge conflict"
            in said), said
    assert "keep the entry lines of both sides" in said

    # as docs/baseline.md says: both sides' entry lines, no marker, a comma but after the last
    lines = [line for line in baseline.read_text(encoding="utf-8").splitlines()
             if not re.match(r"<{7} |={7}$|>{7} ", line)]
    entry = [i for i, line in enumerate(lines) if line.lstrip().startswith('{"')]
    for i in entry[:-1]:
        lines[i] = lines[i].rstrip(",") + ","
    baseline.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, said = parity(tmp_path, capsys, "baseline")
    assert code == 0, said
    assert json.loads(baseline.read_text(encoding="utf-8"))["entries"] == []
    assert parity(tmp_path, capsys, "check")[0] == 0
