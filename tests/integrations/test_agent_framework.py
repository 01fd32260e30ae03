"""``parity.protect`` on Microsoft Agent Framework's ``MCPStdioTool`` given a client of the
caller's own (``mcp_client=``, an ``mcp`` 2.x ``Client``): listed by the tool's
``load_tools`` (what an agent is given: its ``functions``), each call made through the
``FunctionTool`` an agent invokes, which checks the arguments' top level against the listed
schema itself. The tool hands an error result to the agent as a ``ToolExecutionException``
carrying its text. The framework checks, and what the framework adds."""

from __future__ import annotations

import contextlib
import functools
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
    check_bad_arguments,
    check_published,
    check_withheld,
    example_lines,
    run,
    server_command,
)

agent_framework = pytest.importorskip("agent_framework", reason="agent-framework-core is not "
                                      "installed (extra frameworks-mcp2)")
pytestmark = pytest.mark.slow

from mcp import StdioServerParameters  # noqa: E402
from mcp.client.client import Client  # noqa: E402

#: the framework checks only the arguments' top level against the listed schema: a nested
#: object of other keys (the stub's ``phases[{name, tool_id}]`` where the server wants
#: ``phases[{phase_id, tools}]``) passes it, and the pinned schema refuses it
NESTED_CALL = ("check_phases", {"phases": [{"name": "gather", "tool_id": "web__search"}]})
#: arguments the drifted server's listing takes, for a call to a tool parity withholds
DRIFTED_ARGUMENTS = {"check_phases": {"phases": []}}
#: the framework checks, given arguments its own check lets through
FRAMEWORK_CHECKS = {
    **CHECKS,
    "bad_arguments": functools.partial(check_bad_arguments, bad=NESTED_CALL,
                                       where="$.phases[0]"),
    "withheld": functools.partial(check_withheld, arguments=DRIFTED_ARGUMENTS)}


def params(command: str, args: list[str]) -> StdioServerParameters:
    return StdioServerParameters(command=command, args=args, cwd=str(ROOT))


def text_of(result: Any) -> str:
    return "".join(c.text or "" for c in result) if isinstance(result, list) else str(result)


@contextlib.asynccontextmanager
async def connect(command: str, args: list[str]) -> AsyncIterator[Harness]:
    async with Client(params(command, args)) as client, \
            agent_framework.MCPStdioTool(name="workflow", mcp_client=client,
                                         load_prompts=False) as tool:
        held = {f.name: f for f in tool.functions}  # what an agent is given at connect

        async def list_names() -> list[str]:
            await tool.load_tools()  # (a listing: what the agent is given next)
            held.update((f.name, f) for f in tool.functions)
            return [f.name for f in tool.functions]

        async def call(name: str, arguments: dict[str, Any]) -> tuple[bool, str]:
            if name not in held:
                return True, f"no tool {name}"
            try:
                return False, text_of(await held[name].invoke(arguments=arguments))
            except Exception as exc:  # the agent's function result is the exception's text
                return True, f"{type(exc).__name__}: {exc}"

        yield Harness(tool, list_names, call)


@pytest.mark.parametrize("check", sorted(FRAMEWORK_CHECKS))
def test_agent_framework_tool(check: str, tmp_path: Path) -> None:
    FRAMEWORK_CHECKS[check](connect, tmp_path)


def test_published_server_everything(tmp_path: Path) -> None:
    """The mcp Client declares no capabilities; the framework leaves out a tool that takes
    no plain call (``execution.taskSupport: required``), saying so."""
    check_published(connect, tmp_path, offered=lambda definition: definition.get(
        "execution", {}).get("taskSupport") != "required")


def test_the_functions_listed_before_protect_are_listed_again(tmp_path: Path) -> None:
    """The tool lists when it is entered, before ``protect``: once verified, what an agent is
    given (``functions``, with no listing of the test's) holds verified tools only."""
    log = tmp_path / "calls.jsonl"

    async def main() -> None:
        async with connect(*server_command("drift", log)) as h:
            before = {f.name for f in h.target.functions}
            protection = await parity.protect(h.target, LOCK, mode="refuse-changed")
            withheld = set(protection.unavailable)
            assert withheld & before, "the drift mode changes listed tools"
            assert {f.name for f in h.target.functions} == before - withheld

    run(main)
    assert calls_seen(log) == []


def test_a_protected_client_given_to_the_tool(tmp_path: Path) -> None:
    """The client protected first, then given to the tool: the tool's own listing is the
    verified one, and a call the framework lets through is refused, never sent."""
    log = tmp_path / "calls.jsonl"

    async def main() -> None:
        async with Client(params(*server_command("none", log))) as client:
            await parity.protect(client, LOCK)
            async with agent_framework.MCPStdioTool(name="workflow", mcp_client=client,
                                                    load_prompts=False) as tool:
                functions = {f.name: f for f in tool.functions}
                assert sorted(functions) == ALL_TOOLS
                with pytest.raises(Exception, match=r"local_failure: retry never.*\$\.phases"):
                    await functions[NESTED_CALL[0]].invoke(arguments=NESTED_CALL[1])
                with pytest.raises(Exception, match="Invalid type for 'max_phases'"):
                    await functions[BAD_CALL[0]].invoke(arguments=BAD_CALL[1])
                result = await functions[GOOD_CALL[0]].invoke(arguments=GOOD_CALL[1])
                assert "phase_id" in text_of(result)

    run(main)
    assert calls_seen(log) == [GOOD_CALL[0]]


def test_a_tool_that_opens_its_own_client_is_refused(tmp_path: Path) -> None:
    """A tool given a command opens its own client, and a new one on a failure, listing
    through it first: refused, saying how to give it a client, and nothing is intercepted."""
    log = tmp_path / "calls.jsonl"

    async def main() -> None:
        command, args = server_command("none", log)
        async with agent_framework.MCPStdioTool(name="workflow", command=command, args=args,
                                                load_prompts=False) as tool:
            with pytest.raises(UnsupportedTarget, match="opens its own mcp Client") as caught:
                await parity.protect(tool, LOCK)
            assert "mcp_client=client" in str(caught.value)
            functions = {f.name: f for f in tool.functions}
            result = await functions[GOOD_CALL[0]].invoke(arguments=GOOD_CALL[1])
            assert "phase_id" in text_of(result)

    run(main)
    assert calls_seen(log) == [GOOD_CALL[0]]


def test_a_refused_tool_lists_nothing(tmp_path: Path) -> None:
    """refuse-server on a drifted server: ``ToolDriftError``, and the functions an agent is
    given afterwards are none."""
    log = tmp_path / "calls.jsonl"

    async def main() -> None:
        async with connect(*server_command("drift", log)) as h:
            with pytest.raises(ToolDriftError):
                await parity.protect(h.target, LOCK)
            await h.target.load_tools()
            assert h.target.functions == []

    run(main)
    assert calls_seen(log) == []



class Scripted(agent_framework.FunctionInvocationLayer, agent_framework.BaseChatClient):
    """A model scripted to call one tool, then to answer; it keeps the function results it
    was given."""

    def __init__(self, call: tuple[str, dict[str, Any]], *, detailed: bool) -> None:
        super().__init__(function_invocation_configuration={"include_detailed_errors": detailed})
        self.call = call
        self.told: list[Any] = []

    async def _inner_get_response(self, *, messages: Any, stream: bool, options: Any,
                                  **kwargs: Any) -> Any:
        results = [c for m in messages for c in m.contents if c.type == "function_result"]
        self.told.extend(results)
        content = (agent_framework.Content.from_text("done") if results else
                   agent_framework.Content.from_function_call("call-1", self.call[0],
                                                              arguments=self.call[1]))
        return agent_framework.ChatResponse(
            messages=[agent_framework.Message(role="assistant", contents=[content])],
            response_id="scripted")


@pytest.mark.parametrize("detailed", [False, True])
@pytest.mark.parametrize(("mode", "call", "category"), [
    ("none", NESTED_CALL, "local_failure"), ("http200_error", GOOD_CALL, "malformed_response")])
def test_an_agent_run_is_told_the_call_failed(mode: str, call: tuple[str, dict[str, Any]],
                                              category: str, detailed: bool,
                                              tmp_path: Path) -> None:
    """A real ``Agent`` run whose model calls the tool: arguments only the pinned schema
    refuses, or a success carrying ``{"error": "rate_limited"}``, reach the model as a failed
    function result, never as data; with ``include_detailed_errors`` its text is parity's."""
    log = tmp_path / "calls.jsonl"

    async def main() -> None:
        async with connect(*server_command(mode, log)) as h:
            await parity.protect(h.target, LOCK)
            model = Scripted(call, detailed=detailed)
            answer = await agent_framework.Agent(client=model, tools=h.target).run("go")
            assert answer.text == "done"
            [told] = model.told
            assert told.result.startswith("Error: Function failed."), told.result
            assert told.exception.startswith(f"{category}: retry ")
            assert (f"{category}: retry " in told.result) is detailed
            assert "phase_id" not in told.result

    run(main)
    assert calls_seen(log) == ([] if mode == "none" else [call[0]])


def test_the_example_runs() -> None:
    """``examples/integrations/agent_framework.py`` as a user runs it: the verified tools,
    then the refusal of the nested object the framework lets through."""
    listed, refusal = example_lines("examples.integrations.agent_framework")
    assert listed == repr(ALL_TOOLS)
    assert refusal.startswith("local_failure: retry never: refused locally"), refusal
    assert "$.phases[0]" in refusal
