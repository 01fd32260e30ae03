"""Reading JSON with readable errors, and writing it deterministically and atomically."""

from __future__ import annotations

import json
import marshal
import math
import os
import re
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import orjson

from parity.core.collector import paused
from parity.core.conflicts import refuse_conflict
from parity.core.depth import (
    MAX_DEPTH,
    NOT_READ,
    padded_loads,
    proved_within,
    too_deep,
    too_deep_error,
)
from parity.core.reading import read_limited, require_file
from parity.errors import FileFormatError


def load_json(path: str | os.PathLike[str], *, what: str = "JSON file") -> Any:
    """Read a JSON file; any trouble becomes one ``FileFormatError`` naming file and place."""
    return read_json(path, what=what)[0]


def read_json(path: str | os.PathLike[str], *, what: str = "JSON file",
              content: bytes | None = None, bound: int = MAX_DEPTH,
              streams: bool = False) -> tuple[Any, bytes]:
    """``load_json``, also returning the file's bytes (a cheap identity of its content).
    ``content``: the file's bytes, already read by the caller (see ``read_bytes``);
    ``bound``: the deepest nesting read (``depth``); ``streams``: see ``read_bytes``."""
    if content is None:
        content = read_bytes(path, what=what, streams=streams)
    return loads(content, file=str(Path(path)), what=what, bound=bound), content


def read_bytes(path: str | os.PathLike[str], *, what: str = "file",
               streams: bool = False) -> bytes:
    """A file's bytes; trouble reading it becomes one ``FileFormatError`` naming the file,
    and so does what is no file (``reading.require_file``: a FIFO is never opened)."""
    p = Path(path)
    require_file(p, what, streams=streams)
    try:
        return read_limited(p)
    except FileNotFoundError:
        raise FileFormatError(f"{what} not found", file=str(p),
                              hint="check the path, or create it first") from None
    except OSError as exc:
        raise FileFormatError(f"cannot read {what}: {exc.strerror}", file=str(p)) from None


def loads(text: str | bytes, *, file: str = "<input>", what: str = "JSON",
          bound: int = MAX_DEPTH) -> Any:
    """Parse JSON text (bytes are read as UTF-8); any trouble, any value parity could not
    canonicalize (see ``unrepresentable``) and nesting past ``bound`` levels (``depth``)
    become one ``FileFormatError`` naming file and place."""
    with paused():
        value = _fast_loads(text, bound=bound)
        if value is _UNDECIDED:
            value = _checked_loads(_decoded(text, file=file, what=what), file=file, what=what,
                                   bound=bound)
            place = None if proved_within(text, bound) else too_deep(value, bound)
            if place is not None:
                raise too_deep_error(file, what, place, bound)
    return value


def _fast_loads(text: str | bytes, *, bound: int | None = None) -> Any:
    """orjson's reading of ``text`` when it is exactly ``json.loads``'s and holds nothing
    ``unrepresentable`` finds, else ``_UNDECIDED``. orjson refuses NaN, infinities (``1e400``
    included), lone surrogates, invalid UTF-8 and nesting past 1,024 levels (or past
    ``bound``); the one value it reads differently, an integer past 64 bits
    (a float), has 16 digits or more, as has every integer past +-(2**53 - 1): a text with
    such a number is left to ``_checked_loads``."""
    if isinstance(text, str):
        try:
            text = text.encode("utf-8")
        except UnicodeEncodeError:  # a lone surrogate
            return _UNDECIDED
    if _may_hold_a_long_number(text):
        return _UNDECIDED
    if bound is not None:
        value = padded_loads(text, bound)
        return _UNDECIDED if value is NOT_READ else value
    try:
        return orjson.loads(text)
    except orjson.JSONDecodeError:  # ``_checked_loads`` says what is wrong, as it always did
        return _UNDECIDED


def proved_loads(content: bytes) -> Any:
    """What ``json.loads`` reads in ``content`` when orjson's reading (``_fast_loads``, the
    collector paused) proves it JSON text holding nothing ``unrepresentable`` finds, without
    parsing it in Python or walking it; ``NOT_PROVED`` otherwise (not JSON, or a value the
    caller must read and look at: its own reading, ``parse``, says what is wrong or keeps
    the value to be named)."""
    with paused():
        return _fast_loads(content)


def _may_hold_a_long_number(content: bytes) -> bool:
    """A run of 16 digits or more where JSON puts a value: at the start, after a key's colon,
    after an array's bracket or comma (a minus sign and spaces between). The same run inside
    a string may pass for one: that only costs the slower reading. Hex digests, whose digit
    runs follow a letter, a digit or ``sha256:``, do not."""
    digits_as_zero = content.translate(_DIGITS_AS_ZERO)  # then one C search finds the runs
    run = digits_as_zero.find(_SIXTEEN_ZEROS)
    while run != -1:
        mark = _back_over(content, run - 1, _SPACE_OR_MINUS)
        if mark < 0 or content[mark] in b"[,":
            return True
        if content[mark] == _COLON and content[_back_over(content, mark - 1, _SPACE)] == _QUOTE:
            return True
        run = digits_as_zero.find(_SIXTEEN_ZEROS, run + len(_SIXTEEN_ZEROS))
        while run > 0 and content[run - 1] in _DIGITS:  # the rest of the same run
            run = digits_as_zero.find(_SIXTEEN_ZEROS, run + 1)
    return False


def _back_over(content: bytes, index: int, skipped: frozenset[int]) -> int:
    """The index of the last byte at or before ``index`` not in ``skipped`` (-1: none)."""
    while index >= 0 and content[index] in skipped:
        index -= 1
    return index


def _decoded(text: str | bytes, *, file: str, what: str) -> str:
    if isinstance(text, str):
        return text
    try:
        return text.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise FileFormatError(f"{what} is not UTF-8 text ({exc.reason} at byte {exc.start})",
                              file=file) from None


def _checked_loads(text: str, *, file: str, what: str, bound: int = MAX_DEPTH) -> Any:
    try:
        value = json.loads(text, parse_int=_checked_int, parse_float=_checked_float,
                           parse_constant=_refuse_constant)
        suspect = _SURROGATE.search(text) is not None or not _encodable(text)
    except _Unrepresentable:
        value, suspect = parse(text), True
    except json.JSONDecodeError as exc:
        refuse_conflict(text, file=file, what=what)  # a merge left its markers: say so
        raise FileFormatError(f"{what} is not valid JSON: {exc.msg}", file=file,
                              location=f"line {exc.lineno}, column {exc.colno}",
                              hint="fix the JSON syntax at that position") from None
    except RecursionError:  # Python reads less deep than orjson: its reading finds the place
        try:
            place = too_deep(orjson.loads(text), bound)
        except orjson.JSONDecodeError:
            place = None
        raise too_deep_error(file, what, place, bound) from None
    # The parser's hooks see every number and constant as it is read, so the walk that
    # finds the place runs only when there is something to find.
    if suspect:
        found = unrepresentable(value)
        if found is not None:
            raise FileFormatError(f"{what} holds {found[1]}", file=file, location=found[0],
                                  hint=VALUES_HINT)
    return value


_UNDECIDED = object()
#: what ``proved_loads`` gives for text it does not prove clean
NOT_PROVED: Any = _UNDECIDED
_DIGITS_AS_ZERO = bytes.maketrans(b"123456789", b"000000000")
_SIXTEEN_ZEROS = b"0" * 16
_SPACE = frozenset(b" \t\r\n")
_SPACE_OR_MINUS = _SPACE | {ord("-")}
_DIGITS = frozenset(b"0123456789")
_COLON, _QUOTE = ord(":"), ord('"')


def value_key(value: Any) -> bytes | str:
    """A key that two parsed JSON values share only when they are the same JSON: ``1``,
    ``1.0`` and ``true`` are told apart (equal in Python, not in JSON). Keys order-sensitive
    (equal objects with keys in another order get another key): fine for sharing equal
    values, never for comparing them. A compact dump, ten times cheaper than ``repr``."""
    try:
        return orjson.dumps(value)
    except orjson.JSONEncodeError:  # not from a JSON text (an integer past 64 bits)
        return repr(value)


def parse(text: str | bytes) -> Any:
    """``json.loads``, except that an integer Python refuses to parse (more than 4,300
    digits, ``sys.get_int_max_str_digits``) becomes a ``HugeInteger`` instead of failing
    the whole text, so ``unrepresentable`` can name where it is. Raises what ``json.loads``
    raises for anything else (``JSONDecodeError``, ``RecursionError``)."""
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        raise
    except ValueError:  # the integer-string limit: parse again, keeping such integers aside
        return json.loads(text, parse_int=_parse_int)


class HugeInteger(int):
    """An integer read from JSON with more digits than Python converts (4,300 by default:
    the conversion is quadratic). The value held is only a stand-in beyond +-(2**53 - 1):
    whatever meets it without asking ``unrepresentable`` still refuses it."""

    digits: int

    def __new__(cls, text: str) -> HugeInteger:
        stand_in = -(MAX_SAFE_INTEGER + 1) if text.startswith("-") else MAX_SAFE_INTEGER + 1
        value = super().__new__(cls, stand_in)
        value.digits = len(text.lstrip("-"))
        return value


def _parse_int(text: str) -> int:
    limit = sys.get_int_max_str_digits()
    return int(text) if limit == 0 or len(text.lstrip("-")) <= limit else HugeInteger(text)


class _Unrepresentable(Exception):
    """Raised by the parser's hooks: the text holds a value canonical JSON cannot carry."""


def _checked_int(literal: str) -> int:
    if len(literal) > 15:  # 2**53 - 1 has 16 digits: shorter literals are in range
        # JSON has no leading zeros, so more digits are out of range: not converted (past
        # 4,300 digits Python refuses; ``parse`` keeps such integers aside)
        if len(literal.lstrip("-")) > 16:
            raise _Unrepresentable
        value = int(literal)
        if not -MAX_SAFE_INTEGER <= value <= MAX_SAFE_INTEGER:
            raise _Unrepresentable
        return value
    return int(literal)


def _checked_float(literal: str) -> float:
    value = float(literal)
    if not math.isfinite(value):
        raise _Unrepresentable
    return value


def _refuse_constant(literal: str) -> float:
    raise _Unrepresentable


#: RFC 8785's integer domain (that of I-JSON): what parity can hash and pin exactly.
MAX_SAFE_INTEGER = 2**53 - 1

VALUES_HINT = ("JSON that parity reads may hold only finite numbers, integers within "
               "+-(2**53 - 1) and text without lone surrogates")

# A surrogate escape: the only way a lone surrogate gets into text read as UTF-8.
_SURROGATE = re.compile(r"\\u[dD][89a-fA-F]")


def unrepresentable(value: Any) -> tuple[str, str] | None:
    """The JSON pointer and a description of the first value canonical JSON (RFC 8785)
    cannot carry, or None: NaN or an infinity, an integer beyond +-(2**53 - 1) (a
    ``HugeInteger`` among them), a string or
    key holding a lone surrogate. Parsed JSON is a tree, so the walk is linear."""
    if _holds_nothing_unrepresentable(value):
        return None  # the usual answer, proved in C; the walk finds the place of the rest
    return _first_unrepresentable(value)


def decoded_json(value: Any) -> bool:
    """Whether ``value`` is a value decoding JSON text yields that ``unrepresentable`` finds
    nothing in: only ``dict`` (``str`` keys), ``list``, ``str``, ``int``, ``float``,
    ``bool`` and ``None``, no subclass of any, no NaN or infinity, integers within
    +-(2**53 - 1), no lone surrogate. Proved in C, several times faster than a walk:
    ``marshal`` writes only exact built-in types (it refuses a subclass, an enum, a UUID, a
    model); orjson, held to 53-bit integers, refuses sets, bytes, non-string keys, unsafe
    integers and lone surrogates; its text read back equals ``value`` unless a tuple (read
    back as a list), NaN or an infinity (read back as ``null``) was in it. ``False`` too
    for what is nested past either's depth limit. The copy read back is garbage at once:
    the collector is paused while it is made (``collector.paused``)."""
    try:
        marshal.dumps(value)
        text = orjson.dumps(value, option=orjson.OPT_STRICT_INTEGER)
    except (ValueError, TypeError):  # orjson.JSONEncodeError is a TypeError
        return False
    with paused():
        return bool(orjson.loads(text) == value)


def _first_unrepresentable(value: Any) -> tuple[str, str] | None:
    """``unrepresentable``'s answer, found by walking ``value``."""
    pending: list[tuple[Any, str]] = [(value, "")]
    while pending:
        node, pointer = pending.pop()
        problem = _problem(node)
        if problem is not None:
            return "#" + pointer, problem
        if isinstance(node, dict):
            for key, item in node.items():
                step = f"{pointer}/{_token(key)}"
                if isinstance(key, str) and not _encodable(key):
                    return "#" + step, "a key with a lone surrogate"
                pending.append((item, step))
        elif isinstance(node, list):
            pending.extend((item, f"{pointer}/{i}") for i, item in enumerate(node))
    return None


def _holds_nothing_unrepresentable(value: Any) -> bool:
    """Whether ``unrepresentable``'s walk would find nothing, proved by C encoders (several
    times faster than the walk): orjson, held to 53-bit integers, refuses an integer beyond
    +-(2**53 - 1) (a ``HugeInteger`` or another subclass too) and a string or key with a
    lone surrogate, in every ``dict`` and ``list`` the walk reads; it writes NaN and the
    infinities as ``null``, so text with a ``null`` value is also encoded by ``json``, which
    refuses them. ``False`` (the walk decides) for anything either cannot encode."""
    try:
        text = orjson.dumps(value, option=orjson.OPT_STRICT_INTEGER)
    except TypeError:  # orjson.JSONEncodeError is one, as is a type orjson cannot encode
        return False
    if text != b"null" and b":null" not in text and b",null" not in text \
            and b"[null" not in text:
        return True  # no null value, so no NaN or infinity written as one
    try:
        _FINITE.encode(value)
    except (TypeError, ValueError, RecursionError):
        return False
    return True


_FINITE = json.JSONEncoder(allow_nan=False, check_circular=False, ensure_ascii=False)


def _problem(node: Any) -> str | None:
    if isinstance(node, bool):
        return None
    if isinstance(node, HugeInteger):
        return f"an integer of {node.digits} digits"
    if isinstance(node, float) and not math.isfinite(node):
        return "NaN" if node != node else "an infinity (or a number beyond the float range)"
    if isinstance(node, int) and not -MAX_SAFE_INTEGER <= node <= MAX_SAFE_INTEGER:
        return "an integer beyond +-(2**53 - 1)"
    if isinstance(node, str) and not _encodable(node):
        return "a string with a lone surrogate"
    return None


def _encodable(text: str) -> bool:
    if text.isascii():
        return True
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _token(key: Any) -> str:
    text = str(key).encode("utf-8", "backslashreplace").decode("ascii", "backslashreplace")
    return text.replace("~", "~0").replace("/", "~1")


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


def write_atomic(path: str | os.PathLike[str], text: str, *, secrets: str = "refuse",
                 streams: bool = False) -> None:
    """Write atomically, under the file's lock, refusing secrets: see ``parity.core.files``
    (``streams``: a report may be written into a pipe or a device, parity's files not)."""
    from parity.core.files import write_atomic as write  # only writers need it: check reads

    write(path, text, secrets=secrets, streams=streams)
