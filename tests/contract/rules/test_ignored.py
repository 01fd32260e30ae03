"""Errors below a key that an open variant of the server's union does not declare
(``rules._ignored``): a warning where the agent's calls fit that variant, which takes them
whatever the key holds; an error, as before, where no call does. Each held to `jsonschema`
on the calls the example sends."""

from __future__ import annotations

from typing import Any

from jsonschema import Draft202012Validator
from rulefixtures import children_reads, diff, obj, of_rule, single, tool

TEXT, INT, BOOL = {"type": "string"}, {"type": "integer"}, {"type": "boolean"}
UNLESS = ("(unless the call fits a variant of the server's union at `by` that does not "
          "declare `p`: open, it takes the call and silently ignores `p`)")


def sent(agent: dict[str, Any], server: dict[str, Any]) -> list[Any]:
    return diff([tool("find", obj({"by": agent}, ("by",)))],
                [tool("find", obj({"by": server}, ("by",)))])


def returned(server: dict[str, Any], agent: dict[str, Any]) -> list[Any]:
    return diff([tool("get", out=obj({"by": agent}, ("by",)))],
                [tool("get", out=obj({"by": server}, ("by",)))])


def taken(server: dict[str, Any], call: dict[str, Any]) -> bool:
    return Draft202012Validator(server).is_valid(call)


def test_a_type_the_declaring_variant_refuses_is_ignored_by_an_open_one_without_the_key():
    server = {"anyOf": [obj({"o": TEXT}), obj({"p": INT})]}
    finding = single("in.type", sent(obj({"p": TEXT}, ("p",)), server))
    assert finding.severity == "warning"
    assert finding.message.endswith("such calls are rejected " + UNLESS)
    assert taken(server, {"p": "x"})  # the first variant takes it, `p` and all


def test_an_error_stays_where_the_open_variant_requires_a_key_the_agent_never_sends():
    server = {"anyOf": [obj({"o": TEXT}, ("o",)), obj({"p": INT})]}
    finding = single("in.type", sent(obj({"p": TEXT}, ("p",)), server))
    assert finding.severity == "error"
    assert "unless" not in finding.message
    assert not taken(server, {"p": "x"})


def test_a_closed_object_and_an_enum_below_the_key_are_ignored_alike():
    server = {"anyOf": [obj({"o": TEXT}),
                        obj({"p": obj({"k": {"enum": ["a"]}}, additionalProperties=False)})]}
    agent = obj({"p": obj({"k": {"enum": ["a", "b"]}, "x": TEXT}, ("k", "x"))}, ("p",))
    findings = sent(agent, server)
    assert {(f.rule_id, f.path, f.severity) for f in findings} == {
        ("in.enum", "by.p.k", "warning"), ("in.unknown", "by.p.x", "warning")}
    assert all(f.message.endswith(UNLESS) for f in findings)
    assert taken(server, {"p": {"k": "b", "x": "v"}})


def test_an_error_stays_where_each_variant_refuses_what_the_other_ignores():
    # `a` as an integer fails the first, `b` as a boolean the second: every call is rejected
    server = {"anyOf": [obj({"a": BOOL}), obj({"b": INT}, ("b",))]}
    findings = sent(obj({"a": INT, "b": BOOL}, ("a", "b")), server)
    assert {(f.rule_id, f.path, f.severity) for f in findings} == {
        ("in.type", "by.a", "error"), ("in.type", "by.b", "error")}
    assert not taken(server, {"a": 1, "b": True})


def test_an_error_stays_where_the_open_variant_types_another_key_apart():
    # the variants without `c` take `a` and `b` each as a type the agent does not send
    server = {"anyOf": [obj({"c": BOOL}), obj({"a": BOOL, "b": INT}),
                        obj({"a": INT, "b": BOOL})]}
    findings = sent(obj({"a": BOOL, "b": BOOL, "c": INT}, ("a", "b", "c")), server)
    assert single("in.type", findings).severity == "error"
    assert not taken(server, {"a": True, "b": True, "c": 1})


def test_a_key_sent_only_optionally_is_missing_in_every_variant_requiring_it():
    # the open variant requires `p` without declaring it: a call without `p` fits neither
    server = {"anyOf": [{"type": "object", "required": ["p"]}, obj({"p": INT}, ("p",))]}
    finding = single("in.missing-required", sent(obj({"p": INT}), server))
    assert finding.severity == "error"
    assert not taken(server, {})


def test_a_tool_whose_union_has_no_open_variant_without_the_key_is_unchanged():
    server = {"anyOf": [obj({"p": INT, "o": TEXT}), obj({"p": INT})]}
    finding = single("in.type", sent(obj({"p": TEXT}, ("p",)), server))
    assert finding.severity == "error"
    assert not taken(server, {"p": "x"})


def test_a_result_the_agents_open_variant_without_the_key_takes_is_a_warning():
    # the agent's model is a union whose first variant, open, has no `p`
    model = {"anyOf": [obj({"o": TEXT}), obj({"p": INT})]}
    finding = single("out.type", returned(obj({"p": TEXT}, ("p",)), model))
    assert finding.severity == "warning"
    assert finding.message.endswith(
        "(unless the result fits a variant of the agent's union at `by` that does not "
        "declare `p`: open, it takes the result and silently ignores `p`)")
    assert taken(model, {"p": "x"})


def test_a_key_the_agent_reads_is_missing_whichever_variant_takes_the_result():
    # the promised `p.q` never arrives: the result is taken as the first variant, and the
    # agent carries on without it
    model = {"anyOf": [obj({"o": TEXT}), obj({"p": obj({"q": INT}, ("q",))}, ("p",))]}
    server = obj({"p": obj({"r": INT}, ("r",))}, ("p",))
    findings = returned(server, model)
    finding = next(f for f in findings if f.path == "by.p.q")
    assert (finding.rule_id, finding.severity) == ("out.missing", "error")
    assert finding.message.endswith(
        "(unless the result fits a variant of the agent's union at `by` that does not "
        "declare `p`: open, it takes the result and silently ignores `p`)")
    assert taken(model, {"p": {"r": 1}})


def _pet(kind: str, sound: str) -> dict[str, Any]:
    return obj({"kind": {"const": kind}, sound: INT}, ("kind",))


#: pydantic's discriminated union of two open models: a cat that may meow, a dog that may bark
PETS = {"oneOf": [_pet("cat", "meow"), _pet("dog", "bark")]}


def test_a_tag_value_whose_variant_declares_the_key_keeps_the_error():
    # a "cat" with a string `meow` is rejected, a "dog" with one is taken, `meow` ignored
    agent = obj({"kind": {"enum": ["cat", "dog"]}, "meow": TEXT}, ("kind", "meow"))
    finding = single("in.type", sent(agent, PETS))
    assert finding.severity == "error"
    assert finding.message.endswith(
        "(unless the call fits a variant of the server's union at `by` that does not "
        "declare `meow`: open, it takes the call and silently ignores `meow`)")
    assert not taken(PETS, {"kind": "cat", "meow": "x"})
    assert taken(PETS, {"kind": "dog", "meow": "x"})


def test_a_tag_value_whose_variant_ignores_the_key_makes_it_a_warning():
    agent = obj({"kind": {"const": "dog"}, "meow": TEXT}, ("kind", "meow"))
    finding = single("in.type", sent(agent, PETS))
    assert finding.severity == "warning"
    assert taken(PETS, {"kind": "dog", "meow": "x"})


def test_another_keys_missing_requirement_its_own_object_meets_does_not_refuse_the_call():
    # the agent's first variant sends `o` without `y` and `p` with `x`; its second `p`
    # maybe without `x` (`in.missing-required` at `by.p.x`): the server's open `{p}` takes
    # every call sending `o`, whose `p` always holds `x` (before: "every call is rejected")
    def o_p(o: dict[str, Any] | None, p: dict[str, Any] | None, *required: str,
            ) -> dict[str, Any]:
        return obj({**({"o": o} if o else {}), **({"p": p} if p else {})}, required)

    y, x = obj({"y": TEXT}, ("y",)), obj({"x": TEXT}, ("x",))
    server = {"anyOf": [o_p(y, None), o_p(y, x), o_p(None, x)]}
    agent = {"anyOf": [o_p(obj({"x": TEXT}), x, "o", "p"), o_p(None, obj({"x": TEXT}))]}
    finding = single("in.missing-required", [f for f in sent(agent, server)
                                             if f.path == "by.o.y"])
    assert finding.severity == "warning"
    assert finding.message.endswith(UNLESS.replace("`p`", "`o`"))
    assert taken(server, {"o": {}, "p": {"x": "v"}}) and taken(server, {"o": {"x": "v"},
                                                                        "p": {"x": "v"}})


def test_a_variant_whose_object_further_down_is_open_without_the_key_takes_the_call():
    # the second variant's `o.p` is any object: it takes an integer `o.p.x`, which the
    # third refuses (before: "such calls are rejected", and none was)
    def holding(p: dict[str, Any]) -> dict[str, Any]:
        return obj({"a": TEXT, "o": obj({"p": p})})

    server = {"anyOf": [obj({"a": TEXT}, additionalProperties=False), holding(obj({})),
                        holding(obj({"x": TEXT}))]}
    finding = single("in.type", sent(holding(obj({"x": INT})), server))
    assert finding.severity == "error"  # (what the open object asks further is not judged)
    assert finding.message.endswith(
        "(unless the call fits a variant of the server's union at `by` whose object at "
        "`o.p` does not declare `x`: open, it takes the call and silently ignores `x`)")
    assert taken(server, {"a": "v", "o": {"p": {"x": 1}}})
    # closed there, it does not
    server["anyOf"][1] = holding(obj({}, additionalProperties=False))
    finding = single("in.type", sent(holding(obj({"x": INT})), server))
    assert "unless" not in finding.message
    assert not taken(server, {"a": "v", "o": {"p": {"x": 1}}})


def test_an_error_further_down_the_open_variant_also_ignores_does_not_refuse_the_call():
    # the first variant declares `o`, open and without `x`, and not `p`: it takes every
    # call, `o.x` and `p.x` strings and all; the second refuses both. The error at `p.x` is
    # a warning, its clause naming the first (before: an error without it, as the error at
    # `o.x` was taken to refuse the call there too)
    server = {"anyOf": [obj({"o": obj({})}), obj({"o": obj({"x": INT}), "p": obj({"x": INT})})]}
    agent = obj({"o": obj({"x": TEXT}), "p": obj({"x": TEXT})}, ("o",))
    found = {f.path: f for f in sent(agent, server)}
    assert found["by.p.x"].severity == "warning"
    assert found["by.p.x"].message.endswith(UNLESS)
    assert "does not declare `x`" in found["by.o.x"].message  # (further down: still an error)
    assert taken(server, {"o": {"x": "v"}, "p": {"x": "v"}})
    # closed, the first variant's `o` refuses `x`: the call fits no variant
    server["anyOf"][0] = obj({"o": obj({}, additionalProperties=False)})
    found = {f.path: f for f in sent(agent, server)}
    assert found["by.p.x"].severity == "error" and "unless" not in found["by.p.x"].message
    assert not taken(server, {"o": {"x": "v"}, "p": {"x": "v"}})


def test_the_objects_below_a_union_are_read_once_however_many_keys_err(monkeypatch):
    """Each of k keys mistyped below an open variant's object that does not declare them
    is softened by the same reading of the agent's objects: read once an object, not once
    an erring key (an object of 2,000 keys took 6 s), each error saying which key."""
    from parity.fieldpaths.fieldpath import parse

    asked = children_reads(monkeypatch)

    def diffed(k):
        asked.clear()
        names = [f"a{i}" for i in range(k)]
        agent = obj({"x": obj({"o": obj(dict.fromkeys(names, INT))})})
        server = obj({"x": {"anyOf": [
            obj({"o": obj(dict.fromkeys(names, TEXT), additionalProperties=False)},
                additionalProperties=False),
            obj({"o": obj({"z": TEXT})})]}})
        found = of_rule("in.type", diff([tool("t", agent)], [tool("t", server)]))
        assert sorted(f.path for f in found) == sorted(f"x.o.{name}" for name in names)
        assert all(f.message.endswith(
            f"(unless the call fits a variant of the server's union at `x` whose object at "
            f"`o` does not declare `{f.path[4:]}`: open, it takes the call and silently "
            f"ignores `{f.path[4:]}`)") for f in found)
        return asked.count(parse("x")), asked.count(parse("x.o"))

    assert diffed(10) == diffed(40)
