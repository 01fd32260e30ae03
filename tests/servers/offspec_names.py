"""A raw stdio server listing ``N`` tools (first argument) whose names are outside the spec's
form (``bad name 0``...), the last one of 5,000 characters."""

from __future__ import annotations

import sys

from tests.servers._raw import serve, tool

COUNT = int(sys.argv[1])
NAMES = [f"bad name {i}" for i in range(COUNT - 1)] + ["x" * 5000]

if __name__ == "__main__":
    serve({"tools/list": lambda params: {"tools": [tool(n) for n in NAMES]}})
