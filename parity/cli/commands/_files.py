"""Messages that name the file (and, in ``diff``, the side) they are about."""

from __future__ import annotations

import contextlib
import shlex
from collections.abc import Iterator
from typing import Any

from parity.errors import ConfigError, ParityError


@contextlib.contextmanager
def naming(file: str, side: str | None = None) -> Iterator[None]:
    """Any ``ParityError`` raised inside names ``file`` (and ``side``: "agent", "server")."""
    try:
        yield
    except ParityError as exc:
        shown = exc.file or file
        exc.file = f"{shown} ({side} side)" if side else shown
        raise


def split_command(line: str, option: str) -> tuple[str, ...]:
    """A command line as a POSIX shell would split it; a mistake names the option. Its
    credential arguments (``--token VALUE``: ``redact.argument_secrets``) are secrets, as
    a configured server's are."""
    from parity.core.redact import register, secret_values

    # split by whitespace first: the message of a line shlex refuses echoes it
    register(secret_values(stdio=line.split()))
    try:
        command = tuple(shlex.split(line))
        register(secret_values(stdio=command))
    except ValueError as exc:  # an unterminated quote, a trailing backslash
        raise ConfigError(f"{option} {line!r}: not a command line: {exc}",
                          hint="close the quote, or quote the whole command once") from None
    if not command:
        raise ConfigError(f"{option} needs a command")
    return command


def url_spec(url: str, name: str, flag: str = "--url") -> Any:
    """An ad hoc ``--url`` server's ``ServerSpec``. The credentials its URL holds (a
    password, a ``?token=``) are secrets, as a configured server's are: redacted from all
    the command prints, and from what the session reports. A URL a configured ``url``
    could not be (a port out of range, a control character) is a ``ConfigError``."""
    from parity.config.urls import url_mistake
    from parity.core.redact import redact, register, secret_values
    from parity.core.terminal import printable
    from parity.mcp import ServerSpec

    secrets = secret_values(url=url)
    register(secrets)
    mistake = url_mistake(url)
    if mistake is not None:
        raise ConfigError(f"{flag} {printable(redact(url, secrets))!r}: expected {mistake}")
    return ServerSpec(kind="url", name=name, url=url, secrets=secrets)
