"""Files that never lose an update: concurrent writers, killed writers, symlinks.

Writers are real processes (``python -m parity`` and a small writer script); no test
measures time: waits are hang guards only.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from parity.core.files import FileWriteError, locked, write_atomic
from tests.conftest import REPO
from tests.projectfixtures import TOOLS_FILES_CONFIG as CONFIG
from tests.projectfixtures import write_tools

FIELDS = ("f1", "f2", "f3")


def parity(*argv: str, cwd: Path) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "parity", *argv], cwd=cwd, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env={**os.environ, "PYTHONPATH": str(REPO)})


def finish(process: subprocess.Popen[str]) -> tuple[int, str]:
    out, err = process.communicate(timeout=300)  # a hang guard, not a measurement
    return process.returncode, out + err


@pytest.fixture
def project(tmp_path: Path) -> Path:
    write_tools(tmp_path, *FIELDS)
    (tmp_path / "parity.toml").write_text(CONFIG, encoding="utf-8")
    assert finish(parity("extract", cwd=tmp_path))[0] == 0
    return tmp_path


def entries(baseline: Path) -> set[str]:
    doc = json.loads(baseline.read_text(encoding="utf-8"))
    return {e["path"] for e in doc["entries"]}


@pytest.mark.slow
@pytest.mark.parametrize("round_", range(4))
def test_concurrent_accepts_keep_every_entry(project: Path, round_: int) -> None:
    baseline = project / "baselines" / "wf.json"
    running = [parity("baseline", "--accept", "wf-mcp:search", "in.unknown", field,
                      "--reason", f"round {round_}", cwd=project) for field in FIELDS]
    results = [finish(p) for p in running]
    assert [code for code, _ in results] == [0, 0, 0], results
    assert entries(baseline) == set(FIELDS)
    assert not [p for p in baseline.parent.iterdir() if p.name.endswith(".tmp")]


@pytest.mark.slow
def test_accept_writes_through_a_symlinked_baseline(project: Path) -> None:
    shared = project / "shared"
    shared.mkdir()
    (project / "baselines").mkdir()
    link = project / "baselines" / "wf.json"
    link.symlink_to(Path("..") / "shared" / "wf.json")
    for field in FIELDS[:2]:
        code, text = finish(parity("baseline", "--accept", "wf-mcp:search", "in.unknown",
                                   field, "--reason", "r", cwd=project))
        assert code == 0, text
    assert link.is_symlink()
    assert entries(shared / "wf.json") == set(FIELDS[:2])


WRITER = """
import os, sys, time
import parity.core.files as files
target, text, stall = sys.argv[1], sys.argv[2], sys.argv[3] == "stall"
if stall:
    real = os.fsync
    def fsync(fd):
        real(fd)
        print("written", flush=True)  # the temporary file is whole: kill me now
        time.sleep(600)
    os.fsync = fsync
files.write_atomic(target, text)
print("done", flush=True)
"""


def writer(target: Path, text: str, *, stall: bool) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-c", WRITER, str(target), text,
                             "stall" if stall else "go"], text=True, stdout=subprocess.PIPE,
                            env={**os.environ, "PYTHONPATH": str(REPO)})


def temporaries(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


@pytest.mark.parametrize("round_", range(3))
def test_a_writer_killed_mid_write_leaves_the_old_file_and_the_next_write_cleans_up(
        tmp_path: Path, round_: int) -> None:
    target = tmp_path / "w.lock.json"
    write_atomic(target, json.dumps({"version": "old"}))
    process = writer(target, json.dumps({"version": f"new {round_}", "pad": "x" * 100_000}),
                     stall=True)
    assert process.stdout is not None
    assert process.stdout.readline().strip() == "written"
    process.send_signal(signal.SIGKILL)
    process.wait(60)
    assert json.loads(target.read_text(encoding="utf-8")) == {"version": "old"}
    assert len(temporaries(tmp_path)) == 1  # the killed run's
    write_atomic(target, json.dumps({"version": "next"}))
    assert temporaries(tmp_path) == []
    assert json.loads(target.read_text(encoding="utf-8")) == {"version": "next"}


def test_only_this_files_stale_temporaries_are_removed(tmp_path: Path) -> None:
    other = tmp_path / ".w.json.x.abcdefgh.tmp"  # another file's ("w.json.x")
    mine = tmp_path / ".w.json.abcdefgh.tmp"
    other.write_text("x")
    mine.write_text("x")
    write_atomic(tmp_path / "w.json", "{}")
    assert temporaries(tmp_path) == [other.name]


def test_a_failed_write_removes_its_temporary_file(tmp_path: Path, monkeypatch) -> None:
    def fail(*_: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", fail)
    with pytest.raises(FileWriteError) as info:
        write_atomic(tmp_path / "b.json", "{}")
    assert str(info.value) == f"{tmp_path / 'b.json'}: cannot write: No space left on device"
    assert list(tmp_path.iterdir()) == []


def test_a_writer_waits_for_the_lock_holder(tmp_path: Path) -> None:
    """Inside ``locked`` (a read-modify-write) another process's write lands after it."""
    target = tmp_path / "b.json"
    write_atomic(target, '"first"')
    with locked(target):
        process = writer(target, '"second"', stall=False)
        assert json.loads(target.read_text(encoding="utf-8")) == "first"
        write_atomic(target, '"mine"')  # re-entrant: the holder itself may write
    assert process.communicate(timeout=120)[0].strip() == "done"
    assert json.loads(target.read_text(encoding="utf-8")) == "second"


@pytest.mark.parametrize("make", ["folder", "file-parent"])
def test_write_failures_name_the_path(tmp_path: Path, make: str) -> None:
    if make == "folder":
        target = tmp_path / "b.json"
        target.mkdir()
        expected = f"{target}: cannot write: a folder is in the way"
    else:
        (tmp_path / "manifests").write_text("a file")
        target = tmp_path / "manifests" / "b.json"
        expected = f"{target}: cannot write: {tmp_path / 'manifests'} is a file, not a folder"
    with pytest.raises(FileWriteError) as info:
        write_atomic(target, "{}")
    assert str(info.value).startswith(expected)
