"""Drift as data: what changed between a server's lock and its live tools (``Drift``,
``ToolChange``, ``FieldChange``, ``SurfaceChange``). ``parity.pinning.drift`` finds and
explains the changes; the JSON shape (``format: parity.drift/1``) is documented in
docs/lock.md and stable.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from parity.core.redact import redact, redact_json
from parity.core.terminal import printable
from parity.fieldpaths.callmodes import PLAIN, TASK, call_modes, ways_lost
from parity.fieldpaths.entry import canonical_value

FORMAT = "parity.drift/1"

ToolChangeKind = Literal["added", "removed", "renamed", "changed"]
SurfacePolicy = Literal["refuse", "warn"]


class _Missing:
    def __repr__(self) -> str:
        return "MISSING"


#: An absent value (a keyword or field that is not there), distinct from JSON ``null``.
MISSING: Any = _Missing()

#: what losing each way of calling means, in words
_LOST_CALL_WORDS = {PLAIN: "a plain call is no longer accepted",
                    TASK: "a call as a task is no longer accepted"}


def calls_lost(old: Mapping[str, Any], new: Mapping[str, Any]) -> tuple[str, ...]:
    """The ways of calling the tool ``old`` allowed and ``new`` no longer does."""
    return ways_lost(call_modes(old), call_modes(new))


@dataclass(frozen=True)
class FieldChange:
    """One change to a tool's schemas, at a field path of ``in`` or ``out``.

    ``change`` is one of: ``added``, ``removed``, ``renamed`` (``before`` is the old path),
    ``retyped``, ``required``, ``optional``, ``enum``, ``enum_by_type`` (the values of the
    types an enum limits where others are free), ``closed``, ``opened``, ``format``,
    ``default``, ``choice`` (the groups of keys an object requires one of), ``keysets``
    (the sets of keys it takes apart), ``tags`` (its variants by a tag's value),
    ``shapes`` (the variants of a union no key tells apart),
    ``constraint`` (any other keyword; ``keyword``
    names it)."""

    direction: str
    change: str
    path: str
    before: Any = MISSING
    after: Any = MISSING
    keyword: str | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"direction": self.direction, "change": self.change,
                               "path": self.path}
        if self.keyword is not None:
            out["keyword"] = self.keyword
        if self.before is not MISSING:
            out["before"] = self.before
        if self.after is not MISSING:
            out["after"] = self.after
        return out

    def words(self) -> str:
        where = shown_path(self.path)
        c = self.change
        if c in ("added", "removed") and not self.path:
            entry = self.after if c == "added" else self.before
            shape = f" ({type_words(entry)})" if isinstance(entry, dict) else ""
            text = f"schema {c}{shape}"
        elif c in ("added", "removed"):
            text = f"{c} {where}"
            entry = self.after if c == "added" else self.before
            if isinstance(entry, dict):
                need = "required" if entry.get("required") else "optional"
                text += f" ({type_words(entry)}, {need})"
        elif c == "renamed":
            text = (f"renamed {shown_path(self.before)} -> {where} "
                    "(likely: same type and description)")
        elif c == "retyped":
            text = f"retyped {where}: {'|'.join(self.before)} -> {'|'.join(self.after)}"
        elif c in ("required", "optional"):
            text = f"{where} became {c}"
        elif c == "enum":
            text = f"enum of {where}: {enum_words(self.before, self.after)}"
        elif c == "enum_by_type":
            text = f"enum of {where} by type: {typed_enum_words(self.before, self.after)}"
        elif c == "closed":
            text = f"{where} now rejects unknown keys"
        elif c == "opened":
            text = f"{where} now accepts unknown keys"
        elif c == "choice":
            text = (f"{where} requires one of: {choice_words(self.before)} -> "
                    f"{choice_words(self.after)}")
        elif c == "keysets":
            text = (f"{where} takes the keys of one of: {choice_words(self.before)} -> "
                    f"{choice_words(self.after)}")
        elif c == "tags":
            text = f"variants of {where}: {tags_words(self.before, self.after)}"
        elif c == "shapes":
            text = (f"{where} is one of: {shapes_words(self.before)} -> "
                    f"{shapes_words(self.after)}")
        else:
            label = self.keyword if c == "constraint" else c
            text = f"{label} of {where}: {value_text(self.before)} -> {value_text(self.after)}"
        return f"{self.direction}: {text}"


@dataclass(frozen=True)
class SurfaceChange:
    """A change to what the model reads but the contract does not cover: ``field`` is
    ``description``, ``title``, ``annotations.<hint>``, ``_meta.<key>``, ``icons``..., or
    ``in:<path>.description`` for a property's documentation."""

    field: str
    before: Any = MISSING
    after: Any = MISSING

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"field": self.field}
        if self.before is not MISSING:
            out["before"] = self.before
        if self.after is not MISSING:
            out["after"] = self.after
        return out

    def words(self) -> str:
        return f"surface: {self.field}: {value_text(self.before)} -> {value_text(self.after)}"


@dataclass(frozen=True)
class ToolChange:
    """One tool that differs from the lock."""

    name: str
    kind: ToolChangeKind
    #: the contract digest differs (or the tool was added, removed or renamed)
    contract_changed: bool = True
    fields: tuple[FieldChange, ...] = ()
    surface: tuple[SurfaceChange, ...] = ()
    renamed_from: str | None = None
    #: the ways of calling it the tool no longer allows (``calls_lost``): refused even as
    #: a surface-only change under ``warn``, since every call made the old way now fails
    calls_lost: tuple[str, ...] = ()

    @property
    def surface_only(self) -> bool:
        return self.kind == "changed" and not self.contract_changed

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "name": self.name, "change": self.kind, "contract_changed": self.contract_changed,
            "surface_only": self.surface_only,
            "fields": [f.to_json() for f in self.fields],
            "surface": [s.to_json() for s in self.surface],
            "calls_lost": list(self.calls_lost),
        }
        if self.renamed_from is not None:
            out["renamed_from"] = self.renamed_from
        return out

    def lines(self) -> list[str]:
        if self.kind == "renamed":
            head = f"renamed  {self.renamed_from!r} -> {self.name!r} (same definition otherwise)"
        else:
            note = " (surface only)" if self.surface_only else ""
            head = f"{self.kind:<8} {self.name!r}{note}"
        return [head, *(f"  calls: {_LOST_CALL_WORDS[m]} (execution.taskSupport)"
                        for m in self.calls_lost),
                *(f"  {f.words()}" for f in self.fields),
                *(f"  {s.words()}" for s in self.surface)]


@dataclass(frozen=True)
class Drift:
    """The verdict of one comparison of live tools with a lock."""

    server: str
    changes: tuple[ToolChange, ...]
    locked_catalog: str
    live_catalog: str
    surface_policy: SurfacePolicy = "refuse"
    lock_file: str | None = None
    warnings: tuple[str, ...] = field(default=())
    #: (locked, live) ``serverInfo.name`` when the server now calls itself otherwise and the
    #: new name was not accepted: refused, but the tools are still compared and explained
    server_renamed: tuple[str, str] | None = None

    @property
    def drifted(self) -> bool:
        return bool(self.changes)

    def withheld(self) -> tuple[str, ...]:
        """Names of the tools the policy refuses (changed, added, removed; surface-only ones
        only under ``refuse``, or when they take a way of calling away), sorted. A renamed
        tool withholds both names."""
        names: set[str] = set()
        for c in self.changes:
            if c.surface_only and not c.calls_lost and self.surface_policy == "warn":
                continue
            names.add(c.name)
            if c.renamed_from:
                names.add(c.renamed_from)
        return tuple(sorted(names))

    @property
    def refused(self) -> bool:
        return bool(self.withheld()) or self.server_renamed is not None

    def redacted(self, secrets: Iterable[str]) -> Drift:
        """This drift with every secret replaced in the values it holds (the definitions'
        words before and after), for an error that carries it to the agent's code."""
        secrets = tuple(s for s in secrets if s)
        return _redacted(self, secrets) if secrets else self

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT, "server": self.server, "lock": self.lock_file,
            "drift": self.drifted, "refused": self.refused,
            "surface_policy": self.surface_policy,
            "catalog": {"locked": self.locked_catalog, "live": self.live_catalog},
            "tools": [c.to_json() for c in self.changes],
            "withheld": list(self.withheld()),
            "warnings": list(self.warnings),
            "server_renamed": None if self.server_renamed is None else
            {"locked": self.server_renamed[0], "live": self.server_renamed[1]},
        }

    def summary(self) -> str:
        lock = f" ({self.lock_file})" if self.lock_file else ""
        if not self.drifted:
            verdict = ": refused (renamed server)" if self.server_renamed else ""
            return f"server {self.server!r}: tools match the lock{lock}{verdict}"
        n = len(self.changes)
        verdict = "refused" if self.refused else "accepted with warnings (surface policy: warn)"
        return (f"server {self.server!r}: {n} tool{'s differ' if n > 1 else ' differs'} from the "
                f"lock{lock}: {verdict}")

    def render_text(self, *, header: str | None = None) -> str:
        """The explanation for people: a summary line (or ``header``, when the caller is
        doing something other than judging, such as re-pinning), then one block per tool."""
        out = [header or self.summary()]
        if self.server_renamed is not None:
            old, new = self.server_renamed
            out.append(f"  the server calls itself {new!r}, the lock was made with {old!r}: "
                       f"refused (accept the new name with `accept_reported_name = {new!r}` "
                       "in the server's table, `parity verify --accept-name`, or re-lock)")
        for c in self.changes:
            out.extend(f"  {line}" for line in c.lines())
        out.extend(f"  warning: {w}" for w in self.warnings)
        # names, paths and values are the server's: shown, never obeyed by a terminal
        return "\n".join(map(printable, out)) + "\n"


# -- words ---------------------------------------------------------------------------------


def _redacted(value: Any, secrets: tuple[str, ...]) -> Any:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return dataclasses.replace(value, **{
            f.name: _redacted(getattr(value, f.name), secrets)
            for f in dataclasses.fields(value) if f.init})
    if isinstance(value, tuple):
        return tuple(_redacted(v, secrets) for v in value)
    if isinstance(value, str):
        return redact(value, secrets)
    if isinstance(value, (dict, list)):
        return redact_json(value, secrets)
    return value


def opt_value(value: Any) -> Any:
    return MISSING if value is None else value


def shown_path(path: str) -> str:
    return f"`{path}`" if path else "(root)"


def type_words(entry: Mapping[str, Any]) -> str:
    return "|".join(entry.get("type", ["any"]))


def value_text(value: Any, limit: int = 80) -> str:
    if value is MISSING:
        return "(absent)"
    text = json.dumps(value, ensure_ascii=False, sort_keys=True)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def choice_words(groups: Any) -> str:
    """```line` | `position```; ``nothing`` for no choice."""
    if groups is MISSING:
        return "nothing"
    return " | ".join(", ".join(f"`{name}`" for name in group) for group in groups)


def tags_words(before: Any, after: Any) -> str:
    """What changed of a tagged union's variants, by tag and value: ```kind` "cat": requires
    `meow` -> requires `meow`, `purr```; each side as ``Entry.to_json`` writes ``tags``."""
    old, new = _variants(before), _variants(after)
    changed = [f"{where}: {old.get(where, 'none')} -> {new.get(where, 'none')}"
               for where in sorted({*old, *new}) if old.get(where) != new.get(where)]
    return "; ".join(changed) or "reordered"


def shapes_words(shapes: Any) -> str:
    """A union's shapes, each as ``_variants`` words a variant (``nothing`` where none);
    each side as ``Entry.to_json`` writes ``shapes``."""
    if shapes is MISSING:
        return "nothing"
    return " | ".join(_given_words(shape.get("values", {})) + _shape_words(shape)
                      for shape in shapes)


def _given_words(values: Mapping[str, Any]) -> str:
    """The values a shape gives its keys: ```kind` "cat", ``."""
    return "".join(f"`{key}` " + ("bounds of its own" if values[key] is None
                                  else " or ".join(map(canonical_value, values[key]))) + ", "
                   for key in sorted(values))


def _shape_words(variant: Any) -> str:
    shape = "requires " + (", ".join(f"`{n}`" for n in variant["requires"]) or "nothing")
    if "takes" in variant:
        shape += ", takes only " + (", ".join(f"`{n}`" for n in variant["takes"])
                                    or "nothing")
    elif "declares" in variant:
        shape += ", declares " + ", ".join(f"`{n}`" for n in variant["declares"])
    types, nested = variant.get("types", {}), variant.get("nested", {})
    return (shape + "".join(f", `{key}` " + "|".join(types[key]) for key in sorted(types))
            + "".join(f", `{key}` {{{_shape_words(nested[key])}}}" for key in sorted(nested)))


def _variants(tags: Any) -> dict[str, str]:
    if tags is MISSING:
        return {}
    out: dict[str, str] = {}
    for key, variants in tags.items():
        for variant in variants:
            # (its other keys' values first, as a shape's: ```level` 1 or 2, requires ...``)
            shape = _given_words(variant.get("key_values", {})) + _shape_words(variant)
            for value in variant["values"]:  # (a value may select several variants)
                where = f"`{key}` {canonical_value(value)}"
                out[where] = f"{out[where]} or {shape}" if where in out else shape
    return out


def typed_enum_words(before: Any, after: Any) -> str:
    """``enum_words`` of each type whose values changed, each side as ``Entry.to_json``
    writes ``enum_by_type`` (``MISSING``: no type limited)."""
    old = {} if before is MISSING else before
    new = {} if after is MISSING else after
    return "; ".join(f"{kind} {enum_words(old.get(kind, MISSING), new.get(kind, MISSING))}"
                     for kind in sorted({*old, *new})
                     if kind not in old or kind not in new
                     or enum_words(old[kind], new[kind]) != "reordered")


def enum_words(before: Any, after: Any) -> str:
    if before is MISSING:
        return f"now restricted to {value_text(after)}"
    if after is MISSING:
        return f"no longer restricted (was {value_text(before)})"
    old = {canonical_value(v): v for v in before}
    new = {canonical_value(v): v for v in after}
    parts = []
    gone = [old[k] for k in sorted(set(old) - set(new))]
    came = [new[k] for k in sorted(set(new) - set(old))]
    if gone:
        parts.append("removed " + ", ".join(value_text(v) for v in gone))
    if came:
        parts.append("added " + ", ".join(value_text(v) for v in came))
    return "; ".join(parts) or "reordered"
