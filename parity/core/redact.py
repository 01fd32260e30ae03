"""One redaction layer for everything parity prints or writes.

A secret is a value parity was given to reach a server (``parity.core.secrets``, re-exported
here: ``secret_values``). A server may
echo it back anywhere: in a tool name, a description, an error message. It must then reach
neither the terminal nor a file, in any spelling: the raw text, its JSON escaping (``\\"``,
``\\\\``), its ``\\u`` escaping, its percent-encoding, its JSON-pointer escaping (``~1``,
``~0``), its XML/HTML escaping, or a mix of them. One regular expression per secret matches
every spelling character by character.

Text is redacted before it is truncated or escaped. As a backstop, a prefix or suffix of at
least ``MIN_PARTIAL`` characters next to an ellipsis (what a truncation leaves) is redacted too.

Where it applies:

- ``Redactor(secrets)`` / ``redact(text, secrets)``: explicit, for library code that holds the
  secrets of one server (the adapter, the guard, the drill).
- ``scope()``: the CLI opens one per command; ``register`` adds the secrets of the loaded
  configuration; ``streams()`` redacts standard output and error; ``check_clean`` (used by
  every file writer) refuses to write a file that holds a secret, naming the file and field.
"""

from __future__ import annotations

import contextlib
import functools
import io
import json
import re
import sys
from collections.abc import Iterable, Iterator, Mapping
from typing import Any, TextIO

from parity.core.secrets import (
    MIN_HEADER_TOKEN,
    MIN_LENGTH,
    MIN_TOKEN_LOOKS,
    VOCABULARY,
    argument_secrets,
    credential_flag,
    credential_name,
    looks_like_credential,
    plain,
    secret_values,
    url_secrets,
)
from parity.errors import ParityError

#: What replaces a secret.
MASK = "***"
#: A truncated secret: this many of its characters next to an ellipsis are redacted too.
MIN_PARTIAL = 6

_ELLIPSIS = r"(?:\.\.\.|\u2026)"
_HTML_NAMED = {'"': ("&quot;",), "&": ("&amp;",), "<": ("&lt;",), ">": ("&gt;",),
               "'": ("&apos;", "&#x27;")}
_JSON_SHORT = {"\b": "b", "\f": "f", "\n": "n", "\r": "r", "\t": "t"}
_POINTER = {"/": "~1", "~": "~0"}


class SecretInFileError(ParityError):
    """A file parity was about to write holds a secret the server echoed."""


def _hex(value: int, width: int) -> str:
    return "(?i:" + format(value, f"0{width}x") + ")"


def _char_forms(char: str) -> str:
    """A pattern for one character in any spelling parity or a report could give it."""
    code = ord(char)
    forms = [re.escape(char)]
    if code < 0x10000:
        forms.append(r"\\+u" + _hex(code, 4))
    else:  # JSON spells it as a surrogate pair
        high, low = 0xD800 + ((code - 0x10000) >> 10), 0xDC00 + ((code - 0x10000) & 0x3FF)
        forms.append(r"\\+u" + _hex(high, 4) + r"\\+u" + _hex(low, 4))
    if char in "\"\\/'":
        forms.append(r"\\+" + re.escape(char))
    if char in _JSON_SHORT:
        forms.append(r"\\+" + _JSON_SHORT[char])
    if char in _POINTER:  # a key in a JSON pointer (``#/properties/tok~13f9a``)
        forms.append(_POINTER[char])
    forms.append("".join("%" + _hex(b, 2) for b in char.encode("utf-8", "surrogatepass")))
    if char == " ":
        forms.append(r"\+")
    forms.extend(re.escape(f) for f in _HTML_NAMED.get(char, ()))
    forms.append(f"&#(?:0*{code}|(?i:x0*{code:x}));")
    return "(?:" + "|".join(forms) + ")"


def _nested_optional(chars: list[str]) -> str:
    """``a(?:b(?:c)?)?``: any prefix of ``chars``, in a pattern linear in their number."""
    out = ""
    for char in reversed(chars):
        out = f"(?:{char}{out})?"
    return out


def _secret_pattern(secret: str) -> str:
    chars = [_char_forms(c) for c in secret]
    whole = "".join(chars)
    if len(chars) <= MIN_PARTIAL:
        return whole
    head = "".join(chars[:MIN_PARTIAL]) + _nested_optional(chars[MIN_PARTIAL:]) + \
        f"(?={_ELLIPSIS})"
    # any suffix of at least MIN_PARTIAL characters, right after an ellipsis
    tail = r"(?:(?<=\.\.\.)|(?<=\u2026))" + _suffixes(chars[:-MIN_PARTIAL]) + \
        "".join(chars[-MIN_PARTIAL:])
    return f"{whole}|{head}|{tail}"


def _suffixes(chars: list[str]) -> str:
    """Any suffix of ``chars``, including none: ``(?:(?:a)?b)?c``-style nesting."""
    out = ""
    for char in chars:
        out = f"(?:{out}{char})?"
    return out


class Redactor:
    """Replaces every spelling of every secret in a text by ``MASK``."""

    def __init__(self, secrets: Iterable[str] = ()) -> None:
        self.secrets = tuple(sorted({s for s in secrets if s}, key=len, reverse=True))
        self._pattern = _compile(self.secrets) if self.secrets else None

    def __bool__(self) -> bool:
        return self._pattern is not None

    def __call__(self, text: str) -> str:
        if self._pattern is None or not text:
            return text
        return self._pattern.sub(MASK, text)

    def search(self, text: str) -> bool:
        """Whether ``text`` holds any secret, in any spelling."""
        return self._pattern is not None and self._pattern.search(text) is not None

    def value(self, value: Any) -> Any:
        """A JSON-ready copy of ``value`` with every string (keys too) redacted."""
        return value if self._pattern is None else _walk(value, self, 0)

    def locate(self, value: Any, pointer: str = "") -> str | None:
        """The JSON pointer of the first key or string in ``value`` that holds a secret."""
        if isinstance(value, str):
            return pointer if self.search(value) else None
        if isinstance(value, list):
            for i, item in enumerate(value):
                found = self.locate(item, f"{pointer}/{i}")
                if found is not None:
                    return found
        elif isinstance(value, dict):
            for key, item in value.items():
                here = f"{pointer}/{_escape_pointer(str(key))}"
                if self.search(str(key)):
                    return here + " (a key)"
                found = self.locate(item, here)
                if found is not None:
                    return found
        return None


def _escape_pointer(token: str) -> str:
    return token.replace("~", "~0").replace("/", "~1")


@functools.lru_cache(maxsize=64)
def _compile(secrets: tuple[str, ...]) -> re.Pattern[str]:
    return re.compile("|".join(f"(?:{_secret_pattern(s)})" for s in secrets))


@functools.lru_cache(maxsize=64)
def _redactor(secrets: tuple[str, ...]) -> Redactor:
    return Redactor(secrets)


def redact(text: str, secrets: Iterable[str]) -> str:
    """``text`` with every spelling of every secret replaced by ``MASK``."""
    return _redactor(tuple(secrets))(text)


def redact_json(value: Any, secrets: Iterable[str]) -> Any:
    """A JSON-ready copy of ``value`` with every secret replaced in its strings and keys;
    values that are not JSON become their redacted ``str``."""
    redactor = _redactor(tuple(s for s in secrets if s))
    if not redactor:
        return value
    return _walk(value, redactor, 0)


#: a JSON text's tokens: a string, or a run of what is neither a string, a space nor syntax
#: (a number, a literal)
_JSON_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|[^\s\[\]{}:,"]+')


def redact_json_text(text: str, redactor: Redactor | None = None) -> str:
    """A JSON text (a report) with every secret (of ``redactor``, by default the open
    scope's) redacted in its strings, never in its syntax: a string that holds one is
    decoded, redacted and written again; a number or literal that is one becomes the string
    ``"***"``. Redacting the text as text could cut a string's escape in two (a secret
    ending in ``\\``) or mask a ``true``: the result stays JSON."""
    redactor = active() if redactor is None else redactor
    if not redactor.search(text):
        return text

    def sub(match: re.Match[str]) -> str:
        token = match.group(0)
        if not redactor.search(token):
            return token
        if token.startswith('"'):
            try:
                value = json.loads(token)
            except ValueError:  # not a JSON string after all: masked whole
                return json.dumps(MASK)
            return json.dumps(redactor(value), ensure_ascii=token.isascii())
        return json.dumps(MASK)

    return _JSON_TOKEN.sub(sub, text)


def _walk(value: Any, redactor: Redactor, depth: int) -> Any:
    if isinstance(value, str):
        return redactor(value)
    if value is None or isinstance(value, (bool, int, float)):
        return value
    if depth > 64:  # bounded: a pathological nesting is cut, never recursed without end
        return MASK
    if isinstance(value, Mapping):
        return {redactor(str(k)): _walk(v, redactor, depth + 1) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_walk(v, redactor, depth + 1) for v in value]
    return redactor(str(value))


# -- the secrets of the running command -----------------------------------------------------

#: the secrets of the running command, and how many ``scope()`` blocks are open around it
_SECRETS: set[str] = set()
_DEPTH = [0]


@contextlib.contextmanager
def scope() -> Iterator[None]:
    """Collect the secrets of one command; ``active()`` sees them until the outermost
    scope ends (nested scopes share them: the CLI opens one around the command and one
    around the error handling that prints what the command raised)."""
    _DEPTH[0] += 1
    try:
        yield
    finally:
        _DEPTH[0] -= 1
        if not _DEPTH[0]:
            _SECRETS.clear()


def register(secrets: Iterable[str]) -> None:
    """Add secrets to the open scope (a no-op outside one, e.g. in library use)."""
    if _DEPTH[0]:
        _SECRETS.update(s for s in secrets if s)


def active() -> Redactor:
    """A redactor for every secret registered in the open scope."""
    return _redactor(tuple(sorted(_SECRETS)))


def check_clean(path: str, text: str, *, extra: Iterable[str] = (),
                action: str = "not written", said_by: str | None = None) -> None:
    """Refuse to write ``text`` to ``path`` when it holds a registered secret (or one of
    ``extra``); ``said_by`` names where the text came from (``server 'x'``), for the message.

    A redacted manifest or lock would pin something the server never said, so the file is
    not written at all. Raises ``SecretInFileError`` naming the file and the field."""
    extra = tuple(extra)
    redactor = _redactor(tuple(sorted({*_SECRETS, *extra}))) if extra else active()
    if not redactor.search(text):
        return
    where: str | None = None
    try:
        where = redactor.locate(json.loads(text))
    except (ValueError, RecursionError):
        where = None
    if where is None:
        line = next((n for n, row in enumerate(text.splitlines(), 1) if redactor.search(row)), 0)
        where = f"line {line}"
    raise SecretInFileError(
        f"{action}: it would hold a secret (a credential of a configured server: an env, "
        "header, URL or stdio argument value)"
        + (f" that {said_by} repeats in its tool definitions" if said_by else ""),
        file=path, location=where or "/",
        hint="a server (or a committed file) repeats a credential in what it says about its "
             "tools; fix it there, or give the server a different credential")


class _RedactingStream(io.TextIOBase):
    """A text stream that redacts what is written before passing it on."""

    def __init__(self, inner: TextIO) -> None:
        super().__init__()
        self._inner = inner
        self._closing = False

    def write(self, text: str) -> int:
        self._inner.write(active()(text))
        return len(text)

    def flush(self) -> None:
        # the stream is not ours and may close first (a test's capture)
        if not self._closing and not getattr(self._inner, "closed", False):
            self._inner.flush()

    def close(self) -> None:
        # The finalizer closes the wrapper, and ``TextIOBase.close`` flushes first: the
        # wrapper holds nothing of its own, and the stream it wraps is its owner's to flush
        # (into a pipe its reader closed, that raises in the finalizer, which Python 3.13
        # reports as "Exception ignored"; ``cli.main`` flushes and handles it).
        self._closing = True
        super().close()

    def isatty(self) -> bool:
        return self._inner.isatty()

    def fileno(self) -> int:
        return self._inner.fileno()

    def writable(self) -> bool:
        return True

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return getattr(self._inner, "encoding", None) or "utf-8"

    @property
    def errors(self) -> str | None:  # type: ignore[override]
        return getattr(self._inner, "errors", None)


@contextlib.contextmanager
def streams() -> Iterator[None]:
    """Redact standard output and error with the open scopes' secrets while inside."""
    out, err = sys.stdout, sys.stderr
    if isinstance(out, _RedactingStream):  # already inside
        yield
        return
    sys.stdout = _RedactingStream(out)
    sys.stderr = _RedactingStream(err)
    try:
        yield
    finally:
        sys.stdout, sys.stderr = out, err


__all__ = ["MASK", "MIN_HEADER_TOKEN", "MIN_LENGTH", "MIN_PARTIAL", "MIN_TOKEN_LOOKS",
           "VOCABULARY", "Redactor", "SecretInFileError", "active", "argument_secrets",
           "check_clean", "credential_flag", "credential_name", "looks_like_credential",
           "plain", "redact", "redact_json", "redact_json_text", "register", "scope",
           "secret_values", "streams", "url_secrets"]
