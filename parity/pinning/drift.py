"""Drift: how a server's live tools differ from its lock, as data and as words.

Detection is the hashes' job (``pinning.lock``); this module explains. ``deepdiff`` finds every
changed location of a changed tool (imported only when something changed); the field-path
model (``fieldpaths.schema.tool_tables``) turns schema changes into words: paths added, removed,
renamed and retyped in ``in`` and ``out``, required and enum changes, other constraint
changes, and surface-only changes (descriptions, titles, annotations, ``_meta``, icons).

The values (``Drift``, ``ToolChange``...) are in ``parity.pinning.changes``; the JSON shape
(``format: parity.drift/1``) is documented in docs/lock.md and stable.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from parity.core.canonical import canonical_json
from parity.errors import BoundsError, ParityError
from parity.fieldpaths.entry import Entry, canonical_value, shapes_json, tags_json
from parity.fieldpaths.fieldpath import ITEMS, VALUES, Index, Prop, Step, render
from parity.pinning.changes import (
    FORMAT,
    MISSING,
    Drift,
    FieldChange,
    SurfaceChange,
    SurfacePolicy,
    ToolChange,
    ToolChangeKind,
    calls_lost,
    opt_value,
)
from parity.pinning.lock import Lock, contract_of, normalize_schema

_EXPLAINED = frozenset({"type", "enum", "const", "required", "nullable", "format", "default",
                        "properties", "additionalProperties", "items", "prefixItems",
                        "patternProperties"})
_DOCS = frozenset({"description", "title"})
_POINTER_ONLY = frozenset({"$defs", "definitions", "dependentSchemas", "dependencies"})
_SUB_VALUE = frozenset({"not", "if", "then", "else", "contains", "propertyNames",
                        "unevaluatedItems", "unevaluatedProperties", "additionalItems",
                        "contentSchema"})
_DIRECTIONS = (("in", "inputSchema"), ("out", "outputSchema"))


# -- comparison ----------------------------------------------------------------------------


def compare(locked: Lock, live: Lock, *, surface_policy: SurfacePolicy = "refuse",
            lock_file: str | None = None) -> Drift:
    """Compare ``live`` (built from the server's tools) with ``locked``.

    Equal catalogs return at once; only differing tools are explained."""
    changes: list[ToolChange] = []
    old_tools, new_tools = locked.tools, live.tools
    # the common case, an unchanged server, is proved tool by tool without hashing the
    # live catalog: equal tools have equal digests, so the catalogs are equal too
    same = old_tools.keys() == new_tools.keys() and all(
        new_tools[n].same_as(old_tools[n]) for n in old_tools)
    if not same and locked.catalog != live.catalog:
        old, new = locked.tools, live.tools
        removed = sorted(set(old) - set(new))
        added = sorted(set(new) - set(old))
        renames = _tool_renames(removed, added, locked, live)
        for name in sorted(set(old) & set(new)):
            a, b = old[name], new[name]
            if a.surface != b.surface or a.contract != b.contract:
                changes.append(explain_tool(a.definition, b.definition))
        for before, after in renames.items():
            changes.append(ToolChange(name=after, kind="renamed", renamed_from=before))
        changes.extend(ToolChange(name=n, kind="removed") for n in removed if n not in renames)
        gone = set(renames.values())
        changes.extend(ToolChange(name=n, kind="added") for n in added if n not in gone)
        changes.sort(key=lambda c: c.name)
    return Drift(server=locked.server, changes=tuple(changes), locked_catalog=locked.catalog,
                 live_catalog=locked.catalog if same else live.catalog,
                 surface_policy=surface_policy, lock_file=lock_file,
                 warnings=live.warnings)


def _tool_renames(removed: Sequence[str], added: Sequence[str], locked: Lock,
                  live: Lock) -> dict[str, str]:
    """A removed and an added tool whose definitions match but for the name: a rename."""
    def body(d: Mapping[str, Any]) -> str:
        return canonical_value({k: v for k, v in d.items() if k != "name"})

    new_bodies: dict[str, list[str]] = {}
    for n in added:
        new_bodies.setdefault(body(live.tools[n].definition), []).append(n)
    old_bodies: dict[str, list[str]] = {}
    for n in removed:
        old_bodies.setdefault(body(locked.tools[n].definition), []).append(n)
    return {olds[0]: new_bodies[b][0] for b, olds in old_bodies.items()
            if len(olds) == 1 and len(new_bodies.get(b, ())) == 1}


def explain_tool(old: Mapping[str, Any], new: Mapping[str, Any]) -> ToolChange:
    """Explain how one tool's normalized definition changed."""
    name = str(new.get("name", old.get("name")))
    contract_changed = _differ(contract_of(old), contract_of(new))
    fields: list[FieldChange] = []
    surface: list[SurfaceChange] = []
    locations = _changed_locations(old, new)
    for direction, key in _DIRECTIONS:
        a, b = old.get(key, MISSING), new.get(key, MISSING)
        if not _differ(a, b):
            continue
        mine = [loc[1:] for loc in locations if loc and loc[0] == key]
        table_words = _table_words(direction, old, new) if _differ(
            normalize_schema(a, strip_docs=True), normalize_schema(b, strip_docs=True)) else []
        fields.extend(table_words)
        groups: dict[tuple[str, str], list[str]] = {}
        for loc in mine:
            pointer, label, keyword = _locate(loc)
            if keyword is None and pointer and label.startswith("/") and (
                    not table_words or (len(pointer) == 2 and pointer[0] in _POINTER_ONLY)):
                # a subschema no field path shows came or went (a `$defs` entry, always; one
                # inside it, when no field changed): said at its parent's pointer
                pointer, keyword = pointer[:-1], pointer[-1]
                label = _label([], pointer, False)
            if keyword is not None:
                groups.setdefault((label, keyword), pointer)
        for (label, keyword), pointer in sorted(groups.items()):
            before, after = _at(a, pointer, keyword), _at(b, pointer, keyword)
            if _same_json(before, after):  # 1.0 and 1: the same to the hash, no change
                continue
            if keyword in _DOCS:
                surface.append(SurfaceChange(f"{direction}:{_dotted(label)}{keyword}",
                                             before, after))
            elif keyword in _EXPLAINED and table_words:
                continue
            else:
                fields.append(FieldChange(direction, "constraint", label, before, after,
                                          keyword=keyword))
        # a whole schema came or went, or was null (an invalid inputSchema, read as an open
        # object: the tables may be equal, the definitions are not)
        if (a is MISSING or b is MISSING or a is None or b is None) and not table_words:
            fields.append(FieldChange(direction, "constraint", "", a, b, keyword=key))
    surface = _top_level_surface(old, new, locations) + surface
    return ToolChange(name=name, kind="changed", contract_changed=contract_changed,
                      fields=tuple(fields), surface=tuple(surface),
                      calls_lost=calls_lost(old, new))


def _differ(before: Any, after: Any) -> bool:
    """Whether two JSON values differ as JSON does: ``1`` and ``true`` do, which Python's
    ``1 == True`` misses (``1`` and ``1.0`` do not)."""
    return before != after or not _same_json(before, after)


def _same_json(before: Any, after: Any) -> bool:
    if before is MISSING or after is MISSING:
        return before is after
    try:
        return canonical_json(before) == canonical_json(after)
    except (TypeError, ValueError):
        return False


def _changed_locations(old: Mapping[str, Any], new: Mapping[str, Any]) -> list[list[Any]]:
    from deepdiff import DeepDiff  # imported here: only explaining needs it

    # lists compared item by item (``zip_ordered_iterables``): DeepDiff would otherwise
    # align a list of plain values with ``difflib`` as well, quadratic on a repetitive one
    # (an ``enum`` of 8,000 values: 5.7 s), and ``_locate`` reads such a list's changes at
    # its keyword whichever items they name
    diff = DeepDiff(dict(old), dict(new), view="tree", threshold_to_diff_deeper=0,
                    verbose_level=2, zip_ordered_iterables=True)
    out: list[list[Any]] = []
    for levels in diff.values():
        for level in levels:
            out.append(list(level.path(output_format="list")))
    out.sort(key=lambda p: [str(x) for x in p])
    return out


def _top_level_surface(old: Mapping[str, Any], new: Mapping[str, Any],
                       locations: list[list[Any]]) -> list[SurfaceChange]:
    seen: dict[str, SurfaceChange] = {}
    for loc in locations:
        if not loc or loc[0] in ("inputSchema", "outputSchema", "name"):
            continue
        top = str(loc[0])
        a, b = old.get(top, MISSING), new.get(top, MISSING)
        if top in ("annotations", "_meta") and len(loc) > 1 and isinstance(a, dict) \
                and isinstance(b, dict):
            key = str(loc[1])
            seen.setdefault(f"{top}.{key}", SurfaceChange(f"{top}.{key}", a.get(key, MISSING),
                                                          b.get(key, MISSING)))
        else:
            seen.setdefault(top, SurfaceChange(top, a, b))
    return [seen[k] for k in sorted(seen)]


def _locate(loc: Sequence[Any]) -> tuple[list[str], str, str | None]:
    """Walk a changed location inside a schema: its JSON pointer (to the schema node), a
    label (a field path where the node has one, else the pointer) and the keyword that
    changed (``None`` when a whole property or subschema came or went)."""
    steps: list[Step] = []
    pointer: list[str] = []
    is_field = True
    i = 0
    n = len(loc)
    while i < n:
        k = loc[i]
        nxt = loc[i + 1] if i + 1 < n else None
        if k in ("properties", "patternProperties", *_POINTER_ONLY) and nxt is not None:
            if k == "properties":
                steps.append(Prop(str(nxt)))
            elif k == "patternProperties":
                steps.append(VALUES)
            else:
                is_field = False
            pointer += [k, str(nxt)]
            i += 2
        elif k in ("prefixItems", "items", "allOf", "anyOf", "oneOf") and isinstance(nxt, int):
            if k in ("prefixItems", "items"):
                steps.append(Index(nxt))
            pointer += [k, str(nxt)]
            i += 2
        elif k in ("items", "additionalProperties", *_SUB_VALUE) and nxt is not None:
            if k == "items":
                steps.append(ITEMS)
            elif k == "additionalProperties":
                steps.append(VALUES)
            else:
                is_field = False
            pointer.append(k)
            i += 1
        elif k in ("properties", "patternProperties", *_POINTER_ONLY):
            return pointer, _label(steps, pointer, is_field), k
        else:
            return pointer, _label(steps, pointer, is_field), str(k)
    return pointer, _label(steps, pointer, is_field), None


def _label(steps: list[Step], pointer: list[str], is_field: bool) -> str:
    if is_field:
        return render(tuple(steps))
    return "/" + "/".join(p.replace("~", "~0").replace("/", "~1") for p in pointer)


def _dotted(label: str) -> str:
    return f"{label}." if label else ""


def _at(schema: Any, pointer: Sequence[str], keyword: str) -> Any:
    node = schema
    for part in pointer:
        if isinstance(node, dict):
            node = node.get(part, MISSING)
        elif isinstance(node, list) and part.isdigit() and int(part) < len(node):
            node = node[int(part)]
        else:
            return MISSING
    return node.get(keyword, MISSING) if isinstance(node, dict) else MISSING


def _table_words(direction: str, old: Mapping[str, Any], new: Mapping[str, Any]) -> list[
        FieldChange]:
    from parity.fieldpaths.schema import (
        tool_tables,  # imported here: referencing only when explaining
    )

    index = 0 if direction == "in" else 1
    try:
        a = tool_tables(old)[index] or {}
        b = tool_tables(new)[index] or {}
    except BoundsError:
        raise  # a schema that would cost unbounded work is refused, never half-explained
    except ParityError:
        return []  # a schema parity cannot walk: the keyword-level changes still explain it
    return table_changes(direction, a, b)


def table_changes(direction: str, a: Mapping[str, Entry], b: Mapping[str, Entry]) -> list[
        FieldChange]:
    """Field-path words for two tables of the same tool and direction."""
    removed = _topmost(sorted(set(a) - set(b)))
    added = _topmost(sorted(set(b) - set(a)))
    renames = _field_renames(removed, added, a, b)
    out: list[FieldChange] = []
    for old_path, new_path in renames.items():
        out.append(FieldChange(direction, "renamed", new_path, before=old_path, after=new_path))
        if a[old_path].required != b[new_path].required:
            out.append(FieldChange(direction, "required" if b[new_path].required else "optional",
                                   new_path))
    renamed_new = set(renames.values())
    out.extend(FieldChange(direction, "removed", p, before=a[p].to_json())
               for p in removed if p not in renames)
    out.extend(FieldChange(direction, "added", p, after=b[p].to_json())
               for p in added if p not in renamed_new)
    for p in sorted(set(a) & set(b)):
        x, y = a[p], b[p]
        if x.type != y.type:
            out.append(FieldChange(direction, "retyped", p, list(x.type), list(y.type)))
        if x.required != y.required:
            out.append(FieldChange(direction, "required" if y.required else "optional", p))
        if _differ(x.enum, y.enum):
            out.append(FieldChange(direction, "enum", p,
                                   MISSING if x.enum is None else list(x.enum),
                                   MISSING if y.enum is None else list(y.enum)))
        if x.enum_by_type or y.enum_by_type:
            typed = _by_type(x), _by_type(y)
            if _differ(*typed):
                out.append(FieldChange(direction, "enum_by_type", p, *typed))
        if x.closed != y.closed and x.closed is not None and y.closed is not None:
            out.append(FieldChange(direction, "closed" if y.closed else "opened", p))
        if x.format != y.format:
            out.append(FieldChange(direction, "format", p, opt_value(x.format),
                                   opt_value(y.format)))
        if x.choice != y.choice:
            out.append(FieldChange(direction, "choice", p, _groups(x.choice), _groups(y.choice)))
        if x.keysets != y.keysets:
            out.append(FieldChange(direction, "keysets", p, _groups(x.keysets),
                                   _groups(y.keysets)))
        if x.tags != y.tags or (x.tags and _differ(tags_json(x.tags), tags_json(y.tags))):
            out.append(FieldChange(direction, "tags", p,
                                   tags_json(x.tags) if x.tags else MISSING,
                                   tags_json(y.tags) if y.tags else MISSING))
        if x.shapes != y.shapes:
            out.append(FieldChange(direction, "shapes", p,
                                   shapes_json(x.shapes) if x.shapes else MISSING,
                                   shapes_json(y.shapes) if y.shapes else MISSING))
        if x.has_default != y.has_default or _differ(x.default, y.default):
            out.append(FieldChange(direction, "default", p,
                                   x.default if x.has_default else MISSING,
                                   y.default if y.has_default else MISSING))
    out.sort(key=lambda f: (f.path, f.change))
    return out


def _by_type(entry: Entry) -> Any:
    """``enum_by_type`` as ``Entry.to_json`` writes it; ``MISSING``: none."""
    return ({kind: list(values) for kind, values in entry.enum_by_type} if entry.enum_by_type
            else MISSING)


def _groups(choice: tuple[tuple[str, ...], ...]) -> Any:
    return [list(group) for group in choice] if choice else MISSING


def _topmost(paths: list[str]) -> list[str]:
    """Drop paths inside another listed path: an added object reports once."""
    from parity.fieldpaths.fieldpath import parse

    parsed = {p: parse(p) for p in paths}
    listed = set(parsed.values())
    return [p for p in paths if not any(parsed[p][:k] in listed for k in range(len(parsed[p])))]


def _field_renames(removed: list[str], added: list[str], a: Mapping[str, Entry],
                   b: Mapping[str, Entry]) -> dict[str, str]:
    """A removed and an added property under the same parent, with the same type and
    description, each the other's only candidate: a likely rename."""
    from parity.fieldpaths.fieldpath import parse

    def key(path: str, entry: Entry) -> tuple[Any, ...] | None:
        steps = parse(path)
        if not steps or not isinstance(steps[-1], Prop):
            return None
        return (steps[:-1], entry.type, entry.description)

    olds: dict[Any, list[str]] = {}
    for p in removed:
        k = key(p, a[p])
        if k is not None:
            olds.setdefault(k, []).append(p)
    news: dict[Any, list[str]] = {}
    for p in added:
        k = key(p, b[p])
        if k is not None:
            news.setdefault(k, []).append(p)
    return {ps[0]: news[k][0] for k, ps in olds.items()
            if len(ps) == 1 and len(news.get(k, ())) == 1}


__all__ = ["FORMAT", "MISSING", "Drift", "FieldChange", "SurfaceChange", "SurfacePolicy",
           "ToolChange", "ToolChangeKind", "compare", "explain_tool", "table_changes"]
