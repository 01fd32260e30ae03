"""The README's walkthrough, replayed: the README is the source of truth for what it shows.

Every ```console block of README.md is run, in order, on a copy of the bundled example, and
what each command prints (standard output and error, as a terminal would show them) must be
what the block shows under it. Every ```diff block is applied to the copy with `git apply`
at its place in the order, exactly as a reader would make the change. So a change to any
output the README shows fails here until the README shows the new output: the walkthrough
cannot drift from the tool.

What a block may leave out, and nothing else:

* a line that is only ``…`` (indented or not) stands for any number of lines, none included;
* a line ending in ``…`` stands for one line that starts with what comes before the ``…``.

A command's comment states its exit code (``# exits 1: ...``); without one it must exit 0.
The commands run without a terminal (as in CI), so an answer a prompt would need has to be
in the command (``--yes``). Nothing needs normalising: parity prints paths relative to the
working directory and nothing that depends on the time.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
README = REPO / "README.md"
#: what the walkthrough works on: the example, its configuration and committed files
PROJECT = ("pyproject.toml", "parity", "examples", "manifests", "baselines")
ELLIPSIS = "…"

pytestmark = pytest.mark.slow


@dataclass(frozen=True)
class Command:
    line: int  # in README.md, for the failure message
    argv: tuple[str, ...]
    exit_code: int
    shown: tuple[str, ...]


@dataclass(frozen=True)
class Patch:
    line: int
    text: str


def blocks(text: str) -> list[Command | Patch]:
    """The README's console and diff blocks, in order."""
    steps: list[Command | Patch] = []
    for match in re.finditer(r"^```(console|diff)\n(.*?)^```$", text, re.M | re.S):
        line = text.count("\n", 0, match.start()) + 2
        if match.group(1) == "diff":
            steps.append(Patch(line, match.group(2)))
            continue
        current: tuple[int, str] | None = None
        shown: list[str] = []
        for i, row in enumerate(match.group(2).splitlines()):
            if row.startswith("$ "):
                if current is not None:
                    steps.append(command(*current, shown))
                current, shown = (line + i, row[2:]), []
            elif current is None:
                raise AssertionError(f"README.md:{line + i}: output before any `$ ` command")
            else:
                shown.append(row)
        if current is not None:
            steps.append(command(*current, shown))
    return steps


def command(line: int, text: str, shown: list[str]) -> Command:
    code, _, comment = text.partition("#")
    exits = re.match(r"\s*exits (\d)\b", comment)
    argv = tuple(shlex.split(code))
    if not argv or argv[0] != "parity":
        raise AssertionError(f"README.md:{line}: only `parity ...` commands are replayed")
    return Command(line, argv, int(exits.group(1)) if exits else 0, tuple(shown))


def matches(shown: tuple[str, ...], real: list[str]) -> bool:
    """Whether the real lines are what the block shows, with its ``…`` elisions."""
    if not shown:
        return not real
    head, rest = shown[0], shown[1:]
    if head.strip() == ELLIPSIS:
        return any(matches(rest, real[i:]) for i in range(len(real) + 1))
    if not real:
        return False
    cut = head.endswith(ELLIPSIS)
    fits = real[0].startswith(head[:-len(ELLIPSIS)]) if cut else real[0] == head
    return fits and matches(rest, real[1:])


@pytest.fixture
def project(tmp_path: Path) -> Path:
    for name in PROJECT:
        source = REPO / name
        if source.is_dir():
            shutil.copytree(source, tmp_path / name,
                            ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            shutil.copy2(source, tmp_path / name)
    return tmp_path


def run(step: Command, project: Path) -> tuple[int, list[str]]:
    env = {**os.environ, "PYTHONPATH": str(project), "PYTHONUNBUFFERED": "1",
           "NO_COLOR": "1", "PARITY_CACHE_DIR": str(project / ".cache")}
    done = subprocess.run([sys.executable, "-m", "parity", *step.argv[1:]], cwd=project,
                          env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True, timeout=600, check=False)
    return done.returncode, done.stdout.splitlines()


def test_the_walkthrough_shows_what_parity_prints(project: Path) -> None:
    steps = blocks(README.read_text(encoding="utf-8"))
    assert sum(isinstance(s, Command) for s in steps) >= 8, "the walkthrough went missing"
    for step in steps:
        if isinstance(step, Patch):
            subprocess.run(["git", "apply", "--unidiff-zero", "-"], input=step.text,
                           cwd=project, text=True, check=True, capture_output=True)
            continue
        code, real = run(step, project)
        where = f"README.md:{step.line}: `{shlex.join(step.argv)}`"
        assert matches(step.shown, real), (
            f"{where} printed something else than the README shows; show the real output "
            "(run the walkthrough, or copy it from here):\n" + "\n".join(real))
        assert code == step.exit_code, (
            f"{where} exited {code}, the README says {step.exit_code} "
            "(state it as `# exits N: why`)")


def test_the_matcher_only_lets_marked_lines_go() -> None:
    assert matches(("a", "…", "d"), ["a", "b", "c", "d"])
    assert matches(("a", "  …", "b"), ["a", "b"])
    assert matches(("x (planted: …",), ["x (planted: a stub)"])
    assert not matches(("a", "d"), ["a", "b", "d"])
    assert not matches(("a",), ["a", "b"])
    assert not matches(("x (planted: …",), ["y (planted: a stub)"])
    assert not matches(("a", "…", "d"), ["a", "b"])
