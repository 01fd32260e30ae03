"""No command writes its output over one of its own inputs: ``lock --lock``, ``check -o``,
``diff -o``, ``snapshot --output`` and ``probe -o`` refuse (exit 2, the file untouched)
whatever the spelling of the path: relative or absolute, through a link, a hard link."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from parity.cli.main import main
from tests.projectfixtures import TOOLS_FILES_CONFIG, write_tools


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A pair of tool files with its manifests extracted and its baseline created."""
    (tmp_path / "parity.toml").write_text(TOOLS_FILES_CONFIG)
    write_tools(tmp_path, "limit")
    monkeypatch.chdir(tmp_path)
    assert main(["extract"]) == 0
    assert main(["baseline", "--init"]) == 0
    return tmp_path


def refused(capsys: pytest.CaptureFixture[str], argv: list[str], file: Path,
            what: str) -> None:
    capsys.readouterr()
    before = file.read_bytes()
    code = main(argv)
    err = capsys.readouterr().err
    assert code == 2, err
    assert f"not written: this is the {what} input" in err, err
    assert "Traceback" not in err
    assert file.read_bytes() == before


@pytest.mark.parametrize(("argv", "file", "what"), [
    (["check", "-o", "baselines/wf.json"], "baselines/wf.json", "baseline"),
    (["check", "--format", "json", "-o", "manifests/wf.agent.json"],
     "manifests/wf.agent.json", "agent manifest"),
    (["check", "wf", "-o", "manifests/wf.server.json"], "manifests/wf.server.json",
     "server manifest"),
    (["check", "-o", "parity.toml"], "parity.toml", "configuration"),
    (["diff", "--agent-file", "tools/agent.json", "--server-file", "tools/server.json",
      "-o", "tools/agent.json"], "tools/agent.json", "--agent-file"),
    (["diff", "--agent-file", "tools/agent.json", "--server-file", "tools/server.json",
      "-o", "tools/../tools/server.json"], "tools/server.json", "--server-file"),
    (["lock", "--yes", "--tools-file", "tools/server.json", "--lock", "tools/server.json"],
     "tools/server.json", "--tools-file"),
    (["snapshot", "--tools-file", "tools/server.json", "--output", "tools/server.json"],
     "tools/server.json", "--tools-file"),
    (["snapshot", "wf", "--output", "parity.toml"], "parity.toml", "configuration"),
])
def test_an_output_over_an_input_is_refused(project: Path, capsys: pytest.CaptureFixture[str],
                                            argv: list[str], file: str, what: str) -> None:
    refused(capsys, argv, project / file, what)


def test_a_configured_lock_over_its_tools_file_or_the_configuration_is_refused(
        project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = project / "parity.toml"
    config.write_text(TOOLS_FILES_CONFIG.replace(
        'tools_file = "tools/server.json"\n',
        'tools_file = "tools/server.json"\nlock = "tools/server.json"\n', 1))
    before = (project / "tools" / "server.json").read_bytes()
    assert main(["lock", "--yes", "wf"]) == 2  # a configuration mistake, naming both keys
    assert ("servers.wf.lock = 'tools/server.json': expected a file of its own, but the lock "
            "servers.wf.lock is also the tool file servers.wf.tools_file"
            in capsys.readouterr().err)
    assert (project / "tools" / "server.json").read_bytes() == before
    config.write_text(TOOLS_FILES_CONFIG.replace(
        'tools_file = "tools/server.json"\n',
        'tools_file = "tools/server.json"\nlock = "parity.toml"\n', 1))
    refused(capsys, ["lock", "--yes", "wf"], config, "configuration")


def test_any_spelling_of_the_input_is_the_input(project: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    """Absolute for relative, a symbolic link to it, a hard link of it: the same file."""
    baseline = project / "baselines" / "wf.json"
    (project / "report.json").symlink_to(baseline)
    os.link(baseline, project / "hard.json")
    for output in (str(baseline), "report.json", "hard.json"):
        refused(capsys, ["check", "-o", output], baseline, "baseline")


def test_another_file_and_a_stream_are_written(project: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    """Not an input: written as before; so is a stream (written in place, never
    replaced)."""
    assert main(["check", "-o", "report.txt"]) == 0
    assert "parity check: ok" in (project / "report.txt").read_text()
    empty = project / "empty.json"
    empty.write_text('{"tools": []}')
    assert main(["diff", "--agent-file", str(empty), "--server-file", str(empty),
                 "-o", os.devnull]) == 0
