"""Tools, results and the policy the guard tests share."""

from __future__ import annotations

import json

from parity.runtime import guard as g

POLICY = g.GuardPolicy(default_deadline=1.0, turn_budget=30.0)
PAGE_SCHEMA = {"type": "object", "properties": {
    "orders": {"type": "array", "items": {"type": "string"}}, "total": {"type": "integer"},
    "complete": {"type": "boolean"}, "missing": {"type": "array"}},
    "required": ["orders"], "additionalProperties": False}
TOOL = {"name": "list_orders", "inputSchema": {
    "type": "object", "properties": {"customer": {"type": "string", "minLength": 2}},
    "required": ["customer"]}, "outputSchema": PAGE_SCHEMA,
    "annotations": {"readOnlyHint": True}}
WRITER = {"name": "create", "inputSchema": {"type": "object"}}


def result(structured=None, *, text=None, is_error=None):
    out = {"content": [{"type": "text", "text": text if text is not None
                        else json.dumps(structured)}]}
    if structured is not None:
        out["structuredContent"] = structured
    if is_error is not None:
        out["isError"] = is_error
    return out


def category(raw, definition=TOOL):
    return g.classify_result(raw, definition, POLICY).category
