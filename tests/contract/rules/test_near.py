"""Key sets near one set, asked of a union's variants without building them
(parity/contract/rules/_near.py): the verdicts of ``asked``'s ``fits`` on the sets
themselves, ``fitting`` against every set of keys, and the object's required keys read once
an object, not once a key."""

from __future__ import annotations

from itertools import combinations
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from rulefixtures import diff, obj, of_rule, tool

from parity.contract.rules import _near, _variants
from parity.contract.rules._near import Near
from tests.properties import draws

KEYS = "abcdefgh"
key_sets = st.frozensets(st.sampled_from(KEYS), max_size=5)
asks = st.lists(st.tuples(key_sets, st.none() | key_sets, key_sets), min_size=1, max_size=4)


@settings(max_examples=draws(400), deadline=None)
@given(asks=asks, declared=key_sets, base=key_sets, drop_any=st.booleans(),
       add=st.frozensets(st.sampled_from(KEYS), max_size=3), data=st.data())
def test_a_near_set_fits_exactly_when_the_set_itself_does(asks, declared, base, drop_any,
                                                           add, data):
    drop = (data.draw(st.sampled_from(sorted(base))),) if drop_any and base else ()
    add = sorted(add - base)
    whole = frozenset((base - set(drop)) | set(add))
    # ``asked``'s own ``fits``, of variants that ask just these (nothing required anyway)
    candidates = [(None, sorted(need), None if takes is None else sorted(takes))
                  for need, takes, _ in asks]
    asked, _, fits = _near.asked(candidates, frozenset(), set(declared),
                                  [refused for _, _, refused in asks])
    assert asked == asks
    assert Near(asks, declared, base).fits(drop, add) is fits(whole)


def test_asked_fits_and_the_direct_reading_agree():
    candidates = [("v0", ["kind", "a"], None), ("v1", ["kind", "b"], ["kind", "b", "c"])]
    asks, _, fits = _near.asked(candidates, frozenset({"kind"}), {"a", "b", "c", "kind"})
    for keys in ({"kind", "a"}, {"kind", "b"}, {"kind", "b", "c"}, {"kind", "b", "a"}, set()):
        base = frozenset(keys)
        assert Near(asks, {"a", "b", "c", "kind"}, base).fits((), ()) is fits(base)


@settings(max_examples=draws(300), deadline=None)
@given(asks=asks, declared=key_sets, required=key_sets, more=key_sets)
def test_fitting_judges_only_the_keys_that_matter_as_every_set_would(asks, declared, required,
                                                                   more):
    """``fitting`` tries the sets between the required and the sent keys over the keys that
    matter only: the verdict over every set, those that do not matter too, is the same."""
    candidates = [(None, sorted(need), None if takes is None else sorted(takes))
                  for need, takes, _ in asks]
    _, matter, fits = _near.asked(candidates, frozenset(), set(declared),
                                  [refused for _, _, refused in asks])
    sent = required | more
    optional = sorted(sent - required)
    verdicts = {fits(required.union(extra)) for size in range(len(optional) + 1)
                for extra in combinations(optional, size)}
    every = {frozenset({True}): "every", frozenset({False}): "none"}.get(frozenset(verdicts),
                                                                           "some")
    assert _near.fitting(required, sent, matter, fits) == every


def test_a_union_reads_the_keys_an_object_requires_once_however_many_it_sends(monkeypatch):
    """Each key sent into a tagged union one of whose variants is open asks whether the
    call with and without it fits: once ``fits`` of the whole required set, copied, a key
    (an object of 8,000 keys: 2.4 s); now that set is read once an object."""
    whole: list[int] = []
    real = _variants.asked

    def counting(*args: Any, **kw: Any) -> Any:
        asks, matter, fits = real(*args, **kw)

        def counted(keys: frozenset[str]) -> bool:
            whole.append(len(keys))
            return fits(keys)

        return asks, matter, counted

    monkeypatch.setattr(_variants, "asked", counting)
    s = {"type": "string"}

    def diffed(k: int) -> int:
        whole.clear()
        sent = [f"a{i}" for i in range(k)]
        agent = obj({"x": obj({"kind": {"const": "v0"}, **dict.fromkeys(sent, s)},
                              ["kind", *sent[:k // 2]])})
        server = obj({"x": {"oneOf": [
            obj({"kind": {"const": "v0"}, "z": s}, ["kind"]),
            obj({"kind": {"const": "v1"}, "b": s}, ["kind", "b"], additionalProperties=False)]}})
        found = of_rule("in.unknown", diff([tool("t", agent)], [tool("t", server)]))
        assert [f.path for f in found] == sorted(f"x.{name}" for name in sent)
        return len(whole)

    assert diffed(10) == diffed(40) <= 4
