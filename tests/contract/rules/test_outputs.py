from __future__ import annotations

from jsonschema import Draft202012Validator
from rulefixtures import children_reads, diff, fixture_findings, obj, of_rule, single, tool

S = {"type": "string"}
INT = {"type": "integer"}


def test_undeclared_output_schema():
    f = single("out.undeclared", fixture_findings("out.undeclared"))
    assert (f.tool, f.path, f.severity, f.direction) == ("status", "", "warning", "out")
    assert f.message.startswith("the server declares no outputSchema, so nothing the agent "
                                "expects back can be verified")


def test_undeclared_only_when_the_agent_expects_something():
    assert diff([tool("t")], [tool("t")]) == []


def test_missing_output_field():
    f = single("out.missing", fixture_findings("out.missing"))
    assert (f.path, f.severity) == ("state", "error")
    assert f.message == ("the agent reads `state`, which the server's output never declares "
                         "(its object at the root has no such field); the agent fails on "
                         "every result")


def test_missing_optional_output_field_is_a_warning_and_reported_once():
    agent = obj({"a": S, "extra": obj({"deep": obj({"x": S})})})
    server = obj({"a": S}, additionalProperties=False)
    findings = diff([tool("t", out=agent)], [tool("t", out=server)])
    assert [(f.rule_id, f.path, f.severity) for f in findings] == [
        ("out.missing", "extra", "warning")]


def test_a_key_the_servers_output_refuses_is_missing():
    # `false`, or `{"not": {}}` (zod's `z.never()`): the server never returns it (before:
    # "which the server may omit", a warning, where every result failed in the agent)
    for never in (False, {"not": {}}):
        server = obj({"a": S, "b": never, "c": never}, ("a",))
        findings = diff([tool("t", out=obj({"a": S, "b": S, "c": S}, ("a", "b")))],
                        [tool("t", out=server)])
        assert [(f.rule_id, f.path, f.severity) for f in findings] == [
            ("out.missing", "b", "error"), ("out.missing", "c", "warning")]
        assert findings[0].message == (
            "the agent reads `b`, which the server's output never holds (its schema there "
            "takes no value: `false` or `{\"not\": {}}`); the agent fails on every result")
        # a key the agent's model refuses too, or refuses where the server has none: it
        # reads nothing there
        refusing = obj({"a": S, "b": never, "d": never}, ("a",))
        assert diff([tool("t", out=refusing)], [tool("t", out=server)]) == []


def test_the_hint_reads_the_servers_object_once_however_many_keys_are_missing(monkeypatch):
    """Each missing key's hint offers what the server returns there that the agent never
    reads, by path: read and sorted once an object, not once a missing key."""
    asked = children_reads(monkeypatch)

    def diffed(k):
        asked.clear()
        read = [f"a{i}" for i in range(k)]
        agent = [tool("t", obj({}), obj(dict.fromkeys(read, S), read))]
        server = [tool("t", obj({}), obj({f"b{i}": S for i in range(k)}))]
        found = of_rule("out.missing", diff(agent, server))
        assert len(found) == k
        return asked.count(()), {f.hint for f in found}

    (few, _), (many, hints) = diffed(10), diffed(40)
    assert few == many
    assert hints == {"the server returns `b0`, `b1`, `b10`, `b11`, `b12` there, which the "
                     "agent does not read: read the field the server returns, or add this one "
                     "to its outputSchema"}


def test_a_free_form_server_output_absorbs_what_the_agent_reads():
    findings = diff([tool("t", out=obj({"a": S}, ("a",)))],
                    [tool("t", out={"type": "object"})])
    assert of_rule("out.missing", findings) == []


def test_optional_output_the_agent_relies_on():
    f = single("out.optional", fixture_findings("out.optional"))
    assert (f.path, f.severity) == ("state", "warning")
    assert f.message == ("the agent relies on `state`, which the server may omit; results "
                         "without it fail in the agent")


def test_a_map_key_may_always_be_absent():
    agent = obj({"m": obj({"k": S}, ("k",))})
    server = obj({"m": {"type": "object", "additionalProperties": S}})
    f = single("out.optional", diff([tool("t", out=agent)], [tool("t", out=server)]))
    assert f.path == "m.k"


def test_keys_the_agent_relies_on_in_a_free_form_output_are_a_warning_at_the_object():
    """FastMCP's ``-> dict`` declares ``{"type": "object"}``: nothing says a result holds
    the ``ok`` the agent requires (``{}`` is such a result; parity said nothing, where a
    server declaring no outputSchema at all gets ``out.undeclared``)."""
    agent = obj({"r": obj({"ok": {"type": "boolean"}, "n": INT, "z": INT}, ("ok", "n"))}, ("r",))
    for free in ({"type": "object"}, {"type": "object", "additionalProperties": True}, {}):
        server = obj({"r": free}, ("r",))
        assert Draft202012Validator(server).is_valid({"r": {}})
        f = single("out.optional", diff([tool("t", out=agent)], [tool("t", out=server)]))
        assert (f.path, f.severity) == ("r", "warning")
        assert 'relies on the keys "n", "ok" at `r`, where the server\'s outputSchema names ' \
               "no key" in f.message, f.message
    # the root itself, one key
    f = single("out.optional", diff([tool("t", out=obj({"ok": INT}, ("ok",)))],
                                    [tool("t", out={"type": "object"})]))
    assert f.path == "" and "hold it; results without it fail" in f.message
    # a key the agent may do without is not relied on
    assert diff([tool("t", out=obj({"ok": INT}))], [tool("t", out={"type": "object"})]) == []


def test_output_type_null_the_agent_does_not_accept():
    f = single("out.type", fixture_findings("out.type"))
    assert (f.path, f.severity) == ("count", "error")
    assert f.message == ("the server may return null at `count`, the agent accepts only "
                         "integer; such results fail in the agent")


def test_output_integer_fits_an_agent_number():
    assert diff([tool("t", out=obj({"n": {"type": "number"}}))],
                [tool("t", out=obj({"n": {"type": "integer"}}))]) == []


def test_output_numbers_of_whole_steps_fit_an_agent_integer():
    whole = {"type": "number", "multipleOf": 1}
    assert diff([tool("t", out=obj({"n": {"type": "integer"}}))],
                [tool("t", out=obj({"n": whole}))]) == []
    f = single("out.type", diff([tool("t", out=obj({"n": {"type": "integer"}}))],
                                [tool("t", out=obj({"n": {"type": "number"}}))]))
    assert f.path == "n"


def test_output_enum_wider_than_the_agents():
    f = single("out.enum", fixture_findings("out.enum"))
    assert f.message.startswith('the server may return "failed" at `state`')


def test_output_enum_subset_is_fine():
    assert diff([tool("t", out=obj({"s": {"enum": ["a", "b"]}}))],
                [tool("t", out=obj({"s": {"const": "a"}}))]) == []


def test_an_empty_agent_enum_is_said_in_words():
    """``{"enum": []}`` takes no value: said so, never as an empty list of values."""
    f = single("out.enum", diff([tool("t", out=obj({"s": {"enum": []}}))],
                                [tool("t", out=obj({"s": {"enum": ["a"]}}))]))
    assert f.message == ('the server may return "a" at `s`, which the agent does not accept '
                         "(the agent's enum is empty: it accepts no value there); such "
                         "results fail")
    f = single("out.enum", diff([tool("t", out=obj({"s": {"enum": []}}))],
                                [tool("t", out=obj({"s": {"type": "string"}}))]))
    assert "the agent's enum is empty: it accepts no value there" in f.message, f.message


def test_an_agent_enum_limiting_the_strings_alone_is_held_against_the_servers_strings():
    """The agent's result model reads ``Literal["auto"] | int``: a server returning any string
    (``str | int``) or another literal fails it; the same union, or a server within it,
    does not."""
    auto = {"anyOf": [{"const": "auto", "type": "string"}, {"type": "integer"}]}
    free = {"anyOf": [S, {"type": "integer"}]}
    f = single("out.enum", diff([tool("t", out=obj({"m": auto}))],
                                [tool("t", out=obj({"m": free}))]))
    assert f.path == "m" and f.message == (
        'the server may return any string at `m`, where the agent accepts only "auto" among '
        "strings (any integer otherwise); such results fail in the agent")
    assert f.facts == ('any string; agent accepts "auto"',)
    wider = {"anyOf": [{"enum": ["auto", "manual"]}, {"type": "integer"}]}
    f = single("out.enum", diff([tool("t", out=obj({"m": auto}))],
                                [tool("t", out=obj({"m": wider}))]))
    assert f.facts == ('"manual"',)
    for server in (auto, {"const": "auto"}, {"type": "integer"}):
        assert diff([tool("t", out=obj({"m": auto}))],
                    [tool("t", out=obj({"m": server}))]) == [], server
    # the agent takes any string: a server limiting its own is fine
    assert diff([tool("t", out=obj({"m": free}))], [tool("t", out=obj({"m": auto}))]) == []


def test_a_key_a_closed_pattern_map_never_sends_is_missing():
    server_out = {"type": "object", "additionalProperties": False,
                  "patternProperties": {"^x-": {"type": "string"}}}
    agent_out = obj({"total": {"type": "integer"}, "x-id": {"type": "string"}}, ("total",))
    findings = diff([tool("t", out=agent_out)], [tool("t", out=server_out)])
    finding = single("out.missing", findings)
    assert (finding.path, finding.severity) == ("total", "error")


# -- out.unknown -----------------------------------------------------------------------------


def test_unknown_names_each_key_a_closed_result_model_refuses_once():
    findings = of_rule("out.unknown", fixture_findings("out.unknown"))
    assert [(f.path, f.severity) for f in findings] == [
        ("jobs[].owner", "warning"), ("since", "error")]
    assert "the server may return `since`" in findings[1].message
    assert "its object at the root is closed, so every result fails" in findings[1].message
    assert "results holding it fail" in findings[0].message


def test_unknown_keys_of_a_map_and_an_open_model():
    closed = {"type": "object", "additionalProperties": False,
              "properties": {"a": {"type": "string"}}}
    server_map = {"type": "object", "additionalProperties": {"type": "string"}}
    f = single("out.unknown", diff([tool("t", out=obj({"m": closed}))],
                                   [tool("t", out=obj({"m": server_map}))]))
    assert (f.path, f.severity) == ("m{}", "warning") and "any key at `m`" in f.message
    # an agent map takes the server's keys; its patterns, only those they match
    def keyed(pattern: str) -> dict:
        return {"type": "object", "additionalProperties": False,
                "patternProperties": {pattern: {"type": "string"}}}
    assert of_rule("out.unknown", diff([tool("t", out=obj({"m": keyed("^x")}))],
                                       [tool("t", out=obj({"m": keyed("^x")}))])) == []
    f = single("out.unknown", diff([tool("t", out=obj({"m": keyed("^x-[a-z]$")}))],
                                   [tool("t", out=obj({"m": keyed("^x")}))]))
    assert '(such as "x")' in f.message, f.message
    named = obj({"xa": {"type": "string"}, "b": {"type": "string"}})
    f = single("out.unknown", diff([tool("t", out=obj({"m": keyed("^x")}))],
                                   [tool("t", out=obj({"m": named}))]))
    assert f.path == "m.b"
    # an open agent object ignores what it does not declare
    assert of_rule("out.unknown", diff([tool("t", out=obj({"m": obj({})}))],
                                       [tool("t", out=obj({"m": named}))])) == []


def test_unknown_is_an_error_only_where_every_result_holds_the_key():
    """``b`` is required in ``inner``, but ``inner`` may be null, and an item may not be
    there at all: results without them pass the agent."""
    closed = {"type": "object", "additionalProperties": False, "required": ["x"],
              "properties": {"x": S}}
    server_inner = {"type": "object", "required": ["x", "b"], "properties": {"x": S, "b": S}}
    agent = obj({"inner": {"anyOf": [closed, {"type": "null"}]},
                 "items": {"type": "array", "items": closed}, "always": closed},
                ("inner", "items", "always"))
    server = obj({"inner": {"anyOf": [server_inner, {"type": "null"}]},
                  "items": {"type": "array", "items": server_inner}, "always": server_inner},
                 ("inner", "items", "always"))
    findings = of_rule("out.unknown", diff([tool("t", out=agent)], [tool("t", out=server)]))
    assert [(f.path, f.severity) for f in findings] == [
        ("always.b", "error"), ("inner.b", "warning"), ("items[].b", "warning")]


def test_unknown_below_items_a_result_always_holds_is_an_error():
    closed = {"type": "object", "additionalProperties": False, "properties": {"a": S}}
    server_item = obj({"a": S, "b": S}, ("a", "b"))
    agent = obj({"rows": {"type": "array", "items": closed}}, ("rows",))
    for least, severity in ((0, "warning"), (1, "error")):
        server = obj({"rows": {"type": "array", "items": server_item, "minItems": least}},
                     ("rows",))
        f = single("out.unknown", diff([tool("t", out=agent)], [tool("t", out=server)]))
        assert (f.path, f.severity) == ("rows[].b", severity)


def test_an_array_that_holds_no_item_says_nothing_of_items():
    """``maxItems: 0`` beside typed items: the array is always empty, on either side."""
    empty = {"type": "array", "items": S, "maxItems": 0}
    integers = {"type": "array", "items": {"type": "integer"}}
    assert diff([tool("t", obj({"v": empty}))], [tool("t", obj({"v": integers}))]) == []
    assert diff([tool("t", out=obj({"v": integers}))], [tool("t", out=obj({"v": empty}))]) == []


def test_unknown_output_facts_say_whether_every_result_holds_the_key():
    agent = [tool("t", out=obj({"a": {}}, additionalProperties=False))]
    sometimes = single("out.unknown", diff(agent, [tool("t", out=obj({"a": {}, "b": {}}))]))
    always = single("out.unknown",
                    diff(agent, [tool("t", out=obj({"a": {}, "b": {}}, ("b",)))]))
    assert (sometimes.facts, always.facts) == (("server may return it",),
                                               ("server always returns it",))
