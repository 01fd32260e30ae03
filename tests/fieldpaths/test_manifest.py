from __future__ import annotations

import json

import pytest

from parity.errors import FileFormatError
from parity.fieldpaths import manifest, manifest_paths
from parity.fieldpaths.tooldefs import manifest_from_definitions

TOOLS = [
    {"name": "b_tool", "inputSchema": {"type": "object", "required": ["x"],
                                       "properties": {"x": {"type": "string"}}}},
    {"name": "a_tool", "description": "A.", "inputSchema": {"type": "object"},
     "outputSchema": {"type": "object", "properties": {"n": {"type": "integer"}}}},
]


def build(tools=TOOLS):
    return manifest_from_definitions(tools, side="server", source="tools.json",
                                     tool_id_form="{tool}")


def test_dumps_is_deterministic_sorted_and_one_entry_per_line():
    text = manifest.dumps(build())
    assert text == manifest.dumps(build(list(reversed(TOOLS))))
    assert text.endswith("}\n")
    assert text.index('"a_tool"') < text.index('"b_tool"')
    entry_lines = [ln for ln in text.splitlines() if '"type": [' in ln]
    assert len(entry_lines) == 5  # a_tool: in "", out "" and n; b_tool: in "" and x
    assert all(ln.strip().startswith('"') for ln in entry_lines)


def test_round_trip_through_a_file(tmp_path):
    path = tmp_path / "m.json"
    manifest.write(build(), path)
    loaded = manifest.load(path)
    assert manifest.dumps(loaded) == path.read_text()
    assert loaded.tools["a_tool"].out is not None
    assert loaded.tools["b_tool"].out is None


def write(tmp_path, data):
    path = tmp_path / "m.json"
    path.write_text(json.dumps(data) if not isinstance(data, str) else data)
    return path


def test_wrong_version_gives_one_clear_message(tmp_path):
    data = build().to_json()
    data["format"] = "parity.manifest/9"
    with pytest.raises(FileFormatError) as info:
        manifest.load(write(tmp_path, data))
    msg = str(info.value)
    assert "parity.manifest/9" in msg and "$.format" in msg and "parity extract" in msg


def test_malformed_entry_names_its_json_path(tmp_path):
    data = build().to_json()
    data["tools"]["b_tool"]["in"]["x"]["type"] = "string"
    with pytest.raises(FileFormatError) as info:
        manifest.load(write(tmp_path, data))
    assert "$.tools.b_tool.in.x.type" in str(info.value)


def test_bad_json_names_line_and_column(tmp_path):
    with pytest.raises(FileFormatError, match="line 1, column"):
        manifest.load(write(tmp_path, "{nope"))


def test_atomic_write_leaves_old_file_when_interrupted(tmp_path, monkeypatch):
    path = tmp_path / "m.json"
    manifest.write(build(), path)
    before = path.read_text()

    def boom(*_a, **_k):
        raise KeyboardInterrupt

    monkeypatch.setattr("os.replace", boom)
    with pytest.raises(KeyboardInterrupt):
        manifest.write(build(TOOLS[:1]), path)
    assert path.read_text() == before
    assert [p.name for p in tmp_path.iterdir()] == ["m.json"]


def test_duplicate_tool_names_are_refused():
    with pytest.raises(FileFormatError, match="duplicate tool name"):
        build([TOOLS[0], TOOLS[0]])


@pytest.mark.parametrize(("path", "expect"), [
    ("z.y", "has no entry for its parent 'z'"),
    ('"x"', "not written as parity prints it ('x')"),
    ("x..y", "invalid field path"),
])
def test_tables_must_be_well_formed(tmp_path, path, expect):
    data = build().to_json()
    data["tools"]["b_tool"]["in"][path] = {"type": ["string"], "required": False}
    with pytest.raises(FileFormatError) as info:
        manifest.load(write(tmp_path, data))
    assert expect in str(info.value)
    assert f"$.tools.b_tool.in[{path!r}]" in str(info.value)


def test_paths_checked_in_one_file_are_checked_again_against_the_next(tmp_path,
                                                                     monkeypatch):
    """Printed paths are read once per process (``_PRINTED_PARENTS``): a path valid with its
    parent in one manifest is still refused in another whose table lacks the parent, and a
    path refused once is refused again."""
    monkeypatch.setenv("PARITY_NO_CACHE", "1")  # validate each file, not remembered
    good = build().to_json()
    good["tools"]["b_tool"]["in"]["m"] = {"type": ["object"], "required": False}
    good["tools"]["b_tool"]["in"]["m.k"] = {"type": ["string"], "required": False}
    manifest.load(write(tmp_path, good))
    assert "m.k" in manifest_paths._PRINTED_PARENTS  # read once, kept for the next file
    orphan = json.loads(json.dumps(good))
    del orphan["tools"]["b_tool"]["in"]["m"]
    with pytest.raises(FileFormatError, match="no entry for its parent 'm'"):
        manifest.load(write(tmp_path, orphan))
    bad = json.loads(json.dumps(good))
    bad["tools"]["b_tool"]["in"]['"m"'] = {"type": ["string"], "required": False}
    for _ in range(2):
        with pytest.raises(FileFormatError, match="not written as parity prints it"):
            manifest.load(write(tmp_path, bad))


@pytest.mark.parametrize("cut", [False, True], ids=["parsed", "cut-along-lines"])
def test_a_tool_read_from_a_file_is_the_tool_its_constructor_builds(tmp_path, monkeypatch,
                                                                    cut):
    """``_read_tool`` fills a tool's slots past the immutability guard: every slot holds
    what ``ToolManifest(...)`` puts there for the same data, and the tool stays guarded."""
    monkeypatch.setenv("PARITY_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("PARITY_NO_CACHE", raising=False)
    monkeypatch.setattr(manifest, "CUT_FROM_BYTES", 0 if cut else 1 << 40)
    data = json.loads(manifest.dumps(build()))
    data["tools"]["a_tool"].update(observed=True, invalid=["inputSchema is null"],
                                   calls=["task", "plain"])
    path = tmp_path / "m.json"
    path.write_text(manifest.dump_lines(data, line_depth=4))
    manifest.load(path)  # the layout proved (when cut) on the first load
    loaded = manifest.load(path)
    for name, tool in loaded.tools.items():
        assert (tool.table_texts is not None) is cut
        raw = tool.raw_tables  # parsed from the text on first use, when cut
        built = manifest.ToolManifest(
            name, data["tools"][name]["hash"], description=data["tools"][name].get(
                "description"), observed=bool(data["tools"][name].get("observed", False)),
            invalid=tuple(data["tools"][name].get("invalid", ())),
            calls=tuple(sorted(data["tools"][name].get("calls", ["plain"]))),
            seen=tool._seen, paths_checked=True,
            **({"text": tool.table_texts} if cut else {"raw": raw}))
        if cut:
            built.raw_tables  # noqa: B018  # parsed alike
        assert type(tool) is manifest.ToolManifest
        assert {s: getattr(tool, s) for s in manifest.ToolManifest.__slots__} == \
            {s: getattr(built, s) for s in manifest.ToolManifest.__slots__}
        with pytest.raises(AttributeError):
            tool.hash = "other"  # type: ignore[misc]
    assert loaded.tools["a_tool"].observed and loaded.tools["a_tool"].invalid
    assert loaded.tools["a_tool"].calls == ("plain", "task")


@pytest.mark.parametrize("form", ["x", "{tool}-{tool}", "{server}:{name}"])
def test_a_tool_id_form_that_is_not_a_form_is_refused_at_load_naming_the_file(tmp_path, form):
    """The rules parse the form to match tools: found there, a bad one named no file."""
    data = build().to_json()
    data["tool_id_form"] = form
    path = write(tmp_path, data)
    with pytest.raises(FileFormatError) as info:
        manifest.load(path)
    assert info.value.file == str(path) and info.value.location == "$.tool_id_form"
    assert f"tool-id form {form!r} is not valid" in info.value.message
    assert "parity extract" in (info.value.hint or "")


CALLED = [
    {"name": "plain", "inputSchema": {"type": "object"}},
    {"name": "either", "inputSchema": {"type": "object"},
     "execution": {"taskSupport": "optional"}},
    {"name": "task", "inputSchema": {"type": "object"},
     "execution": {"taskSupport": "required"}},
    {"name": "stated_plain", "inputSchema": {"type": "object"},
     "execution": {"taskSupport": "forbidden"}},
    {"name": "unnamed", "inputSchema": {"type": "object"},
     "execution": {"taskSupport": "sometimes"}},
]


def test_the_ways_a_tool_is_called_are_recorded_and_read_back(tmp_path):
    """``calls``: what ``execution.taskSupport`` allows, left unsaid for plain calls only
    (so files of tools that declare nothing keep their bytes), sorted, read back as is."""
    path = tmp_path / "m.json"
    manifest.write(build(CALLED), path)
    tools = json.loads(path.read_text())["tools"]
    assert {name: tool.get("calls") for name, tool in tools.items()} == {
        "plain": None, "stated_plain": None, "either": ["plain", "task"], "task": ["task"],
        "unnamed": []}
    loaded = manifest.load(path)
    assert {n: t.calls for n, t in loaded.tools.items()} == {
        "plain": ("plain",), "stated_plain": ("plain",), "either": ("plain", "task"),
        "task": ("task",), "unnamed": ()}
    assert manifest.dumps(loaded) == path.read_text()
    assert loaded == build(CALLED)


def test_the_ways_are_read_sorted_whatever_their_order_in_the_file(tmp_path):
    data = build(CALLED).to_json()
    data["tools"]["either"]["calls"] = ["task", "plain"]
    loaded = manifest.load(write(tmp_path, data))
    assert loaded.tools["either"].calls == ("plain", "task")
    assert manifest.dumps(loaded) == manifest.dumps(build(CALLED))


@pytest.mark.parametrize("calls", [["batch"], "task", ["task", "task"], [None]])
def test_a_way_of_calling_no_protocol_names_is_refused_naming_its_place(tmp_path, calls):
    data = build(CALLED).to_json()
    data["tools"]["task"]["calls"] = calls
    with pytest.raises(FileFormatError) as info:
        manifest.load(write(tmp_path, data))
    assert "$.tools.task.calls" in str(info.value)
