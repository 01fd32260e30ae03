"""Client capabilities: parsing, the ``initialize`` declaration, and reading what an SDK
``ClientSession`` declares from the callbacks it was built with."""

from __future__ import annotations

import anyio
import pytest
from mcp.client.session import ClientSession

from parity.errors import ConfigError
from parity.mcp.capabilities import declare, declared_capabilities, parse_capabilities


def test_parse_sorts_dedupes_and_refuses_unknown_names() -> None:
    assert parse_capabilities(" sampling,roots,roots ") == ("roots", "sampling")
    assert parse_capabilities("") == ()
    with pytest.raises(ConfigError, match="'telepathy'"):
        parse_capabilities("roots,telepathy")


def test_declaration_matches_the_sdk() -> None:
    assert declare(()) == {}
    assert declare(["roots", "sampling"]) == {"roots": {"listChanged": True}, "sampling": {}}


def _session(**callbacks) -> ClientSession:
    send, receive = anyio.create_memory_object_stream(1)
    return ClientSession(receive, send, **callbacks)  # built, never entered: no I/O


async def _sampling(context, params):  # pragma: no cover - never called
    raise NotImplementedError


async def _roots(context):  # pragma: no cover - never called
    raise NotImplementedError


def test_declared_capabilities_of_sdk_sessions() -> None:
    assert declared_capabilities(_session()) == ()
    assert declared_capabilities(_session(sampling_callback=_sampling,
                                          list_roots_callback=_roots)) == ("roots", "sampling")
    assert declared_capabilities(object()) is None
