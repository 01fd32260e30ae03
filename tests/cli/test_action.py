"""The GitHub Action (``action.yml``): its shape, and its check step run by bash on a copy of
the bundled example, with the files and variables a runner provides."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

REPO = Path(__file__).resolve().parents[2]
ACTION = yaml.safe_load((REPO / "action.yml").read_text())
#: what the bundled example's baseline holds (baselines/workflow.json)
NAME_ENTRY = '"path": "phases[].name"'
INPUT_EXPR = re.compile(r"^\$\{\{ inputs\.([a-z-]+) \}\}$")


def step(step_id: str) -> dict:
    return next(s for s in ACTION["runs"]["steps"] if s.get("id") == step_id)


def git_env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("GIT_")}
    env.update(GIT_AUTHOR_NAME="parity tests", GIT_AUTHOR_EMAIL="tests@parity.invalid",
               GIT_COMMITTER_NAME="parity tests", GIT_COMMITTER_EMAIL="tests@parity.invalid",
               GIT_CONFIG_NOSYSTEM="1")
    return env


def git(cwd: Path, *args: str) -> str:
    done = subprocess.run(["git", "-c", "init.defaultBranch=main", "-c", "commit.gpgsign=false",
                           *args], cwd=cwd, env=git_env(), capture_output=True, text=True,
                          check=True)
    return done.stdout.strip()


def commit_all(cwd: Path, message: str) -> str:
    git(cwd, "add", "-A")
    git(cwd, "commit", "-q", "-m", message)
    return git(cwd, "rev-parse", "HEAD")


@pytest.fixture
def example(tmp_path: Path) -> Path:
    """The bundled example's configuration, manifests and baseline (no server is started:
    ``parity check`` reads only the manifests)."""
    root = tmp_path / "example"
    root.mkdir()
    shutil.copy2(REPO / "pyproject.toml", root / "pyproject.toml")
    for folder in ("manifests", "baselines", "examples"):
        shutil.copytree(REPO / folder, root / folder,
                        ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    return root


def drop_entry(root: Path, needle: str) -> str:
    """Remove the baseline line holding ``needle``; return it."""
    file = root / "baselines" / "workflow.json"
    lines = file.read_text().splitlines(keepends=True)
    (gone,) = [line for line in lines if needle in line]
    file.write_text("".join(line for line in lines if line is not gone))
    return gone


def line_of(file: Path, needle: str) -> int:
    return next(i for i, line in enumerate(file.read_text().splitlines(), 1) if needle in line)


class Ran:
    def __init__(self, done: subprocess.CompletedProcess[str], summary: Path, output: Path):
        self.code = done.returncode
        self.stdout = done.stdout
        self.stderr = done.stderr
        self.summary = summary.read_text()
        self.output = output.read_text()


def run_check_step(cwd: Path, tmp_path: Path, base_ref: str | None = None,
                   **inputs: str) -> Ran:
    """Run the check step's script as the runner would: ``bash -e`` (a composite step's
    ``shell: bash``), its ``env`` filled from ``inputs`` or their declared defaults, and the
    runner's summary and output files."""
    check = step("check")
    assert check["shell"] == "bash"
    values = {name: spec.get("default", "") for name, spec in ACTION["inputs"].items()}
    unknown = set(inputs) - set(values)
    assert not unknown, unknown
    values.update(inputs)
    env = git_env()
    env.pop("GITHUB_BASE_REF", None)
    for name, expression in check["env"].items():
        match = INPUT_EXPR.match(expression)
        assert match, f"{name}: {expression}"
        env[name] = values[match.group(1)]
    summary = tmp_path / "step_summary.md"
    output = tmp_path / "github_output"
    summary.write_text("")
    output.write_text("")
    env.update(GITHUB_STEP_SUMMARY=str(summary), GITHUB_OUTPUT=str(output), NO_COLOR="1",
               PATH=f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}")
    if base_ref is not None:
        env["GITHUB_BASE_REF"] = base_ref
    script = tmp_path / "check-step.sh"
    script.write_text(check["run"])
    done = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", str(script)],
                          cwd=cwd, env=env, capture_output=True, text=True, timeout=120,
                          check=False)
    return Ran(done, summary, output)


# -- the shape --------------------------------------------------------------------------------


def test_action_declares_its_inputs_and_output():
    assert ACTION["runs"]["using"] == "composite"
    inputs = ACTION["inputs"]
    assert {"pairs", "config", "against", "python-version"} <= set(inputs)
    assert all(spec["required"] is False for spec in inputs.values())
    assert inputs["against"]["default"] == ""
    assert "pull request's base" in inputs["against"]["description"]
    assert inputs["python-version"]["default"] == "3.12"
    assert ACTION["outputs"]["exit-code"]["value"] == "${{ steps.check.outputs.exit-code }}"


def test_action_sets_up_python_installs_parity_then_checks():
    setup, install, check = ACTION["runs"]["steps"]
    assert setup["uses"].startswith("actions/setup-python@")
    assert setup["with"]["python-version"] == "${{ inputs.python-version }}"
    assert "pip install" in install["run"]
    assert install["env"]["ACTION_PATH"] == "${{ github.action_path }}"
    assert check["id"] == "check"
    assert check["env"] == {"PARITY_PAIRS": "${{ inputs.pairs }}",
                            "PARITY_CONFIG": "${{ inputs.config }}",
                            "PARITY_AGAINST": "${{ inputs.against }}"}
    assert "--format github" in check["run"]
    assert "--format markdown" in check["run"] and "$GITHUB_STEP_SUMMARY" in check["run"]
    for s in (install, check):  # a composite run step must name its shell
        assert s["shell"] == "bash"
    subprocess.run(["bash", "-n"], input=check["run"], text=True, check=True)


def test_this_repository_dogfoods_the_action_next_to_its_ci():
    workflows = REPO / ".github" / "workflows"
    dogfood = yaml.safe_load((workflows / "parity.yml").read_text())
    steps = dogfood["jobs"]["parity"]["steps"]
    assert any(s.get("uses") == "./" for s in steps)
    assert any("parity extract --check" in s.get("run", "") for s in steps)
    # yaml reads the bare key `on` as True
    assert "pull_request" in (dogfood.get("on") or dogfood.get(True))
    assert "test" in yaml.safe_load((workflows / "ci.yml").read_text())["jobs"]


# -- the check step on the example ------------------------------------------------------------


def test_passes_on_the_committed_baseline_and_writes_the_summary(example, tmp_path):
    ran = run_check_step(example, tmp_path)
    assert ran.code == 0, ran.stdout + ran.stderr
    assert "::error" not in ran.stdout
    assert "::notice title=parity known differences (workflow)::12 known" in ran.stdout
    assert ran.stdout.splitlines()[-1].startswith("parity check: ok: ")
    assert ran.summary.startswith("## ✅ parity check: 0 new differences")
    assert "<details><summary>12 known differences (baselined)</summary>" in ran.summary
    assert ran.output == "exit-code=0\n"


def test_fails_with_annotations_on_the_manifest_line_when_an_entry_is_removed(example,
                                                                               tmp_path):
    drop_entry(example, NAME_ENTRY)
    ran = run_check_step(example, tmp_path)
    assert ran.code == 1, ran.stdout + ran.stderr
    errors = [line for line in ran.stdout.splitlines() if line.startswith("::error")]
    line = line_of(example / "manifests" / "workflow.agent.json", '"phases[].name"')
    assert len(errors) == 1
    assert errors[0].startswith(
        f"::error file=manifests/workflow.agent.json,line={line},title=parity in.unknown "
        "(workflow)::workflow-mcp:check_phases phases[].name: the agent sends")
    assert ran.summary.startswith("## ❌ parity check: 1 new difference (1 error, 0 warnings)")
    assert "| error | `workflow-mcp:check_phases` | `in.unknown` | `phases[].name` |" \
        in ran.summary
    assert ran.output == "exit-code=1\n"


def test_a_stale_entry_is_annotated_on_its_baseline_line(example, tmp_path):
    file = example / "baselines" / "workflow.json"
    stale = '    {"path": "gone", "rule": "in.enum", "tool": "workflow-mcp:check_phases"},\n'
    lines = file.read_text().splitlines(keepends=True)
    file.write_text("".join([*lines[:2], stale, *lines[2:]]))
    ran = run_check_step(example, tmp_path)
    assert ran.code == 1
    assert ("::error file=baselines/workflow.json,line=3,title=parity stale baseline entry "
            "(workflow)::workflow-mcp:check_phases in.enum gone: the difference is gone"
            ) in ran.stdout
    assert ran.output == "exit-code=1\n"


def test_a_server_only_path_is_annotated_in_the_server_manifest(example, tmp_path):
    drop_entry(example, '"path": "phases[].phase_id"')
    ran = run_check_step(example, tmp_path)
    assert ran.code == 1
    server = example / "manifests" / "workflow.server.json"
    line = line_of(server, '"phases[].phase_id"')
    assert (f"::error file=manifests/workflow.server.json,line={line},title=parity "
            "in.missing-required (workflow)::") in ran.stdout


def test_pairs_and_config_inputs_reach_the_command(example, tmp_path):
    ran = run_check_step(example, tmp_path, pairs="workflow", config="pyproject.toml")
    assert ran.code == 0, ran.stdout + ran.stderr
    ran = run_check_step(example, tmp_path, pairs="workflow nope")
    assert ran.code == 2
    assert "nope" in ran.stderr
    assert "::error title=parity::parity check could not run (exit 2)" in ran.stdout
    assert ran.output == "exit-code=2\n"


# -- the ratchet on a pull request ------------------------------------------------------------


@pytest.fixture
def pull_request(example, tmp_path):
    """An upstream whose main has the baseline without one entry, and a clone checked out
    on a pull-request branch that adds it back (the baseline grew), as actions/checkout
    leaves it: without the base branch's ref."""
    upstream = example
    gone = drop_entry(upstream, NAME_ENTRY)
    git(upstream, "init", "-q")
    base = commit_all(upstream, "base: one difference fewer accepted")
    clone = tmp_path / "clone"
    git(tmp_path, "clone", "-q", str(upstream), str(clone))
    git(clone, "checkout", "-q", "-b", "pr")
    file = clone / "baselines" / "workflow.json"
    lines = file.read_text().splitlines(keepends=True)
    file.write_text("".join([*lines[:4], gone, *lines[4:]]))
    commit_all(clone, "accept phases[].name")
    git(clone, "update-ref", "-d", "refs/remotes/origin/main")
    return clone, base


def test_the_pull_requests_base_is_fetched_and_growth_fails(pull_request, tmp_path):
    clone, _ = pull_request
    assert run_check_step(clone, tmp_path).code == 0  # on a push: no ratchet
    ran = run_check_step(clone, tmp_path, base_ref="main")
    assert ran.code == 1, ran.stdout + ran.stderr
    line = line_of(clone / "baselines" / "workflow.json", NAME_ENTRY)
    assert (f"::error file=baselines/workflow.json,line={line},title=parity baseline grew "
            "(workflow)::workflow-mcp:check_phases in.unknown phases[].name was added since "
            "origin/main") in ran.stdout
    assert "**Baseline entries added since `origin/main`**" in ran.summary
    assert ran.output == "exit-code=1\n"
    assert git(clone, "rev-parse", "origin/main")  # fetched


def test_the_against_input_overrides_the_base(pull_request, tmp_path):
    clone, base = pull_request
    ran = run_check_step(clone, tmp_path, against=base, base_ref="main")
    assert ran.code == 1
    assert f"was added since {base}" in ran.stdout
    head = git(clone, "rev-parse", "HEAD")
    assert run_check_step(clone, tmp_path, against=head, base_ref="main").code == 0


def test_github_format_names_no_line_for_files_it_cannot_read(tmp_path, monkeypatch):
    # `parity diff` names tool files, not manifests: annotations keep the file alone
    from parity.contract.report._places import LinedFile

    monkeypatch.chdir(tmp_path)
    (tmp_path / "agent.json").write_text(json.dumps({"tools": [{"name": "tools"}]}))
    assert LinedFile("agent.json").lines == {}
    assert LinedFile("missing.json").lines == {}
    assert LinedFile(None).lines == {}


def test_github_format_puts_tool_and_output_findings_on_their_lines(tmp_path, monkeypatch):
    from parity.contract.check import diff
    from parity.contract.report import PairReport, Report, get_formatter
    from parity.fieldpaths import manifest as mf
    from parity.fieldpaths.tooldefs import manifest_from_definitions

    monkeypatch.chdir(tmp_path)
    out = {"type": "object", "properties": {"ok": {"type": "boolean"}}}
    agent = manifest_from_definitions(
        [{"name": "a-mcp:gone", "inputSchema": {"type": "object"}},
         {"name": "a-mcp:run", "inputSchema": {"type": "object"}, "outputSchema": out}],
        side="agent", source="agent.json", server="a", tool_id_form="{server}-mcp:{tool}")
    server = manifest_from_definitions([{"name": "run", "inputSchema": {"type": "object"}}],
                                       side="server", source="server.json")
    mf.write(agent, "agent.manifest.json")
    mf.write(server, "server.manifest.json")
    verdict = diff(agent, server).pairs[0].verdict
    report = Report("diff", (PairReport(pair="p", verdict=verdict,
                                        agent_source="agent.manifest.json",
                                        server_source="server.manifest.json"),))
    text = get_formatter("github").render(report)
    gone = line_of(tmp_path / "agent.manifest.json", '"a-mcp:gone"')
    null = line_of(tmp_path / "server.manifest.json", '"out": null')
    assert f"::error file=agent.manifest.json,line={gone},title=parity tool.missing" in text
    assert (f"::warning file=server.manifest.json,line={null},title=parity out.undeclared"
            in text)


def test_the_documented_job_without_the_action_summarises_the_check_it_ran():
    # a summary without the ratchet headlined a pull request failed by baseline growth green
    blocks = re.findall(r"```yaml\n(.*?)```", (REPO / "docs" / "ci.md").read_text(), re.S)
    jobs = [d for d in map(yaml.safe_load, blocks) if isinstance(d, dict)]
    runs = [s["run"] for d in jobs for s in d.get("steps", [])
            if "parity check" in s.get("run", "")]
    assert len(runs) == 2, runs
    assert len({re.sub(r"--format \w+|>>.*", "", r).strip() for r in runs}) == 1, runs
