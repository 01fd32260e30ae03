"""Normalization and digests of tool definitions: what a lock pins (see ``parity.pinning.lock``).

A tool is hashed over its **raw wire JSON**, normalized (see ``NORMALIZATION``), as RFC 8785
canonical JSON with a versioned, domain-separated pre-image (``parity.core.canonical.digest``):

- **contract**: ``name``, ``inputSchema`` and ``outputSchema``, with the documentation
  keywords ``title`` and ``description`` taken out of every schema node;
- **surface**: the whole normalized definition, everything the model reads.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from parity.core.canonical import digest

#: Domains of the three digests; a change to what is hashed or how bumps its version.
CONTRACT_DOMAIN = "parity/lock/tool-contract/v1"
SURFACE_DOMAIN = "parity/lock/tool-surface/v1"
CATALOG_DOMAIN = "parity/lock/catalog/v1"

#: Tool annotation hints and their defaults in the MCP specification: a hint equal to its
#: default says nothing, so it is dropped.
ANNOTATION_DEFAULTS: dict[str, bool] = {
    "readOnlyHint": False,
    "destructiveHint": True,
    "idempotentHint": False,
    "openWorldHint": True,
}

#: ``_meta`` keys that describe one connection or request, never the tool: the exact list.
META_NOISE: tuple[str, ...] = (
    "progressToken",
    "io.modelcontextprotocol/related-task",
    "io.modelcontextprotocol/subscriptionId",
    "io.modelcontextprotocol/protocolVersion",
    "io.modelcontextprotocol/clientInfo",
    "io.modelcontextprotocol/clientCapabilities",
    "io.modelcontextprotocol/logLevel",
    "io.modelcontextprotocol/serverInfo",
)

#: Everything normalization does (and nothing else); documented in docs/lock.md.
NORMALIZATION: tuple[str, ...] = (
    "object key order (RFC 8785 sorts keys)",
    "tool order (tools are keyed and hashed by name)",
    "the order of the names in a schema's `required` list",
    "annotation hints equal to their spec defaults (readOnlyHint false, destructiveHint true, "
    "idempotentHint false, openWorldHint true); an `annotations` object left empty is dropped",
    "the per-connection `_meta` keys in META_NOISE; a `_meta` object left empty is dropped",
)

# Schema traversal written as data: where subschemas sit under each keyword.
_IN_VALUE = frozenset({"additionalItems", "additionalProperties", "contains", "contentSchema",
                       "else", "if", "items", "not", "propertyNames", "then",
                       "unevaluatedItems", "unevaluatedProperties"})
_IN_SUBARRAY = frozenset({"allOf", "anyOf", "oneOf", "prefixItems", "items"})
_IN_SUBVALUES = frozenset({"$defs", "definitions", "dependencies", "dependentSchemas",
                           "patternProperties", "properties"})
_DOC_KEYWORDS = frozenset({"description", "title"})

def normalize_schema(schema: Any, *, strip_docs: bool = False) -> Any:
    """A copy of ``schema`` with every ``required`` list sorted (and, with ``strip_docs``,
    ``title``/``description`` keywords removed). Only schema positions are touched: a
    property *named* ``required`` or a ``default`` value is data and stays as it is."""
    if not isinstance(schema, dict):
        return schema
    out: dict[str, Any] = {}
    for key, value in schema.items():
        if strip_docs and key in _DOC_KEYWORDS:
            continue
        if key == "required" and isinstance(value, list) and all(
                isinstance(x, str) for x in value):
            out[key] = sorted(value)
        elif key in _IN_VALUE and isinstance(value, dict):
            out[key] = normalize_schema(value, strip_docs=strip_docs)
        elif key in _IN_SUBARRAY and isinstance(value, list):
            out[key] = [normalize_schema(x, strip_docs=strip_docs) for x in value]
        elif key in _IN_SUBVALUES and isinstance(value, dict):
            out[key] = {n: normalize_schema(x, strip_docs=strip_docs) for n, x in value.items()}
        else:
            out[key] = value
    return out


def _normalize_pair(schema: Any) -> tuple[Any, Any]:
    """``(normalize_schema(schema), normalize_schema(schema, strip_docs=True))`` in one walk
    (the two share every value they have in common)."""
    if not isinstance(schema, dict):
        return schema, schema
    out: dict[str, Any] = {}
    bare: dict[str, Any] = {}
    for key, value in schema.items():
        if key in _DOC_KEYWORDS:
            out[key] = value
        elif key == "required" and isinstance(value, list) and all(
                isinstance(x, str) for x in value):
            out[key] = bare[key] = sorted(value)
        elif key in _IN_VALUE and isinstance(value, dict):
            out[key], bare[key] = _normalize_pair(value)
        elif key in _IN_SUBARRAY and isinstance(value, list):
            pairs = [_normalize_pair(x) for x in value]
            out[key] = [p[0] for p in pairs]
            bare[key] = [p[1] for p in pairs]
        elif key in _IN_SUBVALUES and isinstance(value, dict):
            sub: dict[str, Any] = {}
            sub_bare: dict[str, Any] = {}
            for n, x in value.items():
                sub[n], sub_bare[n] = _normalize_pair(x)
            out[key] = sub
            bare[key] = sub_bare
        else:
            out[key] = bare[key] = value
    return out, bare


def normalize(definition: Mapping[str, Any], *, _schemas: bool = True) -> dict[str, Any]:
    """The surface form of a raw tool definition: everything kept but ``NORMALIZATION``.

    Idempotent, and never modifies its input."""
    out: dict[str, Any] = {}
    for key, value in definition.items():
        if key in ("inputSchema", "outputSchema"):
            out[key] = normalize_schema(value) if _schemas else value
        elif key == "annotations" and isinstance(value, dict):
            kept = {k: v for k, v in value.items()
                    if not (k in ANNOTATION_DEFAULTS and v is ANNOTATION_DEFAULTS[k])}
            if kept:
                out[key] = kept
        elif key == "_meta" and isinstance(value, dict):
            kept = {k: v for k, v in value.items() if k not in META_NOISE}
            if kept:
                out[key] = kept
        else:
            out[key] = value
    return out


def contract_of(definition: Mapping[str, Any]) -> dict[str, Any]:
    """The contract form: name and schemas, without documentation keywords."""
    out: dict[str, Any] = {"name": definition.get("name")}
    for key in ("inputSchema", "outputSchema"):
        if key in definition:
            out[key] = normalize_schema(definition[key], strip_docs=True)
    return out


def forms(definition: Mapping[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """``(normalize(definition), contract_of(normalize(definition)))``, each schema walked
    once."""
    normal = normalize(definition, _schemas=False)
    contract: dict[str, Any] = {"name": normal.get("name")}
    for key in ("inputSchema", "outputSchema"):
        if key in normal:
            normal[key], contract[key] = _normalize_pair(normal[key])
    return normal, contract


def contract_hash(definition: Mapping[str, Any]) -> str:
    """The contract digest of a raw (or normalized) tool definition."""
    return digest(CONTRACT_DOMAIN, contract_of(definition))


def surface_hash(definition: Mapping[str, Any]) -> str:
    """The surface digest of a raw (or normalized) tool definition."""
    return digest(SURFACE_DOMAIN, normalize(definition))


__all__ = ["ANNOTATION_DEFAULTS", "CATALOG_DOMAIN", "CONTRACT_DOMAIN", "META_NOISE",
           "NORMALIZATION", "SURFACE_DOMAIN", "contract_hash", "contract_of", "forms",
           "normalize", "normalize_schema", "surface_hash"]
