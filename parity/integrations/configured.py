"""The secrets a framework object was configured with: the credentials in the headers, the
environment and the URL it connects with, wherever the framework keeps them.

``protect`` redacts them as the CLI redacts a configured server's (``parity.core.redact``):
a server echoing the ``Authorization`` it received into a tool's description would
otherwise have the token printed in the drift explanation, the log and the refusal the
model reads. Each framework keeps its connection elsewhere (openai-agents a ``params``
dict, fastmcp its transport's ``headers``, google-adk ``_connection_params``, strands the
closure or the module globals of a transport factory), so the object is walked, breadth
first and bounded, for attributes, keys, closure variables and data globals so named; a
framework that moves them loses the redaction, never the protection.
"""

from __future__ import annotations

import functools
import types
from collections import deque
from collections.abc import Iterator, Mapping
from typing import Any

from parity.core.redact import MIN_LENGTH, credential_name, secret_values, url_secrets
from parity.core.secrets import credential_header

#: how many objects the walk reads at most, and how deep: a framework's connection is a
#: few attributes down; what lies further (sessions, caches) holds none
MAX_OBJECTS = 2000
MAX_DEPTH = 5
#: what the walk never enters: code and the interpreter's own objects
_OPAQUE = (type, types.ModuleType, types.CodeType, types.FrameType, types.CoroutineType,
           types.GeneratorType, types.AsyncGeneratorType, str, bytes, bytearray, memoryview)
#: what a factory's globals hold that is code, not its connection's data
_CODE = (type, types.ModuleType, types.FunctionType, types.BuiltinFunctionType,
         types.MethodType, functools.partial)


def configured_secrets(target: Any) -> tuple[str, ...]:
    """The credentials ``target`` holds: the values of its headers named as credentials
    (``Authorization``, ``Cookie``, ``X-Api-Key``...), of its environment variables so
    named (``OPENAI_API_KEY``), and those written into its URLs (``url_secrets``)."""
    found: list[str] = []
    seen: set[int] = set()
    queue: deque[tuple[Any, int]] = deque([(target, 0)])
    while queue and len(seen) < MAX_OBJECTS:
        value, depth = queue.popleft()
        if id(value) in seen or isinstance(value, _OPAQUE) or value is None:
            continue
        seen.add(id(value))
        for name, item in _named(value):
            found += _secrets_of(name, item)
            if depth < MAX_DEPTH and item is not None and not isinstance(item, _OPAQUE):
                queue.append((item, depth + 1))
    return tuple(dict.fromkeys(v for v in found if len(v) >= MIN_LENGTH))


def _named(value: Any) -> Iterator[tuple[str, Any]]:
    """``value``'s parts with the name each goes by ("" for an item of a list)."""
    try:
        if isinstance(value, Mapping):
            items = [(str(k), v) for k, v in list(value.items())[:MAX_OBJECTS]]
        elif isinstance(value, (list, tuple, set, frozenset)):
            items = [("", v) for v in list(value)[:MAX_OBJECTS]]
        elif isinstance(value, functools.partial):
            items = [("", value.func), *(("", a) for a in value.args),
                     *value.keywords.items()]
        elif isinstance(value, types.FunctionType):  # a transport factory
            cells = value.__closure__ or ()
            names = value.__code__.co_freevars
            items = [(n, c.cell_contents) for n, c in zip(names, cells, strict=False)
                     if _filled(c)]
            items += _globals_read(value)
        else:
            attributes = getattr(value, "__dict__", None)
            items = list(attributes.items()) if isinstance(attributes, dict) else []
    except Exception:  # a framework's own mapping refusing to be read: nothing to find
        return iter(())
    return iter(items)


def _globals_read(function: types.FunctionType) -> list[tuple[str, Any]]:
    """The module globals ``function``'s own code names that hold data, not code: a factory
    written at module level, ``lambda: streamablehttp_client(URL, headers=HEADERS)``, reads
    its URL and headers there, not from a closure."""
    space = function.__globals__
    return [(n, space[n]) for n in function.__code__.co_names[:MAX_OBJECTS]
            if n in space and not isinstance(space[n], _CODE)]


def _filled(cell: types.CellType) -> bool:
    try:
        cell.cell_contents  # noqa: B018 (an empty cell raises)
    except ValueError:
        return False
    return True


def _secrets_of(name: str, value: Any) -> list[str]:
    key = name.lower().lstrip("_")
    if "header" in key and isinstance(value, Mapping):
        headers = {str(k): v for k, v in value.items() if isinstance(v, str)
                   and credential_header(str(k))}
        return list(secret_values(headers=headers))
    if key in ("env", "environ", "environment") and isinstance(value, Mapping):
        return [v for k, v in value.items() if isinstance(v, str) and credential_name(str(k))]
    if "url" in key and isinstance(value, str):
        return url_secrets(value)
    return []


__all__ = ["configured_secrets"]
