"""``in.choice`` and ``out.choice``: an object that must hold one of several groups of keys
(``Entry.choice``: a union whose alternatives require different keys, such as GitHub's
review comment, which takes a ``line`` or a ``position``).

The side that holds the object must guarantee a group: every group of one of its own ways
to be (its required keys, with one group of its own choice, if it has one) holds all the
keys of some group of the choice asked of it. Required keys alone satisfy most choices
(``line`` required: a comment always holds one); a choice of the same groups, or of larger
ones, satisfies it too.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from operator import attrgetter

from parity.contract.rules import _facts
from parity.contract.rules._align import Alignment, ToolPair
from parity.contract.rules._base import Example, Finding, Rule, example_tool
from parity.contract.rules._holders import asked_of, every_call, required_names
from parity.contract.rules._parsed import Parsed
from parity.contract.rules._text import at
from parity.contract.rules._variants import linked
from parity.contract.rules.inputs import how_sent
from parity.core.terminal import code_span
from parity.fieldpaths.entry import keys_unmodelled
from parity.fieldpaths.fieldpath import Steps

Groups = Sequence[Sequence[str]]


def guaranteed(choice: Groups, table: Parsed, holder: Steps) -> bool:
    """Whether ``table``'s object at ``holder`` always holds every key of some group of
    ``choice``: by its required keys alone, or by each group of its own choice with them.
    A keyword the key sets do not model there (``minProperties``, ``if``...) may hold a
    group too: it cannot tell, and says so as ``True``."""
    if keys_unmodelled(table.entries[holder]):
        return True
    required = required_names(table, holder)
    if any(required.issuperset(group) for group in choice):
        return True
    own = table.entries[holder].choice
    return bool(own) and all(any(required.union(mine).issuperset(group) for group in choice)
                             for mine in own)


def _groups(choice: Groups) -> str:
    """``a`` or ``b`` and ``c``."""
    return " or ".join(" and ".join(code_span(name) for name in group) for group in choice)


# -- in.choice -------------------------------------------------------------------------------

IN = "in.choice"


def check_in(pair: ToolPair) -> Iterator[Finding]:
    al = pair.in_  # None: the tables agree, nothing to report
    if al is None:
        return
    for steps, choice, holder in asked_of(al, attrgetter("choice")):
        finding = unsent(pair, al, holder, steps, choice)
        if finding is not None:
            yield finding


def unsent(pair: ToolPair, al: Alignment, holder: Steps, theirs: Steps, choice: Groups,
            ) -> Finding | None:
    """The finding where the agent's object at ``holder`` may hold no group of the server's
    ``choice``; ``None`` where it always holds one, or its node cannot tell."""
    reader = al.reader
    if reader.opaque(holder) or not reader.may_be_object(holder):
        return None
    if guaranteed(choice, reader, holder) or linked(al.other, theirs, reader, holder):
        return None  # (a tag links the agent's object to variants: in.tag holds it to them)
    sent = [[how_sent(reader, holder, name) for name in group] for group in choice]
    if any(None in group for group in sent):
        return None  # a map or a free-form object may hold the keys: it cannot tell
    asked = f"one of {_groups(choice)} {at(al.other.path(theirs))}"
    never = all("never" in group for group in sent)
    if never:
        message = (f"the server requires {asked}, and the agent never sends all the keys of "
                   f"any of them; {every_call(holder)} is rejected")
        hint = ("add one of them to the agent's schema as required fields (check the "
                "in.unknown findings next to them for a misnamed field)")
    else:
        message = (f"the server requires {asked}, and the agent requires none of them, so it "
                   "may send none; calls that hold none are rejected")
        hint = ("require one of them in the agent's schema (a union of objects that each "
                "require one is as good), or make them optional on the server")
    return Finding(tool=pair.name, rule_id=IN, path=reader.path(holder), direction="in",
                   severity="error", message=message, hint=hint,
                   facts=_facts.of_groups(choice, "never sent" if never else "optional"))


# -- out.choice ------------------------------------------------------------------------------

OUT = "out.choice"


def check_out(pair: ToolPair) -> Iterator[Finding]:
    al = pair.out  # None: nothing read, nothing declared (out.undeclared's) or agreed
    if al is None:
        return
    for mine, theirs in al.matches():
        choice = al.reader.entries[mine].choice
        if not choice or al.other.opaque(theirs) or not al.other.may_be_object(theirs):
            continue
        if guaranteed(choice, al.other, theirs) or linked(al.reader, mine, al.other, theirs):
            continue  # (a tag links the server's object to variants: out.tag holds it to them)
        path = al.reader.path(mine)
        yield Finding(
            tool=pair.name, rule_id=OUT, path=path, direction="out", severity="warning",
            facts=_facts.of_groups(choice),
            message=f"the agent relies on one of {_groups(choice)} {at(path)}, and the "
                    "server's output may hold none of them; results without one fail in "
                    "the agent",
            hint="let the agent's result model take results with none of them, or require "
                 "one of them in the server's outputSchema")


def _either(required: str, other: str) -> dict[str, object]:
    return {"type": "object", "required": [required], "properties": {
        required: {"type": "integer"}, other: {"type": "integer"}}}


RULES = (
    Rule(
        id=IN, direction="in", severity="error",
        purpose="The server requires one of several fields, and the agent may send none.",
        details="A union of objects whose alternatives require different fields (`anyOf` "
                "of a comment with a `line` and one with a `position`, zod's union of "
                "objects) requires one of them: the manifest records it as the object's "
                "`choice`, and no field alone is required. Checked wherever the agent sends "
                "the object: it must require all the fields of one group, or be such a union "
                "itself with each of its alternatives requiring a group. A call that holds "
                "none fails validation on the server; a top-level check of the fields "
                "passes it.",
        example=Example(
            agent=[example_tool("comment", {"type": "object", "properties": {
                "line": {"type": "integer"}, "position": {"type": "integer"}}})],
            server=[example_tool("comment", {"anyOf": [_either("line", "position"),
                                                _either("position", "line")]})]),
        check=check_in, alignments_only=True),
    Rule(
        id=OUT, direction="out", severity="warning",
        purpose="The agent relies on one of several fields, and the server may return none.",
        details="The agent's model is a union of objects whose alternatives require "
                "different fields (the manifest's `choice`); the server's outputSchema must "
                "require all the fields of one group, or be such a union itself. A result "
                "with none fails to parse in the agent. A warning, as `out.optional` is: "
                "the server may return one every time without declaring it.",
        example=Example(
            agent=[example_tool("locate", {"type": "object"}, {"anyOf": [
                _either("line", "position"), _either("position", "line")]})],
            server=[example_tool("locate", {"type": "object"}, {"type": "object", "properties": {
                "line": {"type": "integer"}, "position": {"type": "integer"}}})]),
        check=check_out, alignments_only=True),
)

