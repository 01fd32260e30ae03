"""Reading JSON with readable errors, and writing it deterministically and atomically."""

from __future__ import annotations

import json
import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from parity.errors import FileFormatError


def load_json(path: str | os.PathLike[str], *, what: str = "JSON file") -> Any:
    """Read a JSON file; any trouble becomes one ``FileFormatError`` naming file and place."""
    return read_json(path, what=what)[0]


def read_json(path: str | os.PathLike[str], *, what: str = "JSON file") -> tuple[Any, str]:
    """``load_json``, also returning the file's text (a cheap identity of its content)."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise FileFormatError(f"{what} not found", file=str(p),
                              hint="check the path, or create it first") from None
    except UnicodeDecodeError as exc:
        raise FileFormatError(f"{what} is not UTF-8 text ({exc.reason} at byte {exc.start})",
                              file=str(p)) from None
    except OSError as exc:
        raise FileFormatError(f"cannot read {what}: {exc.strerror}", file=str(p)) from None
    return loads(text, file=str(p), what=what), text


def loads(text: str, *, file: str = "<input>", what: str = "JSON") -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise FileFormatError(f"{what} is not valid JSON: {exc.msg}", file=file,
                              location=f"line {exc.lineno}, column {exc.colno}",
                              hint="fix the JSON syntax at that position") from None
    except RecursionError:
        raise FileFormatError(f"{what} is nested too deeply to read", file=file) from None


def compact(value: Any) -> str:
    """One-line, key-sorted JSON: the form of one entry in every file parity writes."""
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(", ", ": "),
                      allow_nan=False)


def dump_lines(value: Any, *, line_depth: int) -> str:
    """Pretty JSON whose containers below ``line_depth`` sit on one line each.

    Sorted keys and one entry per line make files diff and merge cleanly.
    """
    return _dump(value, 0, line_depth) + "\n"


def _dump(value: Any, depth: int, line_depth: int) -> str:
    if depth >= line_depth or not isinstance(value, (dict, list)) or not value:
        return compact(value)
    pad = "  " * (depth + 1)
    if isinstance(value, dict):
        items: Iterable[str] = (
            f"{pad}{json.dumps(k, ensure_ascii=False)}: {_dump(value[k], depth + 1, line_depth)}"
            for k in sorted(value)
        )
        return "{\n" + ",\n".join(items) + "\n" + "  " * depth + "}"
    rows = (f"{pad}{_dump(v, depth + 1, line_depth)}" for v in value)
    return "[\n" + ",\n".join(rows) + "\n" + "  " * depth + "]"


def write_atomic(path: str | os.PathLike[str], text: str, *, secrets: str = "refuse") -> None:
    """Write atomically, under the file's lock, refusing secrets: see ``parity.core.files``."""
    from parity.core.files import write_atomic as write  # only writers need it: check reads

    write(path, text, secrets=secrets)
