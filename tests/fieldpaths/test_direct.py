"""The direct path (parity/fieldpaths/direct.py) against the general walk: the same tables,
warnings, work, and the same errors with the same tool and pointer, on every corpus and on
random schemas. ``general`` turns the direct path off (whole schemas and subschemas)."""

from __future__ import annotations

import contextlib
import copy
import dataclasses
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from parity.errors import ParityError
from parity.fieldpaths import direct, direct_flat
from parity.fieldpaths.entry import FIELDS, Entry, adopt, make_entry
from parity.fieldpaths.fieldpath import Prop, render
from parity.fieldpaths.general import Walker
from parity.fieldpaths.schema import Limits, Work, extract_paths
from tests.benchmodules import bench_module
from tests.properties import draws

HERE = Path(__file__).resolve().parents[1]
REPO = HERE.parent
# ../shared/corpus beside the checkout (or beside the folder of git worktrees)
SHARED = next((p for p in (REPO.parent / "shared" / "corpus",
                           REPO.parent.parent / "shared" / "corpus") if p.is_dir()),
              REPO.parent / "shared" / "corpus")
DRAFT7 = "http://json-schema.org/draft-07/schema#"
LIMITS = [None, Limits(max_work=300), Limits(max_paths=5), Limits(max_depth=2),
          Limits(max_work=2_000, max_paths=40)]


def snapshot(schema: Any, **kw: Any) -> tuple[Any, ...]:
    """Everything extraction says: the table as printed, warnings and work, or the error."""
    work, warnings = Work(), []
    try:
        table = extract_paths(schema, tool="t", work=work, warnings=warnings, **kw)
    except ParityError as exc:
        return ("error", type(exc).__name__, str(exc), exc.location, work.spent)
    return (json.dumps({p: e.to_json() for p, e in table.items()}), warnings, work.spent)


@contextlib.contextmanager
def general_only() -> Iterator[None]:
    saved = direct.whole_table, direct.is_plain, direct_flat.read

    direct.whole_table = lambda *a, **k: None  # type: ignore[assignment]
    direct.is_plain = lambda *a, **k: False  # type: ignore[assignment]
    direct_flat.read = lambda *a, **k: None  # type: ignore[assignment]
    try:
        yield
    finally:
        direct.whole_table, direct.is_plain, direct_flat.read = saved


def general(schema: Any, **kw: Any) -> tuple[Any, ...]:
    with general_only():
        return snapshot(schema, **kw)


def test_the_general_walk_alone_is_what_the_others_are_held_to(monkeypatch):
    """``general`` really walks the general way, whatever shortcut extraction takes first (a
    shortcut it did not turn off would hold the walks to themselves)."""
    walks = []
    run = Walker.run
    monkeypatch.setattr(Walker, "run", lambda self: walks.append(self) or run(self))
    flat = {"type": "object", "properties": {"a": {"type": "string"}}}
    referring = {"type": "object", "properties": {"a": {"$ref": "#/$defs/A"}},
                 "$defs": {"A": {"type": "object", "properties": {"b": {"type": "string"}}}}}
    for schema in (flat, referring):
        walks.clear()
        assert snapshot(schema) == general(schema)
        assert len(walks) == 1  # ``general``'s, not ``snapshot``'s


def assert_same(schema: Any, name: str, **kw: Any) -> None:
    for limits in LIMITS:
        assert snapshot(schema, limits=limits, **kw) == general(schema, limits=limits, **kw), \
            (name, limits)


def tools_in(path: Path) -> list[dict[str, Any]]:
    data = json.loads(path.read_text(encoding="utf-8"))
    listed = data.get("tools", data) if isinstance(data, dict) else data
    listed = [listed] if isinstance(listed, dict) else listed
    return [t for t in listed if isinstance(t, dict)]


def schemas_of(tools: list[dict[str, Any]]) -> Iterator[Any]:
    for tool in tools:
        for key in ("inputSchema", "outputSchema"):
            if isinstance(tool.get(key), (dict, bool)):
                yield tool[key]


def generated(n: int) -> list[dict[str, Any]]:
    module = bench_module("generate")
    return module.catalog(n, seed=module.SEED + 1)  # type: ignore[no-any-return]


REAL = sorted((REPO / "benchmarks" / "data").glob("*/*.json"))
JSTS = sorted((HERE / "fixtures" / "jsts").glob("draft*/*.json"))
SHARED_JSTS = sorted((SHARED / "jsts").glob("draft*/*.json"))
SHARED_TOOLS = sorted((SHARED / "mcp-tools").rglob("*.json"))


@pytest.mark.parametrize("path", REAL, ids=lambda p: p.name)
def test_the_real_corpus_gives_the_general_walks_tables(path):
    for schema in schemas_of(tools_in(path)):
        assert_same(schema, path.name)


def test_the_real_corpus_takes_the_direct_path():
    schemas = [s for p in REAL for s in schemas_of(tools_in(p))]
    taken = sum(direct.whole_table(s, max_depth=64, max_paths=10_000, max_work=200_000,
                                   failed=set()) is not None for s in schemas)
    assert taken >= len(schemas) - 5  # the few with references go the general way


@pytest.mark.parametrize("path", JSTS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_the_bundled_suite_gives_the_general_walks_tables(path):
    dialect = DRAFT7 if path.parent.name == "draft7" else None
    assert_same(json.loads(path.read_text()), path.name, default_dialect=dialect)


@pytest.mark.skipif(not SHARED_JSTS, reason="../shared/corpus is not beside this checkout")
def test_the_full_suite_gives_the_general_walks_tables():
    for path in SHARED_JSTS:
        dialect = DRAFT7 if path.parent.name == "draft7" else None
        assert_same(json.loads(path.read_text()), path.name, default_dialect=dialect)


@pytest.mark.skipif(not SHARED_TOOLS, reason="../shared/corpus is not beside this checkout")
def test_every_captured_server_gives_the_general_walks_tables():
    for path in SHARED_TOOLS:
        with contextlib.suppress(ValueError, AttributeError):
            schemas = list(schemas_of(tools_in(path)))
        for schema in schemas:
            assert_same(schema, path.name)


def test_generated_schemas_give_the_general_walks_tables():
    """Unions, $defs/$ref, maps, recursion: the general walk hands plain subschemas to the
    direct path, which must leave counters and pointer as the general walk would."""
    for tool in generated(200):
        for schema in schemas_of([tool]):
            assert_same(schema, tool["name"])


def test_plain_subschemas_below_a_reference_are_walked_directly(monkeypatch):
    calls = []
    original = direct.Direct.node

    def counted(self, *args):
        calls.append(args[1])
        return original(self, *args)

    monkeypatch.setattr(direct.Direct, "node", counted)
    schema = {"$defs": {"A": {"type": "object", "properties": {"x": {"type": "string"}}}},
              "type": "object", "properties": {"a": {"$ref": "#/$defs/A"},
                                               "b": {"type": "integer"}}}
    extract_paths(schema)
    assert calls  # (Prop('b'),) and the target's properties
    monkeypatch.undo()
    assert_same(schema, "refs")


def test_a_huge_plain_schema_ends_in_the_same_bounds_error():
    wide = {"type": "object", "properties": {
        f"p{i}": {"type": "object", "properties": {"q": {"type": "string"}}}
        for i in range(400)}}
    for limits in (Limits(max_work=1_500), Limits(max_paths=300), Limits()):
        assert snapshot(wide, limits=limits) == general(wide, limits=limits)
    error = snapshot(wide, limits=Limits(max_work=1_500))
    assert error[:2] == ("error", "BoundsError") and "tool 't'" in error[2]
    assert error[3].startswith("#/properties/")
    # leaves are not checked one by one: the walk ends past the bound and gives it up
    leaves = {"type": "object", "properties": {f"p{i}": {"type": "string"} for i in range(400)}}
    for limits in (Limits(max_work=1_000), Limits(max_paths=300), Limits(max_depth=0)):
        assert snapshot(leaves, limits=limits) == general(leaves, limits=limits)
        assert snapshot(leaves, limits=limits)[1] == "BoundsError"
    deep: dict[str, Any] = {"type": "string"}
    for _ in range(200):
        deep = {"type": "array", "items": deep}
    assert snapshot(deep) == general(deep)
    assert snapshot(deep)[1] == "BoundsError"


def test_examples_are_read_as_the_general_walk_reads_them():
    long = "x" * 201
    for examples in (["b", "a", "b", 3, None, long], "solo", [], [f"{i:02}" for i in range(20)]):
        schema = {"type": "object", "properties": {
            "leaf": {"type": "string", "examples": examples},
            "node": {"type": "array", "items": {"type": "string"}, "examples": examples}}}
        assert_same(schema, str(examples))
    table = extract_paths({"type": "string", "examples": ["b", "a", "b", 3, long]})
    assert table[""].examples == ("a", "b")


def test_make_entry_is_entry():
    values = dict(type=("null", "string"), required=True, closed=False, enum=(1, "a"),
                  format="uri", default=1.5, has_default=True, description="d",
                  patterns=("^a",), recursive="#", unresolved=("x",), unsupported=("not",),
                  constraints=(("maxLength", 3),), examples=("a", "b"),
                  choice=(("line",), ("position",)),
                  keysets=(("a", "line"), ("a", "position")),
                  tags=(("kind", ((("a",), ("kind", "x"), None, ("kind", "x", "z")),
                                  (("b",), ("kind",), ("kind", "y"), ("kind", "y")))),),
                  shapes=((("a",), ("a",), ("a",)), (("b",), None, ("b", "c"))),
                  enum_by_type=(("string", ("auto",)),))
    assert tuple(f.name for f in dataclasses.fields(Entry)) == FIELDS
    assert set(FIELDS) == set(values)
    made, built = make_entry(**values), Entry(**values)  # type: ignore[arg-type]
    assert made == built and hash(made) == hash(built) and repr(made) == repr(built)
    assert made.with_required(False) == dataclasses.replace(built, required=False)
    assert made.with_required(True) is made
    facts = dict(choice=(("x",), ("y",)), keysets=(), tags=values["tags"],
                 shapes=values["shapes"])
    assert made.with_union_facts(**facts) == dataclasses.replace(built, **facts)
    defaults = dict(vars(Entry()))  # the fields of ``Entry()``
    assert tuple(defaults) == FIELDS
    for fields in (defaults.copy(), {}):  # a field left out reads as its default
        adopted, blank = adopt(fields), Entry()
        assert adopted == blank and hash(adopted) == hash(blank) and repr(adopted) == repr(blank)
    for name, value in values.items():  # each field alone, the others read as defaults
        alone = adopt({name: value})
        assert alone == dataclasses.replace(blank, **{name: value})
        assert repr(alone) == repr(Entry(**{name: value}))
    assert adopt(dict(values)) == built and adopt({**defaults, **values}) == built
    assert copy.deepcopy(adopt({"required": True})) == Entry(required=True)


# -- random plain schemas ------------------------------------------------------------------

names = st.text(alphabet="ab~/.[ \u00e9", min_size=0, max_size=3)
scalars = st.one_of(st.none(), st.booleans(), st.integers(-3, 3), st.text(max_size=2),
                    st.floats(allow_nan=False, allow_infinity=False, width=16))
keywords = st.fixed_dictionaries({}, optional={
    "type": st.one_of(st.sampled_from(["string", "object", "array", "integer", "number",
                                       "null", "boolean", "bogus"]),
                      st.lists(st.sampled_from(["string", "null", "object"]), max_size=3)),
    "nullable": st.booleans(),
    "enum": st.one_of(st.lists(scalars, max_size=4), scalars),
    "const": scalars,
    "format": st.one_of(st.sampled_from(["uri", "date-time"]), st.integers(0, 1)),
    "default": scalars,
    "description": st.one_of(st.text(max_size=3), st.integers(0, 1)),
    "examples": st.one_of(st.lists(st.one_of(scalars, st.text(max_size=3)), max_size=20),
                          scalars),
    "minimum": st.one_of(st.integers(-2, 2), st.floats(-2, 2, width=16), st.booleans()),
    "exclusiveMinimum": st.one_of(st.booleans(), st.integers(-2, 2)),
    "maxLength": st.one_of(st.integers(-1, 5), st.text(max_size=1)),
    "pattern": st.one_of(st.sampled_from(["^a", "b$"]), st.integers(0, 1)),
    "multipleOf": st.sampled_from([0, 2, 0.5]),
    "uniqueItems": st.one_of(st.booleans(), st.integers(0, 1)),
    "required": st.one_of(st.lists(names, max_size=3), st.booleans(), st.integers(0, 1)),
    "not": st.just({}), "if": st.just({"type": "string"}), "propertyNames": st.just({}),
    "unevaluatedProperties": st.one_of(st.booleans(), st.just({}), st.just({"type": "string"})),
    "additionalItems": st.booleans(),
    "$anchor": st.just("here"), "title": st.text(max_size=2), "$comment": st.just("c"),
})


def extend(children: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    maps = st.dictionaries(names, children, max_size=3)
    structure = st.fixed_dictionaries({}, optional={
        "properties": st.one_of(maps, st.just([])),
        "items": st.one_of(children, st.just(False)),
        "prefixItems": st.lists(children, max_size=2),
        "additionalProperties": st.one_of(children, st.just(False), st.just(True),
                                          st.just({}), st.just(3)),
        "patternProperties": st.one_of(st.dictionaries(st.sampled_from(["^a", "^b"]),
                                                       children, max_size=2), st.just(1)),
    })
    return st.builds(lambda k, s: {**k, **s}, keywords, structure)


plain = st.recursive(st.one_of(st.booleans(), keywords, st.just({}), st.just(5)), extend,
                     max_leaves=14)
limits = st.builds(Limits, max_depth=st.integers(1, 6), max_paths=st.integers(1, 40),
                   max_alternatives=st.just(256), max_work=st.integers(5, 400))


@settings(max_examples=draws(400), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(plain, st.one_of(st.none(), limits))
def test_random_plain_schemas_give_the_general_walks_result(schema, bounds):
    """Tables, unsupported keywords, constraints, enums, defaults, closed flags, work, and the
    errors of malformed values and of every bound, with their tool and pointer."""
    if not isinstance(schema, (dict, bool)):
        schema = {"properties": {"x": schema}}
    assert snapshot(schema, limits=bounds) == general(schema, limits=bounds)
    # the same schema below a reference: the direct path inside the general walk
    wrapped = {"$defs": {"S": schema}, "type": "object",
               "properties": {"r": {"$ref": "#/$defs/S"}, "s": schema}}
    assert snapshot(wrapped, limits=bounds) == general(wrapped, limits=bounds)


# -- subschemas the direct path leaves to the general walk ---------------------------------

DEFS = {"A": {"type": "object", "properties": {"x": {"type": "string"}}, "required": ["x"]},
        "T": {"type": "object", "properties": {"kids": {"type": "array",
                                                        "items": {"$ref": "#/$defs/T"}}}}}
#: nodes the direct path long left to the general walk (below the root, the general walk
#: takes each one and the direct path goes on around it), and a few it now reads itself
#: (``WALKED_DIRECTLY``): mixed into random schemas, they hold the two walks together
OTHERS: list[Any] = [
    {"$ref": "#/$defs/A"},
    {"$ref": "#/$defs/T", "description": "a tree"},
    {"$ref": "#/$defs/missing"},
    {"$ref": "https://example.com/remote.json"},
    {"oneOf": [{"type": "object", "properties": {"k": {"const": "a"}}, "required": ["k"]},
               {"type": "object", "properties": {"b": {"type": "integer"}}}]},
    {"anyOf": [{"type": "object", "properties": {"x": {"type": "string"}}}, {"type": "null"}]},
    {"allOf": [{"properties": {"a": {"type": "string"}}}, {"required": ["a", "b"]}]},
    {"type": "object", "patternProperties": {"^a": {"type": "string"}, "^b": {}}},
    {"allOf": [{"type": "object", "properties": {"a": {"type": "string"}}},
               {"properties": {"b": {"$ref": "#/$defs/A"}}}]},
    {"type": "array", "items": [{"type": "string"}], "additionalItems": {"type": "integer"}},
    {"anyOf": []},
    {"$id": "https://example.com/inner.json", "type": "object",
     "properties": {"self": {"$ref": "#"}}},
    {"anyOf": [{"type": "string"}, {"type": "null"}]},
]
#: the ones the direct walk reads itself: a reference alone to a plain target
#: (``direct_refs``), unions of objects (``direct_branches``), a map of several value
#: schemas (``direct_maps``), an ``allOf`` of objects (``direct_allof``) and a union of
#: leaves (``direct_unions``)
WALKED_DIRECTLY = [OTHERS[0], OTHERS[4], OTHERS[5], OTHERS[7], OTHERS[8], OTHERS[-1]]
#: names a pointer must escape, a path must quote
ODD = ["plain", "a/b", "t~1", "dotted.name", "sp ace", "é", ""]


def placed(node: Any) -> dict[str, Any]:
    """``node`` everywhere a direct walk reaches a subschema, beside plain siblings."""
    return {"$defs": DEFS, "type": "object", "required": ["plain", "absent"],
            "properties": {
                **{name: node for name in ODD},
                "list": {"type": "array", "items": node},
                "tuple": {"type": "array", "prefixItems": [{"type": "string"}, node]},
                "map": {"type": "object", "additionalProperties": node},
                "pat": {"type": "object", "patternProperties": {"^x/~": node}},
                "deep": {"type": "object", "properties": {"in": {"type": "object",
                                                                "properties": {"n": node}}}},
                "after": {"type": "string"}}}


@pytest.mark.parametrize("node", OTHERS, ids=lambda n: json.dumps(n)[:50])
def test_other_subschemas_are_walked_generally_inside_a_direct_walk(node, monkeypatch):
    """The same tables, warnings, work, errors and pointers as the general walk alone, under
    every bound and in both dialects, with names a pointer or a path must escape."""
    delegated = []
    original = direct.Direct._delegate

    def counted(self, *args):
        if self.general is not None:  # a whole schema's walk (not one inside the general walk)
            delegated.append(args[1])
        return original(self, *args)

    monkeypatch.setattr(direct.Direct, "_delegate", counted)
    schema = placed(node)
    with contextlib.suppress(ParityError):
        extract_paths(schema)
    if any(node is walked for walked in WALKED_DIRECTLY):
        assert not delegated
    elif node is OTHERS[-3]:  # an error: the first one ends the walk
        assert delegated == ['""']
    else:
        names = {render((Prop(name),)) for name in ODD}  # as printed: '"a/b"'
        # (array-valued `items` makes the document draft 7's: its `prefixItems` is not a
        # keyword there, and the general walk reads the tuple's array whole)
        tuple_place = "tuple" if isinstance(node.get("items"), list) else "tuple[1]"
        places = {*names, "list[]", tuple_place, "map{}", "pat{}", "deep.in.n"}
        assert places <= set(delegated)
        # below a reference the walk goes on directly, and hands over what it meets there
        # (the tree's recursive reference)
        assert all(d in places or d.endswith(".kids[]") for d in delegated)
    monkeypatch.undo()
    for dialect in (None, DRAFT7):
        assert_same(schema, "placed", default_dialect=dialect)


def test_a_failure_inside_a_general_subschema_is_the_general_walks():
    schema = placed({"anyOf": []})
    error = snapshot(schema)
    assert error[:2] == ("error", "SchemaError") and error == general(schema)
    unresolved = placed({"$ref": "#/$defs/missing"})
    warnings = snapshot(unresolved)[1]
    assert len(warnings) == len(ODD) + 5 and warnings == general(unresolved)[1]
    assert "at #/properties/a~1b cannot be resolved" in " ".join(warnings)


others = st.sampled_from(OTHERS)
mixed = st.recursive(st.one_of(st.booleans(), keywords, st.just({}), others, others, others),
                     extend, max_leaves=10)


@settings(max_examples=draws(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mixed, st.one_of(st.none(), limits), st.sampled_from([None, DRAFT7]))
def test_random_schemas_mixing_plain_and_other_subschemas(schema, bounds, dialect):
    """Plain schemas with references, unions, conjunctions, maps of patterns and tuples
    anywhere below the root: the general walk's result, whichever walks each part."""
    schema = {"$defs": DEFS, "type": "object", "properties": {"r": schema, "s": schema}}
    assert (snapshot(schema, limits=bounds, default_dialect=dialect)
            == general(schema, limits=bounds, default_dialect=dialect))


# -- the fast paths of common children: bare leaves, value-only nodes ----------------------

#: a bare leaf (``direct_leaves.bare``: a type, a description) or a node of value keywords only
#: (``direct_fields.scalar_fields``), with the values that must send them the long way
leaf_keywords = st.fixed_dictionaries({}, optional={
    "type": st.one_of(st.sampled_from(["string", "object", "integer", "null", "bogus"]),
                      st.lists(st.sampled_from(["string", "null"]), max_size=2)),
    "description": st.one_of(st.text(max_size=2), st.none(), st.integers(0, 1),
                             st.just({"a": 1}), st.just(["x"])),
    "nullable": st.booleans(),
    "enum": st.one_of(st.lists(scalars, max_size=3), scalars),
    "maxLength": st.one_of(st.integers(-1, 5), st.text(max_size=1)),
    "minimum": st.one_of(st.integers(-2, 2), st.floats(-2, 2, width=16)),
    "format": st.one_of(st.just("uri"), st.integers(0, 1)),
    "default": scalars,
})


@settings(max_examples=draws(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.dictionaries(names, leaf_keywords, max_size=4), leaf_keywords,
       st.one_of(st.none(), limits))
def test_bare_leaves_and_value_only_nodes_give_the_general_walks_result(children, item,
                                                                        bounds):
    schema = {"type": "object", "required": sorted(children)[:1],
              "properties": {**children, "list": {"type": "array", "items": item}}}
    assert snapshot(schema, limits=bounds) == general(schema, limits=bounds)


@settings(max_examples=draws(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(leaf_keywords, st.just({}), st.just({"type": "object", "properties": {
           "x": {"type": "string"}}, "required": ["x", "y"]}),
                 st.just({"type": "array", "items": {"type": "string"}}), st.just([{}])),
       st.one_of(st.text(max_size=2), st.integers(0, 1), st.none()),
       st.sampled_from(["array", "string", ["array"], "object"]),
       st.one_of(st.none(), limits, st.builds(Limits, max_depth=st.integers(0, 2))))
def test_lists_of_one_item_schema_give_the_general_walks_result(item, text, kind, bounds):
    """``Direct._list``: an array with one item schema and a description at most, nested,
    as a map's values (with their patterns) and under bounds; other shapes go the long way."""
    node: dict[str, Any] = {"type": kind, "items": item}
    if text is not None:
        node["description"] = text
    schema = {"type": "object", "properties": {
        "list": node, "lists": {"type": "array", "items": node},
        "map": {"type": "object", "patternProperties": {"^p": node}}}}
    assert snapshot(schema, limits=bounds) == general(schema, limits=bounds)
