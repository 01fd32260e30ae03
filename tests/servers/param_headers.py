"""An SDK low-level server (2.x) whose ``lookup`` tool mirrors its ``region`` argument into an
HTTP header (``"x-mcp-header": "Region"``, MCP 2026-07-28): over streamable HTTP the SDK
refuses a 2026-07-28 call whose ``Mcp-Param-Region`` header does not match the argument.
It answers with the arguments it was given.

``python -m tests.servers.param_headers --http PORT`` serves streamable HTTP on 127.0.0.1.
"""

from __future__ import annotations

import json
from typing import Any

from mcp import types

from parity.mcp import listing_server
from tests.servers._serve import serve_from_argv

DEFINITIONS = [{"name": "lookup", "description": "Look a key up in a region.",
                "inputSchema": {"type": "object", "properties": {
                    "region": {"type": "string", "x-mcp-header": "Region"},
                    "key": {"type": "string"}}, "required": ["region", "key"]}}]


async def answer(name: str, arguments: dict[str, Any] | None, as_task: bool) -> Any:
    return types.CallToolResult(content=[types.TextContent(type="text",
                                                           text=json.dumps(arguments))])


def main() -> None:
    serve_from_argv(listing_server("regions", DEFINITIONS, answer))


if __name__ == "__main__":
    main()
