"""Files nested past the bound are refused as they are read, with their place: in both of
``jsonio.loads``'s readings, in every command, and never a ``RecursionError`` later; what
parity writes from a tool file at the bound it reads back."""

from __future__ import annotations

import json
from pathlib import Path

import orjson
import pytest

from parity.cli.main import main
from parity.core import jsonio
from parity.core.depth import DEFINITION_DEPTH, MAX_DEPTH, NOT_READ, padded_loads, too_deep
from parity.errors import FileFormatError
from tests.projectfixtures import TOOLS_FILES_CONFIG, write_tools

ROOT = Path(__file__).resolve().parents[2]


def nested(levels: int, inner: object = None) -> object:
    """``levels`` arrays inside each other, ``inner`` in the innermost."""
    value: object = [] if inner is None else [inner]
    for _ in range(levels - 1):
        value = [value]
    return value


def depth(value: object) -> int:
    best, pending = 0, [(value, 1)]
    while pending:
        node, level = pending.pop()
        if isinstance(node, (dict, list)):
            best = max(best, level)
            pending.extend((c, level + 1) for c in (
                node.values() if isinstance(node, dict) else node))
    return best


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out + err


# -- the reading ----------------------------------------------------------------------------


@pytest.mark.parametrize("bound", [1, 2, 40, DEFINITION_DEPTH, MAX_DEPTH])
def test_padded_reading_takes_exactly_the_bound(bound: int) -> None:
    at = json.dumps(nested(bound)).encode()  # (orjson writes at most 254 levels)
    assert padded_loads(at, bound) == orjson.loads(at)
    assert padded_loads(json.dumps(nested(bound + 1)).encode(), bound) is NOT_READ
    wide = {"a": [1, {"b": "c"}], "d": nested(bound - 1, 2) if bound > 1 else 2}
    text = json.dumps(wide).encode()
    assert padded_loads(text, max(bound, depth(wide))) == wide


@pytest.mark.parametrize("text", [b"", b"  ", b"1, 2", b"1]],[[2", b"[1]]", b"[[1]",
                                  b"{}]", b"[],[]", b"1 2"])
def test_text_that_is_not_one_value_is_not_read_inside_the_pads(text: bytes) -> None:
    assert padded_loads(text) is NOT_READ
    with pytest.raises(FileFormatError):
        jsonio.loads(text, file="f.json")


def test_too_deep_names_the_first_place_past_the_bound() -> None:
    value = {"a": [1, 2], "b~/c": {"d": nested(5)}}
    assert too_deep(value, 7) is None
    assert too_deep(value, 6) == "#/b~0~1c/d/0/0/0/0"
    assert too_deep(nested(30), 20).endswith("/...")


@pytest.mark.parametrize("long_number", [False, True])
def test_both_readings_refuse_past_the_bound_with_the_place(long_number: bool) -> None:
    """A 16-digit number sends the text to the checked reading (``json.loads``): it is held
    to the same bound."""
    number = 9007199254740991 if long_number else 7
    value = {"tools": {"t": {"enum": [nested(MAX_DEPTH - 3, number)]}}}
    text = json.dumps(value)
    assert (jsonio._fast_loads(text) is jsonio._UNDECIDED) is long_number
    with pytest.raises(FileFormatError) as info:
        jsonio.loads(text, file="m.json", what="manifest")
    assert info.value.file == "m.json"
    assert info.value.location is not None and info.value.location.startswith(
        "#/tools/t/enum/0/0/0")
    assert f"nested more than {MAX_DEPTH} levels deep" in str(info.value)
    inside = {"tools": {"t": {"enum": [nested(MAX_DEPTH - 4, number)]}}}
    assert jsonio.loads(json.dumps(inside)) == inside


def test_past_what_python_reads_is_refused_with_the_place() -> None:
    text = '{"a": ' + "[" * 1000 + "]" * 1000 + "}"
    with pytest.raises(FileFormatError) as info:
        jsonio.loads(text, file="f.json")
    assert info.value.location is not None and info.value.location.startswith("#/a/0/0")
    text = "[" * 5000 + "]" * 5000  # past orjson too: no place, the same message
    with pytest.raises(FileFormatError, match="nested more than"):
        jsonio.loads(text, file="f.json")


# -- the commands -----------------------------------------------------------------------------


def deep_tools(levels: int) -> dict:
    """A ``tools/list`` result nested ``levels`` deep: a default, an enum and a const."""
    inner = levels - 6  # tools, the tool, inputSchema, properties, the property, the keyword
    return {"tools": [{"name": "t", "inputSchema": {"type": "object", "properties": {
        "a": {"default": nested(inner), "enum": [nested(inner - 1)]}}},
        "outputSchema": {"type": "object", "properties": {"b": {"const": nested(inner)}}}}]}


def test_a_tool_file_past_the_bound_is_exit_2_in_paths_and_diff(tmp_path, capsys) -> None:
    deep = tmp_path / "deep.json"
    deep.write_text(json.dumps(deep_tools(DEFINITION_DEPTH + 1)))
    assert depth(json.loads(deep.read_text())) == DEFINITION_DEPTH + 1
    for argv in (["paths", str(deep)],
                 ["diff", "--agent-file", str(deep), "--server-file", str(deep)]):
        code, out = run(capsys, *argv)
        assert code == 2, out
        assert str(deep) in out and ": at #/tools/0/" in out and "nested more than" in out, out


def test_what_parity_writes_from_a_tool_file_at_the_bound_it_reads_back(tmp_path,
                                                                         capsys) -> None:
    tools = tmp_path / "tools.json"
    tools.write_text(json.dumps(deep_tools(DEFINITION_DEPTH)))
    assert depth(json.loads(tools.read_text())) == DEFINITION_DEPTH
    lock = tmp_path / "t.lock.json"
    code, out = run(capsys, "lock", "--tools-file", str(tools), "--lock", str(lock), "--yes")
    assert code == 0, out
    code, out = run(capsys, "verify", "--tools-file", str(tools), "--lock", str(lock))
    assert code == 0, out
    write_tools(tmp_path)  # a project whose two sides are that tool file
    for side in ("agent", "server"):
        (tmp_path / "tools" / f"{side}.json").write_text(tools.read_text())
    config = tmp_path / "parity.toml"
    config.write_text(TOOLS_FILES_CONFIG.replace('"{server}-mcp:{tool}"', '"{tool}"'))
    assert run(capsys, "extract", "--config", str(config))[0] == 0
    code, out = run(capsys, "check", "--config", str(config))
    assert code == 0, out


def test_a_committed_manifest_or_baseline_past_the_bound_is_exit_2(tmp_path, capsys) -> None:
    write_tools(tmp_path)
    config = tmp_path / "parity.toml"
    config.write_text(TOOLS_FILES_CONFIG, encoding="utf-8")
    assert run(capsys, "extract", "--config", str(config))[0] == 0
    assert run(capsys, "baseline", "--init", "--config", str(config))[0] in (0, 1)
    manifest = tmp_path / "manifests" / "wf.agent.json"
    good = manifest.read_text()
    data = json.loads(good)
    entry = next(iter(data["tools"].values()))["in"]["query"]
    entry["enum"] = [nested(MAX_DEPTH)]
    manifest.write_text(json.dumps(data))
    code, out = run(capsys, "check", "--config", str(config))
    assert code == 2 and f"{manifest}: at #/tools/" in out, out
    manifest.write_text(good)
    baseline = tmp_path / "baselines" / "wf.json"
    data = json.loads(baseline.read_text())
    data["entries"] = [nested(MAX_DEPTH)]
    baseline.write_text(json.dumps(data))
    code, out = run(capsys, "check", "--config", str(config))
    assert code == 2 and f"{baseline}: at #/entries/0/0" in out, out


def test_a_trail_line_past_what_python_reads_is_no_record(tmp_path, capsys) -> None:
    trail = tmp_path / "trail.jsonl"
    trail.write_text("[" * 2000 + "]" * 2000 + "\n")
    code, out = run(capsys, "trail", "verify", str(trail))
    assert code == 2 and "no line is a trail record" in out, out
