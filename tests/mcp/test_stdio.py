"""parity.mcp.stdio: real servers as subprocesses; listing, failing servers and tools/call.
Nothing at the boundary is mocked."""

from __future__ import annotations

import contextlib
import os
import re
import signal
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import pytest

from parity.errors import SourceError
from parity.mcp import CallFailure, Listing, ServerSpec, fetch_tools
from tests.mcpfixtures import DEMO_TOOLS, SECRET, call_failure, in_session, stdio


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


def test_server_that_never_starts_shows_a_redacted_stderr_tail() -> None:
    with pytest.raises(SourceError) as info:
        fetch_tools(stdio("tests.servers.nostart"))
    text = str(info.value)
    assert "exited with code 3" in text
    assert "fatal: cannot log in with token ***" in text
    assert SECRET not in text
    assert "noise line 29" in text and "noise line 9\n" not in text  # the last 20 lines only
    assert "Traceback" not in text


def test_a_write_that_breaks_names_the_exit_code_not_the_broken_pipe() -> None:
    """A server that dies before the first request reaches it breaks the write while its
    stdout may still be open: the failure waits for the exit code and names it, as a closed
    stdout does (CI once read "could not write to the server: BrokenResourceError")."""
    from parity.mcp.connection import Connection
    from parity.mcp.stdio import StdioTransport

    async def main() -> CallFailure:
        transport = StdioTransport(stdio("tests.servers.closes_stdin"))
        transport.conn = Connection(transport, ())
        async with anyio.create_task_group() as tg:
            transport.conn.tg = tg
            await transport.start(tg)
            with anyio.fail_after(30):  # a bound on a loaded machine, not a measurement
                while "stdin closed" not in transport.stderr:
                    await anyio.sleep(0.01)
            assert transport.conn.lost is None  # its stdout is still open
            with pytest.raises(CallFailure) as info:
                await transport.send({"jsonrpc": "2.0", "method": "ping", "id": 1}, None)
            await transport.close()
            tg.cancel_scope.cancel()
        return info.value

    failure = anyio.run(main)
    assert failure.kind == "unavailable" and not failure.sent
    assert "could not write to the server: the server exited with code 3" in failure.message


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
    # the message names the 1 s start timeout it gave up after: the behaviour, not a clock
    with pytest.raises(SourceError, match="no answer to initialize within 1s") as info:
        fetch_tools(stdio("tests.servers.hang", start_timeout=1.0))
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


def test_a_server_gets_the_sdks_default_environment_and_its_own_env_alone(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """As the SDK's ``stdio_client`` starts it: ``get_default_environment()`` (PATH, HOME...)
    and the configured ``env`` over it. parity's own environment (another server's token, a
    CI secret) is not passed on: whoami's description is ``$WHOAMI_DESC``."""
    monkeypatch.setenv("WHOAMI_DESC", "ci-secret-0123456789")  # parity's, not the server's
    monkeypatch.setenv("WHOAMI_KEY", "other-server-token-0123456789")

    async def body(session: Any) -> tuple[Listing, dict[str, Any]]:
        return (await session.list_tools_raw(),
                await session.call_tool_raw("whoami", {}, timeout=10))
    listing, result = in_session(stdio("tests.servers.whoami"), body)
    assert listing.tools[0]["description"] == "Who am I."
    assert result["structuredContent"] == {"user": "ann", "key": ""}

    spec = stdio("tests.servers.whoami")
    spec.env = {**spec.env, "WHOAMI_DESC": "configured"}  # the server's own env is passed
    assert fetch_tools(spec).tools[0]["description"] == "configured"


def test_the_default_environment_is_the_sdks(monkeypatch: pytest.MonkeyPatch) -> None:
    from mcp.client.stdio import get_default_environment

    from parity.mcp.sdk import default_environment

    monkeypatch.setenv("PARITY_UNRELATED_TOKEN", "x" * 12)
    assert default_environment() == get_default_environment()
    assert "PARITY_UNRELATED_TOKEN" not in default_environment()
    assert default_environment().get("PATH") == os.environ.get("PATH")


def test_call_result_is_raw_and_redacted() -> None:
    async def body(session: Any) -> dict[str, Any]:
        return await session.call_tool_raw("echo", {"x": [1]}, timeout=3)
    result = in_session(stdio("tests.servers.misbehave"), body)
    assert result["content"] == [{"type": "text", "text": "token=***"}]
    assert result["structuredContent"] == {"args": {"x": [1]}}
    assert result["_meta"] == {"x-trace": "abc"} and result["x-extra"] == 1


def test_a_line_read_in_many_chunks_is_one_message_and_the_next_one_follows() -> None:
    async def body(session: Any) -> tuple[dict[str, Any], dict[str, Any]]:
        big = await session.call_tool_raw("big", {}, timeout=30)
        return big, await session.call_tool_raw("echo", {"x": 1}, timeout=10)
    big, after = in_session(stdio("tests.servers.misbehave"), body)
    assert big["content"] == [{"type": "text", "text": "x" * (3 * 2**20)}]
    assert after["structuredContent"] == {"args": {"x": 1}}


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


def test_an_answer_whose_id_is_an_object_is_malformed() -> None:
    # it raised TypeError (an unhashable id) and ended the connection's reader
    failure = call_failure(stdio("tests.servers.misbehave"), "badid", timeout=1.0)
    assert (failure.kind, failure.sent) == ("malformed", True)
    assert "an id that is not a string or number" in failure.message


def test_an_answer_that_is_not_utf8_is_malformed_at_once() -> None:
    # it was garbage, and the call waited for its deadline
    failure = call_failure(stdio("tests.servers.misbehave"), "notutf8", timeout=30.0)
    assert (failure.kind, failure.sent) == ("malformed", True)
    assert "an answer that is not UTF-8" in failure.message


def test_truncated_message_is_malformed() -> None:
    failure = call_failure(stdio("tests.servers.misbehave"), "truncated")
    assert (failure.kind, failure.sent) == ("malformed", True)
    assert "truncated" in failure.message


def test_crash_during_a_call_is_unavailable_with_stderr() -> None:
    failure = call_failure(stdio("tests.servers.misbehave"), "crash")
    assert (failure.kind, failure.sent) == ("unavailable", True)
    assert "exited with code 7" in failure.message
    assert failure.stderr_tail == ["crashing in tools/call"]


# -- a server whose daemon, in a session of its own, holds its stdout after it exits ------


@pytest.fixture
def daemon_pidfile(tmp_path: Path) -> Iterator[Path]:
    """Where ``tests.servers.setsid_child`` writes its daemon's pid. The daemon is killed
    here: it is outside the server's process group, which parity leaves alone."""
    pidfile = tmp_path / "daemon.pid"
    yield pidfile
    if pidfile.exists():
        with contextlib.suppress(ProcessLookupError, ValueError):
            os.kill(int(pidfile.read_text()), signal.SIGKILL)


def _daemon_alive(pidfile: Path) -> bool:
    # alive: it held the pipes while parity reported, and parity did not kill it
    return not _gone(int(pidfile.read_text()))


@pytest.mark.parametrize(("mode", "phase", "code"), [
    # its stdout never ends while the daemon lives: the exit, not the end of stdout, ends
    # the connection (it was "no answer to initialize within 30s")
    ("early", "starting it failed", 4),
    # the initialize answer (60 KB) is still in the pipe when the exit is seen: it is read,
    # so the session starts and the listing fails on the exit (it was a timeout of
    # tools/list); were the answer lost, starting would fail
    ("after-answer", "listing the tools of it failed", 6),
])
def test_a_server_that_exits_while_its_daemon_holds_stdout_is_said_to_have_exited(
        daemon_pidfile: Path, mode: str, phase: str, code: int) -> None:
    with pytest.raises(SourceError) as info:
        fetch_tools(stdio("tests.servers.setsid_child", str(daemon_pidfile), mode))
    text = str(info.value)
    assert f"{phase}: could not reach it" in text
    assert f"the server exited with code {code}" in text
    assert "did not answer in time" not in text
    if mode == "early":
        assert "giving up before initialize" in text  # the stderr tail the daemon holds too
    assert _daemon_alive(daemon_pidfile)


def test_a_daemon_holding_stdout_does_not_keep_a_listed_server_open(
        daemon_pidfile: Path) -> None:
    """A server that serves, then exits when its stdin closes: the listing returns though
    the daemon still holds the pipes, and leaves the daemon alone."""
    listing = fetch_tools(stdio("tests.servers.setsid_child", str(daemon_pidfile), "serve"))
    assert [t["name"] for t in listing.tools] == ["only"]
    assert _daemon_alive(daemon_pidfile)


@pytest.mark.parametrize("answered", ['"1999-01-01"', '"2026-07-28"', "null", "7",
                                      '"x\\n\\u001b[31m"'])
def test_a_protocol_version_parity_cannot_speak_is_refused_at_connect(answered: str) -> None:
    """The spec: a client that does not support the version the server answers SHOULD
    disconnect (both SDKs' ClientSession raise). parity pinned it, and a lock at 2026-07-28
    listed by the handshake was then refused by ``verify``."""
    with pytest.raises(SourceError) as info:
        fetch_tools(stdio("tests.servers.version_raw", answered))
    text = str(info.value)
    assert "initialize answered protocol version" in text, text
    assert "\x1b" not in text


def test_a_protocol_version_the_sdk_speaks_is_taken_though_not_the_one_offered() -> None:
    assert fetch_tools(stdio("tests.servers.version_raw", '"2024-11-05"')
                       ).protocol_version == "2024-11-05"


def test_a_server_without_tools_is_not_told_to_try_another_protocol() -> None:
    """-32601 from a server that declares no tools: no sign of a tool only MCP 2026-07-28
    carries (the hint said to list under ``--protocol 2026-07-28``)."""
    with pytest.raises(SourceError) as info:
        fetch_tools(stdio("tests.servers.version_raw", '"2025-06-18"', "notools"))
    assert "no method tools/list" in str(info.value)
    assert "--protocol" not in (info.value.hint or "")
    assert "the server has no tools/list" in (info.value.hint or "")


@pytest.mark.skipif(__import__("parity.mcp").mcp.SDK_MAJOR < 2, reason="2026-07-28: mcp 2.x")
def test_a_server_refusing_2026_is_told_what_exists_to_list_under_the_handshake() -> None:
    """``verify`` has no --protocol (it lists as the lock was listed): the hint names
    ``parity lock --protocol auto`` and the server's ``protocol`` key."""
    with pytest.raises(SourceError) as info:
        fetch_tools(stdio("tests.servers.version_raw", '"2025-06-18"',
                          protocol="2026-07-28"))
    assert "does not speak MCP 2026-07-28" in str(info.value)
    assert "`parity lock --protocol auto`" in (info.value.hint or "")
