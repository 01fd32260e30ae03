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
    """The subschema ``ref`` (``#`` or ``#/a/b``) names in ``root``, or ``MISS``."""
    if ref == "#":
        return root
    if not ref.startswith("#/") or "%" in ref:
        return MISS
    node = root
    for token in ref[2:].split("/"):
        if isinstance(node, dict):
            if node is not root and ("$id" in node or "id" in node):
                return MISS
            node = node.get(token.replace("~1", "/").replace("~0", "~"), MISS)
        elif isinstance(node, list) and token.isascii() and token.isdigit():
            position = int(token)
            node = node[position] if position < len(node) else MISS
        else:
            return MISS
        if node is MISS:
            return MISS
    if isinstance(node, dict) and ("$id" in node or "id" in node):
        return MISS
    return node
