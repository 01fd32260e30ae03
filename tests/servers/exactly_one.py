"""A server whose argument model takes a `url` or a `path`, never both: its JSON Schema says
so with a ``oneOf`` of branches that only require a key (JSON Schema's "exactly one of"), and
its validator refuses a call that holds both, as a validator of that schema would.

``python -m tests.servers.exactly_one`` serves stdio; ``tests.servers.exactly_one:server`` is
the in-process object.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, model_validator

from parity.mcp import new_server, run_stdio

server = new_server("exactly_one")


class Source(BaseModel):
    model_config = ConfigDict(json_schema_extra={
        "oneOf": [{"required": ["url"]}, {"required": ["path"]}]})

    url: str = ""
    path: str = ""

    @model_validator(mode="before")
    @classmethod
    def exactly_one(cls, data: Any) -> Any:
        if isinstance(data, dict) and ("url" in data) == ("path" in data):
            raise ValueError("give a url or a path, not both and not neither")
        return data


@server.tool(annotations={"readOnlyHint": True})
def fetch(source: Source) -> str:
    """Fetch a document from a URL or a local path."""
    return source.url or source.path


if __name__ == "__main__":
    run_stdio(server)
