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


def parity(*argv: str, cwd: Path, tmpdir: Path | None = None) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    if tmpdir is not None:
        env["TMPDIR"] = str(tmpdir)
    return subprocess.Popen([sys.executable, "-m", "parity", *argv], cwd=cwd, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)


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
    assert [p.name for p in baseline.parent.iterdir()] == ["wf.json"]  # no temporary, no lock


@pytest.mark.slow
def test_concurrent_accepts_with_other_temporary_folders_keep_every_entry(
        project: Path, tmp_path_factory: pytest.TempPathFactory) -> None:
    """Writers that differ in TMPDIR (a host and a dev container) still take turns."""
    baseline = project / "baselines" / "wf.json"
    fields = [f"{field}{n}" for n in range(2) for field in FIELDS]
    write_tools(project, *fields)
    assert finish(parity("extract", cwd=project))[0] == 0
    running = [parity("baseline", "--accept", "wf-mcp:search", "in.unknown", field,
                      "--reason", "r", cwd=project,
                      tmpdir=tmp_path_factory.mktemp(f"tmp{n}"))
               for n, field in enumerate(fields)]
    results = [finish(p) for p in running]
    assert [code for code, _ in results] == [0] * len(fields), results
    assert entries(baseline) == set(fields)
    assert [p.name for p in baseline.parent.iterdir()] == ["wf.json"]


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
target, text, how = sys.argv[1], sys.argv[2], sys.argv[3]
if how == "nowait":  # one attempt at the lock: refused at once while another holds it
    files.LOCK_TIMEOUT = 0
    try:
        files.write_atomic(target, text)
    except files.FileWriteError as exc:
        print(exc, flush=True)
        sys.exit(0)
if how == "stall":
    real = os.fsync
    def fsync(fd):
        real(fd)
        print("written", flush=True)  # the temporary file is whole: kill me now
        time.sleep(600)
    os.fsync = fsync
files.write_atomic(target, text)
print("done", flush=True)
"""


def writer(target: Path, text: str, *, stall: bool, how: str = "",
           tmpdir: Path | None = None) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    if tmpdir is not None:  # another TMPDIR: a container, another user, another shell
        tmpdir.mkdir(exist_ok=True)
        env["TMPDIR"] = str(tmpdir)
    return subprocess.Popen([sys.executable, "-c", WRITER, str(target), text,
                             how or ("stall" if stall else "go")], text=True,
                            stdout=subprocess.PIPE, env=env)


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


def test_writers_with_other_temporary_folders_exclude_each_other(tmp_path: Path) -> None:
    """The lock belongs to the file, not to a writer's environment: a writer whose TMPDIR
    differs neither writes meanwhile nor removes the holder's temporary file as stale."""
    target = tmp_path / "project" / "b.json"
    write_atomic(target, '"old"')
    holder = writer(target, '"held"', stall=True, tmpdir=tmp_path / "a")
    assert holder.stdout is not None
    assert holder.stdout.readline().strip() == "written"  # inside the lock, its file whole
    try:
        other = writer(target, '"other"', stall=False, how="nowait", tmpdir=tmp_path / "b")
        said = other.communicate(timeout=120)[0]
        assert "another parity process has held this file" in said, said
        assert json.loads(target.read_text(encoding="utf-8")) == "old"
        assert len(temporaries(target.parent)) == 1  # the holder's, still there
    finally:
        holder.kill()
        holder.wait(60)
    write_atomic(target, '"next"')  # the killed holder's lock and temporary are no obstacle
    assert sorted(p.name for p in target.parent.iterdir()) == ["b.json"]


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_a_writer_stopped_mid_write_removes_its_temporary_and_lock_files(
        tmp_path: Path, sig: signal.Signals) -> None:
    """SIGTERM (a CI job cancelled, a container stopped) and Ctrl-C leave the old file and
    nothing else: no ``.NAME.XXXXXXXX.tmp`` waiting for the next write, no lock file."""
    target = tmp_path / "w.lock.json"
    write_atomic(target, json.dumps({"version": "old"}))
    process = writer(target, json.dumps({"version": "new"}), stall=True)
    assert process.stdout is not None
    assert process.stdout.readline().strip() == "written"  # the temporary file is whole
    process.send_signal(sig)
    code = process.wait(60)
    assert code != 0  # stopped, not finished
    if sig == signal.SIGTERM:
        assert code == -signal.SIGTERM  # ended as a SIGTERM ends a process
    assert sorted(p.name for p in tmp_path.iterdir()) == ["w.lock.json"]
    assert json.loads(target.read_text(encoding="utf-8")) == {"version": "old"}


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
