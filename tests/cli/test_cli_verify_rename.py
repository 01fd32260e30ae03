"""A server whose ``serverInfo.name`` changed (server-everything: ``example-servers/everything``
-> ``mcp-servers/everything``): verify still explains its tools, refuses the rename until it
is accepted, and a re-lock records both names. Against a real stdio server."""

from __future__ import annotations

import json

import pytest

from tests.cli.test_cli_lock_verify import configured, run

pytestmark = pytest.mark.slow
NEW = "mcp-servers/weather"


def test_a_renamed_server_is_explained_refused_accepted_and_relocked(
        tmp_path, capsys, monkeypatch) -> None:
    monkeypatch.setenv("PARITY_LOCK_VERSION", "v1")  # passed to the server by its `env`
    config = configured(tmp_path)
    assert run(capsys, "lock", "--config", str(config))[0] == 0
    lock = tmp_path / "manifests" / "weather.lock.json"
    written = config.read_text(encoding="utf-8")
    # the server gets no variable of parity's environment its `env` does not name
    config.write_text(written.replace('"tests.servers.lock_weather"]',
                                      f'"tests.servers.lock_weather", "--name", "{NEW}"]'),
                      encoding="utf-8")
    monkeypatch.setenv("PARITY_LOCK_VERSION", "v2")

    code, out, err = run(capsys, "verify", "--config", str(config))
    assert code == 1, err  # drift, not a foreign lock: the field diff is shown
    lines = out.splitlines()
    assert lines[1] == (f"  the server calls itself {NEW!r}, the lock was made with "
                        f"'weather': refused (accept the new name with `accept_reported_name = "
                        f"{NEW!r}` in the server's table, `parity verify --accept-name`, or "
                        "re-lock)")
    assert "    in: retyped `days`: integer -> string" in lines

    monkeypatch.setenv("PARITY_LOCK_VERSION", "v1")
    code, out, _ = run(capsys, "verify", "--config", str(config), "--format", "json")
    document = json.loads(out)["servers"][0]
    assert code == 1 and document["server_renamed"] == {"locked": "weather", "live": NEW}
    assert document["tools"] == []

    code, out, err = run(capsys, "verify", "--config", str(config), "--accept-name", NEW)
    assert code == 0 and "tools match the lock" in out and "accepted" in err
    config.write_text(config.read_text(encoding="utf-8")
                      + f"accept_reported_name = {json.dumps(NEW)}\n", encoding="utf-8")
    code, out, err = run(capsys, "verify", "--config", str(config))
    assert code == 0 and "accepted by configuration" in err
    assert run(capsys, "verify", "--config", str(config), "--accept-name", "other")[0] == 1

    code, out, err = run(capsys, "lock", "--config", str(config), "--yes")
    assert code == 0 and f"it now calls itself {NEW!r} (the lock records both)" in out
    server = json.loads(lock.read_text(encoding="utf-8"))["server"]
    assert server["reported"]["name"] == NEW and server["renamed_from"] == ["weather"]
    config.write_text(config.read_text(encoding="utf-8").replace(
        f', "--name", "{NEW}"]', "]"), encoding="utf-8")
    code, out, _ = run(capsys, "verify", "--config", str(config), "--accept-name", "x")
    assert code == 1 and "the lock was made with 'mcp-servers/weather'" in out
