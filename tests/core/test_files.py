"""``parity.core.files``: what a write leaves behind besides the text: the kind of file at the
path (a FIFO stays a FIFO, a descriptor is written, not replaced) and its permission bits.

No test here touches a real device node: FIFOs are made in ``tmp_path``, and descriptors are
reached through ``/proc/self/fd``. Threads and pipes wait with hang guards only.
"""

from __future__ import annotations

import contextlib
import json
import os
import stat
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from parity.core.files import FileWriteError, refuse_inputs, write_atomic
from tests.conftest import REPO

TEXT = '{"report": "é"}\n'
needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
needs_proc = pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="no /proc/self/fd")


@contextlib.contextmanager
def reading(fifo: Path) -> Iterator[list[bytes]]:
    """Read ``fifo`` to its end in a thread (opening a FIFO waits for the other end)."""
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()), daemon=True)
    reader.start()
    try:
        yield got
    finally:
        reader.join(timeout=60)  # a hang guard, not a measurement
    assert not reader.is_alive(), "the writer never closed the FIFO"


@needs_fifo
def test_a_fifo_is_written_into_and_stays_a_fifo(tmp_path):
    fifo = tmp_path / "report.fifo"
    os.mkfifo(fifo)
    with reading(fifo) as got:
        write_atomic(fifo, TEXT, secrets="redact", streams=True)
    assert got == [TEXT.encode()]
    assert stat.S_ISFIFO(fifo.stat().st_mode)
    assert [p.name for p in tmp_path.iterdir()] == ["report.fifo"]  # no temporary left


@needs_fifo
def test_a_symlink_to_a_fifo_writes_the_fifo_and_stays_a_link(tmp_path):
    fifo = tmp_path / "real.fifo"
    os.mkfifo(fifo)
    link = tmp_path / "out.json"
    link.symlink_to(fifo.name)
    with reading(fifo) as got:
        write_atomic(link, TEXT, secrets="redact", streams=True)
    assert got == [TEXT.encode()]
    assert link.is_symlink() and stat.S_ISFIFO(fifo.stat().st_mode)


@needs_proc
def test_a_descriptor_of_a_pipe_is_written(tmp_path):
    read_end, write_end = os.pipe()
    try:
        write_atomic(f"/proc/self/fd/{write_end}", TEXT, secrets="redact", streams=True)
    finally:
        os.close(write_end)
    with os.fdopen(read_end, "rb") as pipe:
        assert pipe.read() == TEXT.encode()


@needs_proc
def test_a_descriptor_of_a_file_opened_for_appending_is_appended_to(tmp_path):
    """``parity check -o /dev/stdout >> log``: the log keeps what it held."""
    log = tmp_path / "log"
    log.write_text("earlier\n")
    with log.open("a") as held:
        write_atomic(f"/proc/self/fd/{held.fileno()}", TEXT, secrets="redact", streams=True)
    assert log.read_text(encoding="utf-8") == "earlier\n" + TEXT


@needs_proc
def test_output_to_standard_output_through_a_pipe(tmp_path):
    """The reviewer's ``parity ... -o /dev/stdout | wc -c``, through the same kind of link."""
    tools = tmp_path / "t.json"
    tools.write_text(json.dumps({"tools": [{"name": "t", "inputSchema": {"type": "object"}}]}))
    done = subprocess.run(
        [sys.executable, "-m", "parity", "diff", "--agent-file", str(tools), "--server-file",
         str(tools), "--format", "json", "-o", "/proc/self/fd/1"],
        cwd=tmp_path, capture_output=True, text=True, timeout=300,  # a hang guard
        env={**os.environ, "PYTHONPATH": str(REPO)}, check=False)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["format"] == "parity.report/1"


@contextlib.contextmanager
def umask(mask: int) -> Iterator[None]:
    old = os.umask(mask)
    try:
        yield
    finally:
        os.umask(old)


@pytest.mark.skipif(os.name != "posix", reason="POSIX permission bits")
@pytest.mark.parametrize(("mask", "mode"), [(0o022, 0o644), (0o002, 0o664), (0o077, 0o600)])
def test_a_new_file_gets_the_mode_the_umask_allows(tmp_path, mask, mode):
    path = tmp_path / "new" / "baseline.json"
    with umask(mask):
        write_atomic(path, TEXT)
    assert stat.S_IMODE(path.stat().st_mode) == mode


@pytest.mark.skipif(os.name != "posix", reason="POSIX permission bits")
@pytest.mark.parametrize("mode", [0o644, 0o640, 0o604])
def test_a_replaced_file_keeps_its_mode(tmp_path, mode):
    path = tmp_path / "baseline.json"
    path.write_text("old\n")
    path.chmod(mode)
    with umask(0o077):  # the umask would give 0600: the old file's bits win
        write_atomic(path, TEXT)
    assert path.read_text(encoding="utf-8") == TEXT
    assert stat.S_IMODE(path.stat().st_mode) == mode



def test_refuse_inputs_compares_files_not_spellings(tmp_path: Path) -> None:
    tools = tmp_path / "tools.json"
    tools.write_text("{}")
    with pytest.raises(FileWriteError, match="this is the --tools-file input"):
        refuse_inputs(tmp_path / "." / "tools.json", [("--tools-file", tools)],
                      writing="lock")
    # not there yet, no output, a stream: nothing to refuse
    for output in (tmp_path / "new.json", None, os.devnull):
        refuse_inputs(output, [("--tools-file", tools), ("configuration", None)],
                      writing="lock")
    refuse_inputs(os.devnull, [("--agent-file", os.devnull)], writing="report")
