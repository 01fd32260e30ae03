"""The benchmarks' own modules (``benchmarks/*.py``), loaded by path for the tests that hold
them to what they claim: ``benchmarks/`` is a folder of scripts, not a package."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"


def bench_module(name: str) -> ModuleType:
    """``benchmarks/<name>.py`` as the module ``bench_<name>``, loaded once."""
    qualified = f"bench_{name}"
    if qualified in sys.modules:
        return sys.modules[qualified]
    spec = importlib.util.spec_from_file_location(qualified, BENCHMARKS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[qualified] = module  # its dataclasses look themselves up
    spec.loader.exec_module(module)
    return module
