"""Canonical JSON (RFC 8785) and the domain-separated digests built on it."""

from __future__ import annotations

import hashlib
from typing import Any

import rfc8785


def canonical_json(value: Any) -> bytes:
    """RFC 8785 (JCS) bytes of a JSON value."""
    return rfc8785.dumps(value)


def digest(domain: str, value: Any) -> str:
    """``sha256:<hex>`` over ``domain NUL canonical-json``; the domain names what is hashed
    and its version, so equal bytes hashed for different purposes never collide."""
    h = hashlib.sha256()
    h.update(domain.encode("ascii"))
    h.update(b"\x00")
    h.update(canonical_json(value))
    return "sha256:" + h.hexdigest()


#: Domain of the hash a manifest records for the definition each tool came from.
TOOL_DEFINITION_DOMAIN = "parity/tool-definition/v1"


def definition_hash(definition: Any) -> str:
    return digest(TOOL_DEFINITION_DOMAIN, definition)
