"""Tool objects and containers that raise while parity reads them: one readable
``SourceError`` naming the place and the attribute (exit 2), never an unexpected error."""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

import pytest

from parity.cli.main import main
from parity.errors import SourceError
from parity.sources.agent import tools_from_object


class _RaisingSchema:
    name = "t"

    @property
    def args_schema(self) -> Any:
        raise ValueError("nope")


class _RaisingName:
    args_schema = None

    @property
    def name(self) -> str:
        raise RuntimeError("name broke")


class _RaisingDescription:
    name = "t"
    args_schema = {"type": "object"}

    @property
    def description(self) -> str:
        raise KeyError("desc")


class _RaisingGetattr:
    name = "t"
    args_schema = {"type": "object"}
    description = "d"

    def __getattr__(self, key: str) -> Any:
        raise RuntimeError(f"no {key}")


class _RaisingItems(dict):  # type: ignore[type-arg]
    def items(self) -> Any:
        raise OSError("items broke")


def _stub(q: str) -> str:
    return q


@pytest.mark.parametrize(("value", "where", "said"), [
    ([_RaisingSchema()], "TOOLS[0]", "attribute 'args_schema' raised ValueError: nope"),
    ([_RaisingName()], "TOOLS[0]", "attribute 'name' raised RuntimeError: name broke"),
    ([_RaisingDescription()], "TOOLS[0]", "attribute 'description' raised KeyError: 'desc'"),
    ([_RaisingGetattr()], "TOOLS[0]", "attribute 'func' raised RuntimeError: no func"),
    (_RaisingItems(f=_stub), "TOOLS", "the _RaisingItems's items raised OSError: items broke"),
])
def test_what_raises_while_read_is_named_with_its_place(value: Any, where: str,
                                                        said: str) -> None:
    with pytest.raises(SourceError) as caught:
        tools_from_object(value, "TOOLS")
    assert caught.value.location == where
    assert said in caught.value.message


def test_a_tool_object_named_empty_is_refused() -> None:
    class Empty:
        name = ""
        description = "d"
        args_schema = {"type": "object"}

    with pytest.raises(SourceError, match="the tool object's name is ''") as caught:
        tools_from_object([Empty()], "TOOLS")
    assert caught.value.location == "TOOLS[0]"


@pytest.mark.parametrize("value", [functools.partial(_stub, q="x"), type(
    "Callable", (), {"__call__": lambda self, q: q})()])
def test_a_callable_without_a_name_says_so(value: Any) -> None:
    with pytest.raises(SourceError, match="has no __name__, which the MCP SDK needs") as caught:
        tools_from_object({"g": value}, "TOOLS")
    assert "wrap it in a def" in (caught.value.hint or "")


def test_extract_exits_2_on_a_raising_tool_object(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "raising_stubs.py").write_text(
        "class T:\n    name = 't'\n    @property\n    def args_schema(self):\n"
        "        raise ValueError('nope')\n\nTOOLS = [T()]\n")
    (tmp_path / "server.json").write_text('{"tools": []}')
    (tmp_path / "parity.toml").write_text(
        '[servers.s]\ntools_file = "server.json"\n'
        '[pairs.p]\nserver = "s"\nagent = {source = "raising_stubs:TOOLS"}\n')
    code = main(["extract", "--config", str(tmp_path / "parity.toml")])
    err = capsys.readouterr().err
    assert code == 2, err
    assert ("p: failed: at raising_stubs:TOOLS[0]: reading the tool object's attribute "
            "'args_schema' raised ValueError: nope") in err


def _schema_tool(schema: Any) -> Any:
    class T:
        name = "t"
        description = "d"
        args_schema = schema

    return T()


_LOOP: dict[str, Any] = {"type": "object"}
_LOOP["properties"] = {"self": _LOOP}


@pytest.mark.parametrize(("schema", "said"), [
    ({"type": "object", "properties": {1: {"type": "string"}}},
     "at #/properties: the key 1 (int): JSON keys are strings"),
    ({"type": "object", "properties": {"x": {"default": b"x"}}},
     "at #/properties/x/default: a bytes is no JSON value"),
    ({"type": "object", "properties": {"x~/": {"default": object()}}},
     "at #/properties/x~0~1/default: a object is no JSON value"),
    ({"type": "object", "properties": {"x": {"default": float("nan")}}},
     "at #/properties/x/default: nan is no JSON number"),
    (_LOOP, "at #/properties/self: it holds itself"),
])
def test_a_dict_args_schema_that_is_no_json_is_refused_with_its_place(schema: Any,
                                                                     said: str) -> None:
    with pytest.raises(SourceError) as caught:
        tools_from_object([_schema_tool(schema)], "TOOLS")
    assert caught.value.location == "TOOLS[0]"
    assert caught.value.message == f"tool 't': its args_schema {said}"


def test_extract_exits_2_on_an_args_schema_keyed_by_an_integer(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # it was a TypeError in the field-path reduction: an unexpected error, exit 3
    (tmp_path / "intkey_stubs.py").write_text(
        "class T:\n    name = 't'\n    description = 'd'\n"
        "    args_schema = {'type': 'object', 'properties': {1: {'type': 'string'}}}\n\n"
        "TOOLS = [T()]\n")
    (tmp_path / "server.json").write_text('{"tools": []}')
    (tmp_path / "parity.toml").write_text(
        '[servers.s]\ntools_file = "server.json"\n'
        '[pairs.p]\nserver = "s"\nagent = {source = "intkey_stubs:TOOLS"}\n')
    code = main(["extract", "--config", str(tmp_path / "parity.toml")])
    err = capsys.readouterr().err
    assert code == 2, err
    assert "p: failed: at intkey_stubs:TOOLS[0]: tool 't': its args_schema at #/properties" in err
