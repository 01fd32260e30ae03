"""``parity.protect`` on crewai-tools' ``MCPServerAdapter`` (mcpadapt underneath, its session
on a loop of its own in a thread): tools read from the adapter's ``tools``, each call made
through the crewai ``BaseTool`` a crew is given (``run``, which validates the arguments
against the listed schema first). crewai hands the model the result's first text, error or
not: a call failed when that text is parity's refusal (``<category>: retry ...``) or the
server's error, or when crewai raised. The framework checks."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
import os
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

import parity
from parity.integrations import UnsupportedTarget
from parity.integrations.kinds import crewai as crewai_kind
from parity.integrations.kinds import crewai_agent
from tests.integrations.scenario import (
    ALL_TOOLS,
    BAD_CALL,
    CHECKS,
    GOOD_CALL,
    LOCK,
    REFUSED,
    ROOT,
    Harness,
    calls_seen,
    check_bad_arguments,
    check_published,
    check_withheld,
    example_lines,
    run,
    server_command,
    text_call,
)

# crewai reports usage to its own servers unless told not to: nothing leaves 127.0.0.1
os.environ.setdefault("CREWAI_DISABLE_TELEMETRY", "true")
os.environ.setdefault("OTEL_SDK_DISABLED", "true")
crewai_tools = pytest.importorskip("crewai_tools", reason="crewai-tools is not installed "
                                   "(extra frameworks-crewai)")
pytest.importorskip("mcpadapt.core", reason="crewai-tools[mcp] is not installed")
pytestmark = [
    pytest.mark.slow,
    # crewai's Agent reads its own deprecated fields as it is built, and its HTTP transport
    # opens mcp 1.x's deprecated streamablehttp_client: theirs, not parity's
    pytest.mark.filterwarnings("ignore:function_calling_llm is deprecated:DeprecationWarning"),
    pytest.mark.filterwarnings("ignore:deprecated$:DeprecationWarning"),
    pytest.mark.filterwarnings("ignore:Use `streamable_http_client` instead:DeprecationWarning"),
]

from mcp import StdioServerParameters  # noqa: E402

#: crewai checks a call's arguments against the listed schema itself (``BaseTool.run``), and
#: its model of that schema makes every optional key nullable (``max_phases: int | None``):
#: a ``null`` passes crewai, is sent as ``null``, and the server's ``integer`` refuses it
NULL_CALL = (GOOD_CALL[0], {**GOOD_CALL[1], "max_phases": None})
#: arguments the drifted server's listing takes, for a call to a tool parity withholds
DRIFTED_ARGUMENTS = {"check_phases": {"phases": []}}
#: the framework checks, given arguments crewai's own check lets through
CREWAI_CHECKS = {**CHECKS, "bad_arguments": functools.partial(check_bad_arguments, bad=NULL_CALL),
                 "withheld": functools.partial(check_withheld, arguments=DRIFTED_ARGUMENTS)}

@contextlib.asynccontextmanager
async def connect(command: str, args: list[str]) -> AsyncIterator[Harness]:
    params = StdioServerParameters(command=command, args=args, cwd=str(ROOT))
    # (connects in its constructor, waiting on its thread: off this loop)
    adapter = await asyncio.to_thread(crewai_tools.MCPServerAdapter, params, connect_timeout=60)
    held = {t.name: t for t in adapter.tools}  # what a crew is given at connect
    try:

        async def list_names() -> list[str]:
            # what a crew is given (once protected, a listing made again)
            tools = await asyncio.to_thread(lambda: list(adapter.tools))
            held.update((t.name, t) for t in tools)
            return [t.name for t in tools]

        async def call(name: str, arguments: dict[str, Any]) -> tuple[bool, str]:
            if name not in held:
                return True, f"no tool {name}"
            return await text_call(held[name].run, arguments)

        yield Harness(adapter, list_names, call)
    finally:
        await asyncio.to_thread(adapter.stop)


@pytest.mark.parametrize("check", sorted(CREWAI_CHECKS))
def test_crewai_adapter(check: str, tmp_path: Path) -> None:
    CREWAI_CHECKS[check](connect, tmp_path)


def test_published_server_everything(tmp_path: Path) -> None:
    """crewai renames the tools it is given (``get-sum`` -> ``get_sum``: lowercase, ``a-z0-9_``
    only); mcpadapt's session declares no capabilities."""
    from crewai.utilities.string_utils import sanitize_tool_name

    check_published(connect, tmp_path, named=sanitize_tool_name)


def test_crewai_checks_types_itself(tmp_path: Path) -> None:
    """What crewai refuses by itself, parity need not: a string for ``max_phases`` is
    crewai's own validation error, protected or not, and never sent. Its ``null``, which
    parity refuses, reaches the unprotected server, whose refusal the model then sees."""
    log = tmp_path / "calls.jsonl"

    async def main() -> None:
        async with connect(*server_command("none", log)) as h:
            failed, text = await h.call(*BAD_CALL)
            assert failed and "arguments validation failed" in text, text
            failed, text = await h.call(*NULL_CALL)
            assert failed and "max_phases" in text, text
            await parity.protect(h.target, LOCK)
            failed, text = await h.call(*BAD_CALL)
            assert failed and "arguments validation failed" in text, text

    run(main)
    assert calls_seen(log) == [NULL_CALL[0]]


def test_an_adapter_kept_elsewhere_is_refused(tmp_path: Path) -> None:
    """A crewai-tools version that keeps its tools elsewhere (here: a real adapter without
    ``_tools``) is refused, naming the versions parity supports, and nothing is
    intercepted: calls go on as before."""
    log = tmp_path / "calls.jsonl"

    async def main() -> None:
        async with connect(*server_command("none", log)) as h:
            del h.target._tools
            with pytest.raises(UnsupportedTarget, match=r"crewai-tools 1\.x \(1\.15 tested\)"):
                await parity.protect(h.target, LOCK)
            failed, text = await h.call(*GOOD_CALL)
            assert not failed and "phase_id" in text, text

    run(main)
    assert calls_seen(log) == [GOOD_CALL[0]]


def test_the_example_runs() -> None:
    """``examples/integrations/crewai.py`` as a user runs it: the verified tools, then the
    refusal of crewai's ``null`` that the model reads."""
    listed, answer = example_lines("examples.integrations.crewai")
    assert listed == repr(ALL_TOOLS)
    assert answer.startswith("local_failure: retry never: refused locally"), answer
    assert "$.max_phases" in answer


def test_tools_crewai_names_alike_are_warned_of(tmp_path: Path,
                                                caplog: pytest.LogCaptureFixture) -> None:
    """crewai gives ``get-sum`` and ``get_sum`` one name (tests.servers.alike_names): the
    model is offered two tools it cannot tell apart. ``protect`` warns, naming both; the
    example server, whose names crewai keeps apart, gives no warning."""
    lock = tmp_path / "alike.lock.json"
    log = tmp_path / "calls.jsonl"

    async def main() -> None:
        async with connect(sys.executable, ["-m", "tests.servers.alike_names"]) as h:
            await parity.lock_tools(h.target, lock)
            await parity.protect(h.target, lock)
            assert sorted(await h.list_names()) == ["echo", "get_sum", "get_sum"]
        async with connect(*server_command("none", log)) as h:
            await parity.protect(h.target, LOCK)

    with caplog.at_level(logging.WARNING, logger=crewai_kind.__name__):
        run(main)
    assert [r.getMessage() for r in caplog.records if r.name == crewai_kind.__name__] == [
        "crewai gives the tools `get-sum` and `get_sum` one name, `get_sum`: the model cannot "
        "tell them apart, and a call by that name reaches one of them; rename one on the "
        "server"]


def test_merged_names() -> None:
    """The names a renaming gives more than one tool, each with the tools it merges."""
    assert crewai_kind.merged_names(["b", "a_b", "a-b", "c-d"],
                                    lambda name: name.replace("-", "_")) == {
        "a_b": ["a-b", "a_b"]}
    assert crewai_kind.merged_names([], str.lower) == {}


# -- an Agent's own mcps= ---------------------------------------------------------------------

#: crewai's own client drops an empty list from a call's arguments (``MCPClient.
#: _clean_tool_arguments``, as it drops ``None``): ``phases`` is required, so the call the
#: model made is one the server refuses; parity checks what is sent, and refuses it first
EMPTIED_CALL = ("check_phases", {"phases": []})


def agent_of(*servers: Any) -> Any:
    """A crewai ``Agent`` given ``servers`` as its ``mcps`` (its model is never asked here)."""
    from crewai import Agent

    return Agent(role="planner", goal="plan a digest", backstory="parity's tests",
                 llm="openai/gpt-4o-mini", mcps=list(servers))


def stdio_entry(command: str, args: list[str]) -> Any:
    from crewai.mcp import MCPServerStdio

    return MCPServerStdio(command=command, args=args)


async def agent_call(tool: Any, arguments: dict[str, Any], *,
                     on_loop: bool = False) -> tuple[bool, str]:
    """A call as the agent makes one (``run``): crewai hands the model a ``ToolFailure``'s
    message for a result with ``isError``, and reports an exception it raised. Made off this
    loop, where crewai runs the call on a loop of its own, or (``on_loop``) on it, where
    crewai runs it on another thread's."""
    from crewai.tools.tool_failure import ToolFailure

    try:
        result = tool.run(**arguments) if on_loop else await asyncio.to_thread(
            tool.run, **arguments)
    except Exception as exc:
        return True, f"{type(exc).__name__}: {exc}"
    if isinstance(result, ToolFailure):
        return True, result.message
    return str(result).startswith(REFUSED), str(result)


@contextlib.asynccontextmanager
async def connect_agent(command: str, args: list[str]) -> AsyncIterator[Harness]:
    """An ``Agent`` of the server, its tools as each of its runs resolves them
    (``get_mcp_tools``), the ones it holds from a run before ``protect`` included (a kickoff
    keeps them in ``tools``)."""
    agent = agent_of(stdio_entry(command, args))
    agent.tools = await asyncio.to_thread(agent.get_mcp_tools, agent.mcps)
    held = {t.original_tool_name: t for t in agent.tools}

    async def list_names() -> list[str]:
        # resolved as a run resolves them, and kept where a kickoff keeps them
        agent.tools = tools = await asyncio.to_thread(agent.get_mcp_tools, agent.mcps)
        held.update((t.original_tool_name, t) for t in tools)
        return [t.original_tool_name for t in tools]

    async def call(name: str, arguments: dict[str, Any]) -> tuple[bool, str]:
        if name not in held:
            return True, f"no tool {name}"
        return await agent_call(held[name], arguments)

    yield Harness(agent, list_names, call)


#: the checks that hold with a session per call (the rug pull changes a tool within one
#: session, which a new session per call, over stdio a new server process, never sees)
AGENT_CHECKS = {**{k: v for k, v in CHECKS.items() if k != "rug_pull"},
                "bad_arguments": functools.partial(check_bad_arguments, bad=EMPTIED_CALL,
                                                   where="$ (required)"),
                "withheld": functools.partial(check_withheld, arguments=DRIFTED_ARGUMENTS)}


@pytest.mark.parametrize("check", sorted(AGENT_CHECKS))
def test_crewai_agent(check: str, tmp_path: Path) -> None:
    AGENT_CHECKS[check](connect_agent, tmp_path)


def test_agent_calls_drop_empty_lists(tmp_path: Path) -> None:
    """What crewai's own client sends: ``{"phases": []}`` loses its empty list, and the
    unprotected server refuses the call that is left (the model reads its error); protected,
    parity refuses it first, saying where, and it is never sent."""
    log = tmp_path / "calls.jsonl"

    async def main() -> None:
        async with connect_agent(*server_command("none", log)) as h:
            failed, text = await h.call(*EMPTIED_CALL)
            assert failed and "phases" in text and "Field required" in text, text
            await parity.protect(h.target, LOCK)
            failed, text = await h.call(*EMPTIED_CALL)
            assert failed and "local_failure: retry never" in text, text

    run(main)
    assert calls_seen(log) == [EMPTIED_CALL[0]]


def test_agent_server_drifts_between_runs(tmp_path: Path) -> None:
    """Each call, and each run's listing, opens a session (over stdio, a new server process):
    it is verified before use. The server drifts between two calls: the next call fails with
    the drift's field paths, the next run's ``get_mcp_tools`` raises it, nothing is sent."""
    mode, log = tmp_path / "mode", tmp_path / "calls.jsonl"
    mode.write_text("none")
    agent = agent_of(stdio_entry(sys.executable,
                                 ["-m", "tests.servers.switch", str(mode), str(log)]))
    seen: list[str] = []

    async def main() -> None:
        await parity.protect(agent, LOCK)
        tools = {t.original_tool_name: t
                 for t in await asyncio.to_thread(agent.get_mcp_tools, agent.mcps)}
        failed, text = await agent_call(tools[GOOD_CALL[0]], GOOD_CALL[1])
        assert not failed, text
        mode.write_text("drift")
        failed, text = await agent_call(tools[GOOD_CALL[0]], GOOD_CALL[1])
        assert failed, text
        seen.append(text)
        with pytest.raises(parity.ToolDriftError) as raised:
            await asyncio.to_thread(agent.get_mcp_tools, agent.mcps)
        seen.append(str(raised.value))

    run(main)
    assert len(seen) == 2
    for text in seen:
        assert "renamed `phases[].phase_id` -> `phases[].phase_id_renamed`" in text, text
    assert calls_seen(log) == [GOOD_CALL[0]]


def test_agent_of_several_servers(tmp_path: Path) -> None:
    """A lock pins one server: of an agent of two, ``protect`` wants the one named, as crewai
    names it (and says which there are); the other server's tools and calls are left as they
    are, the named one's are verified and guarded. A server given by URL string is not one
    parity can protect (crewai opens it another way)."""
    log = tmp_path / "calls.jsonl"
    workflow = stdio_entry(*server_command("none", log))
    docs = stdio_entry(sys.executable, ["-m", "tests.servers.rug_pull"])
    agent = agent_of(workflow, docs, "https://mcp.invalid/mcp")
    names = crewai_agent.servers(agent)
    assert list(names.values()) == [workflow, docs]
    named = dict(zip(("workflow", "docs"), names, strict=True))

    async def main() -> None:
        with pytest.raises(UnsupportedTarget, match=r"2 servers in mcps given as MCPServerStdio"):
            await parity.protect(agent, LOCK)
        with pytest.raises(UnsupportedTarget, match="no server 'nope'"):
            await parity.protect(agent, LOCK, server="nope")
        protection = await parity.protect(agent, LOCK, server=named["workflow"])
        agent.mcps = [workflow, docs]  # (the URL would be fetched: nothing leaves 127.0.0.1)
        tools = await asyncio.to_thread(agent.get_mcp_tools, agent.mcps)
        by_server = {(t.server_name, t.original_tool_name): t for t in tools}
        assert sorted(by_server) == sorted([(named["docs"], "rugpull"), (named["docs"], "search"),
                                            *((named["workflow"], t) for t in protection.tools)])
        failed, text = await agent_call(by_server[named["workflow"], EMPTIED_CALL[0]],
                                        EMPTIED_CALL[1])
        assert failed and "local_failure: retry never" in text, text
        failed, text = await agent_call(by_server[named["docs"], "search"], {"q": "x"})
        assert not failed and "results for x" in text, text
        assert [o.ok for o in protection.outcomes] == [False]

    run(main)
    assert calls_seen(log) == []


def test_agent_rug_pull_over_http(http_server: Any, tmp_path: Path) -> None:
    """Over streamable HTTP (``MCPServerHTTP``) the server outlives the agent's sessions: a
    tool it changes without a word after a call (tests.servers.rug_pull, a poisoned
    description) is left out of the next run's tools (refuse-changed), explained by field in
    ``unavailable``, and a call the agent still makes to it is refused, never sent. (The
    calls are made with a loop running: crewai 1.15's HTTP tool called with none raises from
    its own disconnect, protected or not.)"""
    from crewai.mcp import MCPServerHTTP

    url = http_server("tests.servers.rug_pull", path="/mcp")
    lock = tmp_path / "rug.lock.json"
    agent = agent_of(MCPServerHTTP(url=url))

    async def main() -> None:
        await parity.lock_tools(agent, lock)
        protection = await parity.protect(agent, lock, mode="refuse-changed")
        tools = {t.original_tool_name: t
                 for t in await asyncio.to_thread(agent.get_mcp_tools, agent.mcps)}
        assert sorted(tools) == ["rugpull", "search"]
        failed, text = await agent_call(tools["rugpull"], {}, on_loop=True)
        assert not failed, text
        again = await asyncio.to_thread(agent.get_mcp_tools, agent.mcps)
        assert [t.original_tool_name for t in again] == ["rugpull"]
        change = protection.unavailable["search"].change
        assert change is not None and [c.field for c in change.surface] == ["description"]
        failed, text = await agent_call(tools["search"], {"q": "x"}, on_loop=True)
        assert failed and "drifted: retry never" in text, text
        assert [o.ok for o in protection.outcomes] == [True, False]

    run(main)


def test_an_agent_resolving_elsewhere_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    """A crewai version whose resolver makes its clients another way (here: the real one
    without ``_create_transport``) is refused, naming the versions parity supports."""
    from crewai.mcp.tool_resolver import MCPToolResolver

    agent = agent_of(stdio_entry(sys.executable, ["-m", "examples.workflow.server"]))
    monkeypatch.delattr(MCPToolResolver, "_create_transport")
    with pytest.raises(UnsupportedTarget, match=r"crewai 1\.x \(1\.15 tested\)"):
        run(lambda: parity.protect(agent, LOCK))


def scripted_model(prompts: list[str]) -> Any:
    """A crewai ``BaseLLM`` that picks the listed ``check_phases`` tool and sends it
    ``{"phases": []}``, then answers with what it observed (each prompt kept in ``prompts``)."""
    from crewai import BaseLLM

    class Scripted(BaseLLM):
        def call(self, messages: Any, *args: Any, **kwargs: Any) -> str:
            text = messages if isinstance(messages, str) else "\n".join(
                str(m.get("content")) for m in messages)
            prompts.append(text)
            if len(prompts) > 1:
                return "Thought: done\nFinal Answer: " + text.rsplit("Observation: ", 1)[-1]
            # crewai names a tool after its server's command line: found by its arguments
            tool = next(listed.split()[0] for listed in text.split("Tool Name: ")[1:]
                        if '"title": "check_phasesSchema"' in listed)
            return (f"Thought: check them\nAction: {tool}\n"
                    f"Action Input: {json.dumps(EMPTIED_CALL[1])}")

        def supports_function_calling(self) -> bool:
            return False

    return Scripted(model="scripted")


def test_a_kickoff_is_protected(tmp_path: Path) -> None:
    """A real ``Agent.kickoff`` whose model is scripted (``scripted_model``): the run
    resolves its tools through the protected ``get_mcp_tools``, and the model reads parity's
    refusal of the call crewai would send (its empty list dropped), never sent. The server
    then drifts: the next kickoff raises the drift from its tool resolution, before the
    model is asked."""
    prompts: list[str] = []
    mode, log = tmp_path / "mode", tmp_path / "calls.jsonl"
    mode.write_text("none")
    agent = agent_of(stdio_entry(sys.executable,
                                 ["-m", "tests.servers.switch", str(mode), str(log)]))
    agent.llm = scripted_model(prompts)
    run(lambda: parity.protect(agent, LOCK))
    answer = agent.kickoff("Check an empty plan").raw
    assert answer.startswith("local_failure: retry never: refused locally"), answer
    assert "$ (required)" in answer
    mode.write_text("drift")
    with pytest.raises(parity.ToolDriftError, match=r"phases\[\]\.phase_id_renamed"):
        agent.kickoff("Check an empty plan")
    assert len(prompts) == 2
    assert calls_seen(log) == []


def test_an_async_kickoff_is_protected(tmp_path: Path) -> None:
    """``kickoff_async`` resolves the tools with its loop running: the run's verified
    listing is made on a loop of its own, in a thread, as crewai makes its own."""
    prompts: list[str] = []
    log = tmp_path / "calls.jsonl"
    agent = agent_of(stdio_entry(*server_command("none", log)))
    agent.llm = scripted_model(prompts)

    async def main() -> None:
        protection = await parity.protect(agent, LOCK)
        answer = (await agent.kickoff_async("Check an empty plan")).raw
        assert answer.startswith("local_failure: retry never: refused locally"), answer
        assert len(protection.later) >= 1  # the run's listing, and the call's session

    run(main)
    assert calls_seen(log) == []


def test_a_crew_kickoff_is_protected(tmp_path: Path) -> None:
    """A ``Crew`` whose task the protected agent runs: the crew resolves the agent's tools
    through the same ``get_mcp_tools`` (its ``_inject_mcp_tools``), and the model reads
    parity's refusal, never sent."""
    from crewai import Crew, Task

    log = tmp_path / "calls.jsonl"
    agent = agent_of(stdio_entry(*server_command("none", log)))
    agent.llm = scripted_model([])
    run(lambda: parity.protect(agent, LOCK))
    task = Task(description="Check an empty plan", expected_output="the check", agent=agent)
    answer = Crew(agents=[agent], tasks=[task]).kickoff().raw
    assert answer.startswith("local_failure: retry never: refused locally"), answer
    assert calls_seen(log) == []


def test_the_agent_example_runs() -> None:
    """``examples/integrations/crewai_agent.py`` as a user runs it: the verified tools, then
    the refusal of the call crewai would send emptied (among the panels crewai prints of
    its MCP connections)."""
    lines = example_lines("examples.integrations.crewai_agent")
    assert repr(ALL_TOOLS) in lines
    refusals = [line for line in lines if line.startswith(REFUSED)]
    assert refusals == ["local_failure: retry never: refused locally; nothing was sent "
                        "(arguments fail the pinned inputSchema at $ (required))"]


def test_agent_published_server_everything(tmp_path: Path) -> None:
    """The pinned published ``@modelcontextprotocol/server-everything`` as an agent's
    ``mcps`` entry: crewai's client declares no capabilities."""
    check_published(connect_agent, tmp_path)
