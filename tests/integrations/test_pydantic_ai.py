"""``parity.protect`` on pydantic-ai's MCP objects: the ``MCPToolset`` (1.x and 2.x, over a
fastmcp client) and the 1.x ``MCPServerStdio``; driven through ``list_tools`` and
``direct_call_tool``, which its agent uses (an error result becomes ``ModelRetry``, the
failure the model sees): the framework checks."""

from __future__ import annotations

import contextlib
import functools
import inspect
from collections.abc import AsyncIterator, Callable
from typing import Any

import pytest

from tests.integrations.scenario import CHECKS, ROOT, Harness, check_published

pai_mcp = pytest.importorskip("pydantic_ai.mcp", reason="pydantic-ai is not installed (extra "
                              "frameworks-mcp1 or frameworks-mcp2)")
# the 1.x ``MCPServerStdio`` is deprecated there but still shipped and used: tested on purpose
pytestmark = [
    pytest.mark.slow,
    pytest.mark.filterwarnings("ignore:`MCPServerStdio` is deprecated:DeprecationWarning"),
]


def _no_tool_cache(cls: Any) -> dict[str, Any]:
    # its default keeps the first listing until tools/list_changed (a changed tool never
    # reaches the model then); listing on every run, as openai-agents does by default, is what
    # the rug-pull check drives through the interception
    # (1.x's deprecated MCPServerStdio is wrapped: its own parameters are its __init__'s)
    takes = {*inspect.signature(cls).parameters, *inspect.signature(cls.__init__).parameters}
    return {"cache_tools": False} if "cache_tools" in takes else {}


def _toolset(command: str, args: list[str], *, cache: bool = False) -> Any:
    from fastmcp.client.transports import StdioTransport

    # the 5 s default start-up timeouts are too short for a proxy and a server on a busy machine
    return pai_mcp.MCPToolset(StdioTransport(command, args, cwd=str(ROOT)), init_timeout=60,
                              **({} if cache else _no_tool_cache(pai_mcp.MCPToolset)))


def _server(command: str, args: list[str]) -> Any:
    return pai_mcp.MCPServerStdio(command, args, cwd=str(ROOT), timeout=60,
                                  **_no_tool_cache(pai_mcp.MCPServerStdio))


FACTORIES: dict[str, Callable[[str, list[str]], Any]] = {"toolset": _toolset}
if "MCPServerStdio" in vars(pai_mcp):  # 1.x only (2.x raises on the name)
    FACTORIES["server"] = _server


def connector(factory: Callable[[str, list[str]], Any]) -> Any:
    from pydantic_ai.exceptions import ModelRetry

    @contextlib.asynccontextmanager
    async def connect(command: str, args: list[str]) -> AsyncIterator[Harness]:
        target = factory(command, args)
        async with target:

            async def list_names() -> list[str]:
                return [t.name for t in await target.list_tools()]

            async def call(name: str, arguments: dict[str, Any]) -> tuple[bool, str]:
                try:
                    result = await target.direct_call_tool(name, arguments)
                except ModelRetry as exc:
                    return True, str(exc)
                return False, str(result)

            yield Harness(target, list_names, call)

    return connect


@pytest.mark.parametrize("check", sorted(CHECKS))
@pytest.mark.parametrize("kind", sorted(FACTORIES))
def test_pydantic_ai(kind: str, check: str, tmp_path) -> None:
    CHECKS[check](connector(FACTORIES[kind]), tmp_path)


@pytest.mark.parametrize("check", ["refused_stays_closed", "withheld"])
def test_a_listing_cached_before_protect_is_not_offered(check: str, tmp_path) -> None:
    """``cache_tools`` (its default), listed at connect: the cached listing (the drifted
    tools) was offered after protect, refused or withholding."""
    CHECKS[check](connector(functools.partial(_toolset, cache=True)), tmp_path)


#: what each kind's session declares by default (the 1.x MCPServer: sampling, as it allows it)
DECLARES = {"toolset": "", "server": "sampling"}


@pytest.mark.parametrize("kind", sorted(FACTORIES))
def test_published_server_everything(kind: str, tmp_path) -> None:
    check_published(connector(FACTORIES[kind]), tmp_path, DECLARES[kind])
