"""``parity.protect`` on agno's ``MCPTools`` (its session a fastmcp ``Client``): listed by its
``build_tools`` (what an agent is given: its ``functions``), each call made as an agent
makes it (a ``FunctionCall`` executed); the sessions it opens later (a reconnect, one per
run) verified before use. agno hands the model an error result as the text
``Error from MCP tool '<name>': [...]``, parity's refusal inside. The framework checks, and
what the framework adds."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

import parity
from parity.errors import ToolDriftError
from parity.integrations.kinds.agno import mcp_session
from tests.integrations.scenario import (
    ALL_TOOLS,
    BAD_CALL,
    CHECKS,
    GOOD_CALL,
    LOCK,
    ROOT,
    Harness,
    calls_seen,
    check_published,
    example_lines,
    run,
    server_command,
)

pytest.importorskip("agno.tools.mcp", reason="agno is not installed (extra frameworks-mcp2)")
pytestmark = pytest.mark.slow

from agno.run.base import RunContext  # noqa: E402
from agno.tools.function import FunctionCall  # noqa: E402
from agno.tools.mcp import MCPTools  # noqa: E402
from mcp import StdioServerParameters  # noqa: E402


def tools_of(command: str, args: list[str], **options: Any) -> MCPTools:
    return MCPTools(server_params=StdioServerParameters(command=command, args=args,
                                                        cwd=str(ROOT)),
                    transport="stdio", timeout_seconds=60, **options)


async def agent_call(function: Any, arguments: dict[str, Any]) -> tuple[bool, str]:
    """A call as an agent makes it: (failed, the text the model is given)."""
    executed = await FunctionCall(function=function, arguments=arguments).aexecute()
    result = executed.result
    text = str(getattr(result, "content", result))
    return executed.status == "failure" or text.startswith("Error from MCP tool"), text


@contextlib.asynccontextmanager
async def connect(command: str, args: list[str]) -> AsyncIterator[Harness]:
    async with tools_of(command, args) as tools:
        held = dict(tools.functions)  # what an agent is given at connect

        async def list_names() -> list[str]:
            tools.functions.clear()  # (a listing: what an agent is given next)
            await tools.build_tools()
            held.update(tools.functions)
            return list(tools.functions)

        async def call(name: str, arguments: dict[str, Any]) -> tuple[bool, str]:
            if name not in held:
                return True, f"no tool {name}"
            return await agent_call(held[name], arguments)

        yield Harness(tools, list_names, call, offered=lambda: list(tools.functions))


@pytest.mark.parametrize("check", sorted(CHECKS))
def test_agno_tools(check: str, tmp_path: Path) -> None:
    CHECKS[check](connect, tmp_path)


def test_published_server_everything(tmp_path: Path) -> None:
    check_published(connect, tmp_path)  # its fastmcp Client declares no capabilities


def test_the_functions_registered_before_protect_are_registered_again(tmp_path: Path) -> None:
    """agno registers its functions when it connects, before ``protect``, and never drops
    one: once verified, what an agent is given (no listing of the test's) holds verified
    tools only, and a call to a withheld tool kept from before is refused, never sent."""
    log = tmp_path / "calls.jsonl"

    async def main() -> None:
        async with connect(*server_command("drift", log)) as h:
            before = dict(h.target.functions)
            protection = await parity.protect(h.target, LOCK, mode="refuse-changed")
            withheld = set(protection.unavailable) & set(before)
            assert withheld, "the drift mode changes listed tools"
            assert set(h.target.functions) == set(before) - withheld
            failed, text = await agent_call(before[sorted(withheld)[0]], {"phases": []})
            assert failed and "drifted: retry never" in text, text

    run(main)
    assert calls_seen(log) == []


def test_a_reconnect_is_verified_before_it_lists(tmp_path: Path) -> None:
    """``refresh_connection=True``: agno reconnects a dead connection (``connect(force=True)``)
    and lists through the new session. A server that drifted meanwhile is refused before the
    listing (agno logs the refusal and leaves the toolkit out of the run), and nothing is
    sent; a sound one is verified, and its calls are guarded."""
    mode, log = tmp_path / "mode", tmp_path / "calls.jsonl"
    mode.write_text("none")
    command, args = sys.executable, ["-m", "tests.servers.switch", str(mode), str(log)]

    async def main() -> None:
        async with tools_of(command, args, refresh_connection=True) as tools:
            protection = await parity.protect(tools, LOCK)
            mode.write_text("drift")
            await tools.connect(force=True)
            assert not tools.initialized and not protection.later
            refused = tools.session  # (closed: it lists nothing and refuses every call)
            assert await refused.list_tools() == []
            result = await refused.call_tool_mcp(*GOOD_CALL)
            assert result.is_error and "drifted: retry never" in result.content[0].text
            mode.write_text("none")
            await tools.connect(force=True)
            assert tools.initialized and len(protection.later) == 1
            assert protection.later[0].session is mcp_session(tools.session)
            failed, text = await agent_call(tools.functions[BAD_CALL[0]], BAD_CALL[1])
            assert failed and "local_failure: retry never" in text, text
            failed, text = await agent_call(tools.functions[GOOD_CALL[0]], GOOD_CALL[1])
            assert not failed, text

    run(main)
    assert calls_seen(log) == [GOOD_CALL[0]]


def test_each_runs_session_is_verified(http_server: Any, tmp_path: Path) -> None:
    """Over streamable HTTP with a ``header_provider`` (each user's own headers), agno opens
    a session per run: each is verified against the lock before its first call, and its
    calls are guarded (a bad call never reaches the server)."""
    url = http_server("examples.workflow.server", path="/mcp")

    async def main() -> None:
        tools = MCPTools(url=url, transport="streamable-http", timeout_seconds=60,
                         header_provider=lambda run_context: {"X-User": run_context.user_id})
        async with tools:
            protection = await parity.protect(tools, LOCK)
            for user in ("ann", "bob"):
                run_context = RunContext(run_id=f"run-{user}", session_id="s", user_id=user)
                for call, refused in ((GOOD_CALL, False), (BAD_CALL, True)):
                    entrypoint = tools.functions[call[0]].entrypoint
                    result = await entrypoint(_agno_run_context=run_context, **call[1])
                    assert ("local_failure: retry never" in result.content) is refused, result
            assert len(protection.later) == 2
            sessions = {id(protection.session), *(id(p.session) for p in protection.later)}
            assert len(sessions) == 3
            assert [o.ok for o in protection.outcomes] == [True, False, True, False]

    run(main)


def test_each_calls_own_session_is_verified(http_server: Any, tmp_path: Path) -> None:
    """With ``refresh_connection=True`` and a ``header_provider`` over streamable HTTP, agno
    opens a session for each call and closes it after: each is verified before the call
    goes through it, and the call is guarded."""
    url = http_server("examples.workflow.server", path="/mcp")

    async def main() -> None:
        tools = MCPTools(url=url, transport="streamable-http", timeout_seconds=60,
                         refresh_connection=True,
                         header_provider=lambda run_context: {"X-User": run_context.user_id})
        async with tools:
            protection = await parity.protect(tools, LOCK)
            run_context = RunContext(run_id="run-ann", session_id="s", user_id="ann")
            for call, refused in ((GOOD_CALL, False), (BAD_CALL, True), (GOOD_CALL, False)):
                entrypoint = tools.functions[call[0]].entrypoint
                result = await entrypoint(_agno_run_context=run_context, **call[1])
                assert ("local_failure: retry never" in result.content) is refused, result
            assert [o.ok for o in protection.outcomes] == [True, False, True]
            assert protection.pinned.verifications == 1  # (each later one verified its own)

    run(main)


def test_a_refused_server_leaves_no_function_to_call(tmp_path: Path) -> None:
    """refuse-server on a drifted server: ``ToolDriftError``; a function kept from before is
    refused when called, never sent."""
    log = tmp_path / "calls.jsonl"

    async def main() -> None:
        async with connect(*server_command("drift", log)) as h:
            kept = dict(h.target.functions)
            with pytest.raises(ToolDriftError):
                await parity.protect(h.target, LOCK)
            failed, text = await agent_call(kept[GOOD_CALL[0]], GOOD_CALL[1])
            assert failed and "drifted: retry never" in text, text

    run(main)
    assert calls_seen(log) == []


def test_the_example_runs() -> None:
    """``examples/integrations/agno.py`` as a user runs it: the verified tools, then the
    refusal the model reads."""
    listed, answer = example_lines("examples.integrations.agno")
    assert listed == repr(ALL_TOOLS)
    assert "local_failure: retry never: refused locally" in answer
    assert "$.max_phases" in answer


def test_a_session_of_your_own(tmp_path: Path) -> None:
    """``MCPTools(session=...)``: the ``ClientSession`` given it is the one verified; its
    functions are registered again, and a call only the pinned schema refuses is never
    sent."""
    from mcp import ClientSession
    from mcp.client.stdio import stdio_client

    log = tmp_path / "calls.jsonl"
    command, args = server_command("drift", log)

    async def main() -> None:
        async with stdio_client(StdioServerParameters(command=command, args=args,
                                                      cwd=str(ROOT))) as (read, write), \
                ClientSession(read, write) as session:
            await session.initialize()
            async with MCPTools(session=session) as tools:
                before = set(tools.functions)
                protection = await parity.protect(tools, LOCK, mode="refuse-changed")
                assert protection.session is session
                assert set(tools.functions) == before - set(protection.unavailable)
                failed, text = await agent_call(tools.functions[BAD_CALL[0]], BAD_CALL[1])
                assert failed and "local_failure: retry never" in text, text

    run(main)
    assert calls_seen(log) == []
