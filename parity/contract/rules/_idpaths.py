"""A pair's configured ``id_paths`` as the differ sees them (``ids.unknown``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from parity.fieldpaths.manifest import Manifest, ToolManifest


@dataclass(frozen=True)
class IdPaths:
    """What a pair's configured ``id_paths`` mean to the differ: the field paths (as
    printed) whose values are tool ids of the server, and the server's ids."""

    #: the configured field paths, as parity prints them
    paths: frozenset[str]
    #: the server's tool names, as it lists them (its ids when a path declares no enum)
    server_tools: frozenset[str]
    agent_form: str = "{tool}"
    server_form: str = "{tool}"
    server_name: str | None = None

    @classmethod
    def of(cls, paths: Sequence[str], agent: Manifest, server: Manifest) -> IdPaths | None:
        """``None`` when no path is configured (the rule then only detects)."""
        if not paths:
            return None
        return cls(frozenset(paths), frozenset(server.tools),
                   agent.tool_id_form or "{tool}", server.tool_id_form or "{tool}",
                   server.server or agent.server)

    def on(self, tool: ToolManifest, side: int) -> bool:
        """Whether the tool's table of ``side`` (0: in, 1: out) has a configured path
        (no entry is built for it)."""
        table = tool.keyed_tables()[side]
        return table is not None and not self.paths.isdisjoint(table)
