"""A project tracker (an SDK server over stdio) whose results carry completeness flags of two
kinds: the project's own ``complete`` (the project is finished), beside the task list and
saying nothing of it, and a board's ``complete`` in the object that holds its task list.

``list_tasks`` -> ``{"project": {"name", "complete": true}, "tasks": [...]}``: the flag is the
project's; a cut ``tasks`` cannot be told from a whole one (``complete: "unknown"``).
``board`` -> ``{"board": {"name", "complete": true, "tasks": [...]}}``: the flag vouches for
the tasks beside it (a cut one reads ``complete: false`` from a server of that shape).
"""

from __future__ import annotations

from pydantic import BaseModel

from parity.mcp import new_server, run_stdio

server = new_server("tracker")
TITLES = [f"t{i}" for i in range(6)]


class Project(BaseModel):
    name: str
    complete: bool


class Task(BaseModel):
    title: str


class Tasks(BaseModel):
    project: Project
    tasks: list[Task]


class Board(BaseModel):
    name: str
    complete: bool
    tasks: list[Task]


class Boards(BaseModel):
    board: Board


@server.tool(annotations={"readOnlyHint": True})
def list_tasks() -> Tasks:
    """Every task of the project (the project itself is finished)."""
    return Tasks(project=Project(name="launch", complete=True),
                 tasks=[Task(title=t) for t in TITLES])


@server.tool(annotations={"readOnlyHint": True})
def board() -> Boards:
    """The project's board: `complete` says its task list is whole."""
    return Boards(board=Board(name="launch", complete=True, tasks=[Task(title=t) for t in TITLES]))


if __name__ == "__main__":
    run_stdio(server)
