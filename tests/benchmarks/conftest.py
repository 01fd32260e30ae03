"""What the benchmarks' tests share."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from tests.benchmodules import BENCHMARKS


@pytest.fixture
def bench(tmp_path, monkeypatch):
    """The benchmarks' modules as ``run.py`` and ``instructions.py`` import them (the
    scripts' own folder on the path), the cache of generated pairs in ``tmp_path``."""
    monkeypatch.syspath_prepend(str(BENCHMARKS))
    import group_call
    import group_diff
    import group_startup
    import harness
    import workloads

    monkeypatch.setattr(workloads, "CACHE", tmp_path)
    return SimpleNamespace(harness=harness, workloads=workloads, group_call=group_call,
                           group_diff=group_diff, group_startup=group_startup)
