"""``protect`` takes the credentials a framework object connects with as secrets
(``parity.integrations.configured``): found where each real framework keeps them, and kept
out of the refusal a drifted server's echo would have printed (openai-agents over stdio,
against tests/servers/secret_echo.py, a real subprocess given the secret in its env)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import anyio
import pytest

import parity
from parity.errors import ToolDriftError
from parity.integrations.configured import configured_secrets
from tests.lockfixtures import ROOT

TOKEN = "tok-SECRET-4f9a8b7c"
URL = "http://127.0.0.1:1/mcp?api_key=url-k3y-value&version=2025"
#: a header no credential: left readable
HEADERS = {"Authorization": f"Bearer {TOKEN}", "X-Trace": "visible-trace-value"}


def _openai_agents_http() -> Any:
    mcp = pytest.importorskip("agents.mcp")
    return mcp.MCPServerStreamableHttp(params={"url": URL, "headers": HEADERS})


def _fastmcp() -> Any:
    fastmcp = pytest.importorskip("fastmcp")
    from fastmcp.client.transports import StreamableHttpTransport

    return fastmcp.Client(StreamableHttpTransport(URL, headers=HEADERS))


def _google_adk() -> Any:
    toolset = pytest.importorskip("google.adk.tools.mcp_tool.mcp_toolset")
    from google.adk.tools.mcp_tool.mcp_session_manager import StreamableHTTPConnectionParams

    return toolset.McpToolset(connection_params=StreamableHTTPConnectionParams(
        url=URL, headers=HEADERS))


def _llama_index() -> Any:
    mcp = pytest.importorskip("llama_index.tools.mcp")
    return mcp.BasicMCPClient(URL, headers=HEADERS)


def _agent_framework() -> Any:
    framework = pytest.importorskip("agent_framework")
    return framework.MCPStreamableHTTPTool(name="x", url=URL, static_headers=HEADERS)


def _strands_style_factory() -> Any:
    """A transport factory closing over its URL and headers (strands' ``MCPClient``)."""
    url, headers = URL, HEADERS
    return lambda: (url, headers)


def _strands_module_factory() -> Any:
    """A transport factory written at module level: it reads ``URL`` and ``HEADERS`` as
    module globals, with no closure (strands' README writes its ``MCPClient`` so)."""
    return _MODULE_FACTORY


_MODULE_FACTORY = lambda: (URL, HEADERS)  # noqa: E731 (a factory as users write it)


@pytest.mark.parametrize("make", [_openai_agents_http, _fastmcp, _google_adk, _llama_index,
                                  _agent_framework, _strands_style_factory,
                                  _strands_module_factory])
def test_the_credentials_a_framework_connects_with_are_found(make: Any) -> None:
    found = configured_secrets(make())
    assert TOKEN in found and "url-k3y-value" in found
    assert "visible-trace-value" not in found and "2025" not in found


def test_an_environment_gives_its_credentials_alone() -> None:
    mcp = pytest.importorskip("agents.mcp")
    server = mcp.MCPServerStdio(params={"command": "x", "env": {
        "OPENAI_API_KEY": "sk-env-value-1234", "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"}})
    assert configured_secrets(server) == ("sk-env-value-1234",)


def test_the_walk_is_bounded_on_a_cyclic_or_huge_object() -> None:
    class Node:
        def __init__(self) -> None:
            self.next: Any = self
            self.items = [{"deep": list(range(100))} for _ in range(10_000)]
            self.headers = {"Authorization": f"Bearer {TOKEN}"}

    assert set(configured_secrets(Node())) == {TOKEN, f"Bearer {TOKEN}"}


@pytest.mark.slow
def test_a_server_echoing_the_framework_s_credential_is_refused_without_it(
        tmp_path: Path) -> None:
    mcp = pytest.importorskip("agents.mcp")
    secret = "sk-live-ECHOED-0042"
    lock = tmp_path / "echo.lock.json"

    def server(into: str) -> Any:
        return mcp.MCPServerStdio(params={
            "command": sys.executable, "args": ["-m", "tests.servers.secret_echo", "--into",
                                                into],
            "cwd": str(ROOT), "env": {"PARITY_ECHO_SECRET": secret}},
            client_session_timeout_seconds=60)

    async def main() -> str:
        async with server("nowhere") as clean:
            await parity.lock_tools(clean, lock)
        async with server("description") as drifted:
            with pytest.raises(ToolDriftError) as refused:
                await parity.protect(drifted, lock)
            return str(refused.value)

    text = anyio.run(main)
    assert "description" in text and "***" in text
    assert secret not in text
