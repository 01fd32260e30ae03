"""The differ's shared per-tool context (``ToolPair``) and its shortcuts change nothing.

``diff_manifests`` parses each path once, aligns each direction once per tool pair and
skips the alignment of tables that agree on everything the rules read. The reference here
is the straightforward path: every rule with its own, fresh ``ToolPair`` and no shortcut,
as each rule used to build its own alignment. Findings are compared whole (message, hint)
and in order. No timing here: speed is measured in benchmarks/ only.
"""

from __future__ import annotations

import copy
import json
import random
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from parity.contract.diff import diff_manifests, sort_findings
from parity.contract.rules import RULES, Finding
from parity.contract.rules._align import ToolPair
from parity.contract.rules.tools import match_tools
from parity.errors import FileFormatError, ParityError
from parity.fieldpaths.entry import Entry
from parity.fieldpaths.manifest import Manifest, ToolManifest, dumps
from parity.fieldpaths.manifest_paths import check_tables
from parity.fieldpaths.manifest_text import laid_out, split
from parity.fieldpaths.tooldefs import manifest_from_definitions


def reference(agent: Manifest, server: Manifest) -> list[Finding]:
    found: set[Finding] = set()
    for rule in RULES.values():
        if rule.check_pair is not None:
            found.update(rule.check_pair(agent, server))
    for a, s in match_tools(agent, server).matched:
        for rule in RULES.values():
            if rule.check is not None:
                found.update(rule.check(ToolPair(agent.tools[a], server.tools[s],
                                                 shortcut=False)))
    return sort_findings(found)


def whole(findings: list[Finding]) -> list[tuple[str, ...]]:
    return [(f.tool, f.rule_id, f.path, f.direction, f.severity, f.message, f.hint)
            for f in findings]


def as_read(manifest: Manifest) -> Manifest:
    """The manifest as read from its file's JSON: tables kept raw, entries built on use."""
    return Manifest.from_json(json.loads(json.dumps(manifest.to_json())))


def as_cut(manifest: Manifest) -> Manifest | None:
    """The manifest as cut from its laid-out file: tables kept as text, parsed on use;
    ``None`` when no file could hold it (a path without its parent: the checks of
    ``manifest.load`` refuse it before any file is cut)."""
    content = dumps(manifest).encode()
    data = json.loads(content)
    try:
        check_tables(data, "m.json")
    except FileFormatError:
        return None
    text = split(content)
    assert text is not None and laid_out(content, data)
    return Manifest.from_text(text)


def same_as_reference(agent: Manifest, server: Manifest) -> list[Finding]:
    found = diff_manifests(agent, server)
    expected = whole(reference(agent, server))
    assert whole(found) == expected
    # read from JSON, agreeing tables are compared as data, without building entries
    assert whole(diff_manifests(as_read(agent), as_read(server))) == expected
    # cut from laid-out files, agreeing tables are compared as text, without parsing them
    cut = as_cut(agent), as_cut(server)
    if cut[0] is not None and cut[1] is not None:
        assert whole(diff_manifests(*cut)) == expected
    return found


# -- a generated catalog ---------------------------------------------------------------------

_WORDS = ("id", "name", "limit", "mode", "tags", "meta", "items", "owner", "café", "x y")
_ENUMS = (["a", "b", "c"], ["a", "b"], [1, 2, 3], [1, True], [0.0, 1.5], [None, "x"],
          [{"k": 1}, [1]])


def _scalar(rng: random.Random) -> dict[str, Any]:
    roll = rng.random()
    if roll < 0.2:
        return {"enum": list(rng.choice(_ENUMS))}
    if roll < 0.3:
        return {"type": [rng.choice(("string", "integer")), "null"]}
    if roll < 0.35:
        return {}
    return {"type": rng.choice(("string", "integer", "number", "boolean"))}


def _node(rng: random.Random, depth: int) -> dict[str, Any]:
    roll = rng.random()
    if depth <= 0 or roll < 0.5:
        return _scalar(rng)
    if roll < 0.7:
        return _object(rng, depth - 1)
    if roll < 0.85:
        return {"type": "array", "items": _node(rng, depth - 1)}
    if roll < 0.95:
        return {"type": "object", "additionalProperties": _node(rng, depth - 1)}
    return {"type": "object"}  # free-form


def _object(rng: random.Random, depth: int) -> dict[str, Any]:
    names = rng.sample(_WORDS, rng.randint(1, 5))
    schema: dict[str, Any] = {"type": "object",
                              "properties": {n: _node(rng, depth) for n in names},
                              "required": sorted(n for n in names if rng.random() < 0.5)}
    if rng.random() < 0.5:
        schema["additionalProperties"] = False
    return schema


def _mutate(rng: random.Random, schema: dict[str, Any]) -> None:
    """One random change somewhere in an object schema, in place."""
    objects = []
    stack = [schema]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            if "properties" in node:
                objects.append(node)
            stack.extend(v for v in node.values() if isinstance(v, dict | list))
        elif isinstance(node, list):
            stack.extend(v for v in node if isinstance(v, dict))
    target = rng.choice(objects)
    name = rng.choice(sorted(target["properties"]))
    kind = rng.randrange(6)
    if kind == 0:
        target["properties"]["renamed_" + name] = target["properties"].pop(name)
    elif kind == 1:
        target["properties"][name] = _scalar(rng)
    elif kind == 2:
        target["required"] = sorted({*target["required"], name})
    elif kind == 3:
        target["required"] = [n for n in target["required"] if n != name]
    elif kind == 4:
        target["additionalProperties"] = not target.get("additionalProperties", True)
    else:
        target["properties"][name] = {"enum": list(rng.choice(_ENUMS))}


def catalog_pair(n: int, seed: int) -> tuple[Manifest, Manifest]:
    rng = random.Random(seed)
    server: list[dict[str, Any]] = []
    agent: list[dict[str, Any]] = []
    for i in range(n):
        tool: dict[str, Any] = {"name": f"tool_{i}", "description": f"server tool {i}",
                                "inputSchema": _object(rng, 3)}
        if rng.random() < 0.6:
            tool["outputSchema"] = _object(rng, 2)
        mine = copy.deepcopy(tool)
        mine["description"] = f"the agent's tool {i}"
        mine["inputSchema"]["description"] = "as the agent builds it"
        roll = rng.random()
        if roll < 0.3:
            _mutate(rng, mine["inputSchema"])
        elif roll < 0.45 and "outputSchema" in mine:
            _mutate(rng, mine["outputSchema"])
        elif roll < 0.5:
            tool.pop("outputSchema", None)
        elif roll < 0.52:
            mine["name"] = "Tool_" + str(i) if rng.random() < 0.5 else f"ghost_{i}"
        server.append(tool)
        agent.append(mine)
    return (manifest_from_definitions(agent, side="agent", source="agent"),
            manifest_from_definitions(server, side="server", source="server"))


#: the findings of ``catalog_pair(200, seed=7)``, by rule: recorded with the differ as it
#: was before the shared context (every rule aligning on its own), 45 in all; since an
#: untyped enum sends only its values' types, 41 (three untyped agent enums of integers or
#: strings against a server field of that type, one untyped server enum returned to an
#: agent field of its values' type, are no longer type mismatches); since a free-form agent
#: object is held to the keys the server requires in it, 42 (``tool_49``'s ``limit.limit``, a
#: string, null or any object, where the server requires an object's ``name`` and ``owner``)
GOLDEN_200 = {"in.enum": 5, "in.missing-required": 1, "in.type": 13, "in.unknown": 7,
              "out.enum": 3, "out.missing": 1, "out.optional": 2, "out.type": 3,
              "out.undeclared": 6, "tool.missing": 1}


def test_a_generated_200_tool_pair_matches_the_golden_count_and_the_reference():
    agent, server = catalog_pair(200, seed=7)
    found = same_as_reference(agent, server)
    assert dict(sorted(Counter(f.rule_id for f in found).items())) == GOLDEN_200


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_other_generated_pairs_match_the_reference(seed):
    same_as_reference(*catalog_pair(60, seed=seed))


def test_unrelated_catalogs_match_the_reference():
    """Every tool differs everywhere: no shortcut applies, every rule fires."""
    agent, _ = catalog_pair(80, seed=11)
    _, server = catalog_pair(80, seed=12)
    found = same_as_reference(agent, server)
    assert len({f.rule_id for f in found}) >= 8


def test_the_benchmark_generator_pair_when_present():
    bench = Path(__file__).resolve().parents[2] / "benchmarks"
    if not (bench / "generate.py").is_file():
        pytest.skip("benchmarks/generate.py is not here")
    sys.path.insert(0, str(bench))
    try:
        import generate  # type: ignore[import-not-found]
    finally:
        sys.path.remove(str(bench))
    pair = generate.pair(200, mutate_every=3)
    agent = manifest_from_definitions(pair.agent, side="agent", source="agent")
    server = manifest_from_definitions(pair.server, side="server", source="server")
    found = same_as_reference(agent, server)
    assert sorted(f.key for f in found) == pair.expected_keys


# -- tables that agree in Python but not for the rules ---------------------------------------


def _pair(agent_in: dict[str, Entry], server_in: dict[str, Entry],
          agent_out: dict[str, Entry] | None = None,
          server_out: dict[str, Entry] | None = None) -> tuple[Manifest, Manifest]:
    a = ToolManifest(name="t", hash="a", in_=agent_in, out=agent_out)
    s = ToolManifest(name="t", hash="s", in_=server_in, out=server_out)
    return (Manifest(side="agent", source="a", tools={"t": a}),
            Manifest(side="server", source="s", tools={"t": s}))


ROOT = Entry(type=("object",), required=True, closed=True)


def _field(**kw: Any) -> Entry:
    return Entry(**{"type": ("string",), "required": True, **kw})


@pytest.mark.parametrize(("mine", "theirs", "reported"), [
    ((1,), (True,), True),          # 1 == True, but JSON 1 is not true
    (({"a": 1},), ({"a": True},), True),
    # numbers compare by their mathematical value in JSON Schema (2020-12 core, 4.2.2)
    ((0.0,), (-0.0,), False),
    ((1,), (1.0,), False),
])
def test_enums_equal_in_python_are_reported_as_json_schema_compares_them(mine, theirs,
                                                                         reported):
    for direction in ("in", "out"):
        a_table = {"": ROOT, "x": _field(type=("any",), enum=mine)}
        s_table = {"": ROOT, "x": _field(type=("any",), enum=theirs)}
        pair = _pair(a_table, s_table) if direction == "in" else \
            _pair({"": ROOT}, {"": ROOT}, a_table, s_table)
        found = same_as_reference(*pair)
        assert [f.rule_id for f in found] == ([f"{direction}.enum"] if reported else [])


@pytest.mark.parametrize(("mine", "theirs", "reported"), [
    ((("string", ("auto",)),), (("string", ("auto", "x")),), "out"),  # the agent's narrower
    ((("string", ("auto", "x")),), (("string", ("auto",)),), "in"),
    ((("string", ("auto",)),), (), "out"),  # the server's strings free
    ((("array", ([1],)),), (("array", ([True],)),), "both"),  # equal in Python, not in JSON
    ((("array", ([1],)),), (("array", ([1.0],)),), "none"),
    ((("string", ("auto",)),), (("string", ("auto",)),), "none"),
])
def test_tables_differing_only_in_an_enum_by_type_are_compared(mine, theirs, reported):
    """Tables whose entries differ only in ``enum_by_type`` do not agree, on every path
    (entries, raw data, laid-out text): the shortcut once skipped them."""
    def table(by_type: Any) -> dict[str, Entry]:
        return {"": ROOT, "m": _field(type=("array", "integer", "string"),
                                      enum_by_type=by_type)}

    found = same_as_reference(*_pair(table(mine), table(theirs), table(mine), table(theirs)))
    expected = {"in": ["in.enum"], "out": ["out.enum"], "both": ["in.enum", "out.enum"],
                "none": []}[reported]
    assert [f.rule_id for f in found] == expected


def test_equal_tables_only_differing_in_descriptions_report_nothing():
    a_table = {"": ROOT, "x": _field(description="mine"), "x2": _field(enum=("a", 1, 2.5))}
    s_table = {"": ROOT, "x": _field(description="theirs"), "x2": _field(enum=("a", 1, 2.5))}
    assert same_as_reference(*_pair(a_table, s_table, dict(a_table), dict(s_table))) == []


def test_a_table_missing_an_intermediate_node_is_aligned_in_full():
    """``m.a`` is in neither table, so the server's closed ``m`` does not declare it: the
    identical tables still differ for in.unknown."""
    table = {"": ROOT, "m": Entry(type=("object",), required=True, closed=True),
             "m.a.x": _field()}
    found = same_as_reference(*_pair(dict(table), dict(table)))
    assert [(f.rule_id, f.path) for f in found] == [("in.unknown", "m.a")]


def test_one_node_printed_two_ways_is_aligned_in_full():
    """``"a"`` and ``a`` name one node; the tables keep different ones of the two."""
    agent = {"": ROOT, '"a"': _field(type=("integer",)), "a": _field()}
    server = {"": ROOT, "a": _field(), '"a"': _field(type=("integer",))}
    same_as_reference(*_pair(agent, server))


def test_unusual_but_valid_paths_match_the_reference():
    table = {"": ROOT, "a": Entry(type=("array",), required=True),
             "a.[]": _field(), '"b c"': _field(), '"b c"[0]': _field(),
             '"\\u00e9"': _field()}
    same_as_reference(*_pair(dict(table), dict(table)))
    other = {**table, '"b c"[0]': _field(type=("integer",))}
    same_as_reference(*_pair(table, other))


@pytest.mark.parametrize("bad", ["a..b", ".a", "a[01]", '"x', "a b"])
def test_an_invalid_path_raises_as_before(bad):
    table = {"": ROOT, "a": _field(), bad: _field()}
    with pytest.raises(ParityError) as shared:
        diff_manifests(*_pair(dict(table), dict(table)))
    with pytest.raises(ParityError) as straight:
        reference(*_pair(dict(table), dict(table)))
    assert str(shared.value) == str(straight.value)


# -- the path cache and the pair-level rule --------------------------------------------------

_texts = st.text(alphabet='ab_$-01.[]{}"\\é', max_size=10)


@given(st.lists(_texts, max_size=12))
def test_parsing_through_the_cache_is_parsing(texts):
    from parity.contract.rules._parsed import _parse_into
    from parity.fieldpaths.fieldpath import parse

    cache: dict[str, Any] = {}
    for text in sorted(texts):  # tables list parents first
        try:
            expected: Any = parse(text)
        except ParityError as exc:
            expected = str(exc)
        try:
            got: Any = cache[text] if text in cache else _parse_into(cache, text)
        except ParityError as exc:
            got = str(exc)
        assert got == expected


@given(_texts)
def test_a_vouched_parent_is_the_printed_parent(text):
    from parity.fieldpaths.fieldpath import UNPRINTED as UNKNOWN
    from parity.fieldpaths.fieldpath import parse, render
    from parity.fieldpaths.fieldpath import printed_parent as _parent_text

    up = _parent_text(text)
    if up is UNKNOWN:
        return
    assert isinstance(up, str)  # the root's parent is the root
    try:
        parent = parse(up)
    except ParityError:
        return  # the parent is not vouched for itself, so neither is ``text``
    if render(parent) != up:
        return
    # by induction from the root: a vouched text is valid and printed as parity prints it
    steps = parse(text)
    assert render(steps) == text
    assert steps[:-1] == parent


@given(st.lists(st.sampled_from(["a", "A", "b", "wf__a", "wf-mcp:a", "wf.A", "wf/b", "c"]),
                max_size=6),
       st.sampled_from(["a", "A", "wf-mcp:b", "WF__A", "wf.c", "zz"]),
       st.sampled_from([None, "wf"]))
def test_guesses_with_a_prebuilt_index_are_the_same(server_tools, tool, server):
    # tool.missing builds the lower-case index once per pair and passes it to every guess
    from parity.fieldpaths.toolid import guess_forms

    candidates = set(server_tools)
    lowered = {c.lower(): c for c in candidates}
    for case_insensitive in (True, False):
        assert guess_forms(tool, candidates, server, case_insensitive, lowered=lowered) == \
            guess_forms(tool, candidates, server, case_insensitive)


# -- tables read from files: compared as data, entries built only where they differ ----------


def test_loaded_manifests_that_agree_build_no_entries(tmp_path, monkeypatch):
    from parity.fieldpaths import manifest as mf

    agent, server = catalog_pair(30, seed=11)
    # the same tables on both sides, descriptions aside
    server = Manifest(side="server", source="s", tools={
        n: ToolManifest(n, t.hash, t.in_, t.out, description="the server's")
        for n, t in agent.tools.items()})
    mf.write(agent, tmp_path / "a.json")
    mf.write(server, tmp_path / "s.json")
    built: list[object] = []
    real = Entry.from_json
    monkeypatch.setattr(Entry, "from_json", lambda data: built.append(data) or real(data))
    loaded = mf.load(tmp_path / "a.json"), mf.load(tmp_path / "s.json")
    assert diff_manifests(*loaded) == diff_manifests(agent, server)
    assert built == []
    # a table that differs is built, and only then
    changed = {**server.tools}
    first = sorted(changed)[0]
    t = changed[first]
    changed[first] = ToolManifest(first, t.hash, {**t.in_, "": Entry(type=("string",),
                                                                  required=True)}, t.out)
    mf.write(Manifest(side="server", source="s", tools=changed), tmp_path / "s.json")
    found = diff_manifests(mf.load(tmp_path / "a.json"), mf.load(tmp_path / "s.json"))
    assert found == diff_manifests(agent, Manifest(side="server", source="s", tools=changed))
    assert 0 < len(built) <= len(t.in_) * 2


def test_a_loaded_tool_equals_its_built_twin_and_is_immutable(tmp_path):
    from parity.fieldpaths import manifest as mf

    agent, _ = catalog_pair(5, seed=3)
    mf.write(agent, tmp_path / "a.json")
    loaded = mf.load(tmp_path / "a.json")
    assert loaded == agent
    tool = next(iter(loaded.tools.values()))
    assert tool.has_out == (tool.out is not None)
    with pytest.raises(AttributeError):
        tool.name = "other"  # type: ignore[misc]
    with pytest.raises(TypeError):
        ToolManifest("t", "h")  # neither built nor raw tables


_FACT_VALUES = st.fixed_dictionaries({}, optional={
    "type": st.sampled_from([("string",), ("integer",), ("any",), ("null", "string")]),
    "required": st.booleans(),
    "enum": st.sampled_from([("a",), (1,), (True,), (1.0,), (0.0,), (-0.0,), ("a", 1)]),
    "format": st.sampled_from(["date", "uri"]),
    "description": st.sampled_from(["x", "y"]),
    "default": st.sampled_from([1, True, "a"]),
})


@given(st.lists(st.tuples(_FACT_VALUES, _FACT_VALUES), min_size=1, max_size=4))
def test_raw_agreement_never_claims_more_than_built_agreement(rows):
    from parity.contract.rules._agree import PathCache, agree, agree_raw

    mine = {"": ROOT, **{f"f{i}": Entry(**a) for i, (a, _) in enumerate(rows)}}
    theirs = {"": ROOT, **{f"f{i}": Entry(**b) for i, (_, b) in enumerate(rows)}}
    raw_mine = json.loads(json.dumps({p: e.to_json() for p, e in mine.items()}))
    raw_theirs = json.loads(json.dumps({p: e.to_json() for p, e in theirs.items()}))
    assert agree_raw(raw_mine, raw_theirs, PathCache()) == agree(mine, theirs, PathCache())


# -- the fast paths of agreement: never agree where JSON differs -----------------------------

#: values equal in Python, each group; JSON tells some of them apart (1, true and 1.0)
_EQUAL_IN_PYTHON = (["a"], ["é", "é"], [1, True, 1.0], [0, False, 0.0, -0.0], [None],
                    [2.5], [{"k": 1}, {"k": True}, {"k": 1.0}], [[0], [False], [-0.0]])


@st.composite
def _enum_twins(draw: st.DrawFn) -> tuple[list[Any] | None, list[Any] | None]:
    """Two enums equal in Python (or both absent), each value picked from one group."""
    if draw(st.booleans()):
        return None, None
    groups = draw(st.lists(st.sampled_from(_EQUAL_IN_PYTHON), min_size=1, max_size=3))
    return ([draw(st.sampled_from(g)) for g in groups],
            [draw(st.sampled_from(g)) for g in groups])


@given(st.lists(_enum_twins(), min_size=1, max_size=5), st.booleans())
def test_agreement_holds_enums_to_json_equality(rows, reordered):
    """Tables equal in Python agree exactly when every enum has the same canonical JSON:
    the table-wide check for string-only enums never lets ``1`` pass for ``true``."""
    from parity.contract.rules._agree import PathCache, agree, agree_raw
    from parity.fieldpaths.entry import canonical_value

    def table(side: int) -> dict[str, dict[str, Any]]:
        out: dict[str, dict[str, Any]] = {"": {"type": ["object"], "required": True}}
        for i, twins in enumerate(rows):
            node: dict[str, Any] = {"type": ["any"], "required": True}
            if twins[side] is not None:
                node["enum"] = twins[side]
            out[f"f{i}"] = node
        return out

    mine, theirs = table(0), table(1)
    if reordered:  # the same paths in another order: entries are paired by path
        theirs = dict(reversed(theirs.items()))
    assert mine == theirs
    expected = all(canonical_value(a) == canonical_value(b) for a, b in rows)
    assert agree_raw(mine, theirs, PathCache()) is expected
    assert agree_raw(mine, theirs, PathCache(), paths_checked=True) is expected
    built = [{p: Entry.from_json(e) for p, e in t.items()} for t in (mine, theirs)]
    assert agree(built[0], built[1], PathCache()) is expected


@pytest.mark.parametrize(("mine", "theirs", "rules"), [
    ([["a"], [1]], [["a"], [True]], ["in.enum"]),  # a string-only enum vouches not for the next
    # equal numbers: compared (the texts differ), and equal as JSON Schema compares them
    ([["a", "b"], [1, "x"]], [["a", "b"], [1.0, "x"]], []),
    ([[0.0]], [[-0.0]], []),
    ([[{"k": [1]}]], [[{"k": [True]}]], ["in.enum"]),
])
def test_loaded_tables_with_one_enum_equal_only_in_python_are_aligned(mine, theirs, rules,
                                                                      tmp_path):
    from parity.fieldpaths import manifest as mf

    def tables(enums: list[list[Any]]) -> dict[str, Entry]:
        return {"": ROOT, **{f"x{i}": _field(type=("any",), enum=tuple(e))
                             for i, e in enumerate(enums)}}

    agent, server = _pair(tables(mine), tables(theirs))
    found = same_as_reference(agent, server)
    # as `parity check` reads them: validated files, paths already vouched for
    agent, server = (Manifest(side=m.side, source=m.source, tools={
        "t": ToolManifest("t", "sha256:" + "0" * 64, m.tools["t"].in_)})
        for m in (agent, server))
    assert [f.rule_id for f in found] == rules
    mf.write(agent, tmp_path / "a.json")
    mf.write(server, tmp_path / "s.json")
    loaded = diff_manifests(mf.load(tmp_path / "a.json"), mf.load(tmp_path / "s.json"))
    assert whole(loaded) == whole(found)


_NAMES = st.sampled_from(["a", "b", "", "\n", "a\n", "\na", "x y", "é", "a.b", "{tool}"])


@given(st.lists(_NAMES, max_size=6), st.lists(_NAMES, max_size=6),
       st.sampled_from([None, "wf"]))
def test_matching_plain_names_is_matching_through_the_form(agent_names, server_names, name):
    """Both sides in the ``{tool}`` form: the direct name lookup pairs tools as parsing and
    re-printing each name does (a name the form does not fit is unmatched)."""
    from parity.contract.rules.tools import _match_forms, _match_plain
    from parity.fieldpaths.toolid import parse_form

    def side(names: list[str], which: str) -> Manifest:
        return Manifest(side=which, source=which, server=name,  # type: ignore[arg-type]
                        tools={n: ToolManifest(n, "h", {"": ROOT}) for n in names})

    agent, server = side(agent_names, "agent"), side(server_names, "server")
    plain = parse_form("{tool}")
    assert _match_plain(agent, server) == _match_forms(agent, server, plain, plain)
    assert match_tools(agent, server) == _match_forms(agent, server, plain, plain)


def test_tools_named_alike_with_a_line_break_are_the_same_tool():
    tools = [{"name": "a\nb", "inputSchema": {"type": "object"}}]
    agent = manifest_from_definitions(tools, side="agent", source="a", server="wf")
    server = manifest_from_definitions(tools, side="server", source="s", server="wf")
    assert diff_manifests(agent, server) == []
