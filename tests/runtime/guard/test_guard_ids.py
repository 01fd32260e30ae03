"""Tool ids in arguments at a configured id path, checked by the guard before a call is sent:
the values themselves, then a real server behind a pinned client."""

from __future__ import annotations

import anyio
import pytest

from parity.errors import ConfigError
from parity.fieldpaths.fieldpath import parse
from parity.mcp import fetch_tools, open_session
from parity.pinning import lock as L
from parity.runtime.client import PinnedClient
from parity.runtime.guard import GuardPolicy
from parity.runtime.guard.ids import check_ids, values_at
from tests.lockfixtures import stdio_spec

TOOLS = {"check_phases", "list_tools"}


def test_values_at_fans_out_over_items_and_map_values() -> None:
    args = {"phases": [{"tools": ["a", "b"]}, {"tools": ["c"]}, {"other": 1}],
            "by": {"x": {"tool": "d"}, "y": {"tool": "e"}}}
    assert list(values_at(args, parse("phases[].tools[]"))) == ["a", "b", "c"]
    assert list(values_at(args, parse("by{}.tool"))) == ["d", "e"]
    assert list(values_at(args, parse("phases[1].tools[0]"))) == ["c"]
    assert list(values_at(args, parse("missing[]"))) == []


def test_an_id_holding_a_backtick_is_one_code_span() -> None:
    """The probe's markdown shows this message: one backtick each side ended the span early."""
    assert check_ids({"tool": "x-mcp:run`it"}, ["tool"], ["run`it"]) == (
        "arguments at `tool` name the tool id ``x-mcp:run`it``, which is no tool of this "
        "server in its id form: ``x-mcp:run`it`` -> ``run`it``")


def test_an_id_in_another_form_is_shown_with_the_id_it_would_match() -> None:
    reason = check_ids({"steps": ["check_phases", "workflow-mcp:list_tools"]}, ["steps[]"],
                       TOOLS)
    assert reason == ("arguments at `steps[]` name the tool id `workflow-mcp:list_tools`, "
                      "which is no tool of this server in its id form: "
                      "`workflow-mcp:list_tools` -> `list_tools`")
    assert check_ids({"steps": ["check_phases", 3]}, ["steps[]"], TOOLS) is None


def test_a_value_that_is_no_tool_id_is_not_shown() -> None:
    reason = check_ids({"steps": ["hunter2-secret"]}, ["steps[]"], TOOLS)
    assert reason is not None and "hunter2" not in reason and "`steps[]`" in reason


def test_the_policy_refuses_a_malformed_id_path() -> None:
    with pytest.raises(ConfigError, match="id_paths"):
        GuardPolicy(id_paths=("steps[",))
    with pytest.raises(ConfigError, match="the root"):
        GuardPolicy(id_paths=("",))


@pytest.mark.slow
def test_a_call_with_a_foreign_id_is_refused_before_it_is_sent(tmp_path) -> None:
    lock = tmp_path / "weather.lock.json"
    L.write(L.from_listing("weather", fetch_tools(stdio_spec("lock_raw"))), lock)
    policy = GuardPolicy(id_paths=("city",))

    async def main() -> tuple:
        async with open_session(stdio_spec("lock_raw")) as s:
            client = await PinnedClient(s, lock, mode="refuse-changed").start()
            refused = await client.call("forecast", {"city": "weather-mcp:search"},
                                        policy=policy)
            named = await client.call("forecast", {"city": "seen"}, policy=policy)
            unchecked = await client.call("forecast", {"city": "Oslo"})
            return refused, named, unchecked, await client.call_tool("seen")

    refused, named, unchecked, seen = anyio.run(main)
    assert refused.ok is False and refused.category == "local_failure" and not refused.sent
    assert "`weather-mcp:search` -> `search`" in refused.message
    assert named.ok and unchecked.ok
    # the refused call never reached the server
    assert seen["content"][0]["text"].count("forecast") == 2


@pytest.mark.slow
def test_a_client_connected_from_configuration_guards_its_pairs_id_paths(tmp_path) -> None:
    """``PinnedClient.connect(ServerConfig)`` turns the check on from the pairs' ``id_paths``
    (``[tool.parity.pairs.NAME] id_paths``): no policy to build by hand."""
    import json

    from parity.config.settings import load_config
    from tests.lockfixtures import ROOT, command

    L.write(L.from_listing("weather", fetch_tools(stdio_spec("lock_raw"))),
            tmp_path / "weather.lock.json")
    (tmp_path / "parity.toml").write_text(f"""
[servers.weather]
stdio = {json.dumps(list(command("lock_raw")))}
cwd = {json.dumps(str(ROOT))}
lock = "weather.lock.json"
[pairs.forecasts]
server = "weather"
id_paths = ["city"]
[pairs.forecasts.agent]
tools_file = "agent.json"
""", encoding="utf-8")
    configured = load_config(tmp_path / "parity.toml").servers["weather"]

    async def main() -> tuple:
        async with PinnedClient.connect(configured) as client:
            refused = await client.call("forecast", {"city": "weather-mcp:search"})
            own = await client.call("forecast", {"city": "Oslo"}, policy=GuardPolicy())
            return refused, own, await client.call_tool("seen")

    refused, own, seen = anyio.run(main)
    assert refused.ok is False and refused.category == "local_failure" and not refused.sent
    assert "`weather-mcp:search` -> `search`" in refused.message
    assert own.ok  # a policy passed to the call is the caller's, as before
    assert seen["content"][0]["text"].count("forecast") == 1

    async def given_a_policy() -> GuardPolicy | None:
        async with PinnedClient.connect(configured,
                                        policy=GuardPolicy(default_deadline=5.0)) as client:
            return client.policy

    policy = anyio.run(given_a_policy)
    assert policy is not None and policy.id_paths == ("city",)
    assert policy.default_deadline == 5.0  # the caller's policy, the paths added
