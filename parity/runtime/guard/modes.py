"""The way a call is made (plainly or as a task) against the ways its pinned tool takes.

MCP 2025-11-25: a tool's ``execution.taskSupport`` says how it may be called
(``parity.fieldpaths.callmodes``), and the server answers a call made another way with an
error (-32601), every time. The guard knows the way before anything is sent, so such a
call is refused locally, with what the pinned definition says, instead of reaching the
server to fail there: the build-time rule ``tool.call-mode`` at call time.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from parity.core.terminal import code_span
from parity.fieldpaths.callmodes import PLAIN, PLAIN_ONLY, TASK, TASK_SUPPORT, call_modes

#: each way, as the reason names it
_WAY = {PLAIN: "plain call", TASK: "call as a task"}
#: what to do instead, by the ways the tool takes
_INSTEAD: dict[tuple[str, ...], str] = {(TASK,): "call it as a task", (PLAIN,): "call it plainly"}


def check_call_mode(definition: Mapping[str, Any], *, as_task: bool = False) -> str | None:
    """Why the pinned tool ``definition`` does not take a call made this way (``as_task``:
    task-augmented), or None when it does."""
    taken = call_modes(definition)
    way = TASK if as_task else PLAIN
    if way in taken:
        return None
    reason = (f"the tool {_declares(definition, taken)}: it takes no {_WAY[way]}, and "
              "the server refuses every one")
    instead = _INSTEAD.get(taken)
    return f"{reason}; {instead}" if instead else reason


def _declares(definition: Mapping[str, Any], taken: tuple[str, ...]) -> str:
    execution = definition.get("execution")
    if taken == PLAIN_ONLY and (execution is None or execution.get("taskSupport") is None):
        return "declares no execution.taskSupport (`forbidden`)"
    support = TASK_SUPPORT.get(taken)
    if support is None:
        return "has an execution.taskSupport the protocol does not name"
    return f"has execution.taskSupport {code_span(support)}"


__all__ = ["check_call_mode"]
