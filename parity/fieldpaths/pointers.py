"""References into the document itself, resolved without building a ``referencing`` registry.

Most references in tool schemas are JSON pointers from the document's own base
(``#/$defs/Address``). Building and crawling a registry for them costs more than walking the
schema, so ``local_target`` follows such a pointer directly, exactly as ``referencing``'s
``Resolver.lookup`` would from the document's root resolver, and gives up (``MISS``) wherever
the two could differ: percent-escapes, an ``$id``/``id`` on the way (a new base URI), a
missing key, an array on the way. The caller then asks ``referencing``. ``escape_token``
writes a name into such a pointer.
"""

from __future__ import annotations

from typing import Any

#: ``local_target`` could not decide: ask ``referencing``
MISS: Any = object()


def local_target(root: Any, ref: str) -> Any:
    """The subschema ``ref`` (``#`` or ``#/a/b``) names in ``root``, or ``MISS``.

    Only objects are stepped through: ``referencing`` reads the ``$id`` of every subschema
    position it passes, by rules that differ between dialects, and fails on one that holds
    an array (an array ``items`` in 2020-12, say); an object without ``$id`` or ``id`` it
    passes the same way in every dialect."""
    if ref == "#":
        return root
    if not ref.startswith("#/") or "%" in ref:
        return MISS
    node = root
    for token in ref[2:].split("/"):
        if not isinstance(node, dict) or (node is not root and ("$id" in node or "id" in node)):
            return MISS
        node = node.get(token.replace("~1", "/").replace("~0", "~"), MISS)
        if not isinstance(node, dict):
            return MISS
    if node is not root and ("$id" in node or "id" in node):
        return MISS
    return node


def escape_token(token: str) -> str:
    """``token`` as one reference token of a JSON pointer (RFC 6901: ``~`` and ``/``)."""
    return token.replace("~", "~0").replace("/", "~1")
