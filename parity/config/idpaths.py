"""``id_paths``: the field paths of a pair whose values are tool ids of its server.

``[tool.parity.pairs.NAME] id_paths = ["phases[].tools[]"]`` names nodes of the field-path
grammar (docs/field-paths.md). Each is read here, at configuration load, and kept as parity
prints it, so ``phases."tools"[]`` and ``phases.tools[]`` are one path. Whether a path
exists in the pair's manifests is known only when they are read: the differ checks that
(``parity.contract.ids_config``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, Protocol

from parity.config.model import PairConfig, ServerConfig
from parity.errors import ParityError
from parity.fieldpaths.fieldpath import parse, render

EXPECTED = "a list of field paths such as \"phases[].tools[]\" (docs/field-paths.md)"


class _Errors(Protocol):
    def error(self, key: str, value: Any, expected: str) -> None: ...


def parse_id_paths(v: _Errors, raw: Mapping[str, Any], key: str) -> tuple[str, ...]:
    """The pair's ``id_paths``, each as parity prints it, sorted; mistakes go to ``v``."""
    value = raw.get("id_paths", [])
    where = f"{key}.id_paths"
    if not isinstance(value, list):
        v.error(where, value, EXPECTED)
        return ()
    paths: set[str] = set()
    for i, text in enumerate(value):
        if not isinstance(text, str) or not text:
            v.error(f"{where}[{i}]", text, "a field path of a value (not the root)")
            continue
        try:
            steps = parse(text)
        except ParityError as exc:
            v.error(f"{where}[{i}]", text, f"a field path ({exc.message})")
            continue
        paths.add(render(steps))
    return tuple(sorted(paths))


def serving(servers: Mapping[str, ServerConfig], pairs: Mapping[str, PairConfig]
            ) -> tuple[dict[str, ServerConfig], dict[str, PairConfig]]:
    """The servers and pairs, each server given the ``id_paths`` of every pair it serves (a
    named server may serve several; an inline one serves its own pair), so that a client
    connected from a ``ServerConfig`` guards them at call time."""
    of_named: dict[str, set[str]] = {}
    for pair in pairs.values():
        if servers.get(pair.server.name) is pair.server:
            of_named.setdefault(pair.server.name, set()).update(pair.id_paths)
    named = {name: _with(server, of_named.get(name, ())) for name, server in servers.items()}
    return named, {
        name: dataclasses.replace(pair, server=named[pair.server.name]
                                  if servers.get(pair.server.name) is pair.server
                                  else _with(pair.server, pair.id_paths))
        for name, pair in pairs.items()}


def _with(server: ServerConfig, id_paths: Any) -> ServerConfig:
    paths = tuple(sorted(id_paths))
    return server if paths == server.id_paths else dataclasses.replace(server, id_paths=paths)
