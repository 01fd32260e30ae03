"""A real SDK server that writes its secret on stderr, the way a server's debug logging would.

It reads ``PARITY_ECHO_SECRET`` from its environment (where parity puts a configured ``env``
value resolved from ``${VAR}``) and prints a line holding it to stderr when it starts and on
every tool call. ``--die-after-list`` makes it exit (code 3) right after its first
``tools/list`` answer with the secret in its last stderr line, so parity's failure message
shows the stderr tail; with ``--long-line`` that last line is longer than parity keeps, and
the secret straddles the cut.
"""

from __future__ import annotations

import argparse
import os
import sys

from parity.mcp import lowlevel_server, new_server, run_stdio

SECRET = os.environ.get("PARITY_ECHO_SECRET", "")

server = new_server("stderr_echo")


def log(text: str) -> None:
    sys.stderr.write(text + "\n")
    sys.stderr.flush()


@server.tool()
def search(q: str) -> str:
    """Search the forecast."""
    log(f"debug: search {q!r} with key {SECRET}")
    return f"sunny for {q}"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--die-after-list", action="store_true")
    parser.add_argument("--long-line", action="store_true")
    args = parser.parse_args()
    log(f"stderr_echo starting; key={SECRET} (debug line)")
    if args.die_after_list:
        def die() -> None:
            if args.long_line:  # parity keeps 65,536 bytes of a line: 8 of the secret's
                log("x" * (65536 - 8) + SECRET + " and more")
            log(f"fatal: giving up, key={SECRET}")
            os._exit(3)

        async def list_then_die(*_: object) -> object:
            die()
            return None

        # 2.x asks the server object at each request; 1.x registered its handler when the
        # server was built, so that one is replaced where the low-level server keeps it
        server.list_tools = list_then_die
        handlers = getattr(lowlevel_server(server), "request_handlers", None)
        if isinstance(handlers, dict):
            for kind in list(handlers):
                if getattr(kind, "__name__", "") == "ListToolsRequest":
                    handlers[kind] = list_then_die
    run_stdio(server)


if __name__ == "__main__":
    main()
