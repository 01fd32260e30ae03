"""The shapes every rule shares: ``Finding``, ``Example``, ``Rule``.

Kept apart from ``parity.contract.diff`` so rule modules and the differ can both import them
without a cycle; ``parity.contract.diff`` re-exports ``Finding``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from parity.fieldpaths.manifest import Manifest

if TYPE_CHECKING:
    from parity.contract.rules._align import ToolPair

Direction = Literal["in", "out", "tool"]
Severity = Literal["error", "warning"]
#: Direction order in reports: the tool itself, then what is sent, then what comes back.
DIRECTIONS: tuple[Direction, ...] = ("tool", "in", "out")


@dataclass(frozen=True, order=True)
class Finding:
    """One difference between the agent's and the server's view of a tool.

    ``(tool, rule_id, path)`` is its identity: the key a baseline entry matches. The
    message and hint are for people and may be reworded between releases.
    """

    #: the agent's name for the tool
    tool: str
    #: a stable rule id such as ``in.unknown`` (public API: baselines record it)
    rule_id: str
    #: the field path (``fieldpaths.fieldpath`` grammar); ``""`` is the root or the tool itself
    path: str
    direction: Direction = field(compare=False)
    severity: Severity = field(compare=False)
    #: one line: what the difference is and what happens at run time
    message: str = field(compare=False)
    #: one line: what to do about it
    hint: str = field(compare=False, default="")
    #: what the difference at its key is, as short sorted units apart from the wording
    #: (``rules._facts``: an in.enum's values, an in.type's types); a baseline records them
    #: to notice the difference widening at the same key. Empty where the key says it all.
    facts: tuple[str, ...] = field(compare=False, default=())

    @property
    def key(self) -> tuple[str, str, str]:
        return (self.tool, self.rule_id, self.path)


@dataclass(frozen=True)
class Example:
    """A minimal pair of tool definitions (raw MCP wire JSON) that triggers a rule."""

    agent: Sequence[Mapping[str, Any]]
    server: Sequence[Mapping[str, Any]]
    agent_form: str = "{tool}"
    server_form: str = "{tool}"
    server_name: str | None = None


def example_tool(name: str, in_: Mapping[str, object],
                 out: Mapping[str, object] | None = None) -> dict[str, object]:
    """A tool definition for an ``Example``: its input schema, and its output schema if any."""
    tool: dict[str, object] = {"name": name, "inputSchema": in_}
    if out is not None:
        tool["outputSchema"] = out
    return tool


#: checks one matched tool pair; ``ToolPair`` holds both tools and their shared alignments
ToolCheck = Callable[["ToolPair"], Iterator[Finding]]
PairCheck = Callable[[Manifest, Manifest], Iterator[Finding]]


@dataclass(frozen=True)
class Rule:
    """One documented, stable difference rule; registered in ``parity.contract.rules.RULES``."""

    #: stable, public id, ``<direction>.<kebab-name>``
    id: str
    direction: Direction
    #: the severity of its findings (``severity_note`` says when it is lower)
    severity: Severity
    #: one line: what the rule catches
    purpose: str
    #: what happens at run time and how to fix it, a short paragraph
    details: str
    example: Example
    #: checks one matched tool pair; ``None`` for pair-level rules
    check: ToolCheck | None = None
    #: checks the two manifests as a whole (``tool.missing``)
    check_pair: PairCheck | None = None
    severity_note: str | None = None
    #: ``check`` reports only what the pair's alignments (``ToolPair.in_``, ``ToolPair.out``)
    #: show, so nothing when both are ``None`` (tables that agree): the differ then skips it,
    #: which spares most of a large catalog's per-tool calls
    alignments_only: bool = False
