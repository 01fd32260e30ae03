"""``parity explain RULE``: one rule's documentation with a minimal example."""

from __future__ import annotations

import difflib

import click

from parity.contract.rules.docs import KNOWN, explain_text


@click.command("explain")
@click.argument("rule")
def command(rule: str) -> int:
    """Print RULE's documentation, with a minimal agent/server pair that triggers it (the
    baseline's own failures, baseline.stale, baseline.growth and baseline.changed, have no
    pair)."""
    if rule not in KNOWN:
        # ids are case-sensitive, but IN.UNKNOWN is still a near miss of in.unknown
        lowered = {known.lower(): known for known in KNOWN}
        close = [lowered[m] for m in difflib.get_close_matches(rule.lower(), list(lowered), n=3)]
        hint = f"did you mean {', '.join(close)}? " if close else ""
        raise click.BadParameter(f"unknown rule {rule!r}; {hint}`parity rules` lists them",
                                 param_hint="RULE")
    click.echo(explain_text(rule), nl=False)
    return 0
