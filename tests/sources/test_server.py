"""parity.sources.server: every server-side source kind, against real servers and files."""

from __future__ import annotations

import json
import sys
import uuid
from pathlib import Path
from typing import Any

import pytest

from parity.config.settings import ModelRef, ServerConfig
from parity.errors import SourceError
from parity.sources.server import server_definitions
from tests.mcpfixtures import JSON_TYPES, types_in

REPO = Path(__file__).resolve().parents[2]
DEMO = ["add", "echo", "whoami", "slow"]


def names(listing: Any) -> list[str]:
    return [t["name"] for t in listing.tools]


def test_stdio_source() -> None:
    server = ServerConfig(name="demo", kind="stdio",
                          stdio=(sys.executable, "-m", "tests.servers.demo"), cwd=REPO)
    listing = server_definitions(server, root=REPO)
    assert names(listing) == DEMO
    assert listing.server_info["name"] == "demo"


def test_stdio_failure_names_the_server_and_redacts_env() -> None:
    server = ServerConfig(name="broken", kind="stdio", cwd=REPO,
                          stdio=(sys.executable, "-m", "tests.servers.nostart"),
                          env={"PARITY_TEST_SECRET": "hunter2-secret"})
    with pytest.raises(SourceError) as info:
        server_definitions(server, root=REPO)
    text = str(info.value)
    assert "server 'broken'" in text and "token ***" in text
    assert "hunter2-secret" not in text


def test_url_source(http_server: Any) -> None:
    url = http_server("tests.servers.demo")
    server = ServerConfig(name="web", kind="url", url=url, headers={"X-Token": "abc-secret"})
    assert names(server_definitions(server, root=REPO)) == DEMO


def test_object_source_imports_from_the_config_root(tmp_path: Path) -> None:
    module = f"srv_{uuid.uuid4().hex}"
    (tmp_path / f"{module}.py").write_text(
        "from parity.mcp import new_server\n"
        "app = new_server('tmp')\n"
        "@app.tool()\n"
        "def ping(n: int) -> int:\n"
        "    return n\n")
    server = ServerConfig(name="tmp", kind="object", object=f"{module}:app")
    listing = server_definitions(server, root=tmp_path)
    assert names(listing) == ["ping"]
    assert listing.tools[0]["inputSchema"]["properties"]["n"]["type"] == "integer"
    assert str(tmp_path) not in sys.path  # the root is on sys.path only while importing


def test_object_source_bad_reference() -> None:
    server = ServerConfig(name="x", kind="object", object="tests.servers.nope:server")
    with pytest.raises(SourceError, match=r"tests\.servers\.nope:server"):
        server_definitions(server, root=REPO)


def test_tools_file_source(tmp_path: Path) -> None:
    tools = [{"name": "a", "inputSchema": {"type": "object"}, "x-kept": 1},
             {"name": "b", "inputSchema": {"type": "object"}}]
    file = tmp_path / "tools.json"
    file.write_text(json.dumps({"tools": tools}))
    listing = server_definitions(ServerConfig(name="f", kind="tools_file", tools_file=file),
                                 root=tmp_path)
    assert listing.tools == tools
    assert listing.plain_json  # decoded JSON: a lock proves its tools by their text
    assert types_in(listing.tools) <= JSON_TYPES


def test_models_source(tmp_path: Path) -> None:
    module = f"models_{uuid.uuid4().hex}"
    (tmp_path / f"{module}.py").write_text(
        "from pydantic import BaseModel\n"
        "class Query(BaseModel):\n"
        "    '''Search.'''\n"
        "    q: str\n"
        "    limit: int = 10\n"
        "class Hits(BaseModel):\n"
        "    hits: list[str]\n")
    server = ServerConfig(name="m", kind="models", models={
        "search": ModelRef(f"{module}:Query", f"{module}:Hits"),
        "ping": ModelRef(None, f"{module}:Hits")})
    listing = server_definitions(server, root=tmp_path)
    by_name = {t["name"]: t for t in listing.tools}
    assert set(by_name) == {"search", "ping"}
    search = by_name["search"]
    assert search["inputSchema"]["required"] == ["q"]
    assert search["inputSchema"]["properties"]["limit"]["default"] == 10
    assert search["outputSchema"]["properties"]["hits"]["type"] == "array"
    assert by_name["ping"]["inputSchema"] == {"type": "object", "properties": {}}


def test_models_source_failed_import_names_the_ref(tmp_path: Path) -> None:
    module = f"broken_{uuid.uuid4().hex}"
    (tmp_path / f"{module}.py").write_text("raise RuntimeError('boom at import')\n")
    server = ServerConfig(name="m", kind="models", models={"t": ModelRef(f"{module}:X", None)})
    with pytest.raises(SourceError, match=rf"{module}:X.*boom at import"):
        server_definitions(server, root=tmp_path)


def test_a_server_missing_a_module_says_so_and_suggests_cwd(tmp_path: Path) -> None:
    # what `parity extract` from the wrong folder looks like: the interpreter cannot find
    # the server's package, exits, and the message points at `cwd`, not at timeouts
    server = ServerConfig(name="w", kind="stdio", key="servers.w", cwd=tmp_path,
                          stdio=(sys.executable, "-m", "parity_no_such_pkg.server"))
    with pytest.raises(SourceError) as info:
        server_definitions(server, root=tmp_path)
    text = str(info.value)
    assert "ModuleNotFoundError" in text and f"it ran in {tmp_path}" in text
    assert info.value.hint is not None and "set `cwd` in [servers.w]" in info.value.hint
    assert "start_timeout" not in text
