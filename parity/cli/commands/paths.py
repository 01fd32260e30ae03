"""``parity paths``: the debugging window into field-path extraction."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click

from parity.cli.commands._files import naming
from parity.fieldpaths.manifest import Table, table_json
from parity.fieldpaths.render import render_tables
from parity.fieldpaths.tooldefs import read_tables


@click.command("paths")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--tool", "tools", multiple=True,
              help="Only this tool (repeatable); for a bare schema, the tool's name.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True, help="text for people, json in the manifest's own shape.")
def command(file: Path, tools: tuple[str, ...], fmt: str) -> int:
    """Print the `in` and `out` field-path tables of FILE.

    FILE is a JSON Schema (read as the inputSchema of one tool named by --tool,
    default the file's stem), one MCP tool definition, a tools/list result, or one of
    parity's own manifests (*.agent.json, *.server.json: their recorded tables).
    """
    with naming(str(file)):
        manifest = read_tables(file, tools=tools)
    if fmt == "json":
        doc: dict[str, Any] = {"tools": {n: {"in": table_json(t.in_), "out": table_json(t.out)}
                                         for n, t in sorted(manifest.tools.items())}}
        if manifest.warnings:
            doc["warnings"] = sorted(manifest.warnings)
        click.echo(json.dumps(doc, indent=2, sort_keys=True, ensure_ascii=False))
    else:
        tables: list[tuple[str, Table, Table | None]] = [
            (n, t.in_, t.out) for n, t in sorted(manifest.tools.items())]
        click.echo(render_tables(tables), nl=False)
        if not tables:  # an empty output alone would not say why
            click.echo(f"parity: {file} holds no tools", err=True)
        for warning in sorted(manifest.warnings):
            click.echo(f"warning: {warning}", err=True)
    return 0
