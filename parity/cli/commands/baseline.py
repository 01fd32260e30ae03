"""``parity baseline``: shrink a baseline, create one, or accept one difference."""

from __future__ import annotations

from pathlib import Path

import click

from parity.cli.commands._text import utf8_text
from parity.config.settings import load_config
from parity.contract import check as checking
from parity.contract.report._util import ORPHAN_ADVICE, plural
from parity.errors import ParityError


@click.command("baseline")
@click.argument("pairs", nargs=-1)
@click.option("--config", "config_path", type=click.Path(dir_okay=False, path_type=Path),
              help="Configuration file (default: the nearest parity.toml or pyproject.toml).")
@click.option("--init", is_flag=True,
              help="Create the baseline from the current differences; only where none exists.")
@click.option("--accept", nargs=3, metavar="TOOL RULE PATH", default=None,
              help="Add one current difference (PATH '' or '(root)' for the root); needs "
                   "--reason. The only way to grow a baseline.")
@click.option("--reason", metavar="TEXT", callback=utf8_text,
              help="Why the accepted difference (or, with --init, every difference) is "
                   "acceptable; recorded in each entry it adds.")
def command(pairs: tuple[str, ...], config_path: Path | None, init: bool,
            accept: tuple[str, str, str] | None, reason: str | None) -> int:
    """Rewrite each pair's baseline without its stale entries. It never adds one.

    --init [--reason TEXT] creates a baseline from the current differences where none
    exists; --accept TOOL RULE PATH --reason TEXT adds one entry, recording why. With one
    pair configured, --accept needs no pair name.
    """
    if init and accept:
        raise click.UsageError("--init and --accept cannot be combined")
    if reason is not None and not (accept or init):
        raise click.UsageError("--reason goes with --accept or --init")
    if init and reason is not None and not reason.strip():
        raise click.UsageError("--reason needs a text: why the differences are acceptable")
    config = load_config(config_path)
    selected = config.select_pairs(pairs)
    if accept:
        if not reason or not reason.strip():
            raise click.UsageError("--accept needs --reason TEXT: the baseline records why a "
                                   "difference is acceptable")
        if len(selected) != 1:
            raise ParityError("--accept adds to one pair's baseline: name the pair",
                              hint="configured pairs: " + ", ".join(p.name for p in selected))
        entry = checking.accept(selected[0], *accept, reason=reason)
        click.echo(f"pair {selected[0].name}: accepted {entry.describe()} into "
                   f"{checking.shown(selected[0].baseline)}")
        return 0
    if init:
        for name, baseline in checking.init(selected, reason=reason):
            pair = config.pairs[name]
            click.echo(f"pair {name}: created {checking.shown(pair.baseline)} with "
                       + plural(len(baseline), "entry", "entries")
                       + ("" if reason or not len(baseline) else
                          " (no reasons recorded: `--reason TEXT` records why)"))
        return 0
    for done in checking.shrink(selected):
        if not done.exists:
            click.echo(f"pair {done.pair}: no baseline at {done.file} (create one with "
                       "`parity baseline --init`)")
            continue
        if done.removed:
            click.echo(f"pair {done.pair}: removed "
                       f"{plural(len(done.removed), 'stale entry', 'stale entries')} from "
                       f"{done.file}")
            for e in done.removed:  # describe(): control characters shown, never obeyed
                click.echo(f"  - {e.describe()}")
        else:
            click.echo(f"pair {done.pair}: {done.file} has no stale entries")
        if done.narrowed:
            click.echo(f"  recorded {plural(len(done.narrowed), 'entry', 'entries')} whose "
                       "difference narrowed:")
            for c in done.narrowed:
                click.echo(f"  ~ {c.describe()}")
        if done.recorded:
            click.echo(f"  recorded the facts of {plural(done.recorded, 'entry', 'entries')} "
                       "that had none")
        if done.changed:
            click.echo(f"  {plural(len(done.changed), 'entry', 'entries')} changed, kept as "
                       "recorded: review each and --accept it again with a reason, or fix it")
            for c in done.changed:
                click.echo(f"  ! {c.describe()}")
        if done.kept:
            click.echo(f"  kept {plural(len(done.kept), 'entry', 'entries')} "
                       "that cannot be verified (under an unresolved $ref):")
            for e in done.kept:
                click.echo(f"  = {e.describe()}")
        if done.new:
            click.echo(f"  {len(done.new)} difference(s) are not in the baseline and were not "
                       "added: fix them, or --accept each with a reason")
    if not pairs:  # not deleted: a renamed pair's file may be meant to move with it
        for orphan in checking.orphan_baselines(config.baselines, list(config.pairs.values())):
            click.echo(f"baseline {orphan}: {ORPHAN_ADVICE}")
    return 0
