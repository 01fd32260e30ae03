"""parity.mcp.session (with the connection and transports below it) against real servers:
subprocesses over stdio, HTTP on 127.0.0.1, and an in-process SDK server.
Nothing at the boundary is mocked."""

from __future__ import annotations

import os
import re
import sys
import time
from pathlib import Path
from typing import Any

import anyio
import pytest

from parity.config.settings import ServerConfig
from parity.errors import SourceError
from parity.mcp import (
    CallFailure,
    Listing,
    ServerSpec,
    connection,
    fetch_tools,
    open_session,
)
from parity.sources.live import live_spec

REPO = Path(__file__).resolve().parents[2]
SECRET = "s3cr3t-Value-42"
DEMO_TOOLS = ["add", "echo", "whoami", "slow"]


def stdio(module: str, *args: str, **kw: Any) -> ServerSpec:
    kw.setdefault("start_timeout", 15.0)
    kw.setdefault("list_timeout", 5.0)
    return ServerSpec(kind="stdio", name=module.rsplit(".", 1)[-1],
                      command=(sys.executable, "-m", module, *args), cwd=REPO,
                      env={"PARITY_TEST_SECRET": SECRET}, secrets=(SECRET,), **kw)


def http(url: str, **kw: Any) -> ServerSpec:
    kw.setdefault("start_timeout", 5.0)
    kw.setdefault("list_timeout", 5.0)
    return ServerSpec(kind="url", name="web", url=url, secrets=(SECRET,),
                      headers={"Authorization": f"Bearer {SECRET}"}, **kw)


def in_session(spec: ServerSpec, body: Any) -> Any:
    """Run ``await body(session)`` inside an open session."""
    async def main() -> Any:
        async with open_session(spec) as session:
            return await body(session)
    return anyio.run(main)


def call_failure(spec: ServerSpec, tool: str, timeout: float = 3.0, **arguments: Any
                 ) -> CallFailure:
    async def body(session: Any) -> None:
        await session.call_tool_raw(tool, arguments, timeout=timeout)
    with pytest.raises(CallFailure) as info:
        in_session(spec, body)
    assert SECRET not in str(info.value) and SECRET not in repr(info.value.data)
    return info.value


# -- listing over stdio ------------------------------------------------------------------------


@pytest.fixture(scope="module")
def demo_listing() -> Listing:
    """The demo server's listing over stdio, fetched once (starting an SDK server is slow)."""
    return fetch_tools(stdio("tests.servers.demo"))


def test_sdk_server_lists_raw_definitions_over_stdio(demo_listing: Listing) -> None:
    listing = demo_listing
    assert [t["name"] for t in listing.tools] == DEMO_TOOLS
    add = listing.tools[0]
    # raw camelCase wire JSON, not SDK models
    assert add["inputSchema"]["type"] == "object"
    assert set(add["inputSchema"]["required"]) == {"a", "b"}
    assert add["outputSchema"]["properties"]["total"]["type"] == "integer"
    assert listing.server_info["name"] == "demo"
    assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", listing.protocol_version or "")
    assert listing.rejected == []


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


# -- servers that fail -------------------------------------------------------------------------


def test_server_that_never_starts_shows_a_redacted_stderr_tail() -> None:
    started = time.monotonic()
    with pytest.raises(SourceError) as info:
        fetch_tools(stdio("tests.servers.nostart"))
    text = str(info.value)
    assert time.monotonic() - started < 5
    assert "exited with code 3" in text
    assert "fatal: cannot log in with token ***" in text
    assert SECRET not in text
    assert "noise line 29" in text and "noise line 9\n" not in text  # the last 20 lines only
    assert "Traceback" not in text


def _pid(text: str) -> int:
    match = re.search(r"pid=(\d+)", text)
    assert match, text
    return int(match.group(1))


def _gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    # a zombie child of ours still answers kill(0): check its state
    status = Path(f"/proc/{pid}/status")
    return status.exists() and "zombie" in status.read_text()


def test_server_that_hangs_at_startup_times_out_and_is_killed() -> None:
    started = time.monotonic()
    with pytest.raises(SourceError, match="no answer to initialize within 1s") as info:
        fetch_tools(stdio("tests.servers.hang", start_timeout=1.0))
    assert time.monotonic() - started < 6
    assert _gone(_pid(str(info.value)))


def test_server_that_hangs_on_tools_list_times_out() -> None:
    with pytest.raises(SourceError, match=r"listing the tools of it failed.*tools/list"):
        fetch_tools(stdio("tests.servers.hang", "--after-init", list_timeout=1.0))


def test_server_that_exits_mid_listing() -> None:
    with pytest.raises(SourceError, match="exited with code 5") as info:
        fetch_tools(stdio("tests.servers.exit_mid"))
    assert "crashing on page 2" in str(info.value)


def test_missing_command_is_a_source_error() -> None:
    spec = ServerSpec(kind="stdio", command=("/nonexistent/parity-server",), start_timeout=2)
    with pytest.raises(SourceError, match="could not start"):
        fetch_tools(spec)


# -- tools/call over stdio ---------------------------------------------------------------------


def test_call_result_is_raw_and_redacted() -> None:
    async def body(session: Any) -> dict[str, Any]:
        return await session.call_tool_raw("echo", {"x": [1]}, timeout=3)
    result = in_session(stdio("tests.servers.misbehave"), body)
    assert result["content"] == [{"type": "text", "text": "token=***"}]
    assert result["structuredContent"] == {"args": {"x": [1]}}
    assert result["_meta"] == {"x-trace": "abc"} and result["x-extra"] == 1


def test_jsonrpc_error_keeps_code_and_data_redacted() -> None:
    failure = call_failure(stdio("tests.servers.misbehave"), "error")
    assert (failure.kind, failure.code, failure.sent) == ("jsonrpc_error", -32050, True)
    assert failure.message == "backend refused token ***"
    assert failure.data == {"token": "***", "retry": False}


def test_call_timeout_leaves_the_session_usable() -> None:
    async def body(session: Any) -> tuple[CallFailure, dict[str, Any]]:
        with pytest.raises(CallFailure) as info:
            await session.call_tool_raw("hang", {}, timeout=0.5)
        return info.value, await session.call_tool_raw("echo", {}, timeout=3)
    failure, after = in_session(stdio("tests.servers.misbehave"), body)
    assert (failure.kind, failure.sent) == ("timeout", True)
    assert after["isError"] is False


def test_garbage_on_stdout_is_malformed() -> None:
    failure = call_failure(stdio("tests.servers.misbehave"), "garbage", timeout=1.0)
    assert (failure.kind, failure.sent) == ("malformed", True)
    assert "this is not json" in failure.message


def test_truncated_message_is_malformed() -> None:
    failure = call_failure(stdio("tests.servers.misbehave"), "truncated")
    assert (failure.kind, failure.sent) == ("malformed", True)
    assert "truncated" in failure.message


def test_crash_during_a_call_is_unavailable_with_stderr() -> None:
    failure = call_failure(stdio("tests.servers.misbehave"), "crash")
    assert (failure.kind, failure.sent) == ("unavailable", True)
    assert "exited with code 7" in failure.message
    assert failure.stderr_tail == ["crashing in tools/call"]


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


# -- streamable HTTP ---------------------------------------------------------------------------


def test_sdk_server_over_http_matches_stdio(http_server: Any, demo_listing: Listing) -> None:
    url = http_server("tests.servers.demo")
    over_http = fetch_tools(http(url))
    assert over_http.tools == demo_listing.tools
    assert over_http.server_info["name"] == "demo"

    async def body(session: Any) -> tuple[dict[str, Any], CallFailure, dict[str, Any]]:
        added = await session.call_tool_raw("add", {"a": 1, "b": 2}, timeout=5)
        with pytest.raises(CallFailure) as info:
            await session.call_tool_raw("slow", {"seconds": 3}, timeout=0.5)
        return added, info.value, await session.call_tool_raw("echo", {"text": "x"}, timeout=5)
    added, slow, echoed = in_session(http(url), body)
    assert added["structuredContent"] == {"total": 3}
    assert (slow.kind, slow.sent) == ("timeout", True)
    assert echoed["content"][0]["text"] == "x"


@pytest.mark.parametrize(("path", "status", "retry_after", "code"), [
    ("/status/401", 401, None, None),
    ("/status/403", 403, None, None),
    ("/status/429?retry=7", 429, 7.0, None),
    ("/status/429?retry=soon", 429, None, None),
    ("/status/500", 500, None, None),
    ("/status/503?retry=2&jsonrpc=1", 503, 2.0, -32001),
])
def test_http_status_is_classified(http_server: Any, path: str, status: int,
                                   retry_after: float | None, code: int | None) -> None:
    url = http_server("tests.servers.http_faults", path="")
    failure = call_failure(http(url + path), "t")
    assert failure.kind == "http_status" and failure.sent
    assert (failure.status, failure.retry_after, failure.code) == (status, retry_after, code)
    assert "Bearer ***" in failure.message  # the server echoed the header: redacted


def test_retry_after_as_an_http_date(http_server: Any) -> None:
    url = http_server("tests.servers.http_faults", path="")
    when = "Fri,%2031%20Dec%202999%2023:59:59%20GMT"
    failure = call_failure(http(f"{url}/status/429?retry={when}"), "t")
    assert failure.retry_after is not None and failure.retry_after > 1e9


@pytest.mark.parametrize(("path", "kind", "text"), [
    ("/garbage", "malformed", "not JSON"),
    ("/truncated", "malformed", "truncated"),
    ("/hang", "timeout", "no answer to tools/call"),
])
def test_http_bad_answers(http_server: Any, path: str, kind: str, text: str) -> None:
    url = http_server("tests.servers.http_faults", path="")
    failure = call_failure(http(url + path), "t", timeout=1.0)
    assert (failure.kind, failure.sent) == (kind, True)
    assert text in failure.message


def test_http_sse_listing_keeps_unknown_fields(http_server: Any) -> None:
    url = http_server("tests.servers.http_faults", path="")
    listing = fetch_tools(http(f"{url}/ok?sse=1"))
    assert listing.tools == [{"name": "t", "inputSchema": {"type": "object"}, "x-extra": True}]


def test_connection_refused_is_unavailable_and_not_sent() -> None:
    from tests.conftest import free_port

    spec = http(f"http://127.0.0.1:{free_port()}/mcp")
    with pytest.raises(CallFailure) as info:
        in_session(spec, lambda session: None)
    assert (info.value.kind, info.value.sent) == ("unavailable", False)
    with pytest.raises(SourceError, match="could not reach it"):
        fetch_tools(spec)


# -- in-process objects ------------------------------------------------------------------------


def test_in_process_server_uses_the_same_raw_path(demo_listing: Listing) -> None:
    from tests.servers.demo import server

    listing = fetch_tools(ServerSpec(kind="object", obj=server))
    assert listing.tools == demo_listing.tools

    async def body(session: Any) -> dict[str, Any]:
        return await session.call_tool_raw("add", {"a": 2, "b": 5}, timeout=5)
    assert in_session(ServerSpec(kind="object", obj=server), body)["structuredContent"] == {
        "total": 7}


def test_in_process_server_by_reference() -> None:
    # the caller (parity.sources.live) imports the object; the seam runs what it is given
    spec = live_spec(ServerConfig(name="demo", kind="object", object="tests.servers.demo:server"),
                     root=REPO)
    assert [t["name"] for t in fetch_tools(spec).tools] == DEMO_TOOLS


def test_object_that_is_not_a_server() -> None:
    from tests.servers.demo import Sum

    spec = ServerSpec(kind="object", obj=Sum, object_ref="tests.servers.demo:Sum")
    with pytest.raises(SourceError, match="not an MCP server object"):
        fetch_tools(spec)


def test_an_object_spec_without_its_object_is_a_source_error() -> None:
    with pytest.raises(SourceError, match="no server object given"):
        fetch_tools(ServerSpec(kind="object", object_ref="tests.servers.demo:server"))

