"""``parity.protect`` under DSPy: its tools are built from an ``mcp`` session's listing
(``dspy.Tool.from_mcp_tool(session, tool)``) and call through that session, so protecting the
session (a ``ClientSession``, or the 2.x ``Client``) guards every DSPy call. Each call is made
as DSPy makes it (``Tool.acall``), and a ``ReAct`` run shows what the model reads. The
framework checks, and what DSPy does by itself: it checks each argument against the listed
schema of its key, never that a required key is there."""

from __future__ import annotations

import contextlib
import functools
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager
from pathlib import Path
from typing import Any

import pytest

import parity
from tests.integrations.scenario import (
    ALL_TOOLS,
    BAD_CALL,
    CHECKS,
    GOOD_CALL,
    LOCK,
    ROOT,
    Harness,
    built_harness,
    calls_seen,
    check_bad_arguments,
    check_published,
    example_lines,
    run,
    server_command,
)

dspy = pytest.importorskip("dspy", reason="dspy is not installed (extra frameworks-mcp2)")
pytestmark = pytest.mark.slow

from mcp import ClientSession, StdioServerParameters  # noqa: E402
from mcp.client.stdio import stdio_client  # noqa: E402

#: DSPy checks each argument it is given against the listed schema of that key, but not
#: that the required ones are there: ``goal`` left out passes it, and the pinned schema
#: refuses it
MISSING_CALL = ("propose_phases", {"max_phases": 3})
DSPY_CHECKS = {**CHECKS, "bad_arguments": functools.partial(check_bad_arguments,
                                                            bad=MISSING_CALL, where="$ (required)")}


def params(command: str, args: list[str]) -> StdioServerParameters:
    return StdioServerParameters(command=command, args=args, cwd=str(ROOT))


async def dspy_call(tool: Any, arguments: dict[str, Any]) -> tuple[bool, str]:
    """A call as DSPy makes it: an error result raises (``ReAct`` hands the model the
    exception as the observation), a success is the result's text."""
    try:
        return False, str(await tool.acall(**arguments))
    except Exception as exc:
        return True, f"{type(exc).__name__}: {exc}"


def harness(client: Any) -> Harness:
    """The DSPy tools of ``client`` (a session or a ``Client``), built from each listing."""

    async def tools() -> dict[str, Any]:
        listed = (await client.list_tools()).tools
        return {t.name: dspy.Tool.from_mcp_tool(client, t) for t in listed}

    return built_harness(client, client, tools, dspy_call)


@contextlib.asynccontextmanager
async def connect(command: str, args: list[str]) -> AsyncIterator[Harness]:
    """A ``ClientSession`` (both SDK generations), as DSPy's docs open one."""
    async with stdio_client(params(command, args)) as (read, write, *_), \
            ClientSession(read, write) as session:
        await session.initialize()
        yield harness(session)


@contextlib.asynccontextmanager
async def connect_client(command: str, args: list[str]) -> AsyncIterator[Harness]:
    """The 2.x ``mcp.client.Client``, which DSPy takes as well."""
    from mcp.client.client import Client

    async with Client(params(command, args)) as client:
        yield harness(client)


Connect = Callable[[str, list[str]], AbstractAsyncContextManager[Harness]]
CONNECTS: dict[str, Connect] = {"session": connect, "client": connect_client}


def connection(kind: str) -> Connect:
    if kind == "client":
        pytest.importorskip("mcp.client.client", reason="mcp.client.Client is the 2.x SDK's")
    return CONNECTS[kind]


@pytest.mark.parametrize("kind", sorted(CONNECTS))
@pytest.mark.parametrize("check", sorted(DSPY_CHECKS))
def test_dspy_tools(kind: str, check: str, tmp_path: Path) -> None:
    DSPY_CHECKS[check](connection(kind), tmp_path)


def test_published_server_everything(tmp_path: Path) -> None:
    check_published(connect, tmp_path)  # the SDK's session declares no capabilities


def test_dspy_checks_each_argument_itself(tmp_path: Path) -> None:
    """What DSPy refuses by itself (a mistyped argument, protected or not), and what it
    sends: without parity, a required key left out reaches the server, whose error is the
    model's only word of it."""
    log = tmp_path / "calls.jsonl"

    async def main() -> None:
        async with connect(*server_command("none", log)) as h:
            failed, text = await h.call(*BAD_CALL)
            assert failed and "Arg max_phases is invalid" in text, text
            failed, text = await h.call(*MISSING_CALL)
            assert failed, text
            assert "local_failure" not in text and "goal" in text, text

    run(main)
    assert calls_seen(log) == ["propose_phases"]


class ScriptedLM(dspy.utils.DummyLM):  # type: ignore[misc]
    """A model that calls ``call`` once, then finishes."""

    def __init__(self, call: tuple[str, dict[str, Any]]) -> None:
        super().__init__([
            {"next_thought": "call it", "next_tool_name": call[0], "next_tool_args": call[1]},
            {"next_thought": "done", "next_tool_name": "finish", "next_tool_args": {}},
            {"reasoning": "done", "answer": "done"}])


@pytest.mark.parametrize(("mode", "call", "category"), [
    ("none", MISSING_CALL, "local_failure"), ("http200_error", GOOD_CALL, "tool_error")])
def test_a_react_run_is_told_the_call_failed(mode: str, call: tuple[str, dict[str, Any]],
                                             category: str, tmp_path: Path) -> None:
    """A real ``ReAct`` run whose model calls the tool: arguments only the pinned schema
    refuses, or a success carrying ``{"error": "rate_limited"}``, reach the model as an
    execution error holding parity's category, never as data."""
    log = tmp_path / "calls.jsonl"

    async def main() -> None:
        async with stdio_client(params(*server_command(mode, log))) as (read, write, *_), \
                ClientSession(read, write) as session:
            await session.initialize()
            await parity.protect(session, LOCK)
            tools = [dspy.Tool.from_mcp_tool(session, t)
                     for t in (await session.list_tools()).tools]
            react = dspy.ReAct("question -> answer", tools=tools, max_iters=3)
            with dspy.context(lm=ScriptedLM(call)):
                answer = await react.acall(question="plan the weekly digest")
            observation = answer.trajectory["observation_0"]
            assert observation.startswith(f"Execution error in {call[0]}"), observation
            assert f"{category}: retry " in observation
            assert "phase_id" not in observation

    run(main)
    assert calls_seen(log) == ([] if mode == "none" else [call[0]])


def test_the_example_runs() -> None:
    """``examples/integrations/dspy.py`` as a user runs it: the verified tools, then the
    refusal of the call DSPy lets through."""
    listed, answer = example_lines("examples.integrations.dspy")
    assert listed == repr(ALL_TOOLS)
    assert "local_failure: retry never: refused locally; nothing was sent" in answer
    assert "$ (required)" in answer
