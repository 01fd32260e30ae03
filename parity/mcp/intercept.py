"""Interception of an ``mcp`` SDK ``ClientSession`` that a framework already holds: every
``tools/list`` and ``tools/call`` it sends goes through parity's hooks, whatever method the
framework called (``list_tools``, ``call_tool``, or ``send_request`` directly, as pydantic-ai's
``MCPServer`` does).

Both SDK generations send every request through the session's public
``send_request(request, result_type, ...)``; the interceptor replaces that method on the
*instance* (the class and other sessions are untouched) and:

- ``tools/list``: the result keeps only the tools ``Hooks.visible`` allows; the hook is
  given each tool as the framework would receive it (``ListedTools``), so it can compare
  what the framework is shown with what parity verified;
- ``tools/call``: ``Hooks.call(name, arguments, send)`` decides. ``send(timeout)`` performs
  the real request and returns the raw result dict (raising ``CallFailure`` for a failed
  call); the hook returns None to hand the SDK's own result object back unchanged, or a
  ``Refusal`` that becomes a ``CallToolResult`` with ``isError: true`` (for a call made as a
  task, whose answer is a task, the JSON-RPC error a server would answer, -32602).

parity's own requests through the same session (``SdkSession``, which asks for a raw result
type) pass untouched, so verification sees the server's real listing.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Collection, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

import anyio

from parity.mcp.sdk import SDK_MAJOR
from parity.mcp.sdk_session import _raw_result_type, _sdk_failure
from parity.mcp.spec import CallFailure

#: the attribute marking an intercepted session (its value: the current hooks)
MARK = "__parity_hooks__"


@dataclass(frozen=True)
class Refusal:
    """A call that must reach the framework as an error result: ``text`` first, then the
    server's own content blocks when ``keep_content`` (a partial result)."""

    text: str
    keep_content: bool = False


@dataclass(frozen=True)
class ListedTools:
    """One ``tools/list`` answer as the framework is about to receive it."""

    #: (name, definition) per listed tool, in order: the SDK's tool model as the framework
    #: receives it, dumped to JSON (duplicates kept: each is checked)
    tools: tuple[tuple[str, dict[str, Any]], ...]
    #: the SDK's tool model class (None: nothing listed)
    model: Any = None

    def render(self, definition: Mapping[str, Any]) -> dict[str, Any] | None:
        """``definition`` (raw wire JSON) as the framework would receive it: read by the same
        SDK model and dumped the same way, so what the SDK adds or drops is the same on both
        sides of a comparison. None when the SDK refuses it."""
        if self.model is None:
            return None
        try:
            return _dump_tool(self.model.model_validate(dict(definition)))
        except Exception:  # the SDK refuses it: nothing to compare with, never equal
            return None


def _dump_tool(tool: Any) -> dict[str, Any]:
    # exclude_unset: what the wire carried (explicit nulls too), no model defaults
    dumped: dict[str, Any] = tool.model_dump(by_alias=True, mode="json", exclude_unset=True)
    return dumped


class Hooks(Protocol):
    """What an intercepted session asks parity."""

    async def visible(self, listed: ListedTools) -> Collection[str]:
        """The names of the listed tools the framework may see."""

    async def call(self, name: str, arguments: dict[str, Any],
                   send: Callable[[float], Awaitable[dict[str, Any]]], *,
                   as_task: bool = False) -> Refusal | None:
        """Guard one call (``as_task``: the framework's request is task-augmented): None
        passes the server's result on unchanged."""


def _method_and_params(request: Any) -> tuple[str | None, Any]:
    root = getattr(request, "root", request)  # 1.x wraps requests in a ClientRequest
    method = getattr(root, "method", None)
    return (method if isinstance(method, str) else None), getattr(root, "params", None)


#: JSON-RPC's "invalid params": a refused call made as a task is answered with it
INVALID_PARAMS = -32602


def _jsonrpc_error(code: int, message: str) -> Exception:
    """The SDK's exception for a JSON-RPC error answer, as a server's refusal raises it."""
    if SDK_MAJOR >= 2:
        from mcp.shared.exceptions import MCPError  # type: ignore[attr-defined,unused-ignore]

        return MCPError(code, message)  # type: ignore[no-any-return,unused-ignore]
    from mcp.shared.exceptions import McpError  # type: ignore[attr-defined,unused-ignore]
    from mcp.types import ErrorData

    return McpError(ErrorData(code=code, message=message))  # type: ignore[no-any-return,unused-ignore]


def _validate(result_type: Any, data: dict[str, Any]) -> Any:
    if hasattr(result_type, "model_validate"):
        return result_type.model_validate(data)
    return result_type.validate_python(data)  # a TypeAdapter (2.x call_tool's union)


def error_result(result_type: Any, refusal: Refusal, original: Any = None) -> Any:
    """A ``CallToolResult`` of the caller's result type with ``isError: true``."""
    content: list[Any] = [{"type": "text", "text": refusal.text}]
    if refusal.keep_content and original is not None:
        content.extend(_dump(original).get("content") or [])
    return _validate(result_type, {"content": content, "isError": True})


def _dump(model: Any) -> dict[str, Any]:
    dumped: dict[str, Any] = model.model_dump(by_alias=True, mode="json", exclude_none=True)
    return dumped


def _is_call_result(result: Any) -> bool:
    # 2.x call_tool may ask for an input-required or claimed result: those are steps of a
    # call, not its result, and pass through (the final result comes through here again)
    return type(result).__name__ == "CallToolResult"


def intercept(session: Any, hooks: Hooks, *, secrets: tuple[str, ...] = ()) -> None:
    """Route the session's ``tools/list`` and ``tools/call`` through ``hooks`` (again: the
    hooks are replaced). Raises ``TypeError`` for an object without ``send_request``."""
    current = getattr(session, MARK, None)
    if current is not None:
        setattr(session, MARK, hooks)
        return
    original = getattr(session, "send_request", None)
    if not callable(original):
        raise TypeError(f"cannot intercept a {type(session).__name__}: it has no send_request "
                        "(an mcp ClientSession has)")
    raw_type = _raw_result_type()
    setattr(session, MARK, hooks)

    async def send_request(request: Any, result_type: Any, *args: Any, **kw: Any) -> Any:
        method, params = _method_and_params(request)
        active: Hooks = getattr(session, MARK)
        if result_type is raw_type or method not in ("tools/list", "tools/call"):
            return await original(request, result_type, *args, **kw)
        if method == "tools/list":
            result = await original(request, result_type, *args, **kw)
            tools = list(getattr(result, "tools", None) or [])
            listed = ListedTools(tuple((t.name, _dump_tool(t)) for t in tools),
                                 type(tools[0]) if tools else None)
            keep = set(await active.visible(listed))
            return result.model_copy(update={"tools": [t for t in tools if t.name in keep]})
        name = str(getattr(params, "name", ""))
        arguments = dict(getattr(params, "arguments", None) or {})
        kept: list[Any] = []

        async def send(timeout: float) -> dict[str, Any]:
            try:
                with anyio.fail_after(timeout):
                    result = await original(request, result_type, *args, **kw)
            except TimeoutError:
                raise CallFailure("timeout", f"no answer to tools/call within {timeout:.3g}s",
                                  sent=True) from None
            except Exception as exc:
                failure = _sdk_failure(exc, "tools/call", secrets)
                if failure is None:
                    raise
                raise failure from exc
            kept.append(result)
            if _is_call_result(result) or type(result).__name__ == "InputRequiredResult":
                return _dump(result)  # (the guard names an input-required step as such)
            return {"content": []}

        # a task-augmented call (MCP 2025-11-25) names its task in the request's params
        as_task = getattr(params, "task", None) is not None
        refusal = await active.call(name, arguments, send, as_task=as_task)
        if kept and not _is_call_result(kept[0]):
            return kept[0]
        if refusal is None and kept:
            return kept[0]
        if refusal is None:  # a hook that passes a call it never sent: refuse, never succeed
            refusal = Refusal("local_failure: retry never: the call was not sent")
        if as_task:  # its answer would be a task, which cannot say "error": as a server would
            raise _jsonrpc_error(INVALID_PARAMS, refusal.text)
        return error_result(result_type, refusal, kept[0] if kept else None)

    session.send_request = send_request


def intercepted(session: Any) -> bool:
    """Whether ``intercept`` was applied to this session."""
    return getattr(session, MARK, None) is not None


__all__ = ["MARK", "Hooks", "ListedTools", "Refusal", "error_result", "intercept", "intercepted"]
