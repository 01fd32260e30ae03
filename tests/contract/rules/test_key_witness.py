"""in.constraint and out.constraint on the constraints of an object's keys
(``minProperties``, ``maxProperties``, ``dependentRequired``): the witness is a set of keys
an object the sender may send holds, and jsonschema agrees with it on both whole schemas."""

from __future__ import annotations

from itertools import combinations
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft7Validator, Draft202012Validator
from properties import draws
from rulefixtures import diff, manifests, obj, single, tool

from parity.contract.rules import _key_witness
from parity.contract.rules._parsed import Parsed
from parity.contract.rules._witness import UNDECIDED

S = {"type": "string"}
PAY = {"card": S, "address": S, "zip": S}
DRAFT7 = "http://json-schema.org/draft-07/schema#"
MAP = {"type": "object", "additionalProperties": {"type": "number"}}

#: (agent's object, server's object, the keyword that rejects the witness)
REJECTED = [
    (obj(PAY), obj(PAY, dependentRequired={"card": ["address"]}), "dependentRequired"),
    (obj(PAY, ("card",)), obj(PAY, dependentRequired={"card": ["address"]}),
     "dependentRequired"),
    # the agent's own dependency holds in the witness: `card` comes with `zip`
    (obj(PAY, dependentRequired={"card": ["zip"]}),
     obj(PAY, dependentRequired={"card": ["address", "zip"]}), "dependentRequired"),
    (obj(PAY, dependentRequired={"card": ["address"]}),
     obj(PAY, dependentRequired={"address": ["zip"]}), "dependentRequired"),
    (obj(PAY), obj(PAY, maxProperties=2), "maxProperties"),
    (obj(PAY, ("card",)), obj(PAY, minProperties=2), "minProperties"),
    (obj(PAY), obj(PAY, minProperties=1), "minProperties"),
    ({"type": "object"}, obj(PAY, dependentRequired={"card": ["address"]}),
     "dependentRequired"),
    ({"type": "object", "additionalProperties": {"type": "integer"}},
     {"type": "object", "additionalProperties": {"type": "integer"}, "maxProperties": 3},
     "maxProperties"),
    # a union of closed objects takes `b` and `c` together, never with `a`
    ({"oneOf": [{"type": "object", "properties": {"a": S}, "required": ["a"],
                 "additionalProperties": False},
                {"type": "object", "properties": {"b": S, "c": S}, "required": ["b", "c"],
                 "additionalProperties": False}]},
     obj({"a": S, "b": S, "c": S}, maxProperties=1), "maxProperties"),
    # names: a map's keys against an Enum's, a declared key against them, a pattern's keys
    # against a length
    (MAP, MAP | {"propertyNames": {"enum": ["eur", "usd"]}}, "propertyNames"),
    (obj({"usd": S, "gbp": S}, additionalProperties=False),
     obj({}, propertyNames={"enum": ["eur", "usd"]}), "propertyNames"),
    ({"type": "object", "patternProperties": {"^[a-z]+$": S}},
     {"type": "object", "patternProperties": {"^[a-z]+$": S}, "propertyNames": {"maxLength": 3}},
     "propertyNames"),
    (MAP | {"propertyNames": {"enum": ["eur", "gbp", "usd"]}},
     MAP | {"propertyNames": {"enum": ["eur", "usd"]}}, "propertyNames"),
    # `a` brings `b`, which its own names refuse: it sends `c` and `d` (a property test's)
    ({"type": "object", "minProperties": 2, "dependentRequired": {"a": ["a", "b"], "c": ["c"]},
      "propertyNames": {"enum": ["a", "c", "d"]}},
     obj({"a": S, "b": S, "c": S, "d": S}, maxProperties=0), "maxProperties"),
]

#: (agent's object, server's object): every object the agent sends is accepted
ACCEPTED = [
    (obj(PAY, ("address",)), obj(PAY, dependentRequired={"card": ["address"]})),
    (obj(PAY, dependentRequired={"card": ["address"]}),
     obj(PAY, dependentRequired={"card": ["address"]})),
    (obj(PAY, dependentRequired={"card": ["address"], "address": ["zip"]}),
     obj(PAY, dependentRequired={"card": ["zip"]})),
    (obj(PAY, maxProperties=1), obj(PAY, maxProperties=2)),
    (obj({"a": S, "b": S}, additionalProperties=False), obj({"a": S, "b": S}, maxProperties=2)),
    (obj(PAY, ("card",)), obj(PAY, minProperties=1)),
    (obj(PAY, minProperties=2), obj(PAY, minProperties=1)),
    # the agent never sends `iban`: what it brings is never asked
    (obj(PAY, additionalProperties=False), obj({**PAY, "iban": S},
                                               dependentRequired={"iban": ["zip"]})),
    # the server's document is draft-07: `dependentRequired` is an annotation there
    (obj(PAY), {"$schema": DRAFT7, **obj(PAY, dependentRequired={"card": ["address"]})}),
    (MAP | {"propertyNames": {"enum": ["usd"]}}, MAP | {"propertyNames": {"enum": ["eur", "usd"]}}),
    (obj({"usd": S}, additionalProperties=False), obj({}, propertyNames={"enum": ["usd"]})),
    (MAP | {"propertyNames": {"maxLength": 2}}, MAP | {"propertyNames": {"maxLength": 3}}),
]


def _witness(agent: dict[str, Any], server: dict[str, Any]) -> Any:
    """The witness ``_key_witness.find`` gives for the agent's root object."""
    mine, theirs = manifests([tool("t", agent)], [tool("t", server)])
    return _key_witness.find(Parsed(mine.tools["t"].in_), (),
                             theirs.tools["t"].in_[""])


def _object(keys: tuple[str, ...], schema: dict[str, Any]) -> dict[str, Any]:
    """An object of ``keys`` whose values fit their schemas (a string, or a number)."""
    def sample(key: str) -> object:
        fit = schema.get("properties", {}).get(key) or schema.get("additionalProperties")
        return 0 if isinstance(fit, dict) and fit.get("type") in ("integer", "number") else "x"
    return {key: sample(key) for key in keys}


@pytest.mark.parametrize(("agent", "server", "keyword"), REJECTED)
def test_in_constraint_names_keys_the_agent_sends_and_the_server_refuses(agent, server,
                                                                         keyword):
    f = single("in.constraint", diff([tool("t", agent)], [tool("t", server)]))
    assert (f.path, f.severity) == ("", "error"), f.message
    assert f"which the server rejects ({keyword})" in f.message
    witness = _witness(agent, server)
    assert witness is not None and witness is not UNDECIDED and witness.keyword == keyword
    sent = _object(witness.value, agent)
    assert Draft202012Validator(agent).is_valid(sent), sent
    assert not Draft202012Validator(server).is_valid(sent), sent


@pytest.mark.parametrize(("agent", "server", "keyword"), REJECTED)
def test_out_constraint_names_keys_the_server_returns_and_the_agent_refuses(agent, server,
                                                                          keyword):
    # the agent reads `server`, the server promises `agent`: the agent relies on more
    f = single("out.constraint", diff([tool("t", out=server)], [tool("t", out=agent)]))
    assert (f.path, f.severity) == ("", "error"), f.message
    assert f"which the agent rejects ({keyword})" in f.message
    assert "the server may return an object" in f.message


@pytest.mark.parametrize(("agent", "server"), ACCEPTED)
def test_no_finding_where_every_object_the_agent_sends_is_accepted(agent, server):
    assert diff([tool("t", agent)], [tool("t", server)]) == []
    witness = _witness(agent, server)
    assert witness is None


def test_the_message_says_which_key_comes_without_which():
    f = single("in.constraint", diff([tool("t", obj(PAY, ("zip",)))],
                                     [tool("t", obj(PAY, dependentRequired={
                                         "card": ["address"]}))]))
    assert f.message == (
        'the server demands dependentRequired {"card": ["address"]} at the root, the agent '
        "promises no constraint; the agent may send an object with `card` but not "
        "`address` (of `card`, `zip`), which the server rejects (dependentRequired)")
    assert f.hint.startswith("state the server's constraint in the agent's schema")


def test_counts_are_said_with_the_keys():
    more = single("in.constraint", diff([tool("t", obj(PAY))],
                                        [tool("t", obj(PAY, maxProperties=2))]))
    assert ("may send an object of 3 keys (`address`, `card`, `zip`), more than 2"
            in more.message)
    fewer = single("in.constraint", diff([tool("t", obj(PAY))],
                                         [tool("t", obj(PAY, minProperties=1))]))
    assert "may send an object of 0 keys, fewer than 1" in fewer.message


def test_nested_objects_are_judged_where_they_are():
    agent = obj({"payment": obj(PAY)})
    server = obj({"payment": obj(PAY, dependentRequired={"card": ["address"]})})
    f = single("in.constraint", diff([tool("t", agent)], [tool("t", server)]))
    assert f.path == "payment"


def test_draft7_dependencies_lists_are_judged_as_dependent_required():
    server = {"$schema": DRAFT7, **obj(PAY, dependencies={"card": ["address"]})}
    f = single("in.constraint", diff([tool("t", obj(PAY))], [tool("t", server)]))
    assert "rejects (dependentRequired)" in f.message
    assert not Draft7Validator(server).is_valid({"card": "x"})


def test_a_map_whose_keys_must_match_patterns_is_no_verdict_but_a_warning():
    """The search names no key a pattern takes: past a maximum it cannot tell."""
    def patterned(**extra: Any) -> dict[str, Any]:
        return {"type": "object", "patternProperties": {"^x": {"type": "integer"}}, **extra}
    f = single("in.constraint", diff([tool("t", obj({"m": patterned()}))],
                                     [tool("t", obj({"m": patterned(maxProperties=3)}))]))
    assert f.severity == "warning" and "possibly narrower" in f.message
    # a minimum is decided all the same: the agent's map may be empty
    f = single("in.constraint", diff([tool("t", obj({"m": patterned()}))],
                                     [tool("t", obj({"m": patterned(minProperties=1)}))]))
    assert f.severity == "error"


def test_a_key_constraint_beside_value_constraints_still_checks_the_values():
    agent = {"type": ["object", "string"]}
    server = {"type": ["object", "string"], "minProperties": 0, "maxLength": 2}
    f = single("in.constraint", diff([tool("t", obj({"v": agent}))],
                                     [tool("t", obj({"v": server}))]))
    assert "rejects (maxLength)" in f.message


def test_an_agent_minimum_still_keeps_the_key_set_rules_from_guessing():
    """``minProperties: 1`` over `line` and `position` always sends one of them: in.choice,
    which does not read it, cannot tell, and says nothing (as before it was modelled)."""
    agent = obj({"line": {"type": "integer"}, "position": {"type": "integer"}},
                minProperties=1, additionalProperties=False)
    server = {"anyOf": [obj({"line": {"type": "integer"}}, ("line",)),
                        obj({"position": {"type": "integer"}}, ("position",))]}
    assert [f.rule_id for f in diff([tool("t", agent)], [tool("t", server)])] == []
    unbound = {k: v for k, v in agent.items() if k != "minProperties"}
    assert [f.rule_id for f in diff([tool("t", unbound)], [tool("t", server)])] == [
        "in.choice"]


def test_a_pydantic_dict_given_a_length_on_the_server_is_held_to_it():
    """pydantic writes ``Field(min_length=1)`` on a ``dict`` as ``minProperties``: an agent
    whose stub says ``dict[str, str]`` may send ``{}``, which the server refuses."""
    from typing import Annotated

    from pydantic import BaseModel, Field

    class Stub(BaseModel):
        labels: dict[str, str]

    class Server(BaseModel):
        labels: Annotated[dict[str, str], Field(min_length=1, max_length=2)]

    agent, server = Stub.model_json_schema(), Server.model_json_schema()
    f = single("in.constraint", diff([tool("t", agent)], [tool("t", server)]))
    assert (f.path, f.severity) == ("labels", "error")
    assert "the agent may send an object of 0 keys, fewer than 1" in f.message
    with pytest.raises(ValueError):  # pydantic's ValidationError: the server refuses it
        Server.model_validate({"labels": {}})
    assert diff([tool("t", server)], [tool("t", server)]) == []


def test_an_agent_union_with_a_minimum_on_one_alternative_is_not_guessed_at():
    """The first alternative sends `a` or `b` (``minProperties: 1``), the second `c`: the
    agent always sends one. The union cannot keep the minimum, so it holds it unmodelled
    and in.choice says nothing; without the minimum, the first may send none."""
    i = {"type": "integer"}
    first = obj({"a": i, "b": i}, minProperties=1, additionalProperties=False)
    agent = {"anyOf": [first, obj({"c": i}, ("c",), additionalProperties=False)]}
    server = {"anyOf": [obj({name: i}, (name,)) for name in ("a", "b", "c")]}
    assert "in.choice" not in [f.rule_id for f in diff([tool("t", agent)],
                                                       [tool("t", server)])]
    del first["minProperties"]
    assert "in.choice" in [f.rule_id for f in diff([tool("t", agent)], [tool("t", server)])]


KEYS = ("a", "b", "c", "d")
ON_KEYS = ("minProperties", "maxProperties", "dependentRequired", "propertyNames")
_subsets = st.lists(st.sampled_from(KEYS), unique=True, max_size=4).map(sorted)
_bound = st.one_of(st.none(), st.integers(0, 4))


@st.composite
def _key_object(draw: st.DrawFn, *, declares_all: bool) -> dict[str, Any]:
    """An object over at most four keys, with the constraints on its keys drawn (the names
    its keys may have among them)."""
    declared = list(KEYS) if declares_all else draw(_subsets)
    schema: dict[str, Any] = {"type": "object", "properties": {k: S for k in declared}}
    required = draw(st.lists(st.sampled_from(declared), unique=True)) if declared else []
    if required:
        schema["required"] = sorted(required)
    if declared and draw(st.booleans()):
        schema["additionalProperties"] = False
    for keyword in ("minProperties", "maxProperties"):
        value = draw(_bound)
        if value is not None:
            schema[keyword] = value
    brings = draw(st.dictionaries(st.sampled_from(KEYS), _subsets, max_size=3))
    if brings:
        schema["dependentRequired"] = brings
    names = draw(st.one_of(st.none(), _subsets))
    if names is not None:
        schema["propertyNames"] = {"enum": names}
    return schema


@settings(max_examples=draws(200), deadline=None)
@given(_key_object(declares_all=False), _key_object(declares_all=True))
def test_a_finding_exactly_where_some_object_the_agent_sends_is_refused(agent, server):
    """Every object the agent sends (each set of the keys it declares, or of eight keys
    where it declares none, with the keys its own dependencies bring, that its whole schema
    takes) against the server's constraints on keys (its ``required`` is
    in.missing-required's, its closing in.unknown's), with jsonschema: an error where one is
    refused (in.constraint, and out.constraint where the server returns it), with a witness
    of the fewest keys where the agent declares them; nothing where none is."""
    takes = Draft202012Validator(agent).is_valid
    keyed = Draft202012Validator({k: v for k, v in server.items() if k in ON_KEYS})
    # (one free-form takes any key: four more than the drawn are as many as a bound asks)
    universe = list(agent["properties"]) or [*KEYS, "e", "f", "g", "h"]
    sent = sorted({_brought(keys, agent.get("dependentRequired", {}))
                   for size in range(len(universe) + 1)
                   for keys in combinations(universe, size)}, key=lambda k: (len(k), k))
    sent = [keys for keys in sent if takes(dict.fromkeys(keys, "x"))]
    refused = [keys for keys in sent if not keyed.is_valid(dict.fromkeys(keys, "x"))]
    findings = [f for f in diff([tool("t", agent)], [tool("t", server)])
                if f.rule_id == "in.constraint"]
    assert [f.severity for f in findings] == (["error"] if refused else [])
    # the other way: the agent reads what the server returns, the server promises `agent`
    returned = [f for f in diff([tool("t", out=server)], [tool("t", out=agent)])
                if f.rule_id == "out.constraint"]
    assert [f.severity for f in returned] == (["error"] if refused else [])
    witness = _witness(agent, server)
    if not refused:
        assert witness is None
        return
    assert witness is not None and witness is not UNDECIDED
    held = dict.fromkeys(witness.value, "x")
    assert takes(held) and not keyed.is_valid(held)  # (a free-form agent's keys are any)
    if agent["properties"]:  # (a free-form agent is filled with names made up)
        assert len(witness.value) == min(map(len, refused))  # the fewest keys first


def _brought(keys: tuple[str, ...], brings: dict[str, list[str]]) -> tuple[str, ...]:
    """``keys`` with every key ``brings`` brings with them, and those bring, sorted."""
    out, todo = set(keys), list(keys)
    while todo:
        for name in brings.get(todo.pop(), ()):
            if name not in out:
                out.add(name)
                todo.append(name)
    return tuple(sorted(out))


def test_a_pydantic_dict_keyed_by_an_enum_on_the_server_names_a_key_it_refuses():
    """``dict[Currency, float]`` is a map whose ``propertyNames`` name the Enum; an agent whose
    stub says ``dict[str, float]`` may send any key, which the server refuses."""
    import enum

    from pydantic import BaseModel

    class Currency(str, enum.Enum):
        usd = "usd"
        eur = "eur"

    class Stub(BaseModel):
        rates: dict[str, float]

    class Server(BaseModel):
        rates: dict[Currency, float]

    f = single("in.constraint", diff([tool("t", Stub.model_json_schema())],
                                     [tool("t", Server.model_json_schema())]))
    assert (f.path, f.severity) == ("rates", "error")
    assert f.message == (
        'the server demands propertyNames {"enum": ["eur", "usd"]} at `rates`, the agent '
        'promises no constraint; the agent may send an object with the key "a", which the '
        "server rejects (propertyNames)")
    with pytest.raises(ValueError):  # pydantic's ValidationError: the server refuses it
        Server.model_validate({"rates": {"a": 1.0}})
    assert diff([tool("t", Server.model_json_schema())],
                [tool("t", Server.model_json_schema())]) == []


@pytest.mark.parametrize("pattern", ["^\\p{L}+$", "^(a|aa)+b$", "^((a+)+)+$"])
def test_a_name_pattern_re_cannot_read_or_that_backtracks_gives_no_crash(pattern):
    """A server's ``propertyNames`` pattern is untrusted: one Python's ``re`` cannot compile
    (ECMA-262's ``\\p{L}``) is no verdict, a warning; the others are bounded in time."""
    server = MAP | {"propertyNames": {"pattern": pattern}}
    f = single("in.constraint", diff([tool("t", obj({"m": MAP}))],
                                     [tool("t", obj({"m": server}))]))
    if pattern.startswith("^\\p"):
        assert f.severity == "warning" and "possibly narrower" in f.message
    else:  # a short name the pattern refuses at once is found first
        assert f.severity == "error" and "an object with the key" in f.message
