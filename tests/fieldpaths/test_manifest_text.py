"""A manifest file read by its lines (``parity.fieldpaths.manifest_text``): cut exactly as
its full parse reads it, only for files proved laid out, and compared line by line exactly
as ``agree_raw`` compares parsed tables."""

from __future__ import annotations

import json
from typing import Any

import orjson
import pytest
from hypothesis import given
from hypothesis import strategies as st

from parity.contract.rules._agree import PathCache, agree_raw, agree_text
from parity.core.jsonio import dump_lines
from parity.errors import FileFormatError
from parity.fieldpaths import manifest as mf
from parity.fieldpaths import manifest_text as mt
from parity.fieldpaths.tooldefs import manifest_from_definitions

ODD_NAMES = ['plain', 'quote"in', 'brace": {', 'line\nbreak', 'café', 'back\\slash', 'x y',
             '    "indented": {']

TOOLS = [{"name": name, "description": f'does {name!r}: {{"in": 1}}',
          "inputSchema": {"type": "object", "required": ["a b"], "properties": {
              "a b": {"type": "string", "enum": ["x", "y"]},
              'q"uote': {"type": "array", "items": {"type": "object", "properties": {
                  "n": {"type": "integer", "minimum": 0, "default": 1}}}},
              "}": {"type": "number", "default": -0.0}}},
          **({"outputSchema": {"type": "object", "properties": {"ok": {"type": "boolean"}}}}
             if i % 2 else {})}
         for i, name in enumerate(ODD_NAMES)]


def laid(data: dict[str, Any]) -> bytes:
    """A manifest's data as parity lays out its files."""
    return dump_lines(data, line_depth=4).encode()


def manifest_data(**extra: Any) -> dict[str, Any]:
    manifest = manifest_from_definitions(TOOLS, side="server", source="tools.json",
                                         tool_id_form="{server}__{tool}")
    data = json.loads(mf.dumps(manifest))
    data.update(extra)
    return data


def read_back(text: mt.ManifestText) -> dict[str, Any]:
    """What ``split`` read, put together again."""
    return {**text.header, "tools": {
        name: {**tool.header, "in": mt.parse_table(tool.in_),
               "out": None if tool.out is None else mt.parse_table(tool.out)}
        for name, tool in text.tools.items()}}


def as_json(value: Any) -> bytes:
    return orjson.dumps(value, option=orjson.OPT_SORT_KEYS)


@pytest.mark.parametrize("data", [
    manifest_data(),
    manifest_data(server="wf", warnings=["one", "two"]),
    manifest_data(tools={}),
    manifest_data(tools={"t": {"hash": "sha256:" + "0" * 64, "in": {}, "out": {},
                               "invalid": ["inputSchema is null"], "observed": True}}),
], ids=["written", "warnings", "no-tool", "empty-tables"])
def test_split_reads_a_laid_out_file_as_its_full_parse(data):
    content = laid(data)
    text = mt.split(content)
    assert text is not None
    assert list(text.tools) == list(data["tools"])
    assert as_json(read_back(text)) == as_json(orjson.loads(content))
    assert mt.laid_out(content, orjson.loads(content))


def test_a_written_manifest_is_laid_out():
    content = mf.dumps(manifest_from_definitions(TOOLS, side="agent", source="s")).encode()
    assert mt.laid_out(content, orjson.loads(content))


def _entry_with_facts(line: bytes) -> bool:
    """An entry line with a fact before ``required``."""
    return line.startswith(b'        "') and b', "required"' in line


def _entry_split_across_lines(content: bytes) -> bytes:
    """The same JSON, one entry of the first table printed over two lines, each of them
    shaped like an entry line."""
    lines = content.split(b"\n")
    at = next(i for i, line in enumerate(lines) if _entry_with_facts(line))
    entry = lines[at]
    cut = entry.index(b', "required"')
    lines[at:at + 1] = [entry[:cut + 1], b"        " + entry[cut + 2:]]
    return b"\n".join(lines)


def _entry_broken_inside(content: bytes) -> bytes:
    """The same JSON, one entry broken after its opening brace (no comma before it)."""
    return content.replace(b'        "": {"', b'        "": {\n"', 1)


@pytest.mark.parametrize("relaid", [
    lambda c: json.dumps(json.loads(c), indent=2).encode(),
    lambda c: json.dumps(json.loads(c)).encode(),
    lambda c: c.replace(b"\n      }", b"\n       }"),
    _entry_split_across_lines,
    _entry_broken_inside,
], ids=["indent-2", "one-line", "tables-closed-at-7", "entry-over-two-lines",
        "entry-broken-inside"])
def test_other_layouts_of_the_same_json_are_not_laid_out(relaid):
    content = relaid(laid(manifest_data()))
    data = orjson.loads(content)
    assert as_json(data) == as_json(manifest_data())  # the same JSON
    assert not mt.laid_out(content, data)


def _changed(data: dict[str, Any], where: str) -> dict[str, Any]:
    changed = json.loads(json.dumps(data))
    tool = changed["tools"]["plain"]
    if where == "header":
        changed["source"] = "elsewhere"
    elif where == "tool":
        tool["hash"] = "sha256:" + "1" * 64
    elif where == "entry":
        tool["in"][""]["required"] = False
    elif where == "emptied":
        tool["in"] = {}
    elif where == "filled":
        changed["tools"]["t"]["out"] = {"": {"required": True}}
    else:
        tool["out"] = {}
    return changed


@pytest.mark.parametrize("where", ["header", "tool", "entry", "emptied", "filled", "no-out"])
def test_laid_out_means_read_as_the_given_data(where):
    """``laid_out`` compares what ``split`` reads with the full parse it is given: any
    difference between the two is a no."""
    data = manifest_data(tools={**manifest_data()["tools"], "t": {
        "hash": "sha256:" + "0" * 64, "in": {"": {"required": True}}, "out": {}}})
    content = laid(data)
    data = orjson.loads(content)  # in the file's order
    assert mt.laid_out(content, data)
    assert not mt.laid_out(content, _changed(data, where))


def test_a_repeated_path_is_not_laid_out():
    content = laid(manifest_data())
    line = next(ln for ln in content.split(b"\n") if _entry_with_facts(ln))
    twice = content.replace(line + b"\n", line + b"\n" + line + b"\n", 1)
    assert not mt.laid_out(twice, orjson.loads(twice))  # the parse keeps one of the two


def test_entries_in_another_order_are_still_one_per_line():
    content = laid(manifest_data())
    text = mt.split(content)
    assert text is not None
    in_order = text.tools["plain"].in_
    lines = [line.rstrip(b",") for line in mt.table_lines(in_order)]
    reversed_ = b"{\n" + b",\n".join(lines[::-1]) + b"\n      }"
    content = content.replace(in_order, reversed_, 1)
    assert mt.laid_out(content, orjson.loads(content))


# -- agree_text decides as agree_raw ------------------------------------------------------------

_ENTRY = st.fixed_dictionaries({"required": st.booleans()}, optional={
    "type": st.sampled_from([["string"], ["integer"], ["any"], ["null", "string"]]),
    "enum": st.sampled_from([["a"], [1], [True], [1.0], [0.0], [-0.0], ["a", 1], [{"k": 1}],
                             [{"k": True}]]),
    "format": st.sampled_from(["date", "uri"]),
    "description": st.sampled_from(["x", "y"]),
    "default": st.sampled_from([1, True, 1.0, "a"]),
    "constraints": st.sampled_from([{"minimum": 0}, {"minimum": 0.0}, {"maxLength": 3}]),
})
_TABLE = st.dictionaries(st.sampled_from(["a", "b", "c", "d", 'q"', "é"]), _ENTRY, max_size=5)


def _text_of(table: dict[str, Any]) -> bytes:
    """The text of ``table`` (with a root entry, unless it has its own) as the ``in`` table
    of a laid-out file."""
    data = {"format": mf.FORMAT, "side": "agent", "source": "s", "tools": {
        "t": {"hash": "h", "in": {"": {"required": True, "type": ["object"]}, **table},
              "out": None}}}
    content = laid(data)
    text = mt.split(content)
    assert text is not None and mt.laid_out(content, orjson.loads(content))
    return text.tools["t"].in_


@given(_TABLE, _TABLE, st.booleans())
def test_text_agreement_is_raw_agreement(mine, theirs, overlap):
    if overlap:  # mostly the same entries, as two sides of a real pair are
        theirs = {**mine, **dict(list(theirs.items())[:1])}
    root = {"": {"required": True, "type": ["object"]}}
    expected = agree_raw(json.loads(json.dumps({**root, **mine})),
                         json.loads(json.dumps({**root, **theirs})), PathCache(),
                         paths_checked=True)
    assert agree_text(_text_of(mine), _text_of(theirs), PathCache()) == expected


#: enums equal in Python, not as JSON
_TWINS = {json.dumps(a): b for a, b in [([1], [True]), ([1.0], [1]), ([0.0], [-0.0]),
                                         (["a", 1], ["a", True]), ([{"k": 1}], [{"k": True}])]}


@given(_ENTRY, _ENTRY, _TABLE, st.sampled_from(["apart", "in words", "in enum's JSON"]))
def test_a_root_line_alone_differing_agrees_as_raw_tables(mine, theirs, rest, how):
    """The root's line is the only one that differs (the agent's own descriptions): read
    apart from the rest of the table, decided as ``agree_raw`` decides the whole."""
    if how != "apart":  # the same entry but in what no rule reads, or in an enum's JSON
        words = {k: v for k, v in theirs.items() if k in ("description", "default")}
        theirs = {**mine, **words}
        if how == "in enum's JSON":
            theirs["enum"] = _TWINS.get(json.dumps(mine.get("enum")), [1])
            mine = {**mine, "enum": mine.get("enum", [True])}
    mine_table, theirs_table = {"": mine, **rest}, {"": theirs, **rest}
    expected = agree_raw(json.loads(json.dumps(mine_table)),
                         json.loads(json.dumps(theirs_table)), PathCache(), paths_checked=True)
    assert agree_text(_text_of(mine_table), _text_of(theirs_table), PathCache()) == expected


@pytest.mark.parametrize(("mine", "theirs", "agrees"), [
    ({"a": {"required": True, "enum": [1]}}, {"a": {"required": True, "enum": [True]}}, False),
    ({"a": {"required": True, "enum": [0.0]}}, {"a": {"required": True, "enum": [-0.0]}},
     False),
    ({"a": {"required": True, "description": "x"}}, {"a": {"required": True}}, True),
    ({"a": {"required": True}}, {"b": {"required": True}}, False),
    ({"a": {"required": True}}, {"a": {"required": False}}, False),
    ({"a": {"required": True}, "b": {"required": True}}, {"a": {"required": True}}, False),
    # the root's line alone differs (the usual pair: the agent's own descriptions)
    ({"": {"required": True, "description": "x"}, "a": {"required": True}},
     {"": {"required": True, "description": "y"}, "a": {"required": True}}, True),
    ({"": {"required": True, "closed": True}, "a": {"required": True}},
     {"": {"required": True, "closed": False}, "a": {"required": True}}, False),
    ({"": {"required": True, "enum": [1]}}, {"": {"required": True, "enum": [True]}}, False),
])
def test_lines_that_differ_are_compared_as_json(mine, theirs, agrees):
    assert agree_text(_text_of(mine), _text_of(theirs), PathCache()) is agrees


# -- loading ------------------------------------------------------------------------------------


@pytest.fixture
def cache(tmp_path, monkeypatch):
    folder = tmp_path / "cache"
    monkeypatch.setenv("PARITY_CACHE_DIR", str(folder))
    monkeypatch.delenv("PARITY_NO_CACHE", raising=False)
    monkeypatch.setattr(mf, "CUT_FROM_BYTES", 0)  # these files are small
    return folder


def _verdicts(cache) -> list[str]:
    return sorted(p.suffix for p in cache.glob("validated/*.laid-out/*"))


def test_a_file_found_laid_out_is_cut_from_then_on(tmp_path, cache, monkeypatch):
    """Its first load parses and validates it, and leaves its layout undecided (proving it
    costs more than one diff of the text form saves); the load that finds it valid already
    decides it and cuts it, and so do the loads after it, without proving it again."""
    path = tmp_path / "m.json"
    written = manifest_from_definitions(TOOLS, side="server", source="s")
    mf.write(written, path)
    proofs = []
    real_proof = mt.proved_split

    def proved_split(content, data):
        proofs.append(len(content))
        return real_proof(content, data)

    monkeypatch.setattr(mt, "proved_split", proved_split)
    first = mf.load(path, side="server")
    assert all(t.table_texts is None for t in first.tools.values())  # parsed
    assert proofs == [] and _verdicts(cache) == []
    second = mf.load(path, side="server")
    assert all(t.table_texts is not None for t in second.tools.values())  # cut
    assert len(proofs) == 1 and _verdicts(cache) == [".yes"]
    again = mf.load(path, side="server")
    assert all(t.table_texts is not None for t in again.tools.values())  # cut
    assert len(proofs) == 1  # the verdict recalled
    assert again == second == first == written
    assert mf.dumps(again) == path.read_text(encoding="utf-8")
    with pytest.raises(FileFormatError, match="server manifest where the agent manifest"):
        mf.load(path, side="agent")


def test_a_file_in_another_layout_is_parsed_every_time(tmp_path, cache):
    path = tmp_path / "m.json"
    path.write_text(json.dumps(manifest_data(), indent=2), encoding="utf-8")
    for _ in range(2):
        loaded = mf.load(path)
        assert all(t.table_texts is None for t in loaded.tools.values())
    assert _verdicts(cache) == [".no"]  # found once, remembered


def test_the_verdict_is_for_exact_bytes(tmp_path, cache):
    path = tmp_path / "m.json"
    mf.write(manifest_from_definitions(TOOLS, side="server", source="s"), path)
    mf.load(path)
    mf.load(path)
    # an entry broken by hand: new bytes, validated again before anything is cut
    path.write_text(path.read_text(encoding="utf-8").replace(
        '"type": ["boolean"]', '"type": "boolean"', 1), encoding="utf-8")
    with pytest.raises(FileFormatError, match="not a valid manifest"):
        mf.load(path)


def test_no_verdict_is_kept_with_the_cache_off(tmp_path, cache, monkeypatch):
    monkeypatch.setenv("PARITY_NO_CACHE", "1")
    path = tmp_path / "m.json"
    mf.write(manifest_from_definitions(TOOLS, side="server", source="s"), path)
    for _ in range(2):
        assert all(t.table_texts is None for t in mf.load(path).tools.values())
    assert not cache.exists()


def test_a_small_file_is_parsed_every_time(tmp_path, cache, monkeypatch):
    path = tmp_path / "m.json"
    mf.write(manifest_from_definitions(TOOLS, side="server", source="s"), path)
    monkeypatch.setattr(mf, "CUT_FROM_BYTES", path.stat().st_size + 1)
    for _ in range(2):
        assert all(t.table_texts is None for t in mf.load(path).tools.values())
    assert _verdicts(cache) == []  # its layout is not even looked at
    monkeypatch.setattr(mf, "CUT_FROM_BYTES", path.stat().st_size)
    mf.load(path)
    assert all(t.table_texts is not None for t in mf.load(path).tools.values())
