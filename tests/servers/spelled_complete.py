"""An SDK server (stdio) whose lists carry their completeness in other spellings than
``complete``: ``query`` -> ``{"rows": [...], "truncated": false}``, ``list_users`` ->
``{"users": [...], "isComplete": true}``. A server of that shape that lost a page says
``truncated: true`` / ``isComplete: false``."""

from __future__ import annotations

from pydantic import BaseModel

from parity.mcp import new_server, run_stdio

server = new_server("spelled_complete")


class Rows(BaseModel):
    rows: list[int]
    truncated: bool


class Users(BaseModel):
    users: list[str]
    isComplete: bool  # the server's own spelling, on the wire


@server.tool(annotations={"readOnlyHint": True})
def query(sql: str) -> Rows:
    """Run a query; `truncated` says whether rows were cut."""
    return Rows(rows=[1, 2, 3, 4], truncated=False)


@server.tool(annotations={"readOnlyHint": True})
def list_users(q: str) -> Users:
    """All users; `isComplete` is false when the list was cut."""
    return Users(users=["a", "b", "c", "d"], isComplete=True)


if __name__ == "__main__":
    run_stdio(server)
