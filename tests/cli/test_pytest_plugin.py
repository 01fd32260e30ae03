"""The pytest plugin (``parity.cli.pytest_plugin``), run inside pytest by ``pytester``."""

from __future__ import annotations

import subprocess
import sys
from importlib.metadata import entry_points
from pathlib import Path

import pytest

import parity.contract.check
import parity.contract.report.text  # noqa: F401 - see below
from parity.cli.main import main
from tests.projectfixtures import write_tools as write_tool_files

pytest_plugins = ["pytester"]

# pytester's in-process runs drop every module they imported when they end, so each would
# import (and assertion-rewrite) parity's modules and other plugins' packages anew: parity's
# are imported here once, and the inner runs leave out plugins they do not need.
INNER = ("-p", "no:hypothesispytest", "-p", "no:anyio", "-p", "no:cacheprovider")

CONFIG = """\
[pairs.wf.agent]
tools_file = "tools/agent.json"
tool_id_form = "{server}-mcp:{tool}"

[pairs.wf.server]
tools_file = "tools/server.json"

[pairs.other.agent]
tools_file = "tools/server.json"

[pairs.other.server]
tools_file = "tools/server.json"
"""

TEST_ALL = """
def test_contracts(parity_check):
    report = parity_check()
    assert [p.pair for p in report.pairs] == ["other", "wf"]
"""


def write_tools(root: Path, *agent_fields: str) -> None:
    """The tool files, and the manifests extracted from them."""
    write_tool_files(root, *agent_fields)
    assert main(["extract", "--config", str(root / "parity.toml")]) == 0


@pytest.fixture
def project(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> pytest.Pytester:
    """A project whose pair ``wf`` has one baselined difference (the agent sends ``limit``);
    pair ``other`` compares the server with itself."""
    monkeypatch.delenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD", raising=False)  # load by entry point
    monkeypatch.setenv("NO_COLOR", "1")
    (pytester.path / "parity.toml").write_text(CONFIG)
    write_tools(pytester.path, "limit")
    assert main(["baseline", "--init", "--config", str(pytester.path / "parity.toml")]) == 0
    return pytester


def test_the_plugin_is_registered_under_pytest11():
    found = {e.name: e.value for e in entry_points(group="pytest11")}
    assert found.get("parity") == "parity.cli.pytest_plugin"


def test_importing_the_plugin_imports_nothing_heavy():
    # every pytest run of every project with parity installed imports it
    code = ("import sys; import parity.cli.pytest_plugin; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in "
            "{'jsonschema', 'referencing', 'mcp', 'pydantic', 'deepdiff', 'rfc8785', 'click'} "
            "or m in {'parity.contract.check', 'parity.config.settings', "
            "'parity.contract.report', 'parity.contract.baseline'}))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    assert done.stdout.strip() == "[]"


def test_fixture_passes_on_a_clean_check_and_returns_the_report(project):
    project.makepyfile(TEST_ALL)
    result = project.runpytest(*INNER)
    result.assert_outcomes(passed=1)


def test_fixture_fails_with_the_check_report(project):
    write_tools(project.path, "limit", "offset")  # a new difference
    project.makepyfile(TEST_ALL)
    result = project.runpytest(*INNER)
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines([
        "pair wf: 1 new difference (1 error, 0 warnings), 0 stale baseline entries, 1 known "
        "(1 without a reason)",
        "*error   in.unknown  offset",
        "parity check: FAILED: 1 new difference (1 error, 0 warnings), 0 stale baseline "
        "entries, 1 known (1 without a reason)",
    ])
    result.stdout.no_fnmatch_line("*report = parity_check()*")  # no traceback, the report


def test_fixture_fails_on_a_stale_entry(project):
    write_tools(project.path)  # the difference is fixed; its entry is stale
    project.makepyfile(TEST_ALL)
    result = project.runpytest(*INNER)
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*1 stale baseline entry*"])


def test_fixture_checks_the_named_pairs_with_a_given_config(project):
    write_tools(project.path, "limit", "offset")  # `wf` fails; `other` does not
    (project.path / "parity.toml").rename(project.path / "contracts.toml")
    project.makepyfile("""
        def test_other(parity_check):
            report = parity_check("other", config="contracts.toml")
            assert [p.pair for p in report.pairs] == ["other"]

        def test_unknown_pair(parity_check):
            parity_check("nope", config="contracts.toml")
    """)
    result = project.runpytest(*INNER)
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines(["*parity: error: *nope*"])


def test_without_the_option_no_items_are_added(project):
    project.makepyfile("def test_nothing():\n    pass\n")
    result = project.runpytest(*INNER, "-v")
    result.assert_outcomes(passed=1)
    result.stdout.no_fnmatch_line("*parity[[]*")


def test_option_adds_one_item_per_pair(project):
    write_tools(project.path, "limit", "offset")
    project.makepyfile("def test_nothing():\n    pass\n")
    result = project.runpytest(*INNER, "--parity", "-v")
    result.assert_outcomes(passed=2, failed=1)
    result.stdout.fnmatch_lines([
        "parity.toml::parity[[]other[]] PASSED*",
        "parity.toml::parity[[]wf[]] FAILED*",
    ])
    result.stdout.fnmatch_lines(["*error   in.unknown  offset"])
    # the items are marked, so they can be selected like any test
    project.runpytest(*INNER, "--parity", "-m", "not parity").assert_outcomes(passed=1)
    project.runpytest(*INNER, "--parity", "-k", "other").assert_outcomes(passed=1)


def test_ini_settings_turn_the_items_on(project):
    (project.path / "parity.toml").rename(project.path / "contracts.toml")
    project.makeini("[pytest]\nparity = true\nparity_config = contracts.toml\n")
    result = project.runpytest(*INNER, "-v")
    result.assert_outcomes(passed=2)
    result.stdout.fnmatch_lines(["contracts.toml::parity[[]wf[]] PASSED*"])


def test_a_configuration_error_fails_an_item(project):
    (project.path / "parity.toml").write_text('[pairs.wf.agent]\nsource = 3\n')
    result = project.runpytest(*INNER, "--parity")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*parity: error: *configuration mistake*"])


def test_option_without_a_configuration_is_a_usage_error(pytester, monkeypatch):
    monkeypatch.delenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD", raising=False)
    pytester.makeini("[pytest]\n")  # the rootdir, and no parity configuration above it
    result = pytester.runpytest(*INNER, "--parity")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*--parity: no parity configuration found*"])


def test_the_items_are_collected_counted_and_named_like_any_test(project):
    write_tools(project.path, "limit", "offset")
    project.makepyfile("def test_nothing():\n    pass\n")
    listed = project.runpytest(*INNER, "--parity", "--co", "-q")
    listed.stdout.fnmatch_lines(["parity.toml::parity[[]other[]]", "parity.toml::parity[[]wf[]]",
                                 "3 tests collected*"])
    # a failed item's node id runs it again, alone
    again = project.runpytest(*INNER, "--parity", "parity.toml::parity[wf]")
    again.assert_outcomes(failed=1)
    again.stdout.fnmatch_lines(["*error   in.unknown  offset"])


def test_paths_given_run_those_tests_and_the_pairs_only_when_the_file_is_named(project):
    project.makepyfile(test_one="def test_one():\n    pass\n")
    project.runpytest(*INNER, "--parity", "test_one.py").assert_outcomes(passed=1)
    project.runpytest(*INNER, "--parity", "test_one.py", "parity.toml").assert_outcomes(
        passed=3)
