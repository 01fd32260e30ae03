"""Reduce a JSON Schema to a field-path table.

Every node reachable from the root gets an entry (see docs/field-paths.md). References are
resolved through a ``referencing`` registry holding only the document itself (the offline
registry of ``validators``): a remote ``$ref`` is reported, never fetched. Recursion is cut
at the re-entry and marked; the depth, the number of paths and the number of union
alternatives are bounded, so a hostile schema gives a ``BoundsError`` naming the tool and the
JSON pointer instead of a hang.

Most schemas are read by the direct walks (``direct_flat``, ``direct``), which go straight
to entries; what they do not read is left to the general walk (``general.Walker``). The
three give the same entries for the same work.
"""

from __future__ import annotations

from collections.abc import Mapping
from operator import itemgetter
from typing import Any

from parity.errors import BoundsError, SchemaError
from parity.fieldpaths import direct, direct_flat
from parity.fieldpaths.discriminator import holds_discriminator, require_tags
from parity.fieldpaths.fieldpath import render
from parity.fieldpaths.general import Walker
from parity.fieldpaths.keywords import json_type
from parity.fieldpaths.limits import Limits as Limits
from parity.fieldpaths.limits import Work as Work
from parity.fieldpaths.manifest import Table

_DEFAULT_LIMITS = Limits()


def extract_paths(schema: Any, *, tool: str = "<schema>", direction: str = "in",
                  limits: Limits | None = None, warnings: list[str] | None = None,
                  default_dialect: str | None = None, work: Work | None = None) -> Table:
    """Reduce ``schema`` to a field-path table (printed path -> ``Entry``), sorted by path.

    Arguments:
        schema: a JSON Schema (object or boolean), never modified.
        tool: the tool's name, used in errors and warnings.
        direction: ``in`` or ``out``, used in errors and warnings.
        limits: depth, path and alternative bounds.
        warnings: if given, receives one line per unresolved reference.
        default_dialect: the ``$schema`` URI to assume when the schema declares none.
        work: if given, receives the work spent (also when the bounds stop the walk).

    Raises ``SchemaError`` for input that is not a schema and ``BoundsError`` past the limits.
    """
    if schema.__class__ is not dict and not isinstance(schema, (dict, bool)):
        raise SchemaError(f"tool {tool!r}: {direction}: not a JSON Schema: expected an object "
                          f"or a boolean, got {json_type(schema)}", location="#",
                          hint="a tool's inputSchema/outputSchema must be a JSON object")
    limits = limits or _DEFAULT_LIMITS
    begun = direct_flat.read(schema, limits.max_depth, limits.max_alternatives)
    if begun is not None and not begun[3] and begun[2] <= limits.max_paths and (
            begun[1] <= limits.max_work):  # the commonest schema, without setting up a walk
        # (``direct_flat.table``'s acceptance, spelt out: as a call it cost the real
        # corpus 1.3% of its extraction)
        begun[0].sort()  # printed paths are distinct: the entries are never compared
        if work is not None:
            work.spent = begun[1]
        return dict(begun[0])
    # a discriminated union requires its tag in every variant; the flat read leaves such a
    # union to the walks (pending, or the whole schema), and a reference it leaves leads into
    # the definitions: only those parts are searched, and only a schema holding one rewritten
    parts = [schema] if begun is None or not isinstance(schema, dict) else [
        *(child[0] for child in begun[3]), schema.get("$defs"), schema.get("definitions")]
    if holds_discriminator(parts):
        tagged = require_tags(schema)
        if tagged is not schema:
            schema = tagged
            begun = direct_flat.read(schema, limits.max_depth, limits.max_alternatives)
    failed: set[int] = set()  # subschemas the direct path gave up on
    helper: list[Walker] = []  # the general walk of the subschemas the direct path leaves

    def general() -> Walker:
        if not helper:
            helper.append(Walker(schema, tool, direction, limits, default_dialect, failed))
        return helper[0]

    plain = direct.whole_table(schema, max_depth=limits.max_depth, max_paths=limits.max_paths,
                               max_work=limits.max_work, failed=failed,
                               max_alternatives=limits.max_alternatives, general=general,
                               read_branch=direct_flat.branch_table, begun=begun,
                               default_dialect=default_dialect)
    if plain is not None:
        if work is not None:
            work.spent = plain[1]
        if helper and warnings is not None:
            warnings.extend(helper[0].warnings)
        return plain[0]
    walker = Walker(schema, tool, direction, limits, default_dialect, failed)
    try:
        steps_table = walker.run()
    except RecursionError:
        raise BoundsError(f"tool {tool!r}: {direction}: schema is nested too deeply to walk",
                          location=walker.pointer,
                          hint="flatten the schema or raise the limits") from None
    finally:
        if work is not None:
            work.spent = walker.work
    if warnings is not None:
        warnings.extend(walker.warnings)
    rows = [(render(steps), entry) for steps, entry in steps_table.items()]
    rows.sort(key=itemgetter(0))
    return dict(rows)


def tool_tables(definition: Mapping[str, Any], *, limits: Limits | None = None,
                warnings: list[str] | None = None) -> tuple[Table, Table | None]:
    """The ``in`` and ``out`` tables of an MCP tool definition (wire JSON, camelCase).

    ``out`` is ``None`` when the tool declares no ``outputSchema``. A missing or ``null``
    ``inputSchema`` (invalid for the spec; ``tooldefs.invalid_parts`` names it) is read as
    an open object: the tool takes arguments nobody described.
    """
    name = str(definition.get("name", "<unnamed>"))
    in_schema = definition.get("inputSchema")
    if in_schema is None:
        in_schema = {"type": "object"}
    in_table = extract_paths(in_schema, tool=name, direction="in", limits=limits,
                             warnings=warnings)
    out_schema = definition.get("outputSchema")
    out_table = None if out_schema is None else extract_paths(
        out_schema, tool=name, direction="out", limits=limits, warnings=warnings)
    return in_table, out_table
