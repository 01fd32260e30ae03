"""Mutations of JSON data and bytes: what the hostile-input tests put in parity's way.

A mutation replaces a value with one of another type or a hostile one, removes a key, puts a
JSON Schema keyword with a hostile value anywhere, or cuts or splices the bytes. Searches
with mutations like these found the bugs ``test_mutated_files`` and ``test_mutated_servers``
hold fixed.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

#: values a mutation puts in place of another
HOSTILE: list[Any] = [
    None, True, 0, -1, 1.5, -0.0, 1e308, 2**53, "", "x", "\x00", "\ud800", "a" * 3000, [], {},
    [None], {"": None}, {"$ref": "#"}, ["string", "string"], "in.unknown", "a.b[]", '"q"']
#: JSON Schema keywords and hostile values for them (put anywhere in a tools file)
KEYWORDS = ["$ref", "$id", "$anchor", "$defs", "anyOf", "oneOf", "allOf", "not", "items",
            "prefixItems", "properties", "patternProperties", "additionalProperties",
            "required", "type", "enum", "const", "pattern", "format", "minimum", "default"]
SCHEMA_VALUES: list[Any] = [
    *HOSTILE, "#", "#/$defs/a", "#/properties/x", "http://127.0.0.1:1/x.json", "(?P<x",
    ["string", "null"], [{"type": "string"}, {"properties": {"a": {}}}], {"a": {"$ref": "#"}},
    {"[a]": {}}, {"type": "object", "properties": {"x": {"$ref": "#"}}}]
SPLICES = [b"", b"\xff\xfe", b"\xef\xbb\xbf", b"\x00", b"\\u0000", b'"', b"{", b"]", b"\n"]


def containers(value: Any) -> list[Any]:
    found, todo = [], [value]
    while todo:
        node = todo.pop()
        if isinstance(node, (dict, list)):
            found.append(node)
            todo.extend(node.values() if isinstance(node, dict) else node)
    return found


def mutate_data(data: Any, rnd: random.Random, values: list[Any],
                keys: list[str]) -> Any:
    for _ in range(rnd.randint(1, 3)):
        # the top level a quarter of the time: what a file's own keys hold (its format, its
        # tools) is as hostile as what lies deep
        node = data if rnd.random() < 0.25 else rnd.choice(containers(data) or [data])
        if isinstance(node, dict):
            key = rnd.choice([*node, *keys]) if node else rnd.choice(keys)
            if key in node and rnd.random() < 0.3:
                del node[key]
            else:
                node[key] = copy.deepcopy(rnd.choice(values))
        elif isinstance(node, list) and node:
            node[rnd.randrange(len(node))] = copy.deepcopy(rnd.choice(values))
    return data


def mutate(raw: bytes, rnd: random.Random, *, schema: bool, parsed: bool) -> bytes:
    if parsed and rnd.random() < 0.75:
        values, keys = (SCHEMA_VALUES, KEYWORDS) if schema else (HOSTILE, ["format", "x"])
        data = mutate_data(json.loads(raw), rnd, values, keys)
        # a lone surrogate unescaped: bytes that are not UTF-8, as a hostile writer sends
        return json.dumps(data, ensure_ascii=rnd.random() < 0.5).encode("utf-8", "surrogatepass")
    cut = rnd.randrange(len(raw) + 1)
    if rnd.random() < 0.5:
        return raw[:cut]
    return raw[:cut] + rnd.choice(SPLICES) + raw[cut + 1:]
