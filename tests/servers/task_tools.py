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

from mcp import types

from parity.mcp import SDK_MAJOR, listing_server, run_stdio

SCHEMA = {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}


def refusal(message: str) -> Exception:
    """The SDK's exception for a JSON-RPC error answer: -32601, method not found."""
    if SDK_MAJOR >= 2:
        from mcp.shared.exceptions import MCPError  # type: ignore[attr-defined,unused-ignore]

        return MCPError(-32601, message)  # type: ignore[no-any-return,unused-ignore]
    from mcp.shared.exceptions import McpError  # type: ignore[attr-defined,unused-ignore]

    return McpError(types.ErrorData(code=-32601, message=message))  # type: ignore[no-any-return,unused-ignore]


def definitions(task_support: str | None) -> list[dict[str, Any]]:
    report: dict[str, Any] = {"name": "report", "description": "A weather report.",
                              "inputSchema": SCHEMA}
    if task_support is not None:
        report["execution"] = {"taskSupport": task_support}
    return [report, {"name": "echo", "description": "Echo.", "inputSchema": SCHEMA}]


def build(task_support: str | None) -> Any:
    async def answer(name: str, arguments: dict[str, Any] | None,
                     as_task: bool) -> types.CallToolResult:
        support = task_support if name == "report" else None
        if (support == "required" and not as_task) or (
                support in (None, "forbidden") and as_task):
            raise refusal(f"{name} cannot be called {'as a task' if as_task else 'without a task'}")
        city = (arguments or {}).get("city", "")
        return types.CallToolResult(
            content=[types.TextContent(type="text", text=f"{name}: {city}")])

    return listing_server("tasks", definitions(task_support), answer)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--task-support", choices=("forbidden", "optional", "required"))
    run_stdio(build(parser.parse_args().task_support))


if __name__ == "__main__":
    main()
