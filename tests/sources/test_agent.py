"""Agent-side sources: callables, StructuredTool-like objects, containers, models, tool files
and observed output."""

from __future__ import annotations

import itertools
import json
import sys
from pathlib import Path
from typing import Any, Optional

import pytest
from pydantic import BaseModel, ConfigDict

from parity.config.settings import AgentConfig, ModelRef
from parity.errors import SourceError
from parity.fieldpaths.schema import tool_tables
from parity.mcp import ServerSpec, fetch_tools, new_server
from parity.sources.agent import (
    definition_from_callable,
    definition_from_tool_object,
    load_agent,
    resolve_ref,
    schema_of_value,
    tools_from_object,
)

_counter = itertools.count()


class Address(BaseModel):
    street: str
    zip: Optional[str] = None  # noqa: UP045 - typing.Optional on purpose


class Person(BaseModel):
    name: str
    addresses: list[Address]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: str


def nested(people: list[Person], tags: dict[str, int],
           note: Optional[str] = None) -> Person:  # noqa: UP045 - typing.Optional on purpose
    """Nested models, list[Model], dict[str, X] and Optional."""
    return people[0]


def scores(names: list[str]) -> dict[str, float]:
    return dict.fromkeys(names, 1.0)


def plain(text, count: int = 2) -> str:  # an unannotated parameter on purpose
    return text * count


def maybe(key: str) -> Optional[Person]:  # noqa: UP045 - a typing.Union return
    return None


def many(n: int) -> list[Strict]:
    return []


def untyped(x: int):  # no return annotation: no output schema
    return {"x": x}


def _paths(definition: dict[str, Any]) -> tuple[list[str], list[str] | None]:
    in_, out = tool_tables(definition)
    return sorted(in_), None if out is None else sorted(out)


def test_callable_paths_cover_optional_nested_list_and_dict() -> None:
    in_, out = _paths(definition_from_callable(nested))
    assert in_ == ["", "note", "people", "people[]", "people[].addresses",
                   "people[].addresses[]", "people[].addresses[].street",
                   "people[].addresses[].zip", "people[].name", "tags", "tags{}"]
    assert out == ["", "addresses", "addresses[]", "addresses[].street", "addresses[].zip",
                   "name"]
    table, _ = tool_tables(definition_from_callable(nested))
    assert table["note"].type == ("null", "string") and not table["note"].required
    assert table["people[].name"].required


def test_return_types_are_wrapped_as_the_sdk_does() -> None:
    # objects stay objects; everything else becomes {"result": ...}
    assert _paths(definition_from_callable(scores))[1] == ["", "{}"]
    assert _paths(definition_from_callable(plain))[1] == ["", "result"]
    assert _paths(definition_from_callable(maybe))[1][:3] == ["", "result", "result.addresses"]
    assert _paths(definition_from_callable(many))[1] == ["", "result", "result[]",
                                                        "result[].id"]
    assert "outputSchema" not in definition_from_callable(untyped)
    # an unannotated parameter is a string, as in the SDK
    assert definition_from_callable(plain)["inputSchema"]["properties"]["text"] == {
        "title": "text", "type": "string"}


def test_callables_match_what_a_real_sdk_server_publishes() -> None:
    server = new_server("same")
    functions = (nested, scores, plain, maybe, many, untyped)
    for fn in functions:
        server.tool()(fn)
    listed = {t["name"]: t for t in fetch_tools(ServerSpec(kind="object", obj=server)).tools}
    for fn in functions:
        mine = definition_from_callable(fn)
        theirs = listed[fn.__name__]
        for key in ("name", "description", "inputSchema", "outputSchema"):
            assert mine.get(key) == theirs.get(key), (fn.__name__, key)


class FakeStructuredTool:
    """Shaped like LangChain's StructuredTool, without LangChain."""

    def __init__(self, name: str, args_schema: Any, func: Any = None) -> None:
        self.name = name
        self.description = f"{name} does things"
        self.args_schema = args_schema
        self.func = func


def lookup(id: str) -> Strict:
    return Strict(id=id)


def test_structured_tool_like_objects() -> None:
    tool = FakeStructuredTool("team:lookup", Strict, lookup)
    definition = definition_from_tool_object(tool)
    assert definition["name"] == "team:lookup"
    assert definition["description"] == "team:lookup does things"
    assert definition["inputSchema"]["additionalProperties"] is False
    # the function's return annotation is the output promise
    assert _paths(definition)[1] == ["", "id"]
    raw = FakeStructuredTool("raw", {"type": "object", "properties": {"q": {"type": "string"}}})
    assert definition_from_tool_object(raw)["inputSchema"]["properties"] == {
        "q": {"type": "string"}}
    assert "outputSchema" not in definition_from_tool_object(raw)


def test_containers_and_names() -> None:
    assert [t.name for t in tools_from_object([plain, scores], "m:L")] == ["plain", "scores"]
    assert [t.name for t in tools_from_object((plain,), "m:T")] == ["plain"]
    by_key = tools_from_object({"srv-mcp:plain": plain,
                                "srv-mcp:lookup": FakeStructuredTool("x", Strict)}, "m:D")
    assert [t.name for t in by_key] == ["srv-mcp:lookup", "srv-mcp:plain"]
    # the SDK titles models after the function, whatever the tool is called
    assert by_key[1].definition["inputSchema"]["title"] == "plainArguments"
    with pytest.raises(SourceError, match="two tools are named 'plain'"):
        tools_from_object([plain, plain], "m:L")
    with pytest.raises(SourceError, match=r"m:L\[1\] is a int, not a tool"):
        tools_from_object([plain, 3], "m:L")


def _module(tmp_path: Path, source: str) -> str:
    name = f"stubs_{next(_counter)}_{tmp_path.name.replace('-', '_')}"
    (tmp_path / f"{name}.py").write_text(source, encoding="utf-8")
    return name


STUBS = """
from typing import Any
from pydantic import BaseModel

class Answer(BaseModel):
    title: str

def annotated(q: str) -> Answer:
    return {"title": q, "extra": [{"a": 1}, {"a": 2, "b": None}]}

async def later(q: str) -> dict[str, Any]:
    return {"q": q}

def broken(q: str) -> Answer:
    raise RuntimeError("stub exploded")

def listing(n: int) -> list[str]:
    return ["x"] * n

TOOLS = {"s-mcp:annotated": annotated, "s-mcp:later": later, "s-mcp:broken": broken,
         "s-mcp:listing": listing}
"""


def _agent(ref: str, observe: dict[str, Any] | None = None) -> AgentConfig:
    return AgentConfig(kind="source", source=ref, tool_id_form="{server}-mcp:{tool}",
                       observe=observe or {})


def test_observed_output_differs_from_the_annotation(tmp_path: Path) -> None:
    mod = _module(tmp_path, STUBS)
    plain_listing = load_agent(_agent(f"{mod}:TOOLS"), tmp_path, server="s")
    annotated = {t["name"]: t for t in plain_listing.tools}["s-mcp:annotated"]
    assert _paths(annotated)[1] == ["", "title"]
    listing = load_agent(_agent(f"{mod}:TOOLS", {"s-mcp:annotated": {"q": "hi"},
                                                 "later": {"q": "x"}, "listing": {"n": 1}}),
                         tmp_path, server="s")
    assert listing.observed == {"s-mcp:annotated", "s-mcp:later", "s-mcp:listing"}
    tools = {t["name"]: t for t in listing.tools}
    assert _paths(tools["s-mcp:annotated"])[1] == ["", "extra", "extra[]", "extra[].a",
                                                   "extra[].b", "title"]
    _, out = tool_tables(tools["s-mcp:annotated"])
    assert out is not None
    assert out["extra[].a"].required and not out["extra[].b"].required
    assert out["extra[].b"].type == ("null",)
    assert _paths(tools["s-mcp:later"])[1] == ["", "q"]  # an async stub, awaited
    assert _paths(tools["s-mcp:listing"])[1] == ["", "result", "result[]"]  # wrapped


def test_call_as_names_a_stub_by_its_id_or_its_bare_name_under_the_form(
        tmp_path: Path) -> None:
    mod = _module(tmp_path, STUBS)
    agent = AgentConfig(kind="source", source=f"{mod}:TOOLS", tool_id_form="{server}-mcp:{tool}",
                        call_as={"later": "task", "s-mcp:listing": "task", "annotated": "plain"})
    tools = {t["name"]: t for t in load_agent(agent, tmp_path, server="s").tools}
    assert {n: t.get("execution") for n, t in tools.items()} == {
        n: {"taskSupport": "required"} if n in ("s-mcp:later", "s-mcp:listing") else None
        for n in tools}


def test_observe_failures_are_source_errors(tmp_path: Path) -> None:
    mod = _module(tmp_path, STUBS)
    with pytest.raises(SourceError) as err:
        load_agent(_agent(f"{mod}:TOOLS", {"broken": {"q": "x"}}), tmp_path, server="s")
    assert "the stub raised RuntimeError: stub exploded" in str(err.value)
    assert err.value.location == "observe.s-mcp:broken"
    with pytest.raises(SourceError, match="do not fit its arguments model: q: Field required"):
        load_agent(_agent(f"{mod}:TOOLS", {"annotated": {}}), tmp_path, server="s")
    with pytest.raises(SourceError, match="observe names tool 'nope'"):
        load_agent(_agent(f"{mod}:TOOLS", {"nope": {}}), tmp_path, server="s")
    tools_file = tmp_path / "tools.json"
    tools_file.write_text(json.dumps({"tools": [{"name": "a", "inputSchema": {}}]}))
    with pytest.raises(SourceError, match="observe needs stubs to call"):
        load_agent(AgentConfig(kind="tools_file", tools_file=tools_file,
                               observe={"a": {}}), tmp_path)


def test_resolve_ref_errors_name_the_reference(tmp_path: Path) -> None:
    with pytest.raises(SourceError, match="cannot import 'no_such_mod_xyz:X': no module named"):
        resolve_ref("no_such_mod_xyz:X", tmp_path)
    mod = _module(tmp_path, "X = 1\n")
    with pytest.raises(SourceError, match=f"'{mod}' has no attribute 'Y'"):
        resolve_ref(f"{mod}:Y", tmp_path)
    assert resolve_ref(f"{mod}:X", tmp_path) == 1
    assert str(tmp_path) not in sys.path  # the root is only on the path while importing
    bad = _module(tmp_path, "raise ValueError('at import')\n")
    with pytest.raises(SourceError, match="raised ValueError: at import"):
        resolve_ref(f"{bad}:X", tmp_path, key="agent.source")


MODELS = """
from pydantic import BaseModel, ConfigDict

class Item(BaseModel):
    model_config = ConfigDict(extra="forbid")
    sku: str
    qty: int = 1

class Order(BaseModel):
    '''Place an order.'''
    items: list[Item]

Items = list[Item]
"""


def test_models_source(tmp_path: Path) -> None:
    mod = _module(tmp_path, MODELS)
    agent = AgentConfig(kind="models", models={
        "order": ModelRef(f"{mod}:Order", f"{mod}:Items"),
        "ping": ModelRef(None, f"{mod}:Item")})
    listing = load_agent(agent, tmp_path)
    tools = {t["name"]: t for t in listing.tools}
    assert listing.source == "models"
    assert tools["order"]["description"] == "Place an order."
    in_, out = tool_tables(tools["order"])
    assert sorted(in_) == ["", "items", "items[]", "items[].qty", "items[].sku"]
    assert in_["items[]"].closed is True
    assert out is not None and sorted(out) == ["", "result", "result[]", "result[].qty",
                                               "result[].sku"]
    assert _paths(tools["ping"]) == ([""], ["", "qty", "sku"])
    with pytest.raises(SourceError, match="not a pydantic model class"):
        load_agent(AgentConfig(kind="models", models={"x": ModelRef(f"{mod}:Items", None)}),
                   tmp_path)


def test_tools_file_source(tmp_path: Path) -> None:
    (tmp_path / "pinned").mkdir()
    path = tmp_path / "pinned" / "tools.json"
    path.write_text(json.dumps({"tools": [
        {"name": "b", "inputSchema": {"type": "object"}},
        {"name": "a", "inputSchema": {"type": "object", "properties": {"q": {}}}}]}))
    listing = load_agent(AgentConfig(kind="tools_file", tools_file=path), tmp_path)
    assert [t["name"] for t in listing.tools] == ["a", "b"]
    assert listing.source == "pinned/tools.json"  # relative: manifests must not hold tmp paths


def test_call_as_overrides_a_pinned_definitions_task_support_and_keeps_the_rest(
        tmp_path: Path) -> None:
    path = tmp_path / "tools.json"
    path.write_text(json.dumps({"tools": [
        {"name": "a", "inputSchema": {"type": "object"},
         "execution": {"taskSupport": "optional", "x-note": "kept"}},
        {"name": "b", "inputSchema": {"type": "object"}},
        {"name": "c", "inputSchema": {"type": "object"},
         "execution": {"taskSupport": "required"}},
        {"name": "d", "inputSchema": {"type": "object"},
         "execution": {"taskSupport": "required"}}]}))
    listing = load_agent(AgentConfig(kind="tools_file", tools_file=path,
                                     call_as={"a": "plain", "b": "task", "c": "plain"}),
                         tmp_path)
    executions = {t["name"]: t.get("execution") for t in listing.tools}
    assert executions == {"a": {"x-note": "kept"}, "b": {"taskSupport": "required"},
                          "c": None, "d": {"taskSupport": "required"}}


def test_schema_of_value_merges_items() -> None:
    assert schema_of_value([1, "a"]) == {"type": "array", "items": {
        "anyOf": [{"type": "integer"}, {"type": "string"}]}}
    assert schema_of_value({"a": [], "b": 1.5, "c": True}) == {
        "type": "object", "required": ["a", "b", "c"], "properties": {
            "a": {"type": "array"}, "b": {"type": "number"}, "c": {"type": "boolean"}}}


@pytest.mark.parametrize("execution", [{"taskSupport": "Forbidden"}, {"taskSupport": 1},
                                       "required"])
def test_an_agent_file_calling_a_tool_a_way_mcp_does_not_name_is_refused(
        tmp_path: Path, execution: Any) -> None:
    # read as no way of calling, it turned tool.call-mode off without a word
    from parity.errors import FileFormatError

    path = tmp_path / "tools.json"
    path.write_text(json.dumps({"tools": [
        {"name": "a", "inputSchema": {"type": "object"}, "execution": execution}]}))
    with pytest.raises(FileFormatError, match="which MCP does not name") as caught:
        load_agent(AgentConfig(kind="tools_file", tools_file=path), tmp_path)
    assert caught.value.file == str(path) and caught.value.location == "tool 'a'"
    assert '"forbidden", "optional", "required"' in (caught.value.hint or "")
    # call_as says how the agent calls it: the file's value is replaced, nothing to refuse
    listing = load_agent(AgentConfig(kind="tools_file", tools_file=path,
                                     call_as={"a": "task"}), tmp_path)
    assert listing.tools[0]["execution"] == {"taskSupport": "required"}
