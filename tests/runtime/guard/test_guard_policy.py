"""The guard policy (``guard.policy``): deadlines under the turn's budget."""

from __future__ import annotations

import pytest

from parity.errors import ConfigError
from parity.runtime import guard as g
from parity.runtime.client import PinnedClient


def test_a_deadline_must_be_shorter_than_the_turn():
    with pytest.raises(ConfigError) as info:
        g.GuardPolicy(default_deadline=40.0, turn_budget=30.0)  # `parity drill --deadline 40`
    assert "default deadline = 40.0 s: expected a positive number below the turn budget " \
           "(30 s)" in str(info.value)
    with pytest.raises(ConfigError, match="deadline of slow_tool"):
        g.GuardPolicy(turn_budget=10.0, deadlines={"slow_tool": 12.0})


def test_a_policy_is_a_guard_policy_or_none():
    """The one check every entry point (``GuardedSession``, ``protect``, ``protect(...,
    defer=True)``) makes of a policy: a dict of settings is not read as one."""
    given = g.GuardPolicy(default_deadline=5.0)
    assert g.policy_or_default(given) is given
    assert g.policy_or_default(None) == g.GuardPolicy()
    with pytest.raises(TypeError, match="policy must be a GuardPolicy, not a dict"):
        g.policy_or_default({"default_deadline": 5.0})
    with pytest.raises(TypeError, match="policy must be a GuardPolicy, not a dict"):
        # (an unstarted client: the policy is refused before the client is used)
        g.GuardedSession(PinnedClient.__new__(PinnedClient), {"default_deadline": 5.0})  # type: ignore[arg-type]
