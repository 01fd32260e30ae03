"""in.tag and out.tag by the values a variant gives its other keys (``_valued``): a tag
value sent with a value its variant does not take is rejected, though the merged key takes
it."""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field
from rulefixtures import diff, obj, of_rule, single, tool

from parity.cli.main import main
from parity.contract.rules.tags import IN, OUT


def variant(kind: str, levels: list[Any] | None, *names: str) -> dict[str, Any]:
    """A closed object tagged ``kind`` requiring ``level`` (``levels``: its values;
    ``None``: any integer), declaring ``names`` too."""
    level = {"type": "integer"} if levels is None else {"enum": levels}
    return obj({"kind": {"const": kind}, "level": level, **{n: {"type": "string"}
                                                          for n in names}},
               ("kind", "level"), additionalProperties=False)


def union(a: list[Any] | None, b: list[Any] | None = [2, 3], note: bool = False  # noqa: B006
          ) -> dict[str, Any]:
    return {"oneOf": [variant("a", a, *(("note",) if note else ())), variant("b", b)]}


def sent(agent_x: dict[str, Any], server_x: dict[str, Any]) -> list[Any]:
    return diff([tool("t", obj({"x": agent_x}, ("x",)))],
                [tool("t", obj({"x": server_x}, ("x",)))])


def returned(server_x: dict[str, Any], agent_x: dict[str, Any]) -> list[Any]:
    return diff([tool("t", None, obj({"x": agent_x}, ("x",)))],
                [tool("t", None, obj({"x": server_x}, ("x",)))])


class ServerA(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: Literal["a"]
    level: Literal[1, 2]
    note: str = ""


class AgentA(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: Literal["a"]
    level: Literal[1, 2, 3]
    note: str = ""


class B(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: Literal["b"]
    level: Literal[2, 3]


class ServerCall(BaseModel):
    x: Annotated[Union[ServerA, B], Field(discriminator="kind")]  # noqa: UP007


class AgentCall(BaseModel):
    x: Annotated[Union[AgentA, B], Field(discriminator="kind")]  # noqa: UP007


def schema_of(model: type[BaseModel]) -> dict[str, Any]:
    return model.model_json_schema()


def test_a_tag_value_sent_with_a_value_its_variant_refuses_is_rejected():
    # pydantic's discriminated unions: the agent's "a" takes `level` 3, the server's not
    finding = single(IN, diff([tool("t", schema_of(AgentCall))],
                              [tool("t", schema_of(ServerCall))]))
    assert finding.path == "x" and finding.severity == "error"
    assert ('the server\'s object at `x` is a union told apart by `kind`: with "a" it takes '
            "`level` only as 1 or 2 (the agent may send it as 3); calls that send them so "
            "are rejected") in finding.message
    assert finding.facts == ('"a": values level 3',)


def test_a_union_told_apart_by_values_alone_is_judged_so_too():
    # no key of its own: the server's union is its shapes, whose tag `kind` judges it
    finding = single(IN, sent(union([1, 2, 3]), union([1, 2])))
    assert 'with "a" it takes `level` only as 1 or 2 (the agent may send it as 3)' \
        in finding.message
    assert "(which not every variant requires)" not in finding.message


def test_an_agent_as_narrow_as_the_server_or_narrower_is_not_reported():
    # (beside the agent wider than the server, which is)
    assert single(IN, sent(union([1, 2, 3], note=True), union([1, 2], note=True)))
    for note in (False, True):
        assert sent(union([1, 2], note=note), union([1, 2], note=note)) == []
        assert sent(union([1], note=note), union([1, 2], note=note)) == []
        # a variant leaving `level` free on the server takes any value
        assert of_rule(IN, sent(union([1, 2, 3], note=note), union(None, note=note))) == []
    # the agent's variant for "b" is wider, but the server has no "a" variant to hold it to
    assert of_rule(IN, sent(union([1, 2, 9], note=True),
                            {"oneOf": [variant("b", [2, 3])]})) == []
    assert diff([tool("t", schema_of(ServerCall))], [tool("t", schema_of(ServerCall))]) == []


def test_an_agent_free_where_the_servers_variant_limits_the_key_is_held_to_it():
    # the agent's "a" takes any integer `level`; merged, the server's takes 1, 2 or 3
    finding = single(IN, sent({"oneOf": [variant("a", None, "note"), variant("b", [2, 3])]},
                              union([1, 2], note=True)))
    assert 'with "a" it takes `level` only as 1 or 2 (the agent may send it as 3)' \
        in finding.message


def test_a_server_result_a_variant_of_the_agents_refuses_fails_in_the_agent():
    finding = single(OUT, returned(union([1, 2, 3], note=True), union([1, 2], note=True)))
    assert finding.severity == "warning"  # (some results with "a" fit: those with 1 or 2)
    assert ('the agent\'s result model at `x` is a union told apart by `kind`: with "a" it '
            "takes `level` only as 1 or 2 (the server may return it as 3)") in finding.message
    assert finding.facts == ('"a": values level 3',)
    assert of_rule(OUT, returned(union([1, 2], note=True), union([1, 2, 3], note=True))) == []


def test_parity_diff_reports_it_and_passes_identical_sides(tmp_path, capsys):
    agent, server = tmp_path / "agent.json", tmp_path / "server.json"
    agent.write_text(json.dumps({"tools": [{"name": "t", "inputSchema": schema_of(AgentCall)}]}))
    server.write_text(json.dumps({"tools": [{"name": "t",
                                              "inputSchema": schema_of(ServerCall)}]}))
    assert main(["diff", "--agent-file", str(agent), "--server-file", str(server)]) == 1
    assert "takes `level` only as 1 or 2 (the agent may send it as 3)" \
        in capsys.readouterr().out
    assert main(["diff", "--agent-file", str(server), "--server-file", str(server)]) == 0


def test_the_facts_name_the_values_so_a_wider_set_is_another_difference():
    # a baseline entry accepted for `"a"` with `level` 3 must not cover `level` 3 or 4
    # (4 is a value the server's `"b"` takes: one it takes nowhere is in.enum's)
    one = single(IN, of_rule(IN, sent(union([1, 2, 3]), union([1, 2], [2, 3, 4]))))
    two = single(IN, of_rule(IN, sent(union([1, 2, 3, 4]), union([1, 2], [2, 3, 4]))))
    assert (one.facts, two.facts) == (('"a": values level 3',), ('"a": values level 3 or 4',))


def plain(level: dict[str, Any]) -> dict[str, Any]:
    """An object that is no union: ``kind`` "a" or "b", ``level`` as given."""
    return obj({"kind": {"enum": ["a", "b"]}, "level": level}, ("kind", "level"))


def test_a_plain_object_free_where_a_variant_limits_the_key_is_held_to_it():
    # neither side's object limits `level` merged (the server's "b" takes any integer): the
    # agent's plain object may send "a" with a level the server's "a" refuses, here 3
    finding = single(IN, sent(plain({"type": "integer"}), union([1, 2], None)))
    assert 'with "a" it takes `level` only as 1 or 2 (the agent may send it as 3)' \
        in finding.message
    assert finding.facts == ('"a": values level 3',)
    # the agent's own bounds choose the value: a level the agent may send and "a" refuses
    below = single(IN, sent(plain({"type": "integer", "maximum": 2}), union([1, 2], None)))
    assert "(the agent may send it as 0)" in below.message


def test_a_plain_object_whose_own_bounds_keep_it_inside_the_variant_is_not_reported():
    bounded = plain({"type": "integer", "minimum": 1, "maximum": 2})
    assert of_rule(IN, sent(bounded, union([1, 2], None))) == []
    assert of_rule(IN, sent(plain({"enum": [1, 2]}), union([1, 2], None))) == []


def test_a_server_result_read_whole_is_held_to_the_agent_s_variants():
    finding = single(OUT, returned(plain({"type": "integer"}), union([1, 2], None)))
    assert ("takes `level` only as 1 or 2 (the server may return it as 3)"
            in finding.message)


def capped(kind: str, level: dict[str, Any], *names: str) -> dict[str, Any]:
    """``variant`` with ``level`` as given (no values of its own)."""
    shape = variant(kind, None, *names)
    return {**shape, "properties": {**shape["properties"], "level": level}}


def test_an_agent_kept_an_old_copy_of_the_server_s_union_is_held_to_its_narrowed_variant():
    # the agent's "a" and "b" both take any integer `level`; the server's "a" now takes 1
    # or 2: merged, both sides' `level` are free, and the agent's "a" may send 3
    agent = {"oneOf": [variant("a", None, "note"), variant("b", None)]}
    finding = single(IN, sent(agent, union([1, 2], None, note=True)))
    assert 'with "a" it takes `level` only as 1 or 2 (the agent may send it as 3)' \
        in finding.message
    # bounds every variant states alike are the merge's: the value is chosen within them
    low = {"type": "integer", "maximum": 2}
    alike = {"oneOf": [capped("a", low, "note"), capped("b", low)]}
    assert "(the agent may send it as 0)" in single(
        IN, sent(alike, union([1, 2], None, note=True))).message


def test_a_variant_bounding_the_key_its_own_way_is_not_judged_by_a_guessed_value():
    # the agent's "a" caps `level` at 2, its "b" does not: merged, no cap is left, so no
    # value is claimed for "a" (it may send 0, which the server's "a" refuses: not told)
    agent = {"oneOf": [capped("a", {"type": "integer", "maximum": 2}, "note"),
                       variant("b", None)]}
    assert of_rule(IN, sent(agent, union([1, 2], None, note=True))) == []
    # and the server's "b", free beside it, refuses nothing
    assert of_rule(IN, sent({"oneOf": [variant("a", [1], "note"), variant("b", None)]},
                            union([1, 2], None, note=True))) == []


def test_a_result_of_a_server_variant_free_at_the_key_fails_the_agent_s_narrower_variant():
    server = {"oneOf": [variant("a", None, "note"), variant("b", None)]}
    finding = single(OUT, returned(server, union([1, 2], None, note=True)))
    assert "takes `level` only as 1 or 2 (the server may return it as 3)" in finding.message


class FlatAgentX(BaseModel):
    """The agent's stub flattened the server's union: any `kind`, any integer `level`."""

    kind: Literal["a", "b"]
    level: int


class FlatAgentCall(BaseModel):
    x: FlatAgentX


class AnyLevelB(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: Literal["b"]
    level: int


class NarrowedServerCall(BaseModel):
    x: Annotated[Union[ServerA, AnyLevelB], Field(discriminator="kind")]  # noqa: UP007


def test_a_flattened_pydantic_stub_is_held_to_the_server_s_discriminated_union():
    finding = single(IN, diff([tool("t", schema_of(FlatAgentCall))],
                              [tool("t", schema_of(NarrowedServerCall))]))
    assert 'with "a" it takes `level` only as 1 or 2 (the agent may send it as 3)' \
        in finding.message
