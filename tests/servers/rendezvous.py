"""A real SDK server that proves it runs side by side with something else.

``python -m tests.servers.rendezvous DIR NAME [OTHER...]`` writes ``DIR/NAME.started`` (its
process id) as soon as it runs, then waits (``--wait`` seconds, 30 by default) for
``DIR/OTHER.started`` of every OTHER before it serves stdio, and exits (code 1, with a
message on stderr) if one never appears: started one after another, two servers that wait
for each other cannot both serve.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

from parity.mcp import new_server, run_stdio

server = new_server("rendezvous")


@server.tool()
def ping(text: str) -> str:
    """Answers with the text."""
    return text


def wait_for(marker: Path, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while not marker.exists():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("folder", type=Path)
    parser.add_argument("name")
    parser.add_argument("others", nargs="*")
    parser.add_argument("--wait", type=float, default=30.0)
    args = parser.parse_args()
    (args.folder / f"{args.name}.started").write_text(str(os.getpid()), encoding="utf-8")
    for other in args.others:
        if not wait_for(args.folder / f"{other}.started", args.wait):
            sys.exit(f"{args.name}: {other} did not start while I waited")
    run_stdio(server)


if __name__ == "__main__":
    main()
