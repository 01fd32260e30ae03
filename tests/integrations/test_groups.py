"""``find_drift_error`` and ``drift_errors``: a ``ToolDriftError`` raised inside a task group
reaches the caller unwrapped; anything else passes as it was."""

from __future__ import annotations

import sys

import anyio
import pytest

import parity
from parity.errors import ToolDriftError

if sys.version_info < (3, 11):  # pragma: no cover
    from exceptiongroup import ExceptionGroup


def test_found_in_nested_groups_and_causes() -> None:
    drift = ToolDriftError("1 tool differs from the lock: refused", changes=None)
    nested = ExceptionGroup("outer", [ValueError("x"), ExceptionGroup("inner", [drift])])
    assert parity.find_drift_error(nested) is drift
    try:
        raise RuntimeError("wrapped") from drift
    except RuntimeError as exc:
        assert parity.find_drift_error(exc) is drift
    assert parity.find_drift_error(ExceptionGroup("g", [ValueError("x")])) is None


def test_drift_errors_unwraps_a_task_group() -> None:
    async def main() -> None:
        with parity.drift_errors():
            async with anyio.create_task_group() as tg:
                async def fail() -> None:
                    raise ToolDriftError("refused", changes=None)
                tg.start_soon(fail)

    with pytest.raises(ToolDriftError, match="refused"):
        anyio.run(main)


def test_other_errors_pass_unchanged() -> None:
    with pytest.raises(ValueError), parity.drift_errors():
        raise ValueError("not drift")


def test_an_unknown_target_is_refused_with_the_kinds_accepted() -> None:
    with pytest.raises(TypeError, match="a fastmcp Client"):
        anyio.run(parity.protect, object(), "manifests/workflow.lock.json")
