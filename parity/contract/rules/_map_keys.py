"""A map's keys beside the other side's object: the keys an agent's map may send against a
closed server map's patterns (``map_keys``). The names a map's ``propertyNames`` list
(``_parsed.key_names``) are read by ``in.unknown`` of an agent's map (its values are spread
onto the properties they name, as the alignment does), ``out.unknown`` and ``out.missing``
of a server's."""

from __future__ import annotations

from collections.abc import Iterator

from parity.contract.rules import _facts, _witness
from parity.contract.rules._align import Alignment, ToolPair
from parity.contract.rules._base import Finding, Severity
from parity.contract.rules._parsed import key_names
from parity.contract.rules._text import at, code, the_keys
from parity.core.jsonio import compact
from parity.fieldpaths.fieldpath import Steps
from parity.fieldpaths.keyed import surely_unmatched


def map_keys(pair: ToolPair, al: Alignment, mine: Steps, theirs: Steps, rule_id: str,
             ) -> Iterator[Finding]:
    """The agent's map may send keys a closed server map's patterns do not take: an agent
    map with no patterns (any key), or with one the server does not name."""
    accepted = al.other.entries[theirs].patterns
    if not accepted or al.other.entries[theirs[:-1]].closed is not True:
        return
    sent = al.reader.entries[mine].patterns
    if sent and set(sent) <= set(accepted):
        return
    named = key_names(al.reader.entries[mine[:-1]])
    if named is not None:  # the agent's map names its keys: each is held to the patterns
        # (a name a pattern cannot be decided for is not said to be refused)
        unmatched = [n for n in named if surely_unmatched(n, accepted)]
        if not unmatched:
            return
        sent = ()  # (said by the keys themselves)
    holder = al.reader.path(mine[:-1])
    keys = "any key" if not sent else "keys matching " + ", ".join(map(code, sent))
    if named is not None:
        keys = the_keys(unmatched)
    taken = ", ".join(map(code, accepted))
    hint = ("constrain the agent's keys to the server's patterns (`patternProperties`), "
            "or let the server take them")
    # patterns spelled differently may still take the same keys (`^x-[a-z]+$` within `^x-`)
    key = _witness.unmatched_key(sent, accepted) if sent else None
    severity: Severity
    if named is not None:
        severity, effect = "error", "so a call with such a key is rejected"
    elif sent and key is None:  # none found: said as a possibility, as in.constraint does
        severity, effect = "warning", ("possibly narrower; no key was found that one takes "
                                       "and the other refuses")
    else:
        severity, effect = "error", "so a call with any other key is rejected"
        keys += "" if key is None else f" (such as {compact(key)})"
    # facts: the names or patterns the server's patterns leave out, or any key
    facts = _facts.of_values(unmatched) if named is not None else _facts.bounded(
        [f"agent pattern {compact(p)}" for p in sent if p not in accepted] or ["any key"])
    yield Finding(
        tool=pair.name, rule_id=rule_id, path=al.reader.path(mine), direction="in",
        severity=severity, hint=hint, facts=facts,
        message=f"the agent may send {keys} {at(holder)}; the server's object there is "
                f"closed and takes only keys matching {taken}: {effect}")
