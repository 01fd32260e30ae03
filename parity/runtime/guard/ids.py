"""Tool ids in arguments: the values at a pair's configured ``id_paths`` must name tools of
the server, as it lists them, before the call is sent.

The build-time rule ``ids.unknown`` reads what an agent's schema and observed output say it
sends; where they say nothing (a plain string), this check sees the values themselves. A
value that names a tool under another form is shown with the id it would match
(``workflow-mcp:check_phases`` -> ``check_phases``); any other value is not shown (it is no
tool id, and arguments may hold secrets).
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping
from typing import Any

from parity.core.terminal import code_span
from parity.fieldpaths.fieldpath import ITEMS, VALUES, Index, Prop, Steps, parse
from parity.fieldpaths.toolid import guess_forms


def values_at(value: Any, steps: Steps) -> Iterator[Any]:
    """Every value of ``value`` at the field path ``steps`` (``[]`` and ``{}`` fan out)."""
    if not steps:
        yield value
        return
    step, rest = steps[0], steps[1:]
    if isinstance(step, Prop):
        if isinstance(value, Mapping) and step.name in value:
            yield from values_at(value[step.name], rest)
    elif isinstance(step, Index):
        if isinstance(value, list) and step.position < len(value):
            yield from values_at(value[step.position], rest)
    elif step is ITEMS:
        if isinstance(value, list):
            for item in value:
                yield from values_at(item, rest)
    elif step is VALUES and isinstance(value, Mapping):
        for item in value.values():
            yield from values_at(item, rest)


def check_ids(arguments: Mapping[str, Any], id_paths: Collection[str],
              tools: Collection[str]) -> str | None:
    """Why ``arguments`` hold a tool id at one of ``id_paths`` that names none of ``tools``
    (the server's tool names), or None."""
    known = tools if isinstance(tools, (set, frozenset)) else set(tools)
    for path in sorted(id_paths):
        for value in values_at(arguments, parse(path)):
            if not isinstance(value, str) or value in known:
                continue
            guesses = guess_forms(value, known, None, case_insensitive=False)
            if guesses:
                return (f"arguments at {code_span(path)} name the tool id {code_span(value)}, "
                        "which is no tool of this server in its id form: "
                        f"{code_span(value)} -> {code_span(guesses[0][2])}")
            return (f"arguments at {code_span(path)} hold a value that names no tool of this "
                    "server (a configured tool-id path, `id_paths`)")
    return None


__all__ = ["check_ids", "values_at"]
