"""``parity --help`` and every command's help: complete, and consistent with docs/cli.md."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import click
import pytest

from parity.cli.main import COMMANDS, cli, main

DOCS = Path(__file__).resolve().parents[2] / "docs"
OPTION = re.compile(r"(?<![\w-])--[a-z][a-z-]*")


def sections() -> dict[str, str]:
    """``## parity NAME`` section of docs/cli.md -> its text."""
    text = (DOCS / "cli.md").read_text()
    parts = re.split(r"^## parity (\S+)\n", text, flags=re.MULTILINE)
    return dict(zip(parts[1::2], parts[2::2], strict=True))


def options(name: str) -> set[str]:
    command = cli.get_command(click.Context(cli), name)
    assert command is not None
    return {o for p in command.params if isinstance(p, click.Option)
            for o in p.opts if o.startswith("--")}


def test_top_level_help_lists_every_command(capsys):
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    assert "Exit codes: 0 clean, 1 differences or drift found, 2 usage" in out
    for name, (_, line) in COMMANDS.items():
        assert re.search(rf"^  {name} +{re.escape(line)}$", out, re.MULTILINE), name


def test_docs_have_a_section_per_command():
    assert sorted(sections()) == sorted(COMMANDS)


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_command_help_shows_every_documented_option(name, capsys):
    assert main([name, "--help"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"Usage: parity {name} ")
    documented = set(OPTION.findall(sections()[name]))
    for option in sorted(documented | options(name)):
        assert option in out, f"{name} --help does not show {option}"
    # and the page lists every option the command has, and none it does not
    assert documented == options(name)


def test_documented_exit_codes_match_the_cli_docstring():
    text = (DOCS / "configuration.md").read_text()
    assert "Every command exits 0 when all is clean, 1 when it finds differences or drift" in text
    assert cli.help is not None and "3 unexpected error" in cli.help


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full here")
def test_output_the_device_cannot_take_is_an_error_not_a_bug():
    """``parity rules > /dev/full`` (a full disk): exit 2 saying so, not 3 ("a bug")."""
    with Path("/dev/full").open("w") as full:
        done = subprocess.run([sys.executable, "-m", "parity", "rules"], stdout=full,
                              stderr=subprocess.PIPE, text=True, check=False)
    assert done.returncode == 2, done.stderr
    assert "writing the output: No space left on device" in done.stderr
