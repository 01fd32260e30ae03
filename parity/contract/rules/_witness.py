"""Witnesses for constraint rules: a concrete value one side allows and the other rejects.

Both verdicts come from ``jsonschema`` on the node's own schema (its type, enum, format and
constraints; children are other paths' business). Candidates are built deterministically
from both sides' bounds and from the sender's patterns (``rstr`` with a fixed seed), and are
bounded in number and length; each match of a pattern is bounded in time
(``fieldpaths.patterns``), so a hostile pattern cannot make the search run long.

JSON Schema patterns are ECMA-262; ``jsonschema`` checks them with Python's ``re``. Where a
pattern uses a construct the two read differently, the finding says so (``dialect_notes``)
instead of guessing which reading the server's validator uses.
"""

from __future__ import annotations

import functools
import math
import random
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from itertools import chain
from typing import Any

from parity.fieldpaths import constraints as kw
from parity.fieldpaths.entry import Entry, value_identity, value_type
from parity.fieldpaths.patterns import PatternTimeout, budgeted, shortest_match

#: most candidates tried per node
MAX_CANDIDATES = 200
#: longest candidate string matched against a pattern (bounds backtracking on hostile ones)
MAX_PATTERN_INPUT = 32
#: longest candidate string or array otherwise
MAX_LENGTH = 256
_PLAIN = ("", " ", "a", "A", "0", "-", "_", "!", "a b", "a__b", "a:b", "a-b", "a.b",
          "x" * 8, "\n", "é")


@dataclass(frozen=True)
class Witness:
    """A value the sender allows and the receiver rejects, and the keyword that rejects it."""

    value: Any
    keyword: str


#: what ``find`` returns when a pattern left the search without a verdict (one ``re`` cannot
#: compile, one that backtracks past its budget): not "no value is rejected"
UNDECIDED = Witness(None, "")


def node_schema(entry: Entry, *, shape: bool) -> dict[str, Any]:
    """The JSON Schema of one node: its constraints and format, and with ``shape`` its type
    and enum too (the receiver's are left out: in.type and in.enum report those)."""
    schema: dict[str, Any] = kw.as_schema(entry.constraints)
    if entry.format is not None:
        schema["format"] = entry.format
    if shape:
        if not entry.is_any:
            schema["type"] = list(entry.type)
        if entry.enum is not None:
            schema["enum"] = list(entry.enum)
    return schema


def implied(sender: Entry, receiver: Entry) -> bool:
    """Every constraint of the receiver is stated at least as tightly by the sender: no
    value can tell them apart, no search is needed."""
    mine = dict(sender.constraints)
    if receiver.format is not None and receiver.format != sender.format:
        return False
    for keyword, value in receiver.constraints:
        if keyword in _NO_LESS_THAN_NOTHING and value <= 0:
            continue  # every string, array holds at least no character, no item
        if keyword in _BOUNDS:
            if not _bound_implied(mine, keyword, value):
                return False
            continue
        if keyword == "multipleOf" and _divides_integers(sender, value):
            continue
        if keyword not in mine:
            return False
        held = mine[keyword]
        if keyword == "pattern":
            if not set(value) <= set(held):
                return False
        elif keyword.startswith(("min", "exclusiveMin")):
            if held < value:
                return False
        elif keyword.startswith(("max", "exclusiveMax")):
            if held > value:
                return False
        elif held != value and not (keyword == "multipleOf" and held % value == 0):
            return False
    return True


def _divides_integers(sender: Entry, value: Any) -> bool:
    """Whether a sender of integers alone meets ``multipleOf: value``: ``1``, or a power of
    two below it (``0.5``: an integer divided by it is exact, as validators compute it)."""
    if sender.type != _INTEGER or sender.enum is not None:
        return False
    return 0 < value <= 1 and math.frexp(value)[0] == 0.5


_INTEGER = ("integer",)
#: the lower bounds on a length or a count, which a bound of 0 leaves unbounded
_NO_LESS_THAN_NOTHING = frozenset({"minLength", "minItems", "minProperties"})
#: a numeric bound -> (its kind, whether it is exclusive)
_BOUNDS = {"minimum": ("lower", False), "exclusiveMinimum": ("lower", True),
           "maximum": ("upper", False), "exclusiveMaximum": ("upper", True)}


def _bound_implied(mine: dict[str, Any], keyword: str, value: Any) -> bool:
    """Whether the sender's bounds keep every value within the receiver's ``keyword``:
    ``minimum 1`` keeps them above ``exclusiveMinimum 0``, as ``exclusiveMinimum 1`` keeps
    them above ``minimum 1``."""
    kind, exclusive = _BOUNDS[keyword]
    for held_keyword, (held_kind, held_exclusive) in _BOUNDS.items():
        if held_kind != kind or held_keyword not in mine:
            continue
        held = mine[held_keyword]
        beyond = held > value if kind == "lower" else held < value
        if held == value and (held_exclusive or not exclusive):
            return True
        if beyond:
            return True
    return False


def find(sender: Entry, receiver: Entry, item: Entry | None = None) -> Witness | None:
    """The first candidate the sender's node allows and the receiver's rejects, ``None``
    when there is none, ``UNDECIDED`` when a pattern stopped the search.

    ``item`` is the sender's array item entry, used to fill array candidates."""
    from jsonschema import Draft202012Validator, FormatChecker

    checker = FormatChecker()
    cls = budgeted(Draft202012Validator)  # a hostile pattern must not stall the search
    allows = cls(node_schema(sender, shape=True), format_checker=checker)
    rejects = cls(node_schema(receiver, shape=False), format_checker=checker)
    for value in _bounded(_candidates(sender, receiver, item)):
        try:
            if not allows.is_valid(value):
                continue
            error = next(iter(rejects.iter_errors(value)), None)
        except (re.error, PatternTimeout):  # a pattern re cannot compile, or that backtracks
            return UNDECIDED  # without bound: no verdict either way
        if error is not None:
            return Witness(value, str(error.validator))
    return None


def around(sender: Entry, values: Iterable[Any]) -> list[Any]:
    """What a sender free of an enum may send beside ``values`` (a variant's values at a
    key): those of them its node allows, then, for each JSON type it may hold, the first
    value it allows that is none of them (the number past the greatest first):
    a variant taking only ``values`` refuses those. Empty where a pattern stopped the
    search (no verdict either way)."""
    from jsonschema import Draft202012Validator, FormatChecker

    listed = list(values)
    allows = budgeted(Draft202012Validator)(node_schema(sender, shape=True),
                                            format_checker=FormatChecker())
    taken = set(map(value_identity, listed))
    numbers = [v for v in listed if value_type(v) in ("integer", "number")]
    beyond = [kw.number(max(numbers) + 1)] if numbers else []
    kept: list[Any] = []
    others: dict[str, Any] = {}
    try:
        kept.extend(v for v in listed if allows.is_valid(v))
        for value in _bounded(chain(beyond, _candidates(sender, Entry(), None),
                                    (False, True, None))):
            kind = value_type(value)
            if kind not in others and value_identity(value) not in taken \
                    and allows.is_valid(value):
                others[kind] = value
    except (re.error, PatternTimeout):
        return []
    return [*kept, *others.values()]


def dialect_notes(patterns: tuple[str, ...], value: Any = None, *,
                  witnessed: bool = False) -> list[str]:
    """How Python's ``re`` (which checked the witness) and ECMA-262 (what JSON Schema
    specifies) read these patterns differently; empty when they read them alike.

    With ``witnessed``, only the differences that can change the verdict on ``value``: a
    class escape only for non-ASCII text, ``$`` only for text with a newline, nothing for
    a value that is not a string."""
    if witnessed and not isinstance(value, str):
        return []
    notes: list[str] = []
    for pattern in patterns:
        try:
            re.compile(pattern)
        except re.error:
            notes.append(f"Python's re cannot compile {pattern!r} (ECMA-262 syntax?)")
            continue
        for construct, why, matters in _DIALECT:
            if construct.search(pattern) and (not witnessed or matters(value)):
                notes.append(f"{pattern!r} uses {why}")
    return notes


def _always(value: str) -> bool:
    return True


_DIALECT = tuple((re.compile(a), b, c) for a, b, c in (
    (r"(?<!\\)(?:\\\\)*\\[dwsbDWSB]", "a class escape (\\d, \\w, \\s, \\b) that matches "
                                         "non-ASCII characters in Python's re, ASCII only in "
                                         "ECMA-262", lambda v: not v.isascii()),
    (r"(?<!\\)(?:\\\\)*\$(?!.)", "`$`, which Python's re also matches before a final "
                                   "newline and ECMA-262 does not", lambda v: "\n" in v),
    (r"(?<!\\)(?:\\\\)*\\[AZz]", "\\A or \\Z, which ECMA-262 does not have", _always),
    (r"\(\?[aiLmsux]", "an inline flag group, which ECMA-262 does not have", _always),
    (r"\(\?P[<=]", "a Python-only named group", _always),
    (r"(?<!\\)(?:\\\\)*\\[pP]\{", "a Unicode property escape, which Python's re does not "
                                    "have", _always),
))


def _bounded(values: Iterator[Any]) -> Iterator[Any]:
    seen: set[str] = set()
    for value in values:
        if len(seen) >= MAX_CANDIDATES:
            return
        key = _key(value)
        if key in seen or _too_long(value):
            continue
        seen.add(key)
        yield value


def _key(value: Any) -> str:
    import json

    return json.dumps(value, sort_keys=True)


def _too_long(value: Any) -> bool:
    if isinstance(value, str):
        return len(value) > MAX_LENGTH
    return isinstance(value, list) and len(value) > MAX_LENGTH


def _candidates(sender: Entry, receiver: Entry, item: Entry | None) -> Iterator[Any]:
    if sender.enum is not None:
        yield from sender.enum
        return  # the sender sends nothing else: every possible value was tried
    both = dict(receiver.constraints), dict(sender.constraints)
    if sender.allows("string"):
        yield from _strings(sender, both)
    if sender.allows("number") or sender.allows("integer"):
        yield from _numbers(both)
    if sender.allows("array"):
        yield from _arrays(both, item)


def strings(sender: Entry, receiver: Entry) -> Iterator[str]:
    """The strings ``find`` tries where the sender's node may hold a string: its enum's, or
    made from both sides' lengths and the sender's patterns."""
    return (value for value in _candidates(sender, receiver, None) if isinstance(value, str))


def names_entry(facts: kw.Constraints) -> Entry:
    """A string node holding what ``propertyNames`` facts say of a key's name."""
    stated = dict(facts)
    return Entry(type=("string",), enum=stated.get("enum"), format=stated.get("format"),
                 constraints=tuple((k, v) for k, v in facts if k not in ("enum", "format")))


def _strings(sender: Entry, both: tuple[dict[str, Any], dict[str, Any]]) -> Iterator[str]:
    patterned = any("pattern" in c for c in both)
    limit = MAX_PATTERN_INPUT if patterned else MAX_LENGTH
    lengths = sorted({n for c in both for k in ("minLength", "maxLength") if k in c
                      for n in (c[k] - 1, c[k], c[k] + 1) if 0 <= n <= limit})
    bases = [*_pattern_bases(tuple(dict(sender.constraints).get("pattern", ()))), *_PLAIN]
    for base in bases:
        if len(base) <= limit:
            yield base
    for n in lengths:
        for base in bases:
            if base:
                yield (base * (n // len(base) + 1))[:n]


@functools.lru_cache(maxsize=256)
def _pattern_bases(patterns: tuple[str, ...]) -> tuple[str, ...]:
    """The candidates the sender's ``patterns`` give, the last pattern's first, drawn in
    order with one fixed seed (the same schemas give the same witness). A function of the
    patterns alone, so drawn once a process: the drawing is most of a search, and a
    catalog's fields repeat their patterns (500 fields of one pattern took 4.7 s)."""
    rng = random.Random(0)
    bases: list[str] = []
    for pattern in patterns:
        bases[:0] = from_pattern(pattern, rng)
    return tuple(bases)


def from_pattern(pattern: str, rng: random.Random) -> list[str]:
    import rstr

    shortest = shortest_match(pattern)
    if shortest is None or shortest > MAX_PATTERN_INPUT:  # unread, or no value short enough
        return []
    generator = rstr.Rstr(rng)
    out: list[str] = []
    for _ in range(24):
        try:
            value = str(generator.xeger(pattern))
        except Exception:  # ECMA-only syntax Python's parser does not read: no candidates
            return out
        if len(value) <= MAX_PATTERN_INPUT:
            out.append(value)
    return out


def unmatched_key(sent: tuple[str, ...], accepted: tuple[str, ...]) -> str | None:
    """A key made from one of the ``sent`` patterns (and matching it) that surely matches
    none of the ``accepted`` ones; ``None`` when none was found (every key tried matched,
    or the patterns left the search without a verdict)."""
    from parity.fieldpaths.keyed import matches, surely_unmatched

    rng = random.Random(0)  # a fixed seed: the same patterns give the same witness
    for pattern in sent:
        for key in from_pattern(pattern, rng):
            if matches(pattern, key) is True and surely_unmatched(key, accepted):
                return key
    return None


def _numbers(both: tuple[dict[str, Any], dict[str, Any]]) -> Iterator[int | float]:
    yield from (0, 1, -1)
    for c in both:
        for keyword in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
            if keyword in c:
                b = c[keyword]
                yield from (b, b - 1, b + 1, kw.number(b - 0.5), kw.number(b + 0.5))
        if "multipleOf" in c:
            m = c["multipleOf"]
            yield from (kw.number(m / 2), kw.number(m * 1.5), m, m * 2)
    yield from (10**9, -(10**9), 0.5, -0.5)


def _arrays(both: tuple[dict[str, Any], dict[str, Any]], item: Entry | None) -> Iterator[list[Any]]:
    samples = _item_samples(item)
    yield []
    yield samples[:1]
    yield [samples[0], samples[0]]  # equal items: uniqueItems' witness
    for c in both:
        for keyword in ("minItems", "maxItems"):
            if keyword in c:
                for n in (c[keyword] - 1, c[keyword], c[keyword] + 1):
                    if 0 <= n <= MAX_LENGTH:
                        yield [samples[i % len(samples)] for i in range(n)]
                        if n <= len(samples):
                            yield samples[:n]


def _item_samples(item: Entry | None) -> list[Any]:
    """Distinct values an item of the sender's array may be."""
    if item is None or item.is_any:
        return list(range(MAX_LENGTH + 1))
    if item.enum:
        return list(item.enum)
    if item.allows("integer"):
        return list(range(MAX_LENGTH + 1))
    if item.allows("string"):
        return [f"s{i}" for i in range(MAX_LENGTH + 1)]
    for name, sample in (("boolean", [False, True]), ("null", [None]),
                         ("object", [{}]), ("array", [[]])):
        if item.allows(name):
            return sample
    return [0]
