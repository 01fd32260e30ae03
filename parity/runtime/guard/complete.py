"""Whether a result is complete: ``True`` (verified), ``False`` (``partial``) or ``"unknown"``.

The guard has no reference for what a complete answer would have been, so it can only take a
result's own word for it. It reads that word two ways:

- **declared** for a tool (``GuardPolicy.completeness``, from the server's ``completeness``
  setting): the field that carries the total, the cursor that says more exist, a boolean
  ``complete`` or ``more``. Then the answer is verified either way;
- **generic** otherwise: fields named like ``complete``/``missing``/``truncated``/``total``
  (``GuardPolicy`` field lists) at any depth.

A result that holds an array and says nothing about completeness is ``"unknown"``: not a
verified complete answer, whatever else is right about it. A structured result with no array
at all has nothing that could be cut and is complete. See docs/guard.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal, Union

from parity.runtime.guard.policy import GuardPolicy

UNKNOWN: Literal["unknown"] = "unknown"
#: ``True`` verified complete, ``False`` incomplete, ``"unknown"`` nothing declared
Complete = Union[bool, Literal["unknown"]]  # noqa: UP007 - a runtime alias on 3.10

_MAX_DEPTH = 8
_MAX_ITEMS = 1000


@dataclass(frozen=True)
class Assessment:
    complete: Complete
    reason: str = ""
    missing: tuple[str, ...] = ()


def assess(value: Any, policy: GuardPolicy, tool: str | None, *,
           structured: bool = True) -> Assessment:
    """How complete ``value`` (the structured result, or the content blocks) says it is."""
    declaration = policy.completeness.get(tool) if tool else None
    if declaration:
        return _declared(value, declaration)
    found = completeness(value, policy) if structured else None
    if found is not None:
        return Assessment(False, found[0], found[1])
    if structured:
        said = _says_complete(value, policy, 0)
        if said:
            return Assessment(True, said)
        if not _holds_array(value, 0):
            return Assessment(True, "no array in the result: nothing could be cut")
    return Assessment(UNKNOWN, "the result declares nothing about its completeness")


def _at(value: Any, path: str) -> tuple[bool, Any]:
    node = value
    for part in path.split("."):
        if not isinstance(node, Mapping) or part not in node:
            return False, None
        node = node[part]
    return True, node


def _declared(value: Any, declaration: Mapping[str, str]) -> Assessment:
    verified: list[str] = []
    for key, path in sorted(declaration.items()):
        if key == "items" or not path:
            continue
        found, field = _at(value, path)
        if key == "complete" and found and isinstance(field, bool):
            if not field:
                return Assessment(False, f"`{path}` is false")
            verified.append(f"`{path}` is true")
        elif key == "more" and found and isinstance(field, bool):
            if field:
                return Assessment(False, f"`{path}` says more results exist")
            verified.append(f"`{path}` is false")
        elif key == "cursor":
            if found and field not in (None, "", [], {}):
                return Assessment(False, f"`{path}` says more results exist")
            verified.append(f"no `{path}`")
        elif key == "total" and found and isinstance(field, int) \
                and not isinstance(field, bool):
            items_path = declaration.get("items") or _only_array_beside(value, path)
            got, items = _at(value, items_path) if items_path else (False, None)
            if got and isinstance(items, list):
                if len(items) < field:
                    return Assessment(False, f"`{path}` says {field} but `{items_path}` holds "
                                             f"{len(items)}",
                                      (f"{field - len(items)} of {field} `{items_path}` items",))
                verified.append(f"`{path}` matches `{items_path}`")
    if verified:
        return Assessment(True, "; ".join(verified))
    return Assessment(UNKNOWN, "the declared completeness fields are absent from the result")


def _only_array_beside(value: Any, path: str) -> str | None:
    parent_path, _, _ = path.rpartition(".")
    found, parent = _at(value, parent_path) if parent_path else (True, value)
    if not found or not isinstance(parent, Mapping):
        return None
    arrays = [k for k, v in parent.items() if isinstance(v, list)]
    if len(arrays) != 1:
        return None
    return f"{parent_path}.{arrays[0]}" if parent_path else str(arrays[0])


def _holds_array(value: Any, depth: int) -> bool:
    if isinstance(value, list):
        return True
    if isinstance(value, Mapping) and depth < _MAX_DEPTH:
        return any(_holds_array(v, depth + 1) for v in value.values())
    return False


def _says_complete(value: Any, policy: GuardPolicy, depth: int) -> str | None:
    """A generic field that affirms completeness (``complete: true``, a matching total)."""
    if depth > _MAX_DEPTH or not isinstance(value, Mapping):
        return None
    for key in policy.complete_fields:
        if value.get(key) is True:
            return f"`{key}` is true"
    for key in policy.truncated_fields:
        if value.get(key) is False:
            return f"`{key}` is false"
    arrays = [k for k, v in value.items() if isinstance(v, list)]
    if len(arrays) == 1:
        for key in policy.count_fields:
            count = value.get(key)
            if isinstance(count, int) and not isinstance(count, bool) \
                    and count == len(value[arrays[0]]):
                return f"`{key}` matches `{arrays[0]}`"
    for child in value.values():
        said = _says_complete(child, policy, depth + 1)
        if said:
            return said
    return None


def completeness(value: Any, policy: GuardPolicy, *, depth: int = 0) -> \
        tuple[str, tuple[str, ...]] | None:
    """Why a structured result declares itself incomplete, and what is missing; or None.

    Looks at every object down to a bounded depth for: a ``complete``-like field that is
    ``false``, a non-empty ``missing`` list, a ``truncated``-like field that is ``true``, and a
    ``total``-like count greater than the length of the only array next to it."""
    if depth > _MAX_DEPTH:
        return None
    if isinstance(value, list):
        for item in value[:_MAX_ITEMS]:
            found = completeness(item, policy, depth=depth + 1)
            if found:
                return found
        return None
    if not isinstance(value, Mapping):
        return None
    missing = tuple(str(m)[:200] for key in policy.missing_fields
                    if isinstance(value.get(key), list) for m in value[key])[:20]
    for key in policy.complete_fields:
        if value.get(key) is False:
            return f"`{key}` is false", missing
    if missing:
        return "`missing` lists what is absent", missing
    for key in policy.truncated_fields:
        if value.get(key) is True:
            return f"`{key}` is true", missing
    arrays = [k for k, v in value.items() if isinstance(v, list)]
    if len(arrays) == 1:
        length = len(value[arrays[0]])
        for key in policy.count_fields:
            count = value.get(key)
            if isinstance(count, int) and not isinstance(count, bool) and count > length:
                return (f"`{key}` says {count} but `{arrays[0]}` holds {length}",
                        (f"{count - length} of {count} `{arrays[0]}` items",))
    for child in value.values():
        found = completeness(child, policy, depth=depth + 1)
        if found:
            return found
    return None


__all__ = ["UNKNOWN", "Assessment", "Complete", "assess", "completeness"]
