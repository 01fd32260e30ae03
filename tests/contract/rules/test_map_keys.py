"""in.unknown beside an agent's map whose ``propertyNames`` list its keys: each key it may
send is held to the server's object (its properties, or a closed map's patterns), and each
value to the property it lands on (in.type)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict
from rulefixtures import diff, obj, single, tool

INT = {"type": "integer"}


def named_map(names: list[str], value: dict[str, Any] = INT) -> dict[str, Any]:
    return {"type": "object", "additionalProperties": value, "propertyNames": {"enum": names}}


def findings(agent_field: dict[str, Any], server_field: dict[str, Any]) -> list[Any]:
    return diff([tool("t", obj({"x": agent_field}))], [tool("t", obj({"x": server_field}))])


def test_a_literal_keyed_dict_against_the_model_of_those_fields_is_no_difference():
    """pydantic: the agent's ``dict[Literal["a", "b"], int]`` sends `a` or `b`, which the
    server's closed model declares; before the names were read, every key was unknown."""
    class Stub(BaseModel):
        x: dict[Literal["a", "b"], int]

    class Fields(BaseModel):
        model_config = ConfigDict(extra="forbid")
        a: int = 0
        b: int = 0

    class Server(BaseModel):
        x: Fields

    assert diff([tool("t", Stub.model_json_schema())],
                [tool("t", Server.model_json_schema())]) == []
    Server.model_validate({"x": {"a": 1, "b": 2}})  # each call the agent may send passes


def test_a_name_the_server_does_not_declare_is_unknown_by_its_name():
    closed = obj({"a": INT, "b": INT}, additionalProperties=False)
    f = single("in.unknown", findings(named_map(["a", "b", "zz"]), closed))
    assert (f.path, f.severity) == ("x{}", "error")
    assert f.message.startswith('the agent sends the key "zz" at `x`, which the server does '
                                "not declare; the server's object at `x` is closed")
    open_ = obj({"a": INT})
    f = single("in.unknown", findings(named_map(["a", "b", "zz"]), open_))
    assert f.severity == "warning" and 'the keys "b", "zz"' in f.message


def test_without_names_the_map_still_sends_any_key():
    f = single("in.unknown", findings({"type": "object", "additionalProperties": INT},
                                      obj({"a": INT}, additionalProperties=False)))
    assert "the agent sends any key at `x`" in f.message


def test_each_value_is_held_to_the_property_its_name_lands_on():
    closed = obj({"a": INT, "b": {"type": "string"}}, additionalProperties=False)
    f = single("in.type", findings(named_map(["a", "b"], INT), closed))
    assert f.path == "x{}" and "the server accepts only string" in f.message
    assert findings(named_map(["a"], INT), closed) == []


def test_names_against_a_closed_map_s_patterns():
    patterned = {"type": "object", "patternProperties": {"^[a-z]$": INT},
                 "additionalProperties": False}
    assert findings(named_map(["a", "b"]), patterned) == []
    f = single("in.unknown", findings(named_map(["a", "zz"]), patterned))
    assert f.severity == "error"
    assert 'the agent may send the key "zz" at `x`' in f.message
    assert "a call with such a key is rejected" in f.message


def test_a_name_no_pattern_can_be_decided_for_is_not_said_to_be_refused():
    unreadable = {"type": "object", "patternProperties": {"^\\p{L}$": INT},
                  "additionalProperties": False}
    assert "in.unknown" not in [f.rule_id for f in findings(named_map(["a"]), unreadable)]


def out_findings(agent_field: dict[str, Any], server_field: dict[str, Any]) -> list[Any]:
    return diff([tool("t", out=obj({"x": agent_field}))],
                [tool("t", out=obj({"x": server_field}))])


def test_a_server_map_that_names_its_keys_returns_only_those():
    """The other way: the server returns ``dict[Literal["a", "b"], int]``; the agent reads
    it with a closed model of `a` and `b`. Before, out.unknown said any key may come."""
    closed = obj({"a": INT, "b": INT}, additionalProperties=False)
    assert out_findings(closed, named_map(["a", "b"])) == []
    f = single("out.unknown", out_findings(closed, named_map(["a", "zz"])))
    assert f.message.startswith('the server may return the key "zz" at `x`')
    assert "out.unknown" in [g.rule_id for g in out_findings(
        closed, {"type": "object", "additionalProperties": INT})]  # no names: any key


def test_a_key_the_server_map_never_names_is_never_returned():
    relied = obj({"a": INT, "b": INT}, ("a", "b"))
    found = out_findings(relied, named_map(["a"]))
    missing = single("out.missing", found)
    assert (missing.path, missing.severity) == ("x.b", "error")
    assert 'its map at `x` takes only the keys "a"' in missing.message
    assert [f.path for f in found if f.rule_id == "out.optional"] == ["x.a"]
