"""``parity check``: diff the manifests and hold the differences to the baseline."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import click

from parity.cli.commands._report import emit, report_options
from parity.config.settings import load_config
from parity.contract import check as checking


@click.command("check")
@click.argument("pairs", nargs=-1)
@click.option("--config", "config_path", type=click.Path(dir_okay=False, path_type=Path),
              help="Configuration file (default: the nearest parity.toml or pyproject.toml).")
@click.option("--against", metavar="REF",
              help="Also fail when the baseline has entries it did not have at git REF "
                   "(the ratchet, for pull requests), read from git as REF holds it.")
@report_options
def command(pairs: tuple[str, ...], config_path: Path | None, against: str | None, fmt: str,
            output: Path | None) -> int:
    """Diff each configured pair's manifests and hold the differences to its baseline.

    Exits 1 when there is a new difference (not in the baseline), a stale baseline
    entry (its difference is gone: remove it in the same change with `parity baseline`),
    or, checking every pair, a baseline file no configured pair reads.
    Known, baselined differences are counted and listed, not hidden. PAIRS default to all.
    """
    config = load_config(config_path)
    chosen = config.select_pairs(pairs)
    # a baseline file no pair reads fails only a check of every pair: a hook checking one
    # pair is not about the others
    orphans = () if pairs else checking.orphan_baselines(config.baselines,
                                                         list(config.pairs.values()))
    # annotations name paths from the repository holding the configuration
    report = dataclasses.replace(checking.check(chosen, against=against, orphans=orphans),
                                 origin=str(config.root))
    return emit(report, fmt, output, inputs=[("configuration", config.file),
                                             *(f for pair in chosen for f in pair.files)])
