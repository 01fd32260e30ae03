"""What the benchmarks' tests share."""

from __future__ import annotations

import pytest

from tests.benchmodules import BENCHMARKS


@pytest.fixture
def bench_run(tmp_path, monkeypatch):
    """``run.py`` as ``instructions.py`` imports it (the scripts' own folder on the path),
    its cache of generated pairs in ``tmp_path``."""
    monkeypatch.syspath_prepend(str(BENCHMARKS))
    import run

    monkeypatch.setattr(run, "CACHE", tmp_path)
    return run
