"""parity.sources.live: a configured live server as the MCP seam's ServerSpec."""

from __future__ import annotations

import sys

import pytest

from parity.config.settings import ServerConfig
from parity.errors import SourceError
from parity.mcp import fetch_tools
from parity.sources.live import live_spec, own_python
from tests.lockfixtures import ROOT


def test_python_in_a_configured_stdio_command_is_sys_executable() -> None:
    server = ServerConfig(name="weather", kind="stdio",
                          stdio=("python", "-m", "tests.servers.lock_raw"), cwd=ROOT)
    spec = live_spec(server)
    assert spec.command == (sys.executable, "-m", "tests.servers.lock_raw")
    assert own_python(("python3", "x.py")) == (sys.executable, "x.py")
    assert own_python(("python3.11", "x.py")) == ("python3.11", "x.py")
    assert own_python(("/usr/bin/python", "x.py")) == ("/usr/bin/python", "x.py")
    assert own_python(("uv", "run", "python")) == ("uv", "run", "python")
    assert sorted(t["name"] for t in fetch_tools(spec).tools) == ["flip", "forecast", "search",
                                                                  "seen"]


def test_only_values_of_four_characters_or_more_are_secrets() -> None:
    server = ServerConfig(name="s", kind="url", url="http://127.0.0.1:1/mcp",
                          env={"DEBUG": "1", "MODE": "on", "KEY": "abcd"},
                          headers={"Authorization": "Bearer tok-123", "X-Flag": "yes"})
    assert server.secrets == ("abcd", "Bearer tok-123")


def test_an_object_server_is_imported_by_the_caller_not_the_seam() -> None:
    server = ServerConfig(name="demo", kind="object", object="tests.servers.demo:server")
    spec = live_spec(server, root=ROOT)
    from tests.servers.demo import server as demo

    assert spec.obj is demo and spec.object_ref == "tests.servers.demo:server"


def test_a_file_source_is_not_a_live_server() -> None:
    server = ServerConfig(name="saved", kind="tools_file", tools_file=ROOT / "tools.json")
    with pytest.raises(SourceError, match="not a live server"):
        live_spec(server)
