"""The ways a tool may be called, as its definition's ``execution.taskSupport`` says.

MCP 2025-11-25 lets a tool be called plainly (``tools/call``) or as a task (a
task-augmented ``tools/call``). A server answers a call made a way the tool does not allow
with an error (-32601), so the ways are part of the contract: manifests record them
(``ToolManifest.calls``), the ``tool.call-mode`` rule compares the agent's with the
server's, and the pin refuses a tool that lost one (``parity.pinning.changes``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

#: a plain ``tools/call``
PLAIN = "plain"
#: a task-augmented ``tools/call``
TASK = "task"
#: the ways of calling a tool each ``execution.taskSupport`` allows (absent or ``null``:
#: ``forbidden``), in the order manifests list them
CALL_MODES: dict[str, tuple[str, ...]] = {
    "forbidden": (PLAIN,), "optional": (PLAIN, TASK), "required": (TASK,)}
#: a tool without ``execution``: called plainly only (what manifests leave unsaid)
PLAIN_ONLY = CALL_MODES["forbidden"]
#: ``taskSupport`` for each recordable set of ways (a manifest's ``calls``)
TASK_SUPPORT = {modes: support for support, modes in CALL_MODES.items()}


def call_modes(definition: Mapping[str, Any]) -> tuple[str, ...]:
    """The ways the tool ``definition`` may be called (``CALL_MODES``); none for an
    ``execution`` or ``taskSupport`` the protocol does not name (nothing is known to work)."""
    execution = definition.get("execution")
    if execution is None:
        return PLAIN_ONLY
    if execution.__class__ is not dict:
        return ()
    support = execution.get("taskSupport")
    if support is None:
        return PLAIN_ONLY
    return CALL_MODES.get(support, ()) if support.__class__ is str else ()


def ways_lost(used: tuple[str, ...], taken: tuple[str, ...]) -> tuple[str, ...]:
    """The ways of ``used`` (a tool's before a change, or the agent's) that ``taken`` (the
    tool's after it, or the server's) does not allow, in ``used``'s order."""
    return tuple(mode for mode in used if mode not in taken)
