"""``parity.protect`` on llama-index's ``BasicMCPClient`` (llama-index-tools-mcp), driven as a
llama-index agent drives it: tools listed by ``McpToolSpec.to_tool_list_async()``, each call
made through the ``FunctionTool`` it builds (``acall``, what the agent calls, on the tools of
its latest listing; the result it hands the model is the ``ToolOutput``). The client opens a
new session, over stdio a new server process, for every listing and every call: the
framework checks, but the mid-session rug pull, which needs one session to last; then what
is llama-index's own: each of those sessions is verified before the client uses it."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

import parity
from tests.integrations.scenario import (
    BAD_CALL,
    CHECKS,
    GOOD_CALL,
    LOCK,
    ROOT,
    Harness,
    calls_seen,
    check_published,
    result_text,
    run,
)

llama_mcp = pytest.importorskip("llama_index.tools.mcp", reason="llama-index-tools-mcp is not "
                                "installed (extra frameworks-mcp2)")
pytestmark = pytest.mark.slow

#: the checks that hold with a session per call (the rug pull changes a tool within one
#: session, which a new session per call, over stdio a new server process, never sees)
PER_CALL_CHECKS = sorted(set(CHECKS) - {"rug_pull"})


def new_client(command: str, args: list[str]) -> Any:
    # (it takes no working directory: the servers are found through PYTHONPATH)
    return llama_mcp.BasicMCPClient(command, args=args, env={"PYTHONPATH": str(ROOT)},
                                    timeout=60)


def output_text(output: Any) -> tuple[bool, str]:
    """A ``ToolOutput``: whether its result is an error (``isError``), and its text."""
    return result_text(output.raw_output)


@contextlib.asynccontextmanager
async def connect(command: str, args: list[str]) -> AsyncIterator[Harness]:
    async with connect_to(new_client(command, args)) as harness:
        yield harness


@contextlib.asynccontextmanager
async def connect_to(client: Any) -> AsyncIterator[Harness]:
    spec = llama_mcp.McpToolSpec(client=client)
    # as an agent holds them: the tools of the latest listing, listed once before a first call
    listed: dict[str, Any] = {}

    async def list_tools() -> dict[str, Any]:
        listed.clear()
        listed.update((t.metadata.name, t) for t in await spec.to_tool_list_async())
        return listed

    async def list_names() -> list[str]:
        return list(await list_tools())

    async def call(name: str, arguments: dict[str, Any]) -> tuple[bool, str]:
        try:
            tools = listed or await list_tools()
            if name not in tools:  # (withheld, or never listed: the client's own call)
                result = await client.call_tool(name, arguments)
                return output_text(type("Output", (), {"raw_output": result}))
            return output_text(await tools[name].acall(**arguments))
        except Exception as exc:  # a llama-index agent reports a tool's exception as failed
            return True, f"{type(exc).__name__}: {exc}"

    yield Harness(client, list_names, call)


@pytest.mark.parametrize("check", PER_CALL_CHECKS)
def test_llama_index_client(check: str, tmp_path: Path) -> None:
    CHECKS[check](connect, tmp_path)


def test_published_server_everything(tmp_path: Path) -> None:
    check_published(connect, tmp_path)  # the client declares no capabilities by default


def test_every_call_is_verified_before_use(tmp_path: Path) -> None:
    """Each listing and call opens a new session (over stdio, a new server process): each is
    verified against the lock before the client uses it. The server drifts between two calls:
    the next listing and call raise the drift, with its field paths, and nothing reaches the
    server; what the model is handed for a refused call names the refusal."""
    mode, log = tmp_path / "mode", tmp_path / "calls.jsonl"
    mode.write_text("none")
    seen: list[str] = []

    async def main() -> None:
        client = new_client(sys.executable, ["-m", "tests.servers.switch", str(mode), str(log)])
        spec = llama_mcp.McpToolSpec(client=client)
        protection = await parity.protect(client, LOCK)
        tools = {t.metadata.name: t for t in await spec.to_tool_list_async()}
        output = await tools[GOOD_CALL[0]].acall(**GOOD_CALL[1])
        assert output_text(output)[0] is False
        output = await tools[BAD_CALL[0]].acall(**BAD_CALL[1])
        assert output_text(output)[0] is True
        seen.append(str(output.content))  # what the agent hands the model
        assert [o.ok for o in protection.outcomes] == [True, False]
        mode.write_text("drift")
        for attempt in (spec.to_tool_list_async, lambda: tools[GOOD_CALL[0]].acall(
                **GOOD_CALL[1])):
            with pytest.raises(parity.ToolDriftError) as raised:
                await attempt()
            seen.append(str(raised.value))

    run(main)
    assert "local_failure: retry never" in seen[0] and "$.max_phases" in seen[0]
    for text in seen[1:]:
        assert "renamed `phases[].phase_id` -> `phases[].phase_id_renamed`" in text
    assert calls_seen(log) == ["propose_phases"]


def test_rug_pull_over_http(http_server: Any, tmp_path: Path) -> None:
    """Over streamable HTTP the server outlives the client's sessions, so a tool changed
    without a word after one call (tests.servers.rug_pull) is met by the next session's
    verification: refuse-changed withholds it from the listing, ``unavailable`` (the latest
    verification's) explains it by field, and a call to it is refused, never sent."""
    url = http_server("tests.servers.rug_pull", path="/mcp")
    lock = tmp_path / "rug.lock.json"

    async def main() -> None:
        client = llama_mcp.BasicMCPClient(url, timeout=60)
        async with connect_to(client) as h:
            await parity.lock_tools(client, lock)
            protection = await parity.protect(client, lock, mode="refuse-changed")
            assert sorted(await h.list_names()) == ["rugpull", "search"]
            failed, text = await h.call("rugpull", {})
            assert not failed, text
            assert await h.list_names() == ["rugpull"]
            change = protection.unavailable["search"].change
            assert [c.field for c in change.surface] == ["description"]
            failed, text = await h.call("search", {"q": "x"})
            assert failed and "drifted: retry never" in text, text
            assert [o.ok for o in protection.outcomes] == [True, False]

    run(main)
