"""The fault injector: one fault mode applied to the JSON-RPC messages of one session.

It holds no per-mode logic: it tracks requests and answers, and asks the mode's hooks
(``parity.runtime.drill.faults``) what to do with a ``tools/call`` request, a ``tools/call``
result and a ``tools/list`` result. The proxies (``stdio_proxy``, ``http_proxy``) carry the
answer it decides. Only ``tools/call`` and ``tools/list`` are touched; the handshake passes.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from parity.runtime.drill.faults import FAULTS, Action, Call, Fault, Transport

#: Longest a ``slow`` or ``unavailable`` answer is held, whatever is asked: drills end.
MAX_HOLD = 120.0


@dataclass
class FaultInjector:
    """Rewrites the messages of one session per ``mode``; records what it did."""

    mode: str = "none"
    #: seconds the ``slow`` mode holds an answer
    slow: float = 5.0
    #: ``http`` or ``stdio``: how a status-coded fault is expressed
    transport: Transport = "stdio"
    #: one dict per tools/call seen: id, tool, injected fault, the auth header seen (hashed)
    records: list[dict[str, Any]] = field(default_factory=list)
    calls: int = 0
    #: request id -> method, for the requests the client sent
    methods: dict[Any, str] = field(default_factory=dict)
    #: request id -> tool name, for tools/call
    tools: dict[Any, str] = field(default_factory=dict)
    #: tool name -> its definition as the server listed it (a fault may depend on its
    #: output schema)
    definitions: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.mode not in FAULTS:
            raise ValueError(f"unknown fault mode {self.mode!r} (known: {', '.join(FAULTS)})")

    @property
    def fault(self) -> Fault:
        """The registered fault mode this injector applies."""
        return FAULTS[self.mode]

    # client -> server -------------------------------------------------------------------

    def on_request(self, message: Any, *, credential: str | None = None) -> Action:
        """A message from the client: forward it, or answer it here."""
        if not isinstance(message, dict) or "method" not in message or "id" not in message:
            return Action("forward", message)
        request_id, method = message["id"], message["method"]
        self.methods[request_id] = method
        if method != "tools/call":
            return Action("forward", message)
        params = message.get("params")
        tool = str(params.get("name")) if isinstance(params, dict) else "None"
        self.tools[request_id] = tool
        self.calls += 1
        record: dict[str, Any] = {"id": request_id, "tool": tool, "mode": self.mode,
                                  "call": self.calls, "credential": credential}
        self.records.append(record)
        hook = self.fault.on_call
        action = hook(Call(request_id, tool, self.calls, self.transport)) if hook else None
        if action is None:
            return Action("forward", message)
        record["injected"] = action.note
        return action

    # server -> client -------------------------------------------------------------------

    def on_response(self, message: Any) -> Action:
        """A message from the server: forward it (maybe rewritten), hold it, or break it."""
        if not isinstance(message, dict) or "method" in message or "id" not in message:
            return Action("forward", message)
        method = self.methods.pop(message["id"], None)
        tool = self.tools.pop(message["id"], None)
        record = next((r for r in reversed(self.records) if r["id"] == message["id"]), None)
        result = message.get("result")
        fault = self.fault
        if method == "tools/list" and isinstance(result, dict):
            self.definitions.update((str(t["name"]), t) for t in result.get("tools") or []
                                    if isinstance(t, dict) and "name" in t)
        if method == "tools/list" and fault.on_listing and isinstance(result, dict):
            tools, changed = fault.on_listing(result.get("tools") or [])
            return Action("forward", {**message, "result": {**result, "tools": tools}},
                          text=json.dumps(changed))
        if method != "tools/call" or not isinstance(result, dict):
            return Action("forward", message)
        definition = self.definitions.get(tool) if tool is not None else None
        rewrite = fault.on_result(result, self.transport, definition) if fault.on_result \
            else None
        if record is not None:
            record["injected"] = rewrite.note if rewrite else None
            record["tool"] = tool
        if rewrite is None:
            return Action("forward", message)
        reply = {**message, "result": rewrite.result}
        if rewrite.hold:
            return Action("forward", reply, delay=min(self.slow, MAX_HOLD))
        if rewrite.truncate:
            text = json.dumps(reply, separators=(",", ":"))
            return Action("raw", text=text[: max(1, len(text) // 2)])
        if rewrite.empty:
            return Action("raw", text="")
        return Action("forward", reply)


__all__ = ["MAX_HOLD", "FaultInjector"]
