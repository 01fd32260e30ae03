"""``parity probe``: call a live server's read-only tools and hold what really comes back
against what the agent was promised.

The manifests say what each side *declares*; the probe shows what *arrives*. For every tool
annotated ``readOnlyHint: true`` (or listed in the server's ``read_only`` setting; nothing
else is ever called) that takes a plain call, it generates valid arguments from the pinned
``inputSchema`` (configured example arguments win), calls the tool once through the guard,
and reports:

- ``probe.call-failed``: the guard did not say ``ok`` (any category but ``partial``); the
  agent's fallback would run, and a fallback that fails open takes the failure for data;
- ``probe.error-shaped``: a success whose body is an error object (a case of the above);
- ``probe.output-schema``: the structured result fails the server's own ``outputSchema``;
- ``probe.missing``: a key the agent's ``out`` manifest requires never arrived;
- ``probe.type``: a value whose JSON type the agent's ``out`` manifest does not allow;
- ``probe.no-arguments`` (a warning): no valid arguments could be found or were configured;
- ``probe.suspect`` (a warning): a success whose text reads like an error message but
  carries no structured error: the guard lets prose pass (it may be data), the agent reads
  it as data either way;
- ``probe.unreadable``: the listing held a definition parity could not read (a NaN, a lone
  surrogate, a name listed twice...); a client drops such a tool, so the agent's calls to it
  never arrive, and a probe that skipped it quietly would pass what it never saw.

A call with an error finding is a **failed call**: the gate is zero failed calls.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from parity.errors import ParityError
from parity.fieldpaths.callmodes import PLAIN, call_modes
from parity.fieldpaths.entry import Entry, value_type
from parity.fieldpaths.fieldpath import ITEMS, VALUES, Index, Prop, parse, render
from parity.runtime import guard as g
from parity.runtime.arguments import generate_arguments

#: finding kind -> (severity, what to do about it)
KINDS: dict[str, tuple[str, str]] = {
    "probe.call-failed": ("error", "make the call succeed with these arguments, or give the "
                                   "tool example arguments in the server's `arguments` table"),
    "probe.error-shaped": ("error", "report errors with `isError: true`, never as a success"),
    "probe.output-schema": ("error", "make the result match the tool's outputSchema, or fix "
                                     "the schema"),
    "probe.missing": ("error", "make the server return the key, or stop promising it to the "
                               "agent (fix the stub or the observed output)"),
    "probe.type": ("error", "make the types agree on both sides"),
    "probe.unreadable": ("error", "fix the server's definition of this tool: parity's client "
                                  "and the lock leave out a definition they cannot read"),
    "probe.no-arguments": ("warning", "give the tool example arguments in "
                                      "[tool.parity.servers.NAME.arguments.TOOL]"),
    "probe.suspect": ("warning", "if the call failed, report it with `isError: true` (or a "
                                 "structured error body); if the text is the tool's data, "
                                 "nothing to do"),
}

#: Items of one array looked at per path (bounded work on large results).
MAX_ITEMS = 50


class ProbeError(ParityError):
    """The probe could not run: the server did not start or list its tools."""


@dataclass(frozen=True)
class ProbeFinding:
    tool: str
    kind: str
    path: str
    message: str

    @property
    def severity(self) -> str:
        return KINDS[self.kind][0]

    @property
    def hint(self) -> str:
        return KINDS[self.kind][1]

    def to_json(self) -> dict[str, Any]:
        return {"tool": self.tool, "kind": self.kind, "path": self.path,
                "severity": self.severity, "message": self.message, "hint": self.hint}


@dataclass
class ProbeCall:
    """One tool's probe: how it was called and what was found."""

    tool: str
    #: ``configured``, ``generated``, or ``none`` (the definition could not be read)
    arguments_from: str
    category: str
    findings: list[ProbeFinding] = field(default_factory=list)

    @property
    def failed(self) -> bool:
        return any(f.severity == "error" for f in self.findings)

    def to_json(self) -> dict[str, Any]:
        return {"tool": self.tool, "arguments_from": self.arguments_from,
                "category": self.category, "failed": self.failed,
                "findings": [f.to_json() for f in self.findings]}


@dataclass
class ServerProbe:
    server: str
    #: the agent manifest the promised keys came from (None: no pair names this server)
    promised_by: str | None = None
    calls: list[ProbeCall] = field(default_factory=list)
    #: tool -> why it was not called
    skipped: dict[str, str] = field(default_factory=dict)

    @property
    def failed(self) -> int:
        return sum(c.failed for c in self.calls)

    @property
    def called(self) -> int:
        """Tools really called (a tool without usable arguments is listed, not called)."""
        return sum(c.category != "not_called" for c in self.calls)

    @property
    def warnings(self) -> int:
        """Warning findings: shown, counted, never a failed call."""
        return sum(f.severity == "warning" for f in self.findings())

    def findings(self) -> list[ProbeFinding]:
        return [f for c in self.calls for f in c.findings]

    def to_json(self) -> dict[str, Any]:
        return {"server": self.server, "promised_by": self.promised_by,
                "failed_calls": self.failed, "warnings": self.warnings,
                "calls": [c.to_json() for c in self.calls],
                "skipped": dict(sorted(self.skipped.items()))}


@dataclass
class ProbeReport:
    servers: list[ServerProbe] = field(default_factory=list)

    @property
    def failed(self) -> int:
        """Calls that failed: each would send the agent down its fallback."""
        return sum(s.failed for s in self.servers)

    @property
    def calls(self) -> int:
        """Calls really made."""
        return sum(s.called for s in self.servers)

    @property
    def warnings(self) -> int:
        return sum(s.warnings for s in self.servers)

    @property
    def passed(self) -> bool:
        return self.failed == 0

    def to_json(self) -> dict[str, Any]:
        return {"format": "parity.probe/1", "passed": self.passed, "calls": self.calls,
                "failed_calls": self.failed, "warnings": self.warnings,
                "servers": [s.to_json() for s in self.servers]}


@dataclass
class ProbeTarget:
    """A live server to probe.

    Arguments:
        name: the server's configured name.
        spec: the adapter ``ServerSpec``.
        arguments: tool -> configured example arguments (win over generated ones).
        read_only: tools to call although not annotated ``readOnlyHint: true``.
        promised: server tool name -> the agent's ``out`` table for it.
        promised_by: the agent manifest file, for the report.
        tools: only these tools (all read-only ones by default).
    """

    name: str
    spec: Any
    arguments: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    read_only: tuple[str, ...] = ()
    promised: Mapping[str, Mapping[str, Entry]] = field(default_factory=dict)
    promised_by: str | None = None
    tools: tuple[str, ...] = ()
    #: tool -> its completeness declaration (``GuardPolicy.completeness``)
    completeness: Mapping[str, Mapping[str, str]] = field(default_factory=dict)


def promised_outputs(manifest_path: Path) -> dict[str, dict[str, Entry]]:
    """Server tool name -> the agent manifest's ``out`` table (tools with one)."""
    from parity.fieldpaths.manifest import load
    from parity.fieldpaths.toolid import parse_form

    manifest = load(manifest_path)
    form = parse_form(manifest.tool_id_form)
    out: dict[str, dict[str, Entry]] = {}
    for tool_id, tool in manifest.tools.items():
        name = form.parse(tool_id, manifest.server)
        if name is not None and tool.out is not None:
            out[name] = dict(tool.out)
    return out


def is_read_only(definition: Mapping[str, Any], listed: Sequence[str]) -> bool:
    annotations = definition.get("annotations")
    return definition.get("name") in listed or (
        isinstance(annotations, Mapping) and annotations.get("readOnlyHint") is True)


async def probe_target(target: ProbeTarget, policy: g.GuardPolicy) -> ServerProbe:
    """Probe one server: list, pick the read-only tools, call each once through the guard."""
    from parity.mcp import CallFailure, open_session, with_stderr_tail

    result = ServerProbe(target.name, promised_by=target.promised_by)
    try:
        async with open_session(target.spec) as session:
            listing = await session.list_tools_raw()
            names = {t["name"] for t in listing.tools}
            rejected = {name: why for name, why in listing.rejected}
            unknown = [t for t in target.tools if t not in names and t not in rejected]
            if unknown:
                raise ProbeError(f"server {target.name!r} has no tool "
                                 f"{', '.join(map(repr, unknown))}",
                                 hint=f"its tools: {', '.join(sorted(names))}")
            for definition in sorted(listing.tools, key=lambda t: str(t["name"])):
                name = definition["name"]
                if target.tools and name not in target.tools:
                    continue
                if not is_read_only(definition, target.read_only):
                    result.skipped[name] = ("not read-only: annotate it readOnlyHint: true, "
                                            "or list it in the server's read_only setting")
                    continue
                if PLAIN not in call_modes(definition):  # the server refuses a plain call
                    result.skipped[name] = ("takes no plain call (its execution.taskSupport), "
                                            "and the probe calls plainly")
                    continue
                result.calls.append(await _probe_tool(session, definition, target, policy))
            for name, why in sorted(rejected.items()):
                if not target.tools or name in target.tools:
                    call = ProbeCall(name, "none", "not_called")
                    call.findings.append(ProbeFinding(
                        name, "probe.unreadable", "", f"the listing's definition could not "
                        f"be read ({why}); not called"))
                    result.calls.append(call)
    except CallFailure as exc:
        message = with_stderr_tail(f"server {target.name!r}: could not start or list it: "
                                   f"{exc}", exc.stderr_tail)
        raise ProbeError(g.redact(message, tuple(target.spec.secrets))) from None
    return result


async def _probe_tool(session: Any, definition: Mapping[str, Any], target: ProbeTarget,
                      policy: g.GuardPolicy) -> ProbeCall:
    name = definition["name"]
    if name in target.arguments:
        args: dict[str, Any] | None = dict(target.arguments[name])
        source = "configured"
    else:
        generated = generate_arguments(definition.get("inputSchema"), seed=name, tool=name)
        args, source = generated.arguments, "generated"
        if args is None:
            call = ProbeCall(name, source, "not_called")
            call.findings.append(ProbeFinding(name, "probe.no-arguments", "",
                                              f"not called: {generated.reason}"))
            return call
    raw: Any = None

    async def send(tool: str, arguments: dict[str, Any], timeout: float) -> Any:
        nonlocal raw
        raw = await session.call_tool_raw(tool, arguments, timeout=timeout)
        return raw

    version = getattr(session, "protocol_version", None)
    outcome = await g.guarded_call(send, definition, name, args, policy=policy,
                                   protocol_version=version)
    call = ProbeCall(name, source, outcome.category)
    detail = str(outcome.diagnostics.get("detail", ""))
    if outcome.category == g.TOOL_ERROR and "error-shaped" in detail:
        call.findings.append(ProbeFinding(name, "probe.error-shaped", "",
                                          f"a success whose body is an error ({detail})"))
    elif outcome.category == g.CONTRACT_VIOLATION:
        call.findings.append(ProbeFinding(name, "probe.output-schema", "", outcome.message))
    elif outcome.category not in (g.OK, g.PARTIAL):
        call.findings.append(ProbeFinding(name, "probe.call-failed", "",
                                          f"{outcome.category}: {outcome.message}"))
    elif outcome.suspect:  # prose is not evidence: a warning, never a failed call
        call.findings.append(ProbeFinding(name, "probe.suspect", "",
                                          f"a success the guard flagged: {outcome.suspect}"))
    table = target.promised.get(name)
    if table and outcome.category in (g.OK, g.PARTIAL) and isinstance(raw, Mapping):
        value = _result_value(raw)
        if value is not None:
            call.findings.extend(ProbeFinding(name, kind, path, message)
                                 for kind, path, message in compare(value, table))
    return call


def _result_value(raw: Mapping[str, Any]) -> Any:
    """The structured result, or the only text block parsed as JSON."""
    if isinstance(raw.get("structuredContent"), Mapping):
        return raw["structuredContent"]
    content = raw.get("content")
    if isinstance(content, list) and len(content) == 1 and isinstance(content[0], Mapping) \
            and content[0].get("type") == "text":
        try:
            return json.loads(str(content[0].get("text", "")))
        except ValueError:
            return None
    return None


def compare(value: Any, table: Mapping[str, Entry]) -> list[tuple[str, str, str]]:
    """(kind, path, message) for every promised key that is absent and every value whose
    type the table does not allow; each path reported once."""
    children: dict[str, list[tuple[Any, str]]] = {}
    for path in table:
        if path:
            steps = parse(path)
            children.setdefault(render(steps[:-1]), []).append((steps[-1], path))
    found: dict[tuple[str, str], str] = {}

    def walk(node: Any, path: str, depth: int) -> None:
        entry = table.get(path)
        if entry is not None and not entry.allows(value_type(node)):
            found.setdefault(("probe.type", path),
                             f"the agent is promised {'/'.join(entry.type)} at this path; "
                             f"a {value_type(node)} arrived")
            return
        if depth > 64:
            return
        for step, child in children.get(path, ()):
            if isinstance(step, Prop) and isinstance(node, Mapping):
                if step.name in node:
                    walk(node[step.name], child, depth + 1)
                elif table[child].required:
                    found.setdefault(("probe.missing", child),
                                     "the agent is promised this key; the server's answer "
                                     "does not hold it")
            elif step is ITEMS and isinstance(node, list):
                for item in node[:MAX_ITEMS]:
                    walk(item, child, depth + 1)
            elif isinstance(step, Index) and isinstance(node, list) \
                    and step.position < len(node):
                walk(node[step.position], child, depth + 1)
            elif step is VALUES and isinstance(node, Mapping):
                named = {s.name for s, _ in children.get(path, ()) if isinstance(s, Prop)}
                for key in list(node)[:MAX_ITEMS]:
                    if key not in named:
                        walk(node[key], child, depth + 1)

    walk(value, "", 0)
    return [(kind, path, message) for (kind, path), message in sorted(found.items())]


def run_probe(targets: Sequence[ProbeTarget], *, policy: g.GuardPolicy | None = None) \
        -> ProbeReport:
    """Probe every target in turn; each bounded by its start time and the call deadlines."""
    import anyio

    policy = policy or g.GuardPolicy()
    report = ProbeReport()
    for target in targets:
        secrets = tuple(sorted({*policy.secrets, *target.spec.secrets}))
        from dataclasses import replace

        scoped = replace(policy, secrets=secrets,
                         completeness={**policy.completeness, **target.completeness})

        async def one(t: ProbeTarget = target, p: g.GuardPolicy = scoped) -> ServerProbe:
            bound = t.spec.start_timeout + t.spec.list_timeout + 200 * (p.default_deadline + 5)
            with anyio.fail_after(bound):
                return await probe_target(t, p)

        try:
            report.servers.append(anyio.run(one))
        except TimeoutError:
            raise ProbeError(f"the probe of {target.name!r} did not finish in its time "
                             "bound") from None
    return report
