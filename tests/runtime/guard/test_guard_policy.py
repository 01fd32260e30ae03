"""The guard policy (``guard.policy``): deadlines under the turn's budget."""

from __future__ import annotations

import pytest

from parity.errors import ConfigError
from parity.runtime import guard as g


def test_a_deadline_must_be_shorter_than_the_turn():
    with pytest.raises(ConfigError) as info:
        g.GuardPolicy(default_deadline=40.0, turn_budget=30.0)  # `parity drill --deadline 40`
    assert "default deadline = 40.0 s: expected a positive number below the turn budget " \
           "(30 s)" in str(info.value)
    with pytest.raises(ConfigError, match="deadline of slow_tool"):
        g.GuardPolicy(turn_budget=10.0, deadlines={"slow_tool": 12.0})
