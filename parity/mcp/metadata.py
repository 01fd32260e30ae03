"""Tool schemas from Python functions, by the SDK's own ``func_metadata``.

A stub and a server written from the same function must publish the same schemas byte for
byte, so the agent side calls exactly the code FastMCP (1.x) and MCPServer (2.x) call in
``Tool.from_function``: the arguments model (``<function>Arguments`` on the SDK's
``ArgModelBase``), its JSON Schema ``by_alias``, and the output schema and wrapping the SDK
decides from the return annotation (``None`` when the server would publish none).
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


def function_schemas(fn: Callable[..., Any]) -> FunctionSchemas:
    """The schemas the installed SDK publishes for ``fn`` as a tool. Raises ``ValueError``
    (the SDK's ``InvalidSignature``, or pydantic refusing a type) with the SDK's reason."""
    try:
        meta = _func_metadata()(fn)
        input_schema: dict[str, Any] = meta.arg_model.model_json_schema(by_alias=True)
    except Exception as exc:  # InvalidSignature, pydantic's schema errors: one kind for callers
        raise ValueError(f"{type(exc).__name__}: {exc}") from None
    return FunctionSchemas(meta.arg_model, input_schema, meta.output_schema,
                           bool(meta.wrap_output))


def returning(annotation: Any, name: str) -> Callable[..., Any]:
    """A function named ``name`` that takes nothing and returns ``annotation``: how a result
    type alone (a ``models`` source's ``out``) is described the way a tool's return is."""
    def result() -> Any:
        raise NotImplementedError  # only its signature is read

    result.__name__ = result.__qualname__ = name
    result.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
        return_annotation=annotation)
    return result
