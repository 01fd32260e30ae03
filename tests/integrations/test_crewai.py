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
    text_call,
)

# crewai reports usage to its own servers unless told not to: nothing leaves 127.0.0.1
os.environ.setdefault("CREWAI_DISABLE_TELEMETRY", "true")
os.environ.setdefault("OTEL_SDK_DISABLED", "true")
crewai_tools = pytest.importorskip("crewai_tools", reason="crewai-tools is not installed "
                                   "(extra frameworks-crewai)")
pytest.importorskip("mcpadapt.core", reason="crewai-tools[mcp] is not installed")
pytestmark = pytest.mark.slow

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
