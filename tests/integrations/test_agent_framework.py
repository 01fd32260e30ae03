"""``parity.protect`` on Microsoft Agent Framework's ``MCPStdioTool`` given a client of the
caller's own (``mcp_client=``, an ``mcp`` 2.x ``Client``): listed by the tool's
``load_tools`` (what an agent is given: its ``functions``), each call made through the
``FunctionTool`` an agent invokes, which checks the arguments' top level against the listed
schema itself. The tool hands an error result to the agent as a ``ToolExecutionException``
carrying its text. The framework checks, and what the framework adds."""

from __future__ import annotations

import contextlib
import functools
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

import parity
from parity.errors import ToolDriftError
from parity.integrations import UnsupportedTarget
from parity.integrations.kinds.agent_framework import session_of
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
# its connect pings the server, a request MCP 2026-07-28 removed: the 2.x SDK warns of it
# where the session speaks that version (the framework's call, not parity's)
pytestmark = [
    pytest.mark.slow,
    pytest.mark.filterwarnings("ignore:ping is removed as of 2026-07-28"),
]

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


def harness(tool: Any) -> Harness:
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

    return Harness(tool, list_names, call, offered=lambda: [f.name for f in tool.functions])


@contextlib.asynccontextmanager
async def connect(command: str, args: list[str]) -> AsyncIterator[Harness]:
    """A tool given a client of the caller's own."""
    async with Client(params(command, args)) as client, \
            agent_framework.MCPStdioTool(name="workflow", mcp_client=client,
                                         load_prompts=False) as tool:
        yield harness(tool)


@contextlib.asynccontextmanager
async def connect_own(command: str, args: list[str]) -> AsyncIterator[Harness]:
    """A tool that opens its own client (``command=``), as the framework's docs show."""
    async with agent_framework.MCPStdioTool(name="workflow", command=command, args=args,
                                            load_prompts=False) as tool:
        yield harness(tool)


CONNECTS = {"own-client": connect_own, "given-client": connect}


@pytest.mark.parametrize("check", sorted(FRAMEWORK_CHECKS))
@pytest.mark.parametrize("connected", sorted(CONNECTS))
def test_agent_framework_tool(connected: str, check: str, tmp_path: Path) -> None:
    FRAMEWORK_CHECKS[check](CONNECTS[connected], tmp_path)


@pytest.mark.parametrize(("connected", "capabilities"), [("given-client", ""),
                                                          ("own-client", "sampling")])
def test_published_server_everything(connected: str, capabilities: str,
                                     tmp_path: Path) -> None:
    """A client of your own declares what you gave it (here nothing); the tool's own client
    declares ``sampling`` (it always passes a sampling callback). The framework leaves out a
    tool that takes no plain call (``execution.taskSupport: required``), saying so."""
    check_published(CONNECTS[connected], tmp_path, capabilities, offered=lambda definition:
                    definition.get("execution", {}).get("taskSupport") != "required")


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


def test_a_reconnect_is_verified_before_it_lists(tmp_path: Path) -> None:
    """A tool that opens its own client opens a new one on ``connect(reset=True)`` (as after a
    lost connection) and lists through it at once: a server that drifted meanwhile is refused
    before that listing (``ToolDriftError``, the tool left unconnected), and nothing is sent;
    a sound one is verified, and its calls are guarded."""
    mode, log = tmp_path / "mode", tmp_path / "calls.jsonl"
    mode.write_text("none")
    args = ["-m", "tests.servers.switch", str(mode), str(log)]

    async def main() -> None:
        async with connect_own(sys.executable, args) as h:
            protection = await parity.protect(h.target, LOCK)
            mode.write_text("drift")
            with pytest.raises(ToolDriftError):
                await h.target.connect(reset=True)
            assert not h.target.is_connected and not protection.later
            failed, text = await h.call(*GOOD_CALL)
            assert failed, text
            mode.write_text("none")
            await h.target.connect(reset=True)
            assert len(protection.later) == 1
            assert sorted(await h.list_names()) == ALL_TOOLS
            failed, text = await h.call(*NESTED_CALL)
            assert failed and "local_failure: retry never" in text, text
            failed, text = await h.call(*GOOD_CALL)
            assert not failed, text

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


def test_a_tool_not_connected_is_refused() -> None:
    """Before ``async with tool:`` there is no session to verify: refused, saying where to
    call ``protect``."""
    tool = agent_framework.MCPStdioTool(name="workflow", command=sys.executable,
                                        args=["-m", "examples.workflow.server"])
    with pytest.raises(UnsupportedTarget, match="not connected") as caught:
        run(lambda: parity.protect(tool, LOCK))
    assert "inside `async with tool:`" in str(caught.value)


def test_a_streamable_http_tool_and_its_reconnect(http_server: Any) -> None:
    """``MCPStreamableHTTPTool`` over streamable HTTP: verified, its calls guarded; its new
    client after ``connect(reset=True)`` is verified before it lists, and guarded too."""
    url = http_server("examples.workflow.server", path="/mcp")

    async def main() -> None:
        async with agent_framework.MCPStreamableHTTPTool(name="workflow", url=url,
                                                         load_prompts=False) as tool:
            protection = await parity.protect(tool, LOCK)
            h = harness(tool)
            for _ in range(2):
                failed, text = await h.call(*NESTED_CALL)
                assert failed and "local_failure: retry never" in text, text
                failed, text = await h.call(*GOOD_CALL)
                assert not failed, text
                await tool.connect(reset=True)
            failed, text = await h.call(*GOOD_CALL)
            assert not failed, text
            # the session serving now was verified before it did (``later`` holds them
            # weakly: the first new one, dropped by the second reconnect, may be gone)
            assert protection.later[-1].session is session_of(tool)
            assert [o.ok for o in protection.outcomes] == [False, True, False, True, True]

    run(main)


def test_a_change_of_headers_is_verified_before_use(http_server: Any) -> None:
    """An HTTP tool with a ``header_provider``: a call whose headers differ from its
    session's (another user) makes the tool open a new client before the call; that
    client's session is verified first, and the call is guarded."""
    url = http_server("examples.workflow.server", path="/mcp")

    async def main() -> None:
        tool = agent_framework.MCPStreamableHTTPTool(
            name="workflow", url=url, load_prompts=False,
            header_provider=lambda kwargs: {"X-User": str(kwargs.get("user", "nobody"))})
        async with tool:
            protection = await parity.protect(tool, LOCK)
            for user in ("ann", "bob"):
                result = await tool.call_tool(GOOD_CALL[0], **GOOD_CALL[1], user=user)
                assert "phase_id" in text_of(result)
                with pytest.raises(Exception, match=r"local_failure: retry never.*\$\.phases"):
                    await tool.call_tool(NESTED_CALL[0], **NESTED_CALL[1], user=user)
            # bob's session was verified before it served (ann's, dropped, may be gone)
            assert protection.later[-1].session is session_of(tool)
            assert [o.ok for o in protection.outcomes] == [True, False, True, False]

    run(main)
