"""The checks every framework integration must pass, driven through the framework's own
objects against the bundled example server (``examples.workflow.server``), started through the
drill's fault proxy (``parity.runtime.drill.stdio_proxy``) so a run can drift or fault the
server and the proxy's log shows which calls reached it.

A framework's test module gives ``connect(command, args) -> async context manager`` yielding a
``Harness``; the checks are plain functions each module calls from its own tests.
"""

from __future__ import annotations

import asyncio
import json
import sys
from collections.abc import Awaitable, Callable
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import anyio
import pytest

import parity
from parity.errors import ToolDriftError
from parity.runtime.guard import Category

ROOT = Path(__file__).resolve().parents[2]
#: the example's lock, made by `parity lock` with its defaults
LOCK = ROOT / "manifests" / "workflow.lock.json"
ALL_TOOLS = sorted(json.loads(LOCK.read_text())["tools"])
#: tools the proxy's ``drift`` mode changes (so refuse-changed withholds them)
GOOD_CALL = ("propose_phases", {"goal": "weekly digest"})
#: a type the pinned schema refuses, which no framework checks by itself
BAD_CALL = ("propose_phases", {"goal": "weekly digest", "max_phases": "four"})


@dataclass
class Harness:
    """One framework object connected to the server, and how to drive it."""

    target: Any
    #: the names of the tools the framework lists
    list_names: Callable[[], Awaitable[list[str]]]
    #: call a tool the way the framework does: (failed, text the model would see)
    call: Callable[[str, dict[str, Any]], Awaitable[tuple[bool, str]]]
    #: for a framework that keeps what it listed: the names it offers an agent now, without
    #: listing again (an agent run takes them as they are)
    offered: Callable[[], list[str]] | None = None


Connect = Callable[[str, list[str]], AbstractAsyncContextManager[Harness]]


def server_command(mode: str, log: Path) -> tuple[str, list[str]]:
    """The example server behind the fault proxy in ``mode`` (``none``: untouched)."""
    return sys.executable, ["-m", "parity.runtime.drill.stdio_proxy", "--mode", mode, "--log",
                            str(log), "--", sys.executable, "-m", "examples.workflow.server"]


def proxied(log: Path, *server: str) -> tuple[str, list[str]]:
    """A test server (``-m tests.servers...``) behind the fault proxy, untouched."""
    return sys.executable, ["-m", "parity.runtime.drill.stdio_proxy", "--mode", "none",
                            "--log", str(log), "--", sys.executable, *server]


def calls_seen(log: Path) -> list[str]:
    """The tools/call requests that reached the server (through the proxy)."""
    if not log.exists():
        return []
    return [json.loads(line)["tool"] for line in log.read_text().splitlines() if line]


def run(fn: Callable[[], Awaitable[None]]) -> None:
    anyio.run(fn)


def example_lines(module: str) -> list[str]:
    """What ``python -m <module>`` (an ``examples.integrations`` script) prints, run as a
    user runs it, from the repository root."""
    import subprocess

    done = subprocess.run([sys.executable, "-m", module], cwd=ROOT, capture_output=True,
                          text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


#: what a refusal's text starts with (``refusal_text``)
REFUSED = tuple(f"{c.value}: retry " for c in Category if c is not Category.OK)


async def text_call(tool: Callable[..., Any], arguments: dict[str, Any]) -> tuple[bool, str]:
    """A call through a synchronous framework's tool that hands the model the result's first
    text, error or not (smolagents, crewai), made off this loop: failed when that text is
    parity's refusal or the server's error, or when the framework raised (it reports the
    exception to the model)."""
    try:
        text = str(await asyncio.to_thread(tool, **arguments))
    except Exception as exc:
        return True, f"{type(exc).__name__}: {exc}"
    return text.startswith(REFUSED) or text.startswith("Error executing tool"), text


def result_text(result: Any) -> tuple[bool, str]:
    """An ``mcp`` ``CallToolResult`` of either SDK generation: (failed, its texts)."""
    failed = getattr(result, "is_error", None)  # 2.x is_error (its camelCase alias warns)
    if failed is None:
        failed = result.isError  # 1.x
    return bool(failed), "\n".join(getattr(c, "text", "") for c in result.content)


def built_harness(target: Any, session: Any,
                  build: Callable[[], Awaitable[dict[str, Any]]],
                  call: Callable[[Any, dict[str, Any]], Awaitable[tuple[bool, str]]],
                  ) -> Harness:
    """For a framework that builds its tools from each listing of ``session`` (``build``: by
    name), each called as it calls them (``call``): a tool the listing withholds has no
    framework tool, so a call to it goes to the session, which refuses it."""

    async def list_names() -> list[str]:
        return list(await build())

    async def call_named(name: str, arguments: dict[str, Any]) -> tuple[bool, str]:
        built = await build()
        if name not in built:
            return result_text(await session.call_tool(name, arguments))
        return await call(built[name], arguments)

    return Harness(target, list_names, call_named)


def check_clean(connect: Connect, tmp_path: Path) -> None:
    """A CLI lock with defaults verifies clean in the framework's default configuration; a
    good call succeeds unchanged."""
    log = tmp_path / "calls.jsonl"

    async def main() -> None:
        command, args = server_command("none", log)
        async with connect(command, args) as h:
            protection = await parity.protect(h.target, LOCK)
            assert not protection.unavailable
            assert sorted(await h.list_names()) == ALL_TOOLS
            assert sorted(await h.list_names()) == ALL_TOOLS
            # an unchanged listing is compared by digest, never verified again
            assert protection.pinned.verifications == 1
            failed, text = await h.call(*GOOD_CALL)
            assert not failed, text
            assert "phase_id" in text
    run(main)
    assert calls_seen(log) == ["propose_phases"]


def check_drift_refused(connect: Connect, tmp_path: Path) -> None:
    """A drifted server is refused (refuse-server): ``ToolDriftError``, which may arrive in an
    exception group from the framework's task group; ``drift_errors`` unwraps it."""
    log = tmp_path / "calls.jsonl"

    async def main() -> None:
        command, args = server_command("drift", log)
        with parity.drift_errors():
            async with connect(command, args) as h:
                await parity.protect(h.target, LOCK)
    with pytest.raises(ToolDriftError) as caught:
        run(main)
    assert f"differ from the lock ({LOCK}): refused" in str(caught.value)
    assert calls_seen(log) == []


def check_bad_arguments(connect: Connect, tmp_path: Path,
                        bad: tuple[str, dict[str, Any]] = BAD_CALL,
                        where: str = "$.max_phases") -> None:
    """Arguments the pinned schema refuses (at ``where``): an error result, and nothing
    reaches the server. (``bad``: for a framework that checks the arguments against the
    listed schema itself, ones its check lets through.)"""
    log = tmp_path / "calls.jsonl"

    async def main() -> None:
        command, args = server_command("none", log)
        async with connect(command, args) as h:
            await parity.protect(h.target, LOCK)
            failed, text = await h.call(*bad)
            assert failed, text
            assert "local_failure: retry never" in text
            assert where in text
    run(main)
    assert calls_seen(log) == []


def check_withheld(connect: Connect, tmp_path: Path,
                   arguments: dict[str, dict[str, Any]] | None = None) -> None:
    """refuse-changed: the drifted tools are withheld from the listing, a call to one is an
    error result that never reaches the server; unchanged tools still work. (``arguments``:
    by tool, for a framework that checks them against the listed schema itself; else
    none.)"""
    log = tmp_path / "calls.jsonl"

    async def main() -> None:
        command, args = server_command("drift", log)
        async with connect(command, args) as h:
            await h.list_names()  # (as agents do at connect: a framework's cache holds it)
            protection = await parity.protect(h.target, LOCK, mode="refuse-changed")
            withheld = sorted(protection.unavailable)
            assert withheld, "the drift mode changes tools"
            listed = await h.list_names()
            assert sorted(listed) == sorted(set(ALL_TOOLS) - set(withheld))
            failed, text = await h.call(withheld[0], (arguments or {}).get(withheld[0], {}))
            assert failed, text
            assert text.startswith("drifted: retry never") or "drifted: retry never" in text
            failed, text = await h.call(*GOOD_CALL)
            assert not failed, text
    run(main)
    assert calls_seen(log) == ["propose_phases"]


def check_fault(connect: Connect, tmp_path: Path) -> None:
    """A faulted answer (a success carrying ``{"error": "rate_limited"}``) is an error
    result, never a success."""
    log = tmp_path / "calls.jsonl"

    async def main() -> None:
        command, args = server_command("http200_error", log)
        async with connect(command, args) as h:
            await parity.protect(h.target, LOCK)
            failed, text = await h.call(*GOOD_CALL)
            assert failed, text
            assert "phase_id" not in text
    run(main)
    assert calls_seen(log) == ["propose_phases"]


def check_task_only(connect: Connect, tmp_path: Path) -> None:
    """A tool that takes no plain calls (``execution.taskSupport: required``, MCP 2025-11-25;
    tests.servers.task_tools), called plainly as every framework calls: never a success.
    Locked from the framework's own session, and protected: where that session is told the
    tool's ``execution``, the call is refused locally, saying so, and never reaches the
    server; a 2026-07-28 session is told nothing of tasks (``execution`` is 2025-11-25
    only), so the call is sent and the server's refusal is the failure. The server's other
    tool works either way."""
    log = tmp_path / "calls.jsonl"
    lock = tmp_path / "tasks.lock.json"
    server = ["-m", "tests.servers.task_tools", "--task-support", "required"]
    proxy = ["-m", "parity.runtime.drill.stdio_proxy", "--mode", "none", "--log", str(log),
             "--", sys.executable, *server]
    told: list[bool] = []

    async def main() -> None:
        async with connect(sys.executable, proxy) as h:
            await parity.lock_tools(h.target, lock)
            protection = await parity.protect(h.target, lock)
            assert not protection.unavailable
            assert sorted(await h.list_names()) == ["echo", "report"]
            execution = protection.tools["report"].get("execution")
            told.append(execution is not None)
            assert told[0] is not protection.pinned.session.modern
            failed, text = await h.call("report", {"city": "Oslo"})
            assert failed, text
            if told[0]:
                assert execution == {"taskSupport": "required"}
                assert "local_failure: retry never" in text
                assert ("the tool has execution.taskSupport `required`: it takes no "
                        "plain call, and the server refuses every one; call it as a task") in text
            else:
                assert "tool_error: retry never" in text
            failed, text = await h.call("echo", {"city": "Oslo"})
            assert not failed and "echo: Oslo" in text, text
    run(main)
    assert calls_seen(log) == (["echo"] if told[0] else ["report", "echo"])


def check_refused_stays_closed(connect: Connect, tmp_path: Path) -> None:
    """``protect`` intercepts before it verifies: a caller who catches the ``ToolDriftError``
    (refuse-server) and carries on gets no tool listed, and every call is refused locally,
    never sent."""
    log = tmp_path / "calls.jsonl"

    async def main() -> None:
        command, args = server_command("drift", log)
        async with connect(command, args) as h:
            await h.list_names()  # (as agents do at connect: a framework's cache holds it)
            with pytest.raises(ToolDriftError):
                await parity.protect(h.target, LOCK)
            if h.offered is not None:  # (what it listed at connect: the drifted tools)
                assert h.offered() == []
            assert await h.list_names() == []
            failed, text = await h.call(*GOOD_CALL)
            assert failed, text
            assert "drifted: retry never" in text and "call parity.protect again" in text
    run(main)
    assert calls_seen(log) == []


def check_rug_pull(connect: Connect, tmp_path: Path) -> None:
    """A tool changed mid-session with no ``tools/list_changed`` (tests.servers.rug_pull: a
    poisoned description): the framework's next listing holds every tool against the verified
    one, the changed tool is verified again and withheld with its field-path explanation,
    and a call to it never reaches the server."""
    log = tmp_path / "calls.jsonl"
    lock = tmp_path / "rug.lock.json"

    async def main() -> None:
        async with connect(*proxied(log, "-m", "tests.servers.rug_pull")) as h:
            await parity.lock_tools(h.target, lock)
            protection = await parity.protect(h.target, lock, mode="refuse-changed")
            assert sorted(await h.list_names()) == ["rugpull", "search"]
            failed, text = await h.call("rugpull", {})
            assert not failed, text
            assert await h.list_names() == ["rugpull"]
            change = protection.unavailable["search"].change
            assert change is not None
            assert [c.field for c in change.surface] == ["description"]
            failed, text = await h.call("search", {"q": "x"})
            assert failed, text
            assert "drifted: retry never" in text
    run(main)
    assert calls_seen(log) == ["rugpull"]


def check_wrapped_error(connect: Connect, tmp_path: Path) -> None:
    """Tools typed ``-> str`` and ``-> list[dict]`` that return ``{"error": "rate_limited"}``,
    which an SDK server wraps as ``{"result": ...}`` (tests.servers.wrapped_tools): failures
    the model sees. Their data, a declared ``error`` field and prose are successes."""
    lock = tmp_path / "wrapped.lock.json"

    async def main() -> None:
        async with connect(sys.executable, ["-m", "tests.servers.wrapped_tools"]) as h:
            await parity.lock_tools(h.target, lock)
            await parity.protect(h.target, lock)
            for tool in ("lookup", "recent"):
                failed, text = await h.call(tool, {"q": "fail"})
                assert failed and "tool_error: retry never" in text, (tool, text)
                failed, text = await h.call(tool, {"q": "x"})
                assert not failed, (tool, text)
            for tool in ("checks", "report", "count"):
                failed, text = await h.call(tool, {"q": "fail"})
                assert not failed, (tool, text)
    run(main)


CHECKS = {"clean": check_clean, "drift_refused": check_drift_refused,
          "bad_arguments": check_bad_arguments, "withheld": check_withheld,
          "fault": check_fault, "task_only": check_task_only,
          "refused_stays_closed": check_refused_stays_closed, "rug_pull": check_rug_pull,
          "wrapped_error": check_wrapped_error}


def check_published(connect: Connect, tmp_path: Path, capabilities: str = "",
                    named: Callable[[str], str] = str,
                    offered: Callable[[dict[str, Any]], bool] = lambda definition: True,
                    ) -> None:
    """The pinned published ``@modelcontextprotocol/server-everything``, which lists tools by
    the client's declared capabilities: a CLI lock made under the capabilities the framework
    declares (``capabilities``; none for the SDK's default client) verifies clean, and a lock
    made under others is refused with a message that says so and how to re-lock. (``named``:
    the name the framework gives a tool of the server's name, for one that renames them;
    ``offered``: whether it offers a tool of this definition, for one that leaves some out.)"""
    import shlex

    from parity.cli.main import main as cli
    from tests.published import npm_server

    spec = npm_server("server-everything")
    line = shlex.join(spec.command)
    matching, other = tmp_path / "matching.lock.json", tmp_path / "other.lock.json"
    extra = ["--capabilities", capabilities] if capabilities else []
    assert cli(["lock", "--stdio", line, "--lock", str(matching), "--yes", *extra]) == 0
    assert cli(["lock", "--stdio", line, "--lock", str(other), "--yes", "--capabilities",
                "roots,elicitation"]) == 0
    pinned = sorted(named(name) for name, tool in json.loads(matching.read_text())["tools"].items()
                    if offered(tool["definition"]))

    async def main() -> None:
        async with connect(spec.command[0], list(spec.command[1:])) as h:
            protection = await parity.protect(h.target, matching)
            assert not protection.unavailable
            assert sorted(await h.list_names()) == pinned
        with parity.drift_errors():
            async with connect(spec.command[0], list(spec.command[1:])) as h:
                await parity.protect(h.target, other)
    with pytest.raises(ToolDriftError) as caught:
        run(main)
    text = str(caught.value)
    assert "the lock was listed with client capabilities: elicitation, roots" in text
    assert f"this client declares: {capabilities.replace(',', ', ') or 'none'}" in text
    assert "parity lock" in text
