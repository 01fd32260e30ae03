"""The bounds of extraction (``Limits``) and what an extraction spent (``Work``)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Limits:
    """Bounds that keep extraction finite on any input (documented in docs/field-paths.md)."""

    #: deepest field path, in steps
    max_depth: int = 64
    #: most entries one tool's table may have
    max_paths: int = 10_000
    #: most alternatives one node's unions may multiply into
    max_alternatives: int = 256
    #: most units of work one schema may cost: a unit is one subschema visited, one keyword
    #: value element read, one ``allOf``/``$ref`` merge (weighted by what it copies) or one
    #: entry merged across union alternatives. Paths emitted are bounded separately; this
    #: bounds what a schema can make parity *do* (a reference fan-out emits few paths).
    max_work: int = 200_000


@dataclass
class Work:
    """How much work an extraction spent, in the units of ``Limits.max_work``."""

    spent: int = 0
