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


def test_a_call_tool_result_is_observed_as_the_structured_content_that_arrives() -> None:
    from mcp.types import CallToolResult, TextContent

    from parity.errors import SourceError
    from parity.sources.agent import observe, tools_from_object

    def weather(city: str) -> Any:
        return CallToolResult(content=[TextContent(type="text", text="12C")],
                              structuredContent={"temp": 12.0, "city": city})

    def failing(city: str) -> Any:
        return CallToolResult(content=[TextContent(type="text", text="no")], isError=True)

    def unstructured(city: str) -> Any:
        return CallToolResult(content=[TextContent(type="text", text="12C")])

    tools = {t.name: t for t in tools_from_object([weather, failing, unstructured], "T")}
    # not the envelope (_meta, content[], isError, structuredContent.temp): what arrives
    assert observe(tools["weather"], {"city": "Oslo"}) == {
        "type": "object", "required": ["city", "temp"],
        "properties": {"city": {"type": "string"}, "temp": {"type": "number"}}}
    with pytest.raises(SourceError, match="returned an error result") as caught:
        observe(tools["failing"], {"city": "Oslo"})
    assert caught.value.location == "observe.failing"
    with pytest.raises(SourceError, match="without structured content"):
        observe(tools["unstructured"], {"city": "Oslo"})
