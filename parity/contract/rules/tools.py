"""``tool.*``: whether each agent tool has a server counterpart at all.

Names are compared after applying both sides' tool-id forms: the agent's name is parsed
with the agent's form and re-printed in the server's. When that fails, the common forms
(``-mcp:``, ``__``, ``.``, ``/``, case) are tried, to name an id-form mismatch as such.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from difflib import get_close_matches
from itertools import compress
from operator import not_

from parity.contract.rules import _facts
from parity.contract.rules._align import ToolPair
from parity.contract.rules._base import Example, Finding, Rule
from parity.core.terminal import code_span
from parity.fieldpaths.callmodes import PLAIN, TASK, TASK_SUPPORT, ways_lost
from parity.fieldpaths.manifest import Manifest
from parity.fieldpaths.toolid import ToolIdForm, guess_forms, parse_form

MISSING = "tool.missing"


@dataclass(frozen=True)
class ToolMatch:
    """The agent's tools sorted into matched, unmatched and not-this-server's."""

    #: (agent name, server name) pairs
    matched: tuple[tuple[str, str], ...]
    #: agent names with no server counterpart
    unmatched: tuple[str, ...]


def server_name(agent: Manifest, server: Manifest) -> str | None:
    return agent.server or server.server


def match_tools(agent: Manifest, server: Manifest) -> ToolMatch:
    """Pair each agent tool with the server tool it names, under both sides' forms."""
    agent_form = parse_form(agent.tool_id_form or "{tool}")
    server_form = parse_form(server.tool_id_form or "{tool}")
    if agent_form.template == server_form.template == "{tool}":
        return _match_plain(agent, server)
    return _match_forms(agent, server, agent_form, server_form)


def _match_forms(agent: Manifest, server: Manifest, agent_form: ToolIdForm,
                 server_form: ToolIdForm) -> ToolMatch:
    name = server_name(agent, server)
    matched: list[tuple[str, str]] = []
    unmatched: list[str] = []
    for tool in sorted(agent.tools):
        bare = agent_form.parse(tool, name)
        if bare is None and _names_other_server(agent_form.template, tool, name):
            continue  # a tool of another server, listed in a shared agent manifest
        target = None if bare is None else server_form.format(bare, name)
        if target is not None and target in server.tools:
            matched.append((tool, target))
        else:
            unmatched.append(tool)
    return ToolMatch(tuple(matched), tuple(unmatched))


def _match_plain(agent: Manifest, server: Manifest) -> ToolMatch:
    """``match_tools`` where both sides name tools as they are (``{tool}``, the usual case):
    a tool matches the server's of the same name, if the form fits it at all (not empty),
    without parsing and re-printing each name."""
    names = sorted(agent.tools)
    fits = [bool(n) and n in server.tools for n in names]
    return ToolMatch(tuple((n, n) for n in compress(names, fits)),
                     tuple(compress(names, map(not_, fits))))


def _names_other_server(template: str, tool: str, server: str | None) -> bool:
    if server is None or "{server}" not in template:
        return False
    match = parse_form(template).pattern.fullmatch(tool)
    return match is not None and match.group("server") != server


#: the most characters of missing tools' names times characters of the server's names one
#: pair's close-name search weighs (``difflib`` compares two names in at worst the product
#: of their lengths): past it, the missing tools left are shown the server's first tools
#: alone; a catalog of 100 names of 20 characters is weighed for 25 missing tools of 20
MAX_NAME_WORK = 1_000_000
#: how alike a server tool's name must be to a missing one's to be offered (``difflib``'s
#: ratio: ``search_issue`` and ``search_issues`` 0.96, ``create_pr`` and
#: ``create_pull_request`` 0.64)
CLOSE_ENOUGH = 0.6


def closest(tool: str, names: Sequence[str]) -> list[str]:
    """The (at most three) ``names`` most like ``tool``, the likest first."""
    return get_close_matches(tool, names, n=3, cutoff=CLOSE_ENOUGH)


def check_missing(agent: Manifest, server: Manifest) -> Iterator[Finding]:
    name = server_name(agent, server)
    agent_form = agent.tool_id_form or "{tool}"
    server_form = server.tool_id_form or "{tool}"
    unmatched = match_tools(agent, server).unmatched
    if not unmatched:
        return
    # once per pair, not per unmatched tool (that was quadratic in the number of tools)
    candidates = set(server.tools)
    lowered = {c.lower(): c for c in candidates}
    ordered = sorted(server.tools)
    known = ", ".join(code_span(t) for t in ordered[:6]) or "none"
    letters = sum(map(len, ordered))
    weighed = 0  # the characters the close-name search has weighed (``MAX_NAME_WORK``)
    for tool in unmatched:
        guesses = guess_forms(tool, candidates, name, lowered=lowered)
        if guesses:
            source, target, hit = guesses[0]
            how = "differing only in case" if (source, target) == (agent_form, server_form) \
                else f"reading {code_span(source)} as {code_span(target)}"
            message = (f"no server tool matches {code_span(tool)} under the agent's form "
                       f"{code_span(agent_form)} and the server's form "
                       f"{code_span(server_form)}, but it would match {code_span(hit)} {how}: "
                       "an id-form mismatch; every call to it fails as an unknown tool")
            if (source, target) == (agent_form, server_form):
                hint = f"tool names are case-sensitive: call it {code_span(hit)} in the agent"
            else:
                hint = ("set tool_id_form in the pair's configuration "
                        f"(agent {code_span(source)}, server {code_span(target)}"
                        + (f", server name {code_span(name)}" if name else "") + "), then "
                        "`parity extract`")
        else:
            weighed += len(tool) * letters
            close = closest(tool, ordered) if weighed <= MAX_NAME_WORK else []
            if close:
                shown = ", ".join(code_span(c) for c in close)
                message = (f"the server has no tool {code_span(tool)} (the closest names it has: "
                           f"{shown}); every call to it fails as an unknown tool")
                hint = (f"if it was renamed (to {code_span(close[0])}?), rename it in the agent; "
                        "otherwise remove the tool from the agent, or add it to the server")
            else:
                message = (f"the server has no tool {code_span(tool)} (server tools: {known}); "
                           "every call to it fails as an unknown tool")
                hint = ("remove the tool from the agent, or add it to the server; if it was "
                        "renamed, rename it in the agent")
        yield Finding(tool=tool, rule_id=MISSING, path="", direction="tool", severity="error",
                      message=message, hint=hint)


INVALID_SCHEMA = "tool.invalid-schema"


def check_invalid_schema(pair: ToolPair) -> Iterator[Finding]:
    for side, tool in (("server", pair.server), ("agent", pair.agent)):
        if not tool.invalid:
            continue
        yield Finding(
            tool=pair.name, rule_id=INVALID_SCHEMA, path="", direction="tool",
            severity="error" if side == "server" else "warning",
            message=f"the {side}'s definition of {code_span(tool.name)} is invalid for the MCP "
                    f"spec: {'; '.join(tool.invalid)} (every tool must have an object "
                    "inputSchema); strict clients refuse the whole tools/list, parity reads the "
                    "arguments as an open object",
            hint='declare an inputSchema, `{"type": "object"}` for a tool without arguments'
                 + (" (in the server)" if side == "server" else " (in the agent's tools)"))
        return  # once per tool: the server's, when both are invalid


CALL_MODE = "tool.call-mode"
#: how the agent calls, by its ways (``fieldpaths.callmodes``), in words
_CALLED = {(PLAIN,): "with a plain tools/call", (TASK,): "as a task",
           (PLAIN, TASK): "plainly or as a task"}
_TAKEN = {PLAIN: "plain calls", TASK: "calls as a task"}


def check_call_mode(pair: ToolPair) -> Iterator[Finding]:
    lost = ways_lost(pair.agent.calls, pair.server.calls)
    if not lost:
        return
    support = TASK_SUPPORT.get(pair.server.calls)
    said = code_span(support) if support is not None else "a value the protocol does not name"
    refused = " or ".join(_TAKEN[mode] for mode in lost)
    message = (f"the agent calls {code_span(pair.name)} {_CALLED[pair.agent.calls]}, but the "
               f"server's {code_span(pair.server.name)} takes no {refused} "
               f"(execution.taskSupport {said}): the server refuses every such call (-32601)")
    if PLAIN in lost and TASK in pair.server.calls:
        hint = ("call it as a task in the agent and record that (`call_as` in the pair's "
                "agent table), or let the server take plain calls too (taskSupport "
                "`optional`); then `parity extract`")
    elif TASK in lost and PLAIN in pair.server.calls:
        hint = ("call it plainly in the agent and record that (`call_as` in the pair's agent "
                "table), or let the server run it as a task too (taskSupport `optional`); "
                "then `parity extract`")
    else:
        hint = ("give the tool an `execution.taskSupport` the protocol names (`forbidden`, "
                "`optional` or `required`) in the server")
    yield Finding(tool=pair.name, rule_id=CALL_MODE, path="", direction="tool",
                  severity="error", message=message, hint=hint,
                  facts=_facts.bounded(f"refuses {mode}" for mode in lost))


RULES = (
    Rule(
        id=CALL_MODE, direction="tool", severity="error",
        purpose="The agent calls a tool in a way the server does not take: plainly, or as a "
                "task.",
        details="MCP 2025-11-25 lets a tool say how it may be called "
                "(`execution.taskSupport`): `forbidden` or absent, plain `tools/call` "
                "only; `optional`, plainly or as a task; `required`, as a task only. The "
                "server answers a call made another way with an error (-32601), so every "
                "such call fails, however right its arguments. Manifests record the ways "
                "(`calls`, left out for plain calls only): the server's from its listing, "
                "the agent's from its definitions, or from `call_as` in the pair's agent "
                "table for stubs (they are called plainly unless it says otherwise). A "
                "`taskSupport` the protocol does not name allows no way. Published servers "
                "have such tools: server-everything's `simulate-research-query` needs a "
                "task and answers a plain call with an error result. At call time, the "
                "guard refuses such a call locally against the pinned definition "
                "(docs/guard.md).",
        example=Example(
            agent=[{"name": "render_report", "inputSchema": {"type": "object"}}],
            server=[{"name": "render_report", "inputSchema": {"type": "object"},
                     "execution": {"taskSupport": "required"}}]),
        check=check_call_mode),
    Rule(
        id=INVALID_SCHEMA, direction="tool", severity="error",
        severity_note="warning when only the agent's side is invalid",
        purpose="A tool's inputSchema is missing or null, which the MCP spec does not allow.",
        details="The spec requires every tool to have an `inputSchema` object; a real server "
                "changed one from `null` to `{\"type\": \"object\"}` and back between "
                "versions. parity reads a missing or null `inputSchema` as an open object (the "
                "tool takes arguments nobody described), so the rest of the diff still runs, "
                "and reports the invalid definition once, here. Clients that validate "
                "`tools/list` (the Python SDK does) reject the whole list.",
        example=Example(
            agent=[{"name": "get_me", "inputSchema": {"type": "object"}}],
            server=[{"name": "get_me", "inputSchema": None}]),
        check=check_invalid_schema),
    Rule(
        id=MISSING, direction="tool", severity="error",
        purpose="An agent tool has no server counterpart under both sides' tool-id forms.",
        details="The agent's name is parsed with the agent's `tool_id_form` and printed in "
                "the server's. When that finds nothing but a common form would "
                "(`{server}-mcp:{tool}`, `{server}__{tool}`, `.`, `/`, case), the finding "
                "names the id-form mismatch, which is a configuration fix, not a code one. "
                "Otherwise the finding offers the server's names most like the agent's (a "
                "renamed tool: `search_issue` and `search_issues`), else its first tools. "
                "Server tools the agent does not use are not differences.",
        example=Example(
            agent=[{"name": "workflow-mcp:check_phases", "inputSchema": {"type": "object"}}],
            server=[{"name": "check_phases", "inputSchema": {"type": "object"}}],
            server_name="workflow"),
        check_pair=check_missing),
)
