"""Lock and verify as a library over a saved tools/list (no prompt, no output)."""

from __future__ import annotations

import json
from pathlib import Path

from parity.errors import ParityError
from parity.sources.locking import (
    Target,
    lock_server,
    plans_for_lock,
    verify_server,
    verify_servers,
)
from tests.lockfixtures import stdio_spec

TOOLS = {"tools": [{"name": "search", "inputSchema": {
    "type": "object", "properties": {"q": {"type": "string"}}}}]}


def _target(tmp_path, tools):
    tools_file = tmp_path / "tools.json"
    tools_file.write_text(json.dumps(tools), encoding="utf-8")
    return Target(name="s", lock_path=tmp_path / "s.lock.json", tools_file=tools_file)


def test_lock_server_writes_then_is_up_to_date_then_asks_before_replacing(tmp_path):
    target = _target(tmp_path, TOOLS)
    assert lock_server(target)["result"] == "written"
    assert lock_server(target)["result"] == "up to date"
    before = target.lock_path.read_text(encoding="utf-8")
    changed = json.loads(json.dumps(TOOLS))
    changed["tools"][0]["inputSchema"]["properties"]["q"]["type"] = "integer"
    target = _target(tmp_path, changed)
    asked = []
    declined = lock_server(target, consent=lambda plan: asked.append(plan.state) or False)
    assert (declined["result"], asked) == ("declined", ["changed"])
    assert target.lock_path.read_text(encoding="utf-8") == before
    assert verify_server(target).withheld() == ("search",)
    assert lock_server(target, consent=lambda plan: True)["result"] == "written"
    assert not verify_server(target).drifted


def _side_by_side(tmp_path, monkeypatch) -> tuple[list[Target], Path]:
    """Two real SDK servers that each serve only once the other has started
    (``tests.servers.rendezvous``): listed one after the other, the first would give up
    waiting. Between them, a target that fails. Also the folder of their markers."""
    monkeypatch.setattr("os.cpu_count", lambda: 2)
    markers = tmp_path / "markers"
    markers.mkdir()
    one, two = (Target(name=name, lock_path=tmp_path / f"{name}.lock.json",
                       spec=stdio_spec("rendezvous", str(markers), name, other, name=name))
                for name, other in (("one", "two"), ("two", "one")))
    broken = Target(name="gone", lock_path=tmp_path / "gone.lock.json",
                    tools_file=tmp_path / "missing.json")
    return [one, broken, two], markers


def test_verify_servers_lists_servers_side_by_side_and_keeps_their_order(tmp_path,
                                                                       monkeypatch):
    targets, markers = _side_by_side(tmp_path, monkeypatch)
    for name in ("one", "two"):  # locked one at a time: each finds the other's marker
        (markers / f"{name}.started").touch()
    assert [lock_server(t)["result"] for t in targets[::2]] == ["written", "written"]
    for marker in markers.iterdir():
        marker.unlink()
    found = list(verify_servers(targets))
    assert [t.name for t, _ in found] == ["one", "gone", "two"]
    assert isinstance(found[1][1], ParityError)
    assert [drift.drifted for _, drift in found[::2]] == [False, False]


def test_plans_for_lock_lists_servers_side_by_side_and_keeps_their_order(tmp_path,
                                                                       monkeypatch):
    found = list(plans_for_lock(_side_by_side(tmp_path, monkeypatch)[0]))
    assert [t.name for t, _ in found] == ["one", "gone", "two"]
    assert isinstance(found[1][1], ParityError)
    plans = [plan for _, plan in found[::2]]
    assert [(p.state, p.live.server) for p in plans] == [("new", "one"), ("new", "two")]


def test_verify_servers_reads_each_lock_once(tmp_path, monkeypatch):
    # the listing starts under the lock's capabilities, and the tools are then compared
    # with that same lock: read twice, a lock rewritten in between would mix two locks
    target = Target(name="demo", lock_path=tmp_path / "demo.lock.json",
                    spec=stdio_spec("demo", name="demo"))
    assert lock_server(target)["result"] == "written"
    import parity.pinning.lock as lock_module

    real, read = lock_module.load, []
    monkeypatch.setattr(lock_module, "load",
                        lambda path, *args, **kwargs: read.append(path) or real(path, *args,
                                                                                 **kwargs))
    [(_, drift)] = verify_servers([target])
    assert not isinstance(drift, ParityError) and not drift.drifted
    assert read == [target.lock_path]


def test_a_tool_2026_clients_drop_is_pinned_with_a_warning(tmp_path):
    """MCP 2026-07-28 clients MUST drop a tool whose ``x-mcp-header`` annotation is invalid
    (here on a ``number``): the lock still pins what the server lists, and says that an
    agent on such a client never sees the tool; a valid annotation says nothing."""
    import pytest

    from parity.mcp import SDK_MAJOR
    from parity.sources.locking import read_for_lock

    if SDK_MAJOR < 2:
        pytest.skip("the x-mcp-header check is the 2.x SDK's")
    annotated = {"type": "object", "properties": {"region": {"type": "number",
                                                              "x-mcp-header": "Region"}}}
    valid = {"type": "object", "properties": {"region": {"type": "string",
                                                          "x-mcp-header": "Region"}}}
    tools = tmp_path / "tools.json"
    tools.write_text(json.dumps({"tools": [{"name": "lookup", "inputSchema": annotated},
                                           {"name": "fine", "inputSchema": valid}]}))
    target = Target(name="regions", lock_path=tmp_path / "r.lock.json", tools_file=tools)
    plan = read_for_lock(target)
    assert sorted(plan.live.tools) == ["fine", "lookup"]
    [warning] = plan.live.warnings
    assert warning.startswith("server 'regions': tool 'lookup': every MCP 2026-07-28 client "
                              "drops it from the listing (invalid x-mcp-header: property "
                              "'region': x-mcp-header is only permitted on")
