"""``parity.protect`` in AutoGen (autogen-ext 0.7, mcp 1.x): on ``McpWorkbench`` (what an
``AssistantAgent`` is given, ``workbench=``), driven through its ``list_tools`` and
``call_tool`` as the agent drives them; and on the session the tools of
``mcp_server_tools(params, session=session)`` call through, each call made as the agent
makes it (``run_json``). The framework checks, an ``AssistantAgent`` run, and what AutoGen
does by itself."""

from __future__ import annotations

import contextlib
import functools
import json
import sys
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
    built_harness,
    calls_seen,
    check_bad_arguments,
    check_published,
    example_lines,
    run,
    server_command,
)

pytest.importorskip("autogen_ext.tools.mcp", reason="autogen-ext[mcp] is not installed (extra "
                    "frameworks-mcp1)")
pytestmark = pytest.mark.slow

from autogen_core import CancellationToken  # noqa: E402
from autogen_ext.tools.mcp import (  # noqa: E402
    McpWorkbench,
    StdioServerParams,
    create_mcp_server_session,
    mcp_server_tools,
)

#: the tools of ``mcp_server_tools`` check the arguments against a pydantic model of the
#: listed schema, which takes a name outside the enum of a list's items: the pinned schema
#: refuses it (the workbench checks nothing: ``BAD_CALL`` reaches parity there)
ENUM_CALL = ("check_phases", {"phases": [{"phase_id": "gather", "tools": ["web__browse"]}]})
TOOLS_CHECKS = {**CHECKS, "bad_arguments": functools.partial(
    check_bad_arguments, bad=ENUM_CALL, where="$.phases[0].tools[0] (enum)")}


def params(command: str, args: list[str]) -> StdioServerParams:
    return StdioServerParams(command=command, args=args, cwd=str(ROOT), read_timeout_seconds=60)


def workbench_harness(workbench: McpWorkbench) -> Harness:
    async def list_names() -> list[str]:
        return [t["name"] for t in await workbench.list_tools()]

    async def call(name: str, arguments: dict[str, Any]) -> tuple[bool, str]:
        result = await workbench.call_tool(name, arguments)
        return result.is_error, result.to_text()

    return Harness(workbench, list_names, call)


@contextlib.asynccontextmanager
async def connect_workbench(command: str, args: list[str]) -> AsyncIterator[Harness]:
    async with McpWorkbench(params(command, args)) as workbench:
        yield workbench_harness(workbench)


@pytest.mark.parametrize("check", sorted(CHECKS))
def test_autogen_workbench(check: str, tmp_path: Path) -> None:
    CHECKS[check](connect_workbench, tmp_path)


def test_published_server_everything_on_the_workbench(tmp_path: Path) -> None:
    # its session always takes a sampling callback (the actor's), so it declares sampling
    check_published(connect_workbench, tmp_path, capabilities="sampling")


async def tool_call(tool: Any, arguments: dict[str, Any]) -> tuple[bool, str]:
    """A call as the agent makes it (``run_json``): an error result raises, and the agent
    hands the model the exception's text as a failed function result."""
    try:
        result = await tool.run_json(arguments, CancellationToken())
    except Exception as exc:
        return True, str(exc)
    return False, tool.return_value_as_string(result)


@contextlib.asynccontextmanager
async def connect_session(command: str, args: list[str]) -> AsyncIterator[Harness]:
    """The session of ``mcp_server_tools(params, session=session)``, as AutoGen's docs open
    it; the tools built from each listing."""
    server = params(command, args)
    async with create_mcp_server_session(server) as session:
        await session.initialize()

        async def tools() -> dict[str, Any]:
            return {t.name: t for t in await mcp_server_tools(server, session=session)}

        yield built_harness(session, session, tools, tool_call)


@pytest.mark.parametrize("check", sorted(TOOLS_CHECKS))
def test_autogen_tools_session(check: str, tmp_path: Path) -> None:
    TOOLS_CHECKS[check](connect_session, tmp_path)


def test_published_server_everything_on_a_session(tmp_path: Path) -> None:
    check_published(connect_session, tmp_path)  # no sampling callback given: none declared


def test_the_tools_check_arguments_themselves(tmp_path: Path) -> None:
    """What the tools of ``mcp_server_tools`` refuse by themselves (a mistyped argument),
    and what they send: without parity, a name outside the enum reaches the server."""
    log = tmp_path / "calls.jsonl"

    async def main() -> None:
        async with connect_session(*server_command("none", log)) as h:
            failed, text = await h.call(*BAD_CALL)
            assert failed and "validation error" in text and "max_phases" in text, text
            failed, text = await h.call(*ENUM_CALL)
            assert failed and "local_failure" not in text, text

    run(main)
    assert calls_seen(log) == [ENUM_CALL[0]]


def test_the_workbench_hands_the_model_schemas_without_their_defs(tmp_path: Path) -> None:
    """What the workbench does by itself (as the docs say): it hands the model each tool's
    ``inputSchema`` without its ``$defs``, so ``check_phases``' references dangle, while the
    lock (and parity's check of the arguments) holds the whole schema."""
    async def main() -> None:
        async with connect_workbench(*server_command("none", tmp_path / "calls.jsonl")) as h:
            await parity.protect(h.target, LOCK)
            given = {t["name"]: t for t in await h.target.list_tools()}["check_phases"]
            text = json.dumps(given["parameters"])
            assert '"$ref": "#/$defs/' in text and '"$defs"' not in text, text
            failed, refused = await h.call("check_phases", {"phases": [{"name": "x"}]})
            assert failed and "$.phases[0]" in refused, refused

    run(main)


def test_a_restart_is_verified_before_it_lists(tmp_path: Path) -> None:
    """``stop()`` then ``start()``: a new actor and a new session. A server that drifted
    meanwhile is refused at ``start`` (the workbench stopped, nothing sent); a sound one is
    verified, and its calls guarded. A workbench stopped and used again starts itself, and
    is verified the same way."""
    mode, log = tmp_path / "mode", tmp_path / "calls.jsonl"
    mode.write_text("none")
    server = params(sys.executable, ["-m", "tests.servers.switch", str(mode), str(log)])

    async def main() -> None:
        workbench = McpWorkbench(server)
        await workbench.start()
        protection = await parity.protect(workbench, LOCK)
        await workbench.stop()
        mode.write_text("drift")
        with pytest.raises(ToolDriftError):
            await workbench.start()
        assert workbench._actor is None  # stopped
        mode.write_text("none")
        await workbench.start()
        assert protection.later[-1].session is workbench._actor.__parity_session__
        h = workbench_harness(workbench)
        failed, text = await h.call(*BAD_CALL)
        assert failed and "local_failure: retry never" in text, text
        await workbench.stop()
        failed, text = await h.call(*GOOD_CALL)  # (it starts itself: verified first)
        assert not failed, text
        assert protection.later[-1].session is workbench._actor.__parity_session__
        mode.write_text("drift")
        await workbench.stop()
        with pytest.raises(ToolDriftError):
            await h.list_names()
        assert workbench._actor is None

    run(main)
    assert calls_seen(log) == [GOOD_CALL[0]]


# (autogen-ext opens the session with the SDK's streamablehttp_client, which warns)
@pytest.mark.filterwarnings("ignore:Use `streamable_http_client` instead:DeprecationWarning")
def test_a_streamable_http_workbench_and_its_restart(http_server: Any) -> None:
    """``StreamableHttpServerParams``: the workbench's session over streamable HTTP is found
    and verified the same way, its calls guarded; after a restart, its new session too."""
    from autogen_ext.tools.mcp import StreamableHttpServerParams

    url = http_server("examples.workflow.server", path="/mcp")

    async def main() -> None:
        async with McpWorkbench(StreamableHttpServerParams(url=url)) as workbench:
            protection = await parity.protect(workbench, LOCK)
            h = workbench_harness(workbench)
            for _ in range(2):
                failed, text = await h.call(*BAD_CALL)
                assert failed and "local_failure: retry never" in text, text
                failed, text = await h.call(*GOOD_CALL)
                assert not failed, text
                await workbench.stop()
                await workbench.start()
                current = workbench._actor.__parity_session__  # (the kind found it)
                assert protection.later[-1].session is current  # verified
            assert [o.ok for o in protection.outcomes] == [False, True, False, True]

    run(main)


def test_the_workbench_tells_the_server_s_name(tmp_path: Path, caplog: Any) -> None:
    """A 1.x session keeps no ``serverInfo``, but the workbench's actor keeps the
    ``initialize`` result: the lock is named after the server, and a server that now calls
    itself otherwise is refused (tests.servers.lock_weather), with no word of an unchecked
    name."""
    lock = tmp_path / "weather.lock.json"

    async def main(reported: str) -> None:
        server = StdioServerParams(
            command=sys.executable, args=["-m", "tests.servers.lock_weather"], cwd=str(ROOT),
            read_timeout_seconds=60,
            env={"PARITY_LOCK_NAME": reported, "PARITY_LOCK_VERSION": "v1"})
        async with McpWorkbench(server) as workbench:
            if not lock.exists():
                assert (await parity.lock_tools(workbench, lock)).server == "weather"
            await parity.protect(workbench, lock)

    run(lambda: main("weather"))
    assert "did not say its name" not in caplog.text
    with pytest.raises(ToolDriftError) as caught:
        run(lambda: main("mcp-servers/weather"))
    assert "the server calls itself 'mcp-servers/weather'" in str(caught.value)


def test_a_workbench_not_started_is_refused() -> None:
    async def main() -> None:
        workbench = McpWorkbench(params(*server_command("none", Path("unused.jsonl"))))
        with pytest.raises(UnsupportedTarget) as caught:
            await parity.protect(workbench, LOCK)
        assert "not started" in str(caught.value)
        assert "async with workbench" in caught.value.hint

    run(main)


def scripted_model(call: tuple[str, dict[str, Any]]) -> Any:
    """A model that calls ``call`` once, then answers."""
    from autogen_core import FunctionCall
    from autogen_core.models import CreateResult, RequestUsage
    from autogen_ext.models.replay import ReplayChatCompletionClient

    called = CreateResult(finish_reason="function_calls", cached=False,
                          content=[FunctionCall(id="call-1", name=call[0],
                                                arguments=json.dumps(call[1]))],
                          usage=RequestUsage(prompt_tokens=0, completion_tokens=0))
    return ReplayChatCompletionClient(
        [called, "done"], model_info={"vision": False, "function_calling": True,
                                      "json_output": False, "family": "unknown",
                                      "structured_output": False})


@pytest.mark.parametrize(("mode", "call", "category"), [
    ("none", BAD_CALL, "local_failure"), ("http200_error", GOOD_CALL, "tool_error")])
def test_an_assistant_agent_is_told_the_call_failed(mode: str, call: tuple[str, dict[str, Any]],
                                                    category: str, tmp_path: Path) -> None:
    """A real ``AssistantAgent`` run on the workbench whose model calls the tool: arguments
    only the pinned schema refuses (the workbench checks none), or a success carrying
    ``{"error": "rate_limited"}``, reach the model as a failed function result holding
    parity's category, never as data."""
    pytest.importorskip("autogen_agentchat", reason="autogen-agentchat is not installed")
    from autogen_agentchat.agents import AssistantAgent
    from autogen_agentchat.messages import ToolCallExecutionEvent

    log = tmp_path / "calls.jsonl"

    async def main() -> None:
        async with McpWorkbench(params(*server_command(mode, log))) as workbench:
            await parity.protect(workbench, LOCK)
            agent = AssistantAgent("planner", model_client=scripted_model(call),
                                   workbench=workbench)
            answer = await agent.run(task="plan the weekly digest")
            [executed] = [m for m in answer.messages if isinstance(m, ToolCallExecutionEvent)]
            [told] = executed.content
            assert told.is_error, told
            assert told.content.startswith(f"{category}: retry "), told.content
            assert "phase_id" not in told.content

    run(main)
    assert calls_seen(log) == ([] if mode == "none" else [call[0]])


def test_the_example_runs() -> None:
    """``examples/integrations/autogen.py`` as a user runs it: the verified tools, then the
    refusal the model reads."""
    listed, answer = example_lines("examples.integrations.autogen")
    assert listed == repr(ALL_TOOLS)
    assert answer.startswith("local_failure: retry never: refused locally; nothing was sent")
    assert "$.max_phases" in answer
