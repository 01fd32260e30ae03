"""An SDK server whose one tool answers with the credential it was given: ``whoami()``
returns ``{"user": "ann", "key": $WHOAMI_KEY}``; its description is ``$WHOAMI_DESC`` (default
``Who am I.``), so a test can put the key in a drifted definition too."""

from __future__ import annotations

import os

from pydantic import BaseModel

from parity.mcp import new_server, run_stdio

server = new_server("acct")


class Account(BaseModel):
    user: str
    key: str


@server.tool(description=os.environ.get("WHOAMI_DESC", "Who am I."))
def whoami() -> Account:
    return Account(user="ann", key=os.environ.get("WHOAMI_KEY", ""))


if __name__ == "__main__":
    run_stdio(server)
