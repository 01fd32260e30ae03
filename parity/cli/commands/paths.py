"""``parity paths``: the debugging window into field-path extraction."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click

from parity.cli.commands._files import naming
from parity.fieldpaths.manifest import Table, table_json
from parity.fieldpaths.render import render_tables
from parity.fieldpaths.tooldefs import manifest_from_definitions, read_tool_file, select


@click.command("paths")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--tool", "tools", multiple=True,
              help="Only this tool (repeatable); for a bare schema, the tool's name.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True, help="text for people, json in the manifest's own shape.")
def command(file: Path, tools: tuple[str, ...], fmt: str) -> int:
    """Print the `in` and `out` field-path tables of FILE.

    FILE is a JSON Schema (read as the inputSchema of one tool named by --tool,
    default the file's stem), one MCP tool definition, or a tools/list result.
    """
    name = tools[0] if len(tools) == 1 else None
    with naming(str(file)):
        definitions = read_tool_file(file, tool=name)
        chosen = select(definitions, tools if len(definitions) > 1 or "name" not in
                        definitions[0] else [], str(file))
        manifest = manifest_from_definitions(chosen, side="server", source=str(file))
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
        for warning in sorted(manifest.warnings):
            click.echo(f"warning: {warning}", err=True)
    return 0
