"""The listed digest: an unchanged live tool skips normalization; anything else goes the
normative way (full normalization, the digests), so exactness never rests on it."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from parity.errors import ValueDomainError
from parity.pinning import drift
from parity.pinning import lock as L
from parity.pinning import normalize as N
from parity.pinning import tool as T

# tests/pinning/test_lock.py's tool, as a server lists it: `required` in its own order
from tests.pinning.test_lock import SEARCH, _get, _locations, _shuffle, definitions
from tests.properties import draws


def _locked() -> L.Lock:
    """A lock as a client holds it: read from its file."""
    return L.from_json(json.loads(L.dumps(L.build("s", [SEARCH, {"name": "b"}]))))


def _wire(tools: list[dict[str, Any]]) -> L.Lock:
    return L.build("s", json.loads(json.dumps(tools)))  # other objects, as just read


def _calls(monkeypatch, module: Any, *names: str) -> list[str]:
    """The names of ``module``'s functions ``names``, one per call to them (never timed)."""
    seen: list[str] = []
    for name in names:
        real = getattr(module, name)

        def counting(*args: Any, _real: Any = real, _name: str = name, **kw: Any) -> Any:
            seen.append(_name)
            return _real(*args, **kw)

        monkeypatch.setattr(module, name, counting)
    return seen


@pytest.fixture
def walks(monkeypatch) -> list[str]:
    """Every schema walk of normalization, counted."""
    return _calls(monkeypatch, N, "normalize_schema", "_normalize_pair")


def test_the_lock_records_each_tool_as_listed() -> None:
    record = L.build("s", [SEARCH]).to_json()["tools"]["search"]
    assert record["definition"]["inputSchema"]["required"] == ["q", "days"]  # as listed
    assert record["definition"]["annotations"] == {"readOnlyHint": True, "title": "Search it"}
    assert record["listed"] == T.listed_digest_of(record["definition"])
    assert record["contract"] == L.contract_hash(SEARCH)  # the digests: normalized, as ever


def test_a_tool_listed_as_locked_skips_normalization(walks) -> None:
    locked = _locked()
    walks.clear()  # writing the lock normalized it
    live = copy.deepcopy(SEARCH)
    live["annotations"]["destructiveHint"] = True  # a default hint: normalized away cheaply
    live["_meta"]["progressToken"] = 7  # per-connection noise, likewise
    report = drift.compare(locked, _wire([{"name": "b"}, live]))
    assert not report.drifted and report.live_catalog == locked.catalog
    assert walks == []


def test_a_reordered_tool_goes_the_normative_way_and_verifies_clean(walks) -> None:
    live = copy.deepcopy(SEARCH)
    live["inputSchema"]["required"] = ["days", "q"]
    live["inputSchema"]["properties"] = dict(reversed(live["inputSchema"]["properties"]
                                                      .items()))
    live = dict(reversed(live.items()))
    report = drift.compare(_locked(), _wire([live, {"name": "b"}]))
    assert not report.drifted
    assert walks  # its text differed: normalized, never taken as changed


def test_a_changed_tool_is_refused_with_its_field_paths() -> None:
    live = copy.deepcopy(SEARCH)
    live["inputSchema"]["properties"]["days"]["type"] = "string"
    live["inputSchema"]["properties"]["filter"]["required"] = ["a"]
    report = drift.compare(_locked(), _wire([live, {"name": "b"}]))
    assert report.refused
    (change,) = report.changes
    words = {(f.change, f.path) for f in change.fields}
    assert ("retyped", "days") in words and ("optional", "filter.b") in words


@pytest.mark.parametrize("locked_plain", [False, True], ids=["locked", "locked-plain-json"])
@pytest.mark.parametrize("live_value", [float("nan"), float("-inf"), True, (1, 2), 2**70])
def test_equal_text_with_another_value_goes_the_normative_way(live_value, locked_plain) -> None:
    """orjson writes NaN and infinities as null and a tuple as a list; ``True`` is ``1`` to
    Python: neither the text nor equality alone may call such a tool unchanged, even when
    the lock was decoded from JSON (the live tool was not)."""
    stored = {"name": "t", "inputSchema": {"type": "object", "default": None}}
    if live_value is True:
        stored["inputSchema"]["default"] = 1
    if isinstance(live_value, tuple):
        stored["inputSchema"]["default"] = [1, 2]
    locked = L.from_json(json.loads(L.dumps(L.build("s", [stored]))), plain_json=locked_plain)
    live = L.build("s", [{"name": "t", "inputSchema": {"type": "object",
                                                       "default": live_value}}])
    same = live.tools["t"].listed_digest == locked.tools["t"].listed_digest
    try:
        report = drift.compare(locked, live)
    except Exception:  # NaN, an infinity, a huge integer: not canonical JSON at all
        assert not isinstance(live_value, (bool, tuple))
        return
    # a tuple is the same JSON as its list: the digests (not the text) say so
    assert report.drifted != isinstance(live_value, tuple)
    assert same or live_value is True or live_value == 2**70


@pytest.fixture
def hashed(monkeypatch) -> list[str]:
    """Every digest a ``LockedTool`` computes, counted."""
    return _calls(monkeypatch, T, "digest")


@pytest.mark.parametrize("reordered", [False, True], ids=["as-listed", "required-reordered"])
@pytest.mark.parametrize("through", ["build", "listing"])
def test_tools_decoded_from_json_are_proved_equal_by_their_text_alone(
        through, reordered, tmp_path, walks, hashed) -> None:
    """Between a lock read from its file and a listing from the seam (both ``plain_json``),
    equal text is equal value: no comparison by value is needed, of the definitions as
    listed or (``required`` reordered) of their normalized forms. A tuple is the one value
    whose text and digests are its list's while ``==`` tells them apart, so a live tool
    holding one (a promise broken on purpose) shows which way ``same_as`` went."""
    from parity.mcp import Listing

    path = tmp_path / "s.lock.json"
    L.write(L.build("s", [{"name": "t", "inputSchema": {
        "type": "object", "default": [1, 2], "required": ["a", "b"]}}]), path)
    locked = L.load(path)

    def live(plain_json: bool) -> L.Lock:
        tools = [{"name": "t", "inputSchema": {
            "type": "object", "default": (1, 2),
            "required": ["b", "a"] if reordered else ["a", "b"]}}]
        if through == "listing":
            return L.from_listing("s", Listing(tools=tools, plain_json=plain_json))
        return L.build("s", tools, plain_json=plain_json)

    walks.clear()
    hashed.clear()
    assert not drift.compare(locked, live(plain_json=True)).drifted
    assert hashed == []  # proved by its text: never hashed
    assert bool(walks) == reordered  # normalized only to reorder ``required``
    assert not drift.compare(locked, live(plain_json=False)).drifted
    assert hashed and walks  # ``==`` told the tuple from the list: the digests decided


#: JSON values that Python's ``==``, orjson's text or RFC 8785 each take for another
_CONFUSABLE = st.sampled_from([0, 0.0, -0.0, 1, 1.0, True, False, None, "1", "", [], {},
                               1e16, 1e-7, 2**53 - 1, 0.1, [1], [1.0], {"a": None}])


@settings(max_examples=draws(300), suppress_health_check=[HealthCheck.too_slow])
@given(definitions(), st.data())
def test_text_proof_between_decoded_tools_agrees_with_the_digests(tmp_path_factory, d,
                                                                  data) -> None:
    """Between a lock read from its file and a live listing decoded from JSON text, the
    text proof says "unchanged" exactly when the digests do: on the tool itself, on the
    tool with its keys and ``required`` reordered, and on the tool with one value swapped
    for one that Python's ``==``, orjson's text or RFC 8785 takes for another."""
    live = json.loads(json.dumps(_shuffle(d, data.draw(st.randoms(use_true_random=False)))))
    if data.draw(st.booleans()):
        where = data.draw(st.sampled_from(_locations(live)[1:]))
        _get(live, where[:-1])[where[-1]] = data.draw(_CONFUSABLE)
        live = json.loads(json.dumps(live))  # decoded again, as the wire hands it over
    if live.get("name") != d["name"]:
        live["name"] = d["name"]  # the same tool, as the catalog pairs them
    path = tmp_path_factory.mktemp("lock") / "s.lock.json"
    L.write(L.build("s", [d]), path)
    locked = L.load(path).tools[d["name"]]
    proved = L.build("s", [live], plain_json=True).tools[d["name"]].same_as(locked)
    fresh = T.LockedTool.of(live)
    assert proved == ((fresh.contract, fresh.surface) == (locked.contract, locked.surface))


@pytest.mark.parametrize("extra", [
    {}, {"annotations": {}}, {"annotations": {"readOnlyHint": False}},
    {"annotations": {"readOnlyHint": True, "destructiveHint": True}},
    {"annotations": {"readOnlyHint": True, "destructiveHint": 1}},
    {"annotations": {"title": "T"}}, {"annotations": None}, {"_meta": {}},
    {"_meta": {"progressToken": 1}}, {"_meta": {"vendor/x": 1}}, {"_meta": []},
])
def test_a_definition_is_its_own_record_exactly_when_normalization_keeps_it(extra) -> None:
    definition = {"name": "t", "inputSchema": {"type": "object", "required": ["b", "a"]},
                  **extra}
    record = L.LockedTool.of(definition).listed
    assert record == N.normalize(definition, _schemas=False)
    assert (record is definition) == (record == definition)


def nested(levels: int) -> dict[str, Any]:
    """A tool whose definition holds ``levels`` containers, one inside the other."""
    inner: dict[str, Any] = {}
    top = inner
    for _ in range(levels - 3):  # the definition and its inputSchema are two of them
        inner["x"] = {}
        inner = inner["x"]
    return {"name": "deep", "inputSchema": {"type": "object", "default": top}}


def test_a_definition_too_deep_for_its_listed_digest_says_so() -> None:
    # it was refused as "not plain JSON", which it is: only too deep for orjson's text
    assert "deep" in L.build("s", [nested(254)]).to_json()["tools"]
    with pytest.raises(ValueDomainError) as info:
        L.build("s", [nested(255)]).to_json()
    assert "tool 'deep' cannot be written to a lock: its definition is nested more than " \
           "254 levels deep" in str(info.value)
    assert "not plain JSON" not in str(info.value)
