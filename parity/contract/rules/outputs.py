"""``out.*``: the keys the server returns against those the agent reads (the values at
the keys both declare: ``output_values``).

The agent's ``out`` table is what it expects back (``required``: it relies on the field);
the server's is its declared ``outputSchema``.
"""

from __future__ import annotations

from collections.abc import Iterator

from parity.contract.rules import _facts, _witness
from parity.contract.rules._align import Alignment, ToolPair
from parity.contract.rules._base import Example, Finding, Rule, example_tool
from parity.contract.rules._parsed import key_names
from parity.contract.rules._text import at, code, the_keys, them, values
from parity.core.jsonio import compact
from parity.core.terminal import code_span
from parity.fieldpaths.fieldpath import ITEMS, VALUES, Index, Prop, Steps, render
from parity.fieldpaths.keyed import surely_unmatched


def _tool(name: str, out: dict[str, object] | None) -> dict[str, object]:
    return example_tool(name, {"type": "object"}, out)


# -- out.undeclared --------------------------------------------------------------------------

UNDECLARED = "out.undeclared"


def check_undeclared(pair: ToolPair) -> Iterator[Finding]:
    if not pair.agent.has_out or pair.server.has_out:
        return
    yield Finding(
        tool=pair.name, rule_id=UNDECLARED, path="", direction="out", severity="warning",
        message="the server declares no outputSchema, so nothing the agent expects back can "
                "be verified; a change in the result shape surfaces only at run time",
        hint="declare an outputSchema on the server tool (a typed return value in FastMCP), "
             "or baseline this with a reason")


# -- out.missing -----------------------------------------------------------------------------

MISSING = "out.missing"
#: out.missing's facts: an optional key the agent makes required is a wider difference
_READ = {True: "agent requires it", False: "agent reads it optionally"}


def check_missing(pair: ToolPair) -> Iterator[Finding]:
    al = pair.out  # None: nothing read, nothing declared (out.undeclared's) or agreed
    if al is None:
        return
    for steps, parent in al.unknowns():
        if al.reader.refuses(steps):
            continue  # the agent's model there takes no value: it reads nothing
        path = al.reader.path(steps)
        relied = al.reader.entries[steps].required and steps[-1] is not VALUES
        what = f"any key {at(al.reader.path(steps[:-1]))}" if steps[-1] is VALUES \
            else code(path)
        names = key_names(al.reader.entries[steps[:-1]]) if steps[-1] is VALUES else None
        unread: list[str] = []
        if names is not None:  # the agent's map reads only these (each where it is declared:
            # the alignment holds its values to those properties)
            unread = [n for n in names if (*parent, Prop(n)) not in al.other.entries]
            if not unread:
                continue
            what = f"{the_keys(unread)} {at(al.reader.path(steps[:-1]))}"
        effect = ("the agent fails on every result" if relied
                  else "the agent always finds it absent")
        yield Finding(
            tool=pair.name, rule_id=MISSING, path=path, direction="out",
            severity="error" if relied else "warning",
            facts=_facts.of_effect(_READ[relied], unread),
            message=f"the agent reads {what}, which the server's output never declares "
                    f"(its object {at(al.other.path(parent))} has no such field); {effect}",
            hint=_unread_hint(al, steps, parent))
    for mine, theirs in al.matches():
        refused = _refused(al, mine, theirs)
        if _unnamed(al, mine, theirs) is None and not refused:
            continue
        path = al.reader.path(mine)
        relied = al.reader.entries[mine].required
        named = values(key_names(al.other.entries[theirs[:-1]]) or ())
        why = ("its schema there takes no value: `false` or `{\"not\": {}}`" if refused
               else f"its map {at(al.other.path(theirs[:-1]))} takes only the keys {named}")
        yield Finding(
            tool=pair.name, rule_id=MISSING, path=path, direction="out",
            severity="error" if relied else "warning", facts=_facts.of_effect(_READ[relied]),
            message=f"the agent reads {code(path)}, which the server's output never holds "
                    f"({why}); " + ("the agent fails on every result" if relied
                                    else "the agent always finds it absent"),
            hint="read a key the server returns" if refused else
                 "read a key the server's map names, or name this one in its `propertyNames`")


def _refused(al: Alignment, mine: Steps, theirs: Steps) -> bool:
    """Whether the agent's key ``mine`` lands on a key the server's schema refuses
    (typed ``[]``): one it never returns, where the agent's model takes it (one refusing
    it too reads nothing there)."""
    return (bool(mine) and isinstance(mine[-1], Prop) and al.other.refuses(theirs)
            and not al.reader.refuses(mine))


def _unnamed(al: Alignment, mine: Steps, theirs: Steps) -> str | None:
    """The agent's key ``mine`` where it lands on a server map whose ``propertyNames`` do
    not list it (``key_names``): a key the server never returns; else ``None``."""
    step = mine[-1] if mine else None
    if not isinstance(step, Prop) or theirs[-1] is not VALUES:
        return None
    named = key_names(al.other.entries[theirs[:-1]])
    return step.name if named is not None and step.name not in named else None


def _unread_hint(al: Alignment, steps: Steps, parent: Steps) -> str:
    """Name what the server does return there: usually the field this one was meant to be."""
    unread = al.unmatched(parent)
    if unread and isinstance(steps[-1], Prop):
        names = ", ".join(code_span(al.other.path(s)) for s in unread[:5])
        return (f"the server returns {names} there, which the agent does not read: read "
                "the field the server returns, or add this one to its outputSchema")
    return ("read a field the server actually returns (`parity paths` shows them), or add "
            "this one to the server's outputSchema")


# -- out.unknown -----------------------------------------------------------------------------

UNKNOWN = "out.unknown"


def check_unknown(pair: ToolPair) -> Iterator[Finding]:
    al = pair.out  # None: nothing read, nothing declared (out.undeclared's) or agreed
    if al is None:
        return
    found: dict[str, Finding] = {}
    for theirs in al.other.entries:
        if not theirs or not (isinstance(theirs[-1], Prop) or theirs[-1] is VALUES):
            continue
        named = key_names(al.other.entries[theirs[:-1]]) if theirs[-1] is VALUES else None
        for holder in al.reverse.get(theirs[:-1], ()):
            path = al.reader.path(holder)
            refused_names = []
            if named is not None:  # the server's map names its keys: each is held alone
                refused_names = [n for n in named  # each as the key it is
                                 if _refuses(al, holder, (*theirs[:-1], Prop(n))) is not None]
                if not refused_names:
                    continue
                what = f"{the_keys(refused_names)} {at(path)}"
            else:
                refused = _refuses(al, holder, theirs)
                if refused is None:
                    continue
                what = (f"any key{refused} {at(path)}" if theirs[-1] is VALUES
                        else code(al.other.path(theirs)))
            always = _always_returned(al, theirs)
            effect = "every result fails in the agent" if always else \
                "results holding it fail in the agent"
            mine = render((*holder, theirs[-1]))
            found.setdefault(mine, Finding(
                tool=pair.name, rule_id=UNKNOWN, path=mine, direction="out",
                severity="error" if always else "warning",
                facts=_facts.of_effect("server always returns it" if always
                                       else "server may return it", refused_names),
                message=f"the server may return {what}, which the agent's result model does "
                        f"not declare; its object {at(path)} is closed, so {effect}",
                hint="declare the field in the agent's result model, or let that object "
                     "take unknown keys (pydantic: extra='ignore')"))
    for mine in sorted(found):
        yield found[mine]


def _always_returned(al: Alignment, theirs: Steps) -> bool:
    """Whether every result holds the server's node ``theirs``: it and each object above it
    required, each item or tuple position above it one its array's ``minItems`` demands
    (a map value may not be there), and no object on the way ``null`` instead
    (``Optional[Inner] = None``)."""
    entries = al.other.entries
    for cut in range(len(theirs), 0, -1):
        entry = entries.get(theirs[:cut])
        step = theirs[cut - 1]
        if entry is None:
            return False
        if step is ITEMS or type(step) is Index:  # there where the array holds enough items
            array = entries.get(theirs[:cut - 1])
            least = 0 if array is None else dict(array.constraints).get("minItems", 0)
            if least < (1 if step is ITEMS else step.position + 1):  # type: ignore[union-attr]
                return False
        elif not isinstance(step, Prop) or not entry.required:
            return False
    holders = (entries.get(theirs[:cut]) for cut in range(len(theirs)))
    return all(h is not None and "null" not in h.type for h in holders)


def _refuses(al: Alignment, holder: Steps, theirs: Steps) -> str | None:
    """Whether the agent's closed object at ``holder`` refuses the server's node ``theirs``
    (a key or a map's keys): ``None`` if not, else words for the keys it refuses."""
    reader = al.reader
    node = reader.entries[holder]
    if node.closed is not True or reader.opaque(holder) or not reader.may_be_object(holder):
        return None
    step = theirs[-1]
    values = (*holder, VALUES)
    if (*holder, step) in reader.entries:
        if step is not VALUES:
            return None
        # both maps: the server's keys must be keys the agent's patterns take
        taken = reader.entries[values].patterns
        sent = al.other.entries[theirs].patterns
        if not taken:
            return None
        if not sent:
            return ""
        key = _witness.unmatched_key(sent, taken)
        return None if key is None else f" (such as {compact(key)})"
    if step is not VALUES and values in reader.entries:
        taken = reader.entries[values].patterns
        if not taken or not surely_unmatched(step.name, taken):  # type: ignore[union-attr]
            return None  # the agent's map takes the key (its value is not compared)
    return ""


# -- out.optional ----------------------------------------------------------------------------

OPTIONAL = "out.optional"


def check_optional(pair: ToolPair) -> Iterator[Finding]:
    al = pair.out  # None: nothing read, nothing declared (out.undeclared's) or agreed
    if al is None:
        return
    for mine, theirs in al.matches():
        if not mine or not isinstance(mine[-1], Prop) or not al.reader.entries[mine].required:
            continue
        if theirs[-1] is not VALUES and al.other.entries[theirs].required:
            continue
        if _unnamed(al, mine, theirs) is not None or _refused(al, mine, theirs):
            continue  # never returned: out.missing's
        path = al.reader.path(mine)
        yield Finding(
            tool=pair.name, rule_id=OPTIONAL, path=path, direction="out", severity="warning",
            message=f"the agent relies on {code(path)}, which the server may omit; results "
                    "without it fail in the agent",
            hint="make the field optional (with a default) in the agent's result model, or "
                 "required in the server's outputSchema")
    relied: dict[Steps, list[str]] = {}  # the agent's objects the server leaves free-form
    for mine, _ in al.absorbed():
        if al.reader.entries[mine].required:
            relied.setdefault(mine[:-1], []).append(mine[-1].name)  # type: ignore[union-attr]
    for holder, names in relied.items():
        path = al.reader.path(holder)
        yield Finding(
            tool=pair.name, rule_id=OPTIONAL, path=path, direction="out", severity="warning",
            message=f"the agent relies on {the_keys(names)} {at(path)}, where the server's "
                    "outputSchema names no key (a free-form object): nothing says results "
                    f"hold {them(names)}; results without {them(names)} fail in the agent",
            hint=f"declare {them(names)} in the server's outputSchema and require "
                 f"{them(names)} (or make {them(names)} optional in the agent's result model)")


RULES = (
    Rule(
        id=UNDECLARED, direction="out", severity="warning",
        purpose="The server declares no outputSchema, so nothing the agent expects can be "
                "verified.",
        details="Reported once per tool, when the agent expects a structured result. The "
                "agent's reading of the result is then checked by nothing but run time.",
        example=Example(
            agent=[_tool("status", {"type": "object", "required": ["ok"],
                                    "properties": {"ok": {"type": "boolean"}}})],
            server=[_tool("status", None)]),
        check=check_undeclared),
    Rule(
        id=MISSING, direction="out", severity="error",
        severity_note="warning where the agent treats the field as optional",
        purpose="The agent reads a field the server's output never has.",
        details="Reported once, at the topmost path the server's outputSchema does not "
                "declare. A free-form object or an unconstrained value in the server's output "
                "absorbs any key; a map whose `propertyNames` list its keys (pydantic's "
                "`dict[Literal[\"a\", \"b\"], int]`) absorbs only those: a key the agent "
                "reads there that the list does not name is never returned. The other way, "
                "an agent's map that names its keys reads each where the server's object "
                "declares it (its values compared there, `x.a`): a name it does not declare "
                "is reported by that name. A field the server's schema refuses (`false`, or "
                "`{\"not\": {}}`: zod's `z.never()`) is never returned either.",
        example=Example(
            agent=[_tool("status", {"type": "object", "required": ["state"],
                                    "properties": {"state": {"type": "string"}}})],
            server=[_tool("status", {"type": "object", "required": ["status"],
                                     "additionalProperties": False,
                                     "properties": {"status": {"type": "string"}}})]),
        check=check_missing, alignments_only=True),
    Rule(
        id=UNKNOWN, direction="out", severity="error",
        severity_note="warning where a result may lack the field (it, or an object above "
                      "it, optional or nullable; a map value; an item or a tuple position "
                      "its array's minItems does not demand)",
        purpose="The server may return a field the agent's closed result model rejects.",
        details="The agent reads the result with a closed object (`additionalProperties: "
                "false`, pydantic `extra='forbid'`): a key the server returns that the agent "
                "does not declare fails the agent's reading of the whole result. Reported "
                "once, at the topmost such path, as the agent would print it. An open agent "
                "object ignores such keys: nothing is reported. A server map whose "
                "`propertyNames` list its keys returns only those: the ones the agent's "
                "object does not declare are named, and none is reported where it declares "
                "them all.",
        example=Example(
            agent=[_tool("status", {"type": "object", "additionalProperties": False,
                                    "properties": {"state": {"type": "string"}}})],
            server=[_tool("status", {"type": "object", "required": ["state", "since"],
                                     "properties": {"state": {"type": "string"},
                                                    "since": {"type": "string"}}})]),
        check=check_unknown, alignments_only=True),
    Rule(
        id=OPTIONAL, direction="out", severity="warning",
        purpose="The agent relies on a field the server may omit.",
        details="The agent's result model requires the field; the server's outputSchema "
                "does not (or it is a map key, which may always be absent). Results without "
                "it fail in the agent, intermittently. Where the server's object is "
                "free-form (`{\"type\": \"object\"}`, FastMCP's `-> dict`: it names no key), "
                "one warning at the object names every key the agent relies on there.",
        example=Example(
            agent=[_tool("status", {"type": "object", "required": ["state"],
                                    "properties": {"state": {"type": "string"}}})],
            server=[_tool("status", {"type": "object",
                                     "properties": {"state": {"type": "string"}}})]),
        check=check_optional, alignments_only=True),
)
