"""Where ``--format github`` and ``--format sarif`` place a finding: the same file and line,
the file named as GitHub resolves it (from the workspace or the repository root)."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from parity.cli.main import main

REPO = Path(__file__).resolve().parents[2]
ANNOTATION = re.compile(r"^::(error|warning) file=([^,]+)(?:,line=(\d+))?,title=parity (\S+) ")
STALE = '    {"path": "gone", "rule": "in.enum", "tool": "workflow-mcp:check_phases"},\n'


def copy_example(root: Path) -> Path:
    """The bundled example (configuration, manifests, baseline) in ``root``, one of its
    entries removed (a new difference) and one added (a stale entry)."""
    root.mkdir(parents=True)
    shutil.copy2(REPO / "pyproject.toml", root / "pyproject.toml")
    for folder in ("manifests", "baselines", "examples"):
        shutil.copytree(REPO / folder, root / folder,
                        ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    file = root / "baselines" / "workflow.json"
    lines = [line for line in file.read_text().splitlines(keepends=True)
             if '"path": "phases[].name"' not in line]
    file.write_text("".join([*lines[:2], STALE, *lines[2:]]))
    return root


@pytest.fixture(autouse=True)
def no_workspace(monkeypatch):
    monkeypatch.delenv("GITHUB_WORKSPACE", raising=False)


def report(capsys, fmt: str, *args: str) -> str:
    assert main(["check", "--format", fmt, *args]) == 1
    return capsys.readouterr().out


def annotations(text: str) -> list[tuple[str, str, str | None]]:
    """(rule, file, line) of each annotation of a finding or entry."""
    found = [ANNOTATION.match(line) for line in text.splitlines()]
    return [(m.group(4), m.group(2), m.group(3)) for m in found if m]


def sarif_places(text: str) -> list[tuple[str, str, str | None]]:
    places = []
    for result in json.loads(text)["runs"][0]["results"]:
        if result.get("baselineState") == "unchanged":
            continue  # known: the github format sums them up in one notice
        physical = result["locations"][0]["physicalLocation"]
        line = physical.get("region", {}).get("startLine")
        places.append((result["ruleId"], physical["artifactLocation"]["uri"],
                       None if line is None else str(line)))
    return places


def test_sarif_results_carry_the_line_the_annotation_names(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(copy_example(tmp_path / "example"))
    github, sarif = report(capsys, "github"), report(capsys, "sarif")
    places = annotations(github)
    rules = {rule for rule, _, _ in places}
    assert {"in.unknown", "stale"} <= rules, github
    assert all(line is not None for _, _, line in places), places
    # the stale entry: "parity stale baseline entry" in the annotation's title
    assert sorted(p if p[0] != "stale" else ("baseline.stale", *p[1:]) for p in places) == \
        sorted(sarif_places(sarif))
    known = [r for r in json.loads(sarif)["runs"][0]["results"]
             if r.get("baselineState") == "unchanged"]
    assert known and all("region" in r["locations"][0]["physicalLocation"] for r in known)
    assert all("region" in r["suppressions"][0]["location"]["physicalLocation"]
               for r in known)


@pytest.mark.parametrize("git", ["dir", "file"])  # a file: a worktree's or a submodule's
def test_paths_are_from_the_repository_root_above_the_configuration(tmp_path, monkeypatch,
                                                                    capsys, git):
    mono = tmp_path / "mono"
    svc = copy_example(mono / "svc")
    if git == "dir":
        (mono / ".git").mkdir()
    else:
        (mono / ".git").write_text("gitdir: /elsewhere/.git/worktrees/mono\n")
    monkeypatch.chdir(svc)
    files = {file for _, file, _ in annotations(report(capsys, "github"))}
    assert files == {"svc/manifests/workflow.agent.json", "svc/baselines/workflow.json"}
    assert {file for _, file, _ in sarif_places(report(capsys, "sarif"))} == files
    # from elsewhere, the configuration named: its repository still
    monkeypatch.chdir(tmp_path)
    github = report(capsys, "github", "--config", str(svc / "pyproject.toml"))
    assert {file for _, file, _ in annotations(github)} == files


def test_paths_are_from_the_github_workspace_when_it_is_set(tmp_path, monkeypatch, capsys):
    svc = copy_example(tmp_path / "work" / "svc")  # no .git at all: the workspace decides
    monkeypatch.chdir(svc)
    monkeypatch.setenv("GITHUB_WORKSPACE", str(tmp_path / "work"))
    files = {file for _, file, _ in annotations(report(capsys, "github"))}
    assert files == {"svc/manifests/workflow.agent.json", "svc/baselines/workflow.json"}
    # a path outside the workspace stays as it is
    monkeypatch.setenv("GITHUB_WORKSPACE", str(tmp_path / "other"))
    files = {file for _, file, _ in annotations(report(capsys, "github"))}
    assert files == {"manifests/workflow.agent.json", "baselines/workflow.json"}


def test_paths_stay_as_they_are_without_workspace_or_repository(tmp_path, monkeypatch,
                                                                capsys):
    monkeypatch.chdir(copy_example(tmp_path / "svc"))
    files = {file for _, file, _ in sarif_places(report(capsys, "sarif"))}
    assert files == {"manifests/workflow.agent.json", "baselines/workflow.json"}


@pytest.mark.parametrize("separator", ["\u2028", "\u0085", "\u2029"])
def test_a_reason_holding_a_line_separator_keeps_the_lines_the_file_has(tmp_path, monkeypatch,
                                                                        capsys, separator):
    # JSON holds them raw; a file's lines end at "\n" alone, as GitHub counts them
    root = copy_example(tmp_path / "example")
    file = root / "baselines" / "workflow.json"
    lines = file.read_text().splitlines(keepends=True)
    assert lines[2] == STALE
    held = lines[3].replace('"reason": "', f'"reason": "a{separator}b ', 1)
    assert held != lines[3]
    file.write_text("".join([*lines[:2], held, STALE, *lines[4:]]))  # the stale entry 4th
    monkeypatch.chdir(root)
    stale = [line for rule, _, line in annotations(report(capsys, "github")) if rule == "stale"]
    assert stale == ["4"], stale
