"""in.tag: each tag value the agent sends, held to the server's variants for that value."""

from __future__ import annotations

from typing import Any

import pytest
from rulefixtures import children_reads, diff, fixture_findings, obj, of_rule, single, tool

from parity.contract.rules import _variants
from parity.contract.rules.tags import IN, OUT
from parity.fieldpaths.fieldpath import parse

TEXT = {"type": "string"}


def pet(tag: Any, *required: str, closed: bool = True, names: tuple[str, ...] = ()
        ) -> dict[str, Any]:
    """A pet tagged ``tag`` at ``kind`` (a list: an ``enum``), requiring ``required``."""
    kind = {"enum": tag} if isinstance(tag, list) else {"const": tag}
    extra = {"additionalProperties": False} if closed else {}
    return obj({"kind": {"type": "string", **kind},
                **{n: TEXT for n in (*required, *names)}}, ("kind", *required), **extra)


#: the server's pets: a cat requires `meow`, a dog `bark`, each closed (pydantic's forbid)
PETS = {"oneOf": [pet("cat", "meow", names=("lives",)), pet("dog", "bark")]}


def sent(agent_pet: dict[str, Any], server_pet: dict[str, Any] = PETS) -> list[Any]:
    return diff([tool("adopt", obj({"pet": agent_pet}, ("pet",)))],
                [tool("adopt", obj({"pet": server_pet}, ("pet",)))])


def test_a_tag_sent_with_another_variants_keys_has_every_call_rejected():
    findings = sent(pet("cat", "bark"))
    finding = single(IN, findings)
    assert finding.path == "pet" and finding.severity == "error"
    assert 'with "cat" it requires `meow` (the agent never sends it)' in finding.message
    assert "refuses `bark` (the agent always sends it)" in finding.message
    assert 'with `kind` "cat" is rejected' in finding.message
    # merged path by path the union agrees with it: in.tag alone says so (in.choice and
    # in.exclusive leave a linked object to it)
    assert [f.rule_id for f in findings] == [IN]
    # the fixture: the same stub against pydantic's own discriminated union, its "ok" pair
    # the agent written as the server's union
    assert single(IN, fixture_findings(IN)).path == "pet"


def test_an_agent_union_of_the_servers_variants_is_not_reported():
    assert sent(PETS) == []
    assert sent({"anyOf": [pet("dog", "bark"), pet("cat", "meow")]}) == []
    assert sent(pet("cat", "meow")) == []  # one variant alone
    assert sent(pet("dog", "bark")) == []


def test_each_value_of_an_agent_enum_is_held_to_its_variant():
    # `kind` "cat" or "dog" with `meow` alone: a dog without `bark` is refused
    finding = single(IN, sent(pet(["cat", "dog"], "meow")))
    assert 'with "dog" it requires `bark` (the agent never sends it)' in finding.message
    assert "refuses `meow` (the agent always sends it)" in finding.message
    assert '"cat"' not in finding.message


def test_an_optional_key_a_variant_requires_is_an_error_and_one_it_refuses_a_warning():
    # `meow` optional: calls may leave it out, as in.required reports for a required key
    finding = single(IN, sent(pet("cat", names=("meow",))))
    assert finding.severity == "error"
    assert "`meow` (the agent may omit it)" in finding.message
    assert "calls that send them so are rejected" in finding.message
    # `bark` optional beside `meow`: only calls that send it fail
    finding = single(IN, sent(pet("cat", "meow", names=("bark",))))
    assert finding.severity == "warning"
    assert "refuses `bark` (the agent may send it)" in finding.message


def test_keys_the_whole_object_requires_or_never_takes_are_other_rules():
    # `name` required by every variant: in.missing-required says it, not in.tag
    both = {"oneOf": [pet("cat", "meow", "name"), pet("dog", "bark", "name")]}
    findings = sent(pet("cat", "meow"), both)
    assert of_rule(IN, findings) == [] and of_rule("in.missing-required", findings)
    # `wings` in no variant: in.unknown's
    findings = sent(pet("cat", "meow", names=("wings",)))
    assert of_rule(IN, findings) == [] and of_rule("in.unknown", findings)
    # a value no variant takes: in.enum's
    findings = sent(pet("cow", "moo"))
    assert of_rule(IN, findings) == [] and of_rule("in.enum", findings)


def test_open_variants_ask_only_their_required_keys():
    open_pets = {"oneOf": [pet("cat", "meow", closed=False), pet("dog", "bark", closed=False)]}
    assert of_rule(IN, sent(pet("cat", "meow", names=("bark",)), open_pets)) == []
    assert "requires `meow`" in single(IN, sent(pet("cat", "bark"), open_pets)).message


def test_an_agent_tag_of_any_value_is_left_to_the_merged_rules():
    # nothing links a free string to a variant: in.choice weighs the merged union instead
    findings = sent(obj({"kind": TEXT, "lives": TEXT}, ("kind",),
                        additionalProperties=False))
    assert of_rule(IN, findings) == [] and of_rule("in.choice", findings)


def test_an_agent_union_whose_variant_breaks_its_servers_is_reported():
    agent = {"oneOf": [pet("cat", "meow"), pet("dog", "meow")]}
    finding = single(IN, sent(agent))
    assert 'with "dog" it requires `bark`' in finding.message and '"cat"' not in finding.message


def test_a_list_of_tagged_objects_is_checked_at_its_items():
    agent = obj({"pets": {"type": "array", "items": pet("dog", "meow")}})
    server = obj({"pets": {"type": "array", "items": PETS}})
    finding = single(IN, diff([tool("adopt", agent)], [tool("adopt", server)]))
    assert finding.path == "pets[]"


def test_a_closed_variant_of_a_union_below_another_refuses_what_it_refuses():
    # the server's `pet` is a union in one of `home`'s alternatives: its closed cat refuses
    # `bark` (declared by its open dog), which the agent's cat may send
    home = {"anyOf": [
        obj({"at": {"const": "farm"}, "pet": pet("cow", "moo", closed=False)}, ("at",)),
        obj({"at": {"const": "flat"}, "pet": {"anyOf": [
            pet("cat", "meow"), pet("dog", closed=False, names=("bark",))]}}, ("at",))]}
    agent = obj({"at": {"const": "flat"}, "pet": pet("cat", "meow", names=("bark",))}, ("at",))
    findings = diff([tool("adopt", obj({"home": agent}, ("home",)))],
                    [tool("adopt", obj({"home": home}, ("home",)))])
    finding = single(IN, findings)
    assert finding.path == "home.pet" and finding.severity == "warning"
    assert 'with "cat" it refuses `bark` (the agent may send it)' in finding.message
    # the same server's pets at the top: the same finding
    assert "refuses `bark`" in single(IN, sent(pet("cat", "meow", names=("bark",)), {
        "anyOf": [pet("cat", "meow"), pet("dog", closed=False, names=("bark",))]})).message


def test_never_and_always_are_said_of_every_way_the_agent_sends_the_value():
    # `bark` always sent, `fetch` only may be: not "always sends them"
    pets = {"oneOf": [pet("cat", "meow"), pet("dog", "bark", names=("fetch",))]}
    finding = single(IN, sent(pet("cat", "meow", "bark", names=("fetch",)), pets))
    assert "refuses `bark` and `fetch` (the agent may send them)" in finding.message
    # one agent cat sends `meow`, the other never does: "may omit", not "never sends",
    # and which of them the error is for
    agent = {"anyOf": [pet("cat", "meow"), pet(["cat", "dog"])]}
    finding = single(IN, sent(agent, {"oneOf": [pet("cat", "meow"), pet("dog")]}))
    assert finding.severity == "error"
    assert ("requires `meow` (the agent may omit it; one of its variants never sends it)"
            in finding.message)


# -- out.tag ---------------------------------------------------------------------------------


def returned(server_pet: dict[str, Any], agent_pet: dict[str, Any] = PETS) -> list[Any]:
    return diff([tool("get_pet", None, obj({"pet": agent_pet}, ("pet",)))],
                [tool("get_pet", None, obj({"pet": server_pet}, ("pet",)))])


def test_a_result_with_another_variants_keys_fails_in_the_agent():
    findings = returned(pet("cat", "bark"))
    finding = single(OUT, findings)
    assert finding.path == "pet" and finding.severity == "error"
    assert 'with "cat" it requires `meow` (the server never returns it)' in finding.message
    assert "refuses `bark` (the server always returns it)" in finding.message
    assert 'every result with `kind` "cat" fails in the agent' in finding.message
    # out.choice and out.exclusive leave the linked object to out.tag
    assert of_rule("out.choice", findings) == [] and of_rule("out.exclusive", findings) == []
    assert single(OUT, fixture_findings(OUT)).path == "pet"


def test_a_server_returning_the_agents_variants_is_not_reported():
    assert of_rule(OUT, returned(PETS)) == []
    assert of_rule(OUT, returned(pet("dog", "bark"))) == []


def test_a_key_the_server_may_omit_or_may_return_is_a_warning():
    finding = single(OUT, returned(pet("cat", names=("meow",))))
    assert finding.severity == "warning" and "(the server may omit it)" in finding.message
    assert "results holding them so fail in the agent" in finding.message
    finding = single(OUT, returned(pet("cat", "meow", names=("bark",))))
    assert finding.severity == "warning" and "(the server may return it)" in finding.message


def test_a_free_form_server_object_cannot_tell():
    assert of_rule(OUT, returned({"type": "object"})) == []


# -- what the agent may really send (found by an adversarial sweep) ---------------------------


def untagged(**props: Any) -> dict[str, Any]:
    return {"type": "object", "properties": props}


def test_one_and_one_point_zero_are_one_tag_value():
    server = {"anyOf": [obj({"t": {"const": 1}, "x": TEXT}, ("t", "x")),
                        obj({"t": {"const": 1.0}, "y": TEXT}, ("t", "y"))]}
    agent = obj({"t": {"const": 1}, "y": TEXT}, ("t", "y"))
    assert of_rule(IN, sent(agent, server)) == []


def test_an_agent_union_is_judged_by_each_of_its_ways():
    a, b = pet("cat", "meow", closed=False), pet("cat", "purr", closed=False)
    server = {"anyOf": [a, b, pet("dog", "bark")]}
    # the same tag, each alternative requiring its own key: its choice splits its ways
    assert of_rule(IN, sent({"anyOf": [a, b]}, server)) == []
    # a closed alternative beside an open one declaring more: the agent has tags of its own
    closed_cat = pet("cat")
    open_dog = pet("dog", closed=False, names=("bark",))
    server = {"anyOf": [closed_cat, open_dog, pet("cow", "moo")]}
    assert sent({"anyOf": [closed_cat, open_dog]}, server) == []


def test_calls_that_each_fit_some_variant_are_not_reported():
    # `{kind, meow}` fits the first variant, `{kind, meow, purr}` the second
    server = {"anyOf": [pet("cat", "meow"), pet("cat", "meow", "purr", closed=False),
                        pet("dog", "bark")]}
    assert of_rule(IN, sent(pet("cat", "meow", names=("purr",)), server)) == []


def test_an_open_agent_variant_that_may_send_a_key_is_not_said_never_to():
    agent = {"anyOf": [pet("cat", closed=False, names=("meow",)), pet("dog", "bark")]}
    finding = single(IN, sent(agent))
    assert "(the agent may omit it)" in finding.message and "every call" not in finding.message


def test_a_value_no_variant_takes_leaves_the_merged_rules_to_in_tag_and_in_enum():
    findings = sent(pet(["cat", "dog", "cow"], names=("meow", "bark")))
    assert {f.rule_id for f in findings} == {IN, "in.enum"}


def test_a_large_enum_is_worded_in_a_few_values():
    cats = [f"cat{i}" for i in range(2000)]
    dogs = [f"dog{i}" for i in range(2000)]
    server = {"oneOf": [pet(cats, "meow"), pet(dogs, "bark")]}
    finding = single(IN, sent(pet(cats + dogs, "meow"), server))
    assert "and 1997 other values alike" in finding.message  # three are worded
    assert 'every call that sends this object with `kind` "dog' in finding.message
    assert len(finding.message) < 1000


# -- second sweep ------------------------------------------------------------------------------


def test_a_key_no_variant_declares_is_refused_by_a_closed_variant_of_an_open_union():
    # the dog is open, so in.unknown only warns that `wings` is ignored: the cat refuses it
    open_dog = {"anyOf": [pet("cat", "meow"), pet("dog", "bark", closed=False)]}
    findings = sent(pet("cat", "meow", "wings"), open_dog)
    finding = single(IN, findings)
    assert finding.severity == "error" and "refuses `wings`" in finding.message
    # in.unknown's warning says the closed variants reject it, not only that it is ignored
    unknown = single("in.unknown", findings)
    assert unknown.severity == "warning" and "(the closed ones refuse it)" in unknown.message
    finding = single(OUT, returned(pet("cat", "meow", "wings"), open_dog))
    assert 'every result with `kind` "cat" fails' in finding.message


def test_unevaluated_properties_beside_the_union_leaves_a_closed_variant_its_keys():
    server = {"type": "object", "properties": {"kind": TEXT}, "unevaluatedProperties": False,
              "anyOf": [pet("cat", "meow"), pet("dog", "bark", closed=False)]}
    finding = single(IN, sent(pet("cat", "meow", "bark"), server))
    assert 'every call that sends this object with `kind` "cat"' in finding.message


def test_values_with_the_same_variants_are_judged_once(monkeypatch):
    # 2,000 values, 12 optional keys (4,096 sets each): judged once, not once a value
    keys = [f"k{i}" for i in range(12)]
    values = [f"v{i}" for i in range(2000)]
    server = {"anyOf": [pet(values, k, names=tuple(keys)) for k in keys]
              + [pet(values), pet("other", "zz")]}
    judged = []
    fits = _variants.fitting
    monkeypatch.setattr(_variants, "fitting", lambda *a: judged.append(a) or fits(*a))
    assert of_rule(IN, sent(pet(values, names=tuple(keys)), server)) == []
    assert 0 < len(judged) <= 2


def _adopt(extra: str, *, cat_barks: bool = False, optional: bool = False) -> dict[str, Any]:
    """pydantic's own schema of ``Union[Cat, Dog]`` told apart by ``kind``, each model with
    ``extra`` (``"ignore"``, pydantic's default, writes them open): a cat with ``meow`` (and
    ``bark``, optional, where ``cat_barks``), a dog with ``bark``, required unless
    ``optional``."""
    from typing import Annotated, Literal, Union

    from pydantic import BaseModel, ConfigDict, Field, create_model

    sound: Any = (str | None, None) if optional else (str, ...)
    config = ConfigDict(extra=extra)  # type: ignore[typeddict-item]
    cat = create_model("Cat", __config__=config, kind=(Literal["cat"], ...), meow=sound,
                       **({"bark": (str | None, None)} if cat_barks else {}))
    dog = create_model("Dog", __config__=config, kind=(Literal["dog"], ...), bark=sound)

    class Adopt(BaseModel):
        pet: Annotated[Union[cat, dog], Field(discriminator="kind")]  # type: ignore[valid-type]  # noqa: UP007

    return Adopt.model_json_schema()


def _adopting(agent: dict[str, Any], server: dict[str, Any]) -> list[Any]:
    return diff([{"name": "adopt", "inputSchema": agent}],
                [{"name": "adopt", "inputSchema": server}])


def test_an_open_agent_variant_sends_only_the_keys_it_declares():
    # the commonest pair: the agent's models pydantic's default (open), the server's
    # forbidding; the agent's cat never sends `bark` (once said to: the merged object's)
    assert _adopting(_adopt("ignore", optional=True), _adopt("forbid", optional=True)) == []


def test_a_key_an_open_agent_variant_declares_and_the_servers_refuses_is_reported():
    # the agent's cat may send `bark`, the server's cat forbids it: once missed (the
    # manifest recorded only what an open variant requires)
    finding = single(IN, _adopting(_adopt("ignore", cat_barks=True), _adopt("forbid")))
    assert finding.severity == "warning"
    assert 'with "cat" it refuses `bark` (the agent may send it)' in finding.message


def test_a_branch_an_all_of_leaves_without_a_tag_value_sends_nothing():
    # the agent's `allOf` of "z" and a union whose "x" declares `c`: it never sends `c`
    tag = obj({"kind": {"const": "z"}}, ("kind",))
    agent = {"allOf": [tag, {"anyOf": [obj({"kind": {"const": "x"}, "c": TEXT}, ("kind",)),
                                       tag]}]}
    server = {"anyOf": [obj({"kind": {"const": "y"}}, ("kind",)),
                        obj({"kind": {"const": "z"}}, ("kind",), additionalProperties=False)]}
    assert sent(agent, server) == []


def _cats(*sounds: str) -> dict[str, Any]:
    """pydantic's schema of a plain ``Union`` of cats, each model pydantic's default (open)
    with ``kind`` "cat" and the one required ``sounds`` it is named after."""
    from typing import Literal, Union

    from pydantic import BaseModel, create_model

    models = [create_model(f"Cat_{sound}", kind=(Literal["cat"], ...), **{sound: (str, ...)})
              for sound in sounds]

    class Adopt(BaseModel):
        pet: Union[tuple(models)]  # type: ignore[valid-type]  # noqa: UP007

    return Adopt.model_json_schema()


def test_an_agent_union_sharing_its_tag_value_is_judged_by_each_model():
    # the agent's purring cat sends `purr`, its meowing cat `meow`: neither both, and the
    # server's cats take either (once a warning: the two were merged into one cat that
    # may send both, and the closed cat refuses one)
    server = {"oneOf": [pet("cat", "meow"), pet("cat", "purr"), pet("dog", "bark")]}
    assert _adopting(_cats("meow", "purr"), _adopting_server(server)) == []
    # a cat the server has no variant for is still found: `hiss` alone fits none
    finding = single(IN, _adopting(_cats("meow", "hiss"), _adopting_server(server)))
    assert finding.severity == "error"
    assert 'with "cat" it requires `meow` (the agent may omit it)' in finding.message


def test_a_server_result_union_sharing_its_tag_value_is_judged_by_each_way():
    # the server's models open (pydantic's default): each returns the keys it declares
    cats = {"anyOf": [pet("cat", "meow", closed=False), pet("cat", "purr", closed=False)]}
    agent = {"oneOf": [pet("cat", "meow"), pet("cat", "purr"), pet("dog", "bark")]}
    assert of_rule(OUT, returned(cats, agent)) == []
    finding = single(OUT, returned({"anyOf": [pet("cat", "meow", closed=False),
                                              pet("cat", "hiss", closed=False)]}, agent))
    # a hissing cat lacks what each of the agent's cats requires (`hiss` itself is
    # out.undeclared's: no variant declares it)
    assert finding.severity == "warning"
    assert 'with "cat" it requires `meow` (the server may omit it)' in finding.message


def test_a_server_union_sharing_its_tag_value_is_judged_variant_by_variant():
    # each of its cats asks what it asks; as close to one as to the other, both are said
    server = {"oneOf": [pet("cat", "meow"), pet("cat", "purr")]}
    finding = single(IN, sent(pet("cat", names=("meow", "purr")), server))
    assert finding.severity == "error"  # a cat sending neither is rejected
    assert ('is a union of variants that all require `kind`: with "cat" it requires `meow` '
            "(the agent may omit it) and refuses `purr` (the agent may send it), or requires "
            "`purr` (the agent may omit it) and refuses `meow` (the agent may send it)"
            ) in finding.message
    assert sent(pet("cat", "meow"), server) == []


def test_a_closed_variant_and_one_requiring_a_key_never_sent_reject_every_call():
    # once missed (merged, the union asked nothing of `x`'s sender) and worded "silently
    # ignored" by in.unknown: the closed cat refuses `x`, the open one requires `w`
    server = {"anyOf": [pet("cat"), pet("cat", "w", closed=False)]}
    findings = sent(pet("cat", "x"), server)
    finding = single(IN, findings)
    assert finding.severity == "error"
    assert 'every call that sends this object with `kind` "cat" is rejected' in finding.message
    unknown = single("in.unknown", findings)
    assert ('with `kind` "cat" a call that sends it fits none of its variants (the closed '
            "ones refuse it) and is rejected") in unknown.message


@pytest.mark.parametrize("server", [
    # the agent's "cat" reaches the open cat alone: the closed variant is the dog's
    {"oneOf": [pet("cat", closed=False, names=("z",)), pet("dog")]},
    # a closed cat requiring `x` beside an open one: every call fits the open one
    {"oneOf": [pet("cat", "x"), pet("cat", closed=False)]},
    # the same value taken by a closed variant and by an open one of another value too
    {"anyOf": [pet("cat"), pet(["dog", "cat"], closed=False)]},
])
def test_a_key_the_open_variants_take_is_said_to_be_ignored(server):
    findings = sent(pet("cat", closed=False, names=("w",)), server)
    unknown = single("in.unknown", findings)
    assert unknown.severity == "warning"
    assert ("no call is rejected for it alone, an open variant that takes the call silently "
            "ignores it") in unknown.message
    assert of_rule(IN, findings) == []


def test_a_key_sent_only_with_a_value_an_open_variant_takes_is_ignored():
    # `w` goes out only with "a", whose variant is open; "b"'s closed one never sees it
    agent = {"anyOf": [pet("a", "w", closed=False), pet("b", closed=False)]}
    findings = sent(agent, {"oneOf": [pet("b"), pet("a", closed=False)]})
    unknown = single("in.unknown", findings).message
    assert "no call is rejected for it alone" in unknown and "refuse" not in unknown
    assert of_rule(IN, findings) == []


def test_a_key_rejected_with_a_value_is_said_so_though_in_tag_names_another():
    # the agent's first "c" always sends `x`, which the server's only "c" refuses; in.tag
    # names the closest gap (`z`, which the second may send), in.unknown says why `x` fails
    agent = {"anyOf": [pet("c", "x", closed=False), pet("c", closed=False, names=("z",))]}
    findings = sent(agent, {"oneOf": [pet("c"), pet("b", closed=False)]})
    unknown = single("in.unknown", [f for f in findings if f.path == "pet.x"])
    assert 'with `kind` "c" a call that sends it fits none of its variants' in unknown.message


def test_a_key_beside_a_call_rejected_for_another_is_not_said_to_be_why():
    # the server's "cat" requires `x`, which the agent never sends: in.tag says so; `z`
    # alone rejects no call, and no open variant is said to take it
    findings = sent(pet("cat", "z"), {"anyOf": [pet("cat", "x"), pet("dog", closed=False)]})
    assert "requires `x` (the agent never sends it)" in single(IN, findings).message
    unknown = single("in.unknown", [f for f in findings if f.path == "pet.z"]).message
    assert "no call is rejected for it alone" in unknown


def test_a_key_sent_with_any_tag_value_may_be_rejected():
    # the agent's `kind` is any string: nothing links its calls to a variant
    agent = obj({"kind": TEXT, "meow": TEXT, "wings": TEXT}, ("kind", "meow", "wings"))
    open_dog = {"anyOf": [pet("cat", "meow"), pet("dog", "bark", closed=False)]}
    unknown = single("in.unknown", sent(agent, open_dog))
    assert "its closed variants may reject it, its open ones silently ignore it" in \
        unknown.message


def test_an_error_for_one_variant_of_the_agent_says_so():
    # the agent's closed "a" always sends `z`, which the server's "a" refuses: every call
    # by that variant is rejected (an error), though its open "a" never sends `z`
    agent = {"anyOf": [obj({"kind": {"const": "a"}, "y": TEXT}, ("kind",)),
                       obj({"kind": {"const": "a"}, "z": TEXT}, ("kind", "z"),
                           additionalProperties=False)]}
    server = {"oneOf": [obj({"kind": {"const": "a"}}, ("kind",), additionalProperties=False),
                        pet("b", "z")]}
    finding = single(IN, sent(agent, server))
    assert finding.severity == "error"
    assert ('with "a" it refuses `z` (the agent may send it; one of its variants always '
            "does)") in finding.message


def _adopting_server(pet_schema: dict[str, Any]) -> dict[str, Any]:
    return obj({"pet": pet_schema}, ("pet",))


# -- in.variant, out.variant: a union of closed and open objects no key tells apart ---------

SHAPES_IN, SHAPES_OUT = "in.variant", "out.variant"


def _by(*required: str, closed: bool, names: tuple[str, ...] = ()) -> dict[str, Any]:
    extra = {"additionalProperties": False} if closed else {}
    return obj({n: TEXT for n in (*required, *names)}, required, **extra)


#: the server's filter: an id alone (closed), or a text with a limit (open)
FILTER = {"anyOf": [_by("id", closed=True), _by("text", closed=False, names=("limit",))]}


def test_an_object_fitting_no_variant_of_an_untagged_union_is_reported():
    # once: in.unknown "open, so the value is silently ignored", and nothing else
    findings = sent(_by("id", "limit", closed=True), FILTER)
    finding = single(SHAPES_IN, findings)
    assert finding.severity == "error"
    assert ("is a union of objects, some closed, no key tells apart: it refuses `limit` (the "
            "agent always sends it), or requires `text` (the agent never sends it); every "
            "call that sends this object is rejected") in finding.message
    # the merged union's rule leaves it to in.variant (in.choice would say `text` is optional)
    assert of_rule("in.choice", findings) == []


def test_an_agent_union_of_the_servers_variants_fits_them():
    assert sent(FILTER, FILTER) == []
    assert sent(_by("id", closed=True), FILTER) == []
    assert sent(_by("text", closed=False), FILTER) == []
    # the agent's own closed-and-open union, each way held to the server's
    agent = {"anyOf": [_by("id", closed=True), _by("text", "limit", closed=False)]}
    assert sent(agent, FILTER) == []


def test_a_key_an_untagged_union_refuses_is_said_to_be_rejected_by_in_unknown():
    findings = sent(_by("id", "sort", closed=True), FILTER)
    unknown = single("in.unknown", findings).message
    assert ("a union of objects, some closed: a call that sends it fits none of its variants "
            "(the closed ones refuse it) and is rejected") in unknown
    # sent with `text`, the open variant takes and ignores it
    findings = sent(_by("text", "sort", closed=False), FILTER)
    assert "no call is rejected for it alone" in single("in.unknown", findings).message
    assert of_rule(SHAPES_IN, findings) == []


def test_a_result_fitting_no_variant_of_the_agents_untagged_union_fails():
    finding = single(SHAPES_OUT, returned(_by("id", "score", closed=False), FILTER))
    assert finding.severity == "error"
    assert "every result fails in the agent" in finding.message
    assert of_rule(SHAPES_OUT, returned(FILTER, FILTER)) == []
    # may return `limit` beside the id: a warning
    maybe = single(SHAPES_OUT, returned(_by("id", closed=False, names=("limit",)), FILTER))
    assert maybe.severity == "warning" and "(the server may return it)" in maybe.message


def test_an_agent_union_of_closed_objects_is_held_to_the_variants_object_by_object():
    # merged, the agent's two closed objects may send `l` without `t`, which neither does
    agent = {"anyOf": [_by("t", closed=True, names=("l",)), _by(closed=True)]}
    server = {"anyOf": [_by(closed=True, names=("t",)), _by("t", closed=False)]}
    findings = sent(agent, server)
    assert of_rule(SHAPES_IN, findings) == []
    assert "no call is rejected for it alone" in single("in.unknown", findings).message


def test_a_closed_variant_taking_no_key_refuses_every_key_sent():
    # `{a}` fits neither the empty closed object nor the open one requiring `d`
    finding = single(SHAPES_IN, sent(_by(closed=True, names=("a",)),
                                      {"anyOf": [_by(closed=True),
                                                 _by("d", closed=False, names=("a",))]}))
    assert "it refuses `a` (the agent may send it), or requires `d`" in finding.message


# -- a sender whose tag is optional: its shapes carry the values they give it ----------------


def _defaulted(*pets: tuple[str, str]) -> dict[str, Any]:
    """pydantic's schema of a plain ``Union`` of pets, each with ``kind`` a ``Literal`` it
    defaults to (so no alternative requires it) and the one required key it is named by."""
    from typing import Literal, Union

    from pydantic import BaseModel, create_model

    models = [create_model(f"Pet_{tag}_{key}", kind=(Literal[tag], tag), **{key: (str, ...)})
              for tag, key in pets]

    class Adopt(BaseModel):
        pet: Union[tuple(models)]  # type: ignore[valid-type]  # noqa: UP007

    return Adopt.model_json_schema()


def test_an_agent_whose_tag_is_defaulted_is_judged_model_by_model():
    agent = _adopting(_defaulted(("cat", "meow"), ("dog", "bark")), _adopting_server(PETS))
    # each model sends its own key with its own tag (merged, the cat was said to send
    # `bark`, which the server's closed cat refuses: an error no call makes happen)
    assert of_rule(IN, agent) == []
    # the agent may leave `kind` out, and the server requires it: that is said
    assert single("in.missing-required", agent).path == "pet.kind"
    # a cat sending a dog's key is still found, and only the cat
    wrong = single(IN, _adopting(_defaulted(("cat", "bark"), ("dog", "bark")),
                                 _adopting_server(PETS)))
    assert 'with "cat" it requires `meow` (the agent never sends it)' in wrong.message
    assert '"dog"' not in wrong.message


def test_a_server_result_whose_tag_is_optional_is_judged_shape_by_shape():
    def optional_tag(schema: dict[str, Any]) -> dict[str, Any]:
        return schema | {"required": [n for n in schema["required"] if n != "kind"]}

    server = {"anyOf": [optional_tag(pet("cat", "meow", closed=False)),
                        optional_tag(pet("dog", "bark", closed=False))]}
    assert of_rule(OUT, returned(server)) == []
    wrong = {"anyOf": [optional_tag(pet("cat", "bark", closed=False)),
                       optional_tag(pet("dog", "bark", closed=False))]}
    finding = single(OUT, returned(wrong))
    assert 'with "cat" it requires `meow` (the server never returns it)' in finding.message



def _defaulted_server(*pets: tuple[str, str], extra: str = "forbid") -> dict[str, Any]:
    """``_defaulted``'s pets as a server's models (``extra``: pydantic's ``forbid`` closes
    them), required in a plain ``Union``: no variant requires ``kind``."""
    from typing import Literal, Union

    from pydantic import BaseModel, ConfigDict, create_model

    models = [create_model(f"Pet_{tag}_{key}", __config__=ConfigDict(extra=extra),  # type: ignore[call-overload]
                           kind=(Literal[tag], tag), **{key: (str, ...)})
              for tag, key in pets]

    class Adopt(BaseModel):
        pet: Union[tuple(models)]  # type: ignore[valid-type]  # noqa: UP007

    return Adopt.model_json_schema()


def test_a_server_whose_tag_is_defaulted_is_judged_for_the_calls_that_send_it():
    server = _defaulted_server(("cat", "meow"), ("dog", "bark"))
    # a cat with the dog's key: merged, the closed union takes `kind` and `bark` together
    # (the dog's keys), and nothing was said; every call sending "cat" is rejected
    finding = single(IN, _adopting(_adopting_server(pet("cat", "bark")), server))
    assert finding.severity == "error"
    assert ("is a union told apart by `kind` (which not every variant requires): with "
            '"cat" it requires `meow` (the agent never sends it) and refuses `bark`') \
        in finding.message
    assert 'every call that sends this object with `kind` "cat" is rejected' in finding.message
    # in.tag holds every call the agent makes (it always sends `kind`): the merged rules
    # leave the object to it
    assert [f.rule_id for f in _adopting(_adopting_server(pet("cat", "bark")), server)] == [IN]
    # the server's own union, or one variant of it, fits
    assert _adopting(_adopting_server({"anyOf": [pet("cat", "meow"), pet("dog", "bark")]}),
                     server) == []
    assert _adopting(_defaulted(("cat", "meow"), ("dog", "bark")), server) == []
    # an agent that never sends `kind` is not judged by it (its calls may fit any variant)
    assert of_rule(IN, _adopting(_adopting_server(obj({"meow": TEXT}, ("meow",))),
                                 server)) == []


def test_an_agent_result_model_whose_tag_is_defaulted_holds_the_servers_results_to_it():
    agent = _defaulted_server(("cat", "meow"), ("dog", "bark"))

    def results(pet_schema: dict[str, Any]) -> list[Any]:
        return diff([{"name": "adopt", "inputSchema": {"type": "object"},
                      "outputSchema": agent}],
                    [{"name": "adopt", "inputSchema": {"type": "object"},
                      "outputSchema": _adopting_server(pet_schema)}])

    finding = single(OUT, results(pet("cat", "bark")))
    assert finding.severity == "error"
    assert 'every result with `kind` "cat" fails in the agent' in finding.message
    assert of_rule(OUT, results({"anyOf": [pet("cat", "meow"), pet("dog", "bark")]})) == []


def test_an_open_agent_variant_not_declaring_the_tag_never_sends_it():
    # found by a helper's sweep: the agent's open `{w}` was read as sending `kind` "a" with
    # `w`, which the server's closed "a" refuses; it sends neither `kind` nor anything
    # else but `w`, and every call of the agent fits
    agent = {"anyOf": [obj({"w": TEXT}), obj({"kind": {"const": "a"}},
                                              additionalProperties=False)]}
    server = {"anyOf": [obj({"kind": {"const": "a"}}, additionalProperties=False),
                        obj({"kind": {"const": "b"}, "w": TEXT}, additionalProperties=False)]}
    assert of_rule(IN, sent(agent, server)) == []
    assert of_rule(OUT, returned(agent, server)) == []


def test_a_union_in_tag_holds_value_by_value_is_not_judged_by_its_keys_again():
    # the server's cat closed, its dog open, both with defaulted tags: in.variant would
    # judge the agent's cat by keys alone, and say again what in.tag says by value
    server = {"anyOf": [obj({"kind": {"const": "cat"}, "meow": TEXT}, ("meow",),
                            additionalProperties=False),
                        obj({"kind": {"const": "dog"}, "bark": TEXT, "w": TEXT},
                            ("bark", "w"))]}
    findings = sent(pet("cat", "bark"), server)
    assert [f.rule_id for f in findings] == [IN]
    # an agent that may leave `kind` out is judged by both: in.tag for the calls that send
    # it, in.variant for every call (`{bark}` alone fits neither)
    maybe = pet("cat", "bark")
    maybe["required"] = ["bark"]
    assert {f.rule_id for f in sent(maybe, server)} == {IN, SHAPES_IN}


def test_in_unknown_beside_shapes_with_values_says_only_what_it_can_tell():
    # found by a helper's sweep. The server's open "c" takes `z` by its keys, not with
    # `kind` "a": with "a" only its closed variant takes the call, which refuses `z`
    def variant(kind: Any, closed: bool) -> dict[str, Any]:
        props = {} if kind is None else {"kind": kind}
        return obj(props, (), **({"additionalProperties": False} if closed else {}))

    agent = obj({"kind": {"enum": ["a", "c"]}, "z": TEXT}, ("kind",))
    server = {"oneOf": [variant({"enum": ["a", "c"]}, True), variant({"enum": ["b", "c"]}, False),
                        variant(None, True)]}
    unknown = single("in.unknown", sent(agent, server))
    assert 'with `kind` "a" a call that sends it fits none of its variants' in unknown.message
    # a variant taking any `kind`: no tag, and by keys alone nothing tells what "a" or "b"
    # refuses (once "no call is rejected for it alone": `{kind: "a", x}` is)
    agent = obj({"kind": {"enum": ["a", "b"]}, "x": TEXT}, ("kind",))
    server = {"anyOf": [variant({"const": "c"}, False), variant(None, True),
                        variant(TEXT, True)]}
    unknown = single("in.unknown", sent(agent, server))
    assert "its closed variants may reject it, its open ones silently ignore it" in \
        unknown.message
    # a tagged union of open variants ignores a key it cannot judge (once "its closed
    # variants may reject it": it has none)
    agent = {"anyOf": [obj({"kind": {"const": "c"}, "x": TEXT}, ("kind",),
                           additionalProperties=False),
                       obj({"kind": TEXT}, (), additionalProperties=False)]}
    server = {"anyOf": [obj({"kind": {"const": "c"}}, ("kind",)),
                        obj({"kind": {"const": "c"}, "z": TEXT}, ("kind",))]}
    unknown = single("in.unknown", sent(agent, server))
    assert "its variants are open, so the value is silently ignored" in unknown.message


def test_each_variant_of_the_agent_that_fails_is_said():
    # found by a helper's sweep: the agent's closed `{e}` and open `{d}` each fail the
    # server's union, each for its own key; only the first was said
    agent = {"anyOf": [obj({"e": TEXT}, (), additionalProperties=False), obj({"d": TEXT})]}
    server = {"anyOf": [obj({"a": TEXT, "d": TEXT}, ("a", "d")),
                        obj({}, (), additionalProperties=False)]}
    finding = single(SHAPES_IN, sent(agent, server))
    assert ("it refuses `e` (the agent may send it), or refuses `d` (the agent may send it)"
            in finding.message)


def test_in_unknown_judges_by_keys_the_calls_that_send_no_key_the_shapes_give_values():
    # found by a helper's sweep: the server's open "c" requires `kind`, its closed `{}`
    # refuses `z`: `{z}` is rejected for `z`, `{}` is not; the agent never sends `kind`
    # (its open `{kind: "a"}` sends no `z`), so the values change nothing
    server = {"anyOf": [obj({}, (), additionalProperties=False),
                        obj({"kind": {"const": "c"}}, ("kind",))]}
    for agent in (obj({"z": TEXT}), {"oneOf": [obj({"z": TEXT}), obj({"kind": {"const": "a"}})]}):
        unknown = single("in.unknown", sent(agent, server))
        assert "a call that sends it fits none of its variants" in unknown.message
    # a closed `{}` beside an open one that takes the call: nothing rejects `w`
    server = {"oneOf": [obj({}), obj({"kind": {"enum": ["c"]}}, (), additionalProperties=False)]}
    unknown = single("in.unknown", sent(obj({"w": TEXT}), server))
    assert "no call is rejected for it alone" in unknown.message
    # the agent sends `w` with `kind` "c", which the open variant's "a" refuses: by keys
    # alone it takes `{kind, w}`, and nothing tells whether `w` is why
    agent = obj({"kind": {"const": "c"}, "w": TEXT}, ("kind",))
    server = {"anyOf": [obj({"kind": TEXT}, (), additionalProperties=False),
                        obj({"kind": {"const": "a"}}, ("kind",))]}
    (w,) = [f for f in sent(agent, server) if f.path == "pet.w"]
    assert "its closed variants may reject it" in w.message


def test_a_union_reads_the_object_sent_into_it_once_however_many_keys_it_sends(monkeypatch):
    """Each key the agent sends into a tagged union that does not declare it is judged
    against the union's variants (in.unknown's words): the sending object's keys and the
    ways it is sent are read once an object, not once a key (an object of 2,000 keys took
    8 s), and each key is judged as before."""
    asked = children_reads(monkeypatch)
    s = {"type": "string"}

    def diffed(k):
        asked.clear()
        sent = [f"a{i}" for i in range(k)]
        agent = obj({"x": obj({"kind": {"const": "v0"}, **dict.fromkeys(sent, s)},
                              ["kind", *sent[:k // 2]])})
        taken = [f"b{i}" for i in range(k)]
        server = obj({"x": {"oneOf": [
            obj({"kind": {"const": "v0"}, "z": s}, ["kind"]),
            obj({"kind": {"const": "v1"}, **dict.fromkeys(taken, s)}, ["kind", *taken[:k // 2]],
                additionalProperties=False)]}})
        found = of_rule("in.unknown", diff([tool("t", agent)], [tool("t", server)]))
        assert [f.path for f in found] == sorted(f"x.{name}" for name in sent)
        assert all(f.severity == "warning" and f.message.endswith(
            "the server's object at `x` is a tagged union: no call is rejected for it alone, "
            "an open variant that takes the call silently ignores it") for f in found)
        return asked.count(parse("x"))

    assert diffed(10) == diffed(40)
