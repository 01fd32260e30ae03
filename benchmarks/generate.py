"""Seeded, deterministic tool catalogs for the benchmarks: agent/server pairs with a known
number of differences.

Every tool is built from its own ``random.Random(f"{seed}:{index}")``, so the first 100 tools
of the 1,000-tool catalog are the 100-tool catalog: growing the catalog grows the work, not
its kind. Schemas mix what real tool schemas hold: nested objects, arrays of objects, maps
(``additionalProperties`` and ``patternProperties``), ``$defs`` reached through ``$ref``,
unions (``anyOf`` with ``null``, discriminated ``oneOf``), ``allOf``, a few recursive types,
non-ASCII property names (some above U+FFFF, some in U+E000-U+FFFF, where UTF-16 order and
code-point order disagree) and float defaults, bounds and enums (for the hash rows: RFC 8785
sorts keys by UTF-16 code units and prints floats in ECMAScript form).

The server side is the catalog as generated. The agent side is the same catalog in the
agent's own words (other descriptions: no finding, but no tool is equal on both sides, so a
differ cannot skip equal tools), with one *mutation* applied to every ``mutate_every``-th
tool. Each mutation is built to produce exactly one finding of a known rule and path, so
``Pair.expected_keys`` is what a correct differ reports; the benchmark checks every timed
call against it.

Run ``python benchmarks/generate.py 1000 OUT_DIR`` to write ``agent.json`` and
``server.json`` (``tools/list`` results) for a look at the data.
"""

from __future__ import annotations

import copy
import json
import random
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

SEED = 8

_WORDS = ("account", "branch", "cursor", "dataset", "entry", "filter", "group", "host",
          "issue", "job", "key", "label", "member", "node", "owner", "page", "query", "repo",
          "scope", "token", "user", "value", "window", "zone")
_NON_ASCII = ("café", "größe", "naïve", "日付", "ключ", "é\u0301", "😀emoji", "Ω", "\uff21wide",
              "\ufb01le")
_FORMATS = ("date-time", "uri", "email", "uuid")

#: mutation kind -> the rule of the one finding it produces
MUTATIONS: dict[str, str] = {
    "unknown_field": "in.unknown",
    "retyped_field": "in.type",
    "extra_enum_value": "in.enum",
    "new_required": "in.missing-required",
    "missing_tool": "tool.missing",
    "undeclared_output": "out.undeclared",
    "output_missing": "out.missing",
    "output_retyped": "out.type",
}


@dataclass
class Pair:
    """An agent/server pair of raw tool definitions with a known number of differences."""

    agent: list[dict[str, Any]]
    server: list[dict[str, Any]]
    #: rule id -> number of findings a correct differ reports
    expected: Counter[str]
    #: the (tool, rule, path) key of every finding a correct differ reports
    expected_keys: list[tuple[str, str, str]]

    @property
    def expected_total(self) -> int:
        return sum(self.expected.values())


# -- schema pieces -------------------------------------------------------------------------


def _scalar(rng: random.Random, *, floats: bool = True) -> dict[str, Any]:
    kind = rng.choice(("string", "string", "integer", "number", "boolean", "enum",
                       "format", "nullable"))
    if kind == "string":
        s: dict[str, Any] = {"type": "string", "description": f"The {rng.choice(_WORDS)}."}
        if rng.random() < 0.3:
            s["maxLength"] = rng.randint(8, 256)
        return s
    if kind == "integer":
        return {"type": "integer", "minimum": 0, "default": rng.randint(1, 100)}
    if kind == "number":
        s = {"type": "number"}
        if floats:
            s["default"] = rng.choice((0.1, 1e-7, 2.5, 1e21, 123.456, -0.0))
            s["maximum"] = rng.choice((1.5, 99.99, 3.0e10))
        return s
    if kind == "boolean":
        return {"type": "boolean", "default": rng.random() < 0.5}
    if kind == "enum":
        values = rng.sample(_WORDS, rng.randint(2, 5))
        if floats and rng.random() < 0.3:
            return {"type": "number", "enum": [0.5, 1.25, 2.0, 1e-6]}
        return {"type": "string", "enum": values}
    if kind == "format":
        return {"type": "string", "format": rng.choice(_FORMATS)}
    return {"anyOf": [{"type": rng.choice(("string", "integer"))}, {"type": "null"}],
            "default": None}


def _name(rng: random.Random, used: set[str]) -> str:
    while True:
        if rng.random() < 0.06:
            name = rng.choice(_NON_ASCII) + str(rng.randint(0, 9))
        else:
            name = f"{rng.choice(_WORDS)}_{rng.choice(_WORDS)}"
        if name not in used:
            used.add(name)
            return name


def _object(rng: random.Random, depth: int, defs: dict[str, Any], *,
            width: tuple[int, int] = (2, 6)) -> dict[str, Any]:
    used: set[str] = set()
    props: dict[str, Any] = {}
    for _ in range(rng.randint(*width)):
        props[_name(rng, used)] = _node(rng, depth + 1, defs)
    required = sorted(n for n in props if rng.random() < 0.4)
    obj: dict[str, Any] = {"type": "object", "properties": props}
    if required:
        obj["required"] = required
    if rng.random() < 0.5:
        obj["additionalProperties"] = False
    return obj


def _node(rng: random.Random, depth: int, defs: dict[str, Any]) -> dict[str, Any]:
    if depth >= 3:
        return _scalar(rng)
    r = rng.random()
    if r < 0.55:
        return _scalar(rng)
    if r < 0.65:
        return _object(rng, depth, defs)
    if r < 0.73:  # array of objects
        return {"type": "array", "items": _object(rng, depth + 1, defs, width=(1, 4))}
    if r < 0.77:
        return {"type": "array", "items": _scalar(rng)}
    if r < 0.82:  # map
        if rng.random() < 0.7:
            return {"type": "object", "additionalProperties": _scalar(rng)}
        return {"type": "object", "patternProperties": {"^x-": {"type": "string"},
                                                         "^[0-9]+$": _scalar(rng)}}
    if r < 0.90:  # a shared definition through $ref
        name = f"{rng.choice(_WORDS).title()}{rng.randint(0, 3)}"
        if name not in defs:
            defs[name] = {}  # reserve it first: a nested definition may pick the same name
            defs[name] = _object(rng, depth + 1, defs, width=(1, 4))
        return {"$ref": f"#/$defs/{name}"}
    if r < 0.94:  # discriminated union of two objects
        return {"oneOf": [
            {"type": "object", "properties": {"kind": {"const": "a"}, "a": _scalar(rng)},
             "required": ["kind", "a"]},
            {"type": "object", "properties": {"kind": {"const": "b"}, "b": _scalar(rng)},
             "required": ["kind"]},
        ]}
    if r < 0.97:  # Optional[Model] as pydantic spells it
        return {"anyOf": [_object(rng, depth + 1, defs, width=(1, 3)), {"type": "null"}]}
    return {"allOf": [_object(rng, depth + 1, defs, width=(1, 2)),
                      {"properties": {"note": {"type": "string"}}}]}


_TREE = {
    "type": "object",
    "properties": {
        "label": {"type": "string"},
        "weight": {"type": "number", "default": 0.5},
        "children": {"type": "array", "items": {"$ref": "#/$defs/Tree"}},
    },
    "required": ["label"],
}


def _input_schema(rng: random.Random) -> dict[str, Any]:
    defs: dict[str, Any] = {}
    schema = _object(rng, 0, defs, width=(2, 9))
    props = schema["properties"]
    # fixed probes the mutations act on: every tool has them
    props["mode"] = {"type": "string", "enum": ["fast", "full"], "default": "fast"}
    props["limit"] = {"type": "integer", "minimum": 1, "maximum": 500}
    props["query"] = {"type": "string", "description": "What to look for."}
    schema["required"] = sorted({*schema.get("required", ()), "query"})
    schema["additionalProperties"] = False
    if rng.random() < 0.05:  # a few recursive types
        defs["Tree"] = copy.deepcopy(_TREE)
        props["tree"] = {"$ref": "#/$defs/Tree"}
    if defs:
        schema["$defs"] = defs
    return schema


def _output_schema(rng: random.Random) -> dict[str, Any]:
    defs: dict[str, Any] = {}
    schema = _object(rng, 1, defs, width=(1, 5))
    schema["properties"]["count"] = {"type": "integer"}
    schema["required"] = sorted({*schema.get("required", ()), "count"})
    if defs:
        schema["$defs"] = defs
    return schema


def tool(seed: int, index: int) -> dict[str, Any]:
    """Tool number ``index`` of every catalog generated with ``seed``."""
    rng = random.Random(f"{seed}:{index}")
    name = f"{rng.choice(_WORDS)}_{rng.choice(_WORDS)}_{index}"
    definition: dict[str, Any] = {
        "name": name,
        "title": name.replace("_", " ").title(),
        "description": f"Tool {index}: finds every {rng.choice(_WORDS)} of a "
                       f"{rng.choice(_WORDS)} (généré, seed {seed}).",
        "inputSchema": _input_schema(rng),
    }
    if rng.random() < 0.6:
        definition["outputSchema"] = _output_schema(rng)
    if rng.random() < 0.5:
        definition["annotations"] = {"readOnlyHint": rng.random() < 0.5,
                                     "destructiveHint": False}
    return definition


def catalog(n: int, *, seed: int = SEED) -> list[dict[str, Any]]:
    """``n`` raw tool definitions (MCP wire JSON)."""
    return [tool(seed, i) for i in range(n)]


# -- mutations -----------------------------------------------------------------------------


def _mutate(kind: str, agent: dict[str, Any], server: dict[str, Any]) -> str | None:
    """Apply one mutation in place and return the field path of its finding; ``None`` when
    this tool cannot take it."""
    a_in, s_in = agent["inputSchema"], server["inputSchema"]
    if kind == "unknown_field":  # the server's root is closed: an error
        a_in["properties"]["unexpected_field"] = {"type": "string"}
        return "unexpected_field"
    elif kind == "retyped_field":
        a_in["properties"]["limit"] = {"type": "string"}
        return "limit"
    elif kind == "extra_enum_value":
        a_in["properties"]["mode"] = {"type": "string", "enum": ["fast", "full", "turbo"]}
        return "mode"
    elif kind == "new_required":  # the agent sends `limit` only optionally
        s_in["required"] = sorted({*s_in["required"], "limit"})
        return "limit"
    elif kind == "missing_tool":
        agent["name"] = "ghost_" + agent["name"]
        return ""
    elif kind == "undeclared_output":
        if "outputSchema" not in server:
            return None
        del server["outputSchema"]
        return ""
    elif kind == "output_missing":
        if "outputSchema" not in agent:
            return None
        agent["outputSchema"]["properties"]["never_returned"] = {"type": "string"}
        return "never_returned"
    elif kind == "output_retyped":  # the server may return a float where an integer is read
        if "outputSchema" not in server:
            return None
        server["outputSchema"]["properties"]["count"] = {"type": "number"}
        return "count"
    raise ValueError(kind)


#: what the agent's side says instead of the server's descriptions
AGENT_TOOL_DESCRIPTION = "The agent's stand-in for {name}."
AGENT_ROOT_DESCRIPTION = "Arguments as the agent builds them."


def agent_words(definition: dict[str, Any]) -> None:
    """The agent side's own descriptions (of the tool, of its arguments object): they change
    no contract, so they add no finding, but no table is equal on both sides either."""
    definition["description"] = AGENT_TOOL_DESCRIPTION.format(name=definition["name"])
    definition["inputSchema"]["description"] = AGENT_ROOT_DESCRIPTION


def pair(n: int, *, seed: int = SEED, mutate_every: int = 20) -> Pair:
    """``n`` tools on each side; every ``mutate_every``-th tool differs in one known way."""
    server = catalog(n, seed=seed)
    agent = copy.deepcopy(server)
    for a in agent:  # the agent words things its own way: no tool is byte-equal on both sides
        agent_words(a)
    expected: Counter[str] = Counter()
    keys: list[tuple[str, str, str]] = []
    kinds = list(MUTATIONS)
    k = 0
    for i in range(0, n, mutate_every):
        for _ in range(len(kinds)):  # the next kind this tool can take
            kind = kinds[k % len(kinds)]
            k += 1
            path = _mutate(kind, agent[i], server[i])
            if path is not None:
                expected[MUTATIONS[kind]] += 1
                keys.append((agent[i]["name"], MUTATIONS[kind], path))
                break
    return Pair(agent=agent, server=server, expected=expected, expected_keys=sorted(keys))


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print("usage: python benchmarks/generate.py N OUT_DIR", file=sys.stderr)
        return 2
    n, out = int(argv[0]), Path(argv[1])
    p = pair(n)
    out.mkdir(parents=True, exist_ok=True)
    for side in ("agent", "server"):
        (out / f"{side}.json").write_text(
            json.dumps({"tools": getattr(p, side)}, ensure_ascii=False, indent=1) + "\n",
            encoding="utf-8")
    print(f"{n} tools per side, {p.expected_total} known differences: {dict(p.expected)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
