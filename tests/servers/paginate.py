"""tools/list over four pages; the second cursor is "" (not the end). ``--loop``: the cursors
go round in a circle. ``--pages N``: N pages of one tool each, never ending with ``--endless``.
``--cursor-size N``: with ``--endless``, each cursor is N characters (still a fresh one each
page; ``--pages N`` ends it after N pages); ``--same-cursor N``: every page's cursor is the
same N characters; ``--object-cursor N``: the cursor is an object of N keys; ``--slow S``:
each page is answered after S seconds (with ``--endless``)."""

from __future__ import annotations

import argparse
import time

from tests.servers._raw import serve, tool

PAGES = {None: (["alpha", "beta"], "p1"), "p1": (["gamma"], ""), "": (["delta"], "p3"),
         "p3": (["epsilon"], None)}
LOOP = {None: (["alpha"], "a"), "a": (["beta"], "b"), "b": (["gamma"], "a")}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--loop", action="store_true")
    parser.add_argument("--endless", action="store_true")
    parser.add_argument("--pages", type=int, default=0)
    parser.add_argument("--cursor-size", type=int, default=0)
    parser.add_argument("--same-cursor", type=int, default=0)
    parser.add_argument("--object-cursor", type=int, default=0)
    parser.add_argument("--slow", type=float, default=0.0)
    args = parser.parse_args()
    table = LOOP if args.loop else PAGES

    def tools_list(params):
        cursor = params.get("cursor")
        if args.same_cursor:
            return {"tools": [tool("t")], "nextCursor": "c" * args.same_cursor}
        if args.object_cursor:
            return {"tools": [tool("t")],
                    "nextCursor": {f"k{i}": "v" * 10 for i in range(args.object_cursor)}}
        if args.endless:  # a fresh cursor every time: only the page bound stops it
            time.sleep(args.slow)
            n = int((cursor or "0").split(".")[0]) + 1
            result = {"tools": [tool(f"t{n}")],
                      "nextCursor": str(n) + "." * max(0, args.cursor_size - len(str(n)))}
            if args.pages and n >= args.pages:
                del result["nextCursor"]
            return result
        names, next_cursor = table[cursor]
        result = {"tools": [tool(n, description=f"tool {n}", **{"x-vendor": {"n": n}})
                            for n in names]}
        if next_cursor is not None:
            result["nextCursor"] = next_cursor
        return result

    serve({"tools/list": tools_list}, name="paginate")


if __name__ == "__main__":
    main()
