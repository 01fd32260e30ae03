"""pytest plugin (entry point ``pytest11``): keep a parity check among a project's tests.

Two ways in (docs/ci.md):

- the ``parity_check`` fixture, a callable: ``parity_check("workflow")`` runs ``parity check``
  for the named pairs (all when none are named) and fails the test with the same report
  when there is a new difference, a stale or changed baseline entry or baseline growth;
- ``pytest --parity`` (or ``parity = true`` in the pytest ini settings) collects the
  configuration file with the suite: one test item per configured pair,
  ``<config file>::parity[<pair>]``, marked ``parity`` (with paths given, when the file is
  one of them).

Every pytest run of a project that installs parity imports this module, so it imports
nothing but pytest and the standard library; parity's own modules are imported when a check
runs.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from parity.contract.report import Report

CheckPairs = Callable[..., "Report"]


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("parity", "parity: agent and MCP server tool contracts")
    group.addoption("--parity", action="store_true", default=False,
                    help="add one test per configured parity pair, running `parity check`")
    group.addoption("--parity-config", metavar="PATH", default=None,
                    help="parity configuration file (default: the nearest parity.toml or "
                         "pyproject.toml with [tool.parity], from the rootdir up)")
    parser.addini("parity", type="bool", default=False,
                  help="add one test per configured parity pair (as --parity)")
    parser.addini("parity_config", default="",
                  help="parity configuration file, relative to the rootdir")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "parity: a `parity check` of one pair (--parity)")
    if config.getoption("parity") or config.getini("parity"):
        _collect_pairs(config)


def _config_path(config: pytest.Config) -> Path | None:
    option = config.getoption("parity_config")
    if option:
        return Path(option).resolve()
    ini = config.getini("parity_config")
    return config.rootpath / ini if ini else None


def run_check(pairs: Sequence[str] = (), *, config: str | Path | None = None,
              start: Path | None = None, against: str | None = None) -> Report:
    """``parity check`` as a library call: the report, whatever it says.

    Raises ``pytest.fail`` (without a traceback) for a configuration or input error, with
    the message ``parity check`` would print.
    """
    from parity.config.settings import load_config
    from parity.contract.check import check
    from parity.errors import ParityError

    try:
        loaded = load_config(config, cwd=start)
        return check(loaded.select_pairs(pairs), against=against)
    except ParityError as exc:
        pytest.fail(f"parity: error: {exc}", pytrace=False)


def fail_unless_ok(report: Report) -> Report:
    """Fail the test with ``parity check``'s text report unless the report is clean."""
    if not report.ok:
        from parity.contract.report import get_formatter

        pytest.fail(get_formatter("text").render(report).rstrip("\n"), pytrace=False)
    return report


@pytest.fixture
def parity_check(request: pytest.FixtureRequest) -> CheckPairs:
    """``parity_check(*pairs, config=None, against=None) -> Report``: run ``parity check``
    for the named pairs (default: every configured pair) and fail the test with its report
    on a new difference, a stale or changed baseline entry or (with ``against``) baseline
    growth.

    The configuration is ``config`` (relative to pytest's rootdir), else ``--parity-config``
    or the ``parity_config`` ini setting, else the nearest one from the rootdir up.
    """
    pytest_config = request.config

    def run(*pairs: str, config: str | Path | None = None,
            against: str | None = None) -> Report:
        chosen = (pytest_config.rootpath / config if config is not None
                  else _config_path(pytest_config))
        report = run_check(pairs, config=chosen, start=pytest_config.rootpath,
                           against=against)
        return fail_unless_ok(report)

    return run


# -- --parity: one item per pair --------------------------------------------------------------


class ParityItem(pytest.Item):
    """``parity check PAIR`` as a test; ``error`` is a configuration error to report."""

    def __init__(self, *, pair: str | None, config_file: Path, error: str | None = None,
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.pair = pair
        self.config_file = config_file
        self.error = error
        self.add_marker("parity")

    def runtest(self) -> None:
        if self.error is not None or self.pair is None:
            pytest.fail(self.error or "parity: no pair", pytrace=False)
        fail_unless_ok(run_check([self.pair], config=self.config_file))

    def reportinfo(self) -> tuple[Path, int | None, str]:
        return self.config_file, None, f"parity check {self.pair or ''}".rstrip()


class ParityFile(pytest.File):
    """The parity configuration file, collected as one item per pair (or, when it cannot
    be read, one item that fails with the error)."""

    def collect(self) -> list[ParityItem]:
        from parity.config.settings import load_config
        from parity.errors import ParityError

        try:
            names = sorted(load_config(self.path).pairs)
        except ParityError as exc:
            return [ParityItem.from_parent(self, name="parity", pair=None,
                                           config_file=self.path,
                                           error=f"parity: error: {exc}")]
        return [ParityItem.from_parent(self, name=f"parity[{name}]", pair=name,
                                       config_file=self.path) for name in names]


#: the configuration file whose pairs ``--parity`` collects
_CONFIG_FILE = pytest.StashKey[Path]()


def _collect_pairs(config: pytest.Config) -> None:
    """Resolve the configuration file ``--parity`` collects and, for a whole-suite run (no
    paths given), add it to what pytest collects: its items are then collected, counted,
    selected and named (``pytest parity.toml::parity[wf]``) like any test's."""
    file = _config_path(config)
    if file is None:
        from parity.config.settings import find_config

        file = find_config(config.rootpath)
    if file is None:
        raise pytest.UsageError("--parity: no parity configuration found from the rootdir "
                                "(parity.toml, or pyproject.toml with [tool.parity]); "
                                "set --parity-config or the parity_config ini setting")
    config.stash[_CONFIG_FILE] = file
    if config.args_source is not pytest.Config.ArgsSource.ARGS:
        config.args.append(str(file))  # paths given: the items run when the file is named


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> ParityFile | None:
    if file_path == parent.config.stash.get(_CONFIG_FILE, None):
        return ParityFile.from_parent(parent, path=file_path)
    return None
