"""Options and output shared by the commands that print a report (check, diff)."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, TypeVar

import click

from parity.contract.report import FORMATS, Report, get_formatter
from parity.contract.report._util import headline
from parity.core.files import refuse_inputs
from parity.core.jsonio import write_atomic
from parity.core.redact import redact_json_text

F = TypeVar("F", bound=Callable[..., Any])

#: the formats whose text is JSON
_JSON_FORMATS = ("json", "sarif")


def report_options(func: F) -> F:
    func = click.option("--output", "-o", type=click.Path(dir_okay=False, path_type=Path),
                        help="Write the report to FILE instead of standard output.")(func)
    func = click.option("--format", "fmt", type=click.Choice(list(FORMATS)), default="text",
                        show_default=True, help="Report format (see docs/reports.md).")(func)
    return func


def use_color(output: Path | None) -> bool:
    """Colour only for people: a terminal, no --output, and no NO_COLOR (no-color.org)."""
    return output is None and not os.environ.get("NO_COLOR") and sys.stdout.isatty()


def emit(report: Report, fmt: str, output: Path | None, *,
         inputs: Iterable[tuple[str, Path | None]]) -> int:
    """Render and write the report, never over one of the files it was made from
    (``inputs``: what each is, its path); return the exit code it implies."""
    refuse_inputs(output, inputs, writing="report")
    text = get_formatter(fmt).render(report, color=use_color(output))
    if fmt in _JSON_FORMATS:  # redacted in its strings, never its syntax: it stays JSON
        text = redact_json_text(text)
    if output is not None:
        write_atomic(output, text, secrets="redact", streams=True)
        # whatever the file holds, the log still says why the step failed: the summary line
        # the text report ends with (as `parity probe -o` prints its own)
        click.echo(headline(report), err=True)
    else:
        click.echo(text, nl=False, color=use_color(output))
    return report.exit_code
