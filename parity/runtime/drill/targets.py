"""What the drill drills: a server over one transport (``DrillTarget``), the bundled example's
targets, and the HTTP server subprocesses they need."""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, cast

from parity.errors import ParityError
from parity.runtime.drill.faults import Transport


class DrillError(ParityError):
    """The drill could not run: no server, nothing to call, a server that does not start."""


@dataclass
class DrillTarget:
    """A server to drill over one transport.

    Arguments:
        name: the server's name in the report.
        transport: ``stdio`` or ``http``.
        spec: the adapter ``ServerSpec`` reaching the real server.
        arguments: tool -> example arguments (generated from the inputSchema otherwise).
        tools: only these tools (all by default).
        completeness: tool -> how its results declare completeness
            (``GuardPolicy.completeness``).
    """

    name: str
    transport: Transport
    spec: Any
    arguments: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    tools: tuple[str, ...] = ()
    completeness: Mapping[str, Mapping[str, str]] = field(default_factory=dict)


EXAMPLE = Path("examples") / "workflow" / "server.py"


def find_bundled_example(start: Path | None = None) -> Path | None:
    """The parity checkout holding the bundled example, or None: the one this parity runs
    from (an editable install), else the working directory or a folder above it (a
    checkout in which parity was installed with ``pip install .``)."""
    here = (start or Path.cwd()).resolve()
    for root in (Path(__file__).resolve().parents[3], here, *here.parents):
        if (root / EXAMPLE).is_file() and (root / "pyproject.toml").is_file():
            return root
    return None


def bundled_example_root() -> Path:
    """The checkout holding ``examples/workflow/server.py``; ``DrillError`` when none."""
    root = find_bundled_example()
    if root is None:
        raise DrillError("no server to drill: no configured server, and the bundled example "
                         "(examples/workflow/server.py) is neither beside this parity nor in "
                         "the working directory or above",
                         hint="pass --server NAME (a configured stdio, url or object server), "
                              "or run from a parity checkout")
    return root


def bundled_targets(transports: Sequence[str]) -> Iterator[Any]:
    """Context managers yielding the bundled example's targets (HTTP starts a server)."""
    from parity.mcp import ServerSpec

    root = bundled_example_root()
    env = {"PYTHONPATH": os.pathsep.join(filter(None, [str(root),
                                                       os.environ.get("PYTHONPATH")]))}
    for transport in transports:
        if transport == "stdio":
            spec = ServerSpec(kind="stdio", name="workflow", env=env, cwd=root,
                              command=(sys.executable, "-m", "examples.workflow.server"))
            yield contextlib.nullcontext(DrillTarget("workflow", "stdio", spec))
        else:
            yield _http_example(root, env)


@contextlib.contextmanager
def _http_example(root: Path, env: Mapping[str, str]) -> Iterator[DrillTarget]:
    from parity.mcp import ServerSpec

    port = free_port()
    with serve_subprocess([sys.executable, "-m", "examples.workflow.server", "--http",
                           str(port)], port, cwd=root, env=env):
        spec = ServerSpec(kind="url", name="workflow", url=f"http://127.0.0.1:{port}/mcp")
        yield DrillTarget("workflow", "http", spec)


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class _Tail:
    """The last bytes a subprocess wrote to a pipe, read as they come: a server's log (an
    access line per request, a traceback per failed call) must not fill the pipe, or the
    server blocks on its next write and stops answering."""

    def __init__(self, stream: IO[bytes], keep: int = 4096) -> None:
        self.kept = b""
        self._keep = keep
        self._thread = threading.Thread(target=self._drain, args=(stream,), daemon=True)
        self._thread.start()

    def _drain(self, stream: IO[bytes]) -> None:
        with contextlib.suppress(OSError, ValueError):  # the pipe closed under the read
            while chunk := stream.read1(65536):  # type: ignore[attr-defined]
                self.kept = (self.kept + chunk)[-self._keep:]

    def finished(self, timeout: float) -> bool:
        """Whether the pipe reached its end (all its writers gone) within ``timeout``."""
        self._thread.join(timeout)
        return not self._thread.is_alive()


@contextlib.contextmanager
def serve_subprocess(command: Sequence[str], port: int, *, cwd: Path | None = None,
                     env: Mapping[str, str] | None = None,
                     timeout: float = 30.0) -> Iterator[subprocess.Popen[bytes]]:
    """Run an HTTP server subprocess until it accepts on 127.0.0.1:``port``; stop it after.
    Its standard error is read all along (the last lines name why it failed to start)."""
    process = subprocess.Popen(list(command), cwd=cwd, env={**os.environ, **(env or {})},
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                               start_new_session=True)
    stderr = cast(IO[bytes], process.stderr)  # stderr=PIPE
    tail = _Tail(stderr)
    try:
        deadline = time.monotonic() + timeout
        while True:
            if process.poll() is not None:
                tail.finished(2.0)
                last = tail.kept.decode("utf-8", "replace").strip().splitlines()
                raise DrillError(f"the HTTP server exited with code {process.returncode} "
                                 "before listening", hint=last[-1] if last else None)
            with contextlib.suppress(OSError), \
                    socket.create_connection(("127.0.0.1", port), timeout=0.5):
                break
            if time.monotonic() > deadline:
                raise DrillError(f"the HTTP server did not listen on port {port} within "
                                 f"{timeout:g} s")
            time.sleep(0.05)
        yield process
    finally:
        process.terminate()
        try:
            process.wait(5)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(5)
        # a child the server left may hold the pipe open: the reader is a daemon, left to it
        if tail.finished(1.0):
            stderr.close()


__all__ = [
    "EXAMPLE",
    "DrillError",
    "DrillTarget",
    "bundled_example_root",
    "bundled_targets",
    "find_bundled_example",
    "free_port",
    "serve_subprocess",
]
