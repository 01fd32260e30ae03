"""Which subschemas the direct path (``direct``) takes: the keywords that block it, and
``is_plain``, the question the general walk asks before it hands a subschema over.
"""

from __future__ import annotations

from typing import Any

from parity.fieldpaths.direct_fields import CONSTRAINED
from parity.fieldpaths.direct_unions import branches_are_leaves, union_keyword
from parity.fieldpaths.keywords import KEYWORDS, UNSUPPORTED_KEYWORDS

#: the readers the direct path reproduces (keywords.KEYWORDS); a reader added there and not
#: here makes every schema using it go the general way, so the two can never disagree
HANDLED = frozenset({"type", "enum", "const", "required", "properties", "additionalProperties",
                     "unevaluatedProperties", "patternProperties", "items", "prefixItems",
                     "additionalItems", "format", "default", "description", "examples",
                     *UNSUPPORTED_KEYWORDS, *CONSTRAINED})
#: keys that take a node off the direct path
BLOCKERS = frozenset({"$ref", "$dynamicRef", "$recursiveRef", "$id", "allOf", "anyOf",
                      "oneOf"}) | (KEYWORDS.keys() - HANDLED)
#: keywords the direct path reads that dialects before 2020-12 lack (2019-09 brought the
#: first, 2020-12 the second): annotations there (``direct_handover.Walk.dated``)
LATER = frozenset({"unevaluatedProperties", "prefixItems"})
#: schemas deeper than this go the general way, which owns the "nested too deeply" error
DEEPEST = 100


def is_plain(schema: Any, memo: dict[int, bool], depth: int = 0) -> bool:
    """Whether the walk below ``schema`` meets nothing that blocks the direct path (memoized
    by identity: the general walk asks of every subschema it reaches)."""
    known = memo.get(id(schema))
    if known is not None:
        return known
    plain = True
    if isinstance(schema, dict):
        if depth > DEEPEST or isinstance(schema.get("items"), list):
            plain = False
        elif not BLOCKERS.isdisjoint(schema):  # a union of leaves has nothing below it
            keyword = union_keyword(schema)
            plain = keyword is not None and branches_are_leaves(schema, keyword)
        else:
            plain = all(is_plain(sub, memo, depth + 1) for sub in _below(schema))
    memo[id(schema)] = plain
    return plain


def _below(schema: dict[str, Any]) -> list[Any]:
    out: list[Any] = []
    for keyword in ("properties", "patternProperties"):
        value = schema.get(keyword)
        if isinstance(value, dict):
            out.extend(value.values())
    for keyword in ("items", "prefixItems"):
        value = schema.get(keyword)
        if isinstance(value, list):
            out.extend(value)
        elif value is not None:
            out.append(value)
    if "additionalProperties" in schema:
        out.append(schema["additionalProperties"])
    return out
