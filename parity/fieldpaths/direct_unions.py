"""Unions of leaves on the direct path: a node whose ``anyOf`` or ``oneOf`` branches are all
leaves, like the nullable scalar ``{"anyOf": [{"type": "string"}, {"type": "null"}]}``, the
commonest union in tool schemas (pydantic writes every ``Optional[...]`` so).

A *leaf* here states only what one node holds: ``type`` (with ``nullable``), ``enum``,
``const``, the value constraints and the annotations, and nothing with children, no reference,
no other combinator, no keyword parity records as unsupported. The union node itself may state
the same beside its one ``anyOf``/``oneOf`` (a ``default``, a ``description``...).

The general walk reads such a node as facets (the node's own, and one per branch), conjoins
the node's with each branch's (``combine.conjoin``), makes one entry per alternative
(``combine.to_entry``) and merges them (``unions.merge_union``). This module computes the
same entry without the facets, from the same rules (the merge is ``unions.merge_union``
itself), and the same units of work and paths counted: each branch visited and its keyword
values read, the conjunction weighted by what it copies, the union of the alternatives'
one-entry tables. Anything else (an empty or malformed union, a branch that is not a leaf, a
value a reader rejects, more alternatives than the bound) raises ``NotPlain``.
"""

from __future__ import annotations

from typing import Any

from parity.fieldpaths import constraints
from parity.fieldpaths.combine import intersect_types
from parity.fieldpaths.direct_fields import CONSTRAINED, MISSING, ONE_TYPE, NotPlain, node_types
from parity.fieldpaths.entry import ANY, Entry, adopt, make_entry, sorted_values
from parity.fieldpaths.keywords import KEYWORDS, intersect_enum, keep_examples
from parity.fieldpaths.unions import merge_union

#: the combinators a union of leaves may use (one per node)
UNIONS = frozenset({"anyOf", "oneOf"})
#: the keyword readers (``keywords.KEYWORDS``) whose work this module reproduces for a leaf
_READ = frozenset({"type", "enum", "const", "format", "default", "description", "examples",
                   *CONSTRAINED})
#: keys that make a node other than a leaf: any other reader (a reader added to the registry
#: blocks until it is reproduced here), references, a nested ``$id``, combinators
_BLOCKING = (KEYWORDS.keys() - _READ) | {"$ref", "$dynamicRef", "$recursiveRef", "$id",
                                         "allOf", "anyOf", "oneOf"}

#: the keys a union node may have beside its keyword for ``typed_only`` to read it (``title``
#: is read by nobody)
_TYPED_ONLY_NODE = frozenset({"description", "default", "title"})

#: what one leaf says: types (``None``: any), enum, format, default, has_default,
#: description, examples, constraints (as ``constraints.read`` gives them)
Leaf = tuple[Any, ...]


def union_keyword(schema: dict[str, Any]) -> str | None:
    """``anyOf`` or ``oneOf`` when ``schema`` may be a union of leaves (its branches are
    checked when it is read), else ``None``."""
    found = UNIONS & schema.keys()
    if len(found) != 1:
        return None
    keyword = next(iter(found))
    for key in schema:
        if key in _BLOCKING and key != keyword:
            return None
    return keyword


def branches_are_leaves(schema: dict[str, Any], keyword: str) -> bool:
    """Whether every branch of ``schema[keyword]`` is a leaf (``is_plain``'s question: such a
    node has no subschema below it to walk)."""
    branches = schema[keyword]
    return (isinstance(branches, list) and bool(branches)
            and all(b.__class__ is dict and b and _BLOCKING.isdisjoint(b) for b in branches))


def visit_cost(schema: dict[str, Any]) -> int:
    """A subschema visited and its keyword values read, in units of work."""
    cost = 1 + len(schema)
    for value in schema.values():
        if value.__class__ is not str and isinstance(value, (dict, list)):
            cost += len(value)
    return cost


def _read(schema: dict[str, Any]) -> Leaf:
    """What ``keywords``' readers make of a leaf's keywords (their order: ``enum`` before
    ``const``); a value they reject raises ``NotPlain``."""
    get = schema.get
    found = get("type", MISSING)
    types = None if found is MISSING else frozenset(node_types(found, get("nullable") is True))
    enum: tuple[Any, ...] | None = None
    found = get("enum", MISSING)
    if found is not MISSING:
        if not isinstance(found, list):
            raise NotPlain
        enum = sorted_values(found)
    if "const" in schema:
        enum = intersect_enum(enum, (schema["const"],))
    fmt = get("format")
    description = get("description")
    default = get("default", MISSING)
    examples = get("examples")
    stated: dict[str, Any] = {}
    if not CONSTRAINED.isdisjoint(schema):  # most leaves state none: no reading them
        try:
            stated = constraints.read(schema)
        except constraints.ConstraintError:
            raise NotPlain from None
    return (types, enum, fmt if isinstance(fmt, str) else None,
            None if default is MISSING else default, default is not MISSING,
            description if isinstance(description, str) else None,
            keep_examples(examples) if isinstance(examples, list) else (), stated)


def _conjoin(base: Leaf, branch: Leaf) -> Leaf:
    """``combine.conjoin`` of the union node's facets with one branch's (base first)."""
    types, enum, fmt, default, has_default, description, examples, stated = base
    b_types, b_enum, b_fmt, b_default, b_has_default, b_description, b_examples, b_stated = branch
    if b_types is not None:
        types = b_types if types is None else intersect_types(types, b_types)
    if b_enum is not None:
        enum = intersect_enum(enum, b_enum)
    if not has_default and b_has_default:
        default, has_default = b_default, True
    return (types, enum, fmt if fmt is not None else b_fmt, default, has_default,
            description if description is not None else b_description,
            keep_examples(examples, b_examples) if examples or b_examples else (),
            constraints.conjoin(stated, b_stated) if stated or b_stated else stated)


def _entry(leaf: Leaf, required: bool, patterns: tuple[str, ...]) -> Entry:
    """``combine.to_entry`` of one alternative (a leaf never closes, has no children)."""
    types, enum, fmt, default, has_default, description, examples, stated = leaf
    closed = False if types is not None and "object" in types else None
    return make_entry((ANY,) if types is None else tuple(sorted(types)), required, closed,
                      enum, fmt, default, has_default, description, patterns, None, (), (),
                      constraints.canonical(stated) if stated else (), examples)


def leaf_union(schema: dict[str, Any], keyword: str, required: bool,
               patterns: tuple[str, ...], stack: int,
               max_alternatives: int) -> tuple[Entry, int, int]:
    """The entry of a union of leaves, the work it costs beyond visiting ``schema`` itself
    and the number of alternatives the general walk emits (each counts as a path).

    ``stack`` is the size of the general walk's set of references being expanded at this
    node (it weighs every facet merged)."""
    branches = schema[keyword]
    if not branches_are_leaves(schema, keyword) or len(branches) > max_alternatives:
        raise NotPlain
    typed = typed_only(schema, keyword, required, patterns, stack)
    if typed is not None:
        return typed
    base = _read(schema)
    n = len(branches)
    work = 0
    leaves = []
    for branch in branches:
        work += visit_cost(branch)
        leaves.append(_read(branch))
    # the conjunction of the node's facets with each branch's, weighted as ``weight`` does
    work += (1 + len(base[1] or ()) + stack) * n
    work += sum(1 + len(leaf[1] or ()) + stack for leaf in leaves)
    entries = [_entry(_conjoin(base, leaf), required, patterns) for leaf in leaves]
    if n == 1:
        return entries[0], work, 1
    return merge_union(entries), work + n * n, n


def typed_only(schema: dict[str, Any], keyword: str, required: bool,
               patterns: tuple[str, ...], stack: int) -> tuple[Entry, int, int] | None:
    """``leaf_union`` of the commonest union, pydantic's ``Optional[str] = None``: two or more
    branches that each state one type name and nothing else, under a node that states only
    annotations (``description``, ``default``, ``title``) beside its keyword. ``None`` for
    any other union (``leaf_union`` reads it the long way).

    The long way's result, spelled out for this shape: no branch states an enum, a format, a
    default, a description or a constraint, and the node states no type, so each
    alternative is its branch's type with the node's annotations, and their merge is the
    types united, closed (open) only if a branch is an object, the node's annotations."""
    branches = schema[keyword]
    n = len(branches)
    if n < 2:
        return None
    for key in schema:
        if key != keyword and key not in _TYPED_ONLY_NODE:
            return None
    types: set[str] = set()
    for branch in branches:
        if len(branch) != 1:
            return None
        found = branch.get("type")
        if found.__class__ is not str or found not in ONE_TYPE:
            return None
        types.add(found)
    fields: dict[str, Any] = {"type": tuple(sorted(types)), "required": required}
    if "object" in types:
        fields["closed"] = False
    description = schema.get("description")
    if isinstance(description, str):
        fields["description"] = description
    if "default" in schema:
        fields["default"] = schema["default"]
        fields["has_default"] = True
    if patterns:
        fields["patterns"] = tuple(sorted(set(patterns)))
    # each branch visited with its one key; the node's facets (no enum) conjoined with each
    # branch's and each branch's weighed (``weight``); the n one-entry tables united
    return adopt(fields), 2 * n + 2 * (1 + stack) * n + n * n, n
