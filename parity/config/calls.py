"""What a server's configuration says about calling its tools (drill, probe, guard).

Three optional tables of ``[tool.parity.servers.NAME]``, kept apart from the rest of the
server's settings because they change for a different reason (how tools are *called*, not
how they are reached or read):

- ``arguments.TOOL``: example arguments for a tool; they win over generated ones;
- ``read_only``: tools the probe may call although they are not annotated
  ``readOnlyHint: true`` (the probe calls nothing else);
- ``completeness.TOOL``: how the tool's results say whether they are complete, so the guard
  can verify it (``partial``) instead of answering ``complete: unknown``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

#: Keys of a ``completeness.TOOL`` table: a field path each (dotted, from the result's root).
COMPLETENESS_KEYS = ("total", "items", "cursor", "complete", "more")


@dataclass(frozen=True)
class Completeness:
    """How one tool's result declares its completeness; each a dotted path in the result.

    ``total``: an integer, the size of the whole set, compared with the length of ``items``
    (or the only array next to it). ``cursor``: a value that, when present and not null or
    empty, says more results exist. ``complete``: a boolean, false when incomplete. ``more``:
    a boolean, true when more results exist.
    """

    total: str | None = None
    items: str | None = None
    cursor: str | None = None
    complete: str | None = None
    more: str | None = None


@dataclass(frozen=True)
class CallSettings:
    """The call-related settings of one server."""

    arguments: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    read_only: tuple[str, ...] = ()
    completeness: Mapping[str, Completeness] = field(default_factory=dict)


class _Errors(Protocol):
    def error(self, key: str, value: Any, expected: str) -> None: ...

    def known(self, table: Mapping[str, Any], key: str, allowed: set[str]) -> None: ...


#: The server keys this module reads.
CALL_KEYS = ("arguments", "read_only", "completeness")


def parse_calls(v: _Errors, raw: Mapping[str, Any], key: str) -> CallSettings:
    """The call settings of the server table ``raw`` at ``key``; mistakes go to ``v``."""
    arguments: dict[str, Mapping[str, Any]] = {}
    table = raw.get("arguments", {})
    if not isinstance(table, dict):
        v.error(f"{key}.arguments", table, "a table: tool -> a table of example arguments")
        table = {}
    for tool, args in table.items():
        if isinstance(args, dict):
            arguments[tool] = args
        else:
            v.error(f"{key}.arguments.{tool}", args, "a table of example arguments")
    read_only = raw.get("read_only", [])
    if not (isinstance(read_only, list) and all(isinstance(t, str) and t for t in read_only)):
        v.error(f"{key}.read_only", read_only, "a list of tool names")
        read_only = []
    completeness: dict[str, Completeness] = {}
    table = raw.get("completeness", {})
    if not isinstance(table, dict):
        v.error(f"{key}.completeness", table, "a table: tool -> how its results declare "
                                               "completeness")
        table = {}
    for tool, decl in table.items():
        where = f"{key}.completeness.{tool}"
        if not isinstance(decl, dict):
            v.error(where, decl, f"a table with one or more of {', '.join(COMPLETENESS_KEYS)}")
            continue
        v.known(decl, where, set(COMPLETENESS_KEYS))
        values = {k: decl.get(k) for k in COMPLETENESS_KEYS}
        for name, value in values.items():
            if value is not None and not (isinstance(value, str) and value):
                v.error(f"{where}.{name}", value, "a field path such as `page.total`")
                values[name] = None
        if values["items"] and not values["total"]:
            v.error(f"{where}.items", values["items"], "`items` together with `total`")
        if not any(values.values()):
            v.error(where, decl, f"one or more of {', '.join(COMPLETENESS_KEYS)}")
            continue
        completeness[tool] = Completeness(**values)
    return CallSettings(arguments=arguments, read_only=tuple(read_only),
                        completeness=completeness)
