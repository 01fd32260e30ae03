"""Text options written into files (a baseline's reason, a lock's server name): UTF-8 or
refused as the usage error it is. An argument of bytes that are not UTF-8 reaches Python
as lone surrogates, which no JSON file parity writes can hold."""

from __future__ import annotations

import click


def utf8_text(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """A click callback: ``value`` unchanged, or a usage error (exit 2) naming the option."""
    if value is None:
        return None
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        try:  # the bytes given, as the shell passed them
            given = value.encode("utf-8", "surrogateescape")
        except UnicodeEncodeError:
            given = value.encode("utf-8", "surrogatepass")
        shown = given.decode("ascii", "backslashreplace")
        raise click.BadParameter(f"{shown}: not UTF-8 text (it is written into a file "
                                 "parity reads back as UTF-8)", ctx=ctx, param=param) from None
    return value
