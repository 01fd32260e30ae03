"""parity.mcp.connection: pagination, definitions that cannot be read, notifications; over
real stdio servers."""

from __future__ import annotations

from typing import Any

import anyio
import pytest

from parity.errors import SourceError
from parity.mcp import connection, fetch_tools
from tests.mcpfixtures import in_session, stdio


def test_pagination_follows_every_page_including_an_empty_string_cursor() -> None:
    listing = fetch_tools(stdio("tests.servers.paginate"))
    # "delta" sits behind the "" cursor: stopping there would lose it and "epsilon"
    assert [t["name"] for t in listing.tools] == ["alpha", "beta", "gamma", "delta", "epsilon"]
    assert listing.tools[3]["x-vendor"] == {"n": "delta"}  # unknown fields are kept
    assert listing.server_info == {"name": "paginate", "version": "1.2.3", "x-extra": "kept"}


def test_cursor_loop_is_a_source_error() -> None:
    with pytest.raises(SourceError, match=r"cursor 'a' came back .*loop"):
        fetch_tools(stdio("tests.servers.paginate", "--loop"))


def test_endless_pagination_stops_at_the_page_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(connection, "MAX_PAGES", 25)
    with pytest.raises(SourceError, match="did not end after 25 pages"):
        fetch_tools(stdio("tests.servers.paginate", "--endless"))


def test_one_bad_definition_does_not_sink_the_listing() -> None:
    listing = fetch_tools(stdio("tests.servers.bad_schema"))
    by_name = {t["name"]: t for t in listing.tools}
    assert list(by_name) == ["good", "stringy", "untyped"]
    # strange schemas pass through raw: the extractor reports them
    assert by_name["stringy"]["inputSchema"] == {"type": "string"}
    assert "type" not in by_name["untyped"]["inputSchema"]
    assert by_name["good"]["x-custom"] == [1, 2]
    assert by_name["good"]["annotations"] == {"readOnlyHint": True}
    assert listing.rejected == [("#3", "not a JSON object (str)"), ("#4", "no string `name`")]


def test_tools_list_changed_reaches_the_callback() -> None:
    async def body(session: Any) -> int:
        seen = anyio.Event()
        calls: list[int] = []

        async def changed() -> None:
            calls.append(1)
            seen.set()
        session.on_tools_list_changed(changed)
        await session.call_tool_raw("poke", {}, timeout=3)
        with anyio.fail_after(3):
            await seen.wait()
        return len(calls)
    assert in_session(stdio("tests.servers.misbehave"), body) == 1
