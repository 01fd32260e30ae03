"""Where the configuration is, and reading its file: the nearest ``parity.toml``, or
``pyproject.toml`` with a ``[tool.parity]`` table (``--config PATH`` overrides)."""

from __future__ import annotations

import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from parity.core.conflicts import conflict_line
from parity.core.reading import read_text
from parity.errors import ConfigError

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on 3.10 only
    import tomli as tomllib

#: where the parity keys sit in a pyproject.toml (a parity.toml has them at its top level)
PYPROJECT_PREFIX = "tool.parity"


def find_config(start: Path | None = None, *, named: bool = False) -> Path | None:
    """The nearest ``parity.toml``, or ``pyproject.toml`` with a ``[tool.parity]`` table.

    ``named``: one in the working directory is given by its name alone, as ``--config`` would
    name it, so that every message about it names it as parity names every other file:
    relative to the working directory (a file further up keeps its absolute path)."""
    here = (start or Path.cwd()).resolve()
    for folder in (here, *here.parents):
        candidate = folder / "parity.toml"
        if not candidate.is_file():
            candidate = folder / "pyproject.toml"
            if not (candidate.is_file() and _has_parity_table(candidate)):
                continue
        return Path(candidate.name) if named and folder == _working_directory() else candidate
    return None


def _working_directory() -> Path | None:
    try:
        return Path.cwd().resolve()
    except OSError:  # removed from under the process: nothing is relative to it
        return None


def read_table(file: Path) -> tuple[Mapping[str, Any], str]:
    """The parity keys of ``file`` and the prefix they sit under. A ``pyproject.toml``, or
    a file of any name with a ``[tool.parity]`` table, holds them under ``tool.parity``;
    any other file is read as a ``parity.toml``, with the keys at its top level."""
    data = _parse(_read(file), file)
    tool = data.get("tool")
    if file.name == "pyproject.toml" or (isinstance(tool, dict) and "parity" in tool):
        # `tool` is no parity.toml key, so a [tool.parity] table says which form is meant
        table = tool.get("parity") if isinstance(tool, dict) else None
        if not isinstance(table, dict):
            raise ConfigError(f"{file.name} has no [tool.parity] table", file=str(file),
                              hint="add one (see docs/configuration.md)")
        return table, PYPROJECT_PREFIX
    return data, ""


def _read(file: Path) -> str:
    try:
        return read_text(file)
    except FileNotFoundError:
        raise ConfigError("configuration file not found", file=str(file),
                          hint="check the --config path") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"cannot read configuration: {exc}", file=str(file)) from None


def _parse(text: str, file: Path) -> dict[str, Any]:
    """``text`` read by tomllib, every way it can fail a ``ConfigError`` naming ``file``."""
    deep = deep_key_line(text)
    if deep is not None:
        raise ConfigError(f"a key or table header of more than {MAX_KEY_PARTS} dotted parts",
                          file=str(file), location=f"line {deep}",
                          hint="write it with fewer parts: no configuration needs so many")
    try:
        data: dict[str, Any] = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        _name_the_cause(text, file)
        raise ConfigError(f"not valid TOML: {exc}", file=str(file),
                          hint="fix the TOML syntax at that line") from None
    except RecursionError:
        raise ConfigError("not readable: its tables or arrays are nested too deeply",
                          file=str(file)) from None
    except ValueError as exc:  # after TOMLDecodeError, which is one
        if "integer string conversion" not in str(exc):
            raise
        # Python converts at most sys.get_int_max_str_digits() decimal digits to an int
        # (a bound against slow conversions); parity keeps that bound
        limit = sys.get_int_max_str_digits()
        line = _long_integer_line(text, limit)
        raise ConfigError(f"an integer of more than {limit:,} digits, more than Python reads",
                          file=str(file), location=f"line {line}" if line else None,
                          hint="write it as a string, or shorten it") from None
    return data


def _name_the_cause(text: str, file: Path) -> None:
    """Raise a ``ConfigError`` saying why ``text`` is no TOML when the parser's words would
    not: a byte order mark (an editor's, on Windows) or git's merge-conflict markers."""
    if text.startswith("\ufeff"):
        raise ConfigError("not valid TOML: it starts with a byte order mark (BOM, U+FEFF), "
                          "which TOML does not allow", file=str(file), location="line 1",
                          hint="save the file as UTF-8 without a BOM") from None
    line = conflict_line(text)
    if line is not None:
        raise ConfigError("holds an unresolved git merge conflict (a conflict marker)",
                          file=str(file), location=f"line {line}",
                          hint="keep what each side should keep and delete the marker lines "
                               "(<<<<<<<, =======, >>>>>>>)") from None


#: The most dot-separated parts a key or a table header may have. tomllib's time and memory
#: grow with the square of a key's parts (30,000 take 5 GB), so a file with a deeper one is
#: refused before tomllib reads it; no configuration comes near.
MAX_KEY_PARTS = 64
_BARE = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")


def deep_key_line(text: str) -> int | None:
    """The number of the first line of ``text`` holding a key or a table header of more
    than ``MAX_KEY_PARTS`` parts, or None. A key never spans lines, so only a line with at
    least that many dots can hold one: every other line costs one ``str.count``."""
    if text.count(".") < MAX_KEY_PARTS:
        return None
    for number, line in enumerate(text.split("\n"), 1):
        if line.count(".") >= MAX_KEY_PARTS and _most_parts(line) > MAX_KEY_PARTS:
            return number
    return None


def _most_parts(line: str) -> int:
    """The most parts joined by dots on ``line``: bare words or quoted strings with ``.``
    between them (spaces or tabs around it allowed), outside strings and comments. That is
    a dotted key, a header's or one in an inline table; a value holds at most one such dot
    (``1.5``, ``07:32:00.99``), and a longer dotted run anywhere else is no valid TOML. A
    string is one part: the dots inside a quoted key part are not counted. A line inside a
    multi-line string is read as if it were TOML, so a run of more than MAX_KEY_PARTS
    dotted words there would be refused too (no configuration holds one)."""
    most = parts = 0
    after_dot = False
    i, end = 0, len(line)
    while i < end:
        char = line[i]
        if char in _BARE or char in "\"'":
            parts = parts + 1 if after_dot and parts else 1
            if parts > MAX_KEY_PARTS:
                return parts  # enough to refuse: the rest of a long line is not read
            most, after_dot = max(most, parts), False
            i = _part_end(line, i)
            continue
        if char == ".":
            parts = parts if parts and not after_dot else 0  # `a..b`, `.a`: no key
            after_dot = True
        elif char == "#":
            break  # a comment
        elif char not in " \t":
            parts, after_dot = 0, False
        i += 1
    return most


def _part_end(line: str, i: int) -> int:
    """Where the bare word or the string starting at ``line[i]`` ends (the line's end for a
    string it does not close)."""
    char = line[i]
    if char in _BARE:
        while i < len(line) and line[i] in _BARE:
            i += 1
        return i
    quote = line[i:i + 3] if line.startswith(char * 3, i) else char
    i += len(quote)
    while i < len(line):
        if char == '"' and line[i] == "\\":
            i += 2  # an escape: `\"` does not close the string
        elif line.startswith(quote, i):
            end = i + len(quote)
            if len(quote) == 3:  # up to two more quotes end a multi-line string's text
                while end < min(i + 5, len(line)) and line[end] == char:
                    end += 1
            return end
        else:
            i += 1
    return len(line)


def _long_integer_line(text: str, limit: int) -> int | None:
    """The line of the first run of more than ``limit`` digits (``_`` between them)."""
    import re  # only on this error's path

    # the lookbehind starts a match only where a run starts: linear in the text
    for match in re.finditer(rf"(?<![0-9_])[0-9_]{{{limit + 1},}}", text):
        if len(match.group().replace("_", "")) > limit:
            return text.count("\n", 0, match.start()) + 1
    return None


def _has_parity_table(pyproject: Path) -> bool:
    try:
        text = read_text(pyproject)
    except (OSError, UnicodeDecodeError):
        return False
    return "[tool.parity" in text


__all__ = ["PYPROJECT_PREFIX", "find_config", "read_table"]
