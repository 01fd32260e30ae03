"""Shared fixtures. Add new fixtures below; do not remove others'."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import mcp  # noqa: F401 - see below
import pytest
from hypothesis import settings

from tests.properties import draws

# ``import mcp`` (1.x) binds ``stdio_client``'s ``errlog`` default to ``sys.stderr`` as it is
# then. Imported first inside a test that replaced it (``capsys``, parity's redacting
# streams in ``main``), the SDK would keep that stream for good, and a later test's
# ``stdio_client`` would fail on its ``fileno()``: so it is imported here, before any test.

REPO = Path(__file__).resolve().parent.parent

# In CI (``CI`` set), the property tests draw the same examples on every run, so a failure
# there repeats on any machine with ``CI=1``; elsewhere they keep drawing new ones.
# ``PARITY_EXAMPLES`` scales how many examples each draws (``tests.properties``).
settings.register_profile("parity", max_examples=draws(100))
settings.register_profile("ci", derandomize=True, print_blob=True, max_examples=draws(100))
settings.load_profile("ci" if os.environ.get("CI") else "parity")

# A suite started in the background (``cmd &``) inherits SIGINT ignored, and so would every
# parity process it starts: the Ctrl-C tests need it delivered, as in a terminal.
if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)


def free_port() -> int:
    """A port on 127.0.0.1 that was free a moment ago."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def wait_for_port(port: int, process: subprocess.Popen[bytes], timeout: float = 45.0) -> None:
    """Until something accepts connections on 127.0.0.1:``port`` (bounded; fails the test if
    the process died or the time ran out)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            err = ""
            if process.stderr is not None:  # a temporary file, see http_server
                process.stderr.seek(0)
                err = process.stderr.read().decode(errors="replace")
            pytest.fail(f"server exited with {process.returncode} before listening:\n{err}")
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 0.2):
            return
        time.sleep(0.05)
    pytest.fail(f"nothing listening on 127.0.0.1:{port} after {timeout}s")


def stop(process: subprocess.Popen[bytes]) -> None:
    """Terminate, then kill: a test server never outlives its test."""
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(5)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(5)
    if process.stderr is not None:
        process.stderr.close()


@pytest.fixture
def http_server() -> Iterator[Callable[..., str]]:
    """``start("tests.servers.demo", *args, path="/mcp") -> "http://127.0.0.1:PORT/mcp"``:
    runs ``python -m <module> --http PORT <args>`` from the repository root, waits until it
    accepts connections and stops it after the test."""
    processes: list[subprocess.Popen[bytes]] = []

    def start(module: str, *args: str, path: str = "/mcp", env: dict[str, str] | None = None,
              ) -> str:
        port = free_port()
        # stderr to a file, not a pipe: a chatty server must never block on a full pipe
        log = tempfile.TemporaryFile()  # noqa: SIM115 - closed in stop()
        process = subprocess.Popen(
            [sys.executable, "-m", module, "--http", str(port), *args], cwd=REPO,
            stdout=subprocess.DEVNULL, stderr=log, env=env)
        process.stderr = log  # type: ignore[assignment]
        processes.append(process)
        wait_for_port(port, process)
        return f"http://127.0.0.1:{port}{path}"

    try:
        yield start
    finally:
        for process in processes:
            stop(process)


@pytest.fixture(autouse=True, scope="session")
def _parity_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Validation verdicts go to a per-session folder, never the user's ~/.cache."""
    before = os.environ.get("PARITY_CACHE_DIR")
    os.environ["PARITY_CACHE_DIR"] = str(tmp_path_factory.mktemp("parity-cache"))
    yield
    if before is None:
        os.environ.pop("PARITY_CACHE_DIR", None)
    else:
        os.environ["PARITY_CACHE_DIR"] = before


class RequestCounter:
    """A real HTTP listener on 127.0.0.1 that serves a permissive schema to any GET and counts
    every request: a test that hands parity a remote ``$ref`` to it asserts the count is 0."""

    def __init__(self) -> None:
        import http.server
        import threading

        counter = self
        self.requests: list[str] = []

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                counter.requests.append(self.path)
                body = b'{"type": "string"}'
                self.send_response(200)
                self.send_header("Content-Type", "application/schema+json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args: object) -> None:
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def ref_listener() -> Iterator[RequestCounter]:
    """A counting listener for remote ``$ref`` URIs (see ``RequestCounter``)."""
    counter = RequestCounter()
    try:
        yield counter
    finally:
        counter.close()


@pytest.fixture(autouse=True)
def _fresh_patterns() -> Iterator[None]:
    """Each test starts as a new process does, with no pattern refused: a pattern times out
    once per process and is refused from then on (``parity.fieldpaths.patterns``), so a test
    that makes one time out would otherwise change what a later test of its worker sees."""
    from parity.fieldpaths import patterns

    patterns.forget()
    yield
    patterns.forget()
