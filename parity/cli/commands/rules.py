"""``parity rules``: every difference rule, from the registry."""

from __future__ import annotations

import click

from parity.contract.rules.docs import rules_json, rules_markdown, rules_text


@click.command("rules")
@click.option("--format", "fmt", type=click.Choice(["text", "json", "markdown"]),
              default="text", show_default=True,
              help="markdown is docs/rules.md, with an example per rule.")
def command(fmt: str) -> int:
    """List every rule: id, severity and what it catches."""
    render = {"text": rules_text, "json": rules_json, "markdown": rules_markdown}[fmt]
    click.echo(render(), nl=False)
    return 0
