"""The target-kind unit (``TargetKind``) and what kinds share for detection."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine, Mapping
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass, field
from typing import Any

from parity.errors import ParityError


@dataclass(frozen=True)
class TargetKind:
    """One kind of target ``protect`` accepts."""

    name: str
    #: what the target is, for messages and docs
    describes: str
    #: whether an object is of this kind (imports nothing the program has not imported)
    detect: Callable[[Any], bool]
    #: the entered ``mcp`` ``ClientSession`` behind the target (``ParityError`` if none)
    session_of: Callable[[Any], Any]
    #: for a framework that opens its sessions itself: a scope holding one open session
    #: while ``protect`` verifies it (used instead of ``session_of``; google-adk's stays open
    #: in its pool after the scope, llama-index's closes, as each of its calls opens its own)
    session_scope: Callable[[Any], AbstractAsyncContextManager[Any]] | None = None
    #: the event loop the session lives on, where the framework runs it on a loop of its own
    #: (strands, mcpadapt: a background thread's; ``None``: the caller's); ``protect``
    #: verifies it there
    session_loop: Callable[[Any], asyncio.AbstractEventLoop | None] | None = None
    #: for a client of several servers: the one to protect, by ``protect``'s ``server`` (else
    #: its only one), as the target the other functions take (``ParityError`` if none fits)
    pick: Callable[[Any, str | None], Any] | None = None
    #: called once the session is protected: framework-level checks
    after_protect: Callable[[Any, Any], None] = field(default=lambda target, protection: None)
    #: the ``initialize`` result's ``serverInfo`` of the target's session, where the framework
    #: keeps it (a 1.x session keeps none): for the lock's identity check, unless the caller
    #: gave ``server_info``
    server_info: Callable[[Any, Any], Mapping[str, Any] | None] | None = None
    #: for a framework that keeps the tools it listed before ``protect``: list again, through
    #: the interception, once verified (on the session's loop)
    relist: Callable[[Any], Coroutine[Any, Any, None]] | None = None
    #: whether ``protect(..., defer=True)`` may leave the first verification to the first
    #: session the framework opens: ``after_protect`` wraps the framework's way of opening
    #: sessions before any is open (google-adk's session manager)
    deferrable: bool = False


class UnsupportedTarget(ParityError):
    """The framework object does not hold a session where this parity looks."""


def module_of(target: Any) -> str:
    """The top-level package a target's class comes from (``fastmcp``, ``agents``...)."""
    return type(target).__module__.split(".", 1)[0]


def mro_names(target: Any) -> set[str]:
    """Qualified names of the target's classes: detection without importing frameworks."""
    return {f"{c.__module__}.{c.__qualname__}" for c in type(target).__mro__}


__all__ = ["TargetKind", "UnsupportedTarget", "module_of", "mro_names"]
