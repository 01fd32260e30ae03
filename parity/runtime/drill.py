"""``parity drill``: inject one fault at a time between a client and a real MCP server, call
its tools through the guard, and count what the guard said.

Per mode, each call is one of:

- **verified**: the guard said ``ok`` and no fault was injected (mode ``none``);
- **silent success**: the guard said ``ok`` on a fault: the incident class;
- **correct failure**: the guard failed the call with the mode's expected category;
- **other failure**: it failed the call, with another category.

The gate is one line: silent successes are 0 in every mode.

The flow, per target (a server and a transport, stdio or streamable HTTP):

1. a clean session pins the tools (a lock built from the live listing) and calls each tool
   once with example arguments: the reference that says which faults apply to which tool;
2. per mode, a fresh session through the fault proxy (``parity.runtime.drill_proxy``), a
   ``PinnedClient`` verifying the listing against the pinned lock, the guard around it, and
   ``calls`` calls over the tools the fault applies to.

Fault modes are a registry (``MODES``): name, purpose, expected category, applicability.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import socket
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from parity.core.redact import redact
from parity.errors import ParityError
from parity.runtime import guard as g
from parity.runtime.drill_proxy import drift_tools, truncate_arrays


class DrillError(ParityError):
    """The drill could not run: no server, nothing to call, a server that does not start."""


# -- the registry ------------------------------------------------------------------------------

#: (definition, call index, transport, reference result) -> the expected category
Expect = Callable[[Mapping[str, Any], int, str], str]
#: (definition, reference result, pinned tools) -> whether the fault can be injected there
Applies = Callable[[Mapping[str, Any], Mapping[str, Any], Sequence[Mapping[str, Any]]], bool]


def _always(definition: Mapping[str, Any], reference: Mapping[str, Any],
            tools: Sequence[Mapping[str, Any]]) -> bool:
    return True


def _lost(definition: Mapping[str, Any], index: int, transport: str) -> str:
    # the request went out and nothing came back: unknown unless the tool is safe to repeat
    safe = g.is_safe_to_repeat(definition, g.GuardPolicy())
    return g.UNAVAILABLE if safe else g.OUTCOME_UNKNOWN


def _unavailable(definition: Mapping[str, Any], index: int, transport: str) -> str:
    # HTTP: the listener is closed, so the connection is refused before anything is sent
    return g.UNAVAILABLE if transport == "http" else _lost(definition, index, transport)


def _has_array(definition: Mapping[str, Any], reference: Mapping[str, Any],
               tools: Sequence[Mapping[str, Any]]) -> bool:
    return truncate_arrays(reference.get("structuredContent"))[1] > 0


def _has_output_schema(definition: Mapping[str, Any], reference: Mapping[str, Any],
                       tools: Sequence[Mapping[str, Any]]) -> bool:
    return isinstance(definition.get("outputSchema"), Mapping) and \
        reference.get("structuredContent") is not None


def _drifted(definition: Mapping[str, Any], reference: Mapping[str, Any],
             tools: Sequence[Mapping[str, Any]]) -> bool:
    return definition.get("name") in drift_tools(list(tools))[1]


def _const(category: str) -> Expect:
    def expect(definition: Mapping[str, Any], index: int, transport: str) -> str:
        return category
    return expect


@dataclass(frozen=True)
class FaultMode:
    """One fault mode: what the proxy does and what the guard must answer."""

    name: str
    purpose: str
    expected: Expect
    applies: Applies = _always


MODES: dict[str, FaultMode] = {m.name: m for m in (
    FaultMode("none", "no fault: every call must be a verified success", _const(g.OK)),
    FaultMode("unavailable", "no answer (stdio) or connection refused (HTTP)", _unavailable),
    FaultMode("denied", "HTTP 401 then 403 (stdio: the JSON-RPC error carrying the status)",
              lambda d, i, t: g.AUTHENTICATION_FAILED if i % 2 == 0
              else g.AUTHORIZATION_DENIED),
    FaultMode("rate_limited", "HTTP 429 with Retry-After (stdio: the JSON-RPC equivalent)",
              _const(g.RATE_LIMITED)),
    FaultMode("drift", "the tool list changes: a nested field renamed, a tool removed, a "
              "description rewritten", _const(g.DRIFTED), _drifted),
    FaultMode("partial", "arrays in the structured result cut to half, still a success",
              _const(g.PARTIAL), _has_array),
    FaultMode("http200_error", "a success whose body is {\"error\": \"rate_limited\"}",
              _const(g.TOOL_ERROR)),
    FaultMode("empty_body", "a success with an empty body", _const(g.MALFORMED_RESPONSE)),
    FaultMode("slow", "the answer held past the tool's deadline", _lost),
    FaultMode("truncated_json", "the answer cut in the middle of its JSON",
              _const(g.MALFORMED_RESPONSE)),
    FaultMode("wrong_schema", "structuredContent replaced by a shape the outputSchema refuses",
              _const(g.CONTRACT_VIOLATION), _has_output_schema),
)}

#: Fault modes drilled at the same time (each has its own session and proxy).
PARALLEL_MODES = 6

VERIFIED = "verified"
SILENT_SUCCESS = "silent_success"
CORRECT_FAILURE = "correct_failure"
OTHER_FAILURE = "other_failure"


def judge(mode: str, outcome_ok: bool, category: str, expected: str) -> str:
    """Which column one call lands in."""
    if outcome_ok:
        return VERIFIED if mode == "none" else SILENT_SUCCESS
    return CORRECT_FAILURE if category == expected and mode != "none" else OTHER_FAILURE


# -- targets -----------------------------------------------------------------------------------


@dataclass
class DrillTarget:
    """A server to drill over one transport.

    Arguments:
        name: the server's name in the report.
        transport: ``stdio`` or ``http``.
        spec: the adapter ``ServerSpec`` reaching the real server.
        arguments: tool -> example arguments (generated from the inputSchema otherwise).
        tools: only these tools (all by default).
    """

    name: str
    transport: str
    spec: Any
    arguments: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    tools: tuple[str, ...] = ()


@dataclass
class ModeResult:
    mode: str
    counts: Counter[str] = field(default_factory=Counter)
    categories: Counter[str] = field(default_factory=Counter)
    expected: set[str] = field(default_factory=set)
    tools: list[str] = field(default_factory=list)
    note: str | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "calls": sum(self.counts.values()),
            VERIFIED: self.counts[VERIFIED], SILENT_SUCCESS: self.counts[SILENT_SUCCESS],
            CORRECT_FAILURE: self.counts[CORRECT_FAILURE],
            OTHER_FAILURE: self.counts[OTHER_FAILURE],
            "expected": sorted(self.expected), "categories": dict(sorted(self.categories.items())),
            "tools": sorted(set(self.tools)),
        }
        if self.note:
            out["note"] = self.note
        return out


@dataclass
class TargetResult:
    server: str
    transport: str
    modes: dict[str, ModeResult] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"server": self.server, "transport": self.transport,
                "modes": {m: r.to_json() for m, r in self.modes.items()},
                "notes": list(self.notes)}


@dataclass
class DrillReport:
    calls: int
    deadline: float
    targets: list[TargetResult] = field(default_factory=list)

    @property
    def silent_successes(self) -> int:
        return sum(r.counts[SILENT_SUCCESS] for t in self.targets for r in t.modes.values())

    @property
    def passed(self) -> bool:
        """The gate: zero silent successes in every mode."""
        return self.silent_successes == 0

    def totals(self) -> dict[str, dict[str, int]]:
        out: dict[str, Counter[str]] = {}
        for target in self.targets:
            for mode, result in target.modes.items():
                out.setdefault(mode, Counter()).update(result.counts)
        return {m: {k: c[k] for k in (VERIFIED, SILENT_SUCCESS, CORRECT_FAILURE,
                                      OTHER_FAILURE)} for m, c in out.items()}

    def to_json(self) -> dict[str, Any]:
        return {"passed": self.passed, "silent_success": self.silent_successes,
                "calls_per_mode": self.calls, "deadline_s": self.deadline,
                "modes": self.totals(), "targets": [t.to_json() for t in self.targets]}

    def render_text(self) -> str:
        lines: list[str] = []
        for target in self.targets:
            lines.append(f"{target.server} ({target.transport}), {self.calls} calls per mode, "
                         f"deadline {self.deadline:g} s")
            lines.append(f"  {'mode':<15}{'verified':>9}{'silent':>8}{'correct':>9}"
                         f"{'other':>7}  expected")
            for mode, r in target.modes.items():
                c = r.counts
                flag = "  <- SILENT SUCCESS" if c[SILENT_SUCCESS] else ""
                expected = ", ".join(sorted(r.expected)) or "-"
                lines.append(f"  {mode:<15}{c[VERIFIED]:>9}{c[SILENT_SUCCESS]:>8}"
                             f"{c[CORRECT_FAILURE]:>9}{c[OTHER_FAILURE]:>7}  {expected}{flag}")
                if r.note:
                    lines.append(f"  {'':<15}note: {r.note}")
            lines.extend(f"  note: {n}" for n in target.notes)
            lines.append("")
        verdict = "PASS" if self.passed else "FAIL"
        lines.append(f"gate: {verdict}: {self.silent_successes} silent successes "
                     "(the gate is 0 in every mode)")
        return "\n".join(lines) + "\n"


# -- example arguments -------------------------------------------------------------------------


def example_arguments(schema: Any) -> Any:
    """A small instance of a JSON Schema: required properties only, one item per array,
    ``examples``/``default``/``const``/``enum`` first. Good enough to call most tools."""
    root = schema if isinstance(schema, Mapping) else {}
    return _example(root, root, 0)


_FORMATS = {"date": "2024-01-01", "date-time": "2024-01-01T00:00:00Z", "email": "a@example.com",
            "uri": "https://example.com", "url": "https://example.com", "uuid":
            "00000000-0000-4000-8000-000000000000", "time": "00:00:00Z"}


def _example(schema: Any, root: Mapping[str, Any], depth: int) -> Any:
    if not isinstance(schema, Mapping) or depth > 12:
        return None
    ref = schema.get("$ref")
    if isinstance(ref, str) and ref.startswith("#/"):
        node: Any = root
        for part in ref[2:].split("/"):
            node = node.get(part) if isinstance(node, Mapping) else None
        return _example(node, root, depth + 1)
    if "const" in schema:
        return schema["const"]
    if isinstance(schema.get("examples"), list) and schema["examples"]:
        return schema["examples"][0]
    if "default" in schema:
        return schema["default"]
    if isinstance(schema.get("enum"), list) and schema["enum"]:
        return schema["enum"][0]
    for key in ("anyOf", "oneOf", "allOf"):
        options = schema.get(key)
        if isinstance(options, list) and options:
            usable = [o for o in options if not (isinstance(o, Mapping)
                                                 and o.get("type") == "null")]
            return _example((usable or options)[0], root, depth + 1)
    kind = schema.get("type")
    if isinstance(kind, list):
        kind = next((k for k in kind if k != "null"), "null")
    if kind == "object" or (kind is None and "properties" in schema):
        props = schema.get("properties")
        props = props if isinstance(props, Mapping) else {}
        required = [r for r in schema.get("required", []) if isinstance(r, str)]
        return {name: _example(props.get(name, {}), root, depth + 1) for name in required}
    if kind == "array":
        count = max(1, int(schema.get("minItems", 1) or 1))
        return [_example(schema.get("items", {}), root, depth + 1) for _ in range(count)]
    if kind == "string":
        fmt = schema.get("format")
        if fmt in _FORMATS:
            return _FORMATS[fmt]
        return "x" * max(1, int(schema.get("minLength", 1) or 1))
    if kind in ("integer", "number"):
        low = schema.get("minimum", schema.get("exclusiveMinimum", 0))
        value = max(1, int(low) + (1 if "exclusiveMinimum" in schema else 0))
        return value
    if kind == "boolean":
        return True
    return None


# -- running -----------------------------------------------------------------------------------


def bundled_example_root() -> Path:
    """The checkout holding ``examples/workflow/server.py``."""
    root = Path(__file__).resolve().parents[2]
    if not (root / "examples" / "workflow" / "server.py").is_file():
        raise DrillError("the bundled example server is not installed with this parity "
                         f"(looked for examples/workflow/server.py under {root})",
                         hint="run from a parity checkout, or pass --server NAME")
    return root


def bundled_targets(transports: Sequence[str]) -> Iterator[Any]:
    """Context managers yielding the bundled example's targets (HTTP starts a server)."""
    from parity.mcp import ServerSpec

    root = bundled_example_root()
    env = {"PYTHONPATH": os.pathsep.join(filter(None, [str(root),
                                                       os.environ.get("PYTHONPATH")]))}
    for transport in transports:
        if transport == "stdio":
            spec = ServerSpec(kind="stdio", name="workflow", env=env, cwd=root,
                              command=(sys.executable, "-m", "examples.workflow.server"))
            yield contextlib.nullcontext(DrillTarget("workflow", "stdio", spec))
        else:
            yield _http_example(root, env)


@contextlib.contextmanager
def _http_example(root: Path, env: Mapping[str, str]) -> Iterator[DrillTarget]:
    from parity.mcp import ServerSpec

    port = free_port()
    with serve_subprocess([sys.executable, "-m", "examples.workflow.server", "--http",
                           str(port)], port, cwd=root, env=env):
        spec = ServerSpec(kind="url", name="workflow", url=f"http://127.0.0.1:{port}/mcp")
        yield DrillTarget("workflow", "http", spec)


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextlib.contextmanager
def serve_subprocess(command: Sequence[str], port: int, *, cwd: Path | None = None,
                     env: Mapping[str, str] | None = None,
                     timeout: float = 30.0) -> Iterator[subprocess.Popen[bytes]]:
    """Run an HTTP server subprocess until it accepts on 127.0.0.1:``port``; stop it after."""
    process = subprocess.Popen(list(command), cwd=cwd, env={**os.environ, **(env or {})},
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                               start_new_session=True)
    try:
        deadline = time.monotonic() + timeout
        while True:
            if process.poll() is not None:
                tail = (process.stderr.read() if process.stderr else b"")[-2000:]
                raise DrillError(f"the HTTP server exited with code {process.returncode} "
                                 "before listening", hint=tail.decode("utf-8", "replace")
                                 .strip().splitlines()[-1] if tail.strip() else None)
            with contextlib.suppress(OSError), \
                    socket.create_connection(("127.0.0.1", port), timeout=0.5):
                break
            if time.monotonic() > deadline:
                raise DrillError(f"the HTTP server did not listen on port {port} within "
                                 f"{timeout:g} s")
            time.sleep(0.05)
        yield process
    finally:
        process.terminate()
        try:
            process.wait(5)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(5)
        if process.stderr:
            process.stderr.close()


async def drill_target(target: DrillTarget, *, modes: Sequence[str], calls: int,
                       policy: g.GuardPolicy, events: g.EventSink | None = None,
                       guarded: bool = True) -> TargetResult:
    """Drill one target; ``guarded=False`` calls through the bare, unguarded session (the
    proof that the drill can fail)."""
    from parity.mcp import CallFailure, open_session

    result = TargetResult(target.name, target.transport)
    secrets = tuple(target.spec.secrets)
    try:
        async with open_session(target.spec) as session:
            listing = await session.list_tools_raw()
            pinned = _pin(target, listing)
            tools = [t for t in listing.tools
                     if not target.tools or t["name"] in target.tools]
            references = await _references(session, tools, target, policy, result)
    except CallFailure as exc:
        raise DrillError(f"server {target.name!r} ({target.transport}): could not start or "
                         f"list it: {redact(str(exc), secrets)}") from None
    if not references:
        raise DrillError(f"server {target.name!r}: no tool could be called cleanly, nothing to "
                         "drill", hint="pass example arguments for its tools")
    # modes are independent sessions: run them side by side (bounded), report in order
    import anyio

    limiter = anyio.CapacityLimiter(PARALLEL_MODES)
    done: dict[str, ModeResult] = {}

    async def one(mode: str) -> None:
        async with limiter:
            done[mode] = await _drill_mode(
                MODES[mode], target, pinned, listing.tools, references, calls=calls,
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
        args = dict(target.arguments.get(name) or
                    example_arguments(definition.get("inputSchema")) or {})
        raw: Any = None

        async def call(tool: str, arguments: dict[str, Any], timeout: float) -> Any:
            nonlocal raw
            raw = await session.call_tool_raw(tool, arguments, timeout=timeout)
            return raw

        outcome = await g.guarded_call(call, definition, name, args, policy=policy)
        if outcome.ok:
            out[name] = (args, raw)
        else:
            result.notes.append(f"{name}: left out, its clean call was {outcome.category} "
                                "(give it example arguments)")
    return out


async def _drill_mode(mode: FaultMode, target: DrillTarget, lock: Any,
                      tools: Sequence[Mapping[str, Any]],
                      references: Mapping[str, tuple[dict[str, Any], Any]], *, calls: int,
                      policy: g.GuardPolicy, events: g.EventSink | None,
                      guarded: bool) -> ModeResult:
    from parity.mcp import CallFailure, open_session

    by_name = {t["name"]: t for t in tools}
    chosen = [n for n in references if mode.applies(by_name[n], references[n][1], tools)]
    out = ModeResult(mode.name, tools=chosen)
    if not chosen:
        out.note = "no drillable tool this fault applies to"
        return out
    sink = events or (lambda event: None)
    sink({"time": time.time(), "event": "mode_started", "mode": mode.name,
          "server": target.name, "transport": target.transport})
    slow = min(policy.default_deadline * 2 + 1.0, 60.0)
    proxy = None
    spec = target.spec
    from dataclasses import replace

    if target.transport == "stdio":
        spec = replace(spec, command=(sys.executable, "-m", "parity.runtime.drill_proxy", "--mode",
                                      mode.name, "--slow", str(slow), "--", *spec.command))
    else:
        from parity.runtime.drill_proxy import FaultInjector, HttpProxy

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
                verdict = judge(mode.name, outcome.ok, outcome.category, expected)
                out.counts[verdict] += 1
                out.categories[outcome.category] += 1
                out.expected.add(expected)
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
        from parity.runtime.client import PinnedClient

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

    chosen = list(modes or MODES)
    unknown = [m for m in chosen if m not in MODES]
    if unknown:
        raise DrillError(f"unknown fault mode {', '.join(map(repr, unknown))}",
                         hint=f"known modes: {', '.join(MODES)}")
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
                target_policy = _with_secrets(policy, tuple(target.spec.secrets))
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
    bound = target.spec.start_timeout * (len(modes) + 2) + per_call * calls * len(modes) + 60
    with anyio.fail_after(bound):
        return await drill_target(target, modes=modes, calls=calls, policy=policy,
                                  events=sink, guarded=guarded)


def _with_secrets(policy: g.GuardPolicy, secrets: tuple[str, ...]) -> g.GuardPolicy:
    from dataclasses import replace

    return replace(policy, secrets=tuple(sorted({*policy.secrets, *secrets})))


def dumps(report: DrillReport) -> str:
    return json.dumps(report.to_json(), indent=2, sort_keys=True) + "\n"
