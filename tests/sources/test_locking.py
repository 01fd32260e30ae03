"""Lock and verify as a library over a saved tools/list (no prompt, no output)."""

from __future__ import annotations

import json

from parity.sources.locking import Target, lock_server, verify_server

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
