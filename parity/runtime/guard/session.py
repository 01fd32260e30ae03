"""A guarded session over the pinned client: every call returns an ``Outcome``, never a bare
result or an exception. The pinned client decides which tools may be called (verified against
the lock); the guard decides what each call came to."""

from __future__ import annotations

from collections.abc import Awaitable, Mapping
from typing import Any, Protocol

from parity.errors import ToolDriftError
from parity.runtime.guard.call import guarded_call, refuse
from parity.runtime.guard.categories import Category, Retry
from parity.runtime.guard.events import EventSink, new_correlation_id
from parity.runtime.guard.outcome import Outcome
from parity.runtime.guard.policy import GuardPolicy, policy_or_default


class Verified(Protocol):
    """What the guard needs from a pinned client (``parity.runtime.client.PinnedClient``)."""

    @property
    def unavailable(self) -> Mapping[str, Any]: ...

    def refresh(self, *, if_stale: bool = False) -> Awaitable[Any]: ...

    def check_call(self, name: str) -> dict[str, Any]: ...

    def send(self, tool: Mapping[str, Any], arguments: dict[str, Any],
             timeout: float) -> Awaitable[dict[str, Any]]: ...


class GuardedSession:
    """Every call through it returns an ``Outcome``, never a bare result or an exception.

    Arguments:
        client: a started ``PinnedClient`` (its verification decides which tools may be
            called; its ``send`` seam carries the call). For a bare session and pinned
            definitions, build one: ``PinnedClient(session, lock.build(name, definitions),
            mode="refuse-changed")``.
        policy: the ``GuardPolicy``.
        events: an event sink for the JSONL trail.
    """

    def __init__(self, client: Verified, policy: GuardPolicy | None = None, *,
                 events: EventSink | None = None) -> None:
        if not callable(getattr(client, "check_call", None)):
            raise TypeError("GuardedSession wraps a PinnedClient, not a "
                            f"{type(client).__name__}")
        self.policy = policy_or_default(policy)
        self.client = client
        self.events = events

    async def verify(self) -> dict[str, str]:
        """Re-verify the tools now; returns the withheld ones with the reason."""
        await self.client.refresh()
        return {n: u.describe() for n, u in self.client.unavailable.items()}

    async def call_tool(self, name: str, arguments: Mapping[str, Any] | None = None, *,
                        correlation_id: str | None = None, as_task: bool = False) -> Outcome:
        """Call ``name`` through the guard; always an ``Outcome``. ``as_task``: the client's
        send seam makes a task-augmented call (a framework's own request, under
        ``parity.integrations.protect``); a way the pinned tool does not take is refused."""
        cid = correlation_id or new_correlation_id()
        secrets = self.policy.secrets
        client = self.client
        try:
            # waits for the verification in flight; re-verifies if a change was announced
            await client.refresh(if_stale=True)
            definition = client.check_call(name)
        except ToolDriftError as exc:
            unknown = getattr(exc.changes, "reason", None) == "unknown"
            why = "not a verified tool of this server" if unknown else \
                "withheld by the pinned client: its definition drifted from the lock"
            return refuse(Category.LOCAL_FAILURE if unknown else Category.DRIFTED, why,
                          operation=name, correlation_id=cid, events=self.events,
                          secrets=secrets)
        except Exception as exc:
            # the re-verification itself failed: nothing verified, nothing sent
            kind = getattr(exc, "kind", None)
            category = Category.UNAVAILABLE if kind in ("unavailable", "timeout") else \
                Category.LOCAL_FAILURE
            return refuse(category, "the tools could not be re-verified", operation=name,
                          correlation_id=cid, events=self.events, secrets=secrets,
                          retry=Retry.SAFE)

        async def raw_call(tool: str, args: dict[str, Any], timeout: float) -> Any:
            return await client.send(definition, args, timeout)

        # the server's tool names as it lists them: the ids a configured id path may hold
        # (gathered only where a path is configured: they are a catalog's, on every call)
        tool_ids: set[str] | None = None
        if self.policy.id_paths:
            tool_ids = {*getattr(client, "tools", {}),
                        *(n for n, u in client.unavailable.items()
                          if getattr(u, "reason", None) != "removed")}
        return await guarded_call(raw_call, definition, name, arguments, policy=self.policy,
                                  events=self.events, correlation_id=cid, tool_ids=tool_ids,
                                  as_task=as_task, protocol_version=_protocol_of(client))


def _protocol_of(client: Verified) -> str | None:
    # the pinned client's session's negotiated revision (``None`` where it keeps none)
    version = getattr(getattr(client, "session", None), "protocol_version", None)
    return version if isinstance(version, str) else None


__all__ = ["GuardedSession", "Verified"]
