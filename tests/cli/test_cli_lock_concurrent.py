"""Two ``parity lock`` at once on one lock file: the second is not held up while the first
waits for a person, and neither loses or silently replaces the other's lock.

The first runs in this process and is asked on a (simulated) terminal; while it is at the
prompt, a second ``parity lock --yes`` runs as a real subprocess on the same file. Before,
the first held the file's lock from listing to writing, so the second waited 60 s and
failed."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from parity.cli.main import main
from tests.lockfixtures import ROOT, stdio_line

pytestmark = pytest.mark.slow


class _Terminal(__import__("io").StringIO):
    def isatty(self) -> bool:
        return True


def second_lock(lock, line: str) -> subprocess.CompletedProcess[str]:
    # a generous timeout, only as a hang guard
    return subprocess.run([sys.executable, "-m", "parity", "lock", "--stdio", line, "--lock",
                           str(lock), "--yes"], cwd=ROOT, capture_output=True, text=True,
                          timeout=120, env={**os.environ, "PYTHONPATH": str(ROOT)})


def at_the_prompt(monkeypatch, lock, line: str,
                  answer: bool) -> list[subprocess.CompletedProcess[str]]:
    """While the first lock asks, the second runs to its end; then the first is answered."""
    seconds: list[subprocess.CompletedProcess[str]] = []

    def confirm(question: str, **kw: object) -> bool:
        seconds.append(second_lock(lock, line))
        return answer

    monkeypatch.setattr("sys.stdin", _Terminal(""))
    monkeypatch.setattr("click.confirm", confirm)
    return seconds


def test_a_second_lock_runs_while_the_first_is_asked(tmp_path, capsys, monkeypatch) -> None:
    monkeypatch.chdir(ROOT)
    lock = tmp_path / "w.lock.json"
    assert main(["lock", "--stdio", stdio_line("lock_raw"), "--lock", str(lock)]) == 0
    v2 = stdio_line("lock_raw", "--v2")
    seconds = at_the_prompt(monkeypatch, lock, v2, answer=True)
    capsys.readouterr()
    code = main(["lock", "--stdio", v2, "--lock", str(lock)])
    out, err = capsys.readouterr()
    assert len(seconds) == 1 and seconds[0].returncode == 0, seconds[0].stderr
    written = lock.read_text(encoding="utf-8")
    # the second wrote what the first was about to: nothing left to write
    assert code == 0 and "is up to date" in out and "written meanwhile" in out, out + err
    assert lock.read_text(encoding="utf-8") == written
    assert main(["verify", "--stdio", v2, "--lock", str(lock)]) == 0


def test_a_lock_changed_meanwhile_is_not_replaced_unasked(tmp_path, capsys,
                                                         monkeypatch) -> None:
    monkeypatch.chdir(ROOT)
    lock = tmp_path / "w.lock.json"
    assert main(["lock", "--stdio", stdio_line("lock_raw"), "--lock", str(lock)]) == 0
    # the person agrees to replace the lock they were shown; meanwhile another one lands
    seconds = at_the_prompt(monkeypatch, lock, stdio_line("lock_raw", "--change"), answer=True)
    capsys.readouterr()
    code = main(["lock", "--stdio", stdio_line("lock_raw", "--v2"), "--lock", str(lock)])
    out, err = capsys.readouterr()
    assert seconds[0].returncode == 0, seconds[0].stderr
    theirs = lock.read_text(encoding="utf-8")
    assert code == 1, out + err
    assert "not overwritten: another `parity lock` changed it meanwhile" in err
    # the second's lock stands: it verifies against the server it pinned
    assert lock.read_text(encoding="utf-8") == theirs
    assert main(["verify", "--stdio", stdio_line("lock_raw", "--change"), "--lock",
                 str(lock)]) == 0
