"""A wire-level server that announces tool changes (``notifications/tools/list_changed``)
too often, the way a buggy server does; its tools never change.

``--echo``: after every ``tools/list`` answer, a notification (a server that takes its own
listing for a change). ``--burst N``: N notifications at once after the first answer.
Calling ``poke`` sends one notification just before its answer. ``lists`` answers with how
many ``tools/list`` requests the server has had.
"""

from __future__ import annotations

import argparse
from typing import Any

from tests.servers._raw import Reply, serve, tool

CHANGED = {"jsonrpc": "2.0", "method": "notifications/tools/list_changed"}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--echo", action="store_true")
    parser.add_argument("--burst", type=int, default=0)
    args = parser.parse_args()
    lists = [0]

    def tools_list(params: dict[str, Any]) -> Reply:
        lists[0] += 1
        after = [CHANGED] if args.echo else []
        if lists[0] == 1:
            after += [CHANGED] * args.burst
        return Reply(result={"tools": [tool("poke"), tool("lists")]}, after=after)

    def tools_call(params: dict[str, Any]) -> Reply:
        text = str(lists[0]) if params.get("name") == "lists" else "poked"
        before = [CHANGED] if params.get("name") == "poke" else []
        return Reply(result={"content": [{"type": "text", "text": text}]}, before=before)

    serve({"tools/list": tools_list, "tools/call": tools_call}, name="announcing")


if __name__ == "__main__":
    main()
