"""The pinned client and a renamed server (``serverInfo.name`` differs from the lock's), as
``parity verify`` treats one: compared and refused, accepted with ``accept_name`` (or the
server's ``accept_reported_name``), the field paths explained when the tools changed too.
Against a real SDK server subprocess (``tests.servers.lock_weather``)."""

from __future__ import annotations

import json
from contextlib import nullcontext
from pathlib import Path

import anyio
import pytest

from parity.config.settings import load_config
from parity.errors import ToolDriftError
from parity.mcp import fetch_tools, open_session
from parity.pinning import lock as L
from parity.pinning.drift import Drift
from parity.runtime.client import PinnedClient, verify_tools
from tests.lockfixtures import ROOT, command, stdio_spec

pytestmark = pytest.mark.slow
NEW = "mcp-servers/weather"


@pytest.fixture(scope="module")
def weather_lock(tmp_path_factory) -> str:
    path = tmp_path_factory.mktemp("locks") / "weather.lock.json"
    L.write(L.from_listing("weather", fetch_tools(stdio_spec("lock_weather", version="v1"))),
            path)
    return str(path)


def started(lock: str, *, version: str = "v1", **kw) -> PinnedClient | ToolDriftError:
    """A client started on the renamed server, or the refusal it raised."""
    async def main() -> PinnedClient | ToolDriftError:
        async with open_session(stdio_spec("lock_weather", version=version,
                                           reported=NEW)) as s:
            client = PinnedClient(s, lock, **kw)
            try:
                await client.start()
            except ToolDriftError as exc:
                return exc
            with pytest.raises(ToolDriftError, match="call refused locally") if \
                    client.unavailable else nullcontext():
                await client.call_tool("forecast", {"city": "Oslo"})
            return client

    return anyio.run(main)


def test_a_renamed_server_is_refused_by_default_with_its_names(weather_lock) -> None:
    refused = started(weather_lock)
    assert isinstance(refused, ToolDriftError)
    drift = refused.changes
    assert isinstance(drift, Drift) and drift.server_renamed == ("weather", NEW)
    assert drift.changes == ()  # the same tools: only the name differs
    assert f"the server calls itself {NEW!r}, the lock was made with 'weather'" in str(refused)


def test_refuse_changed_withholds_every_tool_of_a_renamed_server(weather_lock) -> None:
    client = started(weather_lock, mode="refuse-changed")
    assert isinstance(client, PinnedClient)
    assert client.tools == {} and sorted(client.unavailable) == ["forecast", "search"]
    why = client.unavailable["forecast"]
    assert why.reason == "server-renamed" and why.renamed == ("weather", NEW)
    assert f"its server now calls itself {NEW!r}" in why.describe()


def test_the_accepted_name_lets_the_unchanged_tools_through(weather_lock) -> None:
    client = started(weather_lock, accept_name=NEW)
    assert isinstance(client, PinnedClient)
    assert sorted(client.tools) == ["forecast", "search"] and client.unavailable == {}
    assert client.drift is not None and client.drift.server_renamed is None
    assert any("accepted by configuration" in w for w in client.drift.warnings)
    # another accepted name does not cover this one
    assert isinstance(started(weather_lock, accept_name="other"), ToolDriftError)


def test_changed_tools_of_a_renamed_server_are_explained_by_field_path(weather_lock) -> None:
    for accept in (None, NEW):
        refused = started(weather_lock, version="v2", accept_name=accept)
        assert isinstance(refused, ToolDriftError)
        assert "in: retyped `days`: integer -> string" in str(refused)
        assert ("refused (accept the new name" in str(refused)) is (accept is None)


def test_verify_tools_takes_the_accepted_name(weather_lock) -> None:
    async def main(accept: str | None) -> list[str]:
        async with open_session(stdio_spec("lock_weather", reported=NEW)) as s:
            return sorted(t["name"] for t in await verify_tools(s, weather_lock,
                                                                accept_name=accept))

    assert anyio.run(main, NEW) == ["forecast", "search"]
    with pytest.raises(ToolDriftError, match="refused"):
        anyio.run(main, None)


def test_connect_from_configuration_takes_accept_reported_name(tmp_path, weather_lock) -> None:
    config = tmp_path / "parity.toml"
    server = f"""
[servers.weather]
stdio = {json.dumps(list(command("lock_weather")))}
cwd = {json.dumps(str(ROOT))}
env = {{ PARITY_LOCK_NAME = "{NEW}", PARITY_LOCK_VERSION = "v1" }}
lock = "weather.lock.json"
"""
    (tmp_path / "weather.lock.json").write_bytes(Path(weather_lock).read_bytes())

    async def main() -> list[str]:
        configured = load_config(config).servers["weather"]
        async with PinnedClient.connect(configured) as client:
            return sorted(client.tools)

    config.write_text(server, encoding="utf-8")
    with pytest.raises(ToolDriftError, match="accept_reported_name"):
        anyio.run(main)
    config.write_text(server + f'accept_reported_name = "{NEW}"\n', encoding="utf-8")
    assert anyio.run(main) == ["forecast", "search"]


def test_an_accepted_drift_logs_each_warning_once(weather_lock, caplog) -> None:
    """The explanation of an accepted drift holds its warnings: they are not logged again,
    by the startup check or by the client."""
    async def main() -> None:
        async with open_session(stdio_spec("lock_weather", version="desc", reported=NEW)) as s:
            await verify_tools(s, weather_lock, surface="warn", accept_name=NEW)
            await PinnedClient(s, weather_lock, surface="warn", accept_name=NEW).start()

    with caplog.at_level("WARNING", logger="parity"):
        anyio.run(main)
    logged = [r.getMessage() for r in caplog.records if r.name.startswith("parity")]
    assert len(logged) == 2 and logged[0] == logged[1]  # one explanation from each
    assert "accepted by configuration" in logged[0]
    assert "(surface only)" in logged[0]
