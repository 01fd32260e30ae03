"""The Python lines a call executes, counted with ``sys.settrace`` (a loop's every turn is a
line): how much work it does, measured without a clock, the same on every run of the same
code. The growth tests compare the count at two sizes."""

from __future__ import annotations

import sys
from collections.abc import Callable
from types import FrameType
from typing import Any, TypeVar

_T = TypeVar("_T")


def lines_run(call: Callable[[], _T]) -> tuple[int, _T]:
    """The lines ``call`` executes, and what it returns (the tracer in place is restored)."""
    count = 0

    def tracer(frame: FrameType, event: str, arg: Any) -> Any:
        nonlocal count
        count += event == "line"
        return tracer

    before = sys.gettrace()
    sys.settrace(tracer)
    try:
        result = call()
    finally:
        sys.settrace(before)
    return count, result
