"""parity.mcp.http: streamable HTTP on the SDK's client transport, against real servers on
127.0.0.1 (an SDK server and a look-alike that fails on purpose)."""

from __future__ import annotations

import logging
from typing import Any

import pytest

from parity.core.jsonio import decoded_json
from parity.errors import SourceError
from parity.mcp import CallFailure, Listing, ServerSpec, fetch_tools
from tests.mcpfixtures import call_failure, http, in_session


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
    # JSON, but no JSON-RPC message: the server sent no -32700, the SDK would make one up
    ("/null", "malformed", "a JSON null body, not a JSON-RPC message: 'null'"),
    ("/batch", "malformed", "a JSON array body, not a JSON-RPC message: '[{"),
    ("/truncated", "malformed", "truncated"),
    # the SDK reads an event stream with U+FFFD for such a byte: a result never sent
    ("/notutf8", "malformed", "not UTF-8"),
    ("/notutf8?json=1", "malformed", "a JSON body that is not UTF-8"),
    ("/utf16", "malformed", "a JSON body that is not UTF-8: "),  # json.loads would read it
    ("/hang", "timeout", "no answer to tools/call"),
    # read up to the bound a stdio line or an SSE event has, not into the memory
    ("/endless", "malformed", "an answer of more than 67,108,864 bytes"),
    ("/gzipbomb", "malformed", "an answer of more than 67,108,864 bytes"),
])
def test_http_bad_answers(http_server: Any, path: str, kind: str, text: str) -> None:
    url = http_server("tests.servers.http_faults", path="")
    # the bounded cases are read to their bound (64 MiB, a gzip bomb inflated): a generous
    # timeout, so a loaded machine reads them as the cut they are, never as a timeout
    failure = call_failure(http(url + path), "t", timeout=1.0 if kind == "timeout" else 60.0)
    assert (failure.kind, failure.sent) == (kind, True)
    assert text in failure.message


def test_an_sse_event_that_is_not_json_fails_the_call_with_one_message(
        http_server: Any, caplog: pytest.LogCaptureFixture) -> None:
    """The SDK logs the event it cannot parse, then fails the request with the same words:
    parity's message says them once; no log line goes before it."""
    caplog.set_level(logging.DEBUG, "mcp.client.streamable_http")
    url = http_server("tests.servers.http_faults", path="")
    failure = call_failure(http(url + "/badsse"), "t")
    # the server sent malformed data: it did not answer with an error (2.x: the event
    # itself is quoted; 1.x: the stream ended without the response)
    assert failure.sent and failure.kind == "malformed", failure
    assert "not JSON-RPC: '{not json" in failure.message or "ended before" in failure.message
    assert not [r for r in caplog.records if r.name == "mcp.client.streamable_http"
                and r.levelno >= logging.WARNING], caplog.text


def test_http_sse_listing_keeps_unknown_fields(http_server: Any) -> None:
    url = http_server("tests.servers.http_faults", path="")
    listing = fetch_tools(http(f"{url}/ok?sse=1"))
    assert listing.tools == [{"name": "t", "inputSchema": {"type": "object"}, "x-extra": True}]


def test_a_large_sse_listing_is_read_whole(http_server: Any) -> None:
    # one SSE event past the SDK's 1 MiB default (2.x) is a legitimate tools/list page
    url = http_server("tests.servers.http_faults", path="")
    listing = fetch_tools(http(f"{url}/ok?sse=1&big=1"))
    assert len(listing.tools[0]["description"]) == 2_000_000


def test_connection_refused_is_unavailable_and_not_sent() -> None:
    from tests.conftest import free_port

    spec = http(f"http://127.0.0.1:{free_port()}/mcp")
    with pytest.raises(CallFailure) as info:
        in_session(spec, lambda session: None)
    assert (info.value.kind, info.value.sent) == ("unavailable", False)
    with pytest.raises(SourceError, match="could not reach it"):
        fetch_tools(spec)


def test_a_clean_json_body_is_proved_so_without_being_read_again(
        http_server: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """orjson proves an ordinary JSON body holds nothing the SDK would refuse or change, so
    parity does not parse and walk it before the SDK reads it (a hostile body still is:
    tests/hostile/test_content_values.py)."""
    from parity.mcp import http_recorder as parity_http

    def no_second_reading(body: bytes) -> Any:
        raise AssertionError("a clean body was parsed by parity")

    monkeypatch.setattr(parity_http, "parse", no_second_reading)
    url = http_server("tests.servers.http_faults", path="")
    listing = fetch_tools(http(url + "/mcp"))
    assert [t["name"] for t in listing.tools] == ["t"]


@pytest.mark.parametrize("json_response", [True, False], ids=["json-body", "event-stream"])
def test_a_listing_from_a_proved_json_body_is_not_proved_again(
        http_server: Any, demo_listing: Listing, monkeypatch: pytest.MonkeyPatch,
        json_response: bool) -> None:
    """An SDK server answering with JSON bodies: the listing's body was proved clean, and the
    SDK's reading of it equals what was proved, so it is handed on without the second proof
    (``decoded_json``); an event stream's answer is proved there, as before."""
    from parity.mcp import transports

    proofs: list[Any] = []

    def counted(value: Any) -> bool:
        proofs.append(value)
        return decoded_json(value)

    monkeypatch.setattr(transports, "decoded_json", counted)
    url = http_server("tests.servers.demo", *(["--json-response"] if json_response else []))
    listing = fetch_tools(http(url))
    assert listing.tools == demo_listing.tools and listing.plain_json
    listed = [p for p in proofs if isinstance(p, dict) and "tools" in p]
    assert listed == ([] if json_response else [{"tools": listing.tools}])


def test_an_answer_unlike_its_proved_body_is_proved_again() -> None:
    """The id alone proves nothing (a server may send an answer with the same id another
    way): only an answer whose result equals the proved one is taken as proved."""
    from parity.mcp.http import HttpTransport
    from parity.mcp.transports import _sdk_message

    transport = HttpTransport(ServerSpec(kind="url", name="x", url="http://127.0.0.1:9/mcp"))
    clean = {"tools": [{"name": "t", "inputSchema": {"type": "object", "maximum": 1e308}}]}
    for result, proved in ((clean, True), ({"tools": [{"name": "t", "inputSchema": {
            "type": "object", "maximum": float("inf")}}]}, False), ({"tools": []}, False)):
        transport.proved_body(7, {"jsonrpc": "2.0", "id": 7, "result": clean})
        answer = _sdk_message({"jsonrpc": "2.0", "id": 7, "result": result})
        assert transport.proved_already(answer) is proved
        assert transport.proved_results == {}  # taken, whatever the verdict
    transport.proved_body(8, {"jsonrpc": "2.0", "id": 9, "result": clean})  # another id
    assert transport.proved_results == {}


def test_a_server_s_error_is_shown_on_one_line_and_cut(http_server: Any) -> None:
    """Its words are the server's: a line break in them would start a line of its own (in
    a CI log, ``::error::`` is a workflow command), and an error may be megabytes."""
    url = http_server("tests.servers.http_faults", path="")
    with pytest.raises(SourceError) as info:
        fetch_tools(http(url + "/errortext"))
    message = str(info.value)
    assert "\n::error::" not in message and "boom\\x0a::error::xyyy" in message, message[:300]
    assert "(100," in message and "characters)" in message and len(message) < 5000


def test_a_session_id_that_is_not_visible_ascii_is_named(http_server: Any) -> None:
    """The SDK would echo it on the next request, fail to encode it, and end the connection
    ("the connection is closed"): the header is the server's fault, and said so."""
    url = http_server("tests.servers.http_faults", path="")
    with pytest.raises(SourceError) as info:
        fetch_tools(http(url + "/sessionid"))
    message = str(info.value)
    assert "an Mcp-Session-Id header that is not visible ASCII" in message, message
    assert "'s-\\xe9'" in message or "'s-\u00e9'" in message, message


# redirects: followed as the SDK's client follows them (mcp.shared._httpx_utils), no further


@pytest.mark.parametrize("status", [307, 308])
def test_a_redirect_within_the_origin_is_followed_as_the_sdk_does(http_server: Any,
                                                                   status: int) -> None:
    """A trailing-slash 307/308 (``/mcp`` -> ``/mcp/``): the SDK's client follows it, so an
    agent reaches the server; parity did not ("HTTP 307 from ...")."""
    url = http_server("tests.servers.http_faults", path=f"/redirect/{status}")
    listing = fetch_tools(http(url))
    assert [t["name"] for t in listing.tools] == ["t"]


@pytest.mark.parametrize(("where", "why"), [
    ("/redirect/307?to=http://localhost:{port}/ok%3Ftoken%3D{secret}", "another origin"),
    ("/redirect/302", "a method it would change"),
    ("/redirect/loop", "more than 20 redirects"),
])
def test_a_redirect_the_sdk_does_not_follow_is_refused_naming_where_it_leads(
        http_server: Any, where: str, why: str) -> None:
    from tests.mcpfixtures import SECRET

    base = http_server("tests.servers.http_faults", path="")
    port = base.rsplit(":", 1)[1]
    url = base + where.format(port=port, secret=SECRET)
    with pytest.raises(SourceError) as info:
        fetch_tools(http(url, start_timeout=10))
    text = str(info.value)
    assert why in text, text
    if "localhost" in where:  # the Location as the SDK names it: no query
        assert f"to http://localhost:{port}/ok:" in text and SECRET not in text
    assert "put it in the server's `url`" in info.value.hint  # type: ignore[operator]


# the protocol version initialize answers: one the SDK speaks by the handshake, or refused


@pytest.mark.parametrize("answered", ["1999-01-01", "2026-07-28", "x\n\x1b[31m"])
def test_a_protocol_version_parity_cannot_speak_is_refused_at_connect(
        http_server: Any, answered: str) -> None:
    from urllib.parse import quote

    url = http_server("tests.servers.http_faults", path=f"/ok?version={quote(answered)}")
    with pytest.raises(SourceError) as info:
        fetch_tools(http(url))
    text = str(info.value)
    assert "initialize answered protocol version" in text and "parity offered" in text, text
    assert "\x1b" not in text and "\n" not in info.value.message
    assert "\\\\" not in text  # each escape shown once
    assert "fix the server's initialize" in info.value.hint  # type: ignore[operator]
