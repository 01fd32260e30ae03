"""``parity explain RULE``: one rule's documentation with a minimal example."""

from __future__ import annotations

import difflib

import click

from parity.contract.rules import RULES
from parity.contract.rules.docs import explain_text


@click.command("explain")
@click.argument("rule")
def command(rule: str) -> int:
    """Print RULE's documentation, with a minimal agent/server pair that triggers it."""
    if rule not in RULES:
        close = difflib.get_close_matches(rule, list(RULES), n=3)
        hint = f"did you mean {', '.join(close)}? " if close else ""
        raise click.BadParameter(f"unknown rule {rule!r}; {hint}`parity rules` lists them",
                                 param_hint="RULE")
    click.echo(explain_text(rule), nl=False)
    return 0
