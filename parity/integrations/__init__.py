"""parity inside the agent frameworks: ``protect`` (verify, then guard every call through the
framework's own object), ``lock_tools`` (a lock from the agent's own session) and the
exception-group helpers. See docs/integrations.md."""

from __future__ import annotations

from parity.integrations.groups import drift_errors, find_drift_error
from parity.integrations.kinds import TargetKind, UnsupportedTarget, kinds
from parity.integrations.locking import lock_tools
from parity.integrations.protect import Deferred, Protection, protect, refusal_text

__all__ = ["Deferred", "Protection", "TargetKind", "UnsupportedTarget", "drift_errors",
           "find_drift_error", "kinds", "lock_tools", "protect", "refusal_text"]
