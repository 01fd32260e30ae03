"""The tamper-evident event trail (``parity.trail/1``, documented in docs/trail.md).

A trail is JSON lines. Every record carries ``seq`` (0, 1, 2...) and ``prev``: the SHA-256
of the previous record's canonical bytes (RFC 8785), ``sha256:<hex>``. The first record is
the trail's start (``event: trail_started``, ``format``, a random ``trail`` id) and its
``prev`` names that start (``start:<trail id>``); the last is ``trail_closed`` with the
number of records before it. Editing, removing, inserting or reordering any record breaks
the chain at that record, and cutting the end removes the closing record; ``verify``
reports the first break. The chain's head (the hash of the last record) can be kept
elsewhere to anchor it.

Writers hand in events that are already redacted (``parity.core.redact``): the trail adds
only ``seq``, ``prev`` and its own start and end records, none of which holds a secret.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import math
import os
import secrets as _random
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from parity.core.canonical import canonical_json
from parity.core.reading import read_text
from parity.errors import FileFormatError, ValueDomainError

FORMAT = "parity.trail/1"
STARTED = "trail_started"
CLOSED = "trail_closed"
#: keys the trail owns in every record (an event must not set them)
RESERVED = ("seq", "prev")


def record_hash(record: Mapping[str, Any]) -> str:
    """``sha256:<hex>`` of a record's RFC 8785 bytes: the next record's ``prev``."""
    return "sha256:" + hashlib.sha256(canonical_json(dict(record))).hexdigest()


class TrailWriter:
    """An event sink that appends hash-chained records to a new trail file, flushed per
    record. ``close`` writes the closing record; a trail without one was cut (or its
    writer died)."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        from parity.core.files import open_for_append  # a failure names the path (exit 2)

        self.path = Path(path)
        _refuse_other_file(self.path)
        self._fh = open_for_append(self.path)
        self._seq = 0
        trail = _random.token_hex(16)
        self._prev = f"start:{trail}"
        self._write({"event": STARTED, "format": FORMAT, "trail": trail, "time": time.time()})

    def __call__(self, event: dict[str, Any]) -> None:
        clash = [k for k in RESERVED if k in event]
        if clash:
            raise ValueError(f"an event may not set the trail's own keys {clash}")
        self._write(event)

    def close(self) -> None:
        """Write the closing record and close the file; later events are an error."""
        if self._fh.closed:
            return
        self._write({"event": CLOSED, "records": self._seq, "time": time.time()})
        self._fh.close()

    def _write(self, event: Mapping[str, Any]) -> None:
        record = {**event, "seq": self._seq, "prev": self._prev}
        try:
            self._fh.write(json.dumps(record, sort_keys=True, ensure_ascii=False) + "\n")
            self._fh.flush()
        except OSError as exc:  # (a full disk): the error names the trail it could not write
            with contextlib.suppress(OSError):  # its buffer cannot be written either: closed
                self._fh.close()  # now, not by the garbage collector, failing again
            if exc.filename is not None:
                raise
            raise OSError(exc.errno, exc.strerror, str(self.path)) from exc
        self._prev = record_hash(record)
        self._seq += 1


def _refuse_other_file(path: Path) -> None:
    """A trail replaces an earlier trail, never another file (``--events parity.toml``, a
    server's script): a non-empty file that does not start as a trail is refused."""
    from parity.core.files import FileWriteError

    try:
        if not path.is_file():  # nothing there yet, or a device: nothing replaced
            return
        with path.open("rb") as fh:
            head = fh.read(256)
    except OSError:  # (unreadable: the open for writing says what it is)
        return
    if head and not (head.startswith(b"{") and b'"trail_started"' in head):
        raise FileWriteError("not written: the file holds something other than a trail, "
                             "which writing one would replace", file=str(path),
                             hint="give --events a new file, or an earlier trail's")


@dataclass(frozen=True)
class TrailVerdict:
    """What ``verify`` found: ``ok``, or the first break (its line and what happened)."""

    ok: bool
    records: int
    #: the hash of the last record read (anchor it elsewhere to protect the tip)
    head: str | None
    #: 1-based line of the first break; ``None`` when the chain holds
    line: int | None = None
    #: ``edited``, ``removed``, ``inserted``, ``reordered``, ``cut``
    kind: str | None = None
    message: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"ok": self.ok, "records": self.records, "head": self.head, "line": self.line,
                "kind": self.kind, "message": self.message}


def verify(path: str | os.PathLike[str], *, open_ended: bool = False) -> TrailVerdict:
    """Check a trail's chain; ``FileFormatError`` when the file is not a trail at all.

    With ``open_ended`` a trail without its closing record (still being written) is
    accepted as far as it goes."""
    file = os.fspath(path)
    try:
        text = read_text(file)
    except (OSError, UnicodeDecodeError) as exc:
        raise FileFormatError(f"cannot read the trail: {exc}", file=file,
                              hint="give the file a guard or drill wrote with --events") from None
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    records: list[dict[str, Any] | None] = [_parse(line) for line in lines]
    first = records[0] if records else None
    started = first is not None and first.get("event") == STARTED \
        and first.get("format") == FORMAT
    # a trail whose start was removed or edited is still a trail: only a file with no
    # record at all is not one
    if not started and not any(r is not None and isinstance(r.get("event"), str)
                               for r in records):
        raise FileFormatError(f"not a {FORMAT} trail: no line is a trail record", file=file,
                              location="line 1",
                              hint="give the file a guard or drill wrote with --events")
    return _walk(records, open_ended)


def _parse(line: str) -> dict[str, Any] | None:
    """The record on a line, or ``None`` when the line is not one JSON object with an
    integer ``seq`` and a string ``prev`` (and no repeated key, which could hide an edit)."""
    def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
        keys = [k for k, _ in items]
        if len(set(keys)) != len(keys):
            raise ValueError("repeated key")
        return dict(items)

    def no_constant(name: str) -> Any:
        raise ValueError(f"{name} is not JSON")

    try:
        value = json.loads(line, object_pairs_hook=pairs, parse_constant=no_constant)
    except (ValueError, RecursionError):  # nested past what Python reads: no record either
        return None
    if not isinstance(value, dict) or not isinstance(value.get("prev"), str) \
            or type(value.get("seq")) is not int:
        return None
    return value


def _break(records: list[dict[str, Any] | None], index: int, expected_prev: str,
           later_seqs: list[int | None]) -> tuple[str, str, int] | None:
    """How the chain breaks at ``records[index]`` (kind, message, 1-based line), or
    ``None`` when that record links to the one before it."""
    record = records[index]
    line = index + 1
    if record is None:
        return "edited", f"line {line} is not a trail record (edited, or cut mid-line)", line
    seq = record["seq"]
    if seq == index and record["prev"] == expected_prev:
        return None
    if seq == index == 0:
        return "edited", "record 0 (line 1) was edited: it does not name its own start", line
    if seq == index:
        return ("edited", f"record {index - 1} (line {line - 1}) was edited: record {index} "
                          f"at line {line} does not carry its hash", line - 1)
    if seq < index:
        first = later_seqs.index(seq) + 1
        return ("inserted", f"line {line} holds record {seq} again (first at line {first}): "
                            "one of them was inserted", line)
    if index in later_seqs[index + 1:]:
        return ("reordered", f"line {line} holds record {seq} where record {index} belongs, "
                             "which comes later: records were reordered", line)
    missing = f"record {index}" if seq == index + 1 else f"records {index}-{seq - 1}"
    return "removed", f"{missing} removed before line {line}", line


def _walk(records: list[dict[str, Any] | None], open_ended: bool) -> TrailVerdict:
    start = records[0]
    later_seqs = [r["seq"] if r is not None else None for r in records]
    expected_prev = f"start:{start.get('trail') if start is not None else None}"
    head: str | None = None
    for index, record in enumerate(records):
        found = _break(records, index, expected_prev, later_seqs)
        if found is not None:
            kind, message, line = found
            return TrailVerdict(False, index, head, line, kind, message)
        if record is not None:
            try:
                head = expected_prev = record_hash(record)
            except ValueDomainError as exc:  # no writer's record: its hash cannot be taken
                return TrailVerdict(False, index, head, index + 1, "edited",
                                    f"line {index + 1} holds a value no trail record holds "
                                    f"({exc.message} at {exc.location})")
    for index, record in enumerate(records[:-1]):
        if record is not None and record.get("event") == CLOSED:
            return TrailVerdict(False, index + 1, head, index + 2, "inserted",
                                f"line {index + 2} comes after the closing record (line "
                                f"{index + 1}): inserted")
    last = records[-1]
    if last is not None and last.get("event") == CLOSED:
        problem = _closing_problem(last, len(records) - 1)
        if problem is not None:
            return TrailVerdict(False, len(records), head, len(records), "edited",
                                f"the closing record (line {len(records)}) {problem}")
        return TrailVerdict(True, len(records), head)
    if open_ended:
        return TrailVerdict(True, len(records), head, message="not closed (still open)")
    return TrailVerdict(False, len(records), head, len(records), "cut",
                        f"the trail ends at line {len(records)} without its closing record: "
                        "cut after that line, or its writer did not close it")


def _closing_problem(record: Mapping[str, Any], chained: int) -> str | None:
    """What makes ``record`` other than the closing record ``TrailWriter.close`` writes
    after ``chained`` records, or ``None``. Nothing follows it to carry its hash, so only
    its shape and count can be checked here (its edits change the head)."""
    keys = record.keys()
    if keys != _CLOSING_KEYS:
        odd = sorted(keys - _CLOSING_KEYS) or sorted(_CLOSING_KEYS - keys)
        return f"{'holds' if keys - _CLOSING_KEYS else 'lacks'} {', '.join(odd)}: edited"
    stamp = record["time"]
    if type(stamp) not in (int, float) or not math.isfinite(stamp):
        return f"has the time {stamp!r}, not a number: edited"
    count = record["records"]
    if type(count) is not int or count != chained:
        return f"counts {count!r} records, the chain holds {chained}"
    return None


#: the keys of the closing record (``TrailWriter.close``)
_CLOSING_KEYS = frozenset({"event", "prev", "records", "seq", "time"})


__all__ = ["CLOSED", "FORMAT", "STARTED", "TrailVerdict", "TrailWriter", "record_hash",
           "verify"]
