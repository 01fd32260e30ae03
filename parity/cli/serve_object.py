"""Serve a configured in-process server object over stdio: ``python -m parity.cli.serve_object
module:attribute [ROOT]``.

The drill puts a fault-injecting proxy between the client and the server, and a proxy needs a
wire: an ``object`` server (a FastMCP or MCPServer instance named ``module:attribute``) is
therefore served over stdio in a child process, imported exactly as ``parity extract`` imports
it (with ROOT on ``sys.path``).
"""

from __future__ import annotations

import sys
from pathlib import Path


def main(argv: list[str] | None = None) -> int:
    from parity.errors import ParityError
    from parity.mcp import run_stdio
    from parity.sources.agent import resolve_ref

    args = sys.argv[1:] if argv is None else argv
    if len(args) not in (1, 2):
        print("usage: python -m parity.cli.serve_object module:attribute [ROOT]",
              file=sys.stderr)
        return 2
    try:
        server = resolve_ref(args[0], Path(args[1]) if len(args) == 2 else None)
    except ParityError as exc:
        print(f"parity: error: {exc}", file=sys.stderr)
        return 2
    if not callable(getattr(server, "run", None)):
        print(f"parity: error: {args[0]} is not a FastMCP or MCPServer instance (the drill "
              "serves those over stdio)", file=sys.stderr)
        return 2
    run_stdio(server)
    return 0


if __name__ == "__main__":
    sys.exit(main())
