"""tools/list over four pages; the second cursor is "" (not the end). ``--loop``: the cursors
go round in a circle. ``--pages N``: N pages of one tool each, never ending with ``--endless``."""

from __future__ import annotations

import argparse

from tests.servers._raw import serve, tool

PAGES = {None: (["alpha", "beta"], "p1"), "p1": (["gamma"], ""), "": (["delta"], "p3"),
         "p3": (["epsilon"], None)}
LOOP = {None: (["alpha"], "a"), "a": (["beta"], "b"), "b": (["gamma"], "a")}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--loop", action="store_true")
    parser.add_argument("--endless", action="store_true")
    args = parser.parse_args()
    table = LOOP if args.loop else PAGES

    def tools_list(params):
        cursor = params.get("cursor")
        if args.endless:  # a fresh cursor every time: only the page bound stops it
            n = int(cursor or 0) + 1
            return {"tools": [tool(f"t{n}")], "nextCursor": str(n)}
        names, next_cursor = table[cursor]
        result = {"tools": [tool(n, description=f"tool {n}", **{"x-vendor": {"n": n}})
                            for n in names]}
        if next_cursor is not None:
            result["nextCursor"] = next_cursor
        return result

    serve({"tools/list": tools_list}, name="paginate")


if __name__ == "__main__":
    main()
