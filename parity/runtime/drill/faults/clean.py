"""The clean mode: no fault. Every call must be a verified success."""

from __future__ import annotations

from parity.runtime.drill.faults._base import Fault, Fixture, expect
from parity.runtime.drill.faults._fixtures import LIST_ORDERS, LIST_RESULT
from parity.runtime.guard import Category

NONE = Fault(
    name="none", does="nothing", answers="`ok` (verified)",
    expected=expect(Category.OK), fixture=Fixture(LIST_ORDERS, LIST_RESULT))

FAULTS = (NONE,)
