"""``parity diff``: what extraction could not model is said on standard error, so a diff that
passes over it does not pass silently."""

from __future__ import annotations

import json

from parity.cli.main import main


def test_an_unresolved_reference_is_warned_about_even_when_nothing_differs(tmp_path,
                                                                          capsys) -> None:
    remote = "https://example.com/defs.json#/Foo"
    agent = {"name": "t", "inputSchema": {"type": "object", "properties": {"x": {}}}}
    server = {"name": "t", "inputSchema": {"type": "object",
                                           "properties": {"x": {"$ref": remote}}}}
    (tmp_path / "a.json").write_text(json.dumps({"tools": [agent]}), encoding="utf-8")
    (tmp_path / "s.json").write_text(json.dumps({"tools": [server]}), encoding="utf-8")
    code = main(["diff", "--agent-file", str(tmp_path / "a.json"),
                 "--server-file", str(tmp_path / "s.json")])
    out, err = capsys.readouterr()
    assert code == 0, out + err
    assert "no differences" in out
    assert f"warning: server: tool 't': in: $ref '{remote}'" in err
    assert "not fetched" in err
