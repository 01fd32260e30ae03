"""Variants that type a key apart (``_typed``): ``in.variant``, ``in.tag`` and their ``out``
counterparts hold each way the sender sends a key to the types each variant takes it as."""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable, Iterable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator
from properties import draws
from rulefixtures import diff, obj, of_rule, single, tool

TEXT, INT = {"type": "string"}, {"type": "integer"}
SHAPES_IN, SHAPES_OUT, TAG_IN = "in.variant", "out.variant", "in.tag"
#: how an error says which calls (results) an open variant without its key may take
#: (``rules._ignored``): where parity cannot tell that every one does, it stays an error
UNLESS = "(unless the "


def closed(props: dict[str, Any], *required: str) -> dict[str, Any]:
    return obj(props, required, additionalProperties=False)


#: the server's `by`: a string `a` with a `b`, or an integer `a` alone, both closed
BY = {"anyOf": [closed({"a": TEXT, "b": TEXT}, "a", "b"), closed({"a": INT}, "a")]}


def sent(agent: dict[str, Any], server: dict[str, Any] = BY) -> list[Any]:
    return diff([tool("find", obj({"by": agent}, ("by",)))],
                [tool("find", obj({"by": server}, ("by",)))])


def returned(server: dict[str, Any], agent: dict[str, Any] = BY) -> list[Any]:
    return diff([tool("get", out=obj({"by": agent}, ("by",)))],
                [tool("get", out=obj({"by": server}, ("by",)))])


def test_a_key_sent_as_a_type_only_a_variant_missing_its_keys_takes_rejects_every_call():
    # merged, `by` takes `a` as a string or an integer and requires nothing more: before,
    # "no differences", and every call was rejected
    finding = single(SHAPES_IN, sent(closed({"a": TEXT}, "a")))
    assert finding.severity == "error" and finding.path == "by"
    assert finding.message == (
        "the server's object at `by` is a union of objects no key tells apart, which type "
        "their keys apart: it takes `a` only as integer (the agent always sends it as "
        "string), or requires `b` (the agent never sends it); every call that sends this "
        "object is rejected")
    assert "of the types it takes" in finding.hint


def test_an_agent_sending_one_variants_keys_at_its_types_fits():
    assert sent(closed({"a": TEXT, "b": TEXT}, "a", "b")) == []
    assert sent(closed({"a": INT}, "a")) == []
    assert sent(BY) == []
    # the agent's own union, each of its objects at its own types
    assert sent({"anyOf": [closed({"a": INT}, "a"), closed({"a": TEXT, "b": TEXT},
                                                            "a", "b")]}) == []


def test_a_key_sent_as_either_type_is_judged_type_by_type():
    # an integer `a` fits; a string `a` without `b` fits nothing: some calls, not every one
    finding = single(SHAPES_IN, sent(closed({"a": {"type": ["integer", "string"]}}, "a")))
    assert "it takes `a` only as integer (the agent always sends it as string)" \
        in finding.message
    assert "calls that send them so are rejected" in finding.message
    assert "every call" not in finding.message


def test_a_type_no_variant_takes_is_in_types_alone():
    findings = sent(closed({"a": {"type": "boolean"}}, "a"))
    assert single("in.type", findings).path == "by.a"
    assert of_rule(SHAPES_IN, findings) == []


def test_variants_typing_a_key_apart_are_judged_open_or_closed():
    # both open: `b` is still required of a string `a`
    server = {"anyOf": [obj({"a": TEXT, "b": TEXT}, ("a", "b")), obj({"a": INT}, ("a",))]}
    finding = single(SHAPES_IN, sent(obj({"a": TEXT}, ("a",)), server))
    assert finding.severity == "error" and "every call" in finding.message
    assert sent(obj({"a": INT}, ("a",)), server) == []


def test_a_tagged_variant_takes_its_keys_at_its_own_types():
    cat = closed({"kind": {"const": "cat"}, "size": INT}, "kind", "size")
    dog = closed({"kind": {"const": "dog"}, "size": TEXT}, "kind", "size")
    finding = single(TAG_IN, sent(closed({"kind": {"const": "cat"}, "size": TEXT},
                                         "kind", "size"), {"oneOf": [cat, dog]}))
    assert ('with "cat" it takes `size` only as integer (the agent always sends it as '
            'string); every call that sends this object with `kind` "cat" is rejected') \
        in finding.message
    assert sent(closed({"kind": {"const": "dog"}, "size": TEXT}, "kind", "size"),
                {"oneOf": [cat, dog]}) == []


def test_the_facts_name_the_types_so_a_key_sent_as_one_more_is_another_difference():
    def pet(kind: str, size: dict[str, Any]) -> dict[str, Any]:
        return closed({"kind": {"const": kind}, "size": size}, "kind", "size")

    pets = {"oneOf": [pet("cat", INT), pet("dog", TEXT), pet("eel", {"type": "boolean"})]}

    def facts(size: dict[str, Any]) -> tuple[str, ...]:
        return single(TAG_IN, sent(pet("cat", size), pets)).facts

    assert facts(TEXT) == ('"cat": types size string (every)',)
    # a baseline entry accepted for a string `size` covers no boolean one, nor both
    assert facts({"type": "boolean"}) == ('"cat": types size boolean (every)',)
    assert facts({"type": ["boolean", "string"]}) == (
        '"cat": types size boolean or types size string (every)',)


def test_a_key_an_open_tagged_variant_refuses_is_refused_with_its_tag():
    # zod's `b: z.never().optional()` in the open "x" variant: `{"not": {}}` (or `false`)
    # takes no value, where any other key not declared there is taken (before: "no
    # differences", as if the variant did not name `b`)
    for never in ({"not": {}}, False):
        x = obj({"kind": {"const": "x"}, "b": never}, ("kind",))
        y = obj({"kind": {"const": "y"}, "b": TEXT}, ("kind", "b"))
        finding = single(TAG_IN, sent(obj({"kind": {"const": "x"}, "b": TEXT}, ("kind", "b")),
                                      {"anyOf": [x, y]}))
        assert ('with "x" it refuses `b` (the agent always sends it); every call that sends '
                'this object with `kind` "x" is rejected') in finding.message
        assert not Draft202012Validator(x).is_valid({"kind": "x", "b": "v"})
        assert of_rule(TAG_IN, sent(obj({"kind": {"const": "x"}, "c": TEXT}, ("kind", "c")),
                                    {"anyOf": [x, y]})) == []  # (one it does not name: taken)
        # an object further down refusing its key: "without" it
        x = obj({"kind": {"const": "x"}, "o": obj({"p": never, "q": TEXT})}, ("kind",))
        y = obj({"kind": {"const": "y"}, "o": obj({"p": TEXT})}, ("kind",))
        agent = obj({"kind": {"const": "x"}, "o": obj({"p": TEXT}, ("p",))}, ("kind", "o"))
        finding = single(TAG_IN, sent(agent, {"anyOf": [x, y]}))
        assert ('with "x" it takes `o` only without `p` in it (the agent always sends it, '
                'with `p` only as string)') in finding.message


def test_a_result_the_agents_variants_take_at_other_types_fails():
    finding = single(SHAPES_OUT, returned(closed({"a": TEXT}, "a")))
    assert finding.severity == "error"
    assert ("it takes `a` only as integer (the server always returns it as string), or "
            "requires `b` (the server never returns it); every result fails in the agent") \
        in finding.message
    assert of_rule(SHAPES_OUT, returned(closed({"a": INT}, "a"))) == []


def test_closed_objects_the_merged_rules_pass_are_held_to_each_shape():
    # `{b}` or `{a, b}` requiring `b`, both closed: the keysets take `a` (the second
    # declares it) and no choice is left (the first requires nothing), so `in.choice` and
    # `in.exclusive` are silent; an agent sending `a` alone fits neither
    server = {"anyOf": [closed({"b": TEXT}), closed({"a": TEXT, "b": TEXT}, "b")]}
    finding = single(SHAPES_IN, sent(closed({"a": TEXT}, "a"), server))
    assert finding.message == (
        "the server's object at `by` is a union of closed objects no key tells apart: it "
        "refuses `a` (the agent always sends it), or requires `b` (the agent never sends "
        "it); every call that sends this object is rejected")
    assert sent(closed({"a": TEXT, "b": TEXT}, "b"), server) == []
    # where the merged rules speak, they are the rules of record, as before
    review = {"anyOf": [closed({"line": INT}, "line"), closed({"position": INT}, "position")]}
    findings = sent(closed({"line": INT, "position": INT}, "line", "position"), review)
    assert single("in.exclusive", findings) and of_rule(SHAPES_IN, findings) == []


def test_a_result_the_merged_rules_pass_is_held_to_each_of_the_agents_closed_objects():
    agent = {"anyOf": [closed({"b": TEXT}), closed({"a": TEXT, "b": TEXT}, "b")]}
    finding = single(SHAPES_OUT, returned(closed({"a": TEXT}, "a"), agent))
    assert finding.severity == "error" and "every result fails in the agent" in finding.message


def test_a_key_an_open_union_does_not_declare_is_said_ignored_by_open_objects():
    server = {"anyOf": [obj({"a": TEXT, "b": TEXT}, ("a", "b")), obj({"a": INT}, ("a",))]}
    unknown = single("in.unknown", sent(obj({"a": INT, "z": TEXT}, ("a", "z")), server))
    assert "is a union of open objects: no call is rejected for it alone" in unknown.message


# -- against jsonschema -------------------------------------------------------------------

NAMES = ("a", "b", "c")
#: a value of each type the objects below give keys
SAMPLES = {"string": "x", "integer": 1, "null": None, "boolean": True}
TYPES = st.sampled_from(sorted(SAMPLES))
#: a key's schema that takes no value: `false`, and its other spelling (zod's `z.never()`)
REFUSALS = (False, {"not": {}})
REFUSED = st.sampled_from(REFUSALS)


@st.composite
def _object(draw: st.DrawFn, *, sender: bool = False) -> dict[str, Any]:
    """An object of some of `a` to `c`, each of one type (a sender's maybe of two) or
    refused (``REFUSED``), requiring some, closed or not. A sender does not require a key
    it refuses (it would send nothing at all)."""
    names = sorted(draw(st.sets(st.sampled_from(NAMES), min_size=1)))
    props: dict[str, Any] = {}
    for name in names:
        if draw(st.integers(0, 4)) == 0:
            props[name] = draw(REFUSED)
            continue
        types = sorted(draw(st.sets(TYPES, min_size=1, max_size=2 if sender else 1)))
        props[name] = {"type": types[0] if len(types) == 1 else types}
    takes = [n for n in names if not sender or props[n] not in REFUSALS]
    required = sorted(draw(st.sets(st.sampled_from(takes)))) if takes else []
    extra = {"additionalProperties": False} if draw(st.booleans()) else {}
    return obj(props, tuple(required), **extra)


@st.composite
def _servers(draw: st.DrawFn) -> dict[str, Any]:
    return {draw(st.sampled_from(("anyOf", "oneOf"))): draw(
        st.lists(_object(), min_size=2, max_size=3))}


def _agents() -> st.SearchStrategy[dict[str, Any]]:
    return _object(sender=True) | st.builds(lambda branches: {"anyOf": branches},
                                            st.lists(_object(sender=True), min_size=2,
                                                     max_size=2))


def _calls(agent: dict[str, Any],
           values_of: Callable[[dict[str, Any], str], Iterable[Any]] = lambda one, key: (
               SAMPLES.values())) -> list[dict[str, Any]]:
    """Every object the agent sends, each key at each of ``values_of`` it (the sample
    types): for each of its objects (each alternative of its union), those of the keys it
    declares that it takes (an open object sends only what it declares)."""
    found: dict[str, dict[str, Any]] = {}  # by their text (`True == 1` in Python)
    for one in agent.get("anyOf", [agent]):
        takes = Draft202012Validator(one)
        declared = sorted(one["properties"])
        for size in range(len(declared) + 1):
            for keys in itertools.combinations(declared, size):
                for values in itertools.product(*(values_of(one, key) for key in keys)):
                    call = dict(zip(keys, values, strict=True))
                    if takes.is_valid(call):
                        found.setdefault(json.dumps(call, sort_keys=True), call)
    return list(found.values())


@settings(max_examples=draws(300), deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(_servers(), _agents())
def test_variant_findings_say_only_what_the_server_rejects(server, agent):
    """Against `jsonschema` on every call the agent's schema takes: no error where none is
    rejected; where a variant rule says every call is rejected, every one is; where it says
    some are, one is; and where every call is rejected, some rule says so (never "no
    differences")."""
    calls = _calls(agent)
    refuses = Draft202012Validator(server)
    rejected = [call for call in calls if not refuses.is_valid(call)]
    findings = sent(agent, server)
    for finding in findings:  # an error says some call is rejected, or which may pass
        assert finding.severity == "warning" or rejected or UNLESS in finding.message, \
            finding.message
    for finding in of_rule(SHAPES_IN, findings) + of_rule(TAG_IN, findings):
        if "every call" in finding.message:
            assert rejected == calls, (finding.message, [c for c in calls if c not in rejected])
        assert rejected, finding.message
    if calls and rejected == calls and "anyOf" in server:  # (`oneOf` is read as `anyOf`)
        assert any(f.severity == "error" for f in findings), (agent, server, findings)


@settings(max_examples=draws(200), deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(_servers(), _agents())
def test_result_findings_say_only_what_the_agents_model_refuses(model, returned_by):
    """The same, the other way: the server returns what ``returned_by`` sends, to an agent
    whose result model is the union ``model`` (an `out.missing` error is a key the agent
    reads that never arrives, whichever variant takes the result)."""
    results = _calls(returned_by)
    parses = Draft202012Validator(model)
    failing = [result for result in results if not parses.is_valid(result)]
    findings = returned(returned_by, model)
    for finding in findings:  # an error says some result fails, or which may pass
        assert finding.severity == "warning" or failing or UNLESS in finding.message or \
            finding.rule_id == "out.missing", finding.message  # (a key read is absent)
    for finding in of_rule(SHAPES_OUT, findings) + of_rule("out.tag", findings):
        if "every result" in finding.message:
            assert failing == results, (finding.message, failing)
        assert failing, finding.message


# -- the objects a variant gives a key -----------------------------------------------------


def _channel(kind: str, *config: str, closed: bool = False) -> dict[str, Any]:
    extra = {"additionalProperties": False} if closed else {}
    return obj({"type": {"const": kind},
                "config": obj({name: TEXT for name in config}, config, **extra)},
               ("type", "config"))


#: pydantic's discriminated union of a webhook whose `config` requires `url` and an email
#: whose `config` requires `address`
CHANNELS = {"oneOf": [_channel("webhook", "url"), _channel("email", "address")]}


def test_a_tag_sent_with_another_variants_nested_object_has_every_call_rejected():
    # merged, `config` asks "a `url` or an `address`", and the agent's webhook sends an
    # address: every path agreed, every call was rejected
    finding = single(TAG_IN, sent(_channel("webhook", "address"), CHANNELS))
    assert finding.severity == "error"
    assert ('with "webhook" it takes `config` only with `url` in it (the agent always sends '
            'it, never with `url`); every call that sends this object with `type` "webhook" '
            "is rejected") in finding.message
    assert sent(_channel("webhook", "url"), CHANNELS) == []
    assert sent(CHANNELS, CHANNELS) == []


def test_a_closed_nested_object_refuses_a_key_the_sender_always_holds():
    server = {"oneOf": [_channel("webhook", "url", closed=True),
                        _channel("email", "address", closed=True)]}
    agent = _channel("webhook", "url", "address")
    finding = single(TAG_IN, sent(agent, server))
    assert ("it takes `config` only without `address` in it (the agent always sends it, "
            "always with `address`)") in finding.message


def test_a_nested_object_the_sender_may_send_either_way_is_not_said_to_be_refused():
    # the agent's config may hold a url or an address: some calls fit
    agent = obj({"type": {"const": "webhook"},
                 "config": {"anyOf": [obj({"url": TEXT}, ("url",)),
                                      obj({"address": TEXT}, ("address",))]}},
                ("type", "config"))
    assert of_rule(TAG_IN, sent(agent, CHANNELS)) == []


def test_a_result_whose_nested_object_the_agents_variant_refuses_fails():
    finding = single("out.tag", returned(_channel("webhook", "address"), CHANNELS))
    assert "every result with `type` \"webhook\" fails in the agent" in finding.message


@st.composite
def _inner(draw: st.DrawFn, *, sender: bool, typed: bool = False) -> dict[str, Any]:
    """An object of some of `x`, `y` (requiring some, closed or not); a sender's declares
    one at least (one that declares none is free-form: it may send any key). ``typed``:
    each a string or an integer, else a string; or refused (``REFUSED``)."""
    names = sorted(draw(st.sets(st.sampled_from(("x", "y")), min_size=int(sender))))
    kinds = [TEXT, INT] if typed else [TEXT]
    props = {n: draw(st.sampled_from(kinds) | REFUSED) for n in names}
    takes = [n for n in names if not sender or props[n] not in REFUSALS]
    return obj(props, tuple(sorted(draw(st.sets(st.sampled_from(takes))))) if takes else (),
               **({"additionalProperties": False} if draw(st.booleans()) else {}))


@st.composite
def _holding(draw: st.DrawFn, *, sender: bool = False,
             keys: tuple[str, ...] = ("a", "o")) -> dict[str, Any]:
    """An object of some of ``keys``: `a` a string, the others objects of `x`, `y`
    (``_inner``), each its own."""
    names = draw(st.sets(st.sampled_from(keys), min_size=1))
    props = {n: TEXT if n == "a" else draw(_inner(sender=sender)) for n in sorted(names)}
    required = tuple(sorted(draw(st.sets(st.sampled_from(sorted(names))))))
    return obj(props, required,
               **({"additionalProperties": False} if draw(st.booleans()) else {}))


def _inner_values(one: dict[str, Any], key: str) -> list[Any]:
    """An object key as each object of the keys its schema declares (any of them, the
    others a string): the objects it sends there."""
    if key == "a":
        return ["v"]
    names = sorted(one["properties"][key]["properties"])
    return [dict.fromkeys(keys, "v") for size in range(len(names) + 1)
            for keys in itertools.combinations(names, size)]


@settings(max_examples=draws(300), deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_holding(), min_size=2, max_size=3),
       _holding(sender=True) | st.builds(lambda x, y: {"anyOf": [x, y]},
                                         _holding(sender=True), _holding(sender=True)))
def test_nested_object_findings_say_only_what_the_server_rejects(branches, agent):
    """Against `jsonschema` on every object the agent sends, `o` as each object it may be:
    "every call" holds for every one, "some calls" for one, and where every call is
    rejected some rule says so."""
    _held_to_jsonschema(agent, {"anyOf": branches})


@settings(max_examples=draws(300), deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_holding(keys=("o", "p")), min_size=2, max_size=3),
       _holding(sender=True, keys=("o", "p")) | st.builds(
           lambda x, y: {"anyOf": [x, y]}, _holding(sender=True, keys=("o", "p")),
           _holding(sender=True, keys=("o", "p"))))
def test_objects_two_keys_are_given_together_are_held_together(branches, agent):
    """The same with two object keys, which a server's variants may give apart crosswise
    (`{o: {x}, p: {y}}` or `{o: {y}, p: {x}}`): merged, each key takes either object, and
    an agent sending `x` in both fits no variant."""
    _held_to_jsonschema(agent, {"anyOf": branches})


@st.composite
def _deep(draw: st.DrawFn, *, sender: bool = False) -> dict[str, Any]:
    """An object of some of `a` (a string) and `o`, an object holding `p`, itself an object
    of `x`, `y` (``_inner``, each a string or an integer): objects two levels down, each
    level requiring its keys or not, closed or not."""
    names = sorted(draw(st.sets(st.sampled_from(("a", "o")), min_size=1)))
    props: dict[str, Any] = {"a": TEXT} if "a" in names else {}
    if "o" in names:
        props["o"] = obj({"p": draw(_inner(sender=sender, typed=True))},
                         ("p",) if draw(st.booleans())
                         else (), **({"additionalProperties": False} if draw(st.booleans())
                                     else {}))
    return obj(props, tuple(sorted(draw(st.sets(st.sampled_from(names))))),
               **({"additionalProperties": False} if draw(st.booleans()) else {}))


def _deep_values(one: dict[str, Any], key: str) -> list[Any]:
    """``_inner_values`` a level further down: `o` without `p`, or with each object `p`
    may be, its keys of the types `p` gives them."""
    if key == "a":
        return ["v"]
    inner = one["properties"][key]["properties"]["p"]["properties"]
    return [{}, *({"p": {name: "v" if inner[name] == TEXT else 1 for name in p}}
                  for p in _inner_values(one["properties"][key], "p"))]


@settings(max_examples=draws(300), deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_deep(), min_size=2, max_size=3),
       _deep(sender=True) | st.builds(lambda x, y: {"anyOf": [x, y]}, _deep(sender=True),
                                      _deep(sender=True)))
def test_objects_two_levels_down_are_held_to_each_variant(branches, agent):
    """The same two levels down: a server's variants alike but for the objects their `o`
    holds at `p`, where merged `o.p` takes either."""
    _held_to_jsonschema(agent, {"anyOf": branches}, _deep_values)


def _held_to_jsonschema(agent: dict[str, Any], server: dict[str, Any],
                        values_of: Callable[[dict[str, Any], str], Iterable[Any]]
                        = _inner_values) -> None:
    """The findings against `jsonschema` on every object the agent sends (each object key
    as each object it may be): no error where none is rejected, the variant findings' "every
    call" and "some calls" true, and some error where every call is rejected."""
    calls = _calls(agent, values_of)
    refuses = Draft202012Validator(server)
    rejected = [call for call in calls if not refuses.is_valid(call)]
    findings = sent(agent, server)
    for finding in findings:  # an error says some call is rejected, or which may pass
        assert finding.severity == "warning" or rejected or UNLESS in finding.message, \
            finding.message
    for finding in of_rule(SHAPES_IN, findings) + of_rule(TAG_IN, findings):
        # (a finding at `by.o` speaks of the calls that send `o`, at `by.o.p` of `o.p`)
        keys = finding.path.removeprefix("by").removeprefix(".").split(".")
        theirs = [c for c in calls if _holds(c, [k for k in keys if k])]
        refused = [c for c in theirs if c in rejected]
        if "every call" in finding.message:
            assert refused == theirs, (finding.message, [c for c in theirs if c not in refused])
        assert refused, finding.message
    if calls and rejected == calls:
        assert any(f.severity == "error" for f in findings), (agent, server, findings)


def _holds(call: Any, keys: list[str]) -> bool:
    """Whether ``call`` holds a value down the path of ``keys``."""
    for key in keys:
        if not isinstance(call, dict) or key not in call:
            return False
        call = call[key]
    return True


def _requiring(o: str, p: str) -> dict[str, Any]:
    """An object requiring `o` and `p`, each an object requiring the key named."""
    return obj({"o": obj({o: TEXT}, (o,)), "p": obj({p: TEXT}, (p,))}, ("o", "p"))


#: a union giving `o` and `p` objects crosswise
CROSSWISE = {"anyOf": [_requiring("x", "y"), _requiring("y", "x")]}


def test_a_key_no_variant_of_a_closed_union_declares_is_in_unknowns_alone():
    # every variant refuses `z`: `in.unknown` says every call that sends it is rejected,
    # and `in.variant` did too
    findings = sent(obj({"a": TEXT, "b": TEXT, "z": TEXT}, ("a", "b", "z")))
    assert [(f.rule_id, f.path) for f in findings] == [("in.unknown", "by.z")]
    assert single("in.unknown", findings).severity == "error"


def test_a_result_of_objects_the_agents_union_gives_crosswise_fails():
    # the other way: the agent's model takes `o` and `p` crosswise, the server returns `x`
    # in both
    finding = single(SHAPES_OUT, returned(_requiring("x", "x"), CROSSWISE))
    assert finding.severity == "error"
    assert "every result fails in the agent" in finding.message
    assert of_rule(SHAPES_OUT, returned(_requiring("x", "y"), CROSSWISE)) == []


def test_a_union_giving_one_key_objects_apart_is_left_to_that_keys_choice():
    # alike but for `o`'s object: `in.choice` at `by.o` says it, `in.variant` does not again
    server = {"anyOf": [obj({"o": obj({"x": TEXT}, ("x",))}, ("o",)),
                        obj({"o": obj({"y": TEXT}, ("y",))}, ("o",))]}
    findings = sent(obj({"o": obj({"z": TEXT}, ("z",))}, ("o",)), server)
    assert [f.rule_id for f in findings if f.severity == "error"] == ["in.choice"]
    assert single("in.choice", findings).path == "by.o"


def test_an_untagged_union_giving_a_key_objects_apart_is_worded_so():
    # a `config` with a `url` beside a `retries`, or one with an `address` alone
    server = {"anyOf": [obj({"retries": INT, "config": obj({"url": TEXT}, ("url",))},
                            ("retries", "config"), additionalProperties=False),
                        obj({"config": obj({"address": TEXT}, ("address",))}, ("config",),
                            additionalProperties=False)]}
    agent = obj({"config": obj({"address": TEXT}, ("address",)), "retries": INT},
                ("config", "retries"), additionalProperties=False)
    finding = single(SHAPES_IN, sent(agent, server))
    assert finding.message.startswith(
        "the server's object at `by` is a union of objects no key tells apart, which give "
        "their keys objects apart: it ")
    assert "every call that sends this object is rejected" in finding.message


def _two_down(inner: str, beside: str) -> dict[str, Any]:
    """An object requiring `o`, holding a `p` that requires ``inner``, and `s`, requiring
    ``beside``: objects one and two levels down."""
    return obj({"o": obj({"p": obj({inner: TEXT}, (inner,))}, ("p",)),
                "s": obj({beside: TEXT}, (beside,))}, ("o", "s"))


#: a union whose variants give `o` objects apart only two levels down, at `o.p`
TWO_DOWN = {"anyOf": [_two_down("x", "m"), _two_down("y", "n")]}


@pytest.mark.parametrize(("agent", "union", "said", "fitting"), [
    # merged, `o` and `p` each take an `x` or a `y`: the agent's `x` in both agreed with
    # every path, and every call was rejected
    (_requiring("x", "x"), CROSSWISE, "give their keys objects apart: it takes `o` only with "
     "`y` in it (the agent always sends it, never with `y`)",
     [_requiring("x", "y"), _requiring("y", "x")]),
    # merged, `o.p` takes an `x` or a `y` and `s` an `m` or an `n`: the same with an `x` and
    # an `n`
    (_two_down("x", "n"), TWO_DOWN, "it takes `o` only with `p.y` in it (the agent always "
     "sends it, never with `p.y`), or takes `s` only with `m` in it",
     [_two_down("x", "m"), _two_down("y", "n")]),
], ids=["crosswise", "two-levels-down"])
def test_objects_a_union_gives_apart_are_held_together(agent, union, said, fitting):
    finding = single(SHAPES_IN, sent(agent, union))
    assert finding.severity == "error"
    assert said in finding.message
    assert "every call that sends this object is rejected" in finding.message
    assert all(sent(fits, union) == [] for fits in fitting)


def test_a_result_of_objects_the_agents_union_gives_apart_two_levels_down_fails():
    finding = single(SHAPES_OUT, returned(_two_down("x", "n"), TWO_DOWN))
    assert finding.severity == "error"
    assert ("it takes `o` only with `p.y` in it (the server always returns it, never with "
            "`p.y`)") in finding.message
    assert "every result fails in the agent" in finding.message
    assert of_rule(SHAPES_OUT, returned(_two_down("y", "n"), TWO_DOWN)) == []


def _typed_down(kind: dict[str, Any], beside: str, *, deeper: bool) -> dict[str, Any]:
    """An object requiring `o`, whose `x` (or `p.x`, ``deeper``) is of type ``kind``, and
    `s`, closed, requiring ``beside``."""
    inner = closed({"x": kind}, "x")
    return closed({"o": closed({"p": inner}, "p") if deeper else inner,
                   "s": closed({beside: TEXT}, beside)}, "o", "s")


@pytest.mark.parametrize(("deeper", "path"), [(False, "x"), (True, "p.x")],
                         ids=["one-level-down", "two-levels-down"])
def test_a_union_typing_a_key_of_its_objects_apart_holds_each_variant_to_its_type(deeper,
                                                                                 path):
    # `{o: {x: string}, s: {m}}` or `{o: {x: integer}, s: {n}}`: merged, `o.x` takes either
    # and `s` an `m` or an `n`, so an agent sending a string `x` with an `n` agreed with
    # every path, and every call was rejected
    union = {"anyOf": [_typed_down(TEXT, "m", deeper=deeper),
                       _typed_down(INT, "n", deeper=deeper)]}
    finding = single(SHAPES_IN, sent(_typed_down(TEXT, "n", deeper=deeper), union))
    assert finding.severity == "error"
    assert (f"it takes `o` only with `{path}` as integer in it (the agent always sends it, "
            f"with `{path}` only as string)") in finding.message
    assert "every call that sends this object is rejected" in finding.message
    assert not Draft202012Validator(union).is_valid(
        {"o": {"p": {"x": "v"}} if deeper else {"x": "v"}, "s": {"n": "v"}})
    assert sent(_typed_down(INT, "n", deeper=deeper), union) == []
