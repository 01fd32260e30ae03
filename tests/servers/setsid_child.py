"""Starts a daemon in a session of its own that inherits (and so holds open) this server's
stdout and stderr, writes the daemon's pid to the file named by the first argument, then,
by the second argument:

``early``: exits with code 4 before reading anything; ``after-answer``: answers
``initialize`` (with a 60 KB ``serverInfo``, so the pipe holds much at the exit) and exits
with code 6 in the same breath; ``serve``: serves one tool and exits 0 when its stdin
closes. The daemon sleeps for five minutes (a backstop: the tests kill it)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.servers._raw import serve, tool

if __name__ == "__main__":
    pidfile, mode = Path(sys.argv[1]), sys.argv[2]
    daemon = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(300)"],
                              start_new_session=True)
    pidfile.write_text(str(daemon.pid))
    print(f"started a daemon pid={daemon.pid}", file=sys.stderr, flush=True)
    if mode == "early":
        print("giving up before initialize", file=sys.stderr, flush=True)
        sys.exit(4)
    if mode == "after-answer":
        request = json.loads(sys.stdin.readline())
        answer = {"jsonrpc": "2.0", "id": request["id"], "result": {
            "protocolVersion": request["params"]["protocolVersion"], "capabilities": {},
            "serverInfo": {"name": "setsid_child", "version": "1", "x-pad": "p" * 60000}}}
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()
        print("answered initialize, exiting", file=sys.stderr, flush=True)
        os._exit(6)  # at once: the answer is still in the pipe as the exit is seen
    serve({"tools/list": lambda params: {"tools": [tool("only")]}}, name="setsid_child")
