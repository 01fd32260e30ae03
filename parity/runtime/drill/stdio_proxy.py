"""The drill's stdio proxy: ``python -m parity.runtime.drill.stdio_proxy --mode MODE
[--slow S] [--log FILE] -- CMD...`` starts the real server ``CMD`` and relays
newline-delimited JSON-RPC in both directions, rewriting per mode (``FaultInjector``). The
drill points the client at this command instead of the server's. Every wait is bounded, so
the proxy never outlives its drill.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from parity.runtime.drill.faults import FAULTS, Action
from parity.runtime.drill.inject import FaultInjector


async def _relay_stdio(command: Sequence[str], injector: FaultInjector,
                       log: Any = None) -> int:
    server = await asyncio.create_subprocess_exec(
        *command, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
        limit=64 * 1024 * 1024)
    stdin, stdout = server.stdin, server.stdout
    if stdin is None or stdout is None:  # both were asked for as pipes
        raise RuntimeError("the server's stdio pipes did not open")
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader(limit=64 * 1024 * 1024)
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    out = sys.stdout.buffer
    held: set[asyncio.Task[None]] = set()

    def write(text: str) -> None:
        out.write(text.encode() + b"\n")
        out.flush()

    def note() -> None:
        if log is not None and injector.records:
            log.write(json.dumps(injector.records[-1], sort_keys=True) + "\n")
            log.flush()

    async def later(delay: float, text: str) -> None:
        await asyncio.sleep(delay)
        write(text)

    async def client_to_server() -> None:
        while True:
            line = await reader.readline()
            if not line:
                break
            try:
                message = json.loads(line)
            except ValueError:
                message = None
            action = injector.on_request(message) if message is not None else \
                Action("forward", None)
            if message is not None and message.get("method") == "tools/call":
                note()
            if action.kind == "forward":
                stdin.write(line if action.message is None
                                   else json.dumps(action.message).encode() + b"\n")
                await stdin.drain()
            elif action.kind == "answer":
                write(json.dumps(action.message))
            # drop / refuse: never answered
        stdin.close()

    async def server_to_client() -> None:
        while True:
            line = await stdout.readline()
            if not line:
                break
            try:
                message = json.loads(line)
            except ValueError:
                out.write(line)
                out.flush()
                continue
            action = injector.on_response(message)
            if action.kind == "raw":
                write(action.text or "")
            elif action.delay:
                task = asyncio.ensure_future(later(action.delay, json.dumps(action.message)))
                held.add(task)
                task.add_done_callback(held.discard)
            else:
                write(json.dumps(action.message))

    pump = asyncio.ensure_future(server_to_client())
    await client_to_server()
    try:
        await asyncio.wait_for(server.wait(), 5.0)
    except asyncio.TimeoutError:
        server.kill()
        await server.wait()
    with contextlib.suppress(asyncio.TimeoutError):
        await asyncio.wait_for(pump, 2.0)
    for task in held:
        task.cancel()
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m parity.runtime.drill.stdio_proxy --mode MODE [--slow S] [--log FILE]
    -- CMD...``"""
    parser = argparse.ArgumentParser(prog="python -m parity.runtime.drill.stdio_proxy")
    parser.add_argument("--mode", choices=list(FAULTS), default="none")
    parser.add_argument("--slow", type=float, default=5.0)
    parser.add_argument("--log", default=None)
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args(argv)
    command = list(args.command[1:] if args.command[:1] == ["--"] else args.command)
    if not command:
        parser.error("no server command after --")
    injector = FaultInjector(mode=args.mode, slow=args.slow, transport="stdio")
    log = Path(args.log).open("a", encoding="utf-8") if args.log else None  # noqa: SIM115
    try:
        return asyncio.run(_relay_stdio(command, injector, log))
    except KeyboardInterrupt:
        return 130
    finally:
        if log is not None:
            log.close()


if __name__ == "__main__":
    sys.exit(main())
