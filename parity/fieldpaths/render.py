"""Plain-text rendering of field-path tables (``parity paths``)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from parity.core.jsonio import compact
from parity.core.terminal import printable
from parity.fieldpaths import constraints as _constraints
from parity.fieldpaths.entry import Entry, KeyShapes, KeyTypes, KeyValues, Shape, Variant
from parity.fieldpaths.manifest import Table


def describe(entry: Entry) -> str:
    """The notes column: everything about an entry beyond its type and requiredness."""
    notes: list[str] = []
    if entry.closed is not None:
        notes.append("closed" if entry.closed else "open")
    if entry.choice:
        notes.append("requires one of " + " | ".join(", ".join(map(compact, group))
                                                     for group in entry.choice))
    if entry.keysets:
        notes.append("takes keys of one of " + " | ".join(
            ", ".join(map(compact, keys)) or "(none)" for keys in entry.keysets))
    for key, variants in entry.tags:
        notes.append(f"tag {compact(key)}: " + " | ".join(
            _variant(key, variant) for variant in variants))
    if entry.shapes:
        notes.append("one of: " + " | ".join(_shape(shape) for shape in entry.shapes))
    if entry.enum is not None:
        notes.append("enum " + compact(list(entry.enum)))
    for kind, values in entry.enum_by_type:  # the other types are free
        # an integral number is an ``integer``: ``number`` lists the others alone
        label = "non-integral number" if kind == "number" else kind
        notes.append(f"{label}: " + ("enum " + compact(list(values)) if values else "none"))
    if entry.format:
        notes.append(f"format {entry.format}")
    for keyword, value in entry.constraints:
        shown = ([compact(v) for v in value] if keyword == "pattern"
                 else [compact(_constraints.json_value(keyword, value))])
        notes.extend(f"{keyword} {v}" for v in shown)
    if entry.has_default:
        notes.append("default " + compact(entry.default))
    if entry.patterns:
        notes.append("patterns " + compact(list(entry.patterns)))
    if entry.recursive:
        notes.append(f"recursive via {entry.recursive}")
    if entry.unresolved:
        notes.append("unresolved " + ", ".join(entry.unresolved))
    if entry.unsupported:
        notes.append("not modelled: " + ", ".join(entry.unsupported))
    return "; ".join(notes)


def type_text(entry: Entry) -> str:
    return "|".join(entry.type) if entry.type else "never"


def render_table(table: Table, indent: str = "    ") -> list[str]:
    rows = [(path or "(root)", type_text(e), "yes" if e.required else "-", describe(e))
            for path, e in table.items()]
    widths = [max(len(r[i]) for r in [("PATH", "TYPE", "REQ", ""), *rows]) for i in range(3)]
    lines = []
    for row in [("PATH", "TYPE", "REQ", "NOTES"), *rows]:
        cells = [row[i].ljust(widths[i]) for i in range(3)]
        lines.append((indent + "  ".join(cells) + "  " + row[3]).rstrip())
    return lines


def render_tables(tools: Iterable[tuple[str, Table, Table | None]]) -> str:
    out: list[str] = []
    for name, in_table, out_table in tools:
        out.append(f"tool {name}")
        out.append("  in")
        out.extend(render_table(in_table))
        if out_table is None:
            out.append("  out: no outputSchema declared")
        else:
            out.append("  out")
            out.extend(render_table(out_table))
        out.append("")
    # names, paths and descriptions come from the server: shown, never obeyed
    return "\n".join(printable(line) for line in out)


def _variant(key: str, variant: Variant) -> str:
    values, requires, takes, declares, types, objects, held = variant
    # (every one has the tag; its other keys' values as a shape's: ``"a","level": 1 or 2,``)
    return " or ".join(map(compact, values)) + ("," + _given(held) if held else "") + _keys(
        [n for n in requires if n != key], takes, declares, requires) + _types(types, objects)


def _shape(shape: Shape) -> str:
    requires, takes, declares, values, types, objects = shape
    return (_given(values) + (_keys(requires, takes, declares, requires) or " requires nothing")
            + _types(types, objects)).lstrip()


def _given(values: KeyValues) -> str:
    """The values a variant gives keys apart from the others: ``"level": 1 or 2,``."""
    return "".join(f"{compact(key)}: " + ("bounds of its own" if held is None
                                          else " or ".join(map(compact, held))) + ","
                   for key, held in values)


def _types(types: KeyTypes, objects: KeyShapes) -> str:
    """The types and objects a variant gives keys apart from the others: `` with "a"
    integer`` or `` with "config" {requires "url"}``."""
    given = [f"{compact(key)} {'|'.join(names) or 'never'}" for key, names in types]
    given += [f"{compact(key)} {{" + ((_keys(requires, takes, declares, requires)
                                       + _types(its_types, nested)).lstrip() or "any object")
              + "}" for key, (requires, takes, declares, nested, its_types) in objects]
    return (" with " + ", ".join(given)) if given else ""


def _keys(names: Sequence[str], takes: Sequence[str] | None, declares: Sequence[str],
          requires: Sequence[str]) -> str:
    shown = (" requires " + ", ".join(map(compact, names))) if names else ""
    if takes is not None:
        shown += " (takes only " + (", ".join(map(compact, takes)) or "(none)") + ")"
    elif optional := [compact(n) for n in declares if n not in requires]:
        shown += " (declares also " + ", ".join(optional) + ")"
    return shown
