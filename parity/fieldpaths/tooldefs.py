"""Tool definitions as files: a bare JSON Schema, one MCP tool, or a ``tools/list`` result.

Definitions stay raw wire JSON (camelCase, every field kept): the SDKs' models drop fields.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from parity.core.canonical import definition_hash
from parity.core.depth import DEFINITION_DEPTH
from parity.core.jsonio import read_json
from parity.core.validate import refuse_repeated_keys
from parity.errors import FileFormatError, SchemaError
from parity.fieldpaths.callmodes import call_modes
from parity.fieldpaths.manifest import FORMAT as MANIFEST_FORMAT
from parity.fieldpaths.manifest import Manifest, Side, ToolManifest, load
from parity.fieldpaths.schema import Limits, tool_tables

_FIX = "give a JSON Schema, one tool definition, or a tools/list result ({\"tools\": [...]})"


def read_tool_file(path: str | os.PathLike[str], *,
                   tool: str | None = None) -> list[dict[str, Any]]:
    """Tool definitions in a file. A bare schema becomes the ``inputSchema`` of one tool named
    ``tool`` (default: the file's stem)."""
    file = os.fspath(path)
    return definitions_from_json(_read(file), file=file, default_name=tool or Path(file).stem)


def _read(file: str) -> Any:
    """A tool file's JSON, refused when an object names a key twice: parity would read the
    last ``inputSchema`` or ``required`` given, a reviewer the first."""
    data, content = read_json(file, what="tool file", bound=DEFINITION_DEPTH, streams=True)
    refuse_repeated_keys(content, data, file=file, what="tool file")
    return data


def read_tables(path: str | os.PathLike[str], *, tools: Sequence[str] = ()) -> Manifest:
    """The field-path tables of a file, as ``parity paths`` prints them: a parity manifest
    (``parity.manifest/N``, its recorded tables, validated like any manifest) or tool
    definitions (``read_tool_file``, extracted as a server side). ``tools`` keeps only those
    (one name also names a bare schema's tool)."""
    file = os.fspath(path)
    data = _read(file)
    if isinstance(data, dict) and str(data.get("format", "")).startswith(
            MANIFEST_FORMAT.split("/")[0] + "/"):
        manifest = load(file)
        _check_names(set(manifest.tools), tools, file)
        if not tools:
            return manifest
        return dataclasses.replace(manifest, tools={n: manifest.tools[n] for n in tools})
    default_name = tools[0] if len(tools) == 1 else Path(file).stem
    definitions = definitions_from_json(data, file=file, default_name=default_name)
    # a single definition is read whatever ``--tool`` names it; an empty list (a server
    # with no tools) is read as no tool, and any name asked for is missing from it
    chosen = select(definitions, tools if len(definitions) != 1 or "name" not in
                    definitions[0] else [], file)
    return manifest_from_definitions(chosen, side="server", source=file)


def definitions_from_json(data: Any, *, file: str, default_name: str) -> list[dict[str, Any]]:
    result = data.get("result") if isinstance(data, dict) else None
    if isinstance(result, dict) and "tools" in result:
        data = data["result"]  # a whole JSON-RPC response
    if isinstance(data, dict) and "tools" in data:
        tools = data["tools"]
        if not isinstance(tools, list):
            raise FileFormatError("`tools` must be a list of tool definitions", file=file,
                                  location="$.tools", hint=_FIX)
        for i, t in enumerate(tools):
            _check_definition(t, file, f"$.tools[{i}]")
        return list(tools)
    if isinstance(data, list):
        for i, t in enumerate(data):
            _check_definition(t, file, f"$[{i}]")
        return list(data)
    if isinstance(data, dict) and isinstance(data.get("name"), str) and (
            "inputSchema" in data or "outputSchema" in data):
        return [data]
    if isinstance(data, (dict, bool)):
        return [{"name": default_name, "inputSchema": data}]
    raise FileFormatError(f"not a schema or tool definition (top level is {type(data).__name__})",
                          file=file, location="$", hint=_FIX)


def _check_definition(tool: Any, file: str, where: str) -> None:
    if not isinstance(tool, dict):
        raise FileFormatError("a tool definition must be a JSON object", file=file,
                              location=where, hint=_FIX)
    if not isinstance(tool.get("name"), str) or not tool["name"]:
        raise FileFormatError("a tool definition needs a non-empty string `name`", file=file,
                              location=where, hint=_FIX)


def invalid_parts(definition: Mapping[str, Any]) -> tuple[str, ...]:
    """What makes a definition invalid for the MCP spec while parity can still read it: an
    ``inputSchema`` that is missing or ``null`` (read as an open object)."""
    if "inputSchema" not in definition:
        return ("inputSchema is missing",)
    if definition["inputSchema"] is None:
        return ("inputSchema is null",)
    return ()


def tool_manifest(definition: Mapping[str, Any], *, name: str | None = None,
                  limits: Limits | None = None,
                  warnings: list[str] | None = None) -> ToolManifest:
    """Reduce one raw tool definition to its manifest entry."""
    invalid = invalid_parts(definition)
    if invalid and warnings is not None:
        found = " (it has `arguments`, a catalog summary, not a JSON Schema)" \
            if "arguments" in definition else ""
        warnings.append(f"tool {definition.get('name')!r}: {invalid[0]}{found}; its "
                        "arguments are read as an open object")
    in_table, out_table = tool_tables(definition, limits=limits, warnings=warnings)
    description = definition.get("description")
    return ToolManifest(
        name=name or str(definition["name"]),
        hash=definition_hash(dict(definition)),
        in_=in_table,
        out=out_table,
        description=description if isinstance(description, str) else None,
        invalid=invalid,
        calls=call_modes(definition),
    )


def manifest_from_definitions(definitions: Iterable[Mapping[str, Any]], *, side: Side,
                              source: str, server: str | None = None,
                              tool_id_form: str | None = None, limits: Limits | None = None,
                              errors: list[SchemaError] | None = None) -> Manifest:
    """A manifest of every definition. With ``errors`` given, a tool whose schema cannot be
    reduced is left out and its error collected, so one bad tool does not sink the rest."""
    tools: dict[str, ToolManifest] = {}
    warnings: list[str] = []
    for definition in definitions:
        try:
            tm = tool_manifest(definition, limits=limits, warnings=warnings)
        except SchemaError as exc:
            if errors is None:
                raise
            errors.append(exc)
            continue
        if tm.name in tools:
            raise FileFormatError(f"duplicate tool name {tm.name!r}", file=source,
                                  hint="tool names must be unique within one side")
        tools[tm.name] = tm
    return Manifest(side=side, source=source, tools=tools, server=server,
                    tool_id_form=tool_id_form, warnings=tuple(warnings))


def select(definitions: Sequence[dict[str, Any]], names: Sequence[str],
           file: str) -> list[dict[str, Any]]:
    if not names:
        return list(definitions)
    _check_names({d["name"] for d in definitions}, names, file)
    return [d for d in definitions if d["name"] in names]


def _check_names(known: set[str], names: Sequence[str], file: str) -> None:
    missing = [n for n in names if n not in known]
    if missing:
        raise FileFormatError(f"no tool named {', '.join(map(repr, missing))}", file=file,
                              hint=f"tools in this file: {', '.join(sorted(known))}" if known
                              else "this file holds no tools")
