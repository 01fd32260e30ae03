"""``parity.protect`` on a google-adk ``McpToolset``, driven as an ADK agent drives it: tools
listed by ``get_tools``, each call made by a real ``LlmAgent`` run (``InMemoryRunner``)
whose model is scripted to call one tool, the tool's answer read from the run's events (what
the model would see next). The framework checks, then what is ADK's own: the sessions the
toolset opens after ``protect`` (a reconnect, one per user's headers) are verified before
ADK uses them."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import sys
from collections.abc import AsyncGenerator, AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import anyio
import pytest

import parity
from parity.errors import ToolDriftError
from tests.integrations.scenario import (
    BAD_CALL,
    CHECKS,
    GOOD_CALL,
    LOCK,
    ROOT,
    Harness,
    calls_seen,
    check_published,
    run,
)

pytest.importorskip("google.adk.tools.mcp_tool", reason="google-adk is not installed (extra "
                    "frameworks-mcp2)")
pytestmark = [
    pytest.mark.slow,
    # ADK reads the SDK tool's camelCase names, which fastmcp (installed beside it) warns of
    pytest.mark.filterwarnings("ignore:Accessing `Tool.:DeprecationWarning"),
]

from google.adk.agents import LlmAgent  # noqa: E402
from google.adk.models.base_llm import BaseLlm  # noqa: E402
from google.adk.models.llm_request import LlmRequest  # noqa: E402
from google.adk.models.llm_response import LlmResponse  # noqa: E402
from google.adk.runners import InMemoryRunner  # noqa: E402
from google.adk.tools.mcp_tool import (  # noqa: E402
    McpTool,
    McpToolset,
    StdioConnectionParams,
    StreamableHTTPConnectionParams,
)
from google.genai import types  # noqa: E402
from mcp import StdioServerParameters  # noqa: E402
from mcp import types as mcp_types  # noqa: E402


class OneCall(BaseLlm):
    """A model that calls one tool, then answers once it has the tool's response."""

    model: str = "one-call"
    name: str = ""
    arguments: dict[str, Any] = {}

    async def generate_content_async(self, llm_request: LlmRequest, stream: bool = False,
                                     ) -> AsyncGenerator[LlmResponse, None]:
        parts = llm_request.contents[-1].parts or []
        if any(p.function_response for p in parts):
            yield LlmResponse(content=types.Content(role="model",
                                                    parts=[types.Part.from_text(text="done")]))
            return
        yield LlmResponse(content=types.Content(role="model", parts=[
            types.Part.from_function_call(name=self.name, args=self.arguments)]))


async def agent_call(tool: Any, name: str, arguments: dict[str, Any], *,
                     user: str = "user") -> dict[str, Any]:
    """One agent run with ``tool`` (a toolset, or one tool) that calls ``name``: the tool
    response the model receives."""
    agent = LlmAgent(name="agent", model=OneCall(name=name, arguments=arguments),
                     tools=[tool])
    runner = InMemoryRunner(agent=agent, app_name="parity")
    session = await runner.session_service.create_session(app_name="parity", user_id=user)
    responses = []
    message = types.Content(role="user", parts=[types.Part.from_text(text="go")])
    async for event in runner.run_async(user_id=user, session_id=session.id,
                                        new_message=message):
        for part in (event.content.parts or []) if event.content else []:
            if part.function_response is not None:
                responses.append(part.function_response.response)
    assert len(responses) == 1, responses
    return dict(responses[0] or {})


def failed_and_text(response: dict[str, Any]) -> tuple[bool, str]:
    """What the model sees: an ``isError`` result (or ADK's ``{"error": ...}``) and its text."""
    if "error" in response:
        return True, str(response["error"])
    text = "\n".join(c.get("text", "") for c in response.get("content") or [])
    return bool(response.get("isError")), text


def stdio_toolset(command: str, args: list[str], *, cache: bool = False) -> McpToolset:
    # a minute to start: a proxy and a server on a busy machine take more than the 5 s default
    return McpToolset(connection_params=StdioConnectionParams(
        server_params=StdioServerParameters(command=command, args=args, cwd=str(ROOT)),
        timeout=60), **({"tool_list_cache_ttl_seconds": 600} if cache else {}))


def per_user_toolset(url: str) -> McpToolset:
    """A toolset over streamable HTTP whose headers name the agent's user: one session each."""
    return McpToolset(connection_params=StreamableHTTPConnectionParams(url=url, timeout=60),
                      header_provider=lambda context: {"X-User": context.user_id})


@contextlib.contextmanager
def proxied(url: str, mode: str) -> Iterator[tuple[Any, str]]:
    """The drill's HTTP proxy in front of ``url`` for the scope, injecting ``mode`` (its
    injector's ``mode`` can be changed meanwhile): the proxy and its URL."""
    from parity.runtime.drill.http_proxy import HttpProxy
    from parity.runtime.drill.inject import FaultInjector

    proxy = HttpProxy(url, FaultInjector(mode, transport="http"))
    try:
        yield proxy, proxy.start()
    finally:
        proxy.stop()


@contextlib.asynccontextmanager
async def connect(command: str, args: list[str], *, cache: bool = False,
                  ) -> AsyncIterator[Harness]:
    toolset = stdio_toolset(command, args, cache=cache)
    # the tools an agent may still hold from an earlier listing (ADK lists on every turn,
    # but an agent built with the toolset's tools keeps them)
    held: dict[str, Any] = {}
    try:

        async def list_names() -> list[str]:
            tools = await toolset.get_tools()
            held.update((t.name, t) for t in tools)
            return [t.name for t in tools]

        async def call(name: str, arguments: dict[str, Any]) -> tuple[bool, str]:
            try:
                listed = name in await list_names()
            except Exception:  # (ADK runs the agent without a toolset that fails to list)
                listed = False
            # the agent's own way is the toolset, listed; a tool it no longer lists
            # (withheld, or its session refused) is still called by an agent holding it
            tool = toolset if listed else held.get(name) or McpTool(
                mcp_tool=mcp_types.Tool.model_validate(
                    {"name": name, "inputSchema": {"type": "object"}}),
                mcp_session_manager=toolset._mcp_session_manager)
            try:
                return failed_and_text(await agent_call(tool, name, arguments))
            except Exception as exc:  # a tool's exception may end ADK's run: a failure too
                return True, f"{type(exc).__name__}: {exc}"

        yield Harness(toolset, list_names, call)
    finally:
        await toolset.close()


@pytest.mark.parametrize("check", sorted(CHECKS))
def test_google_adk_toolset(check: str, tmp_path: Path) -> None:
    CHECKS[check](connect, tmp_path)


@pytest.mark.parametrize("check", ["refused_stays_closed", "withheld"])
def test_a_listing_cached_before_protect_is_not_offered(check: str, tmp_path: Path) -> None:
    """``tool_list_cache_ttl_seconds``, listed at connect: the cached listing (the drifted
    tools, a description rewritten) was what an agent was given after protect, refused or
    withholding."""
    CHECKS[check](functools.partial(connect, cache=True), tmp_path)


def test_published_server_everything(tmp_path: Path) -> None:
    check_published(connect, tmp_path)  # ADK's session declares no capabilities by default


def test_reconnect_is_verified_before_use(tmp_path: Path) -> None:
    """The toolset's connection closes and ADK opens a new one, to a server that drifted
    meanwhile: that session is verified before ADK lists or calls through it and refused
    with the field-path explanation (``get_tools`` raises it); an agent holding the
    tool from before gets a failure, and no call reaches the server. Before, through the
    protected session, a call went through."""
    mode, log = tmp_path / "mode", tmp_path / "calls.jsonl"
    mode.write_text("none")
    caught: list[BaseException] = []

    async def main() -> None:
        async with connect(sys.executable,
                           ["-m", "tests.servers.switch", str(mode), str(log)]) as h:
            protection = await parity.protect(h.target, LOCK)
            failed, text = await h.call(*GOOD_CALL)
            assert not failed, text
            await h.target.close()  # the server goes away (a crash, a restart)
            mode.write_text("drift")
            for _ in range(2):  # (refused again, not handed out once refused)
                with pytest.raises(Exception) as raised:
                    await h.target.get_tools()
                caught.append(raised.value)
            failed, text = await h.call(*GOOD_CALL)
            assert failed and f"differ from the lock ({LOCK}): refused" in text, text
            assert protection.later == []  # the new session was refused, never protected

    run(main)
    for exc in caught:
        drift = parity.find_drift_error(exc)
        assert drift is not None, repr(exc)
        assert "renamed `phases[].phase_id` -> `phases[].phase_id_renamed`" in str(drift)
    assert calls_seen(log) == ["propose_phases"]


def test_each_users_session_is_verified(http_server: Any, tmp_path: Path) -> None:
    """Over streamable HTTP with a ``header_provider`` (each user's own headers), ADK opens a
    session per user: each is verified against the lock before its first use, shares the
    protection's outcomes, and its calls are guarded (a bad call never reaches the server)."""
    url = http_server("examples.workflow.server", path="/mcp")

    async def main() -> None:
        toolset = per_user_toolset(url)
        try:
            protection = await parity.protect(toolset, LOCK)
            for user in ("ann", "bob"):
                failed, text = failed_and_text(await agent_call(toolset, *GOOD_CALL, user=user))
                assert not failed, text
                failed, text = failed_and_text(await agent_call(toolset, *BAD_CALL, user=user))
                assert failed and "local_failure: retry never" in text, text
            assert len(protection.later) == 2
            assert all(p.pinned.verifications == 1 and not p.unavailable
                       for p in protection.later)
            sessions = {id(protection.session), *(id(p.session) for p in protection.later)}
            assert len(sessions) == 3
            assert [o.ok for o in protection.outcomes] == [True, False, True, False]
        finally:
            await toolset.close()

    run(main)


def test_lock_tools_opens_the_session(tmp_path: Path) -> None:
    """``lock_tools`` on a toolset that has not connected yet opens its session, as
    ``protect`` does; the lock it writes verifies."""
    lock = tmp_path / "adk.lock.json"

    async def main() -> None:
        toolset = stdio_toolset(sys.executable, ["-m", "examples.workflow.server"])
        try:
            await parity.lock_tools(toolset, lock)
            protection = await parity.protect(toolset, lock)
            assert sorted(protection.tools) == sorted(
                t.name for t in await toolset.get_tools())
        finally:
            await toolset.close()

    run(main)


def test_protect_refused_leaves_later_sessions_closed(tmp_path: Path) -> None:
    """``protect`` raised (a drifted server) and the caller carried on: a session ADK opens
    afterwards, to a server that is sound again, is closed as well, listing nothing and
    refusing every call, never sent."""
    mode, log = tmp_path / "mode", tmp_path / "calls.jsonl"
    mode.write_text("drift")

    async def main() -> None:
        async with connect(sys.executable,
                           ["-m", "tests.servers.switch", str(mode), str(log)]) as h:
            with pytest.raises(ToolDriftError):
                await parity.protect(h.target, LOCK)
            await h.target.close()
            mode.write_text("none")
            assert await h.list_names() == []
            failed, text = await h.call(*GOOD_CALL)
            assert failed and "call parity.protect again" in text, text

    run(main)
    assert calls_seen(log) == []


def test_a_users_session_that_drifted_is_refused_until_protected_again(
        http_server: Any, tmp_path: Path) -> None:
    """Over streamable HTTP through the drill's proxy: the server drifts after ``protect``,
    so the session ADK opens for a new user is refused (the call fails, nothing is sent);
    the server is sound again and ``protect`` is called anew: that session is verified again
    under it, and the user's call goes through."""
    async def main(proxy: Any, url: str) -> None:
        toolset = per_user_toolset(url)
        try:
            await parity.protect(toolset, LOCK)
            proxy.injector.mode = "drift"
            failed, text = failed_and_text(await agent_call(toolset, *GOOD_CALL, user="ann"))
            assert failed, text  # (ADK runs the agent without the toolset it cannot list)
            proxy.injector.mode = "none"
            protection = await parity.protect(toolset, LOCK)
            failed, text = failed_and_text(await agent_call(toolset, *GOOD_CALL, user="ann"))
            assert not failed, text
            assert len(protection.later) == 1
        finally:
            await toolset.close()

    with proxied(http_server("examples.workflow.server", path="/mcp"), "none") as (proxy, url):
        anyio.run(main, proxy, url)
    assert [r["tool"] for r in proxy.injector.records] == ["propose_phases"]


def test_concurrent_first_calls_share_one_verification(http_server: Any) -> None:
    """Two runs of one user start at once: ADK hands both the user's new session, which is
    verified once, both waiting for it, and both calls go through guarded."""
    url = http_server("examples.workflow.server", path="/mcp")

    async def main() -> None:
        toolset = per_user_toolset(url)
        try:
            protection = await parity.protect(toolset, LOCK)
            answers = await asyncio.gather(*(agent_call(toolset, *GOOD_CALL, user="ann")
                                             for _ in range(2)))
            assert [failed_and_text(a)[0] for a in answers] == [False, False]
            assert len(protection.later) == 1
            assert [o.ok for o in protection.outcomes] == [True, True]
        finally:
            await toolset.close()

    run(main)


def test_a_server_that_needs_the_users_headers_is_verified_on_its_first_session(
        http_server: Any) -> None:
    """A server that refuses a session without the user's headers (``X-User``, which only a
    ``header_provider`` given an agent's context sends) refuses the session ``protect``
    opens; ``protect(..., defer=True)`` opens none and verifies the first session ADK opens
    for a user, before ADK lists or calls through it, then each other user's under it."""
    url = http_server("tests.servers.needs_user", path="/mcp")

    async def main() -> None:
        refused = per_user_toolset(url)
        try:
            with pytest.raises(Exception, match="session"):
                await parity.protect(refused, LOCK)  # no user named: HTTP 401
        finally:
            await refused.close()
        toolset = per_user_toolset(url)
        try:
            deferred = await parity.protect(toolset, LOCK, defer=True)
            assert isinstance(deferred, parity.Deferred)
            assert (deferred.first, deferred.tools, deferred.later) == (None, {}, [])
            for user in ("ann", "bob"):
                failed, text = failed_and_text(await agent_call(toolset, *GOOD_CALL, user=user))
                assert not failed, text
                failed, text = failed_and_text(await agent_call(toolset, *BAD_CALL, user=user))
                assert failed and "local_failure: retry never" in text, text
            assert deferred.first is not None and len(deferred.later) == 2
            assert all(p.pinned.verifications == 1 and not p.unavailable
                       for p in deferred.later)
            assert len({id(p.session) for p in deferred.later}) == 2
            assert GOOD_CALL[0] in deferred.tools
            assert [o.ok for o in deferred.outcomes] == [True, False, True, False]
        finally:
            await toolset.close()

    run(main)


def test_users_starting_at_once_share_the_deferred_first_verification(
        http_server: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two users' first runs start at once: one session is verified first, the other waits
    for it and is verified under it, once (not again when ADK next hands it out)."""
    url = http_server("tests.servers.needs_user", path="/mcp")
    under_first: list[Any] = []
    verify = parity.Protection.also

    async def counted(self: parity.Protection, session: Any) -> parity.Protection:
        under_first.append(session)
        return await verify(self, session)

    monkeypatch.setattr(parity.Protection, "also", counted)

    async def main() -> None:
        toolset = per_user_toolset(url)
        try:
            deferred = await parity.protect(toolset, LOCK, defer=True)
            answers = await asyncio.gather(*(agent_call(toolset, *GOOD_CALL, user=user)
                                             for user in ("ann", "bob")))
            assert [failed_and_text(a)[0] for a in answers] == [False, False]
            assert len(deferred.later) == 2
            assert all(p.pinned.verifications == 1 for p in deferred.later)
            assert under_first == [deferred.later[1].session]  # verified once, not twice
            assert [o.ok for o in deferred.outcomes] == [True, True]
        finally:
            await toolset.close()

    run(main)


def test_a_deferred_first_session_that_drifted_closes_every_session(http_server: Any) -> None:
    """With ``defer=True`` the drift is found in the agent's first run: its session is
    refused (ADK runs the agent without the toolset it cannot list), and the sessions ADK
    opens afterwards, for the same user or another, stay closed even once the server is
    sound again, as after a ``protect`` that raised: no call reaches the server."""
    async def main(proxy: Any, url: str) -> None:
        toolset = per_user_toolset(url)
        try:
            deferred = await parity.protect(toolset, LOCK, defer=True)
            failed, text = failed_and_text(await agent_call(toolset, *GOOD_CALL, user="ann"))
            assert failed, text
            proxy.injector.mode = "none"
            for user in ("ann", "bob"):
                failed, text = failed_and_text(await agent_call(toolset, *GOOD_CALL, user=user))
                assert failed, text
            assert (deferred.first, deferred.later, deferred.outcomes) == (None, [], [])
        finally:
            await toolset.close()

    with proxied(http_server("tests.servers.needs_user", path="/mcp"), "drift") as (proxy, url):
        anyio.run(main, proxy, url)
    assert [r["tool"] for r in proxy.injector.records] == []


def test_defer_checks_the_lock_and_options_at_once(tmp_path: Path) -> None:
    """``defer=True`` opens no session, but a missing lock, a mode of no known value or a
    policy that is none raises from ``protect`` itself, not in the agent's run."""
    toolset = per_user_toolset("http://127.0.0.1:9/mcp")  # never connected

    async def main() -> None:
        with pytest.raises(parity.ParityError, match=r"missing\.lock\.json"):
            await parity.protect(toolset, tmp_path / "missing.lock.json", defer=True)
        with pytest.raises(ValueError, match="mode must be one of"):
            await parity.protect(toolset, LOCK, mode="bogus", defer=True)  # type: ignore[call-overload]
        with pytest.raises(TypeError, match="policy must be a GuardPolicy"):
            await parity.protect(toolset, LOCK, policy={"deadline": 1}, defer=True)  # type: ignore[call-overload]

    run(main)
