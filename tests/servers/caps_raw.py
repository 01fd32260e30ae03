"""A wire-level server that lists tools depending on the client's declared capabilities, as
``@modelcontextprotocol/server-everything`` does: ``echo`` always, ``get-roots-list`` only to
a client that declares ``roots``, ``trigger-sampling-request`` only to one that declares
``sampling``."""

from __future__ import annotations

from typing import Any

from tests.servers._raw import serve, tool

declared: dict[str, Any] = {}


def handle_initialize(params: dict[str, Any]) -> dict[str, Any]:
    declared.clear()
    declared.update(params.get("capabilities") or {})
    return {"protocolVersion": params.get("protocolVersion", "2025-06-18"),
            "capabilities": {"tools": {"listChanged": True}},
            "serverInfo": {"name": "caps", "version": "1.0.0"}}


def tools_list(_params: dict[str, Any]) -> dict[str, Any]:
    listed = [tool("echo")]
    if "roots" in declared:
        listed.append(tool("get-roots-list"))
    if "sampling" in declared:
        listed.append(tool("trigger-sampling-request"))
    return {"tools": listed}


if __name__ == "__main__":
    serve({"initialize": handle_initialize, "tools/list": tools_list}, name="caps")
