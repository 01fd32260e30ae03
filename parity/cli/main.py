"""The ``parity`` command line: a thin dispatcher over the library.

Commands live in ``parity/commands/<name>.py`` and are imported only when invoked, so
``parity check`` in a pre-commit hook never pays for ``mcp`` or ``pydantic``.

Exit codes: 0 clean, 1 drift or findings, 2 usage, configuration or input error,
3 unexpected error (a bug: please report it), 130 interrupted, 141 output closed by its
reader (``parity ... | head``).
"""

from __future__ import annotations

import codecs
import contextlib
import errno
import importlib
import os
import sys
from collections.abc import Iterator
from typing import Any

import click

from parity import __version__
from parity.core import redact
from parity.errors import DriftError, ParityError

#: name -> (module, help line). The help line is here so ``parity --help`` imports nothing.
COMMANDS: dict[str, tuple[str, str]] = {
    "paths": ("parity.cli.commands.paths", "Print the field-path tables of a schema or tool file."),
    "extract": ("parity.cli.commands.extract", "Write the manifests of the configured pairs."),
    "check": ("parity.cli.commands.check", "Diff the manifests and hold them to the baseline."),
    "baseline": ("parity.cli.commands.baseline", "Shrink, create or extend a pair's baseline."),
    "diff": ("parity.cli.commands.diff", "Compare two tool sources once, without configuration."),
    "rules": ("parity.cli.commands.rules", "List every difference rule."),
    "explain": ("parity.cli.commands.explain", "Document one rule, with a minimal example."),
    "lock": ("parity.cli.commands.lock", "Pin a server's tool definitions in a lock file."),
    "verify": ("parity.cli.commands.verify", "Compare a server's tools with its lock."),
    "drill": ("parity.cli.commands.drill", "Inject faults and prove no failure passes as success."),
    "probe": ("parity.cli.commands.probe", "Call read-only tools; check what really arrives."),
    "snapshot": ("parity.cli.commands.snapshot",
                 "Save a server's tools as stable JSON (--check: is it current)."),
    "trail": ("parity.cli.commands.trail", "Verify that an event trail was not tampered with."),
}


class LazyGroup(click.Group):
    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in COMMANDS:
            return None
        module = importlib.import_module(COMMANDS[cmd_name][0])
        command: click.Command = module.command
        return command

    def make_context(self, info_name: str | None, args: list[str],
                     parent: click.Context | None = None, **extra: Any) -> click.Context:
        with _past_click():  # --help and --version print here
            return super().make_context(info_name, args, parent, **extra)

    def invoke(self, ctx: click.Context) -> Any:
        # Errors become exit codes here, so CliRunner and `main` agree. Everything printed
        # inside goes through the redaction of the secrets the command's configuration holds.
        with _past_click(), redact.scope(), redact.streams():
            try:
                return super().invoke(ctx)
            except ParityError as exc:
                click.echo(f"parity: error: {_said(exc)}", err=True)
                ctx.exit(exc.exit_code)
            except DriftError as exc:
                click.echo(f"parity: {_said(exc)}", err=True)
                ctx.exit(exc.exit_code)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [(name, COMMANDS[name][1]) for name in sorted(COMMANDS)]
        with formatter.section("Commands"):
            formatter.write_dl(rows)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="parity")
def cli() -> None:
    """Keep an agent and its MCP servers in agreement about their tool contracts.

    Exit codes: 0 clean, 1 differences or drift found, 2 usage, configuration or
    input error, 3 unexpected error.
    """


def main(argv: list[str] | None = None) -> int:
    """Run the CLI and return its exit code; the one place errors become codes."""
    from parity.cli.logs import terminal

    # the libraries' log records stay off the terminal (PARITY_DEBUG shows them): only
    # here, the entry point, never when parity is used as a library
    code = 0
    try:
        with _encodable(), redact.scope(), redact.streams(), terminal():
            code = _main(argv)
        # what is still buffered is written here, where a closed pipe is handled, not by the
        # interpreter's last flush, which prints "Exception ignored ... BrokenPipeError"
        sys.stdout.flush()
    except BrokenPipeError:  # met by an error's own message, or by the flush above
        closed = _output_closed()
        return code or closed  # an error already said on standard error keeps its code
    return code


#: the exit code when the reader of standard output closed it before parity was done
#: (``parity check | head -1``): 128 + SIGPIPE, what a shell reports of git or cat then
OUTPUT_CLOSED = 141


class _OutputClosed(Exception):
    """A write to standard output or error met a pipe its reader closed (``_past_click``)."""


@contextlib.contextmanager
def _past_click() -> Iterator[None]:
    """A closed pipe raised past click, whose own handling of one is ``sys.exit(1)`` after
    swapping the streams, which main took for code parity called exiting (exit 2)."""
    try:
        yield
    except BrokenPipeError as exc:
        raise _OutputClosed from exc


def _output_closed() -> int:
    """Exit quietly, as git and cat do, when the output's reader has gone: nothing more
    can be said there. What a closed stream still buffers goes to the null device (its file
    descriptor pointed there), so no later flush, the interpreter's last one included,
    raises again and prints "Exception ignored"."""
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except BrokenPipeError:  # this stream is the closed pipe: its buffer kept for a retry
            with contextlib.suppress(OSError, ValueError):
                null = os.open(os.devnull, os.O_WRONLY)
                try:
                    os.dup2(null, stream.fileno())
                finally:
                    os.close(null)
        except (OSError, ValueError):  # another error, or closed: not this path's to say
            pass
    return OUTPUT_CLOSED


#: the error handler of standard output and error while a command runs (``_encodable``)
ESCAPE = "parity.json-escape"


def _json_escape(error: UnicodeError) -> tuple[str, int]:
    """What an encoding cannot carry, as JSON writes it: ``\\u00e9``, a surrogate pair
    beyond the BMP (``\\ud834\\udd1e``). Python's ``backslashreplace`` writes ``\\xe9``
    and ``\\U0001d11e``, which no JSON reader takes: a JSON report stays JSON."""
    if not isinstance(error, UnicodeEncodeError):
        raise error
    out = []
    for char in error.object[error.start:error.end]:
        code = ord(char)
        if code > 0xFFFF:
            code -= 0x10000
            out.append(f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}")
        else:
            out.append(f"\\u{code:04x}")
    return "".join(out), error.end


codecs.register_error(ESCAPE, _json_escape)


@contextlib.contextmanager
def _encodable() -> Iterator[None]:
    """Standard output and error write what their encoding cannot carry as an escape
    (``\\u5df2``: ``_json_escape``), never fail: a reason, a tool or a field in Chinese
    printed to a Windows pipe (cp1252) or under ``PYTHONIOENCODING=ascii`` was exit 3 and
    an empty report. Each stream's own error handling is restored when the command ends."""
    restore: list[tuple[Any, str | None]] = []
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is None or getattr(stream, "errors", None) == ESCAPE:
            continue
        try:
            errors = stream.errors
            reconfigure(errors=ESCAPE)
        except (AttributeError, ValueError, OSError):  # closed, or not a text file after all
            continue
        restore.append((stream, errors))
    try:
        yield
    finally:
        for stream, errors in restore:
            with contextlib.suppress(AttributeError, ValueError, OSError):
                stream.reconfigure(errors=errors)


def _said(exc: Exception) -> str:
    """An error's message as one may print it: names in it come from files and servers, so
    a control character is shown (``\\x1b``), never obeyed; its line breaks are kept."""
    from parity.core.terminal import printable

    return printable(str(exc), keep_newlines=True)


def _shown(path: object) -> str:
    """A path as one readable line: a very long one is cut, with its length."""
    from parity.core.terminal import clipped, printable

    text = os.fsdecode(path) if isinstance(path, (str, bytes, os.PathLike)) else str(path)
    return printable(clipped(text, limit=200, keep=160))


def _raised_where(exc: BaseException) -> str:
    """``file:line (function)`` of the innermost frame outside parity that raised ``exc``."""
    import traceback
    from pathlib import Path

    ours = Path(__file__).resolve().parents[1]
    frames = [f for f in traceback.extract_tb(exc.__traceback__)
              if not Path(f.filename).resolve().is_relative_to(ours)]
    if not frames:
        return "code parity called"
    last = frames[-1]
    return f"{last.filename}:{last.lineno} ({last.name})"


def _main(argv: list[str] | None) -> int:
    try:
        result: Any = cli.main(args=argv, prog_name="parity", standalone_mode=False)
    except click.exceptions.Exit as exc:
        return int(exc.exit_code)
    except click.ClickException as exc:
        exc.show()
        return exc.exit_code
    except click.exceptions.Abort as exc:
        # Ctrl-C, which click turns into this (its prompts too, keeping it as the context)
        if isinstance(exc.__cause__ or exc.__context__, KeyboardInterrupt):
            click.echo("parity: interrupted", err=True)
            return 130
        click.echo("Aborted.", err=True)
        return 1
    except (_OutputClosed, BrokenPipeError):
        return _output_closed()
    except ParityError as exc:  # raised outside a command, e.g. while loading one
        click.echo(f"parity: error: {_said(exc)}", err=True)
        return exc.exit_code
    except KeyboardInterrupt:
        click.echo("parity: interrupted", err=True)
        return 130
    except SystemExit as exc:
        # parity never exits from inside a command (click runs without standalone mode), so
        # this came from code parity called: an in-process server's tool, a user's stub
        click.echo(f"parity: error: {_raised_where(exc)} raised SystemExit"
                   f"{f'({exc.code!r})' if exc.code is not None else ''} while parity called "
                   "it\n  hint: fix that code: a module parity calls must not exit", err=True)
        return 2
    except Exception as exc:
        if isinstance(exc, OSError) and exc.errno in _NO_ROOM:
            # a full disk, or a device that cannot take what is written (stdout to
            # /dev/full, a trail on a full volume): the machine's to fix, not parity's bug
            where = "" if exc.filename is None else f"{_shown(exc.filename)}: "
            click.echo(f"parity: error: {where or 'writing the output: '}"
                       f"{exc.strerror or exc}\n  hint: free room on the device written to"
                       f"{'' if where else ' (standard output, or a file parity writes)'}",
                       err=True)
            return 2
        if isinstance(exc, OSError) and exc.filename is not None:
            # a path the file system refuses where parity did not expect it (a name too
            # long for it, a loop of links): the user's to fix, as a file parity reads
            click.echo(f"parity: error: {_shown(exc.filename)}: {exc.strerror or exc}\n"
                       "  hint: check this path: its length, its folders, their permissions",
                       err=True)
            return 2
        if os.environ.get("PARITY_DEBUG"):
            raise
        click.echo(f"parity: unexpected error: {type(exc).__name__}: {_said(exc)}\n"
                   "  this is a bug in parity; rerun with PARITY_DEBUG=1 for a traceback "
                   "and report it", err=True)
        return 3
    return int(result or 0)


#: errors of a write the device cannot take: no room, a quota, a file too large, a
#: read-only or failing device
_NO_ROOM = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EROFS, errno.EIO})


def run() -> None:
    sys.exit(main())
