"""``parity.protect`` on agno's ``MCPTools`` (its session a fastmcp ``Client``): listed by its
``build_tools`` (what an agent is given: its ``functions``), each call made as an agent
makes it (a ``FunctionCall`` executed). agno hands the model an error result as the text
``Error from MCP tool '<name>': [...]``, parity's refusal inside. The framework checks, and
what the framework adds."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

import parity
from parity.errors import ToolDriftError
from parity.integrations import UnsupportedTarget
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

        yield Harness(tools, list_names, call)


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


def test_sessions_per_run_are_refused(tmp_path: Path) -> None:
    """Sessions opened for an agent's runs (``refresh_connection``, or a ``header_provider``,
    HTTP only) list before parity could verify them: refused, naming the setting, and
    nothing is intercepted."""
    log = tmp_path / "calls.jsonl"

    async def main() -> None:
        async with tools_of(*server_command("none", log), refresh_connection=True) as tools:
            with pytest.raises(UnsupportedTarget,
                               match="refresh_connection opens sessions of its own"):
                await parity.protect(tools, LOCK)
            failed, text = await agent_call(tools.functions[GOOD_CALL[0]], GOOD_CALL[1])
            assert not failed and "phase_id" in text, text
        by_headers = MCPTools(url="http://127.0.0.1:9/mcp", transport="streamable-http",
                              header_provider=lambda **_: {"x-user": "a"})
        with pytest.raises(UnsupportedTarget, match="header_provider opens sessions of its own"):
            await parity.protect(by_headers, LOCK)

    run(main)
    assert calls_seen(log) == [GOOD_CALL[0]]


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
