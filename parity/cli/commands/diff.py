"""``parity diff``: compare two tool sources once, with no configuration or baseline."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import click

from parity.cli.commands._files import naming, split_command, url_spec
from parity.cli.commands._report import emit, report_options
from parity.contract import check as checking
from parity.errors import ParityError, SourceError
from parity.fieldpaths.fieldpath import parse, render
from parity.fieldpaths.manifest import Manifest
from parity.fieldpaths.tooldefs import manifest_from_definitions, read_tool_file
from parity.fieldpaths.toolid import parse_form

_FILE = click.Path(exists=True, dir_okay=False, path_type=Path)


@click.command("diff")
@click.option("--agent-file", type=_FILE, required=True,
              help="The agent's tool definitions: a pinned tools/list result, one tool, or "
                   "a JSON Schema.")
@click.option("--server-file", type=_FILE,
              help="The server's tool definitions (a saved tools/list result...).")
@click.option("--server-stdio", metavar="COMMAND",
              help="Start the server with this command line and ask it for its tools.")
@click.option("--server-url", metavar="URL", help="Ask a running HTTP server for its tools.")
@click.option("--server-name", help="The server's name, for {server} in the tool-id forms.")
@click.option("--protocol", metavar="VERSION", default=None,
              help="The MCP protocol version to list a live server under: 2026-07-28, an "
                   "older one, or auto (default: the initialize handshake).")
@click.option("--agent-form", default="{tool}", show_default=True,
              help="How the agent names tools, e.g. '{server}-mcp:{tool}'.")
@click.option("--server-form", default="{tool}", show_default=True,
              help="How the server names tools.")
@click.option("--id-path", "id_paths", multiple=True, metavar="PATH",
              help="A field path whose values are tool ids of the server (repeatable; a "
                   "pair's `id_paths`).")
@report_options
def command(agent_file: Path, server_file: Path | None, server_stdio: str | None,
            server_url: str | None, server_name: str | None, protocol: str | None,
            agent_form: str, server_form: str, id_paths: tuple[str, ...], fmt: str,
            output: Path | None) -> int:
    """Compare the agent's tools with a server's, once, without configuration or baseline.

    Prints the differences in any report format; exits 1 when there are any.
    """
    chosen = [o for o, v in (("--server-file", server_file), ("--server-stdio", server_stdio),
                             ("--server-url", server_url)) if v]
    if len(chosen) != 1:
        raise click.UsageError("give exactly one of --server-file, --server-stdio, "
                               "--server-url" + (f" (got {', '.join(chosen)})" if chosen else ""))
    parse_form(agent_form)
    parse_form(server_form)
    paths = _id_paths(id_paths)
    with naming(str(agent_file), "agent"):
        agent = manifest_from_definitions(read_tool_file(agent_file), side="agent",
                                          source=checking.shown(agent_file),
                                          server=server_name, tool_id_form=agent_form)
    # a live server's own messages name it; a file is named with its side
    with naming(str(server_file), "server") if server_file else naming("server"):
        server = _server(server_file, server_stdio, server_url, server_name, server_form,
                         protocol)
    # what extraction could not model (a remote $ref it never fetches...) is no finding, but
    # a diff that passes over it must say so, as `parity paths` does
    for side, manifest in (("agent", agent), ("server", server)):
        for warning in sorted(manifest.warnings):
            click.echo(f"warning: {side}: {warning}", err=True)
    return emit(checking.diff(agent, server, id_paths=paths), fmt, output,
                inputs=[("--agent-file", agent_file), ("--server-file", server_file)])


def _id_paths(given: tuple[str, ...]) -> tuple[str, ...]:
    """Each ``--id-path`` as parity prints it; a malformed one is a usage error."""
    out = []
    for text in given:
        try:
            steps = parse(text)
        except ParityError as exc:
            raise click.UsageError(f"--id-path {text!r}: {exc.message}") from None
        if not steps:
            raise click.UsageError("--id-path '': the root is no value's field path")
        out.append(render(steps))
    return tuple(sorted(set(out)))


def _server(file: Path | None, stdio: str | None, url: str | None, name: str | None,
            form: str, protocol: str | None) -> Manifest:
    source: str
    definitions: list[dict[str, Any]]
    if file is not None:
        definitions, source = read_tool_file(file), checking.shown(file)
    else:
        # imported here: only a live server needs the MCP SDK
        from parity.mcp import ServerSpec, fetch_tools
        from parity.mcp.era import check_protocol

        if stdio is not None:
            command = split_command(stdio, "--server-stdio")
            spec = ServerSpec(kind="stdio", name=name or "server", command=command)
            source = f"stdio: {command[0]}"
        else:
            spec = url_spec(url or "", name or "server", "--server-url")
            source = f"url: {url}"
        listing = fetch_tools(dataclasses.replace(spec, protocol=check_protocol(protocol)))
        if listing.rejected:  # a diff without them would pass what it never saw
            lines = "; ".join(f"tool {tool!r}: {why}" for tool, why in listing.rejected)
            raise SourceError(f"{source}: tools/list has definitions parity cannot read: "
                              f"{lines}", hint="fix the server")
        definitions = listing.tools
    return manifest_from_definitions(definitions, side="server", source=source, server=name,
                                     tool_id_form=form)
