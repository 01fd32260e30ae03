"""An SDK low-level server (2.x) whose ``confirm`` tool needs a person's answer first: on an
MCP 2026-07-28 session it answers a first call with ``resultType: input_required`` (an
``elicitation/create`` request keyed ``ok``, and a request state), and a retry carrying the
answer with ``confirmed: <answer>``.

``python -m tests.servers.asks_input`` serves stdio.
"""

from __future__ import annotations

import json
from typing import Any

from mcp import types
from mcp.server.lowlevel import Server

from tests.servers._serve import serve_from_argv

TOOL = types.Tool(name="confirm", description="Confirm with a person first.",
                  input_schema={"type": "object", "properties": {"what": {"type": "string"}}})


def build() -> Any:
    async def on_list_tools(ctx: Any, params: Any) -> Any:
        return types.ListToolsResult(tools=[TOOL])

    async def on_call_tool(ctx: Any, params: Any) -> Any:
        answered = params.input_responses or {}
        if "ok" in answered:
            answer = answered["ok"].model_dump(by_alias=True, mode="json")
            return types.CallToolResult(content=[types.TextContent(
                type="text", text=f"confirmed: {json.dumps(answer.get('content'))}")])
        question = types.ElicitRequest(params=types.ElicitRequestFormParams(
            message="Go ahead?", requested_schema={
                "type": "object", "properties": {"go": {"type": "boolean"}}}))
        return types.InputRequiredResult(input_requests={"ok": question}, request_state="s1")

    return Server("asks", on_list_tools=on_list_tools, on_call_tool=on_call_tool)


def main() -> None:
    serve_from_argv(build())


if __name__ == "__main__":
    main()
