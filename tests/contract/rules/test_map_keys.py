"""A map whose ``propertyNames`` list its keys beside the other side's object: each key an
agent's map may send is held to the server's object (its properties, or a closed map's
patterns: in.unknown), and each value, by every rule, to the property it lands on (the
alignment spreads the map onto them); a server's map returns only the keys it names
(out.unknown, out.missing)."""

from __future__ import annotations

from itertools import combinations, product
from typing import Annotated, Any, Literal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator
from properties import draws
from pydantic import BaseModel, ConfigDict, Field, ValidationError
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
    """The map's values are spread onto the properties they name: each is compared there,
    and a finding names the property (``x.b``), not the map."""
    closed = obj({"a": INT, "b": {"type": "string"}}, additionalProperties=False)
    f = single("in.type", findings(named_map(["a", "b"], INT), closed))
    assert f.path == "x.b" and "the server accepts only string" in f.message
    assert findings(named_map(["a"], INT), closed) == []


def test_values_meet_the_enums_and_constraints_of_the_properties_they_land_on():
    """pydantic: the agent's ``dict[Literal["low", "high"], int]`` against a server's
    model whose ``high`` is at most 5 and whose ``low`` is one of 1, 2: each value is held to
    its property's constraint and enum, where only the type was compared before."""
    class Stub(BaseModel):
        x: dict[Literal["low", "high"], int]

    class Limits(BaseModel):
        model_config = ConfigDict(extra="forbid")
        low: Literal[1, 2] = 1
        high: Annotated[int, Field(le=5)] = 5

    class Server(BaseModel):
        x: Limits

    found = diff([tool("t", Stub.model_json_schema())], [tool("t", Server.model_json_schema())])
    assert sorted((f.rule_id, f.path) for f in found) == [("in.constraint", "x.high"),
                                                          ("in.enum", "x.low")]
    assert "the agent may send 6, which the server rejects (maximum)" in single(
        "in.constraint", found).message
    with pytest.raises(ValidationError):  # what the finding says: such a call is refused
        Server.model_validate({"x": {"high": 6}})


def test_values_below_the_map_are_compared_below_each_property():
    inner = obj({"k": INT})
    closed = obj({"a": obj({"k": {"type": "string"}}, additionalProperties=False)},
                 additionalProperties=False)
    f = single("in.type", findings(named_map(["a"], inner), closed))
    assert f.path == "x.a.k"


def test_a_map_of_maps_is_spread_at_each_level():
    closed = obj({"a": obj({"p": {"type": "string"}}, additionalProperties=False)},
                 additionalProperties=False)
    f = single("in.type", findings(named_map(["a"], named_map(["p"])), closed))
    assert f.path == "x.a.p"


def test_the_copies_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    """A committed schema is untrusted: the names' copies share the alignment's spread
    budget (``MAX_SPREAD``), past which the names left are not compared."""
    from parity.contract.rules import _align

    names = [f"k{i}" for i in range(6)]
    closed = obj({n: {"type": "string"} for n in names}, additionalProperties=False)
    assert len(findings(named_map(names), closed)) == 6
    monkeypatch.setattr(_align, "MAX_SPREAD", 2)
    assert [f.path for f in findings(named_map(names), closed)] == ["x.k0", "x.k1"]


def test_a_required_property_the_map_never_names_is_never_sent():
    """The server requires `a`; the agent's map names only `b` (``never``), or `a` among
    others, which a map may leave out (``maybe``)."""
    server = obj({"a": INT, "b": INT}, ("a",), additionalProperties=False)
    f = single("in.missing-required", findings(named_map(["b"]), server))
    assert (f.path, f.message) == ("x.a", "the server requires `x.a`, which the agent never "
                                          "sends; every call is rejected")
    f = single("in.missing-required", findings(named_map(["a", "b"]), server))
    assert "which the agent sends only optionally" in f.message


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


def test_an_agent_map_that_names_its_keys_reads_them_where_the_server_declares_them():
    """The agent reads the result's ``dict[Literal["a", "b"], str]``; the server returns an
    object of `a` (an integer) and `b`: each value is held to its property (out.type at
    `x.a`), and the map is not said to read keys the server never declares. A name the
    server does not declare is, by its name."""
    server = obj({"a": INT, "b": {"type": "string"}}, ("a", "b"))
    found = out_findings(named_map(["a", "b"], {"type": "string"}), server)
    assert [(f.rule_id, f.path) for f in found] == [("out.type", "x.a")]
    found = out_findings(named_map(["b", "c"], {"type": "string"}), server)
    missing = single("out.missing", found)
    assert (missing.path, missing.severity) == ("x{}", "warning")
    assert missing.message.startswith('the agent reads the key "c" at `x`, which the '
                                      "server's output never declares")


# -- a property: every call the server refuses is found ---------------------------------------

NAMES = ("a", "b", "c")
#: the values the oracle sends: enough to cross each schema of ``VALUE_SCHEMAS``
DOMAIN = (0, 3, 6, "s", None)
VALUE_SCHEMAS = (INT, {"type": "integer", "maximum": 5}, {"type": "string"}, {"enum": [3, 6]},
                 {"type": ["integer", "null"]}, {"type": "integer", "enum": [0, 3]})


@st.composite
def map_against_object(draw: st.DrawFn) -> tuple[dict[str, Any], dict[str, Any]]:
    """An agent's map naming some of ``NAMES``, and a server's object declaring some of
    them (closed or not, some required)."""
    names = draw(st.lists(st.sampled_from(NAMES), min_size=1, unique=True))
    agent = named_map(sorted(names), draw(st.sampled_from(VALUE_SCHEMAS)))
    declared = draw(st.dictionaries(st.sampled_from(NAMES), st.sampled_from(VALUE_SCHEMAS),
                                    min_size=1))
    required = draw(st.lists(st.sampled_from(sorted(declared)), unique=True))
    server = obj(declared, tuple(sorted(required)),
                 **({"additionalProperties": False} if draw(st.booleans()) else {}))
    return agent, server


def calls(agent: dict[str, Any]) -> list[dict[str, Any]]:
    """Every object of ``DOMAIN`` values the agent's map accepts, as jsonschema reads it."""
    accepts = Draft202012Validator(agent).is_valid
    names = agent["propertyNames"]["enum"]
    values = [v for v in DOMAIN if Draft202012Validator(agent["additionalProperties"]).is_valid(v)]
    sent = []
    for size in range(len(names) + 1):
        for keys in combinations(names, size):
            sent += [dict(zip(keys, chosen, strict=True))
                     for chosen in product(values, repeat=size)]
    return [call for call in sent if accepts(call)]


@settings(max_examples=draws(300), deadline=None)
@given(map_against_object())
def test_a_call_the_server_refuses_is_always_found(pair: tuple[dict[str, Any], dict[str, Any]]
                                                   ) -> None:
    """Wherever the server's object refuses a call the agent's map may send (jsonschema's
    word on both), parity reports an ``in.*`` error or warning at the map's place."""
    agent, server = pair
    refused = [call for call in calls(agent) if not Draft202012Validator(server).is_valid(call)]
    found = [f for f in findings(agent, server) if f.path.startswith("x")]
    if refused:
        assert found, (refused[0], agent, server)


def results(server: dict[str, Any]) -> list[dict[str, Any]]:
    """Every object of ``DOMAIN`` values the server's object may return, as jsonschema
    reads it, of its declared keys (an open object's other keys are not counted as
    returned, as ``out.unknown`` reads an output: pydantic's models are open by default,
    and return none)."""
    keys = sorted(server["properties"])
    returned = []
    for size in range(len(keys) + 1):
        for chosen in combinations(keys, size):
            returned += [dict(zip(chosen, held, strict=True))
                         for held in product(DOMAIN, repeat=size)]
    return [result for result in returned if Draft202012Validator(server).is_valid(result)]


@settings(max_examples=draws(200), deadline=None)
@given(map_against_object())
def test_a_result_the_agent_refuses_is_always_found(pair: tuple[dict[str, Any], dict[str, Any]]
                                                    ) -> None:
    """The other way: wherever the agent's map refuses a result the server's object may
    return, parity reports an ``out.*`` error or warning at the map's place."""
    agent, server = pair
    refused = [result for result in results(server)
               if not Draft202012Validator(agent).is_valid(result)]
    found = [f for f in out_findings(agent, server) if f.path.startswith("x")]
    if refused:
        assert found, (refused[0], agent, server)


def test_the_facts_of_a_map_s_unknown_keys_name_them_and_the_server_s_object():
    # a baseline holds an entry to them: a third undeclared name, or the object closed, is
    # another difference at the same key
    closed = obj({"a": INT, "b": INT}, additionalProperties=False)
    assert single("in.unknown", findings(named_map(["a", "zz"]), closed)).facts == (
        '"zz"', "server object closed")
    assert single("in.unknown", findings(named_map(["a", "yy", "zz"]), obj({"a": INT}))
                  ).facts == ('"yy"', '"zz"', "server object open")
    patterned = {"type": "object", "patternProperties": {"^x-": INT},
                 "additionalProperties": False}
    assert single("in.unknown", findings(named_map(["x-a", "b"]), patterned)).facts == ('"b"',)
    assert single("in.unknown", findings({"type": "object", "additionalProperties": INT},
                                         patterned)).facts == ("any key",)
