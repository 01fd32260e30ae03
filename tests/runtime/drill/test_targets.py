"""parity/runtime/drill/targets.py: the HTTP server subprocesses the drill runs."""

from __future__ import annotations

import sys
import urllib.request

import pytest

from parity.runtime.drill import DrillError, free_port, serve_subprocess

# an HTTP server that writes 256 KiB to its standard error before each answer: four times
# what a pipe holds, as a server's access log and tracebacks add up over a drill
LOUD = """
import sys
from http.server import BaseHTTPRequestHandler, HTTPServer

class Handler(BaseHTTPRequestHandler):
    def do_GET(self):
        sys.stderr.write("x" * 262144 + "\\n")
        sys.stderr.flush()
        self.send_response(200)
        self.end_headers()
        self.wfile.write(b"ok")

HTTPServer(("127.0.0.1", int(sys.argv[1])), Handler).serve_forever()
"""


def test_a_server_that_logs_a_lot_keeps_answering():
    """Its standard error is read as it comes: an unread pipe fills and the server blocks
    on its next write, and every call after times out (a drill would count them all as
    the server's faults)."""
    port = free_port()
    with serve_subprocess([sys.executable, "-c", LOUD, str(port)], port):
        for _ in range(3):
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=20) as answer:
                assert answer.read() == b"ok"


def test_a_server_that_exits_before_listening_is_named_with_its_last_line():
    script = "import sys; sys.stderr.write('x' * 100000 + '\\nport already taken\\n'); sys.exit(3)"
    with pytest.raises(DrillError) as caught, \
            serve_subprocess([sys.executable, "-c", script], free_port()):
        pass
    assert "exited with code 3 before listening" in str(caught.value)
    assert caught.value.hint == "port already taken"
