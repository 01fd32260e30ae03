"""benchmarks/connect.py: the connect rows' three ways of starting up against a real SDK
server, in process and as a subprocess over stdio, on both SDK generations, and the refusal
the harness checks for."""

from __future__ import annotations

import contextlib
import copy
from pathlib import Path

import anyio
import pytest

from parity.pinning import lock as lk
from tests.benchmodules import bench_module
from tests.fieldpaths.test_direct import REPO, generated

connect = bench_module("connect")


@pytest.fixture(scope="module")
def catalog() -> list[dict]:
    return generated(20)


@pytest.fixture
def lock_file(tmp_path: Path, catalog: list[dict]) -> Path:
    path = tmp_path / "bench.lock.json"
    lk.write(lk.build("bench", catalog), path)
    return path


def test_every_way_of_starting_up_gets_every_tool(catalog, lock_file):
    _every_way_lists_every_tool(connect.catalog_server(catalog), lock_file, len(catalog))


@pytest.mark.parametrize("way", ["parity_session", "sdk_session"])
def test_a_planted_change_is_refused_by_its_field_path(catalog, lock_file, way):
    changed = copy.deepcopy(catalog)
    changed[3]["inputSchema"].setdefault("properties", {})["planted"] = {"type": "string"}
    assert connect.refused_fields(getattr(connect, way)(connect.catalog_server(changed),
                                                        lock_file)) == [
        (changed[3]["name"], "planted")]
    assert connect.refusal(getattr(connect, way)(connect.catalog_server(catalog),
                                                  lock_file)) is None


@pytest.fixture
def rows_catalog(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[int, Path, str]:
    """The subprocess rows' catalog, small: its size, its lock file and the tool its planted
    change is made to."""
    monkeypatch.syspath_prepend(str(REPO / "benchmarks"))  # catalog() reads generate.py
    n = connect.PLANTED_AT + 2
    lock_file = tmp_path / "rows.lock.json"
    lk.write(lk.build("bench", connect.catalog(n)), lock_file)
    return n, lock_file, connect.catalog(n)[connect.PLANTED_AT]["name"]


def _every_way_lists_every_tool(server: object, lock_file: Path, n: int) -> None:
    """The SDK's listing, the wrapped SDK session's verify and parity's session's verify
    each get all ``n`` tools of ``server``."""
    assert anyio.run(connect.sdk_session(server, None)) == n
    assert anyio.run(connect.sdk_session(server, lock_file)) == n
    assert anyio.run(connect.parity_session(server, lock_file)) == n


def test_over_stdio_every_way_gets_every_tool_and_the_planted_change_is_refused(
        rows_catalog: tuple[int, Path, str]) -> None:
    """The stdio rows' server: ``connect.py --stdio N`` serves the rows' catalog (``catalog``)
    as a subprocess; ``--changed``, with the planted change."""
    n, lock_file, planted = rows_catalog
    _every_way_lists_every_tool(connect.stdio_command(n), lock_file, n)
    assert connect.refused_fields(connect.parity_session(
        connect.stdio_command(n, changed=True), lock_file)) == [(planted, "planted")]


@pytest.mark.parametrize("json_response", [False, True], ids=["event-stream", "json-body"])
def test_over_http_every_way_gets_every_tool_and_the_planted_change_is_refused(
        rows_catalog: tuple[int, Path, str], json_response: bool) -> None:
    """The HTTP rows' servers: ``connect.py --http N`` serves the rows' catalog over
    streamable HTTP on a port of 127.0.0.1 it binds and prints (``http_server``), answering
    with event streams or JSON bodies; both sessions reach it, and both refuse the planted
    change by its field path."""
    n, lock_file, planted = rows_catalog
    with connect.http_server(n, json_response=json_response) as url, \
            connect.http_server(n, changed=True, json_response=json_response) as changed:
        assert url.startswith("http://127.0.0.1:") and url != changed
        _every_way_lists_every_tool(url, lock_file, n)
        for way in (connect.parity_session, connect.sdk_session):
            assert connect.refused_fields(way(changed, lock_file)) == [(planted, "planted")]


@pytest.mark.parametrize("transport", ["stdio", "http"])
def test_the_2026_rows_get_every_tool_and_refuse_the_planted_change(
        rows_catalog: tuple[int, Path, str], transport: str) -> None:
    """The MCP 2026-07-28 rows (2.x SDK): parity's session told to speak it, and the 2.x
    ``Client`` in its default mode (its comparison), reach the same servers; parity's
    session refuses the planted change by its field path."""
    from parity.mcp import SDK_MAJOR

    if SDK_MAJOR < 2:
        pytest.skip("MCP 2026-07-28 is the 2.x SDK's")
    n, lock_file, planted = rows_catalog
    with contextlib.ExitStack() as up:
        if transport == "stdio":
            server, changed = connect.stdio_command(n), connect.stdio_command(n, changed=True)
        else:
            server = up.enter_context(connect.http_server(n))
            changed = up.enter_context(connect.http_server(n, changed=True))
        assert anyio.run(connect.sdk_client(server, None)) == n
        assert anyio.run(connect.sdk_client(server, lock_file)) == n
        assert anyio.run(connect.parity_session(server, lock_file, protocol="2026-07-28")) == n
        assert connect.refused_fields(connect.parity_session(
            changed, lock_file, protocol="2026-07-28")) == [(planted, "planted")]
