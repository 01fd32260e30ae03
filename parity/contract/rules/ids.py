"""``ids.unknown``: tool ids inside values, in a form the other side does not index.

Both sides may call a field a string while one fills it with ``workflow-mcp:check_phases``
and the other indexes ``workflow__check_phases``. Where one side's node accepts a set of ids
(an ``enum``/``const`` whose strings all fit one tool-id form with a server part), every
string the other side may put there (its ``enum``, ``const`` or ``default``) is checked: one
that is not accepted but names an accepted tool under another form is an id-form mismatch,
and the hint gives the id it would match.
"""

from __future__ import annotations

from collections.abc import Iterator

from parity.contract.rules._align import Alignment, ToolPair
from parity.contract.rules._base import Direction, Example, Finding, Rule
from parity.contract.rules._text import at
from parity.fieldpaths.entry import Entry
from parity.fieldpaths.toolid import COMMON_FORMS, parse_form

UNKNOWN = "ids.unknown"
#: forms that carry a server part: a bare ``{tool}`` says nothing about ids
_ID_FORMS = tuple(f for f in COMMON_FORMS if "{server}" in f)


def _split(value: str, form: str) -> tuple[str, str] | None:
    match = parse_form(form).pattern.fullmatch(value)
    return None if match is None else (match.group("server"), match.group("tool"))


def _index(accepted: set[str]) -> tuple[str, dict[tuple[str, str], str]] | None:
    """The form every accepted id fits, and (server, tool) -> id; ``None``: not ids."""
    for form in _ID_FORMS:
        parts = {v: _split(v, form) for v in accepted}
        if all(p is not None for p in parts.values()):
            return form, {p: v for v, p in parts.items() if p is not None}
    return None


def _produced(entry: Entry) -> list[str]:
    values = [v for v in entry.enum or () if isinstance(v, str)]
    if entry.has_default:
        default = entry.default
        items = default if isinstance(default, list) else [default]
        values += [v for v in items if isinstance(v, str) and v not in values]
    return values


def _rewrite(value: str, ids: dict[tuple[str, str], str]) -> str | None:
    for form in _ID_FORMS:
        parts = _split(value, form)
        if parts is None:
            continue
        server, tool = parts
        for candidate in ((server, tool), (server.removesuffix("-mcp"), tool)):
            if candidate in ids:
                return ids[candidate]
    return None


def check_unknown(pair: ToolPair) -> Iterator[Finding]:
    sides: tuple[tuple[Direction, Alignment | None], ...] = (("in", pair.in_),
                                                            ("out", pair.out))
    for direction, al in sides:
        if al is None:
            continue
        for mine, theirs in al.matches():
            a, s = al.reader.entries[mine], al.other.entries[theirs]
            # in: the agent sends into the server's ids; out: the server returns into the
            # ids the agent knows
            sender, receiver = (a, s) if direction == "in" else (s, a)
            accepted = {v for v in receiver.enum or () if isinstance(v, str)}
            found = _index(accepted) if accepted else None
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
    shown = ", ".join(f"`{v}`" for v, _ in hits[:3]) + (
        f" (+{len(hits) - 3} more)" if len(hits) > 3 else "")
    value, target = hits[0]
    return Finding(
        tool=tool, rule_id=UNKNOWN, path=path, direction=direction, severity="error",
        message=f"{who} the tool id{'s' if len(hits) > 1 else ''} {shown} {at(path)}, which "
                f"name{'' if len(hits) > 1 else 's'} no tool {indexer} knows in its id form "
                f"`{form}`: an id-form mismatch in a value",
        hint=f"`{value}` -> `{target}`"
             + (f" (and {len(hits) - 1} more alike)" if len(hits) > 1 else "")
             + f": write ids in `{form}` form where they are produced, or translate them "
               "at the boundary")


def _tool(name: str, in_: dict[str, object], out: dict[str, object] | None = None
          ) -> dict[str, object]:
    tool: dict[str, object] = {"name": name, "inputSchema": in_}
    if out is not None:
        tool["outputSchema"] = out
    return tool


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
                "results (`out`) are both checked.",
        example=Example(
            agent=[_tool("estimate_cost", _tools(["workflow-mcp:check_phases"]))],
            server=[_tool("estimate_cost", _tools(["workflow__check_phases",
                                                   "workflow__list_tools"]))]),
        check=check_unknown),
)
