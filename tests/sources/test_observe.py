"""``observe``: the shape of what a stub returned, items merged as a union."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from parity.fieldpaths.schema import extract_paths
from parity.sources.observe import schema_of_value


def _types(value: Any) -> dict[str, Any]:
    return {path: entry.to_json()["type"] for path, entry in
            extract_paths(schema_of_value(value)).items()}


def test_arrays_of_arrays_with_mixed_items_merge_as_a_union() -> None:
    # each inner array merges to an anyOf, or to one type: merged again, their union
    assert _types({"rows": [[1, "a"], [2]]})["rows[][]"] == ["integer", "string"]
    assert _types({"items": [{"a": [1, "x"]}, {"a": [2]}]})["items[].a[]"] == [
        "integer", "string"]
    # objects inside a union merge with the objects beside it: keys required where all hold them
    merged = schema_of_value([[{"a": 1}, 1], [{"a": 2, "b": "x"}]])["items"]["items"]
    assert merged == {"anyOf": [
        {"type": "object", "required": ["a"], "properties": {
            "a": {"type": "integer"}, "b": {"type": "string"}}},
        {"type": "integer"}]}


def test_a_bug_in_one_pair_does_not_stop_the_others(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    from parity.config.settings import load_config
    from parity.sources import agent
    from parity.sources.extract import extract

    (tmp_path / "stubs.py").write_text("def a(x: int) -> int:\n    return x\n\nTOOLS = [a]\n")
    (tmp_path / "server.json").write_text('{"tools": [{"name": "a", "inputSchema": {}}]}')
    (tmp_path / "parity.toml").write_text(
        '[servers.s]\ntools_file = "server.json"\n'
        '[pairs.p]\nserver = "s"\nagent = {source = "stubs:TOOLS"}\n'
        '[pairs.q]\nserver = "s"\nagent = {tools_file = "server.json"}\n')
    real = agent.load_agent

    def buggy(config: Any, root: Path, **kw: Any) -> Any:
        if config.kind == "source":
            raise KeyError("type")
        return real(config, root, **kw)

    monkeypatch.delenv("PARITY_DEBUG", raising=False)
    monkeypatch.setattr(agent, "load_agent", buggy)
    result = extract(load_config(tmp_path / "parity.toml"))
    assert result.exit_code == 3
    assert "p: failed: unexpected error: KeyError: 'type'" in result.lines()[0]
    assert (tmp_path / "manifests" / "q.agent.json").exists()
