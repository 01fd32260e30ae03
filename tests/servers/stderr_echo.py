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

from parity.mcp import new_server, run_stdio

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
        original = server.list_tools

        async def list_then_die() -> object:
            listing = await original()
            if args.long_line:  # parity keeps 65,536 bytes of a line: 8 of the secret's
                log("x" * (65536 - 8) + SECRET + " and more")
            log(f"fatal: giving up, key={SECRET}")
            os._exit(3)
            return listing
        server.list_tools = list_then_die
    run_stdio(server)


if __name__ == "__main__":
    main()
