"""Whether a result is complete: ``True`` (verified), ``False`` (``partial``) or ``"unknown"``.

The guard has no reference for what a complete answer would have been, so it can only take a
result's own word for it. It reads that word two ways:

- **declared** for a tool (``GuardPolicy.completeness``, from the server's ``completeness``
  setting): the field that carries the total, the cursor that says more exist, a boolean
  ``complete`` or ``more``. Then the answer is verified either way;
- **generic** otherwise: fields named like ``complete``/``truncated``/``total``
  (``GuardPolicy`` field lists). One that says *incomplete* counts wherever it sits (to a
  bounded depth), but in a list's record (an item holding no list of its own) only
  ``truncated``-like ones do (a task's ``complete: false`` is its data, a file's
  ``truncated: true`` a cut); one that affirms completeness vouches only for the arrays of
  the object it sits in, and the result is verified complete only when every array in it is
  vouched for. Weak signs only stop the vouching: a page that says more exist
  (``more_fields``, ``cursor_fields``: a first page is an answer to follow, not a cut one),
  a ``missing`` list alone, a bare ``count`` above its array's length.

A result that holds an array nothing vouches for, or nests deeper than the guard reads, is
``"unknown"``: not a verified complete answer, whatever else is right about it. A structured
result with no array at all has nothing that could be cut and is complete. See docs/guard.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal, Union

from parity.core.terminal import code_span
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
    """How complete ``value`` (the structured result, or the JSON of a text-only result, or
    None) says it is. Only structured content is ever verified complete: text's word that
    it is incomplete counts, its word that it is whole does not."""
    declaration = policy.completeness.get(tool) if tool else None
    if declaration:
        state = _declared(value, declaration)
        return state if structured or state.complete is not True else \
            Assessment(UNKNOWN, "a text-only result is not verified complete")
    found = completeness(value, policy)
    if found is not None:
        return Assessment(False, found[0], found[1])
    if structured:
        vouchers: list[str] = []
        if _vouched(value, policy, "", 0, vouchers):
            # an item's voucher is named once (`lines[].complete`), not once per item
            return Assessment(True, "; ".join(dict.fromkeys(vouchers)) or
                              "no array in the result: nothing could be cut")
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
                return Assessment(False, f"{code_span(path)} is false")
            verified.append(f"{code_span(path)} is true")
        elif key == "more" and found and isinstance(field, bool):
            if field:
                return Assessment(False, f"{code_span(path)} says more results exist")
            verified.append(f"{code_span(path)} is false")
        elif key == "cursor":
            if found and field not in (None, "", [], {}):
                return Assessment(False, f"{code_span(path)} says more results exist")
            verified.append(f"no {code_span(path)}")
        elif key == "total" and found and isinstance(field, int) \
                and not isinstance(field, bool):
            items_path = declaration.get("items") or _only_array_beside(value, path)
            got, items = _at(value, items_path) if items_path else (False, None)
            if got and isinstance(items, list) and items_path:
                if len(items) < field:
                    shown = code_span(items_path)
                    return Assessment(False, f"{code_span(path)} says {field} but {shown} holds "
                                             f"{len(items)}",
                                      (f"{field - len(items)} of {field} {shown} items",))
                verified.append(f"{code_span(path)} matches {code_span(items_path)}")
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


def _vouched(value: Any, policy: GuardPolicy, where: str, depth: int,
             vouchers: list[str]) -> bool:
    """Whether every array in ``value`` is vouched for, collecting who vouched.

    A generic flag (``complete: true``, ``truncated: false``) vouches for the arrays of the
    object it sits in, at any depth below it: not for a sibling's (a project's own
    ``complete`` says nothing of the task list beside it, a task's nothing of the list it is
    in). A count equal to the length of the only array beside it vouches for that array's
    length, not for the arrays its items hold. What lies past the depth bound is not read,
    so it is not vouched for (each value is read once: the work is the result's size)."""
    if isinstance(value, list):
        return False  # an array no object around it vouches for
    if not isinstance(value, Mapping):
        return True  # a scalar: nothing that could be cut
    if depth > _MAX_DEPTH:
        return False
    if _more(value, policy) or any(value.get(k) for k in policy.missing_fields):
        return False  # a page (more exist), or what is missing: its arrays are not whole
    flag = _flag(value, policy)
    if flag:
        vouchers.append(f"{code_span(where + flag[0])} is {str(flag[1]).lower()}")
        return True
    counted = _counted(value, policy)
    for key, child in value.items():
        if counted and key == counted[1]:
            vouchers.append(f"{code_span(where + counted[0])} matches {code_span(where + key)}")
            if not all(_vouched(item, policy, f"{where}{key}[].", depth + 1, vouchers)
                       for item in child):
                return False
        elif not _vouched(child, policy, f"{where}{key}.", depth + 1, vouchers):
            return False
    return True


def _more(value: Mapping[str, Any], policy: GuardPolicy) -> str | None:
    """The field of ``value`` that says more results exist (a page), or None."""
    for key in policy.more_fields:
        if value.get(key) is True:
            return key
    for key in policy.cursor_fields:
        cursor = value.get(key)
        if (isinstance(cursor, str) and cursor.strip()) or (
                isinstance(cursor, int) and not isinstance(cursor, bool)):
            return key
    return None


def _flag(value: Mapping[str, Any], policy: GuardPolicy) -> tuple[str, bool] | None:
    """The generic field of ``value`` that affirms its completeness, and its value."""
    for key in policy.complete_fields:
        if value.get(key) is True:
            return key, True
    for key in policy.truncated_fields:
        if value.get(key) is False:
            return key, False
    return None


def _counted(value: Mapping[str, Any], policy: GuardPolicy) -> tuple[str, str] | None:
    """(the count field, the array) when a count equals the length of the only array in
    ``value``, else None."""
    arrays = [k for k, v in value.items() if isinstance(v, list)]
    if len(arrays) != 1:
        return None
    for key in policy.count_fields:
        count = value.get(key)
        if isinstance(count, int) and not isinstance(count, bool) \
                and count == len(value[arrays[0]]):
            return key, arrays[0]
    return None


def completeness(value: Any, policy: GuardPolicy, *, depth: int = 0,
                 item: bool = False) -> tuple[str, tuple[str, ...]] | None:
    """Why a result declares itself incomplete, and what is missing; or None.

    Looks at every object down to a bounded depth for: a ``complete``-like field that is
    ``false``, a ``truncated``-like field that is ``true`` (with what a ``missing`` list
    names), and a ``total``-like count greater than the length of the only array next to it,
    unless the object says it is a page (``more_fields``, ``cursor_fields``: a first page is
    an answer to follow, not a cut one). Inside a list's ``item``, an object that holds no
    list of its own is a record: its ``complete: false`` is its data (a task not done), but
    its ``truncated: true`` says its content was cut."""
    if depth > _MAX_DEPTH:
        return None
    if isinstance(value, list):
        for element in value[:_MAX_ITEMS]:
            found = completeness(element, policy, depth=depth + 1, item=True)
            if found:
                return found
        return None
    if not isinstance(value, Mapping):
        return None
    missing = tuple(str(m)[:200] for key in policy.missing_fields
                    if isinstance(value.get(key), list) for m in value[key])[:20]
    if item and not any(isinstance(v, list) for k, v in value.items()
                        if k not in policy.missing_fields):
        for key in policy.truncated_fields:
            if value.get(key) is True:
                return f"an item's {code_span(key)} is true: its content was cut", missing
        return _below(value, policy, depth)  # a record's own word on itself: its data
    for key in policy.complete_fields:
        if value.get(key) is False:
            return f"{code_span(key)} is false", missing
    for key in policy.truncated_fields:
        if value.get(key) is True:
            return f"{code_span(key)} is true", missing
    arrays = [k for k, v in value.items() if isinstance(v, list)]
    if len(arrays) == 1 and not _more(value, policy):
        length = len(value[arrays[0]])
        for key in policy.total_fields:
            count = value.get(key)
            if isinstance(count, int) and not isinstance(count, bool) and count > length:
                return (f"{code_span(key)} says {count} but {code_span(arrays[0])} holds {length}",
                        (f"{count - length} of {count} {code_span(arrays[0])} items",))
    return _below(value, policy, depth, item)


def _below(value: Mapping[str, Any], policy: GuardPolicy, depth: int,
           item: bool = True) -> tuple[str, tuple[str, ...]] | None:
    for child in value.values():
        found = completeness(child, policy, depth=depth + 1, item=item)
        if found:
            return found
    return None


__all__ = ["UNKNOWN", "Assessment", "Complete", "assess", "completeness"]
