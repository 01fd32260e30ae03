"""The start-up check timed as an agent runs it: connect to a server, list its tools, verify
them against their lock; against what an agent without parity does, the ``mcp`` SDK's own
``ClientSession`` connecting and calling ``list_tools``, to the same server.

The server is an SDK low-level server in this process, on the SDK's memory streams (both
sides pay its work alike and no process start or socket blurs the client's part), listing
a generated catalog as given: ``catalog_server``. ``run.py --only connect`` times it.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import anyio

from parity.errors import ToolDriftError
from parity.mcp import SDK_MAJOR, ServerSpec, open_session, wrap_session
from parity.runtime.client import verify_tools

Connect = Callable[[], Awaitable[int]]


def catalog_server(definitions: list[dict[str, Any]], name: str = "bench") -> Any:
    """An SDK low-level server (1.x or 2.x) that lists ``definitions``, in one page."""
    from mcp import types
    from mcp.server.lowlevel import Server

    tools = [types.Tool.model_validate(d) for d in definitions]
    if SDK_MAJOR >= 2:
        async def on_list_tools(ctx: Any, params: Any) -> Any:
            return types.ListToolsResult(tools=tools)

        return Server(name, on_list_tools=on_list_tools)  # type: ignore[call-arg,unused-ignore]
    server = Server(name)

    @server.list_tools()  # type: ignore[misc,no-untyped-call,attr-defined,unused-ignore]
    async def list_tools() -> list[Any]:
        return tools

    return server


def parity_session(server: Any, lock: Path) -> Connect:
    """parity's own session (``parity.mcp.open_session``) and ``verify_tools``: the verified
    tools' count."""
    async def run() -> int:
        async with open_session(ServerSpec(kind="object", name="bench", obj=server)) as session:
            return len(await verify_tools(session, lock))
    return run


def sdk_session(server: Any, lock: Path | None) -> Connect:
    """The SDK's ``ClientSession`` over memory streams, initialized; then its ``list_tools``
    (``lock`` None: the agent without parity) or, wrapped (``parity.mcp.wrap_session``),
    ``verify_tools``, as parity runs inside an agent framework's own session."""
    async def run() -> int:
        from mcp import ClientSession
        from mcp.shared.memory import create_client_server_memory_streams

        async with create_client_server_memory_streams() as (client, (read, write)), \
                anyio.create_task_group() as tg:
            tg.start_soon(_serve, server, read, write)
            async with ClientSession(*client) as session:
                init = await session.initialize()
                if lock is None:
                    found = len((await session.list_tools()).tools)
                else:
                    info = getattr(init, "server_info", None) or init.serverInfo  # 2.x, 1.x
                    wrapped = wrap_session(session, server_info=info.model_dump())
                    found = len(await verify_tools(wrapped, lock))
            tg.cancel_scope.cancel()
        return found
    return run


async def _serve(server: Any, read: Any, write: Any) -> None:
    await server.run(read, write, server.create_initialization_options())


def refusal(connect: Connect) -> ToolDriftError | None:
    """The ``ToolDriftError`` ``connect`` raises, or None when it verifies."""
    try:
        anyio.run(connect)
    except Exception as exc:  # the SDK's session raises it inside its task group
        found = _drift_error(exc)
        if found is None:
            raise
        return found
    return None


def _drift_error(exc: BaseException) -> ToolDriftError | None:
    if isinstance(exc, ToolDriftError):
        return exc
    for inner in getattr(exc, "exceptions", ()):
        found = _drift_error(inner)
        if found is not None:
            return found
    return None
