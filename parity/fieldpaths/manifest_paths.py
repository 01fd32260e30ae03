"""What a manifest's JSON Schema cannot say of its tables: every field path is printed as
the grammar prints it, and every node's parent has its own entry (extraction always writes
both). Printed paths repeat across tools and files, so each distinct one is read once per
process."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from parity.errors import FileFormatError, ParityError
from parity.fieldpaths.fieldpath import unvouched

#: what a refusal tells the user to do
FIX = "regenerate it with `parity extract`"


def check_tables(data: Mapping[str, Any], file: str) -> None:
    """Refuse a manifest's table whose paths the JSON Schema accepts but the grammar does
    not (``check_table``), naming the file and the table."""
    # tools, and the two manifests of a pair, repeat paths: each distinct one is read once
    if len(_PRINTED_PARENTS) >= _PRINTED_PARENTS_KEPT:
        _PRINTED_PARENTS.clear()
    parents = _PRINTED_PARENTS
    for name, tool in data["tools"].items():
        for direction in ("in", "out"):
            table = tool[direction] or {}
            if unvouched(table, parents):  # the place is spelled for a refusal alone
                check_table(table, file=file, where=f"$.tools.{name}.{direction}",
                            parents=parents)


#: printed path -> its printed parent (``fieldpath.unvouched``), for every file this process
#: checks: a pure function of the path. Bounded: cleared when full.
_PRINTED_PARENTS: dict[str, object] = {}
_PRINTED_PARENTS_KEPT = 1 << 18


def forget_checked_paths() -> None:
    """Forget the printed paths this process has checked (``_PRINTED_PARENTS``), as a new
    process would (the benchmark's "changed files" rounds)."""
    _PRINTED_PARENTS.clear()


def check_table(table: Mapping[str, Any], *, file: str, where: str,
                parents: dict[str, object]) -> None:
    """What the JSON Schema cannot say: every path is printed as the grammar prints it, and
    every node's parent is in the table (extraction always writes both). A path
    ``unvouched`` by its printed parent is parsed, for the message or to be accepted after
    all."""
    for path in unvouched(table, parents):
        _refuse(path, table, file=file, where=where)


def _refuse(path: str, table: Mapping[str, Any], *, file: str, where: str) -> None:
    """Raise what is wrong with ``path``, as the grammar says."""
    from parity.fieldpaths.fieldpath import parse, render

    try:
        steps = parse(path)
    except ParityError as exc:
        raise FileFormatError(exc.message, file=file, location=f"{where}[{path!r}]",
                              hint=FIX) from None
    if render(steps) != path:
        raise FileFormatError(f"field path {path!r} is not written as parity prints it "
                              f"({render(steps)!r})", file=file,
                              location=f"{where}[{path!r}]", hint=FIX)
    if steps and render(steps[:-1]) not in table:
        raise FileFormatError(f"field path {path!r} has no entry for its parent "
                              f"{render(steps[:-1])!r}", file=file,
                              location=f"{where}[{path!r}]", hint=FIX)
    # the grammar accepts what ``printed_parent`` could not vouch for
