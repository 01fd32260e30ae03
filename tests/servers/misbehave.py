"""Answers initialize and tools/list properly, then misbehaves per tool called:
``garbage`` prints a non-JSON line and nothing else; ``truncated`` writes half a message and
exits; ``badid`` answers with an object as its id; ``notutf8`` answers with a byte that is
not UTF-8 in a string; ``error`` answers a JSON-RPC error whose text contains
``PARITY_TEST_SECRET``; ``hang`` never answers; ``poke`` sends
notifications/tools/list_changed, then a result; ``crash`` exits without answering;
``echo`` returns its arguments and the secret; ``big`` answers one line of 3 MiB."""

from __future__ import annotations

import json
import os
import sys

from tests.servers._raw import Reply, serve, tool, write

SECRET = os.environ.get("PARITY_TEST_SECRET", "")


def call(params):
    name, arguments = params.get("name"), params.get("arguments") or {}
    if name == "garbage":
        return Reply(raw="this is not json {{{\n")
    if name == "notutf8":
        return Reply(raw=b'{"jsonrpc": "2.0", "id": @ID@, "result": {"content": [{"type": '
                         b'"text", "text": "o\xffk"}]}}\n')
    if name == "badid":
        return Reply(raw='{"jsonrpc": "2.0", "id": {"": null}, "result": {}}\n')
    if name == "truncated":
        sys.stdout.write('{"jsonrpc": "2.0", "id": ')
        sys.stdout.flush()
        sys.exit(0)
    if name == "error":
        return Reply(error={"code": -32050, "message": f"backend refused token {SECRET}",
                            "data": {"token": SECRET, "retry": False}})
    if name == "hang":
        return Reply(silent=True)
    if name == "crash":
        print("crashing in tools/call", file=sys.stderr, flush=True)
        sys.exit(7)
    if name == "poke":
        return _poke()
    if name == "big":  # one line of 3 MiB and the next in one write: read across chunks
        big = {"content": [{"type": "text", "text": "x" * (3 * 2**20)}], "isError": False}
        return Reply(raw=json.dumps({"jsonrpc": "2.0", "id": "@ID@", "result": big})
                     .replace('"@ID@"', "@ID@") + "\n"
                     + json.dumps({"jsonrpc": "2.0", "method": "notifications/message",
                                   "params": {"level": "info", "data": "after"}}) + "\n")
    return {"content": [{"type": "text", "text": f"token={SECRET}"}],
            "structuredContent": {"args": arguments}, "isError": False,
            "_meta": {"x-trace": "abc"}, "x-extra": 1}


def _poke():
    write({"jsonrpc": "2.0", "method": "notifications/tools/list_changed"})
    return {"content": [], "isError": False}


if __name__ == "__main__":
    serve({"tools/list": lambda params: {"tools": [tool("echo")]}, "tools/call": call},
          name="misbehave")
