"""A pair's configured ``id_paths`` as the differ sees them (``ids.unknown``), and the sets of
tool ids a field accepts, indexed by the id form they share."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass

from parity.fieldpaths.manifest import Manifest, ToolManifest
from parity.fieldpaths.toolid import COMMON_FORMS, parse_form

#: forms that carry a server part: a bare ``{tool}`` says nothing about ids
ID_FORMS = tuple(f for f in COMMON_FORMS if "{server}" in f)

#: the form every id of a set fits, and (server, tool) -> id
Index = tuple[str, dict[tuple[str, str], str]]


def split_id(value: str, form: str) -> tuple[str, str] | None:
    """(server, tool) of ``value`` in ``form``; ``None`` if it does not fit."""
    match = parse_form(form).pattern.fullmatch(value)
    return None if match is None else (match.group("server"), match.group("tool"))


def index_ids(accepted: AbstractSet[str]) -> Index | None:
    """The first form of ``ID_FORMS`` every id of ``accepted`` fits, and (server, tool) ->
    id; ``None``: they are not ids (a form is left at its first id that does not fit)."""
    for form in ID_FORMS:
        pattern = parse_form(form).pattern
        ids: dict[tuple[str, str], str] = {}
        for value in accepted:
            match = pattern.fullmatch(value)
            if match is None:
                break
            ids[match.group("server"), match.group("tool")] = value
        else:
            return form, ids
    return None


class Accepted:
    """The ids a field accepts, with their index and their sorted list each computed once:
    a catalog's tool names are what every configured path of every tool accepts, and a
    copy, an index or a sort of them per path made the check quadratic in tools."""

    def __init__(self, ids: AbstractSet[str]) -> None:
        self.ids = ids

    @functools.cached_property
    def index(self) -> Index | None:
        return index_ids(self.ids)

    @functools.cached_property
    def listed(self) -> list[str]:
        return sorted(self.ids)


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

    @functools.cached_property
    def server_accepted(self) -> Accepted:
        """The server's tool names as the ids a path without an enum accepts (one for the
        whole diff)."""
        return Accepted(self.server_tools)

    def on(self, tool: ToolManifest, side: int) -> bool:
        """Whether the tool's table of ``side`` (0: in, 1: out) has a configured path
        (no entry is built for it)."""
        table = tool.keyed_tables()[side]
        return table is not None and not self.paths.isdisjoint(table)
