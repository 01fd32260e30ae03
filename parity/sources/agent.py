"""Agent-side sources: the tool definitions an agent *believes* its servers offer.

Every source becomes raw wire-shaped tool definitions (``name``, ``description``,
``inputSchema`` and, where known, ``outputSchema``), the same shape a server lists, so both
sides go through one reduction to field paths.

Accepted sources (``[tool.parity.pairs.<pair>.agent]``, exactly one):

``source = "module:attribute"``
    The attribute may be

    * a plain callable (a stub function, sync or async): named by its ``__name__``;
    * an object shaped like LangChain's ``StructuredTool`` (``name``, ``description``,
      ``args_schema``), duck-typed: named by its ``name``;
    * a ``list`` or ``tuple`` of those;
    * a ``dict`` of those: the **key** names the tool (so a stub function can carry an id such
      as ``workflow-mcp:check_phases`` that is no Python identifier).

``models = {tool = {in = "module:Model", out = "module:Model"}}``
    pydantic models per tool: an arguments model and, optionally, a result model.

``tools_file = "path.json"``
    A JSON file of tool definitions the client pins (a ``tools/list`` result).

Callables are turned into JSON Schema the way the MCP Python SDK's ``FastMCP``/``MCPServer``
does it, so a stub and a server written from the same function agree byte for byte: the
parameters become a pydantic model named ``<function>Arguments``; the return annotation
becomes the output schema, where a ``BaseModel``, a ``TypedDict``, an annotated class or a
``dict[str, X]`` is an object as it is, and anything else (``str``, ``list[X]``, ``Optional``,
unions, ``None``) is wrapped as ``{"result": ...}``. A callable without a return annotation
has no output schema.

**Observed output** (``observe = {tool = {...example arguments...}}``): the stub is called once
with the example arguments (validated through its arguments model, as a server would) and the
keys it actually returns become its ``out`` table, marked ``observed``. A stand-in promises
what it returns; that promise is what the server must keep.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import inspect
import sys
import threading
import types
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

from parity.errors import SourceError

if TYPE_CHECKING:
    from parity.config.settings import AgentConfig, ModelRef

_OBSERVE_HINT = "fix the example arguments under observe, or the stub itself"


@dataclass(frozen=True)
class AgentTool:
    """One agent-side tool: its raw definition, and how to call it (``None``: not callable)."""

    name: str
    definition: dict[str, Any]
    #: Calls the stub with a JSON arguments object and returns its raw result.
    call: Callable[[Mapping[str, Any]], Any] | None = field(default=None, compare=False)
    #: Whether a non-object result is wrapped as ``{"result": ...}`` (``None``: decide by value).
    wrap: bool | None = None


@dataclass(frozen=True)
class AgentListing:
    """What an agent-side source yields."""

    #: Raw wire-shaped definitions, sorted by name.
    tools: tuple[dict[str, Any], ...]
    #: Names of tools whose ``outputSchema`` was recorded from a real call.
    observed: frozenset[str]
    #: A stable, machine-independent description of the source, for the manifest.
    source: str


# -- module:attribute ------------------------------------------------------------------------


def resolve_ref(ref: str, root: Path | None = None, *, key: str | None = None) -> Any:
    """Import ``module:attribute`` (the attribute may be dotted), with ``root`` on ``sys.path``.

    Every failure is a ``SourceError`` naming the reference (and the config ``key``).
    """
    module_name, sep, attribute = ref.partition(":")
    where = key or ref
    if not sep or not module_name or not attribute:
        raise SourceError(f"{ref!r} is not a 'module:attribute' reference", location=where,
                          hint="write it as package.module:name, e.g. myagent.tools:TOOLS")
    with _on_path(root):
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:
            missing = exc.name or module_name
            raise SourceError(
                f"cannot import {ref!r}: no module named {missing!r}", location=where,
                hint=f"run parity from the project root, or check the module path"
                     f"{f' (looked in {root} and sys.path)' if root else ''}") from None
        except Exception as exc:  # the user's module raised while importing
            raise SourceError(f"cannot import {ref!r}: importing {module_name!r} raised "
                              f"{type(exc).__name__}: {exc}", location=where,
                              hint="fix the error in that module") from None
    value: Any = module
    for part in attribute.split("."):
        try:
            value = getattr(value, part)
        except AttributeError:
            raise SourceError(f"cannot resolve {ref!r}: {module_name!r} has no attribute "
                              f"{attribute!r}", location=where,
                              hint="check the name after the ':'") from None
    return value


@contextlib.contextmanager
def _on_path(root: Path | None) -> Iterator[None]:
    # The config root goes first so a project's own modules win over installed namesakes;
    # it is removed again so one extraction does not leak into the next.
    if root is None:
        yield
        return
    entry = str(root)
    sys.path.insert(0, entry)
    try:
        yield
    finally:
        with contextlib.suppress(ValueError):  # the imported module removed it itself
            sys.path.remove(entry)


# -- callables -------------------------------------------------------------------------------


def definition_from_callable(fn: Callable[..., Any], name: str | None = None,
                             description: str | None = None) -> dict[str, Any]:
    """A tool definition for ``fn``, built the way the MCP SDK's ``FastMCP`` builds one."""
    return _callable_tool(fn, name, description).definition


def _callable_tool(fn: Callable[..., Any], name: str | None,
                   description: str | None) -> AgentTool:
    tool_name = name or getattr(fn, "__name__", None)
    if not isinstance(tool_name, str) or not tool_name or tool_name == "<lambda>":
        raise SourceError(f"cannot name the tool {fn!r}",
                          hint="give it a name: put it in a dict keyed by tool name")
    model = _arguments_model(fn, tool_name)
    in_schema = _json_schema(model, tool_name, "arguments")
    out_schema, wrap = _output_schema(_return_annotation(fn, tool_name), _fn_name(fn),
                                      tool_name)
    doc = description if description is not None else (getattr(fn, "__doc__", None) or "")
    definition: dict[str, Any] = {"name": tool_name, "description": doc,
                                  "inputSchema": in_schema}
    if out_schema is not None:
        definition["outputSchema"] = out_schema

    def call(arguments: Mapping[str, Any]) -> Any:
        return fn(**_validated_kwargs(model, arguments, tool_name))

    return AgentTool(tool_name, definition, call, wrap if out_schema is not None else None)


def _fn_name(fn: Callable[..., Any]) -> str:
    # The SDK titles generated models after the function, not after the tool's name.
    name = getattr(fn, "__name__", None)
    return name if isinstance(name, str) else type(fn).__name__


def _signature(fn: Callable[..., Any], tool: str) -> inspect.Signature:
    try:
        return inspect.signature(fn, eval_str=True)
    except NameError as exc:
        raise SourceError(f"tool {tool!r}: cannot evaluate the annotations of {fn!r}: {exc}",
                          hint="import every name used in its annotations") from None
    except (TypeError, ValueError) as exc:
        raise SourceError(f"tool {tool!r}: {fn!r} has no readable signature: {exc}",
                          hint="give the stub an ordinary def with annotated parameters") from None


def _return_annotation(fn: Callable[..., Any], tool: str) -> Any:
    return _signature(fn, tool).return_annotation


@cache
def _argument_base() -> type[Any]:
    from pydantic import BaseModel, ConfigDict

    class ArgModelBase(BaseModel):
        # as in the SDK: arguments may be of any type; unknown keys are ignored, not rejected
        model_config = ConfigDict(arbitrary_types_allowed=True)

    return ArgModelBase


def _arguments_model(fn: Callable[..., Any], tool: str) -> type[Any]:
    from pydantic import BaseModel, Field, WithJsonSchema, create_model

    fields: dict[str, Any] = {}
    for param in _signature(fn, tool).parameters.values():
        if param.kind in (param.VAR_POSITIONAL, param.VAR_KEYWORD):
            raise SourceError(f"tool {tool!r}: parameter {param.name!r} is *args/**kwargs, "
                              "which no JSON Schema can describe",
                              hint="declare each argument as a named parameter")
        if param.name.startswith("_"):
            raise SourceError(f"tool {tool!r}: parameter {param.name!r} starts with '_'",
                              hint="the MCP SDK refuses such parameters too; rename it")
        annotation = Any if param.annotation is param.empty else param.annotation
        metadata: list[Any] = []
        if param.annotation is param.empty:
            # the SDK describes an unannotated parameter as a string
            metadata.append(WithJsonSchema({"title": param.name, "type": "string"}))
        field_name, field_kwargs = param.name, dict[str, Any]()
        if hasattr(BaseModel, field_name) and callable(getattr(BaseModel, field_name)):
            # a parameter named like a BaseModel method: aliased, as the SDK does
            field_kwargs["alias"] = field_name
            field_name = f"field_{field_name}"
        parts = (annotation, *metadata, Field(**field_kwargs))
        typed = Annotated[parts]  # type: ignore[valid-type]
        fields[field_name] = typed if param.default is param.empty else (typed, param.default)
    try:
        model: type[Any] = create_model(f"{_fn_name(fn)}Arguments",
                                        __base__=_argument_base(), **fields)
        return model
    except Exception as exc:  # pydantic rejects some annotations
        raise SourceError(f"tool {tool!r}: cannot build an arguments model: "
                          f"{type(exc).__name__}: {exc}",
                          hint="use types pydantic understands in the stub's signature") from None


def _output_schema(annotation: Any, fn_name: str, tool: str) -> tuple[dict[str, Any] | None, bool]:
    """The output schema of a return annotation and whether results are wrapped, as the
    SDK's ``func_metadata`` decides them (``None``: no structured output)."""
    if annotation is inspect.Signature.empty:
        return None, False
    model, wrap = _output_model(annotation, fn_name)
    if model is None:
        return None, False
    return _json_schema(model, tool, "result", inline_root=True), wrap


def _output_model(annotation: Any, fn_name: str) -> tuple[Any, bool]:
    from pydantic import BaseModel, ConfigDict, Field, create_model
    from typing_extensions import get_type_hints, is_typeddict
    from typing_inspection.introspection import AnnotationSource, inspect_annotation

    def wrapped() -> Any:
        return create_model(f"{fn_name}Output", result=annotation)

    try:
        type_expr = inspect_annotation(annotation,
                                       annotation_source=AnnotationSource.FUNCTION).type
    except Exception:  # a forbidden qualifier: described as a wrapped result
        type_expr = annotation
    if type_expr is None:
        return wrapped(), True
    if isinstance(type_expr, types.GenericAlias):
        args = type_expr.__args__
        if type_expr.__origin__ is dict and len(args) == 2 and args[0] is str:
            return Annotated[type_expr, Field(title=f"{fn_name}DictOutput")], False
        return wrapped(), True
    if isinstance(type_expr, type):
        if issubclass(type_expr, BaseModel) or is_typeddict(type_expr):
            return type_expr, False
        if type_expr in (str, int, float, bool, bytes, type(None)):
            return wrapped(), True
        try:
            hints = get_type_hints(type_expr)
        except Exception:  # unreadable hints: no structured output
            return None, False
        if not hints:
            return None, False
        fields: dict[str, Any] = {n: (t, getattr(type_expr, n)) if hasattr(type_expr, n) else t
                                  for n, t in hints.items() if not n.startswith("_")}
        return create_model(type_expr.__name__, __config__=ConfigDict(from_attributes=True),
                            **fields), False
    # typing.Union, Optional, typing.List[...] and other special forms
    return wrapped(), True


@cache
def _strict_generator() -> type[Any]:
    from pydantic.json_schema import GenerateJsonSchema

    class StrictJsonSchema(GenerateJsonSchema):
        # a warning means part of the type has no JSON form: fail instead of guessing
        def emit_warning(self, kind: Any, detail: str) -> None:
            raise ValueError(f"JSON schema warning: {kind} - {detail}")

    return StrictJsonSchema


def _json_schema(model: Any, tool: str, what: str, *,
                 inline_root: bool = False) -> dict[str, Any]:
    from pydantic import BaseModel, TypeAdapter

    try:
        if isinstance(model, type) and issubclass(model, BaseModel) and not inline_root:
            schema: dict[str, Any] = model.model_json_schema(by_alias=True)
        else:
            schema = TypeAdapter(model).json_schema(schema_generator=_strict_generator())
    except Exception as exc:  # pydantic's many schema errors, one message
        raise SourceError(f"tool {tool!r}: cannot describe its {what} as JSON Schema: "
                          f"{type(exc).__name__}: {exc}",
                          hint="use JSON-serializable types (models, str, int, lists...)") from None
    return _inline_root_ref(schema) if inline_root else schema


def _inline_root_ref(schema: dict[str, Any]) -> dict[str, Any]:
    # pydantic gives a self-referencing model a bare root `$ref`; the SDK copies the
    # definition onto the root because an outputSchema must be an object schema.
    ref = schema.get("$ref")
    prefix = "#/$defs/"
    if not isinstance(ref, str) or not ref.startswith(prefix):
        return schema
    definition = schema["$defs"][ref[len(prefix):]]
    return {**definition, **{k: v for k, v in schema.items() if k != "$ref"}}


def _validated_kwargs(model: Any, arguments: Mapping[str, Any], tool: str) -> dict[str, Any]:
    from pydantic import ValidationError

    try:
        validated = model.model_validate(dict(arguments))
    except ValidationError as exc:
        raise SourceError(f"tool {tool!r}: the example arguments do not fit its arguments "
                          f"model: {_errors(exc)}", location=f"observe.{tool}",
                          hint=_OBSERVE_HINT) from None
    # one level deep, as the SDK calls tools: nested models stay models
    return {(f.alias or n): getattr(validated, n) for n, f in type(validated).model_fields.items()}


def _errors(exc: Any) -> str:
    parts = []
    for error in exc.errors(include_url=False):
        loc = ".".join(str(x) for x in error.get("loc", ())) or "(root)"
        parts.append(f"{loc}: {error.get('msg')}")
    return "; ".join(parts)


# -- StructuredTool-like objects --------------------------------------------------------------


def is_tool_object(value: Any) -> bool:
    """Whether ``value`` is shaped like LangChain's ``StructuredTool`` (duck-typed)."""
    return (not isinstance(value, type) and isinstance(getattr(value, "name", None), str)
            and hasattr(value, "args_schema"))


def definition_from_tool_object(obj: Any, name: str | None = None) -> dict[str, Any]:
    """A tool definition for a ``StructuredTool``-like object (``name``, ``description``,
    ``args_schema``: a pydantic model class or a JSON Schema dict)."""
    return _object_tool(obj, name).definition


def _object_tool(obj: Any, name: str | None) -> AgentTool:
    from pydantic import BaseModel

    tool_name = name or obj.name
    fn = getattr(obj, "func", None) or getattr(obj, "coroutine", None)
    fn = fn if callable(fn) else None
    args_schema = obj.args_schema
    model: Any = None
    if isinstance(args_schema, type) and issubclass(args_schema, BaseModel):
        model = args_schema
        in_schema = _json_schema(model, tool_name, "arguments")
    elif isinstance(args_schema, dict):
        in_schema = args_schema
    elif args_schema is None and fn is not None:
        # LangChain infers the schema from the function when none is given
        model = _arguments_model(fn, tool_name)
        in_schema = _json_schema(model, tool_name, "arguments")
    else:
        raise SourceError(f"tool {tool_name!r}: args_schema is {type(args_schema).__name__}, "
                          "not a pydantic model class or a JSON Schema dict",
                          hint="give the tool an args_schema model")
    description = getattr(obj, "description", None)
    definition: dict[str, Any] = {
        "name": tool_name, "description": description if isinstance(description, str) else "",
        "inputSchema": in_schema}
    # StructuredTool carries no output schema; its function's return annotation is the promise
    out_schema, wrap = (None, False)
    if fn is not None:
        out_schema, wrap = _output_schema(_return_annotation(fn, tool_name), _fn_name(fn),
                                          tool_name)
    if out_schema is not None:
        definition["outputSchema"] = out_schema

    def call(arguments: Mapping[str, Any]) -> Any:
        if fn is not None:
            kwargs = (_validated_kwargs(model, arguments, tool_name) if model is not None
                      else dict(arguments))
            return fn(**kwargs)
        invoke = getattr(obj, "ainvoke", None) or getattr(obj, "invoke", None)
        if not callable(invoke):
            raise SourceError(f"tool {tool_name!r}: has no func, coroutine or invoke to call",
                              location=f"observe.{tool_name}",
                              hint="observe only tools that can be called")
        return invoke(dict(arguments))

    return AgentTool(tool_name, definition, call, wrap if out_schema is not None else None)


# -- a source object ----------------------------------------------------------------------------


def tools_from_object(value: Any, ref: str) -> list[AgentTool]:
    """The tools in a resolved ``module:attribute``: see the module docstring for the shapes."""
    if isinstance(value, Mapping):
        items: list[tuple[str | None, Any, str]] = []
        for key, item in value.items():
            if not isinstance(key, str) or not key:
                raise SourceError(f"{ref!r}: dict keys must be tool names (strings), got {key!r}",
                                  location=ref, hint="key the dict by tool name")
            items.append((key, item, f"{ref}[{key!r}]"))
    elif isinstance(value, (list, tuple)):
        items = [(None, item, f"{ref}[{i}]") for i, item in enumerate(value)]
    else:
        items = [(None, value, ref)]
    tools: dict[str, AgentTool] = {}
    for name, item, where in items:
        if is_tool_object(item):
            tool = _object_tool(item, name)
        elif callable(item) and not isinstance(item, type):
            tool = _callable_tool(item, name, None)
        else:
            raise SourceError(
                f"{where} is a {type(item).__name__}, not a tool", location=ref,
                hint="give a callable, an object with name/description/args_schema, or a "
                     "list/tuple/dict of those")
        if tool.name in tools:
            raise SourceError(f"{ref!r}: two tools are named {tool.name!r}", location=ref,
                              hint="tool names must be unique on one side")
        tools[tool.name] = tool
    return [tools[n] for n in sorted(tools)]


def definitions_from_models(models: Mapping[str, ModelRef], root: Path | None = None,
                            *, key: str = "models") -> list[dict[str, Any]]:
    """Tool definitions from pydantic models per tool (``in``: arguments, ``out``: result).

    ``out`` may name any type pydantic can describe; as for return annotations, a type that
    is not an object is wrapped as ``{"result": ...}``.
    """
    definitions = []
    for tool in sorted(models):
        ref = models[tool]
        definition: dict[str, Any] = {"name": tool, "description": ""}
        if ref.in_ is not None:
            model = resolve_ref(ref.in_, root, key=f"{key}.{tool}.in")
            definition["inputSchema"] = _json_schema(_model_class(model, ref.in_, tool), tool,
                                                     "arguments")
            doc = getattr(model, "__doc__", None)
            definition["description"] = doc if isinstance(doc, str) else ""
        else:
            definition["inputSchema"] = {"type": "object", "properties": {}}
        if ref.out is not None:
            out = resolve_ref(ref.out, root, key=f"{key}.{tool}.out")
            name = getattr(out, "__name__", tool)
            schema, _ = _output_schema(out, name, tool)
            if schema is None:
                raise SourceError(f"tool {tool!r}: {ref.out!r} cannot describe a result",
                                  location=f"{key}.{tool}.out",
                                  hint="name a pydantic model (or a type pydantic can describe)")
            definition["outputSchema"] = schema
        definitions.append(definition)
    return definitions


def _model_class(value: Any, ref: str, tool: str) -> Any:
    from pydantic import BaseModel

    if isinstance(value, type) and issubclass(value, BaseModel):
        return value
    raise SourceError(f"tool {tool!r}: {ref!r} is a {type(value).__name__}, not a pydantic "
                      "model class", location=ref, hint="an arguments model is a BaseModel class")


# -- observed output -----------------------------------------------------------------------------


def observe(tool: AgentTool, arguments: Mapping[str, Any]) -> dict[str, Any]:
    """Call the stub once and return a JSON Schema of what it actually returned.

    Objects list the keys present (all required); arrays merge their items; a result that is
    not an object is wrapped as ``{"result": ...}`` the way the SDK would send it.
    """
    from pydantic_core import to_jsonable_python

    if tool.call is None:
        raise SourceError(f"tool {tool.name!r}: cannot observe a tool with nothing to call",
                          location=f"observe.{tool.name}",
                          hint="observe needs an agent `source` of callables or tool objects")
    try:
        result = tool.call(arguments)
        if inspect.isawaitable(result):
            result = _run(result)
    except SourceError:
        raise
    except Exception as exc:  # the stub's own failure, reported by name
        raise SourceError(f"tool {tool.name!r}: the stub raised {type(exc).__name__}: {exc} "
                          "when called with the observe arguments",
                          location=f"observe.{tool.name}", hint=_OBSERVE_HINT) from None
    try:
        value = to_jsonable_python(result, by_alias=True)
    except Exception as exc:  # a result with no JSON form
        raise SourceError(f"tool {tool.name!r}: the stub returned a {type(result).__name__} "
                          f"that has no JSON form: {exc}", location=f"observe.{tool.name}",
                          hint="return JSON-like data or pydantic models") from None
    wrap = tool.wrap if tool.wrap is not None else not isinstance(value, dict)
    if wrap:
        value = {"result": value}
    return schema_of_value(value)


def _run(awaitable: Any) -> Any:
    async def wait() -> Any:
        return await awaitable

    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(wait())
    # called from inside an event loop (e.g. an async test): run the stub in its own loop
    box: dict[str, Any] = {}

    def target() -> None:
        try:
            box["value"] = asyncio.run(wait())
        except BaseException as exc:  # re-raised in the caller's thread
            box["error"] = exc

    thread = threading.Thread(target=target)
    thread.start()
    thread.join()
    if "error" in box:
        raise box["error"]
    return box["value"]


def schema_of_value(value: Any) -> dict[str, Any]:
    """A JSON Schema that describes exactly the shape of one JSON value."""
    if isinstance(value, dict):
        return {"type": "object", "required": sorted(value),
                "properties": {k: schema_of_value(value[k]) for k in sorted(value)}}
    if isinstance(value, list):
        if not value:
            return {"type": "array"}
        return {"type": "array", "items": _merge([schema_of_value(v) for v in value])}
    if value is None:
        return {"type": "null"}
    if isinstance(value, bool):
        return {"type": "boolean"}
    if isinstance(value, int):
        return {"type": "integer"}
    if isinstance(value, float):
        return {"type": "number"}
    return {"type": "string"}


def _merge(schemas: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """One schema for several array items: objects merge their keys (required where every
    item has the key); items of different types become an ``anyOf``."""
    from parity.fieldpaths.entry import canonical_value

    by_type: dict[str, list[dict[str, Any]]] = {}
    for s in schemas:
        by_type.setdefault(s["type"], []).append(s)
    merged: list[dict[str, Any]] = []
    for type_name in sorted(by_type):
        group = by_type[type_name]
        if type_name == "object":
            keys = sorted({k for s in group for k in s["properties"]})
            merged.append({
                "type": "object",
                "required": [k for k in keys if all(k in s["properties"] for s in group)],
                "properties": {k: _merge([s["properties"][k] for s in group
                                          if k in s["properties"]]) for k in keys}})
        elif type_name == "array":
            items = [s["items"] for s in group if "items" in s]
            merged.append({"type": "array", "items": _merge(items)} if items
                          else {"type": "array"})
        else:
            merged.append(group[0])
    if len(merged) == 1:
        return merged[0]
    return {"anyOf": sorted(merged, key=canonical_value)}


# -- the configured agent side ----------------------------------------------------------------


def load_agent(agent: AgentConfig, root: Path, *, server: str | None = None) -> AgentListing:
    """The definitions of a configured agent side, with observed outputs recorded.

    Arguments:
        agent: the pair's ``[agent]`` table.
        root: the configuration's folder: put on ``sys.path`` for imports, and the base of
            relative paths in the manifest's ``source``.
        server: the pair's server name, to match ``observe`` keys given as bare tool names.
    """
    if agent.kind == "tools_file":
        from parity.fieldpaths.tooldefs import read_tool_file

        assert agent.tools_file is not None
        _no_observe(agent, "tools_file")
        definitions = read_tool_file(agent.tools_file)
        return AgentListing(tuple(sorted(definitions, key=lambda d: d["name"])), frozenset(),
                            _relative(agent.tools_file, root))
    if agent.kind == "models":
        _no_observe(agent, "models")
        definitions = definitions_from_models(agent.models, root, key="agent.models")
        return AgentListing(tuple(definitions), frozenset(), "models")
    assert agent.source is not None
    tools = tools_from_object(resolve_ref(agent.source, root, key="agent.source"), agent.source)
    by_name = {t.name: t for t in tools}
    observed: set[str] = set()
    by_tool = {t.name: t.definition for t in tools}
    for key in sorted(agent.observe):
        name = _observed_name(key, by_name, agent.tool_id_form, server)
        schema = observe(by_name[name], agent.observe[key])
        by_tool[name] = {**by_tool[name], "outputSchema": schema}
        observed.add(name)
    return AgentListing(tuple(by_tool[n] for n in sorted(by_tool)),
                        frozenset(observed), agent.source)


def _observed_name(key: str, tools: Mapping[str, AgentTool], form: str,
                   server: str | None) -> str:
    if key in tools:
        return key
    # a bare tool name is accepted too, so TOML keys need no quoting
    from parity.fieldpaths.toolid import parse_form

    matches = [n for n in tools if parse_form(form).parse(n, server) == key]
    if len(matches) == 1:
        return matches[0]
    raise SourceError(f"observe names tool {key!r}, which the agent source does not define",
                      location=f"observe.{key}",
                      hint=f"agent tools: {', '.join(sorted(tools)) or 'none'}")


def _no_observe(agent: AgentConfig, kind: str) -> None:
    if agent.observe:
        raise SourceError(f"observe needs stubs to call, but the agent side is a {kind}",
                          location="agent.observe",
                          hint="use `source = \"module:attribute\"` for stubs, or drop observe")


def _relative(path: Path, root: Path) -> str:
    # manifests must not depend on where the repository is checked out
    try:
        return path.resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        return path.as_posix()


__all__ = ["AgentListing", "AgentTool", "definition_from_callable", "definition_from_tool_object",
           "definitions_from_models", "is_tool_object", "load_agent", "observe", "resolve_ref",
           "schema_of_value", "tools_from_object"]
