"""``parity drill``: inject faults and prove no failure passes as a success."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from parity.runtime.drill import MODES, DrillError, DrillTarget, bundled_targets, dumps, run_drill
from parity.runtime.drill.targets import find_bundled_example
from parity.runtime.guard import GuardPolicy

TRANSPORTS = ("stdio", "http", "all")


@click.command("drill")
@click.option("--server", "server", default=None,
              help="A configured server (stdio, url or object); default: the only configured "
                   "live server, else the bundled example.")
@click.option("--calls", type=click.IntRange(1, 10_000), default=5, show_default=True,
              help="Calls per fault mode.")
@click.option("--modes", "modes", multiple=True, metavar="MODE",
              help=f"Fault modes to run, repeatable or comma-separated (default: all: "
                   f"{', '.join(MODES)}).")
@click.option("--transport", type=click.Choice(TRANSPORTS), default=None,
              help="The transport: the bundled example's (all: stdio and HTTP); a configured "
                   "server's must be its own.")
@click.option("--tool", "tools", multiple=True, help="Only call this tool (repeatable).")
@click.option("--deadline", type=click.FloatRange(0.05, 600, min_open=False), default=2.0,
              show_default=True, help="Each tool call's deadline in seconds (the `slow` "
                                      "mode holds answers past it).")
@click.option("--turn-budget", type=click.FloatRange(0.1, 3600), default=30.0,
              show_default=True, help="The agent turn's budget; the deadline must be below.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True)
@click.option("--events", "events", type=click.Path(dir_okay=False, path_type=Path),
              default=None, help="Write the JSONL event trail (correlation ids) to this file.")
@click.option("--config", "config_path", type=click.Path(dir_okay=False, path_type=Path),
              default=None, help="The configuration file (for --server).")
def command(server: str | None, calls: int, modes: tuple[str, ...], transport: str | None,
            tools: tuple[str, ...], deadline: float, turn_budget: float, fmt: str,
            events: Path | None, config_path: Path | None) -> int:
    """Run N calls per fault mode through the guard and count silent successes.

    Exit 0 when the guard said ok on no fault (0 silent successes in every mode), 1
    otherwise, 2 when the drill could not run.
    """
    chosen = [m.strip() for item in modes for m in item.split(",") if m.strip()]
    policy = GuardPolicy(default_deadline=deadline, turn_budget=turn_budget)
    if server is None:  # the project's server first, whichever transport is asked
        server = _only_configured_server(config_path)
    if server is None:
        transports = ("stdio", "http") if transport in (None, "all") else (transport,)
        targets = list(bundled_targets(transports))
    else:
        target = _configured(server, config_path)
        if transport is not None and transport != target.transport:
            raise DrillError(f"server {server!r} is drilled over its own transport "
                             f"({target.transport}), not {transport}: --transport chooses "
                             "among the bundled example's transports, and for a configured "
                             "server must be its own",
                             hint=f"drop --transport, or pass --transport {target.transport}")
        targets = [target]
    for target in targets:
        if tools and hasattr(target, "tools"):
            target.tools = tools
    if tools:
        targets = [_restrict(t, tools) for t in targets]
    report = run_drill(targets, modes=chosen or None, calls=calls, policy=policy,
                       events_file=events)
    click.echo(dumps(report) if fmt == "json" else report.render_text(), nl=False)
    return 0 if report.passed else 1


def _only_configured_server(config_path: Path | None) -> str | None:
    """The one configured live server, when there is exactly one (else the bundled
    example, or a message saying what to pass)."""
    from parity.config.settings import find_config, load_config

    if config_path is None and find_config() is None:
        return None
    live = [s.name for s in load_config(config_path).servers.values()
            if s.kind in ("stdio", "url", "object")]
    if len(live) == 1:
        return live[0]
    if len(live) > 1 and find_bundled_example() is None:
        raise DrillError(f"{len(live)} live servers are configured: say which to drill",
                         hint=f"pass --server with one of {', '.join(sorted(live))}")
    return None


def _configured(name: str, config_path: Path | None) -> DrillTarget:
    import sys

    from parity.cli.commands.probe import completeness_table
    from parity.config.settings import load_config
    from parity.mcp import ServerSpec
    from parity.sources.live import live_spec

    config = load_config(config_path)
    server = config.select_servers([name])[0]
    if server.kind not in ("stdio", "url", "object"):
        raise DrillError(f"server {name!r} is {server.kind_words}: the drill needs a "
                         "running server it can put a proxy in front of (stdio, url or object)")
    arguments: dict[str, Any] = {}
    for pair in config.pairs.values():
        if pair.server.name == name:
            arguments.update(pair.agent.observe)
    arguments.update(server.calls.arguments)  # the server's own examples win
    completeness = completeness_table(server.calls.completeness)
    if server.kind == "object":
        # a proxy needs a wire: the object is served over stdio by a child process, imported
        # the way `parity extract` imports it
        import os

        root = str(server.cwd or config.root)
        spec = ServerSpec(kind="stdio", name=name, cwd=server.cwd or config.root,
                          command=(sys.executable, "-m", "parity.cli.serve_object",
                                   server.object or "", root),
                          env={"PYTHONPATH": os.pathsep.join(
                              filter(None, [root, os.environ.get("PYTHONPATH")]))},
                          start_timeout=server.start_timeout, list_timeout=server.list_timeout)
        return DrillTarget(name, "stdio", spec, arguments=arguments, completeness=completeness)
    spec = live_spec(server, root=config.root)
    return DrillTarget(name, "stdio" if server.kind == "stdio" else "http", spec,
                       arguments=arguments, completeness=completeness)


class _Restricted:
    """A target context manager with the tool filter applied on entry."""

    def __init__(self, inner: object, tools: tuple[str, ...]) -> None:
        self.inner, self.tools = inner, tools

    def __enter__(self) -> object:
        target = self.inner.__enter__()  # type: ignore[attr-defined]
        target.tools = self.tools
        return target

    def __exit__(self, *exc: object) -> None:
        self.inner.__exit__(*exc)  # type: ignore[attr-defined]


def _restrict(target: object, tools: tuple[str, ...]) -> object:
    return _Restricted(target, tools) if hasattr(target, "__enter__") else target
