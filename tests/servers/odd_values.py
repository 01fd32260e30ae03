"""A real SDK server whose tool schema holds Python values that are not JSON: a ``str``
enum, a tuple, a ``UUID``, a subclass of ``str``. Whatever a server's own code puts in a
schema, parity must only ever see what the wire carries (``Listing.plain_json``).

``python -m tests.servers.odd_values`` serves stdio; ``--http PORT`` serves streamable HTTP on
127.0.0.1; ``server`` is importable for in-process use. The values are put in the schema the
SDK built for the tool, where both SDK generations keep it (``_tool_manager``: no public API
sets a tool's schema by hand).
"""

from __future__ import annotations

import enum
import uuid

from parity.mcp import new_server
from tests.servers._serve import serve_from_argv

server = new_server("odd_values")


class Mode(str, enum.Enum):
    FAST = "fast"


class Label(str):
    """A ``str`` subclass, as a server's own string types are."""


@server.tool()
def pick(mode: str = "fast") -> str:
    """Pick a mode."""
    return mode


schema = server._tool_manager.get_tool("pick").parameters
schema["properties"]["mode"].update(default=Mode.FAST, examples=("fast", "slow"),
                                    title=Label("Mode"))
schema["x-schema-id"] = uuid.UUID(int=7)

#: the schema as JSON carries it: what a client reads
AS_JSON = {"properties": {"mode": {"default": "fast", "examples": ["fast", "slow"],
                                   "title": "Mode", "type": "string"}},
           "title": "pickArguments", "type": "object",
           "x-schema-id": "00000000-0000-0000-0000-000000000007"}


if __name__ == "__main__":
    serve_from_argv(server)
