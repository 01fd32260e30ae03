"""Agent-side tools from Python: stub callables and ``StructuredTool``-like objects.

A callable's schemas are the ones the MCP SDK publishes for the same function: parity asks the
SDK itself (``parity.mcp.metadata.function_schemas``), so a stub and a server written from the
same function agree byte for byte. See ``parity.sources.agent`` for the accepted shapes.
"""

from __future__ import annotations

import inspect
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from parity.errors import SourceError
from parity.fieldpaths.set_defaults import sorted_set_defaults

if TYPE_CHECKING:
    from parity.mcp.metadata import FunctionSchemas

OBSERVE_HINT = "fix the example arguments under observe, or the stub itself"


def attribute(obj: Any, name: str, where: str) -> Any:
    """``obj.name`` (``None`` where it has none). What reading it raises (a property, a
    ``__getattr__``) is the tool object's error, said with ``where`` and the attribute."""
    try:
        return getattr(obj, name, None)
    except Exception as exc:
        said = f": {exc}" if str(exc) else ""
        raise SourceError(f"reading the tool object's attribute {name!r} raised "
                          f"{type(exc).__name__}{said}", location=where,
                          hint="fix that attribute of the tool object (a property or "
                               "__getattr__ that raises)") from None


@dataclass(frozen=True)
class AgentTool:
    """One agent-side tool: its raw definition, and how to call it (``None``: not callable)."""

    name: str
    definition: dict[str, Any]
    #: Calls the stub with a JSON arguments object and returns its raw result.
    call: Callable[[Mapping[str, Any]], Any] | None = field(default=None, compare=False)
    #: Whether a non-object result is wrapped as ``{"result": ...}`` (``None``: decide by value).
    wrap: bool | None = None


# -- callables -------------------------------------------------------------------------------


def definition_from_callable(fn: Callable[..., Any], name: str | None = None,
                             description: str | None = None) -> dict[str, Any]:
    """A tool definition for ``fn``, built the way the MCP SDK's ``FastMCP`` builds one."""
    return callable_tool(fn, name, description).definition


def callable_tool(fn: Callable[..., Any], name: str | None,
                  description: str | None, where: str | None = None) -> AgentTool:
    """The ``AgentTool`` of a stub callable (named ``name``, else by its ``__name__``;
    ``where``: its place in the source, for errors)."""
    place = where or name or repr(fn)
    fn_name = attribute(fn, "__name__", place)
    tool_name = name or fn_name
    if not isinstance(tool_name, str) or not tool_name or tool_name == "<lambda>":
        raise SourceError(f"cannot name the tool {fn!r}", location=where,
                          hint="give it a name: put it in a dict keyed by tool name")
    if not isinstance(fn_name, str):
        # the SDK names the arguments model after the function: a functools.partial or a
        # callable instance has no name of its own, and the SDK cannot describe it
        raise SourceError(f"tool {tool_name!r}: a {type(fn).__name__} object has no __name__, "
                          "which the MCP SDK needs to describe a function", location=where,
                          hint="wrap it in a def with the tool's parameters (or give it a "
                               "__name__, e.g. with functools.update_wrapper)")
    schemas = _function_schemas(fn, tool_name)
    doc = description if description is not None else (attribute(fn, "__doc__", place) or "")
    definition: dict[str, Any] = {"name": tool_name, "description": doc,
                                  "inputSchema": schemas.input_schema}
    if schemas.output_schema is not None:
        definition["outputSchema"] = schemas.output_schema

    def call(arguments: Mapping[str, Any]) -> Any:
        kwargs = _validated_kwargs(schemas.arguments, arguments, tool_name)
        if schemas.context_kwarg is not None:
            # no session to give it: a stub that only accepts the SDK's Context can be
            # observed, one that uses it raises, said as the stub's error
            kwargs[schemas.context_kwarg] = None
        return fn(**kwargs)

    return AgentTool(tool_name, definition, call,
                     schemas.wrap_output if schemas.output_schema is not None else None)


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
    except Exception as exc:  # a string annotation that raises when evaluated: the stub's
        raise SourceError(f"tool {tool!r}: evaluating the annotations of {fn!r} raised "
                          f"{type(exc).__name__}: {exc}",
                          hint="fix the annotations of the stub's signature") from None


def _function_schemas(fn: Callable[..., Any], tool: str) -> FunctionSchemas:
    """The schemas the SDK publishes for ``fn`` (``parity.mcp.metadata``), with parity's own
    refusals first: a signature that cannot be read, and ``*args``/``**kwargs``."""
    from parity.mcp.metadata import function_schemas

    for param in _signature(fn, tool).parameters.values():
        if param.kind in (param.VAR_POSITIONAL, param.VAR_KEYWORD):
            raise SourceError(f"tool {tool!r}: parameter {param.name!r} is *args/**kwargs, "
                              "which no JSON Schema can describe",
                              hint="declare each argument as a named parameter")
        if param.name.startswith("_"):
            raise SourceError(f"tool {tool!r}: parameter {param.name!r} starts with '_'",
                              hint="the MCP SDK refuses such parameters too; rename it")
    try:
        schemas = function_schemas(fn)
    except ValueError as exc:
        raise SourceError(f"tool {tool!r}: the MCP SDK cannot describe {_fn_name(fn)!r}: {exc}",
                          hint="use types pydantic understands in the stub's signature") from None
    out = schemas.output_schema
    return replace(schemas, input_schema=sorted_set_defaults(schemas.input_schema),
                   output_schema=None if out is None else sorted_set_defaults(out))


def output_schema(annotation: Any, fn_name: str, tool: str) -> tuple[dict[str, Any] | None, bool]:
    """The output schema of a return annotation and whether results are wrapped, as the SDK
    decides them for a function named ``fn_name`` (``None``: no structured output)."""
    if annotation is inspect.Signature.empty:
        return None, False
    from parity.mcp.metadata import returning

    schemas = _function_schemas(returning(annotation, fn_name), tool)
    return schemas.output_schema, schemas.wrap_output


def model_schema(model: Any, tool: str) -> dict[str, Any]:
    """An arguments model's JSON Schema, as a server publishes it (``by_alias``)."""
    try:
        schema: dict[str, Any] = model.model_json_schema(by_alias=True)
    except Exception as exc:  # pydantic's many schema errors, one message
        raise SourceError(f"tool {tool!r}: cannot describe its arguments as JSON Schema: "
                          f"{type(exc).__name__}: {exc}",
                          hint="use JSON-serializable types (models, str, int, lists...)") from None
    fixed: dict[str, Any] = sorted_set_defaults(schema)  # the same manifest every run
    return fixed


def _validated_kwargs(model: Any, arguments: Mapping[str, Any], tool: str) -> dict[str, Any]:
    from pydantic import ValidationError

    try:
        validated = model.model_validate(dict(arguments))
    except ValidationError as exc:
        raise SourceError(f"tool {tool!r}: the example arguments do not fit its arguments "
                          f"model: {_errors(exc)}", location=f"observe.{tool}",
                          hint=OBSERVE_HINT) from None
    # one level deep, as the SDK calls tools: nested models stay models
    return {(f.alias or n): getattr(validated, n) for n, f in type(validated).model_fields.items()}


def _errors(exc: Any) -> str:
    parts = []
    for error in exc.errors(include_url=False):
        loc = ".".join(str(x) for x in error.get("loc", ())) or "(root)"
        parts.append(f"{loc}: {error.get('msg')}")
    return "; ".join(parts)


# -- StructuredTool-like objects --------------------------------------------------------------


def is_tool_object(value: Any, where: str | None = None) -> bool:
    """Whether ``value`` is shaped like LangChain's ``StructuredTool`` (duck-typed); an
    attribute that raises when read is a ``SourceError`` naming it and ``where``."""
    if isinstance(value, type):
        return False
    place = where or repr(value)
    if not isinstance(attribute(value, "name", place), str):
        return False
    missing = object()
    try:
        return getattr(value, "args_schema", missing) is not missing
    except Exception:
        attribute(value, "args_schema", place)  # raises again: said by name
        raise


def definition_from_tool_object(obj: Any, name: str | None = None) -> dict[str, Any]:
    """A tool definition for a ``StructuredTool``-like object (``name``, ``description``,
    ``args_schema``: a pydantic model class or a JSON Schema dict)."""
    return object_tool(obj, name).definition


#: the most values of a dict ``args_schema`` checked (the walks bound the rest)
_MAX_CHECKED = 100_000


def _json_data(schema: dict[Any, Any], tool: str, place: str) -> None:
    """Refuse a dict ``args_schema`` that is no JSON (a key that is no string, a value such
    as ``bytes``, a set or ``NaN``, a part that holds itself), naming the tool and where,
    as a JSON pointer: it is sent as JSON, and parity reads it as JSON."""
    from parity.fieldpaths.pointers import escape_token

    todo: list[tuple[Any, str, frozenset[int]]] = [(schema, "#", frozenset())]
    checked = 0
    while todo and checked < _MAX_CHECKED:
        value, at, above = todo.pop()
        checked += 1
        problem = None
        if isinstance(value, dict):
            keys = [k for k in value if not isinstance(k, str)]
            if keys:
                problem = f"the key {keys[0]!r} ({type(keys[0]).__name__}): JSON keys are strings"
            elif id(value) in above:
                problem = "it holds itself"
            else:
                inner = above | {id(value)}
                todo.extend((v, f"{at}/{escape_token(k)}", inner) for k, v in value.items())
        elif isinstance(value, (list, tuple)):  # a tuple is sent as an array
            if id(value) in above:
                problem = "it holds itself"
            else:
                inner = above | {id(value)}
                todo.extend((v, f"{at}/{i}", inner) for i, v in enumerate(value))
        elif isinstance(value, float) and not math.isfinite(value):
            problem = f"{value!r} is no JSON number"
        elif value is not None and not isinstance(value, (str, int, float)):
            problem = f"a {type(value).__name__} is no JSON value"
        if problem is not None:
            raise SourceError(f"tool {tool!r}: its args_schema at {at}: {problem}",
                              location=place,
                              hint="give args_schema as JSON data (str keys; strings, numbers, "
                                   "booleans, null, lists and dicts), or a pydantic model")


def object_tool(obj: Any, name: str | None, where: str | None = None) -> AgentTool:
    """The ``AgentTool`` of a ``StructuredTool``-like object (named ``name``, else ``obj.name``;
    ``where``: its place in the source, for errors)."""
    from pydantic import BaseModel

    place = where or name or repr(obj)
    tool_name = name or attribute(obj, "name", place)
    if not isinstance(tool_name, str) or not tool_name.strip():
        raise SourceError(f"the tool object's name is {tool_name!r}", location=place,
                          hint="give the tool a name (or key it by name in a dict)")
    fn = attribute(obj, "func", place) or attribute(obj, "coroutine", place)
    fn = fn if callable(fn) else None
    args_schema = attribute(obj, "args_schema", place)
    model: Any = None
    if isinstance(args_schema, type) and issubclass(args_schema, BaseModel):
        model = args_schema
        in_schema = model_schema(model, tool_name)
    elif isinstance(args_schema, dict):
        _json_data(args_schema, tool_name, place)
        in_schema = args_schema
    elif args_schema is None and fn is not None:
        # LangChain infers the schema from the function when none is given
        model = _function_schemas(fn, tool_name).arguments
        in_schema = model_schema(model, tool_name)
    else:
        raise SourceError(f"tool {tool_name!r}: args_schema is {type(args_schema).__name__}, "
                          "not a pydantic model class or a JSON Schema dict",
                          hint="give the tool an args_schema model")
    description = attribute(obj, "description", place)
    definition: dict[str, Any] = {
        "name": tool_name, "description": description if isinstance(description, str) else "",
        "inputSchema": in_schema}
    # StructuredTool carries no output schema; its function's return annotation is the promise
    out_schema, wrap = (None, False)
    if fn is not None:
        out_schema, wrap = output_schema(_signature(fn, tool_name).return_annotation,
                                          _fn_name(fn), tool_name)
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


