"""What a secret is: the values of a server's configuration that must never be printed or
written (``secret_values``), and the words that never are one (``plain``).

``parity.core.redact`` redacts them, in every spelling, from everything parity prints or
writes; it re-exports these names.
"""

from __future__ import annotations

import base64
import re
from collections.abc import Iterable, Mapping

#: Shorter values cannot be told apart from ordinary text ("1", "on"): redacting them would
#: mangle every message.
MIN_LENGTH = 4
#: Inside a header value ("Bearer <token>"), every whitespace-separated token this long is a
#: secret of its own: the bare token leaks without its scheme.
MIN_HEADER_TOKEN = 8
#: An env value this long mixing letters and digits is a secret whatever its name (real
#: tokens are longer; versions, locales and host names mostly shorter).
MIN_TOKEN_LOOKS = 16

def secret_values(*, env: Mapping[str, str] = {},
                  headers: Mapping[str, str] = {},
                  resolved: Iterable[str] = (), url: str | None = None,
                  stdio: Iterable[str] = ()) -> tuple[str, ...]:
    """The secrets of one server:

    - an ``env`` value whose name says credential (``credential_name``: ``API_KEY``) or
      that looks like one (``looks_like_credential``), and the credentials of a URL it
      holds (``url_secrets``): ``LOG_LEVEL=debug`` and ``PYTHONUNBUFFERED=true`` stay
      readable;
    - every ``headers`` value, and every token of at least ``MIN_HEADER_TOKEN``
      characters inside one (``_header_tokens``: a ``Bearer`` token, a cookie's value);
    - every value resolved from ``${VAR}``;
    - the credentials a ``url`` holds (``url_secrets``);
    - the credential arguments of a ``stdio`` command (``argument_secrets``).

    Never a value shorter than ``MIN_LENGTH``, nor one that is no secret in any place
    (``plain``: a JSON literal, a word of JSON Schema or of parity's own files, a number
    whose name does not say credential)."""
    found: list[tuple[str, bool]] = []  # (value, named as a credential)
    for name, value in env.items():
        named = credential_name(name)
        if named or looks_like_credential(value):
            found.append((value, named))
        if "://" in value:
            found.extend((v, True) for v in url_secrets(value))
    for name, value in headers.items():
        named = credential_header(name)
        found.append((value, named))
        found.extend((t, named) for t in _header_tokens(value) if len(t) >= MIN_HEADER_TOKEN)
    found.extend((v, False) for v in resolved)
    if url:
        found.extend((v, True) for v in url_secrets(url))
    found.extend((v, True) for v in argument_secrets(stdio))
    return tuple(dict.fromkeys(v for v, named in found
                               if len(v) >= MIN_LENGTH and not plain(v, named=named)))


#: header names whose value is a credential whatever it looks like
_AUTH_HEADERS = frozenset({"authorization", "proxy-authorization", "cookie"})

#: JSON's literals, the words of JSON Schema (its types and keywords) and of parity's own
#: files and reports: no value spelled as one of them is a secret. Redacting ``true`` made a
#: JSON report invalid (``"ok": ***``), and ``string`` every message that names a type.
#: (``tests/core/test_redact.py`` holds every word of ``parity/schemas`` to this list.)
_WORDS = """
    true false null none
    string number integer object array boolean
    type enum const items prefixItems properties patternProperties additionalProperties
    unevaluatedProperties unevaluatedItems propertyNames required dependentRequired
    dependentSchemas dependencies allOf anyOf oneOf not if then else contains minContains
    maxContains minItems maxItems uniqueItems minLength maxLength minProperties
    maxProperties minimum maximum exclusiveMinimum exclusiveMaximum multipleOf pattern
    format default examples description title readOnly writeOnly deprecated schema
    definitions discriminator nullable
    additionalItems contentEncoding contentMediaType contentSchema
    any against agent baseline calls catalog check choice client_capabilities closed
    command constraints contract count declares definition diff digest direction
    elicitation entries entry enum_by_type error errors finding growth hash hashed_fields hint
    invalid keyObjects keyTypes keyValues key_values keysets known listed message name names nested
    new observed pair pairs path patterns plain protocol_version reason recursive
    renamed_from reported requires roots rule sampling server severity shapes side source
    stale strings surface table tags takes takesOrDeclares task tool tool_id_form tools
    totals typeNames types unexplained unresolved unsupported values variantKeyValues warning
    warnings
    unverifiable unverified orphans facts accepted changed narrowed state
    inputSchema outputSchema annotations structuredContent content result arguments
    """
VOCABULARY = frozenset(w.casefold() for w in _WORDS.split())

_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")


def plain(value: str, *, named: bool = False) -> bool:
    """``value`` is no secret wherever it is configured: a JSON literal or a word of JSON
    Schema or of parity's own output (``VOCABULARY``, any case), or a number, unless
    ``named`` (its name says credential) and it has at least ``MIN_HEADER_TOKEN`` digits
    (a numeric PIN or key)."""
    text = value.strip()
    if text.casefold() in VOCABULARY:
        return True
    if _NUMBER.fullmatch(text):
        return not (named and len(text) >= MIN_HEADER_TOKEN)
    return False


#: a value that may be a file, a folder or a URL: read as one, never as a credential
_PATH_LIKE = re.compile(r"[/\\]|://|^[~.]")


def looks_like_credential(value: str) -> bool:
    """``value`` looks like a token, whatever its name: at least ``MIN_TOKEN_LOOKS``
    characters, no whitespace, letters mixed with digits (``sk-live-4f9a…``, ``ghp_…``,
    ``AKIA…``), and not a path (no ``/`` or ``\\``, not starting ``~`` or ``.``) or URL
    (a URL's credentials are found by ``url_secrets``). ``production``, ``debug``,
    ``en_US.UTF-8``, ``python3.12`` and ``/usr/lib`` are not."""
    return (len(value) >= MIN_TOKEN_LOOKS and not any(c.isspace() for c in value)
            and any(c.isalpha() for c in value) and any(c.isdigit() for c in value)
            and _PATH_LIKE.search(value) is None)


#: a flag or ``NAME=`` naming a file, a folder, a URL or a kind of credential, not one
_NOT_A_CREDENTIAL = re.compile(r"(?i)(file|path|dir|url|uri)$")


def credential_flag(word: str) -> str | None:
    """The name of a command-line flag that takes a credential (``--api-key``,
    ``--token``, ``-password``), without its dashes; ``None`` for any other word."""
    name = word.lstrip("-")
    if not word.startswith("-") or not name or not credential_name(name) \
            or _NOT_A_CREDENTIAL.search(name):
        return None
    return name


def argument_secrets(argv: Iterable[str]) -> list[str]:
    """The credentials a command line passes as arguments: the value of a flag named as a
    credential (``--api-key VALUE``, ``--token=VALUE``), of a ``NAME=VALUE`` word whose
    name is one (``API_KEY=VALUE``, as ``env`` takes it), and those of a URL argument
    (``url_secrets``). A single-letter flag (``-k``) names nothing: its value is not
    found; pass such a credential through ``env`` or ``${VAR}``."""
    words = list(argv)
    found: list[str] = []
    for i, word in enumerate(words):
        if "://" in word:
            found.extend(url_secrets(word.partition("=")[2] if word.startswith("-")
                                     and "=" in word else word))
        name, eq, value = word.partition("=")
        if eq and name and (credential_flag(name) if name.startswith("-") else
                            re.fullmatch(r"[A-Za-z_][\w.-]*", name) is not None
                            and credential_name(name)
                            and not _NOT_A_CREDENTIAL.search(name)):
            found.append(value)
        elif not eq and credential_flag(word) and len(word.lstrip("-")) > 1 \
                and i + 1 < len(words) and not words[i + 1].startswith("-"):
            found.append(words[i + 1])
    return found


def _header_tokens(value: str) -> list[str]:
    """The words of a header value (split at spaces, ``;`` and ``,``) and, of each
    ``name=value`` word, its value: ``Bearer TOKEN``, ``Cookie: session=VALUE; theme=x``."""
    words = [w for w in re.split(r"[\s;,]+", value) if w]
    return [*words, *(w.partition("=")[2] for w in words if "=" in w)]


#: words in a query parameter's name that say its value is a credential (``?token=``,
#: ``?api_key=``, ``?X-Amz-Signature=``): other values (``?version=``, and a kind named
#: beside one, OAuth's ``token_type=bearer``) stay readable
_SECRET_PARAMETER = re.compile(
    r"(?i)^(?!.*type$).*(token|key|secret|pass|auth|sig|credential|session|jwt)")


def credential_header(name: str) -> bool:
    """An HTTP header ``name`` whose value is a credential: ``Authorization``,
    ``Proxy-Authorization``, ``Cookie``, or one named as a credential (``X-Api-Key``)."""
    return name.lower() in _AUTH_HEADERS or credential_name(name)


def credential_name(name: str) -> bool:
    """``name`` (a query parameter's, an environment variable's, a header's) says its
    value is a credential."""
    return _SECRET_PARAMETER.search(name) is not None


def url_secrets(url: str) -> list[str]:
    """The credentials written into a server's URL: its user info's password (or the user
    name alone, a token: ``https://TOKEN@host``) and the values of query parameters named
    as credentials, decoded (the redactor finds their escaped spellings too); the fragment's
    too, read as parameters (OAuth's implicit flow hands ``#access_token=`` back there).

    Read from the text as well as parsed: a URL that does not parse (an unclosed ``[``, a
    bad port) is echoed by the very error that says so, credentials and all."""
    from urllib.parse import urlsplit

    found = _credentials(*_by_text(url))
    try:
        parts = urlsplit(url)
        found += _credentials(parts.username, parts.password,
                              f"{parts.query}&{parts.fragment}")
    except ValueError:  # not a URL: the text alone says what it holds
        pass
    return list(dict.fromkeys(found))


#: ``scheme://AUTHORITY``: the authority ends at the first ``/``, ``?`` or ``#``
_AUTHORITY = re.compile(r"[^:/?#]*://([^/?#]*)")


def _by_text(url: str) -> tuple[str | None, str | None, str]:
    """A URL's user name, password and query by ``urlsplit``'s rules, never refusing one:
    the user info is the authority up to its last ``@``, the password what follows its
    first ``:``; the query is what follows the first ``?`` before any ``#``, joined with
    the fragment (what follows the ``#``), read as parameters too."""
    authority = _AUTHORITY.match(url.strip())
    info, at, _ = (authority.group(1) if authority else "").rpartition("@")
    user, colon, password = info.partition(":")
    before, _, fragment = url.partition("#")
    query = f"{before.partition('?')[2]}&{fragment}"
    if not at:
        return None, None, query
    return user, password if colon else None, query


def _credentials(user: str | None, password: str | None, query: str) -> list[str]:
    from urllib.parse import parse_qsl, unquote

    found = [unquote(password)] if password else [unquote(user)] if user else []
    if user is not None:  # the HTTP client sends the user info as Basic auth: a server may
        # echo that header, so its token is one too
        pair = f"{unquote(user)}:{unquote(password or '')}".encode()
        found.append(base64.b64encode(pair).decode("ascii"))
    found += [value for name, value in parse_qsl(query, keep_blank_values=False)
              if credential_name(name)]
    return found


__all__ = ["MIN_HEADER_TOKEN", "MIN_LENGTH", "MIN_TOKEN_LOOKS", "VOCABULARY",
           "argument_secrets", "credential_flag", "credential_header", "credential_name",
           "looks_like_credential", "plain", "secret_values", "url_secrets"]
