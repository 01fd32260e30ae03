"""The lock: normalization, the two digests, the catalog hash, the file format."""

from __future__ import annotations

import copy
import hashlib
import json
import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from parity.errors import FileFormatError, SourceError
from parity.pinning import lock as L
from tests.properties import draws

SEARCH: dict[str, Any] = {
    "name": "search",
    "title": "Search",
    "description": "Search the forecast.",
    "inputSchema": {
        "type": "object",
        "properties": {
            "q": {"type": "string", "description": "what to look for", "title": "Q"},
            "days": {"type": "integer", "default": 3},
            "filter": {"type": "object", "properties": {"a": {"type": "string"},
                                                        "b": {"type": "string"}},
                       "required": ["b", "a"], "default": {"required": ["z", "y"]}},
        },
        "required": ["q", "days"],
    },
    "outputSchema": {"type": "object", "properties": {"r": {"type": "string"}}},
    "annotations": {"readOnlyHint": True, "title": "Search it"},
    "_meta": {"vendor/x": 1},
    "icons": [{"src": "https://example.invalid/i.png"}],
}


def test_known_hashes_are_stable() -> None:
    # a change here breaks every lock ever written: bump the domain versions instead
    tool = L.LockedTool.of({"name": "t", "inputSchema": {"type": "object"}})
    pre = b"parity/lock/tool-contract/v1\x00" + \
        b'{"inputSchema":{"type":"object"},"name":"t"}'
    assert tool.contract == "sha256:" + hashlib.sha256(pre).hexdigest()
    pre = b"parity/lock/tool-surface/v1\x00" + b'{"inputSchema":{"type":"object"},"name":"t"}'
    assert tool.surface == "sha256:" + hashlib.sha256(pre).hexdigest()


def test_normalization_sorts_required_only_where_it_is_a_keyword() -> None:
    n = L.normalize(SEARCH)
    assert n["inputSchema"]["required"] == ["days", "q"]
    assert n["inputSchema"]["properties"]["filter"]["required"] == ["a", "b"]
    # a default value is data: its "required" list keeps its order
    assert n["inputSchema"]["properties"]["filter"]["default"] == {"required": ["z", "y"]}
    assert SEARCH["inputSchema"]["required"] == ["q", "days"]  # input untouched
    assert L.normalize(n) == n  # idempotent


def test_default_hints_and_meta_noise_are_dropped() -> None:
    tool = {"name": "t", "inputSchema": {"type": "object"},
            "annotations": {"readOnlyHint": False, "destructiveHint": True,
                            "idempotentHint": False, "openWorldHint": True},
            "_meta": {"progressToken": 1, "io.modelcontextprotocol/related-task": {}}}
    assert L.normalize(tool) == {"name": "t", "inputSchema": {"type": "object"}}
    # a hint that is not its default, or not a boolean, stays
    kept = dict(tool, annotations={"readOnlyHint": True, "openWorldHint": 1})
    assert L.normalize(kept)["annotations"] == {"readOnlyHint": True, "openWorldHint": 1}


def test_contract_ignores_documentation_surface_does_not() -> None:
    a = L.LockedTool.of(SEARCH)
    changed = copy.deepcopy(SEARCH)
    changed["inputSchema"]["properties"]["q"]["description"] = "the query"
    b = L.LockedTool.of(changed)
    assert (a.contract, a.surface != b.surface) == (b.contract, True)
    # a property *named* description is contract
    renamed = copy.deepcopy(SEARCH)
    renamed["inputSchema"]["properties"]["description"] = {"type": "string"}
    assert L.LockedTool.of(renamed).contract != a.contract
    retyped = copy.deepcopy(SEARCH)
    retyped["inputSchema"]["properties"]["days"]["type"] = "string"
    assert L.LockedTool.of(retyped).contract != a.contract


def test_lint_refuses_duplicates_and_warns_on_names() -> None:
    with pytest.raises(SourceError, match="duplicate tool name 'a'"):
        L.build("s", [{"name": "a"}, {"name": "a"}])
    built = L.build("s", [{"name": "has space"}, {"name": "x" * 129}, {"name": "ok.name-1"}])
    assert len(built.warnings) == 2
    assert "'has space' is outside the spec's form" in built.warnings[0]


@pytest.mark.parametrize(("info", "version", "where"), [
    ({"name": "x\ud800"}, "2025-11-25", "a string with a lone surrogate at #/serverInfo/name"),
    ({"name": "x", "build": 2**60}, "2025-11-25", "beyond +-(2**53 - 1) at #/serverInfo/build"),
    ({"name": "x", "v": float("inf")}, None, "an infinity"),
    ({"name": "x"}, "\udfff", "a lone surrogate at #/protocolVersion"),
])
def test_what_the_server_reports_must_be_writable(info, version, where) -> None:
    with pytest.raises(SourceError, match=re.escape(where)):
        L.build("s", [{"name": "a"}], server_info=info, protocol_version=version)
    assert L.build("s", [{"name": "a"}], server_info={"name": "x", "v": 2**53 - 1},
                   protocol_version="2025-11-25").server_info == {"name": "x", "v": 2**53 - 1}


def test_listing_rejections_refuse() -> None:
    class Listing:
        tools = [{"name": "a"}]
        server_info = {"name": "x"}
        protocol_version = "2025-11-25"
        rejected = [("a", "listed twice; the first definition is kept")]

    with pytest.raises(SourceError, match="a: listed twice"):
        L.from_listing("s", Listing())


def test_file_is_deterministic_one_tool_per_line_and_round_trips(tmp_path) -> None:
    built = L.build("weather", [SEARCH, {"name": "b", "inputSchema": {"type": "object"}}],
                    server_info={"name": "weather", "version": "1"})
    reordered = L.build("weather", [{"inputSchema": {"type": "object"}, "name": "b"},
                                    dict(reversed(list(SEARCH.items())))],
                        server_info={"version": "1", "name": "weather"})
    assert L.dumps(built) == L.dumps(reordered)
    text = L.dumps(built)
    lines = text.splitlines()
    tool_lines = lines[lines.index('  "tools": {') + 1:-2]
    assert [x.split('"')[1] for x in tool_lines] == ["b", "search"]
    path = tmp_path / "weather.lock.json"
    L.write(built, path)
    assert path.read_text(encoding="utf-8") == text and text.endswith("}\n")
    assert L.load(path) == built


@pytest.mark.parametrize(("edit", "message"), [
    (lambda d: d.update(format="parity.lock/3"), "lock format 'parity.lock/3' is not supported"),
    # not a string: it was looked up among the formats read, and a list or object raised
    (lambda d: d.update(format={"$ref": "#"}), "lock format {'\\$ref': '#'} is not supp"),
    (lambda d: d.update(format=["parity.lock/2"]), r"lock format \['parity.lock/2'\] is not"),
    (lambda d: d.pop("catalog"), "'catalog' is a required property"),
    (lambda d: d["hash"].update(contract="parity/lock/tool-contract/v0"),
     "hashed differently"),
    (lambda d: d["tools"]["search"]["definition"].update(description="edited"),
     "surface hash of tool 'search' does not match"),
    (lambda d: d["tools"].pop("b"), "catalog hash does not match"),
    (lambda d: d["tools"].update(c=d["tools"]["b"]), "tool 'c' holds the definition of 'b'"),
    (lambda d: d["tools"]["b"].update(listed=d["tools"]["search"]["listed"]),
     "listed digest of tool 'b' does not match"),
    (lambda d: d["tools"]["b"].pop("listed"), "'listed' is a required property"),
    # a capability parity cannot declare (it raised KeyError when the session was opened)
    (lambda d: d["server"].update(client_capabilities=["bogus"]), "'bogus' is not one of"),
])
def test_corrupt_locks_fail_closed(tmp_path, edit, message) -> None:
    data = L.build("s", [SEARCH, {"name": "b"}]).to_json()
    data = json.loads(json.dumps(data))
    edit(data)
    path = tmp_path / "s.lock.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(FileFormatError, match=message) as info:
        L.load(path)
    assert str(path) in str(info.value) and "parity lock" in str(info.value)


def test_the_lock_s_capabilities_are_those_parity_can_declare() -> None:
    from pathlib import Path

    from parity.mcp.capabilities import CAPABILITIES

    for version in ("v1", "v2"):
        schemas = Path(__file__).resolve().parents[2] / "parity" / "schemas"
        schema = json.loads((schemas / f"lock.{version}.json").read_text())
        names = schema["properties"]["server"]["properties"]["client_capabilities"]
        assert names["items"]["enum"] == sorted(CAPABILITIES)


def test_missing_and_unparsable_locks_fail_closed(tmp_path) -> None:
    with pytest.raises(FileFormatError, match="lock file not found"):
        L.load(tmp_path / "none.lock.json")
    (tmp_path / "folder.lock.json").mkdir()  # there, but no file: not "not found"
    with pytest.raises(FileFormatError, match="not a file: a lock is a JSON file"):
        L.load(tmp_path / "folder.lock.json")
    bad = tmp_path / "bad.lock.json"
    bad.write_text('{"format": "parity.lock/1",', encoding="utf-8")
    with pytest.raises(FileFormatError, match="not valid JSON"):
        L.load(bad)


def test_identity_check() -> None:
    built = L.build("weather", [], server_info={"name": "weather-srv"})
    L.check_identity(built, server="weather", reported="weather-srv", file="f")
    with pytest.raises(FileFormatError, match="lock is for server 'weather', not 'other'"):
        L.check_identity(built, server="other", reported=None, file="f")
    with pytest.raises(FileFormatError, match="calls itself 'weather-srv'"):
        L.check_identity(built, server=None, reported="impostor", file="f")


# -- properties ----------------------------------------------------------------------------

_names = st.text(alphabet="abcdefgh_", min_size=1, max_size=6)
_scalars = st.one_of(st.text(max_size=8), st.integers(-5, 5), st.booleans(), st.none())


@st.composite
def schemas(draw: Any, depth: int = 2) -> dict[str, Any]:
    schema: dict[str, Any] = {"type": draw(st.sampled_from(["object", "string", "integer"]))}
    if draw(st.booleans()):
        schema["description"] = draw(st.text(max_size=10))
    if schema["type"] == "object" and depth > 0:
        props = draw(st.dictionaries(_names, schemas(depth - 1), max_size=3))
        schema["properties"] = props
        if props:
            schema["required"] = draw(st.lists(st.sampled_from(sorted(props)), unique=True,
                                               max_size=len(props)))
    if schema["type"] == "string" and draw(st.booleans()):
        schema["enum"] = draw(st.lists(st.text(max_size=4), min_size=1, max_size=3,
                                       unique=True))
    return schema


@st.composite
def definitions(draw: Any) -> dict[str, Any]:
    d: dict[str, Any] = {"name": draw(_names), "inputSchema": draw(schemas())}
    if draw(st.booleans()):
        d["description"] = draw(st.text(max_size=10))
    if draw(st.booleans()):
        d["annotations"] = {"readOnlyHint": True, "title": draw(st.text(max_size=5))}
    if draw(st.booleans()):
        d["_meta"] = {"vendor/k": draw(_scalars)}
    return d


def _hashes(d: dict[str, Any]) -> tuple[str, str]:
    t = L.LockedTool.of(d)
    return t.contract, t.surface


def _shuffle(value: Any, rnd: Any, key: str | None = None) -> Any:
    if isinstance(value, dict):
        keys = list(value)
        rnd.shuffle(keys)
        return {k: _shuffle(value[k], rnd, k) for k in keys}
    if isinstance(value, list):
        items = [_shuffle(v, rnd) for v in value]
        if key == "required":
            rnd.shuffle(items)
        return items
    return value


@settings(max_examples=draws(150), suppress_health_check=[HealthCheck.too_slow])
@given(definitions(), st.randoms(use_true_random=False))
def test_hashes_invariant_under_every_normalization(d, rnd) -> None:
    noisy = _shuffle(d, rnd)  # key order and `required` order
    hints = noisy.setdefault("annotations", {})
    hints.update({k: v for k, v in L.ANNOTATION_DEFAULTS.items()
                  if k not in hints and rnd.random() < 0.7})
    noisy.setdefault("_meta", {}).update({k: 1 for k in L.META_NOISE if rnd.random() < 0.3})
    assert _hashes(noisy) == _hashes(d)
    other = {"name": d["name"] + "x", "inputSchema": {"type": "object"}}
    tools = [d, other]
    a = L.build("s", tools)
    b = L.build("s", [noisy, other][:: -1 if rnd.random() < 0.5 else 1])  # tool order
    assert a.catalog == b.catalog


def _locations(value: Any, at: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [at]
    if isinstance(value, dict):
        for k, v in value.items():
            out.extend(_locations(v, (*at, k)))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out.extend(_locations(v, (*at, i)))
    return out


def _get(value: Any, at: tuple[Any, ...]) -> Any:
    for step in at:
        value = value[step]
    return value


@settings(max_examples=draws(300), suppress_health_check=[HealthCheck.too_slow])
@given(definitions(), st.data())
def test_hash_changes_under_any_other_single_change(d, data) -> None:
    before = _hashes(d)[1]
    changed = copy.deepcopy(d)
    where = data.draw(st.sampled_from(_locations(changed)))
    node = _get(changed, where)
    parent_key = where[-1] if where else None
    kinds = ["add-key"] if isinstance(node, dict) else []
    if isinstance(node, dict) and node and where != ():
        kinds.append("remove-key")
    if not isinstance(node, (dict, list)):
        kinds.append("replace")
    if isinstance(node, list) and len(set(map(json.dumps, node))) > 1 \
            and parent_key != "required":
        kinds.append("reorder")
    if isinstance(node, list) and node:
        kinds.append("drop-item")
    kind = data.draw(st.sampled_from(kinds or ["add-key-root"]))
    if kind in ("add-key", "add-key-root"):
        target = node if kind == "add-key" else changed
        target["x-added" if "x-added" not in target else "x-added2"] = 0
    elif kind == "remove-key":
        key = data.draw(st.sampled_from(sorted(node)))
        if where == ("annotations",) and key == "readOnlyHint":
            node[key] = False  # its default: the same as removing it
        del node[key]
    elif kind == "replace":
        new = data.draw(_scalars.filter(lambda v: json.dumps(v) != json.dumps(node)
                                        and not (isinstance(v, bool) != isinstance(node, bool)
                                                 and v == node)))
        _get(changed, where[:-1])[parent_key] = new
    elif kind == "reorder":
        node.reverse()
        if json.dumps(node) == json.dumps(_get(d, where)):
            node.append(node.pop(0))
    else:
        node.pop(data.draw(st.integers(0, len(node) - 1)))
    assert _hashes(changed)[1] != before, (kind, where)


def test_edited_contract_digest_is_caught_on_load(tmp_path) -> None:
    """Every digest is checked when the lock is loaded, the contract digest too, even when
    the catalog digest over the stored digests was rewritten to match the edit."""
    from parity.core.canonical import digest

    data = json.loads(json.dumps(L.build("s", [SEARCH, {"name": "b"}]).to_json()))
    data["tools"]["b"]["contract"] = "sha256:" + "0" * 64
    data["catalog"] = digest(L.CATALOG_DOMAIN, [[n, t["contract"], t["surface"]]  # consistent
                                                for n, t in sorted(data["tools"].items())])
    path = tmp_path / "s.lock.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(FileFormatError, match="contract hash of tool 'b' does not match") \
            as info:
        L.load(path)
    assert str(path) in str(info.value) and "parity lock" in str(info.value)
    assert '$.tools["b"].contract' in str(info.value)



def test_a_key_repeated_in_a_definition_is_refused(tmp_path) -> None:
    """The digests hash the last value; a reviewer of the lock may read the first."""
    text = L.dumps(L.build("s", [SEARCH, {"name": "b"}]))
    assert text.count('"name": "b"') == 1
    path = tmp_path / "s.lock.json"
    path.write_text(text.replace('"name": "b"', '"name": "a", "name": "b"'), encoding="utf-8")
    with pytest.raises(FileFormatError, match='repeats the key "name"') as info:
        L.load(path)
    assert info.value.file == str(path)
    assert info.value.location == "$.tools.b.definition"

def test_the_digest_verdict_is_remembered_by_the_file_text(tmp_path, monkeypatch) -> None:
    """A lock whose digests were checked once is not hashed again while its text is the
    same; any edit of the text checks everything again."""
    monkeypatch.setenv("PARITY_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("PARITY_NO_CACHE", raising=False)
    path = tmp_path / "s.lock.json"
    L.write(L.build("s", [SEARCH, {"name": "b"}]), path)
    calls: list[str] = []
    real = L._check_digests
    monkeypatch.setattr(L, "_check_digests", lambda data, file: (calls.append(file),
                                                                   real(data, file))[1])
    L.load(path)
    L.load(path)
    assert len(calls) == 1
    path.write_text(path.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    L.load(path)
    assert len(calls) == 2


def test_an_unchanged_live_tool_is_proved_equal_without_hashing(monkeypatch) -> None:
    from parity.pinning import drift

    locked = L.from_json(json.loads(json.dumps(L.build("s", [SEARCH, {"name": "b"}])
                                               .to_json())))
    # a server that sends its tools in normal form (required sorted, no default hints)
    wire = [dict(L.LockedTool.of(SEARCH).definition), {"name": "b"}]
    live = L.build("s", json.loads(json.dumps(wire)))
    reordered = L.build("s", json.loads(json.dumps([SEARCH, {"name": "b"}])))
    hashed: list[object] = []
    real = L.digest

    def counting(domain: str, value: object) -> str:
        if domain != L.CATALOG_DOMAIN:  # one digest over the stored digests is expected
            hashed.append(value)
        return real(domain, value)

    from parity.pinning import tool

    monkeypatch.setattr(L, "digest", counting)
    monkeypatch.setattr(tool, "digest", counting)
    report = drift.compare(locked, live)
    assert not report.drifted and hashed == []
    assert report.live_catalog == locked.catalog
    # normalization (required sorted, default hints dropped) comes before the text
    assert not drift.compare(locked, reordered).drifted and hashed == []
    changed = L.build("s", [SEARCH, {"name": "b", "description": "new"}])
    assert drift.compare(locked, changed).drifted and hashed  # a difference is hashed


@pytest.mark.parametrize("live_value", [float("nan"), float("inf"), True, 2**70])
def test_equal_looking_text_never_hides_a_different_value(live_value) -> None:
    """orjson renders NaN and infinities as null, and cannot render huge integers: the text
    shortcut must not call such a tool unchanged (``True`` renders apart from 1; 1.0 and 1
    are the same number to RFC 8785, so they are not a difference at all)."""
    from parity.pinning import drift

    stored = {"name": "t", "inputSchema": {"type": "object", "default": None}}
    if live_value is True:
        stored["inputSchema"]["default"] = 1
    locked = L.from_json(json.loads(json.dumps(L.build("s", [stored]).to_json())))
    live_def = {"name": "t", "inputSchema": {"type": "object", "default": live_value}}
    try:
        live = L.build("s", [live_def])
        report = drift.compare(locked, live)
    except Exception:
        return
    assert report.drifted


def test_stored_definition_rewritten_in_an_equivalent_form(tmp_path) -> None:
    """A ``parity.lock/2`` record is the definition as listed, pinned by its listed digest
    too: any edit of it is refused, an equivalent one as well. A ``parity.lock/1`` record
    is pinned by the normative digests only: an equivalent edit still loads."""
    built = L.build("s", [SEARCH])
    data = json.loads(json.dumps(built.to_json()))
    data["tools"]["search"]["definition"]["inputSchema"]["properties"]["filter"]["required"] \
        = ["a", "b"]  # normalization sorts it alike: same normative digests
    path = tmp_path / "s.lock.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(FileFormatError, match="listed digest of tool 'search' does not match"):
        L.load(path)
    path.write_text(json.dumps(as_v1(data)), encoding="utf-8")
    loaded = L.load(path)
    assert loaded == built
    assert loaded.tools["search"].definition == built.tools["search"].definition


def as_v1(data: dict[str, Any]) -> dict[str, Any]:
    """A ``parity.lock/2`` document as ``parity.lock/1`` wrote it: no listed digests, the
    normalized definitions, the first ``hash`` record."""
    old = copy.deepcopy(data)
    old.update(format="parity.lock/1", hash=dict(L.HASH_V1))
    for tool in old["tools"].values():
        del tool["listed"]
        tool["definition"] = L.normalize(tool["definition"])
    return old


def test_a_version_1_lock_is_still_read_and_verified(tmp_path) -> None:
    from parity.pinning import drift

    built = L.build("s", [SEARCH, {"name": "b"}])
    path = tmp_path / "s.lock.json"
    path.write_text(json.dumps(as_v1(built.to_json())), encoding="utf-8")
    old = L.load(path)
    assert old == built and old.catalog == built.catalog
    assert not drift.compare(old, L.build("s", json.loads(json.dumps([SEARCH, {"name": "b"}]))
                                          )).drifted
    changed = copy.deepcopy(SEARCH)
    changed["inputSchema"]["properties"]["days"]["type"] = "string"
    assert drift.compare(old, L.build("s", [changed, {"name": "b"}])).refused
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("tool-contract/v1", "tool-contract/v0", 1), encoding="utf-8")
    with pytest.raises(FileFormatError, match="hashed differently"):
        L.load(path)


def test_the_committed_version_1_example_lock_still_loads() -> None:
    """``tests/fixtures/locks/workflow.v1.lock.json``: manifests/workflow.lock.json as
    ``parity.lock/1`` wrote it (before the listed digests); the same catalog as today's."""
    from pathlib import Path

    repo = Path(__file__).resolve().parents[2]
    old = L.load(repo / "tests" / "fixtures" / "locks" / "workflow.v1.lock.json")
    new = L.load(repo / "manifests" / "workflow.lock.json")
    assert old.catalog == new.catalog and old == new


def test_a_lock_holding_a_long_integer_is_refused_by_pointer(tmp_path) -> None:
    """A lock is read by orjson unless a number could be out of canonical JSON's range; such
    a lock gets the checked reading, which names the place."""
    path = tmp_path / "s.lock.json"
    L.write(L.build("s", [SEARCH, {"name": "b"}]), path)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["tools"]["b"]["definition"]["inputSchema"] = {"type": "object", "maximum": 0}
    path.write_text(json.dumps(data).replace('"maximum": 0', '"maximum": 9007199254740993'),
                    encoding="utf-8")
    with pytest.raises(FileFormatError, match="an integer beyond") as info:
        L.load(path)
    assert info.value.location == "#/tools/b/definition/inputSchema/maximum"


def test_a_long_off_spec_name_is_cut_and_duplicates_are_named_a_few() -> None:
    from parity.errors import SourceError
    from parity.pinning.lock import lint

    warnings = lint([{"name": "y" * 5000}], source="s")
    assert len(warnings) == 1 and "(5,000 characters)" in warnings[0]
    assert len(warnings[0]) < 300
    many = [{"name": f"d{i}"} for i in range(100)] * 2
    with pytest.raises(SourceError) as info:
        lint(many, source="s")
    assert "'d4' and 95 more" in str(info.value)
