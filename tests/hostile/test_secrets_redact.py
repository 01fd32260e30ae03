"""The redaction layer: what a secret is, and every spelling of one that is caught."""

from __future__ import annotations

import html
import json
from pathlib import Path
from urllib.parse import quote, quote_plus

import pytest

from parity.config.settings import parse_config
from parity.core import redact
from parity.core.jsonio import write_atomic
from parity.core.redact import MASK, Redactor, SecretInFileError, secret_values

SECRET = 'sk-ADV-7f3a9c2e"q\\Zä€𝄞 /x'

SPELLINGS = {
    "raw": SECRET,
    "json": json.dumps(SECRET, ensure_ascii=False)[1:-1],
    "json-ascii": json.dumps(SECRET)[1:-1],
    "json-ascii-upper-hex": json.dumps(SECRET)[1:-1].replace("\\u00e4", "\\u00E4"),
    "json-twice": json.dumps(json.dumps(SECRET))[3:-3],
    "percent": quote(SECRET, safe=""),
    "percent-lower": quote(SECRET, safe="").replace("%C3%A4", "%c3%a4"),
    "percent-plus": quote_plus(SECRET),
    "html": html.escape(SECRET),
    "html-numeric": SECRET.replace('"', "&#34;").replace("ä", "&#xE4;"),
    "repr": repr(SECRET)[1:-1],
}


@pytest.mark.parametrize("name", sorted(SPELLINGS))
def test_every_spelling_is_redacted(name: str) -> None:
    assert Redactor([SECRET])(f"<{SPELLINGS[name]}>") == f"<{MASK}>"


@pytest.mark.parametrize("text", [
    f"...{SECRET[-9:]} and more",  # truncated at the start
    f"\u2026{SECRET[-7:]}",
    f"key {SECRET[:15]}...",  # truncated at the end: 15 of its characters
    f"key {SECRET[:7]}\u2026",
])
def test_a_truncated_secret_is_redacted(text: str) -> None:
    out = Redactor([SECRET])(text)
    assert SECRET[:7] not in out and SECRET[-7:] not in out, out


def test_ordinary_text_is_left_alone() -> None:
    text = 'sk-ADV ... "q" \\ ä, all the usual characters... and the "sk-" prefix'
    assert Redactor([SECRET])(text) == text


def test_a_secret_is_every_value_every_resolved_value_and_every_long_header_token() -> None:
    secrets = secret_values(env={"SHORT": "on", "KEY": "k3y-value"},
                            headers={"Authorization": "Bearer tok-abcdefgh", "X-A": "abc"},
                            resolved=["tok-abcdefgh"])
    assert secrets == ("k3y-value", "Bearer tok-abcdefgh", "tok-abcdefgh")


def test_the_bare_token_of_an_authorization_header_is_a_secret() -> None:
    config = parse_config(
        {"servers": {"web": {"url": "http://127.0.0.1:1/mcp",
                             "headers": {"Authorization": "Bearer ${TOKEN}"}}}},
        file=None, root=Path(), environ={"TOKEN": "tk-0123456789"})
    server = config.servers["web"]
    assert "tk-0123456789" in server.secrets
    assert Redactor(server.secrets)("sent tk-0123456789") == f"sent {MASK}"


def test_a_short_resolved_value_is_still_not_a_secret() -> None:
    config = parse_config(
        {"servers": {"s": {"stdio": "srv", "env": {"DEBUG": "${DEBUG}"}}}},
        file=None, root=Path(), environ={"DEBUG": "1"})
    assert config.servers["s"].secrets == ()


def test_a_file_holding_a_registered_secret_is_not_written(tmp_path: Path) -> None:
    target = tmp_path / "m.json"
    with redact.scope():
        redact.register([SECRET])
        with pytest.raises(SecretInFileError) as info:
            write_atomic(target, json.dumps({"tools": {"a": {"description": SECRET}}}))
    assert str(info.value).startswith(f"{target}: at /tools/a/description: not written")
    assert not target.exists() and list(tmp_path.iterdir()) == []


def test_a_report_holding_a_registered_secret_is_written_redacted(tmp_path: Path) -> None:
    target = tmp_path / "report.txt"
    with redact.scope():
        redact.register([SECRET])
        write_atomic(target, f"tool {json.dumps(SECRET)}\n", secrets="redact")
    assert target.read_text(encoding="utf-8") == f'tool "{MASK}"\n'


def test_outside_a_scope_nothing_is_registered(tmp_path: Path) -> None:
    redact.register([SECRET])  # library use: no command, no scope
    write_atomic(tmp_path / "x.json", json.dumps(SECRET))
    assert redact.active()(SECRET) == SECRET


def test_a_url_s_credentials_never_appear_in_what_the_commands_print(tmp_path,
                                                                     capsys) -> None:
    """A password or a ``?token=`` in a server's URL, configured or given ad hoc: every
    message that names the URL shows it redacted."""
    from parity.cli.main import main

    password, token = "SUPERSECRETTOKEN123", "QUERYSECRET99"
    url = f"http://user:{password}@127.0.0.1:1/mcp?token={token}&v=2"
    tools = tmp_path / "a.json"
    tools.write_text('{"tools": [{"name": "a", "inputSchema": {"type": "object"}}]}')
    config = tmp_path / "parity.toml"
    config.write_text(f'[servers.w]\nurl = "{url}"\nlock = "w.lock.json"\n'
                      "start_timeout = 5\n")
    for argv in (["diff", "--agent-file", str(tools), "--server-url", url],
                 ["lock", "--url", url, "--lock", str(tmp_path / "x.lock.json")],
                 ["lock", "--config", str(config)]):
        code = main(argv)
        out, err = capsys.readouterr()
        assert code == 2, (argv, out + err)
        assert "127.0.0.1:1" in out + err, (argv, out + err)
        assert password not in out + err and token not in out + err, (argv, out + err)


@pytest.mark.parametrize("url", ["http://u:SUPERSECRETPW8@[::1/mcp",
                                 "http://[::1:1/mcp?token=SUPERSECRETKEY7",
                                 "http://u:SUPERSECRETPW8@127.0.0.1:99999/mcp"])
def test_a_url_that_does_not_parse_keeps_its_credentials_out_of_the_error(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], url: str) -> None:
    """The error about a URL that does not parse (an unclosed ``[``, a bad port) echoes it:
    its password and ``?token=`` are redacted there as in a URL that does."""
    from parity.cli.main import main

    tools = tmp_path / "a.json"
    tools.write_text('{"tools": [{"name": "a", "inputSchema": {"type": "object"}}]}')
    config = tmp_path / "parity.toml"
    config.write_text(f'[servers.w]\nurl = "{url}"\n')
    for argv in (["snapshot", "--url", url, "--output", str(tmp_path / "x.json")],
                 ["diff", "--agent-file", str(tools), "--server-url", url],
                 ["verify", "--config", str(config)]):
        code = main(argv)
        out, err = capsys.readouterr()
        assert code == 2, (argv, out + err)
        assert "SUPERSECRET" not in out + err, (argv, out + err)
        assert MASK in out + err, (argv, out + err)  # the URL is shown, redacted
