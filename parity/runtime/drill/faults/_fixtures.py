"""The tools and clean results the fault modes' fixtures share: a read-only list tool with an
output schema and a completeness field, a write tool without annotations, and a tool whose
output schema is an SDK server's wrapping of a ``str`` return."""

from __future__ import annotations

import json
from typing import Any

ORDERS = {"orders": [{"id": "o1"}, {"id": "o2"}], "complete": True, "missing": []}

LIST_ORDERS: dict[str, Any] = {
    "name": "list_orders",
    "description": "List a customer's orders.",
    "inputSchema": {"type": "object", "required": ["customer"],
                    "properties": {"customer": {"type": "string"},
                                   "filter": {"type": "object", "properties": {
                                       "status": {"type": "string"}}}}},
    "outputSchema": {"type": "object", "required": ["orders", "complete"],
                     "properties": {"orders": {"type": "array", "items": {
                         "type": "object", "required": ["id"],
                         "properties": {"id": {"type": "string"}}}},
                         "complete": {"type": "boolean"},
                         "missing": {"type": "array", "items": {"type": "string"}}}},
    "annotations": {"readOnlyHint": True},
}
LIST_RESULT: dict[str, Any] = {"content": [{"type": "text", "text": json.dumps(ORDERS)}],
                               "structuredContent": ORDERS, "isError": False}

CREATE_ORDER: dict[str, Any] = {
    "name": "create_order",
    "description": "Create an order.",
    "inputSchema": {"type": "object", "required": ["item"],
                    "properties": {"item": {"type": "string"}}},
}
CREATE_RESULT: dict[str, Any] = {"content": [{"type": "text", "text": "created o3"}],
                                 "isError": False}

GET_ORDER: dict[str, Any] = {
    "name": "get_order",
    "description": "One order.",
    "inputSchema": {"type": "object", "required": ["id"],
                    "properties": {"id": {"type": "string"}}},
    "annotations": {"readOnlyHint": True},
}

#: a tool typed ``-> str`` on an SDK server: its output schema is the SDK's wrapping
LOOKUP: dict[str, Any] = {
    "name": "lookup",
    "description": "Look an item up.",
    "inputSchema": {"type": "object", "required": ["q"],
                    "properties": {"q": {"type": "string"}}},
    "outputSchema": {"type": "object", "required": ["result"], "title": "lookupOutput",
                     "properties": {"result": {"type": "string", "title": "Result"}}},
    "annotations": {"readOnlyHint": True},
}
LOOKUP_RESULT: dict[str, Any] = {"content": [{"type": "text", "text": '{"stock": 3}'}],
                                 "structuredContent": {"result": '{"stock": 3}'},
                                 "isError": False}

__all__ = ["CREATE_ORDER", "CREATE_RESULT", "GET_ORDER", "LIST_ORDERS", "LIST_RESULT",
           "LOOKUP", "LOOKUP_RESULT"]
