"""parity.mcp.connection: pagination, definitions that cannot be read, notifications; over
real stdio servers."""

from __future__ import annotations

import re
from typing import Any

import anyio
import pytest

from parity.errors import SourceError
from parity.mcp import SDK_MAJOR, ServerSpec, connection, fetch_tools
from tests.lockfixtures import http_server
from tests.mcpfixtures import DEMO_TOOLS, http, in_session, stdio


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


# -- the whole listing is bounded: bytes, cursors shown, its time ----------------------------


def test_a_listing_past_its_byte_bound_is_refused_over_stdio(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Pages of fresh 300 kB cursors: 18 pages of 60 MB took 1.26 GB, every cursor kept.
    Past ``MAX_LISTING_BYTES`` (lowered here) the listing is refused, pages and cursors
    counted as they came on the wire."""
    monkeypatch.setattr(connection, "MAX_LISTING_BYTES", 1_000_000, raising=False)
    with pytest.raises(SourceError) as info:
        fetch_tools(stdio("tests.servers.paginate", "--endless", "--cursor-size", "300000",
                          "--pages", "40"))
    assert "tools/list took more than 1,000,000 bytes in 4 pages" in str(info.value)


@pytest.mark.parametrize("sse", [False, True], ids=["json-body", "event-stream"])
def test_a_listing_past_its_byte_bound_is_refused_over_http(
        monkeypatch: pytest.MonkeyPatch, http_server: Any, sse: bool) -> None:
    monkeypatch.setattr(connection, "MAX_LISTING_BYTES", 1_000_000, raising=False)
    url = http_server("tests.servers.http_faults", path="/pages?size=300000&pages=40"
                      + ("&sse=1" if sse else ""))
    with pytest.raises(SourceError) as info:
        fetch_tools(http(url))
    assert "tools/list took more than 1,000,000 bytes in 4 pages" in str(info.value)


def test_a_listing_within_its_byte_bound_is_read_whole(http_server: Any) -> None:
    url = http_server("tests.servers.http_faults", path="/pages?size=300000&pages=5")
    assert len(fetch_tools(http(url)).tools) == 5


def test_a_cursor_that_comes_back_is_named_cut() -> None:
    """A 5 MB cursor repeated was echoed whole into the error (5 MB on stderr)."""
    with pytest.raises(SourceError) as info:
        fetch_tools(stdio("tests.servers.paginate", "--same-cursor", "5000000"))
    text = str(info.value)
    assert "came back again after 2 pages" in text and "(5,000,000 characters)" in text
    assert len(text) < 2000


def test_a_cursor_that_is_no_string_is_named_by_its_kind() -> None:
    with pytest.raises(SourceError) as info:
        fetch_tools(stdio("tests.servers.paginate", "--object-cursor", "200000"))
    text = str(info.value)
    assert "nextCursor is an object, not a string" in text and len(text) < 2000


def test_a_listing_out_of_time_says_so_of_the_listing() -> None:
    """``list_timeout`` running out over pages said "no answer to tools/list within 0.316s"
    or "could not send tools/list within 0s" of the page it ran out on."""
    with pytest.raises(SourceError) as info:
        fetch_tools(stdio("tests.servers.paginate", "--endless", "--slow", "0.4",
                          list_timeout=1.0))
    text = str(info.value)
    assert re.search(r"tools/list did not finish within list_timeout=1s \([1-3] pages? "
                     r"read\)", text), text
    assert "it did not answer in time" in text


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


# -- a listing its transport proved clean is not walked again --------------------------------


def _walked(calls: list[Any]) -> Any:
    def malformed_value(definition: Any) -> str:
        calls.append(definition)
        return "walked again"
    return malformed_value


@pytest.mark.parametrize("kind", ["stdio", "object", "url"])
def test_a_listing_its_transport_proved_clean_is_not_walked_again(
        kind: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each transport proves in C, as it reads a listing, that it holds nothing canonical
    JSON cannot carry (stdio: orjson's reading of the line; in process and over HTTP: the
    SDK's payload is decoded JSON), so ``walk_tools`` does not walk each definition again
    (a tenth of connecting to a 500-tool server). Here that walk would reject every tool."""
    from tests.servers.demo import server

    calls: list[Any] = []
    monkeypatch.setattr(connection, "malformed_value", _walked(calls))
    if kind == "url":
        with http_server("demo") as url:
            listing = fetch_tools(http(url))
    else:
        listing = fetch_tools(ServerSpec(kind="object", obj=server) if kind == "object"
                              else stdio("tests.servers.demo"))
    assert [t["name"] for t in listing.tools] == DEMO_TOOLS
    assert listing.rejected == [] and calls == []


def test_a_page_not_proved_clean_is_walked_and_its_bad_tool_rejected_by_name() -> None:
    """What no transport proved (the agent's own SDK session read it, or a line held a
    value orjson refuses) is walked: a tool holding NaN is rejected, its pointer named."""
    nan_tool = {"name": "bad", "inputSchema": {"type": "number", "maximum": float("nan")}}
    fine = {"name": "fine", "inputSchema": {"type": "object"}}

    async def page(params: dict[str, Any], remaining: float,
                   ) -> tuple[dict[str, Any], bool, None]:
        return {"tools": [fine, nan_tool]}, False, None

    tools, rejected = anyio.run(connection.walk_tools, "s", page, 5.0)
    assert tools == [fine]
    assert rejected == [("bad", "malformed response: NaN at #/inputSchema/maximum")]


def test_a_line_holding_nan_is_not_proved_and_its_tool_is_named(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A stdio line orjson refuses (NaN) is read by parity's own parser and not proved, so
    its listing is walked: the tool is rejected by name, the others kept."""
    calls: list[Any] = []
    real = connection.malformed_value

    def counted(definition: Any) -> str | None:
        calls.append(definition["name"])
        return real(definition)
    monkeypatch.setattr(connection, "malformed_value", counted)
    listing = fetch_tools(stdio("tests.hostile.servers.content", "nan"))
    assert calls and [name for name, _ in listing.rejected] == ["hostile"]
    assert [t["name"] for t in listing.tools] == ["fine"]


def test_a_flood_of_the_server_s_requests_is_not_answered_past_a_bound() -> None:
    """A server that sends 100,000 pings before its answer and reads none of the replies:
    each reply was a task waiting on the write, and a listing given 10 s took minutes.
    Past ``MAX_ANSWERING`` at once they go unanswered, and the listing arrives."""
    listing = fetch_tools(stdio("tests.servers.flood", "100000", list_timeout=10.0))
    assert [t["name"] for t in listing.tools] == ["echo"]


# -- a response's id as a string: "2" answers request 2, as the SDK correlates it -------------


def test_a_stringified_integer_id_answers_its_request_over_stdio() -> None:
    """The server answered ``"id": "2"`` for request 2: parity waited until list_timeout;
    both SDKs (and the TypeScript SDK) take "2" for 2."""
    listing = fetch_tools(stdio("tests.servers.version_raw", '"2025-06-18"', "strid",
                                list_timeout=5.0))
    assert [t["name"] for t in listing.tools] == ["t"]


@pytest.mark.parametrize("sse", [False, True], ids=["json-body", "event-stream"])
def test_a_stringified_integer_id_answers_its_request_over_http(http_server: Any,
                                                                 sse: bool) -> None:
    url = http_server("tests.servers.http_faults", path="/ok?strid=1" + ("&sse=1" if sse else ""))
    listing = fetch_tools(http(url, list_timeout=5.0))
    assert [t["name"] for t in listing.tools] == ["t"]


# -- an answer nested past the SDK's JSON parser: refused at once, alike on every transport ---

#: ``properties`` in ``properties``: 2 levels each, 4 more around the schema
SHALLOW, DEEP, DEEPEST = 90, 100, 10_000


def _deep_failure(spec: ServerSpec) -> tuple[str, float]:
    import time

    started = time.monotonic()
    with pytest.raises(SourceError) as info:
        fetch_tools(spec)
    assert "ask its authors to flatten the tool's definition" in (info.value.hint or "")
    return str(info.value), time.monotonic() - started


@pytest.mark.parametrize("depth", [DEEP, DEEPEST])
def test_an_answer_too_deep_for_the_sdk_is_refused_at_once_over_stdio(depth: int) -> None:
    """~205 levels: the SDK refuses it over HTTP, parity's stdio pinned it; 20,000 levels:
    stdio waited for list_timeout (20 s) though the answer had come."""
    text, took = _deep_failure(stdio("tests.servers.version_raw", '"2025-06-18"',
                                     f"deep:{depth}", list_timeout=30.0))
    assert "an answer nested more than 200 levels deep: the mcp SDK's JSON parser" in text, text
    assert took < 15  # at once, not at list_timeout (30 s)


@pytest.mark.parametrize("depth", [DEEP, DEEPEST])
@pytest.mark.parametrize("sse", [False, True], ids=["json-body", "event-stream"])
def test_an_answer_too_deep_for_the_sdk_is_refused_alike_over_http(
        http_server: Any, depth: int, sse: bool) -> None:
    """It was the SDK's pydantic "recursion limit exceeded" (and a hint to try MCP
    2026-07-28), or "not JSON" at 20,000 levels."""
    if sse and SDK_MAJOR < 2:
        pytest.skip("1.x ends an event stream it cannot parse: the answer is truncated")
    url = http_server("tests.servers.http_faults", path=f"/deep?n={depth}"
                      + ("&sse=1" if sse else ""))
    text, _ = _deep_failure(http(url, list_timeout=30.0))
    assert "an answer nested more than 200 levels deep: the mcp SDK's JSON parser" in text, text
    assert "--protocol" not in text


def test_an_answer_the_sdk_reads_is_read_on_both_transports(http_server: Any) -> None:
    listing = fetch_tools(stdio("tests.servers.version_raw", '"2025-06-18"',
                                f"deep:{SHALLOW}"))
    url = http_server("tests.servers.http_faults", path=f"/deep?n={SHALLOW}")
    assert fetch_tools(http(url)).tools == listing.tools


def test_the_depth_bound_is_the_sdk_parser_s() -> None:
    from pydantic_core import from_json

    from parity.mcp.sdk import json_depth_limit
    from parity.mcp.spec import nested_deeper

    limit = json_depth_limit()
    from_json("[" * limit + "0" + "]" * limit)
    with pytest.raises(ValueError, match="recursion limit"):
        from_json("[" * (limit + 1) + "0" + "]" * (limit + 1))
    text = '{"a":' * limit + "1" + "}" * limit
    assert not nested_deeper(text, limit) and nested_deeper("[" + text + "]", limit)
    assert not nested_deeper('"' + "[" * 500 + '"', limit)  # brackets that do not pair up
