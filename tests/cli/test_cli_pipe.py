"""Output into a pipe its reader closed (``parity check | head -1``): a quiet exit 141."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from parity.cli.main import OUTPUT_CLOSED
from tests.conftest import REPO

PAIR = "tests/fixtures/rules/in.unknown"

COMMANDS = {
    "rules": ["rules"],
    "explain": ["explain", "in.unknown"],
    "check": ["check"],
    "check-markdown": ["check", "--format", "markdown"],
    "check-o-stdout": ["check", "-o", "/dev/stdout"],
    "diff": ["diff", "--agent-file", f"{PAIR}/agent.json", "--server-file", f"{PAIR}/server.json"],
    "paths": ["paths", "manifests/workflow.server.json"],
    "extract": ["extract", "--check"],
    "help": ["--help"],
    "version": ["--version"],
}



def into_closed_pipe(*argv: str) -> subprocess.CompletedProcess[str]:
    """Run ``python ARGV`` with standard output a pipe whose reader is already gone, so its
    first write fails (a reader that reads a line and closes, as ``head -1`` does, is the
    same once it has gone, but a test cannot time that)."""
    read, write = os.pipe()
    os.close(read)
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    for name in ("PARITY_DEBUG", "PYTHONUNBUFFERED"):  # standard output buffered, as it is
        env.pop(name, None)
    try:
        return subprocess.run([sys.executable, *argv], cwd=REPO, env=env, stdout=write,
                              stderr=subprocess.PIPE, text=True, timeout=120, check=False)
    finally:
        os.close(write)


posix = pytest.mark.skipif(os.name != "posix", reason="a closed pipe is EPIPE on POSIX")


@posix
@pytest.mark.parametrize("argv", COMMANDS.values(), ids=COMMANDS.keys())
def test_output_whose_reader_has_gone_is_a_quiet_exit(argv: list[str]) -> None:
    """click took the closed pipe for its own ``sys.exit(1)``, which parity reported as code
    it called exiting (exit 2); then the interpreter's last flush printed "Exception ignored
    ... BrokenPipeError"; ``-o /dev/stdout`` said ``cannot write: Broken pipe``."""
    done = into_closed_pipe("-m", "parity", *argv)
    assert (done.returncode, done.stderr) == (OUTPUT_CLOSED, ""), done.stderr


@posix
def test_output_left_buffered_meets_the_closed_pipe_in_main() -> None:
    """What code parity runs printed (an agent module, unflushed) is written by main's last
    flush, not the interpreter's ("Exception ignored", exit 120); the command's own error,
    said on standard error, keeps its exit code."""
    done = into_closed_pipe("-c", "import sys\nfrom parity.cli.main import main\n"
                            "print('loading the agent')\nsys.exit(main(['explain', 'nope']))")
    assert done.returncode == 2, done.stderr
    assert done.stderr.endswith("Error: Invalid value for RULE: unknown rule 'nope'; "
                                "`parity rules` lists them\n"), done.stderr
