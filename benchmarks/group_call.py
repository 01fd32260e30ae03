"""Rows of the group ``call``: what the call-time guard costs each tool call, against the
SDK's own ``call_tool`` on the same session.

One SDK server in process, on the SDK's memory streams, pinned tool ``rows`` answering
``n`` rows of structured content that its ``outputSchema`` describes. One ``ClientSession``
to it, kept open for the whole run (a portal's event loop holds it): parity's guarded call
(``PinnedClient.call`` over ``wrap_session(session)``: the arguments checked against the
pinned ``inputSchema``, the result classified: envelope, error shapes, the pinned
``outputSchema``, completeness) against the same session's ``call_tool``, which validates
the structured content against the listed ``outputSchema`` itself. Each timed sample runs
``BATCH`` calls, so the portal's hand-over is a small part of both.
"""

from __future__ import annotations

import contextlib
import functools
import json
import tempfile
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

from harness import InvalidBenchmark, Row, Settings, interleave, med

#: calls in one timed sample
BATCH = 20
#: the rows one result holds, by workload
SIZES = (10, 1000)
ROW_SCHEMA = {"type": "object", "properties": {
    "id": {"type": "integer"}, "name": {"type": "string"},
    "tags": {"type": "array", "items": {"type": "string"}}}, "required": ["id", "name"]}
DEFINITIONS = [
    {"name": "rows", "inputSchema": {"type": "object", "properties": {
        "n": {"type": "integer", "minimum": 0}}, "required": ["n"]},
     "outputSchema": {"type": "object", "properties": {
         "rows": {"type": "array", "items": ROW_SCHEMA}, "total": {"type": "integer"}},
         "required": ["rows", "total"]},
     "annotations": {"readOnlyHint": True}},
    # answers an error as a success: the guard must call it one (the check before timing)
    {"name": "limited", "inputSchema": {"type": "object"}},
]


def answers() -> dict[tuple[str, int], Any]:
    """The server's results, built once: both sides pay the server alike, and little."""
    from mcp import types

    out = {}
    for n in SIZES:
        body = {"rows": [{"id": i, "name": f"row {i}", "tags": ["a", str(i)]}
                         for i in range(n)], "total": n}
        out["rows", n] = types.CallToolResult.model_validate(
            {"content": [{"type": "text", "text": json.dumps(body)}], "structuredContent": body})
    out["limited", 0] = types.CallToolResult.model_validate(
        {"content": [{"type": "text", "text": '{"error": "rate_limited"}'}],
         "structuredContent": {"error": "rate_limited"}})
    return out


def call_server() -> Any:
    from parity.mcp import listing_server

    results = answers()

    async def answer(name: str, arguments: dict[str, Any] | None, as_task: bool) -> Any:
        return results[name, int((arguments or {}).get("n", 0))]

    return listing_server("bench-call", DEFINITIONS, call=answer)


@contextlib.asynccontextmanager
async def sessions(lock: Path) -> AsyncIterator[tuple[Any, Any]]:
    """The SDK's ``ClientSession`` to the call server, and parity's ``PinnedClient`` over it
    (started: the tools verified against ``lock``)."""
    import anyio
    import connect
    from mcp import ClientSession
    from mcp.shared.memory import create_client_server_memory_streams

    from parity.mcp import wrap_session
    from parity.runtime.client import PinnedClient

    async with create_client_server_memory_streams() as (client, (read, write)), \
            anyio.create_task_group() as tg:
        tg.start_soon(connect._serve, call_server(), read, write)
        async with ClientSession(*client) as session:
            init = await session.initialize()
            # 2.x names it server_info, 1.x serverInfo
            info = getattr(init, "server_info", None) or init.serverInfo  # type: ignore[attr-defined,unused-ignore]
            pinned = await PinnedClient(wrap_session(session, server_info=info.model_dump()),
                                        lock).start()
            yield session, pinned
        tg.cancel_scope.cancel()


async def guarded(pinned: Any, n: int) -> Any:
    outcome = None
    for _ in range(BATCH):
        outcome = await pinned.call("rows", {"n": n})
    return outcome


async def bare(session: Any, n: int) -> Any:
    result = None
    for _ in range(BATCH):
        result = await session.call_tool("rows", {"n": n})
    return result


def bench_call(s: Settings) -> Iterator[Row]:
    from anyio.from_thread import start_blocking_portal

    from parity.pinning import lock as lk

    folder = Path(tempfile.mkdtemp(prefix="parity-bench-call-"))
    lock = folder / "bench-call.lock.json"
    lk.write(lk.build("bench-call", DEFINITIONS), lock)
    rows: list[Row] = []
    with start_blocking_portal() as portal, \
            portal.wrap_async_context_manager(sessions(lock)) as (session, pinned):
        # (raised out here: inside, the session's task group would wrap it in a group)
        problem = _problem(portal, session, pinned)
        for n in SIZES if problem is None else ():
            s.log(f"  call, {n} rows")
            tp, tc = interleave(functools.partial(portal.call, guarded, pinned, n),
                                functools.partial(portal.call, bare, session, n), s=s)
            rows.append(Row(
                "call", f"a guarded call, {n:,} rows of structured content", med(tp) / BATCH,
                "ClientSession.call_tool, the same session", med(tc) / BATCH, "reported only",
                None, reps=len(tp) * BATCH,
                notes="PinnedClient.call over wrap_session(session): the arguments checked "
                      "against the pinned inputSchema, the result classified (envelope, error "
                      "shapes, the pinned outputSchema, completeness); the SDK's call_tool "
                      "validates the structured content against the listed outputSchema "
                      "itself; an SDK server in process on memory streams; "
                      f"{BATCH} calls a sample; checked: each answer is whole, and an error "
                      "answered as a success is a tool_error to the guard"))
    with contextlib.suppress(OSError):
        lock.unlink()
        folder.rmdir()
    if problem is not None:
        raise InvalidBenchmark(f"call: {problem}")
    yield from rows


def _problem(portal: Any, session: Any, pinned: Any) -> str | None:
    """What the calls fail to do, or None: each answer whole on both sides, and an error
    answered as a success a ``tool_error`` to the guard."""
    for n in SIZES:
        outcome = portal.call(guarded, pinned, n)
        if not outcome.ok or len(outcome.result["rows"]) != n:
            return (f"the guarded call did not answer {n} rows ({outcome.category}: "
                    f"{outcome.message})")
        # by its wire names: 2.x's attributes are structured_content and is_error
        result = portal.call(bare, session, n).model_dump(by_alias=True)
        if result.get("isError") or len(result["structuredContent"]["rows"]) != n:
            return f"the SDK's call did not answer {n} rows"
    limited = portal.call(pinned.call, "limited", {})
    if limited.category != "tool_error":
        return f"an error answered as a success was {limited.category}"
    return None

