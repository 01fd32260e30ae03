"""``ids.unknown``: tool ids inside values, in a form the other side does not index.

Both sides may call a field a string while one fills it with ``workflow-mcp:check_phases``
and the other indexes ``workflow__check_phases``. Two ways to know a field carries ids:

- **detected**: where one side's node accepts a set of ids (an ``enum``/``const`` whose
  strings all fit one tool-id form with a server part), every string the other side may put
  there (its ``enum``, ``const``, ``default`` or ``examples``) is checked: one that is not
  accepted but names an accepted tool under another form is an id-form mismatch, and the
  hint gives the id it would match;
- **configured** (a pair's ``id_paths``): every string the agent holds at such a path (what
  it sends there, or expects back) must be an id the server accepts there: its own ``enum``
  when it declares one, else one of its tool names as it lists them. Checked even where both
  sides call the field a plain string and agree on everything else.
"""

from __future__ import annotations

from collections.abc import Iterator

from parity.contract.rules import _facts
from parity.contract.rules._align import Alignment, Match, ToolPair
from parity.contract.rules._base import Direction, Example, Finding, Rule, example_tool
from parity.contract.rules._idpaths import ID_FORMS, Accepted, IdPaths, index_ids, split_id
from parity.contract.rules._text import at
from parity.core.terminal import code_span
from parity.fieldpaths.entry import Entry
from parity.fieldpaths.toolid import guess_forms, translate

UNKNOWN = "ids.unknown"


def _produced(entry: Entry) -> list[str]:
    """The strings a node may hold, as its schema tells: enum (const), default, examples."""
    values = [v for v in entry.enum or () if isinstance(v, str)]
    held = [entry.default] if entry.has_default else []
    held += list(entry.examples)
    for value in held:
        items = value if isinstance(value, list) else [value]
        values += [v for v in items if isinstance(v, str) and v not in values]
    return values


def _rewrite(value: str, ids: dict[tuple[str, str], str]) -> str | None:
    for form in ID_FORMS:
        parts = split_id(value, form)
        if parts is None:
            continue
        server, tool = parts
        for candidate in ((server, tool), (server.removesuffix("-mcp"), tool)):
            if candidate in ids:
                return ids[candidate]
    return None


def check_unknown(pair: ToolPair) -> Iterator[Finding]:
    configured: set[tuple[Direction, str]] = set()
    if pair.ids is not None:
        for finding in _check_configured(pair, pair.ids):
            configured.add((finding.direction, finding.path))
            yield finding
    sides: tuple[tuple[Direction, Alignment | None], ...] = (("in", pair.in_),
                                                            ("out", pair.out))
    for direction, al in sides:
        if al is None:
            continue
        for mine, theirs in al.matches():
            if (direction, al.reader.path(mine)) in configured:
                continue  # said once, by the configured check
            a, s = al.reader.entries[mine], al.other.entries[theirs]
            # in: the agent sends into the server's ids; out: the server returns into the
            # ids the agent knows
            sender, receiver = (a, s) if direction == "in" else (s, a)
            accepted = {v for v in receiver.enum or () if isinstance(v, str)}
            found = index_ids(accepted) if accepted else None
            if found is None:
                continue
            form, ids = found
            # a value that is no tool id of this index is in.enum's / out.enum's to report
            hits = [(v, t) for v in _produced(sender) if v not in accepted
                    for t in [_rewrite(v, ids)] if t is not None]
            if hits:
                yield _finding(pair.name, direction, al.reader.path(mine), form, hits)


def _finding(tool: str, direction: Direction, path: str, form: str,
             hits: list[tuple[str, str]]) -> Finding:
    who = "the agent may send" if direction == "in" else "the server may return"
    indexer = "the server" if direction == "in" else "the agent"
    shown = ", ".join(code_span(v) for v, _ in hits[:3]) + (
        f" (+{len(hits) - 3} more)" if len(hits) > 3 else "")
    value, target = hits[0]
    return Finding(
        tool=tool, rule_id=UNKNOWN, path=path, direction=direction, severity="error",
        facts=_facts.of_values(v for v, _ in hits),
        message=f"{who} the tool id{'s' if len(hits) > 1 else ''} {shown} {at(path)}, which "
                f"name{'' if len(hits) > 1 else 's'} no tool {indexer} knows in its id form "
                f"{code_span(form)}: an id-form mismatch in a value",
        hint=f"{code_span(value)} -> {code_span(target)}"
             + (f" (and {len(hits) - 1} more alike)" if len(hits) > 1 else "")
             + f": write ids in {code_span(form)} form where they are produced, or translate them "
               "at the boundary")


# -- configured id paths ---------------------------------------------------------------


def _check_configured(pair: ToolPair, ids: IdPaths) -> Iterator[Finding]:
    directions: tuple[Direction, ...] = ("in", "out")
    for side, direction in enumerate(directions):
        if not (ids.on(pair.agent, side) or ids.on(pair.server, side)):
            continue  # no configured path here: nothing to align
        al = pair.aligned(direction)
        if al is None:
            continue
        for mine, entry in al.reader.entries.items():
            status = al.status.get(mine)
            theirs = status.other if isinstance(status, Match) else None
            if al.reader.path(mine) not in ids.paths and (
                    theirs is None or al.other.path(theirs) not in ids.paths):
                continue
            held = _produced(entry)
            if not held:
                continue
            server_entry = al.other.entries[theirs] if theirs is not None else None
            declared = [v for v in (server_entry.enum or ()) if isinstance(v, str)] \
                if server_entry is not None else []
            accepted = Accepted(set(declared)) if declared else ids.server_accepted
            if not accepted.ids:
                continue
            wrong = [v for v in held if v not in accepted.ids]
            if direction == "in" and declared:
                # a sent enum value that is no id at all is in.enum's to report
                sent = set(entry.enum or ())
                wrong = [v for v in wrong if v not in sent or _match(v, accepted, ids)]
            if wrong:
                yield _configured_finding(pair.name, direction, al.reader.path(mine), ids,
                                          wrong, accepted, bool(declared))


def _match(value: str, accepted: Accepted, ids: IdPaths) -> str | None:
    """The accepted id ``value`` names under another form, if any."""
    own = translate(value, ids.agent_form, ids.server_form, ids.server_name)
    if own is not None and own in accepted.ids:
        return own
    guesses = guess_forms(value, accepted.ids, ids.server_name, case_insensitive=False)
    if guesses:
        return guesses[0][2]
    found = accepted.index
    return _rewrite(value, found[1]) if found is not None else None


def _configured_finding(tool: str, direction: Direction, path: str, ids: IdPaths, wrong: list[str],
                        accepted: Accepted, declared: bool) -> Finding:
    verb = "sends" if direction == "in" else "expects back"
    where = "the ids its schema declares there" if declared else \
        f"its tool names (form {code_span(ids.server_form)})"
    shown = ", ".join(code_span(v) for v in wrong[:3]) + (
        f" (+{len(wrong) - 3} more)" if len(wrong) > 3 else "")
    matches = [(v, t) for v in wrong for t in [_match(v, accepted, ids)] if t is not None]
    if matches:
        value, target = matches[0]
        hint = (f"{code_span(value)} -> {code_span(target)}"
                + (f" (and {len(matches) - 1} more alike)" if len(matches) > 1 else "")
                + ": write ids in the server's form where they are produced, or translate "
                  "them at the boundary")
    else:
        known = accepted.listed
        hint = ("the server's ids: " + ", ".join(code_span(k) for k in known[:5])
                + (f" (+{len(known) - 5} more)" if len(known) > 5 else "")
                + "; or remove the path from `id_paths` if it holds no tool ids")
    return Finding(
        tool=tool, rule_id=UNKNOWN, path=path, direction=direction, severity="error",
        facts=_facts.of_values(wrong),
        message=f"the agent {verb} {shown} {at(path)}, a configured tool-id path "
                f"(`id_paths`), but {'they name' if len(wrong) > 1 else 'it names'} no tool "
                f"of the server in its id form: the server knows {where}",
        hint=hint)


def _tools(ids: list[str]) -> dict[str, object]:
    return {"type": "object", "properties": {"tools": {"type": "array",
                                                       "items": {"enum": ids}}}}


RULES = (
    Rule(
        id=UNKNOWN, direction="tool", severity="error",
        purpose="A tool id inside a value names no tool in the other side's id form.",
        details="Where one side accepts a set of tool ids (an enum or const whose strings all "
                "fit one form with a server part, `{server}__{tool}`), each id the other side "
                "may produce there (enum, const, default) that is not accepted but names an "
                "accepted tool under another form (`workflow-mcp:check_phases`) is reported "
                "with the id it would match (`workflow__check_phases`). Arguments (`in`) and "
                "results (`out`) are both checked. A pair's `id_paths` names such fields "
                "itself: every string the agent holds there (enum, const, default, examples, "
                "observed output), whether it sends it or expects it back, must be an id the "
                "server accepts there (its enum, else its tool names as it lists them), even "
                "where both sides call the field a plain string (docs/configuration.md).",
        example=Example(
            agent=[example_tool("estimate_cost", _tools(["workflow-mcp:check_phases"]))],
            server=[example_tool("estimate_cost", _tools(["workflow__check_phases",
                                                   "workflow__list_tools"]))]),
        check=check_unknown),
)
