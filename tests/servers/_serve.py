"""Run one of the SDK test servers: over stdio, or over streamable HTTP on 127.0.0.1 with
``--http PORT`` (``--json-response``: JSON bodies instead of event streams)."""

from __future__ import annotations

import argparse
from typing import Any

from parity.mcp import run_http, run_stdio


def serve_from_argv(server: Any) -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--http", type=int, metavar="PORT")
    parser.add_argument("--json-response", action="store_true")
    args = parser.parse_args()
    if args.http:
        run_http(server, "127.0.0.1", args.http, json_response=args.json_response)
    else:
        run_stdio(server)
