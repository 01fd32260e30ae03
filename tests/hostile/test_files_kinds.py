"""A FIFO, a folder or a device where parity's own file goes (a manifest, a lock, a
baseline): refused with one message (exit 2), never opened, so never waited on. Commands
run as real processes: on a FIFO a hang is the failure (the timeouts are hang guards)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from parity.core.files import FileWriteError, write_atomic
from tests.conftest import REPO
from tests.projectfixtures import TOOLS_FILES_CONFIG as CONFIG
from tests.projectfixtures import write_tools


def parity(cwd: Path, *argv: str) -> tuple[int, str]:
    done = subprocess.run([sys.executable, "-m", "parity", *argv], cwd=cwd, text=True,
                          capture_output=True, timeout=60,  # a hang guard
                          env={**os.environ, "PYTHONPATH": str(REPO)}, check=False)
    return done.returncode, done.stdout + done.stderr


@pytest.fixture
def project(tmp_path: Path) -> Path:
    write_tools(tmp_path, "f1")
    (tmp_path / "parity.toml").write_text(CONFIG, encoding="utf-8")
    assert parity(tmp_path, "extract")[0] == 0
    return tmp_path


def make(path: Path, kind: str) -> None:
    path.unlink(missing_ok=True)
    if kind == "FIFO":
        os.mkfifo(path)
    else:
        path.mkdir()


@pytest.mark.parametrize("kind", ["FIFO", "folder"])
def test_extract_and_check_name_what_is_where_a_manifest_goes(project, kind):
    manifest = project / "manifests" / "wf.agent.json"
    make(manifest, kind)
    for command in ("extract", "check"):
        code, said = parity(project, command)
        assert code == 2, said
        assert f"manifests/wf.agent.json: manifest is a {kind}, not a file" in said, said
        assert "not found" not in said and "Traceback" not in said
    assert manifest.is_dir() if kind == "folder" else manifest.is_fifo()


def test_lock_over_a_fifo_is_refused_without_waiting(project):
    lock = project / "manifests" / "wf.lock.json"
    os.mkfifo(lock)
    code, said = parity(project, "lock", "--yes")
    assert code == 2, said
    assert "manifests/wf.lock.json: not written: it is a FIFO, not a file" in said, said
    assert lock.is_fifo()


def test_a_write_of_parity_s_own_file_never_opens_a_fifo(tmp_path):
    fifo = tmp_path / "b.json"
    os.mkfifo(fifo)
    # a reader, so that code opening the FIFO to write fails this test instead of hanging
    reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
    try:
        with pytest.raises(FileWriteError) as info:
            write_atomic(fifo, "{}")
        assert os.read(reader, 10) == b""  # nothing was written into it
    finally:
        os.close(reader)
    assert str(info.value).startswith(f"{fifo}: not written: it is a FIFO, not a file")
    with pytest.raises(FileWriteError, match="it is a device, not a file"):
        write_atomic("/dev/null", "{}")
    write_atomic("/dev/null", "{}", streams=True)  # a report (-o /dev/null) is written
    assert sorted(p.name for p in tmp_path.iterdir()) == ["b.json"]
