"""``parity.protect`` on Semantic Kernel's ``MCPStdioPlugin`` (semantic-kernel 1.x, mcp 1.x):
listed as a kernel is given it (``kernel.add_plugin(plugin)``: a function per tool the plugin
registered), each call made as the kernel makes it (``kernel.invoke``). Semantic Kernel hands
the model a tool's content whether the result is an error or not, so the text
(``local_failure: retry never: ...``) is what tells the model. The framework checks (but the
mid-session rug pull: the plugin lists again only on ``tools/list_changed``, tested apart), and
what the framework adds: functions registered before ``protect``, a reconnect, a session of
your own. Not the published ``server-everything``: it sends ``tools/list_changed`` as soon as
a session opens, and the plugin lists again from inside the SDK's receive loop, which then
waits forever for the answer it should be reading (the plugin hangs, with parity or
without)."""

from __future__ import annotations

import contextlib
import functools
import logging
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

import parity
from parity.integrations import UnsupportedTarget
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
    check_withheld,
    example_lines,
    proxied,
    run,
)

pytest.importorskip("semantic_kernel.connectors.mcp", reason="semantic-kernel is not installed "
                    "(extra frameworks-mcp1)")
pytestmark = pytest.mark.slow

from semantic_kernel import Kernel  # noqa: E402
from semantic_kernel.connectors.mcp import MCPStdioPlugin  # noqa: E402
from semantic_kernel.functions import KernelArguments  # noqa: E402


def plugin_of(command: str, args: list[str], **options: Any) -> MCPStdioPlugin:
    # (the SDK's stdio_client starts in the test's working directory: the repository root)
    return MCPStdioPlugin(name="workflow", command=command, args=args, **options)


def functions(plugin: MCPStdioPlugin) -> dict[str, Any]:
    """What a kernel given the plugin now offers the model: a function per registered tool."""
    return {f.name: f for f in Kernel().add_plugin(plugin).functions.values()}


async def kernel_call(function: Any, arguments: dict[str, Any]) -> tuple[bool, str]:
    """A call as the kernel makes it: (failed, the text the model is given). An error result's
    text is handed on as data: a failure is parity's refusal or the server's own error."""
    try:
        result = await Kernel().invoke(function, KernelArguments(**arguments))
    except Exception as exc:
        return True, f"{type(exc).__name__}: {exc} ({exc.__cause__})"
    text = "".join(str(item) for item in (result.value if result is not None else []))
    return text.startswith(REFUSED) or text.startswith("Error executing tool"), text


@contextlib.asynccontextmanager
async def connect(command: str, args: list[str]) -> AsyncIterator[Harness]:
    async with plugin_of(command, args) as plugin:
        held = functions(plugin)  # what a kernel is given at connect, before protect

        async def list_names() -> list[str]:
            now = functions(plugin)
            held.update(now)
            return list(now)

        async def call(name: str, arguments: dict[str, Any]) -> tuple[bool, str]:
            if name not in held:
                return True, f"no tool {name}"
            return await kernel_call(held[name], arguments)

        yield Harness(plugin, list_names, call)


#: the kernel checks that the required parameters are given: a call to a tool parity
#: withholds gives them (the drifted server's listing takes them)
SK_CHECKS = {**CHECKS, "withheld": functools.partial(
    check_withheld, arguments={"check_phases": {"phases": []}})}
#: the plugin lists again only on ``tools/list_changed``: the rug pull, which sends none, is
#: tested apart (``test_a_stale_function_is_refused``)
del SK_CHECKS["rug_pull"]


@pytest.mark.parametrize("check", sorted(SK_CHECKS))
def test_semantic_kernel_plugin(check: str, tmp_path: Path) -> None:
    SK_CHECKS[check](connect, tmp_path)


def test_the_functions_registered_before_protect_are_registered_again(tmp_path: Path) -> None:
    """The plugin registers its functions when it connects, before ``protect``, and never
    drops one: once verified, a kernel given the plugin holds verified tools only, and a
    function kept from before that calls a withheld tool is refused, never sent."""
    from tests.integrations.scenario import server_command

    log = tmp_path / "calls.jsonl"

    async def main() -> None:
        async with connect(*server_command("drift", log)) as h:
            before = functions(h.target)
            protection = await parity.protect(h.target, LOCK, mode="refuse-changed")
            withheld = set(protection.unavailable) & set(before)
            assert withheld, "the drift mode changes listed tools"
            assert set(functions(h.target)) == set(before) - withheld
            failed, text = await kernel_call(before[sorted(withheld)[0]], {"phases": []})
            assert failed and text.startswith("drifted: retry never"), text

    run(main)
    assert calls_seen(log) == []


def test_a_stale_function_is_refused(tmp_path: Path) -> None:
    """A tool changed mid-session with no ``tools/list_changed`` (tests.servers.rug_pull): the
    plugin lists again only when told (``load_tools``, as on that notification); that listing
    holds the changed tool against the verified one and withholds it, but the plugin keeps
    its function, whose call is refused, never sent."""
    log = tmp_path / "calls.jsonl"
    lock = tmp_path / "rug.lock.json"

    async def main() -> None:
        async with connect(*proxied(log, "-m", "tests.servers.rug_pull")) as h:
            await parity.lock_tools(h.target, lock)
            protection = await parity.protect(h.target, lock, mode="refuse-changed")
            failed, text = await h.call("rugpull", {})
            assert not failed, text
            await h.target.load_tools()  # what it does on tools/list_changed
            assert "search" in protection.unavailable
            assert sorted(await h.list_names()) == ["rugpull", "search"]  # kept
            failed, text = await h.call("search", {"q": "x"})
            assert failed and text.startswith("drifted: retry never"), text

    run(main)
    assert calls_seen(log) == ["rugpull"]


def test_a_reconnect_is_verified_before_it_lists(tmp_path: Path,
                                                 caplog: pytest.LogCaptureFixture) -> None:
    """``close()`` then ``connect()``: a new session, which the plugin lists through at once. A
    server that drifted meanwhile is refused before that listing (logged: raising there would
    leave ``connect()`` waiting), and the functions kept from before are refused, never sent;
    a sound one is verified, and its calls guarded."""
    mode, log = tmp_path / "mode", tmp_path / "calls.jsonl"
    mode.write_text("none")
    plugin = plugin_of(sys.executable, ["-m", "tests.servers.switch", str(mode), str(log)])

    async def main() -> None:
        await plugin.connect()
        protection = await parity.protect(plugin, LOCK)
        kept = functions(plugin)
        await plugin.close()
        mode.write_text("drift")
        await plugin.connect()
        assert "its session was refused" in caplog.text
        assert not protection.later
        failed, text = await kernel_call(kept[GOOD_CALL[0]], GOOD_CALL[1])
        assert failed and "drifted: retry never" in text, text
        await plugin.close()
        mode.write_text("none")
        await plugin.connect()
        assert len(protection.later) == 1 and protection.later[0].session is plugin.session
        failed, text = await kernel_call(functions(plugin)[BAD_CALL[0]], BAD_CALL[1])
        assert failed and text.startswith("local_failure: retry never"), text
        failed, text = await kernel_call(kept[GOOD_CALL[0]], GOOD_CALL[1])
        assert not failed, text
        await plugin.close()

    with caplog.at_level(logging.WARNING, logger="parity.integrations.kinds.semantic_kernel"):
        run(main)
    assert calls_seen(log) == [GOOD_CALL[0]]


# (semantic-kernel opens the session with the SDK's streamablehttp_client, which warns)
@pytest.mark.filterwarnings("ignore:Use `streamable_http_client` instead:DeprecationWarning")
def test_a_streamable_http_plugin_and_its_reconnect(http_server: Any) -> None:
    """``MCPStreamableHttpPlugin``: its session over streamable HTTP is verified, its calls
    guarded; after ``close()`` and ``connect()``, its new session too."""
    from semantic_kernel.connectors.mcp import MCPStreamableHttpPlugin

    url = http_server("examples.workflow.server", path="/mcp")

    async def main() -> None:
        plugin = MCPStreamableHttpPlugin(name="workflow", url=url)
        await plugin.connect()
        protection = await parity.protect(plugin, LOCK)
        for _ in range(2):
            failed, text = await kernel_call(functions(plugin)[BAD_CALL[0]], BAD_CALL[1])
            assert failed and text.startswith("local_failure: retry never"), text
            failed, text = await kernel_call(functions(plugin)[GOOD_CALL[0]], GOOD_CALL[1])
            assert not failed, text
            await plugin.close()
            await plugin.connect()
            assert protection.later[-1].session is plugin.session  # verified
        await plugin.close()
        assert [o.ok for o in protection.outcomes] == [False, True, False, True]

    run(main)


def test_a_session_of_your_own(tmp_path: Path) -> None:
    """``MCPStdioPlugin(session=...)``: the ``ClientSession`` given it is the one verified;
    its functions are registered again, and a call only the pinned schema refuses is never
    sent."""
    from mcp import ClientSession, StdioServerParameters
    from mcp.client.stdio import stdio_client

    from tests.integrations.scenario import server_command

    log = tmp_path / "calls.jsonl"
    command, args = server_command("none", log)

    async def main() -> None:
        params = StdioServerParameters(command=command, args=args, cwd=str(ROOT))
        async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            async with plugin_of(command, args, session=session) as plugin:
                protection = await parity.protect(plugin, LOCK)
                assert protection.session is session
                assert sorted(functions(plugin)) == ALL_TOOLS
                failed, text = await kernel_call(functions(plugin)[BAD_CALL[0]], BAD_CALL[1])
                assert failed and "$.max_phases" in text, text

    run(main)
    assert calls_seen(log) == []


def test_a_plugin_not_connected_is_refused() -> None:
    async def main() -> None:
        with pytest.raises(UnsupportedTarget) as caught:
            await parity.protect(plugin_of(sys.executable, ["-c", "pass"]), LOCK)
        assert "not connected" in str(caught.value)
        assert "async with plugin" in caught.value.hint

    run(main)


def test_the_example_runs() -> None:
    """``examples/integrations/semantic_kernel.py`` as a user runs it: the verified tools,
    then the refusal the model reads."""
    listed, answer = example_lines("examples.integrations.semantic_kernel")
    assert listed == repr(ALL_TOOLS)
    assert answer.startswith("local_failure: retry never: refused locally; nothing was sent")
    assert "$.max_phases" in answer
