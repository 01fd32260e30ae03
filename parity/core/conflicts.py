"""Git's merge-conflict markers in a file parity reads: named, with what to do.

A conflicted file is no JSON (or TOML) at all, and the parser's complaint ("Expecting value
at line 3") says nothing of why. The markers are lines that start with ``<<<<<<< ``,
``=======`` or ``>>>>>>> `` (``|||||||`` with ``merge.conflictStyle = diff3``); they are
looked for only once a file has failed to parse, so reading a good file costs nothing.
"""

from __future__ import annotations

import re

from parity.errors import FileFormatError

_MARKER = re.compile(r"^(?:<{7}|\|{7}|>{7})(?:[ \t].*)?\r?$|^={7}\r?$", re.MULTILINE)

#: what to do, by what the file is (``what`` of the reader)
_HINTS = {
    "baseline": "keep the entry lines of both sides and delete the marker lines (<<<<<<<, "
                "=======, >>>>>>>), a comma after every entry but the last; then run "
                "`parity baseline`: it drops the entries no longer found",
    "manifest": "parity writes this file: run `parity extract` to write it afresh (no need "
                "to resolve it by hand)",
    "lock": "parity writes this file: run `parity lock` to pin the server afresh (it shows "
            "what changed and asks before replacing the file)",
}
_DEFAULT = ("resolve the conflict: keep what each side should keep and delete the marker "
            "lines (<<<<<<<, =======, >>>>>>>)")


def conflict_line(text: str) -> int | None:
    """The 1-based line of the first merge-conflict marker in ``text``, if any."""
    found = _MARKER.search(text)
    return None if found is None else text.count("\n", 0, found.start()) + 1


def refuse_conflict(text: str, *, file: str, what: str) -> None:
    """Raise ``FileFormatError`` naming the first marker's line when ``text`` holds a merge
    conflict; return when it holds none (the caller then says what else is wrong)."""
    line = conflict_line(text)
    if line is not None:
        raise FileFormatError(f"{what} holds an unresolved git merge conflict (a conflict "
                              "marker)", file=file, location=f"line {line}",
                              hint=_HINTS.get(what, _DEFAULT))


__all__ = ["conflict_line", "refuse_conflict"]
