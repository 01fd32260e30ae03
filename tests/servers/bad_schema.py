"""Lists a tool whose inputSchema lacks ``"type": "object"`` (the SDKs reject the whole
listing for it), one definition that is not an object and one without a name, next to a
good tool with fields the SDK models do not know."""

from __future__ import annotations

from tests.servers._raw import serve, tool

TOOLS = [
    tool("good", title="Good", annotations={"readOnlyHint": True}, **{"x-custom": [1, 2]},
         outputSchema={"type": "object", "properties": {"n": {"type": "integer"}}}),
    {"name": "stringy", "inputSchema": {"type": "string"}},
    "not a tool",
    {"description": "no name", "inputSchema": {"type": "object"}},
    {"name": "untyped", "inputSchema": {"properties": {"q": {"type": "string"}}}},
]

if __name__ == "__main__":
    serve({"tools/list": lambda params: {"tools": TOOLS}}, name="bad_schema")
