"""A drill target whose list results name their total in their own words (`n_found`), and
one whose results declare nothing about completeness: the completeness tests.

``python -m tests.servers.catalog`` serves stdio; ``tests.servers.catalog:server`` is the
in-process object.
"""

from __future__ import annotations

from pydantic import BaseModel

from parity.mcp import new_server, run_stdio

server = new_server("catalog")
LAMPS = ["desk lamp", "floor lamp", "wall lamp", "clip lamp"]


class Hits(BaseModel):
    hits: list[str]
    n_found: int


class Recent(BaseModel):
    items: list[str]


@server.tool(annotations={"readOnlyHint": True})
def search(query: str) -> Hits:
    """Search the catalog; `n_found` is the size of the whole result set."""
    return Hits(hits=LAMPS, n_found=len(LAMPS))


@server.tool(annotations={"readOnlyHint": True})
def recent() -> Recent:
    """Recently viewed items (says nothing about whether that is all of them)."""
    return Recent(items=LAMPS[:2])


if __name__ == "__main__":
    run_stdio(server)
