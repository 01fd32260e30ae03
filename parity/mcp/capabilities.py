"""Client capabilities: what a client declares in ``initialize`` decides, on some servers,
which tools it is shown (``@modelcontextprotocol/server-everything`` lists
``get-roots-list`` only to a client that declares ``roots``). A lock records the
capabilities its listing was made under, and parity's own session declares exactly those.

The default is what the ``mcp`` SDK's default ``ClientSession`` declares: nothing. Each name
below is declared the way the SDK declares it when the matching callback is given.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from parity.errors import ConfigError

#: capability name -> its declaration in ``initialize`` (as the SDK writes it)
CAPABILITIES: dict[str, dict[str, Any]] = {
    "elicitation": {"form": {}, "url": {}},
    "roots": {"listChanged": True},
    "sampling": {},
}

#: the SDK's default callbacks, per capability: a session whose callback is still the
#: default does not declare the capability (both SDK generations decide so in
#: ``ClientSession``; the names are private to ``mcp.client.session``)
_DEFAULT_CALLBACKS: dict[str, tuple[str, str]] = {
    "elicitation": ("_elicitation_callback", "_default_elicitation_callback"),
    "roots": ("_list_roots_callback", "_default_list_roots_callback"),
    "sampling": ("_sampling_callback", "_default_sampling_callback"),
}


def parse_capabilities(text: str | Iterable[str] | None) -> tuple[str, ...]:
    """``"roots,sampling"`` (or a list of names) as a sorted tuple; ``ConfigError`` for an
    unknown name."""
    if text is None:
        return ()
    words = text.split(",") if isinstance(text, str) else list(text)
    names = sorted({w.strip() for w in words if w.strip()})
    unknown = [n for n in names if n not in CAPABILITIES]
    if unknown:
        raise ConfigError(f"unknown client capability {', '.join(map(repr, unknown))}",
                          hint=f"choose from {', '.join(CAPABILITIES)} (comma separated)")
    return tuple(names)


def declare(names: Iterable[str]) -> dict[str, Any]:
    """The ``capabilities`` object of ``initialize`` for these capability names."""
    return {name: dict(CAPABILITIES[name]) for name in sorted(set(names))}


def declared_capabilities(session: Any) -> tuple[str, ...] | None:
    """The capabilities an ``mcp`` ``ClientSession`` declares (or declared) in ``initialize``,
    read from the callbacks it was built with; None when that cannot be told (another
    SDK version keeps them elsewhere)."""
    try:
        import mcp.client.session as sdk_session
    except ImportError:  # pragma: no cover - mcp is a dependency
        return None
    names: list[str] = []
    for name, (attribute, default_name) in _DEFAULT_CALLBACKS.items():
        default = getattr(sdk_session, default_name, None)
        if default is None or not hasattr(session, attribute):
            return None
        if getattr(session, attribute) is not default:
            names.append(name)
    return tuple(sorted(names))


def describe(names: Iterable[str] | None) -> str:
    """``roots, sampling``, ``none`` or ``not recorded``, for messages."""
    if names is None:
        return "not recorded"
    listed = sorted(names)
    return ", ".join(listed) if listed else "none"


__all__ = ["CAPABILITIES", "declare", "declared_capabilities", "describe",
           "parse_capabilities"]
