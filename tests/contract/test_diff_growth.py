"""The differ's work grows with what it compares, not with its square (docs/security.md,
"The differ"): for each family of differences, the Python lines the diff executes for an
object of 16 keys (or a catalog of 16 tools) and of 64. Linear work grows about 4x; a
scan of the object once a key grows toward 16x, and the growth allowed, 5x, sits between:
at ``387a54c`` these families grew 6.7x to 10x (the patterns' 4.0x: drawn again once a
field, linear, which ``test_constraints`` counts), and now 3.1x to 3.9x on Python 3.10,
3.11 and 3.13 alike. Counted by ``tests.linecount``, never a clock."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from parity.contract.diff import diff_manifests
from parity.fieldpaths.manifest import Manifest
from parity.fieldpaths.tooldefs import manifest_from_definitions
from tests.linecount import lines_run

#: the most the lines executed may grow from 16 to 64 keys or tools
MOST = 5.0
S, I = {"type": "string"}, {"type": "integer"}  # noqa: E741 - reads as a type name


def obj(props: dict[str, Any], required: list[str] | tuple[str, ...] = (),
        closed: bool = False) -> dict[str, Any]:
    schema = {"type": "object", "properties": props, "required": list(required)}
    return {**schema, "additionalProperties": False} if closed else schema


def one(in_: dict[str, Any], out: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    tool: dict[str, Any] = {"name": "t", "inputSchema": in_}
    return [tool] if out is None else [{**tool, "outputSchema": out}]


Pair = tuple[list[dict[str, Any]], list[dict[str, Any]], tuple[str, ...]]


def _keys(k: int) -> tuple[list[str], list[str]]:
    return [f"a{i}" for i in range(k)], [f"b{i}" for i in range(k)]


def closed_object(k: int) -> Pair:  # in.unknown and in.missing-required, with rename hints
    a, b = _keys(k)
    return one(obj(dict.fromkeys(a, S))), one(obj(dict.fromkeys(b, S), b, closed=True)), ()


def missing_output(k: int) -> Pair:  # out.missing, with hints
    a, b = _keys(k)
    return one(obj({}), obj(dict.fromkeys(a, S), a)), one(obj({}), obj(dict.fromkeys(b, S))), ()


def named_map(k: int) -> Pair:  # out.missing on a map whose propertyNames name other keys
    a, b = _keys(k)
    server_map = {"type": "object", "propertyNames": {"enum": b}, "additionalProperties": I}
    return (one(obj({}), obj({"m": obj(dict.fromkeys(a, S), a)})),
            one(obj({}), obj({"m": server_map})), ())


def tagged_union(k: int) -> Pair:  # in.unknown into a tagged union, one variant open
    a, b = _keys(k)
    agent = obj({"kind": {"const": "v0"}, **dict.fromkeys(a, S)}, ["kind", *a[:k // 2]])
    server = {"oneOf": [obj({"kind": {"const": "v0"}, "z": S}, ["kind"]),
                        obj({"kind": {"const": "v1"}, **dict.fromkeys(b, S)},
                            ["kind", *b[:k // 2]], closed=True)]}
    return one(obj({"x": agent})), one(obj({"x": server})), ()


def open_variant_below(k: int) -> Pair:  # in.type softened by an open variant (_ignored)
    a, _ = _keys(k)
    server = {"anyOf": [obj({"o": obj(dict.fromkeys(a, S), closed=True)}, closed=True),
                        obj({"o": obj({"z": S})})]}
    return one(obj({"x": obj({"o": obj(dict.fromkeys(a, I))})})), one(obj({"x": server})), ()


def keysets(k: int) -> Pair:  # a oneOf of closed objects taking different keys
    a, b = _keys(k)
    halves = (b[:k // 2], b[k // 2:])
    server = {"oneOf": [obj(dict.fromkeys(half, S), half, closed=True) for half in halves]}
    return one(obj({"x": obj(dict.fromkeys(a, S))})), one(obj({"x": server})), ()


def patterns(k: int) -> Pair:  # in.constraint: one pattern's witness for every field
    a, _ = _keys(k)
    agent = {n: {"type": "string", "maxLength": 100, "pattern": "^[a-z]+$"} for n in a}
    return one(obj(agent)), one(obj({n: {"type": "string", "maxLength": 10} for n in a})), ()


def configured_ids(k: int) -> Pair:  # ids.unknown on id_paths, k tools with a wrong id each
    def tools(value: Callable[[int], str]) -> list[dict[str, Any]]:
        return [{"name": f"step_{i}", "inputSchema": obj({"next": {"type": "string",
                                                                    "default": value(i)}})}
                for i in range(k)]
    return tools(lambda i: f"nothing {i}"), tools(lambda i: f"step_{i}"), ("next",)


FAMILIES = [closed_object, missing_output, named_map, tagged_union, open_variant_below,
            keysets, patterns, configured_ids]


def _sides(pair: Pair) -> tuple[Manifest, Manifest]:
    agent, server, _ = pair
    return (manifest_from_definitions(agent, side="agent", source="agent.json"),
            manifest_from_definitions(server, side="server", source="server.json"))


def lines_executed(pair: Pair) -> int:
    """The Python lines one diff of ``pair`` executes (after an uncounted one, which pays
    the imports and the regular expressions' compiling)."""
    id_paths = pair[2]
    diff_manifests(*_sides(pair), id_paths=id_paths)
    agent, server = _sides(pair)
    count, found = lines_run(lambda: diff_manifests(agent, server, id_paths=id_paths))
    assert found  # every family differs
    return count


@pytest.mark.parametrize("family", FAMILIES, ids=lambda f: f.__name__)
def test_the_diffs_work_grows_linearly_with_keys_and_tools(family: Callable[[int], Pair]):
    small, large = lines_executed(family(16)), lines_executed(family(64))
    assert large <= MOST * small, f"{family.__name__}: {small} lines at 16, {large} at 64"
