"""An SDK server (stdio) whose output schemas are permissive, as typed returns make them:
``get_config -> dict[str, Any]`` (every object passes its schema) and ``find_owner -> str |
None`` (the SDK's ``{"result": ...}`` wrapping, ``result`` a string or null)."""

from __future__ import annotations

from typing import Any

from parity.mcp import new_server, run_stdio

server = new_server("permissive_output")


@server.tool(annotations={"readOnlyHint": True})
def get_config(key: str) -> dict[str, Any]:
    """Read one config entry."""
    return {"key": key, "value": "on"}


@server.tool(annotations={"readOnlyHint": True})
def find_owner(path: str) -> str | None:
    """The owner of a path, or None when it has none."""
    return "alice"


if __name__ == "__main__":
    run_stdio(server)
