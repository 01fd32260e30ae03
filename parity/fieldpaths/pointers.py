"""References into the document itself, resolved without building a ``referencing`` registry.

Most references in tool schemas are JSON pointers from the document's own base
(``#/$defs/Address``). Building and crawling a registry for them costs more than walking the
schema, so ``local_target`` follows such a pointer directly, exactly as ``referencing``'s
``Resolver.lookup`` would from the document's root resolver, and gives up (``MISS``) wherever
the two could differ: percent-escapes, an ``$id``/``id`` on the way (a new base URI), a
missing key, an index ``referencing`` reads its own way. The caller then asks ``referencing``.
"""

from __future__ import annotations

from typing import Any

#: ``local_target`` could not decide: ask ``referencing``
MISS: Any = object()


def local_target(root: Any, ref: str) -> Any:
    """The subschema ``ref`` (``#`` or ``#/a/b``) names in ``root``, or ``MISS``.

    Only objects and the arrays of ``allOf``/``anyOf``/``oneOf``/``prefixItems`` are
    stepped through: ``referencing`` reads the ``$id`` of every subschema position it passes,
    and fails on one that holds anything else (an array ``items`` in 2020-12, say)."""
    if ref == "#":
        return root
    if not ref.startswith("#/") or "%" in ref:
        return MISS
    node = root
    for token in ref[2:].split("/"):
        if isinstance(node, dict):
            if node is not root and ("$id" in node or "id" in node):
                return MISS
            name = token.replace("~1", "/").replace("~0", "~")
            node = node.get(name, MISS)
            if isinstance(node, list) and name not in _ARRAYS:
                return MISS
        elif isinstance(node, list) and token.isascii() and token.isdigit():
            position = int(token)
            node = node[position] if position < len(node) else MISS
        else:
            return MISS
        if not isinstance(node, (dict, list)):
            return MISS
    if not isinstance(node, dict) or "$id" in node or "id" in node:
        return MISS
    return node


#: keywords whose array value holds subschemas (the array itself is no subschema)
_ARRAYS = frozenset({"allOf", "anyOf", "oneOf", "prefixItems"})
