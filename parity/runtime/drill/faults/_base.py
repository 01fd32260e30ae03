"""The shapes every fault mode shares: ``Fault`` (one registered unit), the hooks' inputs and
answers (``Call``, ``Action``, ``Rewrite``) and ``Fixture``.

A fault mode is one ``Fault`` value: its name, its documentation, its injection (the hooks
the proxies call), the categories the guard must answer, where it applies (transports and
tools) and a fixture its unit test runs. The proxies (``parity.runtime.drill.inject``) hold
no per-mode logic; they call the hooks.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from parity.runtime.guard import Category, GuardPolicy, is_safe_to_repeat

Transport = Literal["stdio", "http"]
TRANSPORTS: tuple[Transport, ...] = ("stdio", "http")


@dataclass(frozen=True)
class Call:
    """A ``tools/call`` request as a request hook sees it."""

    id: Any
    tool: str
    #: 1 for the session's first call, 2 for the second...
    number: int
    transport: Transport


@dataclass
class Action:
    """What a proxy does with one message.

    ``kind``: ``forward`` (the message, possibly rewritten), ``answer`` (answer the client
    without forwarding: ``message`` as a JSON-RPC reply, or ``status``/``headers`` over HTTP),
    ``drop`` (never answer), ``raw`` (send ``text`` as is: truncated JSON), ``refuse``
    (HTTP: nothing listens any more).
    """

    kind: Literal["forward", "answer", "drop", "raw", "refuse"]
    message: Any = None
    text: str | None = None
    delay: float = 0.0
    status: int = 200
    headers: Mapping[str, str] = field(default_factory=dict)
    #: what was injected, for the proxy's record
    note: str | None = None


@dataclass(frozen=True)
class Rewrite:
    """What a result hook made of a ``tools/call`` result."""

    result: dict[str, Any]
    #: what was injected (None: nothing)
    note: str | None = None
    #: hold the answer past the deadline (``slow``)
    hold: bool = False
    #: send the answer's JSON cut in half (``truncated_json``)
    truncate: bool = False
    #: send an empty body instead of the answer (HTTP ``empty_body``)
    empty: bool = False


#: A ``tools/call`` request -> an action, or None to forward it untouched.
RequestHook = Callable[[Call], "Action | None"]
#: A ``tools/call`` result, the transport and the tool's definition as the session listed
#: it (None when the listing was not seen) -> its rewrite.
ResultHook = Callable[[Mapping[str, Any], Transport, "Mapping[str, Any] | None"], Rewrite]
#: A ``tools/list`` tool array -> the rewritten array and tool -> what changed.
ListingHook = Callable[[Sequence[Any]], "tuple[list[Any], dict[str, str]]"]
#: (definition, call index, transport) -> the category the guard must answer
Expect = Callable[[Mapping[str, Any], int, Transport], Category]
#: (definition, reference result, pinned tools) -> whether the fault can be injected there
Applies = Callable[[Mapping[str, Any], Mapping[str, Any], Sequence[Mapping[str, Any]]], bool]
#: the same inputs -> why the fault cannot be injected into a tool of its kind, or None
Skip = Callable[[Mapping[str, Any], Mapping[str, Any], Sequence[Mapping[str, Any]]],
                "str | None"]


def always(definition: Mapping[str, Any], reference: Mapping[str, Any],
           tools: Sequence[Mapping[str, Any]]) -> bool:
    """Applies to every tool."""
    return True


def expect(category: Category) -> Expect:
    """The same category for every call."""
    def expected(definition: Mapping[str, Any], index: int, transport: Transport) -> Category:
        return category
    return expected


def lost(definition: Mapping[str, Any], index: int, transport: Transport) -> Category:
    """The request went out and nothing came back: unknown unless the tool is safe to
    repeat."""
    safe = is_safe_to_repeat(definition, GuardPolicy())
    return Category.UNAVAILABLE if safe else Category.OUTCOME_UNKNOWN


@dataclass(frozen=True)
class Fixture:
    """A minimal tool, a clean result of it, and the call's index, on which the fault applies:
    its unit test injects the fault there and classifies what comes out."""

    tool: Mapping[str, Any]
    result: Mapping[str, Any]
    #: other tools listed next to it (``drift`` changes three)
    others: Sequence[Mapping[str, Any]] = ()


@dataclass(frozen=True)
class Fault:
    """One fault mode; registered in ``parity.runtime.drill.faults.FAULTS``."""

    #: stable, public name (``--modes``)
    name: str
    #: one line: what the proxy does (the docs' table)
    does: str
    #: one line: what the guard must answer (the docs' table)
    answers: str
    expected: Expect
    fixture: Fixture
    applies: Applies = always
    transports: tuple[Transport, ...] = TRANSPORTS
    on_call: RequestHook | None = None
    on_result: ResultHook | None = None
    on_listing: ListingHook | None = None
    #: why a tool the fault targets got nothing injected (reported as not applicable)
    not_applicable: Skip | None = None

    @property
    def purpose(self) -> str:
        """The one-line description (``does``)."""
        return self.does


__all__ = ["TRANSPORTS", "Action", "Applies", "Call", "Expect", "Fault", "Fixture",
           "ListingHook", "RequestHook", "ResultHook", "Rewrite", "Skip", "Transport", "always",
           "expect", "lost"]
