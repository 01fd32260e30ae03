"""Helpers for the lock, verify and pinned-client tests: real servers, started for real."""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

from parity.mcp import ServerSpec

ROOT = Path(__file__).resolve().parents[1]


def command(module: str, *args: str) -> tuple[str, ...]:
    return (sys.executable, "-m", f"tests.servers.{module}", *args)


def stdio_spec(module: str, *args: str, version: str | None = None,
               name: str = "weather", reported: str | None = None) -> ServerSpec:
    """``reported``: the ``serverInfo.name`` a ``lock_weather`` server reports."""
    env = {"PARITY_LOCK_VERSION": version} if version else {}
    if reported is not None:
        env["PARITY_LOCK_NAME"] = reported
    return ServerSpec(kind="stdio", name=name, command=command(module, *args), env=env,
                      cwd=ROOT)


def lock_of(folder: Path, module: str, name: str) -> str:
    """The lock of ``tests.servers.<module>`` (listed over stdio) as ``name``, written in
    ``folder``: its path."""
    from parity.mcp import fetch_tools
    from parity.pinning import lock as L

    path = folder / f"{module}.lock.json"
    L.write(L.from_listing(name, fetch_tools(stdio_spec(module))), path)
    return str(path)


def stdio_line(module: str, *args: str) -> str:
    return " ".join(command(module, *args))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def http_server(module: str, *, version: str = "v1") -> Iterator[str]:
    """Run ``tests.servers.<module> --http PORT`` and yield its URL; stopped on exit."""
    port = free_port()
    env = {**os.environ, "PARITY_LOCK_VERSION": version}
    process = subprocess.Popen(command(module, "--http", str(port)), cwd=ROOT, env=env,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 20
        while True:
            with socket.socket() as s:
                if s.connect_ex(("127.0.0.1", port)) == 0:
                    break
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"{module} did not start on port {port}")
            time.sleep(0.05)
        yield f"http://127.0.0.1:{port}/mcp"
    finally:
        process.terminate()
        try:
            process.wait(5)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
