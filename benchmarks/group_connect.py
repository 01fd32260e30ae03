"""Rows of the group ``connect``: the start-up check inside the client, against the SDK's
own listing, in process, over stdio and over HTTP."""

from __future__ import annotations

import contextlib
import functools
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from harness import InvalidBenchmark, Row, Settings, interleave, med


def bench_connect(s: Settings) -> Iterator[Row]:
    import connect

    from parity.pinning import lock as lk

    n = 500
    folder = Path(tempfile.mkdtemp(prefix="parity-bench-connect-"))
    lock = folder / "bench.lock.json"
    definitions = connect.catalog(n)
    lk.write(lk.build("bench", definitions), lock)
    planted = definitions[connect.PLANTED_AT]["name"]
    # in process, over stdio, over HTTP; each: the server, and the same with one planted change
    with contextlib.ExitStack() as up:
        servers = {"in process": (connect.catalog_server(definitions),
                                  connect.catalog_server(connect.catalog(n, changed=True))),
                   "over stdio": (connect.stdio_command(n),
                                  connect.stdio_command(n, changed=True)),
                   "over HTTP": (up.enter_context(connect.http_server(n)),
                                 up.enter_context(connect.http_server(n, changed=True))),
                   "over HTTP, JSON bodies": (
                       up.enter_context(connect.http_server(n, json_response=True)),
                       up.enter_context(connect.http_server(n, changed=True,
                                                            json_response=True)))}
        yield from _connect_rows(servers, lock, n, planted, s)
        if _sdk_major() >= 2:  # MCP 2026-07-28: the 2.x Client's default
            yield from _connect_2026_rows({k: servers[k] for k in ("over stdio", "over HTTP")},
                                          lock, n, planted, s)
    with contextlib.suppress(OSError):
        lock.unlink()
        folder.rmdir()


#: how the connect rows' server runs, by transport
_SERVED = {"in process": "an SDK server in process on the SDK's memory streams (its work paid "
                         "by both)",
           "over stdio": "an SDK server started as a subprocess and reached over stdio, as most "
                         "agents run theirs (its start and work paid by both)",
           "over HTTP": "an SDK server in a subprocess serving streamable HTTP on 127.0.0.1 "
                        "(event-stream answers, the SDKs' default), reached as a remote server "
                        "is (its work paid by both)",
           "over HTTP, JSON bodies": "an SDK server in a subprocess serving streamable HTTP "
                                     "on 127.0.0.1, answering with JSON bodies (json_response, "
                                     "as stateless servers often do: parity proves such a body "
                                     "clean before the SDK reads it), reached as a remote "
                                     "server is (its work paid by both)"}


def _connect_rows(servers: dict[str, tuple[Any, Any]], lock: Path, n: int, planted: str,
                  s: Settings) -> Iterator[Row]:
    import anyio
    import connect

    for transport, (server, changed) in servers.items():
        rows = (("parity's session", "parity.mcp.open_session + verify_tools",
                 connect.parity_session(server, lock), connect.parity_session(changed, lock)),
                ("the agent's own SDK session", "ClientSession, wrap_session + verify_tools",
                 connect.sdk_session(server, lock), connect.sdk_session(changed, lock)))
        for label, _, verify, refused in rows:
            _check_connect(f"{label}, {transport}", verify, refused, n, planted, anyio)
        sdk = connect.sdk_session(server, None)
        if anyio.run(sdk) != n:
            raise InvalidBenchmark("connect: the SDK's list_tools did not list every tool")
        s.log(f"  connect {transport}")
        times = interleave(*(functools.partial(anyio.run, v) for *_, v, _ in rows),
                           functools.partial(anyio.run, sdk), s=s,
                           budget=s.budget * (1 if transport == "in process" else 3))
        how = _SERVED[transport]
        for (label, does, *_), tp in zip(rows, times, strict=False):
            yield Row("connect", f"connect and verify a {n}-tool server {transport}, {label}",
                      med(tp), "ClientSession: initialize + list_tools", med(times[-1]),
                      "<= 1.5x the SDK's own listing", med(tp) / med(times[-1]) <= 1.5,
                      reps=len(tp),
                      notes=f"{does}, the lock read from its file, against an agent without "
                            f"parity: the SDK's ClientSession connecting and listing the tools; "
                            f"{how}; checked: the unchanged catalog verifies, one changed tool "
                            "is refused by its field path")


def _sdk_major() -> int:
    from parity.mcp import SDK_MAJOR

    return SDK_MAJOR


def _connect_2026_rows(servers: dict[str, tuple[Any, Any]], lock: Path, n: int, planted: str,
                       s: Settings) -> Iterator[Row]:
    """The connect rows on MCP 2026-07-28 (``server/discover``, a stamped ``_meta`` on every
    request), against the 2.x ``Client`` in its default mode, which speaks it."""
    import anyio
    import connect

    modern = "2026-07-28"
    for transport, (server, changed) in servers.items():
        verify = connect.parity_session(server, lock, protocol=modern)
        _check_connect(f"parity's session, {transport}, {modern}", verify,
                       connect.parity_session(changed, lock, protocol=modern), n, planted,
                       anyio)
        client = connect.sdk_client(server, None)
        if anyio.run(client) != n:
            raise InvalidBenchmark("connect: the SDK Client's list_tools did not list every "
                                   "tool")
        s.log(f"  connect {transport}, {modern}")
        tp, tc = interleave(functools.partial(anyio.run, verify),
                            functools.partial(anyio.run, client), s=s, budget=s.budget * 3)
        yield Row("connect", f"connect and verify a {n}-tool server {transport}, MCP {modern}, "
                  "parity's session", med(tp), "Client (2.x, its default): connect + list_tools",
                  med(tc), "<= 1.5x the SDK's own listing", med(tp) / med(tc) <= 1.5,
                  reps=len(tp),
                  notes=f"parity.mcp.open_session(protocol={modern!r}) + verify_tools, the lock "
                        "read from its file, against an agent without parity: the 2.x SDK's "
                        f"Client, which speaks {modern} with a 2.x server; {_SERVED[transport]}; "
                        "checked: the unchanged catalog verifies, one changed tool is refused "
                        "by its field path")


def _check_connect(label: str, verify: Callable[[], Any], refused: Callable[[], Any], n: int,
                   tool: str, anyio: Any) -> None:
    import connect

    if anyio.run(verify) != n:
        raise InvalidBenchmark(f"connect ({label}): the unchanged catalog did not verify")
    fields = connect.refused_fields(refused)
    if fields != [(tool, "planted")]:
        raise InvalidBenchmark(f"connect ({label}): the planted change was not the one "
                               f"refused ({fields})")
