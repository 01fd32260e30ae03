"""Which MCP SDK generation is installed, and the few facts about it both halves of the seam need.

Nothing here imports ``mcp`` at module level: importing parity must stay cheap.
"""

from __future__ import annotations

from typing import Any

from parity.errors import SourceError


def _sdk_major() -> int:
    # read from the distribution metadata: importing mcp here would cost every import of parity
    from importlib.metadata import PackageNotFoundError, version

    try:
        return int(version("mcp").split(".")[0])
    except (PackageNotFoundError, ValueError):  # pragma: no cover - mcp is a dependency
        return 1


#: The major version of the installed MCP SDK: 1 or 2.
SDK_MAJOR: int = _sdk_major()


def handshake_version() -> str:
    """The protocol version parity offers in ``initialize``: the SDK's latest."""
    if SDK_MAJOR >= 2:
        from mcp_types.version import LATEST_HANDSHAKE_VERSION

        return str(LATEST_HANDSHAKE_VERSION)
    from mcp.types import LATEST_PROTOCOL_VERSION

    return str(LATEST_PROTOCOL_VERSION)


def default_environment() -> dict[str, str]:
    """The environment the SDK's ``stdio_client`` starts a server in, before the server's
    own ``env`` is laid over it: ``get_default_environment()`` (``PATH``, ``HOME``,
    ``USER``, ``SHELL``, ``TERM``, ``LOGNAME`` on POSIX; 1.x and 2.x alike), never the whole
    of parity's environment, whose tokens belong to other servers and to CI."""
    from mcp.client.stdio import get_default_environment

    env: dict[str, str] = get_default_environment()
    return env


def coerce_request_id(value: str) -> int | str:
    """A response's string id as the SDK correlates it: a stringified integer (``"7"``) is
    the integer, as the TypeScript SDK has it (2.x: ``coerce_request_id``; 1.x:
    ``BaseSession._normalize_request_id``, which logs a warning for any other string, so
    its rule is applied here: ``int`` when it reads)."""
    if SDK_MAJOR >= 2:
        from mcp.shared.dispatcher import coerce_request_id as coerce

        coerced: int | str = coerce(value)
        return coerced
    try:
        return int(value)
    except ValueError:
        return value


_DEPTH: list[int] = []


def json_depth_limit() -> int:
    """The deepest nesting the SDK's JSON parser reads: pydantic's (jiter), with which both
    generations read every message (``model_validate_json``, ``validate_json``); 200 levels
    in pydantic-core 2. Measured once, on the parser itself, so it follows the dependency."""
    if not _DEPTH:
        from pydantic_core import from_json

        def reads(depth: int) -> bool:
            try:
                from_json(b"[" * depth + b"0" + b"]" * depth)  # (an empty one: a level more)
            except ValueError:
                return False
            return True

        low, high = 1, 1 << 16  # reads ``low``, not ``high`` (or reads everything to it)
        if reads(high):
            low = high
        while high - low > 1:
            middle = (low + high) // 2
            low, high = (middle, high) if reads(middle) else (low, middle)
        _DEPTH.append(low)
    return _DEPTH[0]


def http_module() -> Any:
    """The HTTP client module the installed SDK itself depends on."""
    # the HTTP client the installed SDK itself depends on: httpx (1.x) or its fork httpx2 (2.x)
    names = ("httpx2", "httpx") if SDK_MAJOR >= 2 else ("httpx", "httpx2")
    for name in names:
        try:
            return __import__(name)
        except ImportError:
            continue
    raise SourceError("no HTTP client installed (need httpx or httpx2)",
                      hint="reinstall the mcp SDK")  # pragma: no cover
