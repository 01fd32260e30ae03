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


def test_a_live_server_is_listed_under_the_protocol_asked_for(tmp_path, capsys,
                                                              monkeypatch) -> None:
    """tests.servers.array_output lists a tool only MCP 2026-07-28 can carry: under the
    handshake the listing fails and says what to pass; with ``--protocol`` the agent's copy
    of the tool is compared, and a drifted copy is found."""
    import sys

    import pytest

    from parity.mcp import SDK_MAJOR
    from tests.lockfixtures import ROOT

    if SDK_MAJOR < 2:
        pytest.skip("MCP 2026-07-28 is the 2.x SDK's")
    from tests.servers.array_output import DEFINITIONS

    monkeypatch.chdir(ROOT)
    agent = tmp_path / "agent.json"
    agent.write_text(json.dumps({"tools": DEFINITIONS}))
    server = ["--server-stdio", f"{sys.executable} -m tests.servers.array_output"]
    assert main(["diff", "--agent-file", str(agent), *server]) == 2
    assert "--protocol 2026-07-28" in capsys.readouterr().err
    assert main(["diff", "--agent-file", str(agent), *server, "--protocol", "2026-07-28"]) == 0
    capsys.readouterr()
    drifted = json.loads(json.dumps(DEFINITIONS))
    drifted[0]["inputSchema"]["properties"]["q"]["type"] = "integer"
    agent.write_text(json.dumps({"tools": drifted}))
    assert main(["diff", "--agent-file", str(agent), *server, "--protocol", "auto"]) == 1
    out = capsys.readouterr().out
    assert "tool recent" in out and "in.type  q" in out


def test_a_server_literal_or_int_refuses_the_agents_free_strings(tmp_path, capsys) -> None:
    """pydantic's ``Literal["auto"] | int`` is ``anyOf [{const: "auto", type: string},
    {type: integer}]``: a ``str | int`` agent may send any string there, which the server
    rejects; the same model on both sides is no difference, in and out."""
    from typing import Literal

    from pydantic import BaseModel

    class Limited(BaseModel):
        mode: Literal["auto"] | int

    class Free(BaseModel):
        mode: str | int

    def write(name: str, model: type[BaseModel]) -> str:
        schema = model.model_json_schema()
        tools = [{"name": "t", "inputSchema": schema, "outputSchema": schema}]
        (tmp_path / name).write_text(json.dumps({"tools": tools}), encoding="utf-8")
        return str(tmp_path / name)

    free, limited = write("free.json", Free), write("limited.json", Limited)
    assert main(["diff", "--agent-file", free, "--server-file", limited]) == 1
    out = capsys.readouterr().out
    assert ("the agent may send any string at `mode`, where the server accepts only \"auto\" "
            "among strings (any integer otherwise); such calls are rejected") in out
    assert "in.enum  mode" in out and "out.enum" not in out
    assert main(["diff", "--agent-file", limited, "--server-file", free]) == 1
    out = capsys.readouterr().out
    assert "out.enum  mode" in out and "in.enum" not in out
    assert main(["diff", "--agent-file", limited, "--server-file", limited]) == 0
    assert "no differences" in capsys.readouterr().out
