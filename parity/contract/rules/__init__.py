"""The rule registry: every difference parity reports, by stable id.

Each rule family is one module (``tools``, ``inputs``, ``outputs``, ``constraints``) listing
its ``Rule`` values; ``RULES`` gathers them. Rule ids are public API: baselines record them.
"""

from __future__ import annotations

from parity.contract.rules import (
    choices,
    constraints,
    exclusive,
    ids,
    inputs,
    output_values,
    outputs,
    tags,
    tools,
    variants,
)
from parity.contract.rules._base import DIRECTIONS, Direction, Example, Finding, Rule, Severity

#: rule id -> rule, in report order (tool, in, out; then by id)
RULES: dict[str, Rule] = {
    r.id: r for r in sorted((*tools.RULES, *inputs.RULES, *outputs.RULES, *output_values.RULES,
                            *constraints.RULES,
                            *choices.RULES, *exclusive.RULES, *tags.RULES, *variants.RULES,
                            *ids.RULES),
                            key=lambda r: (DIRECTIONS.index(r.direction), r.id))
}

__all__ = ["DIRECTIONS", "RULES", "Direction", "Example", "Finding", "Rule", "Severity"]
