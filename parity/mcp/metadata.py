"""Tool schemas from Python functions, by the SDK's own ``func_metadata``.

A stub and a server written from the same function must publish the same schemas byte for
byte, so the agent side calls exactly the code FastMCP (1.x) and MCPServer (2.x) call in
``Tool.from_function``: the arguments model (``<function>Arguments`` on the SDK's
``ArgModelBase``), its JSON Schema ``by_alias``, and the output schema and wrapping the SDK
decides from the return annotation (``None`` when the server would publish none). The
parameters the SDK fills itself are skipped as ``Tool.from_function`` skips them: the
``Context`` it injects, and (2.x) those ``Resolve(...)`` resolves.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from parity.mcp.sdk import SDK_MAJOR


@dataclass(frozen=True)
class FunctionSchemas:
    """What an SDK server publishes for a tool function."""

    #: the SDK's arguments model (validates a call's arguments as the server would)
    arguments: type[Any]
    input_schema: dict[str, Any]
    #: ``None``: the server publishes no output schema
    output_schema: dict[str, Any] | None
    #: whether results are sent wrapped as ``{"result": ...}``
    wrap_output: bool
    #: the parameter the SDK injects its ``Context`` into (``None``: none)
    context_kwarg: str | None = None

    def kwargs(self, arguments: Mapping[str, Any]) -> dict[str, Any]:
        """``arguments`` validated by the arguments model, one level deep, as the SDK calls a
        tool (nested models stay models). Raises pydantic's ``ValidationError``."""
        validated = self.arguments.model_validate(dict(arguments))
        kwargs: dict[str, Any] = validated.model_dump_one_level()
        return kwargs


def _func_metadata() -> Callable[..., Any]:
    if SDK_MAJOR >= 2:
        from mcp.server.mcpserver.utilities.func_metadata import func_metadata
    else:
        from mcp.server.fastmcp.utilities.func_metadata import (  # type: ignore[no-redef,import-not-found,unused-ignore]
            func_metadata,
        )
    return func_metadata  # type: ignore[no-any-return,unused-ignore]


def _filled_by_sdk(fn: Callable[..., Any]) -> tuple[str | None, list[str]]:
    """The parameter the SDK injects its ``Context`` into, and every parameter it fills
    itself, found as ``Tool.from_function`` finds them (its ``skip_names``)."""
    if SDK_MAJOR >= 2:
        from mcp.server.mcpserver.utilities.context_injection import find_context_parameter
    else:
        from mcp.server.fastmcp.utilities.context_injection import (  # type: ignore[no-redef,import-not-found,unused-ignore]
            find_context_parameter,
        )
    context_kwarg: str | None = find_context_parameter(fn)
    skip = [context_kwarg] if context_kwarg is not None else []
    if SDK_MAJOR >= 2:
        try:
            from mcp.server.mcpserver.resolve import find_resolved_parameters
        except ImportError:  # a 2.x before Resolve(...)
            pass
        else:
            skip.extend(find_resolved_parameters(fn))
    return context_kwarg, skip


def function_schemas(fn: Callable[..., Any]) -> FunctionSchemas:
    """The schemas the installed SDK publishes for ``fn`` as a tool. Raises ``ValueError``
    (the SDK's ``InvalidSignature``, or pydantic refusing a type) with the SDK's reason."""
    try:
        context_kwarg, skip_names = _filled_by_sdk(fn)
        meta = _func_metadata()(fn, skip_names=skip_names)
        input_schema: dict[str, Any] = meta.arg_model.model_json_schema(by_alias=True)
    except Exception as exc:  # InvalidSignature, pydantic's schema errors: one kind for callers
        raise ValueError(f"{type(exc).__name__}: {exc}") from None
    return FunctionSchemas(meta.arg_model, input_schema, meta.output_schema,
                           bool(meta.wrap_output), context_kwarg)


def returning(annotation: Any, name: str) -> Callable[..., Any]:
    """A function named ``name`` that takes nothing and returns ``annotation``: how a result
    type alone (a ``models`` source's ``out``) is described the way a tool's return is."""
    def result() -> Any:
        raise NotImplementedError  # only its signature is read

    result.__name__ = result.__qualname__ = name
    result.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
        return_annotation=annotation)
    return result


def call_result(value: Any) -> tuple[dict[str, Any] | None, bool] | None:
    """Where ``value`` is the SDK's ``CallToolResult`` (a tool function may return one, and
    the SDK sends it as it is): its structured content (``None``: none) and whether it is
    an error result; ``None`` for any other value."""
    if type(value).__name__ != "CallToolResult":  # cheap: most results are plain data
        return None
    from mcp.types import CallToolResult

    if not isinstance(value, CallToolResult):
        return None
    sent: dict[str, Any] = value.model_dump(by_alias=True, mode="json", exclude_none=True)
    structured = sent.get("structuredContent")
    return (structured if isinstance(structured, dict) else None), bool(sent.get("isError"))
