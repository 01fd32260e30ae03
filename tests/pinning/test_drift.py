"""Drift explanation: words and the stable JSON shape."""

from __future__ import annotations

import copy
import json

import pytest

from parity.pinning import drift as D
from parity.pinning import lock as L

V1 = [
    {"name": "search", "description": "Search.",
     "inputSchema": {"type": "object", "properties": {
         "q": {"type": "string", "description": "what to look for"},
         "days": {"type": "integer"},
         "units": {"type": "string", "enum": ["c", "k"]},
         "n": {"type": "integer", "minimum": 1}}, "required": ["q"]},
     "annotations": {"readOnlyHint": True}},
    {"name": "forecast", "inputSchema": {"type": "object"}},
    {"name": "old_name", "inputSchema": {"type": "object", "properties": {"x": {}}}},
]


def _v2() -> list[dict]:
    v2 = copy.deepcopy(V1)
    props = v2[0]["inputSchema"]["properties"]
    props["query"] = props.pop("q")
    props["days"]["type"] = "string"
    props["units"]["enum"] = ["c", "r"]
    props["n"]["minimum"] = 3
    props["limit"] = {"type": "integer"}
    v2[0]["inputSchema"]["required"] = ["query", "days"]
    v2[0]["outputSchema"] = {"type": "object"}
    v2[0]["description"] = "Search better."
    v2[2]["name"] = "new_name"
    v2.pop(1)
    v2.append({"name": "alerts", "description": "Alerts.", "inputSchema": {"type": "object"}})
    return v2


def test_explains_every_kind_of_change() -> None:
    d = D.compare(L.build("w", V1), L.build("w", _v2()), lock_file="w.lock.json")
    assert d.refused and d.withheld() == ("alerts", "forecast", "new_name", "old_name",
                                          "search")
    assert d.render_text() == """\
server 'w': 4 tools differ from the lock (w.lock.json): refused
  added    'alerts'
  removed  'forecast'
  renamed  'old_name' -> 'new_name' (same definition otherwise)
  changed  'search'
    in: `days` became required
    in: retyped `days`: integer -> string
    in: added `limit` (integer, optional)
    in: renamed `q` -> `query` (likely: same type and description)
    in: enum of `units`: removed "k"; added "r"
    in: minimum of `n`: 1 -> 3
    out: schema added (object)
    surface: description: "Search." -> "Search better."
"""
    doc = json.loads(json.dumps(d.to_json()))
    assert doc["format"] == "parity.drift/1"
    search = next(t for t in doc["tools"] if t["name"] == "search")
    assert {"direction": "in", "change": "renamed", "path": "query", "before": "q",
            "after": "query"} in search["fields"]
    assert {"direction": "in", "change": "constraint", "path": "n", "keyword": "minimum",
            "before": 1, "after": 3} in search["fields"]
    assert search["surface"] == [{"field": "description", "before": "Search.",
                                  "after": "Search better."}]


def test_surface_only_changes_follow_the_policy() -> None:
    v2 = copy.deepcopy(V1)
    v2[0]["inputSchema"]["properties"]["q"]["description"] = "the query, in words"
    v2[0]["annotations"] = {"readOnlyHint": True, "title": "Find"}
    locked, live = L.build("w", V1), L.build("w", v2)
    refuse = D.compare(locked, live)
    (change,) = refuse.changes
    assert change.surface_only and not change.fields
    assert [s.field for s in change.surface] == ["annotations.title", "in:q.description"]
    assert refuse.refused and "(surface only)" in refuse.render_text()
    warn = D.compare(locked, live, surface_policy="warn")
    assert warn.drifted and not warn.refused and warn.withheld() == ()


def test_no_drift_is_quick_and_quiet() -> None:
    d = D.compare(L.build("w", V1), L.build("w", list(reversed(V1))))
    assert not d.drifted and d.render_text() == "server 'w': tools match the lock\n"


def test_nested_and_unmodelled_changes_still_explained() -> None:
    a = {"name": "t", "inputSchema": {"type": "object", "$defs": {"P": {"type": "string",
                                                                        "maxLength": 3}},
                                      "properties": {"p": {"$ref": "#/$defs/P"},
                                                     "o": {"type": "object", "properties": {
                                                         "x": {"type": "string"}}}}}}
    b = copy.deepcopy(a)
    b["inputSchema"]["$defs"]["P"]["maxLength"] = 5
    b["inputSchema"]["properties"]["o"]["properties"]["y"] = {"type": "string"}
    b["inputSchema"]["properties"]["o"]["additionalProperties"] = False
    (change,) = D.compare(L.build("w", [a]), L.build("w", [b])).changes
    words = [f.words() for f in change.fields]
    assert words == ["in: `o` now rejects unknown keys", "in: added `o.y` (string, optional)",
                     "in: maxLength of `/$defs/P`: 3 -> 5"]


def test_a_definition_no_field_reaches_is_explained_and_an_equal_number_is_no_change(
        ) -> None:
    """A ``$defs`` entry that comes or goes changes the contract: the explanation says so at
    its pointer. ``1.0`` and ``1`` hash alike, so a real change beside them lists only it."""
    a = {"name": "t", "inputSchema": {"type": "object", "$defs": {"P": {"type": "string"}},
                                      "properties": {"p": {"$ref": "#/$defs/P"},
                                                     "n": {"type": "integer", "minimum": 1.0}}}}
    b = copy.deepcopy(a)
    b["inputSchema"]["$defs"]["Unused"] = {"type": "integer"}
    b["inputSchema"]["properties"]["n"]["minimum"] = 1
    (change,) = D.compare(L.build("w", [a]), L.build("w", [b])).changes
    assert [f.words() for f in change.fields] == [
        'in: Unused of `/$defs`: (absent) -> {"type": "integer"}']
    (back,) = D.compare(L.build("w", [b]), L.build("w", [a])).changes
    assert [f.words() for f in back.fields] == [
        'in: Unused of `/$defs`: {"type": "integer"} -> (absent)']


def test_a_null_input_schema_is_named_in_the_explanation() -> None:
    """A real server flipped get_me's inputSchema between null and {"type": "object"}."""
    null = {"name": "get_me", "description": "Me.", "inputSchema": None}
    typed = {**null, "inputSchema": {"type": "object"}}
    for before, after, shown in ((null, typed, 'null -> {"type": "object"}'),
                                 (typed, null, '{"type": "object"} -> null')):
        d = D.compare(L.build("w", [before]), L.build("w", [after]))
        (change,) = d.changes
        assert [f.words() for f in change.fields] == [f"in: inputSchema of (root): {shown}"]
        assert "inputSchema" in d.render_text()


def _with_execution(execution: object) -> dict:
    tool = copy.deepcopy(V1[1])
    if execution is not D.MISSING:
        tool["execution"] = execution
    return tool


@pytest.mark.parametrize(("before", "after", "lost"), [
    (D.MISSING, {"taskSupport": "required"}, ("plain",)),
    ({"taskSupport": "forbidden"}, {"taskSupport": "required"}, ("plain",)),
    ({"taskSupport": "optional"}, {"taskSupport": "required"}, ("plain",)),
    ({"taskSupport": "optional"}, D.MISSING, ("task",)),
    ({"taskSupport": "required"}, {"taskSupport": "forbidden"}, ("task",)),
    ({"taskSupport": "required"}, {"taskSupport": "optional"}, ()),
    (D.MISSING, {"taskSupport": "optional"}, ()),
    (D.MISSING, {}, ()),  # an empty execution, a null taskSupport: the default, forbidden
    ({"taskSupport": None}, {"taskSupport": "forbidden"}, ()),
    # a value no protocol version names: nothing is known to work any more
    (D.MISSING, {"taskSupport": "sometimes"}, ("plain",)),
    ({"taskSupport": "optional"}, "required", ("plain", "task")),
    ({"taskSupport": "sometimes"}, {"taskSupport": "optional"}, ()),
])
def test_a_surface_change_that_takes_a_way_of_calling_away_is_refused_under_warn(
        before, after, lost) -> None:
    locked = L.build("w", [_with_execution(before)])
    live = L.build("w", [_with_execution(after)])
    warn = D.compare(locked, live, surface_policy="warn")
    (change,) = warn.changes
    assert change.surface_only and change.calls_lost == lost
    assert change.to_json()["calls_lost"] == list(lost)
    assert warn.withheld() == (("forecast",) if lost else ())
    calls = [line for line in warn.render_text().splitlines() if "calls:" in line]
    assert len(calls) == len(lost)
    assert D.compare(locked, live).withheld() == ("forecast",)  # refuse: any change


def test_a_union_that_comes_to_require_another_key_is_explained_as_its_choice() -> None:
    """A union of objects that requires one of several keys (GitHub's review comment: a
    `line` or a `position`) is one no field alone shows: its choice is named."""
    def comment(key: str) -> dict:
        return {"type": "object", "required": [key], "properties": {
            "line": {"type": "integer"}, "position": {"type": "integer"},
            "side": {"type": "string"}}}

    a = {"name": "t", "inputSchema": {"type": "object", "properties": {"c": {
        "anyOf": [comment("line"), comment("position")]}}}}
    b = copy.deepcopy(a)
    b["inputSchema"]["properties"]["c"]["anyOf"].append(comment("side"))
    (change,) = D.compare(L.build("w", [a]), L.build("w", [b])).changes
    assert [f.words() for f in change.fields if f.change == "choice"] == [
        "in: `c` requires one of: `line` | `position` -> `line` | `position` | `side`"]
    assert change.fields[0].to_json()["before"] == [["line"], ["position"]]
    b["inputSchema"]["properties"]["c"]["anyOf"].append({"type": "object"})
    (change,) = D.compare(L.build("w", [a]), L.build("w", [b])).changes
    assert [f.words() for f in change.fields if f.change == "choice"] == [
        "in: `c` requires one of: `line` | `position` -> nothing"]


def test_a_union_of_closed_objects_that_takes_another_key_apart_is_explained() -> None:
    def closed(key: str) -> dict:
        return {"type": "object", "additionalProperties": False, "required": [key],
                "properties": {key: {"type": "integer"}}}

    a = {"name": "t", "inputSchema": {"type": "object", "properties": {"c": {
        "anyOf": [closed("line"), closed("position")]}}}}
    b = copy.deepcopy(a)
    b["inputSchema"]["properties"]["c"]["anyOf"].append(closed("side"))
    (change,) = D.compare(L.build("w", [a]), L.build("w", [b])).changes
    assert [f.words() for f in change.fields if f.change == "keysets"] == [
        "in: `c` takes the keys of one of: `line` | `position` -> `line` | `position` | `side`"]


def test_a_server_that_comes_to_take_one_key_or_the_other_never_both_is_explained() -> None:
    """`anyOf` of requirements (one or both) became `oneOf` (exactly one): the paths, their
    types and the choice are the same; the keysets tell it."""
    def source(keyword: str) -> dict:
        return {"name": "t", "inputSchema": {"type": "object", "properties": {"s": {
            "type": "object", "properties": {"url": {"type": "string"},
                                             "path": {"type": "string"}},
            keyword: [{"required": ["url"]}, {"required": ["path"]}]}}}}

    (change,) = D.compare(L.build("w", [source("anyOf")]),
                          L.build("w", [source("oneOf")])).changes
    assert [f.words() for f in change.fields] == [
        "in: `s` takes the keys of one of: nothing -> `path` | `url`",
        'in: anyOf of `s`: [{"required": ["url"]}, {"required": ["path"]}] -> (absent)',
        'in: oneOf of `s`: (absent) -> [{"required": ["url"]}, {"required": ["path"]}]']


def test_a_union_of_a_closed_and_an_open_object_that_swap_their_keys_is_explained() -> None:
    """The closed variant now requires what the open one did, and the other way round: the
    choice is as it was; only the shapes tell which one refuses what."""
    def obj(key: str, closed: bool) -> dict:
        return {"type": "object", "required": [key], "properties": {
            "a": {"type": "string"}, "b": {"type": "string"}},
            **({"additionalProperties": False} if closed else {})}

    a = {"name": "t", "inputSchema": {"type": "object", "properties": {"c": {
        "anyOf": [obj("a", True), obj("b", False)]}}}}
    b = copy.deepcopy(a)
    b["inputSchema"]["properties"]["c"]["anyOf"] = [obj("b", True), obj("a", False)]
    (change,) = D.compare(L.build("w", [a]), L.build("w", [b])).changes
    assert [f.change for f in change.fields] == ["shapes"]
    assert [f.words() for f in change.fields] == [
        "in: `c` is one of: requires `a`, takes only `a`, `b` | requires `b`, declares `a`, `b`"
        " -> requires `a`, declares `a`, `b` | requires `b`, takes only `a`, `b`"]


def test_a_union_whose_variants_swap_the_types_of_a_key_is_explained_by_its_shapes() -> None:
    """A string `a` with `b`, or an integer `a` alone, becomes the other way round: every
    path (`a` a string or an integer) is as it was; only the shapes' types tell it."""
    def obj(a_type: str, *more: str) -> dict:
        return {"type": "object", "additionalProperties": False, "required": ["a", *more],
                "properties": {"a": {"type": a_type}, **{k: {"type": "string"} for k in more}}}

    a = {"name": "t", "inputSchema": {"type": "object", "properties": {"c": {
        "anyOf": [obj("string", "b"), obj("integer")]}}}}
    b = copy.deepcopy(a)
    b["inputSchema"]["properties"]["c"]["anyOf"] = [obj("integer", "b"), obj("string")]
    (change,) = D.compare(L.build("w", [a]), L.build("w", [b])).changes
    assert [f.words() for f in change.fields] == [
        "in: `c` is one of: requires `a`, takes only `a`, `a` integer | requires `a`, `b`, "
        "takes only `a`, `b`, `a` string -> requires `a`, takes only `a`, `a` string | "
        "requires `a`, `b`, takes only `a`, `b`, `a` integer"]


def test_a_tagged_union_whose_variants_swap_their_nested_objects_is_explained() -> None:
    """A webhook's `config` now requires the email's `address`, and the email's the `url`:
    every path, and the keys of each variant, are as they were; only the objects tell it."""
    def channel(kind: str, key: str) -> dict:
        return {"type": "object", "required": ["type", "config"], "properties": {
            "type": {"const": kind}, "config": {"type": "object", "required": [key],
                                                "properties": {key: {"type": "string"}}}}}

    a = {"name": "t", "inputSchema": {"type": "object", "properties": {"c": {
        "oneOf": [channel("webhook", "url"), channel("email", "address")]}}}}
    b = copy.deepcopy(a)
    b["inputSchema"]["properties"]["c"]["oneOf"] = [channel("webhook", "address"),
                                                    channel("email", "url")]
    (change,) = D.compare(L.build("w", [a]), L.build("w", [b])).changes
    assert [f.words() for f in change.fields] == [
        'in: variants of `c`: `type` "email": requires `config`, `type`, `config` {requires '
        '`address`} -> requires `config`, `type`, `config` {requires `url`}; `type` '
        '"webhook": requires `config`, `type`, `config` {requires `url`} -> requires '
        '`config`, `type`, `config` {requires `address`}']


def test_a_union_whose_optional_tags_swap_their_keys_is_explained_by_its_shapes() -> None:
    """pydantic's defaulted ``Literal`` tags (no variant requires ``kind``): the cat now
    requires what the dog did. Every path is as it was; only the shapes' values tell it."""
    def pet(kind: str, key: str) -> dict:
        return {"type": "object", "required": [key], "properties": {
            "kind": {"const": kind, "default": kind}, key: {"type": "string"}}}

    a = {"name": "t", "inputSchema": {"type": "object", "properties": {"pet": {
        "anyOf": [pet("cat", "meow"), pet("dog", "bark")]}}}}
    b = copy.deepcopy(a)
    b["inputSchema"]["properties"]["pet"]["anyOf"] = [pet("cat", "bark"), pet("dog", "meow")]
    (change,) = D.compare(L.build("w", [a]), L.build("w", [b])).changes
    assert [f.words() for f in change.fields] == [
        'in: `pet` is one of: `kind` "dog", requires `bark`, declares `bark`, `kind` | `kind` '
        '"cat", requires `meow`, declares `kind`, `meow` -> `kind` "cat", requires `bark`, '
        'declares `bark`, `kind` | `kind` "dog", requires `meow`, declares `kind`, `meow`']


def test_a_tagged_union_whose_variants_swap_their_keys_is_explained_by_tag() -> None:
    """Each variant now requires the other's key: every path, the choice and the keysets are
    as they were, and every call that was valid is refused. Only the tags tell it."""
    def pet(kind: str, key: str) -> dict:
        return {"type": "object", "additionalProperties": False, "required": ["kind", key],
                "properties": {"kind": {"const": kind}, "meow": {"type": "string"},
                               "bark": {"type": "string"}}}

    a = {"name": "t", "inputSchema": {"type": "object", "properties": {"pet": {
        "oneOf": [pet("cat", "meow"), pet("dog", "bark")]}}}}
    b = copy.deepcopy(a)
    b["inputSchema"]["properties"]["pet"]["oneOf"] = [pet("cat", "bark"), pet("dog", "meow")]
    (change,) = D.compare(L.build("w", [a]), L.build("w", [b])).changes
    assert [f.change for f in change.fields if f.change != "constraint"] == ["tags"]
    assert [f.words() for f in change.fields if f.change == "tags"] == [
        "in: variants of `pet`: `kind` \"cat\": requires `kind`, `meow`, takes only `bark`, "
        "`kind`, `meow` -> requires `bark`, `kind`, takes only `bark`, `kind`, `meow`; "
        "`kind` \"dog\": requires `bark`, `kind`, takes only `bark`, `kind`, `meow` -> "
        "requires `kind`, `meow`, takes only `bark`, `kind`, `meow`"]


def test_an_open_variant_declaring_a_key_more_is_explained_by_tag() -> None:
    """pydantic's default models (open): the cat now declares `bark`. The path was the dog's
    already: only the tags tell that a cat may now be sent with it."""
    def pet(kind: str, *keys: str) -> dict:
        return {"type": "object", "required": ["kind"], "properties": {
            "kind": {"const": kind}, **{k: {"type": "string"} for k in keys}}}

    a = {"name": "t", "inputSchema": {"type": "object", "properties": {"pet": {
        "oneOf": [pet("cat", "meow"), pet("dog", "bark")]}}}}
    b = copy.deepcopy(a)
    b["inputSchema"]["properties"]["pet"]["oneOf"][0] = pet("cat", "meow", "bark")
    (change,) = D.compare(L.build("w", [a]), L.build("w", [b])).changes
    assert [f.words() for f in change.fields if f.change == "tags"] == [
        "in: variants of `pet`: `kind` \"cat\": requires `kind`, declares `kind`, `meow` -> "
        "requires `kind`, declares `bark`, `kind`, `meow`"]


@pytest.mark.parametrize(("before", "after", "words"), [
    ({"enum": [1, 2]}, {"enum": [True, 2]}, "in: enum of `x`: removed 1; added true"),
    ({"const": 0}, {"const": False}, "in: enum of `x`: removed 0; added false"),
    ({"default": 1}, {"default": True}, "in: default of `x`: 1 -> true"),
])
def test_one_becoming_true_is_a_change_of_contract(before: dict, after: dict,
                                                   words: str) -> None:
    """JSON's `1` and `true` differ (the hashes do, and a server taking only `true` refuses
    `1`), though Python's `1 == True`: once read as no change of contract, a surface-only
    drift with nothing to say."""
    a = {"name": "t", "inputSchema": {"type": "object", "properties": {"x": before}}}
    b = copy.deepcopy(a)
    b["inputSchema"]["properties"]["x"] = after
    (change,) = D.compare(L.build("w", [a]), L.build("w", [b])).changes
    assert change.contract_changed and not change.surface_only
    assert [f.words() for f in change.fields] == [words]


def test_one_becoming_one_point_zero_is_no_change() -> None:
    a = {"name": "t", "inputSchema": {"type": "object", "properties": {"x": {"enum": [1]}}}}
    b = copy.deepcopy(a)
    b["inputSchema"]["properties"]["x"]["enum"] = [1.0]
    assert D.compare(L.build("w", [a]), L.build("w", [b])).changes == ()


def test_a_tag_value_of_two_variants_is_explained_with_both() -> None:
    def variant(kinds: list[str], key: str) -> dict:
        return {"type": "object", "required": ["kind", key], "properties": {
            "kind": {"enum": kinds}, key: {"type": "string"}}}

    a = {"name": "t", "inputSchema": {"anyOf": [variant(["a"], "x"), variant(["a", "b"], "y")]}}
    b = copy.deepcopy(a)
    b["inputSchema"]["anyOf"][0] = variant(["a"], "w")
    (change,) = D.compare(L.build("w", [a]), L.build("w", [b])).changes
    (words,) = [f.words() for f in change.fields if f.change == "tags"]
    assert words == ("in: variants of (root): `kind` \"a\": requires `kind`, `x` or requires "
                     "`kind`, `y` -> requires `kind`, `w` or requires `kind`, `y`")


def test_the_server_s_names_and_values_are_shown_never_obeyed_by_a_terminal() -> None:
    hostile = "\u009d0;PWNED\u009c\u009b2J\u202eRLO\u2066\u2028x"
    v2 = copy.deepcopy(V1)
    v2[0]["description"] = "Search." + hostile
    v2[0]["inputSchema"]["properties"]["q" + hostile] = {"type": "string"}
    text = D.compare(L.build("w", V1), L.build("w", v2)).render_text()
    assert "\\x9d0;PWNED\\x9c\\x9b2J\\u202eRLO\\u2066\\u2028x" in text
    assert not any(c in text for c in "\u009d\u009c\u009b\u202e\u2066\u2028")


def test_a_change_of_the_values_an_enum_gives_one_type_of_a_union_is_explained() -> None:
    """``Literal["auto"] | int`` becoming ``Literal["auto", "manual"] | int``, then ``str |
    int``: the strings' enum changes, which no ``enum`` of the field shows (integers stay
    free)."""
    def mode(*branches: dict) -> dict:
        return {"name": "t", "inputSchema": {"type": "object", "properties": {
            "mode": {"anyOf": [*branches, {"type": "integer"}]}}}}

    a = mode({"const": "auto", "type": "string"})
    b = mode({"enum": ["auto", "manual"], "type": "string"})
    (change,) = D.compare(L.build("w", [a]), L.build("w", [b])).changes
    assert [f.words() for f in change.fields] == [
        'in: enum of `mode` by type: string added "manual"']
    assert change.fields[0].to_json()["after"] == {"string": ["auto", "manual"]}
    c = mode({"type": "string"})
    (change,) = D.compare(L.build("w", [b]), L.build("w", [c])).changes
    assert [f.words() for f in change.fields] == [
        'in: enum of `mode` by type: string no longer restricted (was ["auto", "manual"])']
