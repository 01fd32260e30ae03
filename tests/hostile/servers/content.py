"""A stdio MCP server whose tools/list (and tools/call result) carries one hostile value.

``python -m tests.hostile.servers.content MODE [--ref URL] [--in-server-info]``; MODE is one
of ``MODES``. ``--in-server-info``: the value is the ``version`` in its ``serverInfo`` instead
(a value mode, from ``VALUES``), and it lists one fine tool. The answer is written as raw
text, because ``json.dumps`` refuses some of these values (an integer of 5,000 digits) and
escapes others differently (a lone surrogate), and the point is the bytes a hostile server
can send.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from tests.servers._raw import Reply, serve


def fan_out(levels: int = 40) -> dict[str, Any]:
    """``allOf`` of two references to the next level, ``levels`` deep: 2**levels expansions."""
    defs: dict[str, Any] = {
        f"l{i}": {"allOf": [{"$ref": f"#/$defs/l{i + 1}"}, {"$ref": f"#/$defs/l{i + 1}"}]}
        for i in range(levels)}
    defs[f"l{levels}"] = {"type": "object", "properties": {"a": {"type": "string"}}}
    return {"type": "object", "$defs": defs, "properties": {"q": {"$ref": "#/$defs/l0"}}}


#: MODE -> the raw JSON text of the one hostile tool's inputSchema (``@REF@``: the --ref URL)
MODES: dict[str, str] = {
    "nan": '{"type": "object", "properties": {"n": {"type": "number", "maximum": NaN}}}',
    "infinity": '{"type": "object", "properties": {"n": {"type": "number", "minimum": '
                '-Infinity}}}',
    "overflow": '{"type": "object", "properties": {"n": {"type": "number", "maximum": 1e400}}}',
    "huge-int": '{"type": "object", "properties": {"n": {"type": "integer", "maximum": '
                + "9" * 5000 + "}}}",
    "beyond-int": '{"type": "object", "properties": {"n": {"type": "integer", "maximum": '
                  '9007199254740993}}}',
    "surrogate": '{"type": "object", "properties": {"n": {"type": "string", "description": '
                 '"\\ud800 alone"}}}',
    "fan-out": json.dumps(fan_out()),
    "remote-ref": '{"type": "object", "properties": {"city": {"$ref": "@REF@/city.json"}}}',
}

#: MODE -> the raw JSON text of its hostile value alone (``--in-server-info``)
VALUES: dict[str, str] = {"nan": "NaN", "infinity": "-Infinity", "overflow": "1e400",
                          "huge-int": "9" * 5000, "beyond-int": "9007199254740993",
                          "surrogate": '"\\ud800 alone"'}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("mode", choices=sorted(MODES))
    parser.add_argument("--ref", default="http://127.0.0.1:9/")
    parser.add_argument("--in-server-info", action="store_true")
    args = parser.parse_args()
    schema = MODES[args.mode].replace("@REF@", args.ref.rstrip("/"))
    good = '{"name": "fine", "inputSchema": {"type": "object"}}'
    hostile = f'{{"name": "hostile", "inputSchema": {schema}}}'
    tools = good if args.in_server_info else f"{good}, {hostile}"
    handlers: dict[str, Any] = {}
    if args.in_server_info:
        value = VALUES[args.mode]

        def initialize(params: dict[str, Any]) -> Reply:
            return Reply(raw=f'{{"jsonrpc": "2.0", "id": @ID@, "result": {{"protocolVersion": '
                             f'{json.dumps(params["protocolVersion"])}, "capabilities": '
                             f'{{"tools": {{}}}}, "serverInfo": {{"name": "content", '
                             f'"version": {value}}}}}}}\n')
        handlers["initialize"] = initialize

    def listing(params: dict[str, Any]) -> Reply:
        return Reply(raw=f'{{"jsonrpc": "2.0", "id": @ID@, "result": {{"tools": '
                         f'[{tools}]}}}}\n')

    def call(params: dict[str, Any]) -> Any:
        return {"content": [{"type": "text", "text": "ok"}]}

    # ``@ID@`` in a raw reply: the request's id (``serve``)
    serve({"tools/list": listing, "tools/call": call, **handlers}, name=f"content-{args.mode}")


if __name__ == "__main__":
    main()
