"""An SDK low-level server (1.x or 2.x) whose ``report`` tool declares how it may be called:
``--task-support forbidden|optional|required`` sets its ``execution.taskSupport`` (MCP
2025-11-25); without it the tool declares nothing (``forbidden``). As the protocol says, a
call made a way the tool does not allow is answered with an error (-32601): a plain call to
a ``required`` tool, a call as a task to a ``forbidden`` one. ``echo`` declares nothing.

``python -m tests.servers.task_tools [--task-support VALUE]`` serves stdio.
"""

from __future__ import annotations

import argparse
from typing import Any

import anyio
from mcp import types
from mcp.server.lowlevel import Server
from mcp.server.stdio import stdio_server

from parity.mcp import SDK_MAJOR


def refusal(message: str) -> Exception:
    """The SDK's exception for a JSON-RPC error answer: -32601, method not found."""
    if SDK_MAJOR >= 2:
        from mcp.shared.exceptions import MCPError  # type: ignore[attr-defined,unused-ignore]

        return MCPError(-32601, message)  # type: ignore[no-any-return,unused-ignore]
    from mcp.shared.exceptions import McpError  # type: ignore[attr-defined,unused-ignore]

    return McpError(types.ErrorData(code=-32601, message=message))  # type: ignore[no-any-return,unused-ignore]

SCHEMA = {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}


def definitions(task_support: str | None) -> list[dict[str, Any]]:
    report: dict[str, Any] = {"name": "report", "description": "A weather report.",
                              "inputSchema": SCHEMA}
    if task_support is not None:
        report["execution"] = {"taskSupport": task_support}
    return [report, {"name": "echo", "description": "Echo.", "inputSchema": SCHEMA}]


def answer(task_support: str | None, name: str, arguments: dict[str, Any] | None,
           as_task: bool) -> types.CallToolResult:
    support = task_support if name == "report" else None
    if (support == "required" and not as_task) or (support in (None, "forbidden") and as_task):
        how = "as a task" if as_task else "without a task"
        raise refusal(f"{name} cannot be called {how}")
    city = (arguments or {}).get("city", "")
    return types.CallToolResult(content=[types.TextContent(type="text", text=f"{name}: {city}")])


def build(task_support: str | None) -> Any:
    tools = [types.Tool.model_validate(d) for d in definitions(task_support)]
    if SDK_MAJOR >= 2:
        async def on_list_tools(ctx: Any, params: Any) -> Any:
            return types.ListToolsResult(tools=tools)

        async def on_call_tool(ctx: Any, params: Any) -> Any:
            return answer(task_support, params.name, params.arguments, params.task is not None)

        return Server("tasks", on_list_tools=on_list_tools,  # type: ignore[call-arg,unused-ignore]
                      on_call_tool=on_call_tool)
    server = Server("tasks")

    @server.list_tools()  # type: ignore[misc,no-untyped-call,attr-defined,untyped-decorator,unused-ignore]
    async def list_tools() -> list[Any]:
        return tools

    # the whole request, not the decorator's (name, arguments): whether it asks for a task
    async def call_tool(request: Any) -> Any:
        p = request.params
        return types.ServerResult(answer(task_support, p.name, p.arguments, p.task is not None))

    server.request_handlers[types.CallToolRequest] = call_tool

    return server


async def serve(server: Any) -> None:
    async with stdio_server() as (read, write):
        await server.run(read, write, server.create_initialization_options())


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--task-support", choices=("forbidden", "optional", "required"))
    anyio.run(serve, build(parser.parse_args().task_support))


if __name__ == "__main__":
    main()
