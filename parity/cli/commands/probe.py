"""``parity probe``: call a live server's read-only tools and hold what really comes back
against its outputSchema and the agent's ``out`` manifest."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from parity.runtime.probe_report import FORMATS


@click.command("probe")
@click.argument("servers", nargs=-1)
@click.option("--tool", "tools", multiple=True, help="Only call this tool (repeatable).")
@click.option("--deadline", type=click.FloatRange(0.05, 600), default=10.0, show_default=True,
              help="Each tool call's deadline in seconds.")
@click.option("--format", "fmt", type=click.Choice(FORMATS), default="text",
              show_default=True, help="Report format (see docs/reports.md).")
@click.option("--output", "-o", type=click.Path(dir_okay=False, path_type=Path),
              help="Write the report to FILE instead of standard output.")
@click.option("--config", "config_path", type=click.Path(dir_okay=False, path_type=Path),
              help="Configuration file (default: the nearest parity.toml or pyproject.toml).")
def command(servers: tuple[str, ...], tools: tuple[str, ...], deadline: float, fmt: str,
            output: Path | None, config_path: Path | None) -> int:
    """Call each read-only tool of the configured live SERVERS (default: all) once, with
    generated or configured arguments, and report keys the agent is promised that never
    arrive, types that differ, error-shaped successes and failed calls.

    Only tools annotated readOnlyHint: true, or listed in the server's `read_only` setting,
    are called. Exit 0 when no call failed, 1 when one did (the agent would take its
    fallback), 2 when the probe could not run.
    """
    from parity.config.settings import load_config
    from parity.core.files import refuse_inputs
    from parity.core.jsonio import write_atomic
    from parity.runtime.guard import GuardPolicy
    from parity.runtime.probe import run_probe
    from parity.runtime.probe_report import RENDERERS, headline

    config = load_config(config_path)
    targets = probe_targets(config, servers, tools)
    report = run_probe(targets, policy=GuardPolicy(default_deadline=deadline,
                                                   turn_budget=max(30.0, deadline * 3)))
    text = RENDERERS[fmt](report)
    if output is not None:
        refuse_inputs(output, [("configuration", config.file), *(
            ("agent manifest", pair.agent_manifest) for pair in config.pairs.values())],
            writing="report")
        write_atomic(output, text, streams=True)
        click.echo(headline(report), err=True)
    else:
        click.echo(text, nl=False)
    return 0 if report.passed else 1


def probe_targets(config: object, names: tuple[str, ...],
                  tools: tuple[str, ...]) -> list[Any]:
    """One ``ProbeTarget`` per live configured server (stdio, url or object)."""
    from parity.config.settings import Config
    from parity.errors import ConfigError
    from parity.runtime.probe import ProbeTarget, promised_outputs
    from parity.sources.live import live_spec

    if not isinstance(config, Config):
        raise TypeError("a Config is needed")
    live = [s for s in config.select_servers(list(names)) if s.kind in ("stdio", "url", "object")]
    if names and len(live) < len(names):
        raise ConfigError("the probe calls live servers only (stdio, url or object); "
                          f"{', '.join(n for n in names if n not in {s.name for s in live})} "
                          "is read from a file", file=str(config.file) if config.file else None)
    if not live:
        raise ConfigError("no live server configured (stdio, url or object) to probe",
                          file=str(config.file) if config.file else None,
                          hint="add one under [tool.parity.servers] (docs/configuration.md)")
    out = []
    for server in live:
        promised: dict[str, Any] = {}
        promised_by = None
        arguments = dict(server.calls.arguments)
        for pair in config.pairs.values():
            if pair.server.name != server.name:
                continue
            for tool, args in pair.agent.observe.items():
                arguments.setdefault(tool, args)
            if pair.agent_manifest.is_file():
                promised.update(promised_outputs(pair.agent_manifest))
                promised_by = _shown_path(pair.agent_manifest, config.root)
        out.append(ProbeTarget(
            name=server.name, spec=live_spec(server, root=config.root),
            arguments=arguments, read_only=server.calls.read_only, promised=promised,
            promised_by=promised_by, tools=tools,
            completeness=completeness_table(server.calls.completeness)))
    return out


def completeness_table(declared: Any) -> dict[str, dict[str, str]]:
    """The configured completeness declarations as ``GuardPolicy.completeness`` takes them."""
    from dataclasses import asdict

    return {tool: {k: v for k, v in asdict(d).items() if v} for tool, d in declared.items()}


def _shown_path(path: Path, root: Path) -> str:
    try:
        return path.relative_to(root).as_posix()
    except ValueError:
        return str(path)
