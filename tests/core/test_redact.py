"""parity.core.redact: the one redaction every layer uses."""

from __future__ import annotations

import gc
import io
import sys
from typing import Any

import pytest

from parity.core import redact as rd
from parity.core.redact import redact


def test_redact_replaces_longest_secret_first() -> None:
    assert redact("key=abc123 short=abc", ["abc", "abc123"]) == "key=*** short=***"
    assert redact("nothing here", ["", "zzz"]) == "nothing here"


def test_streams_redact_what_is_written(monkeypatch: pytest.MonkeyPatch) -> None:
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    with rd.scope(), rd.streams():
        rd.register(["s3cr3t-token-value"])
        print("Authorization: Bearer s3cr3t-token-value")
    assert "s3cr3t-token-value" not in out.getvalue()
    assert out.getvalue() == f"Authorization: Bearer {rd.MASK}\n"


def test_a_redacting_stream_outlives_the_stream_it_wraps(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A wrapper left behind after its stream closed (a test's capture, a CliRunner's buffer)
    is closed by its finalizer, which flushes: that must not touch the closed stream (Python
    3.13 reports what a finalizer raises, as "Exception ignored in ...")."""
    # a text stream over bytes, as pytest's capture is (a closed StringIO flushes quietly)
    out = io.TextIOWrapper(io.BytesIO(), encoding="utf-8")
    monkeypatch.setattr(sys, "stdout", out)
    with rd.streams():
        wrapper = sys.stdout
        print("before")
    out.close()
    raised: list[Any] = []
    monkeypatch.setattr(sys, "unraisablehook", raised.append)
    wrapper.close()  # what the finalizer does first
    assert wrapper.closed
    del wrapper
    gc.collect()
    assert raised == []


def test_a_secret_spelt_as_a_json_pointer_key_is_redacted() -> None:
    """A secret used as a property name reaches messages inside a JSON pointer, where ``/``
    is ``~1`` and ``~`` is ``~0`` (base64 tokens hold ``/``)."""
    secret = "tok/3f9a~8b7c6d5e"
    text = "NaN at #/properties/tok~13f9a~08b7c6d5e/default"
    assert redact(text, (secret,)) == "NaN at #/properties/***/default"


@pytest.mark.parametrize(("url", "secrets"), [
    ("http://user:pa%24%24word9@127.0.0.1:1/mcp", ["pa$$word9", "dXNlcjpwYSQkd29yZDk="]),
    ("https://ghp_TOKEN123456@example.invalid/mcp",
     ["ghp_TOKEN123456", "Z2hwX1RPS0VOMTIzNDU2Og=="]),
    ("http://127.0.0.1:1/mcp?token=abcd1234&version=2024-11-05&X-Amz-Signature=f00dbabe",
     ["abcd1234", "f00dbabe"]),
    ("http://127.0.0.1:1/mcp?api_key=k3y-value&page=12345", ["k3y-value"]),
    ("http://127.0.0.1:1/mcp", []),
    ("http://[::1/mcp", []),  # not a URL, and nothing secret in it
    # not URLs (an unclosed bracket, a bad port): the error saying so echoes them, so their
    # credentials are read from the text
    ("http://u:supersecretpw8@[::1/mcp", ["supersecretpw8", "dTpzdXBlcnNlY3JldHB3OA=="]),
    ("http://[::1:1/mcp?token=supersecretkey7#section-2", ["supersecretkey7"]),
    # OAuth's implicit flow hands the token back in the fragment
    ("http://127.0.0.1:1/mcp#access_token=fr4gment-t0ken&token_type=bearer&page=9",
     ["fr4gment-t0ken"]),
    ("http://127.0.0.1:1/mcp?v=1#x&api_key=fr4g-k3y-value", ["fr4g-k3y-value"]),
    ("http://[::1/mcp#access_token=unparsed-fr4g", ["unparsed-fr4g"]),
    ("https://a@b:tok3n-value@[::1/x?y", ["tok3n-value", "YUBiOnRvazNuLXZhbHVl"]),
])
def test_the_credentials_a_url_holds_are_secrets(url: str, secrets: list[str]) -> None:
    assert rd.url_secrets(url) == secrets
    assert rd.secret_values(url=url) == tuple(secrets)
    shown = redact(f"cannot connect to {url}", rd.secret_values(url=url))
    assert not any(s in shown or s.replace("$", "%24") in shown for s in secrets), shown
    assert "127.0.0.1" in shown or "example.invalid" in shown or "::1" in shown


def test_every_word_of_parity_s_files_is_no_secret() -> None:
    """A value spelled as a word parity's own files and reports use (a key, a type, a
    severity) is never a secret: redacting it would break them (``"ok": ***``)."""
    import json
    from pathlib import Path

    import parity

    words: set[str] = set()

    def walk(value: Any) -> None:
        if isinstance(value, dict):
            for key, item in value.items():
                words.add(key)
                if key in ("properties", "$defs") and isinstance(item, dict):
                    words.update(item)
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)
        elif isinstance(value, str) and value.replace("_", "").isalpha():
            words.add(value)

    for schema in (Path(parity.__file__).parent / "schemas").glob("*.json"):
        walk(json.loads(schema.read_text(encoding="utf-8")))
    named = {w for w in words if len(w) >= rd.MIN_LENGTH and not w.startswith("$")}
    assert named and not [w for w in named if not rd.plain(w, named=True)]
    assert rd.secret_values(env={"API_KEY": "true"}, headers={"X-A": "null"}) == ()


@pytest.mark.parametrize("secrets", [["k3y-value\\"], ['"k3y-value'], ["true"], ["12345678"],
                                     ["ä-k3y-value"]])
def test_a_json_text_is_redacted_in_its_strings_and_stays_json(secrets: list[str]) -> None:
    """Redacted as text, ``{"path": "k3y-value\\\\"}`` became ``{"path": "***\\"}``: the
    mask swallowed the first backslash of an escape, which then escaped the closing quote."""
    import json

    value = {"path": secrets[0], "ok": True, "count": 12345678, "list": [secrets[0] + "x"],
             secrets[0]: None}
    for ascii_only in (True, False):
        text = json.dumps(value, ensure_ascii=ascii_only, indent=2)
        out = rd.redact_json_text(text, rd.Redactor(secrets))
        assert not rd.Redactor(secrets).search(out), out
        assert json.loads(out)["path"] == rd.MASK


@pytest.mark.parametrize(("headers", "secret"), [
    ({"Cookie": "session=s3cr3t-sess-0123456789; theme=dark"}, "s3cr3t-sess-0123456789"),
    ({"Authorization": "Bearer,tok3n-after-comma"}, "tok3n-after-comma"),
    ({"X-Forwarded": "for=10.0.0.1;sig=5ign4ture-val"}, "5ign4ture-val"),
])
def test_a_header_value_s_parts_are_secrets_as_it_is(headers: dict[str, str],
                                                      secret: str) -> None:
    # a server echoes a cookie's value, not the header: "invalid session s3cr3t-..."
    found = rd.secret_values(headers=headers)
    assert secret in found and "dark" not in found
    assert redact(f"invalid session {secret}", found) == "invalid session ***"


def test_a_jwt_in_a_url_is_a_secret() -> None:
    assert rd.url_secrets("http://127.0.0.1:1/mcp?jwt=eyJhbGciOiJIUzI1NiJ9.p.s") == [
        "eyJhbGciOiJIUzI1NiJ9.p.s"]
