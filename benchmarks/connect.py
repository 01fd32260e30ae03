"""The start-up check timed as an agent runs it: connect to a server, list its tools, verify
them against their lock; against what an agent without parity does, the ``mcp`` SDK's own
``ClientSession`` connecting and calling ``list_tools``, to the same server.

The server is an SDK low-level server listing a generated catalog as given
(``catalog_server``): in this process, on the SDK's memory streams (both sides pay its work
alike and no process start or socket blurs the client's part), as a subprocess over
stdio, as most agents run their servers (``python benchmarks/connect.py --stdio N``: the
catalog of ``N`` tools), and as a subprocess serving streamable HTTP on 127.0.0.1, as a
remote server is reached (``--http N``, ``http_server``). ``run.py --only connect`` times
them.
"""

from __future__ import annotations

import argparse
import contextlib
import socket
import subprocess
import sys
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any

import anyio

HERE = Path(__file__).resolve().parent
if __name__ == "__main__":  # serving over stdio: its neighbour generate.py, and parity
    sys.path[:0] = [str(HERE), str(HERE.parent)]

from parity.errors import ToolDriftError  # noqa: E402
from parity.mcp import (  # noqa: E402
    ServerSpec,
    listing_server,
    open_session,
    run_stdio,
    wrap_session,
)
from parity.runtime.client import verify_tools  # noqa: E402

Connect = Callable[[], Awaitable[int]]


def catalog_server(definitions: list[dict[str, Any]], name: str = "bench") -> Any:
    """An SDK low-level server (1.x or 2.x) that lists ``definitions``, in one page."""
    return listing_server(name, definitions)


def parity_session(server: Any, lock: Path, *, protocol: str | None = None) -> Connect:
    """parity's own session (``parity.mcp.open_session``) and ``verify_tools``: the verified
    tools' count. ``server``: the server object, the command that serves it over stdio, or
    the URL it serves streamable HTTP at; ``protocol``: the session's (``ServerSpec``)."""
    if isinstance(server, list):
        spec = ServerSpec(kind="stdio", name="bench", command=tuple(server), protocol=protocol)
    elif isinstance(server, str):
        spec = ServerSpec(kind="url", name="bench", url=server, protocol=protocol)
    else:
        spec = ServerSpec(kind="object", name="bench", obj=server, protocol=protocol)

    async def run() -> int:
        async with open_session(spec) as session:
            return len(await verify_tools(session, lock))
    return run


def stdio_command(n: int, *, changed: bool = False) -> list[str]:
    """The command that serves the ``n``-tool catalog over stdio (``changed``: with the one
    planted change ``catalog`` makes)."""
    return [sys.executable, str(HERE / "connect.py"), "--stdio", str(n),
            *(["--changed"] if changed else [])]


@contextlib.contextmanager
def http_server(n: int, *, changed: bool = False, json_response: bool = False,
                ) -> Iterator[str]:
    """The ``n``-tool catalog served over streamable HTTP by a subprocess, on a port of
    127.0.0.1 it bound itself and printed (no free-port race): its URL, until the block
    ends (``changed``: with the one planted change ``catalog`` makes; ``json_response``:
    answering with JSON bodies, not event streams)."""
    process = subprocess.Popen(
        [sys.executable, str(HERE / "connect.py"), "--http", str(n),
         *(["--changed"] if changed else []), *(["--json-response"] if json_response else [])],
        stdout=subprocess.PIPE, text=True)
    try:
        assert process.stdout is not None
        port = process.stdout.readline().strip()
        if not port.isdigit():
            raise RuntimeError(f"the HTTP catalog server did not start (exit {process.poll()})")
        yield f"http://127.0.0.1:{port}/mcp"
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        if process.stdout is not None:
            process.stdout.close()


#: the tool of the catalog that ``catalog(..., changed=True)`` changes
PLANTED_AT = 7


def catalog(n: int, *, changed: bool = False) -> list[dict[str, Any]]:
    """The connect rows' catalog (the verify rows'), or the same with one planted change: a
    property ``planted`` added to the input of tool ``PLANTED_AT`` (``n`` must exceed it)."""
    import generate

    definitions = generate.catalog(n, seed=generate.SEED + 2)
    if changed:
        definitions[PLANTED_AT]["inputSchema"]["properties"]["planted"] = {"type": "string"}
    return definitions


def sdk_session(server: Any, lock: Path | None) -> Connect:
    """The SDK's ``ClientSession``, initialized, to ``server`` (the server object, on memory
    streams; the command that serves it over stdio, through ``stdio_client``; or its URL,
    through ``streamable_http_client``); then its
    ``list_tools`` (``lock`` None: the agent without parity) or, wrapped
    (``parity.mcp.wrap_session``), ``verify_tools``, as parity runs inside an agent
    framework's own session."""
    async def run() -> int:
        if isinstance(server, list):
            from mcp.client.stdio import StdioServerParameters, stdio_client

            command = StdioServerParameters(command=server[0], args=server[1:])
            async with stdio_client(command) as (read, write):
                return await _listed(read, write, lock)
        if isinstance(server, str):
            from mcp.client.streamable_http import streamable_http_client

            async with streamable_http_client(server) as streams:  # 1.x: a third member
                return await _listed(streams[0], streams[1], lock)
        from mcp.shared.memory import create_client_server_memory_streams

        async with create_client_server_memory_streams() as (client, (read, write)), \
                anyio.create_task_group() as tg:
            tg.start_soon(_serve, server, read, write)
            found = await _listed(*client, lock)
            tg.cancel_scope.cancel()
        return found
    return run


def sdk_client(server: Any, lock: Path | None) -> Connect:
    """The 2.x SDK's ``Client`` in its default mode (MCP 2026-07-28 with a 2.x server:
    ``server/discover``, no handshake) to ``server`` (as ``sdk_session`` takes it); then its
    ``list_tools`` (``lock`` None) or, wrapped, ``verify_tools``."""
    async def run() -> int:
        from mcp.client.client import Client
        from mcp.client.stdio import StdioServerParameters

        target = (StdioServerParameters(command=server[0], args=server[1:])
                  if isinstance(server, list) else server)
        async with Client(target) as client:
            if lock is None:
                return len((await client.list_tools()).tools)
            return len(await verify_tools(wrap_session(client), lock))
    return run


async def _listed(read: Any, write: Any, lock: Path | None) -> int:
    from mcp import ClientSession

    async with ClientSession(read, write) as session:
        init = await session.initialize()
        if lock is None:
            return len((await session.list_tools()).tools)
        # 2.x names it server_info, 1.x serverInfo
        info = getattr(init, "server_info", None) or init.serverInfo  # type: ignore[attr-defined,unused-ignore]
        wrapped = wrap_session(session, server_info=info.model_dump())
        return len(await verify_tools(wrapped, lock))


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


def refused_fields(connect: Connect) -> list[tuple[str, str]]:
    """What ``connect`` was refused for, as (tool, field path) pairs; empty when it
    verifies."""
    error = refusal(connect)
    return [] if error is None else [
        (change.name, field.path) for change in error.changes.changes for field in change.fields]


def _drift_error(exc: BaseException) -> ToolDriftError | None:
    if isinstance(exc, ToolDriftError):
        return exc
    for inner in getattr(exc, "exceptions", ()):
        found = _drift_error(inner)
        if found is not None:
            return found
    return None


class _Endpoint:
    """The session manager as an ASGI app, so Starlette's ``Route`` hands it the raw
    request (a function would be called with a ``Request``)."""

    def __init__(self, manager: Any) -> None:
        self.manager = manager

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        await self.manager.handle_request(scope, receive, send)


def serve_http(server: Any, *, json_response: bool = False) -> None:
    """Serve ``server`` (a low-level ``Server``) over streamable HTTP at ``/mcp`` on a port
    of 127.0.0.1 bound here, printed first, until killed: the SDK's session manager, as
    its examples mount it, the same on 1.x and 2.x. Its answers are event streams, as the
    SDKs' servers answer by default, or JSON bodies (``json_response``)."""
    import logging

    import uvicorn
    from mcp.server.streamable_http_manager import StreamableHTTPSessionManager
    from starlette.applications import Starlette
    from starlette.routing import Route

    # 1.x logs a traceback each time a client closes its session (its GET stream ends)
    logging.getLogger("mcp.server.streamable_http").setLevel(logging.CRITICAL)
    manager = StreamableHTTPSessionManager(app=server, json_response=json_response)

    @contextlib.asynccontextmanager
    async def lifespan(app: Any) -> Any:
        async with manager.run():
            yield

    app = Starlette(routes=[Route("/mcp", endpoint=_Endpoint(manager),
                                  methods=["GET", "POST", "DELETE"])], lifespan=lifespan)
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    print(sock.getsockname()[1], flush=True)
    uvicorn.Server(uvicorn.Config(app, log_level="warning")).run(sockets=[sock])


def main() -> None:
    parser = argparse.ArgumentParser(description="serve the connect rows' catalog")
    how = parser.add_mutually_exclusive_group(required=True)
    how.add_argument("--stdio", type=int, metavar="N", help="over stdio")
    how.add_argument("--http", type=int, metavar="N", help="over streamable HTTP")
    parser.add_argument("--changed", action="store_true")
    parser.add_argument("--json-response", action="store_true",
                        help="over HTTP: answer with JSON bodies, not event streams")
    args = parser.parse_args()
    server = catalog_server(catalog(args.stdio or args.http, changed=args.changed))
    if args.http:
        serve_http(server, json_response=args.json_response)
        return
    run_stdio(server)


if __name__ == "__main__":
    main()
