"""An SDK low-level server whose read-only tools answer text only, no structured content:
``read_file`` answers prose that reads like an error message (``Error: permission denied on
/srv/data``) with ``isError`` false, the way a tool that catches its exception and returns the
message does; ``read_log`` answers plain data (``all good``).

``python -m tests.servers.error_text`` serves stdio; ``--http PORT`` streamable HTTP.
"""

from __future__ import annotations

from typing import Any

from mcp import types

from parity.mcp import listing_server
from tests.servers._serve import serve_from_argv

TEXTS = {"read_file": "Error: permission denied on /srv/data", "read_log": "all good"}
DEFINITIONS = [{"name": name, "description": f"{name} (text only).",
                "annotations": {"readOnlyHint": True},
                "inputSchema": {"type": "object", "properties": {"q": {"type": "string"}},
                                "required": ["q"]}} for name in TEXTS]


async def answer(name: str, arguments: dict[str, Any] | None, as_task: bool) -> Any:
    return types.CallToolResult(content=[types.TextContent(type="text", text=TEXTS[name])])


def main() -> None:
    serve_from_argv(listing_server("error_text", DEFINITIONS, answer))


if __name__ == "__main__":
    main()
