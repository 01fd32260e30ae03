"""Answers initialize and the first tools/list page, then dies on the second page."""

from __future__ import annotations

import sys

from tests.servers._raw import serve, tool


def tools_list(params):
    if params.get("cursor") is None:
        return {"tools": [tool("first")], "nextCursor": "2"}
    print("crashing on page 2", file=sys.stderr, flush=True)
    sys.exit(5)


if __name__ == "__main__":
    serve({"tools/list": tools_list}, name="exit_mid")
