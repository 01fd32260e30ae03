"""``parity drill``: inject one fault at a time between a client and a real MCP server, call
its tools through the guard, and count what the guard said (``report``).

The flow, per target (a server and a transport, stdio or streamable HTTP):

1. a clean session pins the tools (a lock built from the live listing) and calls each tool
   once with example arguments: the reference that says which faults apply to which tool;
2. per mode, a fresh session through the fault proxy (``stdio_proxy`` or ``http_proxy``), a
   ``PinnedClient`` verifying the listing against the pinned lock, the guard around it, and
   ``calls`` calls over the tools the fault applies to.

Fault modes are a registry (``parity.runtime.drill.faults.FAULTS``).
"""

from __future__ import annotations

import contextlib
import logging
import os
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from parity.core.redact import redact
from parity.runtime import guard as g
from parity.runtime.arguments import generate_arguments
from parity.runtime.client import PinnedClient
from parity.runtime.drill.faults import FAULTS, Fault
from parity.runtime.drill.report import OTHER_FAILURE, DrillReport, ModeResult, TargetResult, judge
from parity.runtime.drill.targets import DrillError, DrillTarget

#: Fault modes drilled at the same time (each has its own session and proxy).
PARALLEL_MODES = 6


async def drill_target(target: DrillTarget, *, modes: Sequence[str], calls: int,
                       policy: g.GuardPolicy, events: g.EventSink | None = None,
                       guarded: bool = True) -> TargetResult:
    """Drill one target; ``guarded=False`` calls through the bare, unguarded session (the
    proof that the drill can fail)."""
    from parity.mcp import CallFailure, open_session, with_stderr_tail

    result = TargetResult(target.name, target.transport)
    secrets = tuple(target.spec.secrets)
    try:
        async with open_session(target.spec) as session:
            listing = await session.list_tools_raw()
            pinned = _pin(target, listing)
            names = {t["name"] for t in listing.tools}
            unknown = [t for t in target.tools if t not in names]
            if unknown:
                raise DrillError(f"server {target.name!r} has no tool "
                                 f"{', '.join(map(repr, unknown))}",
                                 hint=f"its tools: {', '.join(sorted(names))}")
            tools = [t for t in listing.tools
                     if not target.tools or t["name"] in target.tools]
            references = await _references(session, tools, target, policy, result)
    except CallFailure as exc:
        message = with_stderr_tail(f"server {target.name!r} ({target.transport}): could not "
                                   f"start or list it: {exc}", exc.stderr_tail)
        raise DrillError(redact(message, secrets)) from None
    if not references:
        raise DrillError(f"server {target.name!r}: no tool could be called cleanly, nothing to "
                         "drill:\n" + "\n".join(f"  {n}" for n in result.notes),
                         hint=f"give example arguments in [tool.parity.servers.{target.name}"
                              ".arguments.TOOL]")
    # modes are independent sessions: run them side by side (bounded), report in order
    import anyio

    limiter = anyio.CapacityLimiter(PARALLEL_MODES)
    done: dict[str, ModeResult] = {}

    async def one(mode: str) -> None:
        async with limiter:
            done[mode] = await _drill_mode(
                FAULTS[mode], target, pinned, listing.tools, references, calls=calls,
                policy=policy, events=events, guarded=guarded)

    async with anyio.create_task_group() as tg:
        for mode in modes:
            tg.start_soon(one, mode)
    result.modes = {mode: done[mode] for mode in modes}
    return result


def _pin(target: DrillTarget, listing: Any) -> Any:
    from parity.pinning.lock import from_listing

    return from_listing(target.name, listing)


async def _references(session: Any, tools: Sequence[Mapping[str, Any]], target: DrillTarget,
                      policy: g.GuardPolicy,
                      result: TargetResult) -> dict[str, tuple[dict[str, Any], Any]]:
    """tool -> (arguments, clean raw result) for every tool that answers cleanly."""
    out: dict[str, tuple[dict[str, Any], Any]] = {}
    for definition in tools:
        name = definition["name"]
        configured = target.arguments.get(name)
        if configured is not None:
            args = dict(configured)
        else:
            # seeded with the tool's name: two drills send the same arguments
            generated = generate_arguments(definition.get("inputSchema"), seed=name, tool=name)
            if generated.arguments is None:
                result.notes.append(f"{name}: left out: {generated.reason}")
                continue
            args = dict(generated.arguments)
        raw: Any = None

        async def call(tool: str, arguments: dict[str, Any], timeout: float) -> Any:
            nonlocal raw
            raw = await session.call_tool_raw(tool, arguments, timeout=timeout)
            return raw

        version = getattr(session, "protocol_version", None)
        outcome = await g.guarded_call(call, definition, name, args, policy=policy,
                                       protocol_version=version)
        if outcome.ok:
            out[name] = (args, raw)
        else:
            source = "configured" if configured is not None else "generated"
            result.notes.append(f"{name}: left out: its clean call with {source} arguments "
                                f"failed: {outcome.category}: {outcome.message}")
    return out


async def _drill_mode(mode: Fault, target: DrillTarget, lock: Any,
                      tools: Sequence[Mapping[str, Any]],
                      references: Mapping[str, tuple[dict[str, Any], Any]], *, calls: int,
                      policy: g.GuardPolicy, events: g.EventSink | None,
                      guarded: bool) -> ModeResult:
    from parity.mcp import CallFailure, open_session

    by_name = {t["name"]: t for t in tools}
    chosen = [n for n in references if mode.applies(by_name[n], references[n][1], tools)]
    out = ModeResult(mode.name, tools=chosen)
    for name in references:
        why = None if name in chosen or mode.not_applicable is None else \
            mode.not_applicable(by_name[name], references[name][1], tools)
        if why:  # reported, never counted: nothing was injected there
            out.not_applicable[name] = why
    if not chosen:
        out.note = "no drillable tool this fault applies to"
        return out
    sink = events or (lambda event: None)
    sink({"time": time.time(), "event": "mode_started", "mode": mode.name,
          "server": target.name, "transport": target.transport})
    slow = min(policy.default_deadline * 2 + 1.0, 60.0)
    proxy = None
    spec = target.spec
    if target.transport == "stdio":
        # the proxy is one more process to start in front of the server, and up to
        # PARALLEL_MODES of them start at once: the handshake gets the server's time twice
        spec = replace(spec, command=(sys.executable, "-m", "parity.runtime.drill.stdio_proxy",
                                      "--mode", mode.name, "--slow", str(slow), "--",
                                      *spec.command), start_timeout=spec.start_timeout * 2)
    else:
        from parity.runtime.drill.http_proxy import HttpProxy
        from parity.runtime.drill.inject import FaultInjector

        proxy = HttpProxy(spec.url, FaultInjector(mode.name, slow=slow, transport="http"))
        spec = replace(spec, url=proxy.start())
    try:
        async with open_session(spec) as session:
            caller = await _caller(session, lock, policy, events, guarded)
            if proxy is not None and mode.name == "unavailable":
                proxy.stop()  # nothing listens any more: connections are refused
            for index in range(calls):
                name = chosen[index % len(chosen)]
                args = references[name][0]
                expected = mode.expected(by_name[name], index, target.transport)
                outcome = await caller(name, args)
                verdict = judge(mode.name, outcome.ok, outcome.category, expected,
                                outcome.complete)
                out.counts[verdict] += 1
                out.categories[outcome.category] += 1
                out.expected.add(str(expected))
                sink({"time": time.time(), "event": "drill_call", "mode": mode.name,
                      "correlation_id": outcome.correlation_id, "operation": name,
                      "category": outcome.category, "expected": expected, "verdict": verdict})
    except CallFailure as exc:
        # the transport could not start through the proxy: every call is a local failure
        out.note = redact(f"the session did not start: {exc}", tuple(target.spec.secrets))
        for _ in range(calls - sum(out.counts.values())):
            out.counts[OTHER_FAILURE] += 1
            out.categories[g.LOCAL_FAILURE] += 1
    finally:
        if proxy is not None:
            proxy.stop()
    sink({"time": time.time(), "event": "mode_finished", "mode": mode.name,
          "server": target.name, "transport": target.transport, **out.to_json()})
    return out


async def _caller(session: Any, lock: Any, policy: g.GuardPolicy,
                  events: g.EventSink | None, guarded: bool) -> Callable[..., Any]:
    if guarded:
        client = PinnedClient(session, lock, mode="refuse-changed",
                              call_timeout=policy.default_deadline)
        await client.start()
        guard = g.GuardedSession(client, policy=policy, events=events)
        return guard.call_tool
    return _bare_caller(session, policy, events)


def _bare_caller(session: Any, policy: g.GuardPolicy,
                 events: g.EventSink | None) -> Callable[..., Any]:
    """An unguarded client: anything that is not an exception or ``isError`` is success."""
    from parity.mcp import CallFailure

    async def call(name: str, arguments: Mapping[str, Any]) -> g.Outcome:
        cid = g.new_correlation_id()
        started = time.monotonic()
        deadline = policy.deadline_for(name)
        try:
            raw = await session.call_tool_raw(name, dict(arguments), timeout=deadline)
        except CallFailure as exc:
            verdict = g.classify_failure(kind=exc.kind, sent=exc.sent, safe=False,
                                         status=exc.status, code=exc.code)
        else:
            error = isinstance(raw, Mapping) and raw.get("isError") is True
            verdict = g.Verdict(g.TOOL_ERROR if error else g.OK, g.RETRY_NEVER)
        return g.make_outcome(verdict, operation=name, correlation_id=cid, sent=True,
                              started=started, secrets=policy.secrets)

    return call


def run_drill(targets: Sequence[Any], *, modes: Sequence[str] | None = None, calls: int = 5,
              policy: g.GuardPolicy | None = None, events_file: str | os.PathLike[str] |
              None = None, guarded: bool = True) -> DrillReport:
    """Drill every target (``DrillTarget`` or a context manager yielding one).

    Arguments:
        targets: what to drill.
        modes: fault modes to run (all of ``MODES`` by default, ``none`` first).
        calls: calls per mode.
        policy: the guard policy (its default deadline is the tool deadline used).
        events_file: where to write the JSONL event trail (correlation ids, categories).
        guarded: False drills the bare, unguarded session instead.
    """
    import anyio

    chosen = list(modes or FAULTS)
    unknown = [m for m in chosen if m not in FAULTS]
    if unknown:
        raise DrillError(f"unknown fault mode {', '.join(map(repr, unknown))}",
                         hint=f"known modes: {', '.join(FAULTS)}")
    if calls < 1:
        raise DrillError(f"--calls must be at least 1, not {calls}")
    policy = policy or g.GuardPolicy()
    report = DrillReport(calls=calls, deadline=policy.default_deadline)
    sink = g.JsonlEvents(events_file) if events_file else None
    # the pinned client logs each drift it withholds; the drill's table already says so
    quiet = logging.getLogger("parity.runtime.client")
    handler = logging.NullHandler()
    quiet.addHandler(handler)
    propagate, quiet.propagate = quiet.propagate, False
    try:
        for item in targets:
            manager = item if hasattr(item, "__enter__") else contextlib.nullcontext(item)
            with manager as target:
                target_policy = _scoped(policy, target)
                try:
                    report.targets.append(anyio.run(_run_one, target, chosen, calls,
                                                    target_policy, sink, guarded))
                except TimeoutError:
                    raise DrillError(f"the drill of {target.name!r} ({target.transport}) did "
                                     "not finish in its time bound",
                                     hint="a server or proxy is wedged; lower --calls") from None
    finally:
        quiet.removeHandler(handler)
        quiet.propagate = propagate
        if sink is not None:
            sink.close()
    return report


async def _run_one(target: DrillTarget, modes: list[str], calls: int, policy: g.GuardPolicy,
                   sink: g.EventSink | None, guarded: bool) -> TargetResult:
    # every target is bounded: a server that wedges cannot hold the drill forever
    import anyio

    per_call = policy.default_deadline + 5.0
    bound = target.spec.start_timeout * 2 * (len(modes) + 2) + per_call * calls * len(modes) + 60
    with anyio.fail_after(bound):
        return await drill_target(target, modes=modes, calls=calls, policy=policy,
                                  events=sink, guarded=guarded)


def _scoped(policy: g.GuardPolicy, target: DrillTarget) -> g.GuardPolicy:
    """The policy with the target's secrets and completeness declarations added."""
    return replace(policy, secrets=tuple(sorted({*policy.secrets, *target.spec.secrets})),
                   completeness={**policy.completeness, **target.completeness})


__all__ = ["PARALLEL_MODES", "drill_target", "run_drill"]
