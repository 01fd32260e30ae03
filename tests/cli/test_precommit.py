"""The pre-commit hooks of ``.pre-commit-hooks.yaml``, run by the real ``pre-commit`` tool.

A temporary git repository holds parity itself (the hook repository); another holds a
project that uses parity: a pair whose two sides are JSON tool files, its committed
manifests and its baseline. ``pre-commit try-repo`` always installs the hook environment
into a store of its own (a fresh temporary directory, whatever ``PRE_COMMIT_HOME`` says), so
it runs once; every other scenario runs ``pre-commit run`` with the very configuration
try-repo writes and one store for the module (``PRE_COMMIT_HOME``), installed once, in the
background while try-repo runs.

pre-commit is a test dependency (``pip install -e '.[test]'``): without it this module fails
to import, loudly.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pre_commit  # noqa: F401 - a missing test dependency must fail, not skip
import pytest
import yaml

from parity.cli.main import main
from tests.projectfixtures import write_tools

REPO = Path(__file__).resolve().parents[2]
HOOKS = ["parity-check", "parity-extract"]

CONFIG = """\
[pairs.wf.agent]
tools_file = "tools/agent.json"
tool_id_form = "{server}-mcp:{tool}"

[pairs.wf.server]
tools_file = "tools/server.json"
"""


def clean_env(**extra: str) -> dict[str, str]:
    """The environment for git and pre-commit: an identity of our own, nothing inherited
    that could redirect git (GIT_DIR, GIT_INDEX_FILE in a hook) or skip a hook (SKIP)."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("GIT_", "PRE_COMMIT")) and k != "SKIP"}
    env.update(GIT_AUTHOR_NAME="parity tests", GIT_AUTHOR_EMAIL="tests@parity.invalid",
               GIT_COMMITTER_NAME="parity tests", GIT_COMMITTER_EMAIL="tests@parity.invalid",
               GIT_CONFIG_NOSYSTEM="1", NO_COLOR="1", **extra)
    return env


def git(cwd: Path, *args: str) -> str:
    done = subprocess.run(["git", "-c", "init.defaultBranch=main", "-c", "commit.gpgsign=false",
                           *args], cwd=cwd, env=clean_env(), capture_output=True, text=True,
                          check=True)
    return done.stdout.strip()


def commit_all(cwd: Path, message: str) -> None:
    git(cwd, "add", "-A")
    git(cwd, "commit", "-q", "-m", message)


def parity(root: Path, *args: str) -> int:
    return main([*args, "--config", str(root / "parity.toml")])


@pytest.fixture(scope="module")
def hook_repo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """parity as a git repository with the hook definitions committed (independent of the
    state of the working tree's own git)."""
    root = tmp_path_factory.mktemp("parity-hooks")
    for name in ("pyproject.toml", "README.md", ".pre-commit-hooks.yaml"):
        if (REPO / name).exists():
            shutil.copy2(REPO / name, root / name)
    shutil.copytree(REPO / "parity", root / "parity",
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    git(root, "init", "-q")
    commit_all(root, "parity")
    return root


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory, hook_repo: Path) -> Path:
    """A committed project using parity: manifests up to date, one baselined difference,
    and the hooks configured as ``try-repo`` configures them."""
    root = tmp_path_factory.mktemp("project-template")
    (root / "parity.toml").write_text(CONFIG)
    (root / "README.txt").write_text("a project that keeps its agent and server in step\n")
    write_tools(root, "limit")
    assert parity(root, "extract") == 0
    assert main(["baseline", "--init", "--config", str(root / "parity.toml")]) == 0
    config = {"repos": [{"repo": str(hook_repo), "rev": git(hook_repo, "rev-parse", "HEAD"),
                         "hooks": [{"id": h} for h in HOOKS]}]}
    (root / ".pre-commit-config.yaml").write_text(yaml.safe_dump(config))
    git(root, "init", "-q")
    commit_all(root, "a project using parity")
    return root


@pytest.fixture
def project(template: Path, tmp_path: Path) -> Path:
    root = tmp_path / "project"
    shutil.copytree(template, root)
    return root


@pytest.fixture(scope="module", autouse=True)
def store(tmp_path_factory: pytest.TempPathFactory, template: Path,
          ) -> Iterator[Callable[[], Path]]:
    """The module's pre-commit store, installed by ``pre-commit install-hooks`` in the
    background from the start of the module; calling the fixture's value waits for it."""
    home = tmp_path_factory.mktemp("pre-commit-home")
    log = home / "install.log"
    with log.open("w") as out:
        process = subprocess.Popen([sys.executable, "-m", "pre_commit", "install-hooks"],
                                   cwd=template, stdout=out, stderr=subprocess.STDOUT,
                                   env=clean_env(PRE_COMMIT_HOME=str(home)))

    def ready() -> Path:
        process.wait(900)
        assert process.returncode == 0, log.read_text()
        return home

    try:
        yield ready
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


Run = Callable[..., subprocess.CompletedProcess[str]]


@pytest.fixture
def pre_commit_run(project: Path, store: Callable[[], Path]) -> Run:
    """``pre-commit run ARGS`` in the project, with the module's store."""
    home = store()

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "pre_commit", "run", "--color=never",
                               *args], cwd=project, capture_output=True, text=True,
                              env=clean_env(PRE_COMMIT_HOME=str(home)), timeout=900,
                              check=False)
    return run


def status(output: str) -> dict[str, str]:
    """Hook name -> ``Passed``/``Failed``/``Skipped`` from pre-commit's output."""
    names = {"parity check (shrink-only baseline)": "parity-check",
             "parity manifests are up to date": "parity-extract"}
    found = {}
    for line in output.splitlines():
        for name, hook in names.items():
            if line.startswith(name + "."):
                found[hook] = line.rsplit(".", 1)[-1].removeprefix("(no files to check)")
    return found


# -- the hook definitions ---------------------------------------------------------------------


def test_hook_definitions_are_valid_and_take_no_file_names():
    done = subprocess.run([sys.executable, "-m", "pre_commit", "validate-manifest",
                           str(REPO / ".pre-commit-hooks.yaml")], capture_output=True,
                          text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    hooks = {h["id"]: h for h in yaml.safe_load((REPO / ".pre-commit-hooks.yaml").read_text())}
    assert sorted(hooks) == HOOKS
    assert hooks["parity-extract"]["entry"] == "parity extract --check"
    assert hooks["parity-check"]["entry"] == "parity check"
    for hook in hooks.values():
        assert hook["language"] == "python"
        assert hook["pass_filenames"] is False


def test_parity_check_imports_neither_mcp_nor_pydantic(template):
    # the hook's speed: `parity check` reads manifests, never the SDKs
    code = ("import sys; from parity.cli.main import main; rc = main(['check']); "
            "heavy = sorted({m.split('.')[0] for m in sys.modules} & "
            "{'mcp', 'pydantic', 'pydantic_core', 'deepdiff', 'anyio', 'httpx'}); "
            "print('HEAVY', heavy); sys.exit(rc)")
    done = subprocess.run([sys.executable, "-c", code], cwd=template, capture_output=True,
                          text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "HEAVY []" in done.stdout


# -- the real tool ----------------------------------------------------------------------------


def test_try_repo_fails_a_commit_whose_manifests_were_not_regenerated(project, hook_repo,
                                                                      tmp_path):
    write_tools(project, "limit", "offset")  # the stub changed; `parity extract` not run
    commit_all(project, "agent sends offset too")
    done = subprocess.run(
        [sys.executable, "-m", "pre_commit", "try-repo", "--color=never", str(hook_repo),
         "--all-files"], cwd=project, capture_output=True, text=True, timeout=900,
        env=clean_env(PRE_COMMIT_HOME=str(tmp_path / "unused-store")), check=False)
    out = done.stdout + done.stderr
    assert done.returncode == 1, out
    assert status(out) == {"parity-extract": "Failed", "parity-check": "Passed"}, out
    assert "wf: manifests/wf.agent.json: out of date" in out
    assert "manifests are out of date: run `parity extract wf` and commit them" in out


def test_both_hooks_pass_on_a_project_in_step(pre_commit_run):
    done = pre_commit_run("--all-files")
    out = done.stdout + done.stderr
    assert done.returncode == 0, out
    assert status(out) == {"parity-extract": "Passed", "parity-check": "Passed"}, out


def test_check_hook_fails_on_a_new_difference(project, pre_commit_run):
    write_tools(project, "limit", "offset")
    assert parity(project, "extract") == 0  # manifests regenerated: extract passes
    commit_all(project, "agent sends offset too")
    done = pre_commit_run("--all-files")
    out = done.stdout + done.stderr
    assert done.returncode == 1, out
    assert status(out) == {"parity-extract": "Passed", "parity-check": "Failed"}, out
    assert "error   in.unknown  offset" in out
    assert ("parity check: FAILED: 1 new difference (1 error, 0 warnings), "
            "0 stale baseline entries, 1 known") in out


def test_check_hook_fails_on_a_stale_entry_until_the_baseline_shrinks(project,
                                                                     pre_commit_run):
    write_tools(project)  # the agent no longer sends `limit`: the difference is fixed
    assert parity(project, "extract") == 0
    commit_all(project, "fix: agent stops sending limit")
    done = pre_commit_run("--all-files")
    out = done.stdout + done.stderr
    assert done.returncode == 1, out
    assert status(out) == {"parity-extract": "Passed", "parity-check": "Failed"}, out
    assert "1 stale baseline entry" in out

    assert parity(project, "baseline") == 0  # the fix shrinks the baseline in the same change
    commit_all(project, "baseline shrinks")
    done = pre_commit_run("--all-files")
    assert done.returncode == 0, done.stdout + done.stderr


def test_extract_runs_only_for_relevant_files_check_always(project, pre_commit_run):
    write_tools(project, "limit", "offset")  # stale manifests, which only extract would see
    commit_all(project, "agent sends offset too")

    done = pre_commit_run("--files", "README.txt")
    assert done.returncode == 0, done.stdout + done.stderr
    assert status(done.stdout) == {"parity-extract": "Skipped", "parity-check": "Passed"}

    done = pre_commit_run("--files", "tools/agent.json")
    assert done.returncode == 1, done.stdout + done.stderr
    assert status(done.stdout) == {"parity-extract": "Failed", "parity-check": "Passed"}

    done = pre_commit_run("--files", "manifests/wf.agent.json")
    assert done.returncode == 1, done.stdout + done.stderr
    assert status(done.stdout) == {"parity-extract": "Failed", "parity-check": "Passed"}


@pytest.mark.parametrize("deleted", ["baselines/wf.json", "manifests/wf.agent.json"])
def test_a_commit_that_only_deletes_a_file_the_check_reads_fails(project, pre_commit_run,
                                                                 deleted):
    # pre-commit passes no deleted file to a filter: the check runs on every commit
    git(project, "rm", "-q", deleted)
    done = pre_commit_run()  # the staged change, as at `git commit`
    out = done.stdout + done.stderr
    assert done.returncode != 0, out
    assert status(out)["parity-check"] == "Failed", out
