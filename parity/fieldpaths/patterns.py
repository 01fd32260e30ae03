"""Matching a schema's patterns in bounded time.

A pattern comes from the server or a committed file, and a pattern such as ``^(a+)+b$``
backtracks exponentially: 40 characters keep Python's ``re`` busy for hours, and ``re``
cannot be stopped. Patterns are matched here with the `regex` module, which stops a match
after ``MATCH_BUDGET`` seconds and reads every pattern ``re`` reads the same way (its default
version 0 is ``re``'s syntax). A pattern ``re`` cannot compile still raises ``re.error``, so
what parity checks is what it checked before, only bounded.

``budgeted(cls)`` is a ``jsonschema`` validator class whose ``pattern``, ``patternProperties``,
``additionalProperties`` and ``unevaluatedProperties`` match this way; a match past the
budget raises ``PatternTimeout`` (no verdict: the witness search gives up, the guard calls
the schema unusable). Its ``uniqueItems``, ``enum`` and ``const`` compare values in linear
time (``equality``), and its ``unevaluatedProperties`` and ``unevaluatedItems`` look the keys
and items other keywords evaluated up in a set.

The budget bounds one match, not their number: 20 such patterns beside 100 property names
are 2,000 matches past it, 100 s. So a failure is remembered by pattern, beside the compiled
patterns and never dropped: once a match of a pattern has run past ``MATCH_BUDGET``, every
later match of it raises ``PatternTimeout`` untried, even on a text it would decide at once;
a pattern too large to compile, or that ``re`` cannot read, raises again what it raised the
first time, unparsed. The answer stays the one a timeout gives, no verdict, never a match or
a miss; only the texts met before a pattern's first timeout were decided. And one process
lets at most ``MAX_TIMEOUTS`` matches run past the budget (5 s in all): past that no pattern
is matched at all, every match raises ``PatternTimeout``. Which matches run past the budget
depends on the machine, as it did; given that, the answers depend only on the patterns and
texts matched and their order, so a run over the same files answers alike. A match within
its budget costs what it did (one dictionary lookup finds its compiled pattern; the refused
patterns and the count are read only where that finds none), and it is not counted: a
pattern that takes 40 ms on each of many names still takes 40 ms on each.
``timeouts()`` counts the matches past the budget; ``forget()`` starts afresh, as a new
process does.
"""

from __future__ import annotations

import functools
import re
import threading
import types
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from parity.fieldpaths.equality import const, enum, unique_items

#: The most one match may take, in seconds; real patterns take microseconds.
MATCH_BUDGET = 0.05
#: The most pattern items a pattern may spell out once its counted repeats are unrolled, as
#: ``regex`` compiles them: ``^((b{1000}){1000}){1000}$`` is 10**9 and would fill the memory.
MAX_UNROLLED = 100_000
#: The most matches one process lets run past ``MATCH_BUDGET`` (5 s in all); past it no
#: pattern is matched any more. Each pattern times out at most once, so only a hundred
#: distinct runaway patterns reach it.
MAX_TIMEOUTS = 100
#: Compiled patterns kept, the oldest dropped first (a refused pattern is kept apart).
CACHE_SIZE = 1024


class PatternTimeout(Exception):
    """A pattern that cannot be matched within its budget: a match ran past
    ``MATCH_BUDGET``, or compiling it would unroll past ``MAX_UNROLLED`` items."""

    def __init__(self, pattern: str, why: str | None = None) -> None:
        super().__init__(f"the pattern {pattern!r} "
                         + (why or f"took more than {MATCH_BUDGET:g} s to match (it "
                                   "backtracks without bound)"))
        self.pattern = pattern
        self.why = why


#: pattern -> its compiled form: the one lookup a match makes
_CACHE: dict[str, Any] = {}
#: pattern -> the error it is refused with, made anew: it timed out, is too large to
#: compile, or ``re`` cannot read it. Never dropped, so none of them is tried twice.
_REFUSED: dict[str, Callable[[], Exception]] = {}
#: matches that ran past ``MATCH_BUDGET`` in this process
_TIMEOUTS = [0]
#: held to change ``_CACHE`` or ``_TIMEOUTS`` (a lookup takes none): the guard validates in
#: the agent's threads, and finding the oldest pattern while another thread adds one raised
#: ``RuntimeError`` (a guarded call refused as an unusable schema)
_LOCK = threading.Lock()


def timeouts() -> int:
    """How many matches ran past ``MATCH_BUDGET`` in this process (since ``forget()``)."""
    return _TIMEOUTS[0]


def forget() -> None:
    """Forget the compiled and refused patterns and the timeouts counted: a new process's
    start (each test starts from it)."""
    with _LOCK:
        _CACHE.clear()
        _REFUSED.clear()
        _TIMEOUTS[0] = 0


def _parser() -> Any:
    try:
        from re import _parser as parser  # type: ignore[attr-defined,unused-ignore]
    except ImportError:  # pragma: no cover - Python 3.10
        import sre_parse as parser
    return parser


def _compiled(pattern: str) -> Any:
    """``pattern`` compiled, kept for its next match; raises what refused it before, or,
    once this process has used up ``MAX_TIMEOUTS``, ``PatternTimeout`` for every pattern."""
    refused = _REFUSED.get(pattern)
    if refused is not None:
        raise refused()
    if _TIMEOUTS[0] >= MAX_TIMEOUTS:
        raise PatternTimeout(pattern, f"was not matched: {MAX_TIMEOUTS} matches ran past "
                                      f"{MATCH_BUDGET:g} s in this process")
    try:
        compiled = _compile(pattern)
    except re.error as exc:
        _REFUSED[pattern] = functools.partial(re.error, exc.msg, exc.pattern, exc.pos)
        raise
    except PatternTimeout as exc:
        _REFUSED[pattern] = functools.partial(PatternTimeout, pattern, exc.why)
        raise
    with _LOCK:
        if len(_CACHE) >= CACHE_SIZE:
            _CACHE.pop(next(iter(_CACHE), ""), None)  # the oldest
        _CACHE[pattern] = compiled
    return compiled


def _timed_out(pattern: str) -> PatternTimeout:
    """The error for a match of ``pattern`` past the budget, remembered: the pattern is not
    matched again, and past ``MAX_TIMEOUTS`` no pattern is."""
    _REFUSED[pattern] = functools.partial(
        PatternTimeout, pattern, f"took more than {MATCH_BUDGET:g} s on an earlier match (it "
                                 "backtracks without bound): it is not matched again")
    with _LOCK:
        _TIMEOUTS[0] += 1
        _CACHE.pop(pattern, None)
        if _TIMEOUTS[0] >= MAX_TIMEOUTS:
            _CACHE.clear()  # every pattern now meets the count where the cache has none
    return PatternTimeout(pattern)


def _compile(pattern: str) -> Any:
    re.compile(pattern)  # what re cannot read stays unread (re.error)
    if _unrolled(_parser().parse(pattern)) > MAX_UNROLLED:
        raise PatternTimeout(pattern, f"unrolls past {MAX_UNROLLED:,} items (counted "
                                      "repeats inside counted repeats)")
    import regex

    try:
        return regex.compile(pattern)
    except regex.error as exc:  # pragma: no cover - regex reads all that re reads
        raise re.error(str(exc)) from None


def _unrolled(items: Any) -> int:
    """How many items a parsed pattern spells out with its counted repeats unrolled (an
    open repeat, ``*`` or ``{2,}``, counts as its least)."""
    parser = _parser()
    repeats = {parser.MAX_REPEAT, parser.MIN_REPEAT,
               getattr(parser, "POSSESSIVE_REPEAT", parser.MAX_REPEAT)}
    total = 0
    for op, av in items:
        if op in repeats:
            low, high, sub = av
            total += max(1, low if high == parser.MAXREPEAT else high) * _unrolled(sub)
        elif op == parser.SUBPATTERN:
            total += _unrolled(av[-1])
        elif op == parser.BRANCH:
            total += sum(_unrolled(branch) for branch in av[1])
        elif op in (parser.ASSERT, parser.ASSERT_NOT):
            total += _unrolled(av[1])
        elif op == getattr(parser, "ATOMIC_GROUP", None):
            total += _unrolled(av)
        elif op == parser.GROUPREF_EXISTS:
            total += sum(_unrolled(part) for part in av[1:] if part is not None)
        else:
            total += 1
        if total > MAX_UNROLLED:
            return total
    return total


def search(pattern: str, text: str) -> bool:
    """``re.search(pattern, text) is not None``, within ``MATCH_BUDGET``: raises
    ``PatternTimeout`` past it (or for a pattern too large to compile, or one that ran past
    it before, or any once the process has spent ``MAX_TIMEOUTS``), ``re.error`` for a
    pattern ``re`` cannot compile."""
    compiled = _CACHE.get(pattern)
    if compiled is None:  # new, dropped, or refused
        compiled = _compiled(pattern)
    try:
        return compiled.search(text, timeout=MATCH_BUDGET) is not None
    except TimeoutError:
        raise _timed_out(pattern) from None


def shortest_match(pattern: str) -> int | None:
    """The length of the shortest text ``pattern`` matches as a whole (``None``: ``re``
    cannot read it): ``^((b{1000}){1000}){1000}$`` is 10**9 characters, which a generator
    (``rstr``) would build before anyone could cut it short."""
    try:
        return int(_parser().parse(pattern).getwidth()[0])
    except (re.error, OverflowError, RecursionError, ValueError):
        return None


# -- jsonschema keywords, as jsonschema's own but matching through ``search`` ---------------


def _pattern(validator: Any, pattern: Any, instance: Any, schema: Any) -> Iterator[Any]:
    from jsonschema.exceptions import ValidationError

    if validator.is_type(instance, "string") and not search(pattern, instance):
        yield ValidationError(f"{instance!r} does not match {pattern!r}")


def _pattern_properties(validator: Any, patterns: Any, instance: Any,
                        schema: Any) -> Iterator[Any]:
    if not validator.is_type(instance, "object"):
        return
    for pattern, subschema in patterns.items():
        for key, value in instance.items():
            if search(pattern, key):
                yield from validator.descend(value, subschema, path=key, schema_path=pattern)


def _additional_properties(validator: Any, additional: Any, instance: Any,
                           schema: Any) -> Iterator[Any]:
    from jsonschema.exceptions import ValidationError

    if not validator.is_type(instance, "object"):
        return
    extras = _extras(instance, schema)
    if validator.is_type(additional, "object"):
        for extra in extras:
            yield from validator.descend(instance[extra], additional, path=extra)
    elif not additional and extras:
        shown = ", ".join(repr(each) for each in extras)
        yield ValidationError(f"Additional properties are not allowed ({shown} "
                              f"{'was' if len(extras) == 1 else 'were'} unexpected)")


def _extras(instance: Mapping[str, Any], schema: Mapping[str, Any]) -> list[str]:
    properties = schema.get("properties", {})
    patterns = list(schema.get("patternProperties", {}))
    return sorted(key for key in instance if key not in properties
                  and not any(search(p, key) for p in patterns))


class _BoundedRe:
    """What ``jsonschema``'s property finder asks of ``re``: ``search``, bounded."""

    @staticmethod
    def search(pattern: str, text: str) -> bool:
        return search(pattern, text)


def _rebound(function: Any, **names: Any) -> Any:
    """``function`` itself, reading ``names`` instead of its module's globals of those names."""
    scope = {**function.__globals__, **names}
    return types.FunctionType(function.__code__, scope, function.__name__,
                              function.__defaults__, function.__closure__)


#: the names jsonschema's ``unevaluatedProperties`` and ``unevaluatedItems`` functions find
#: the evaluated keys and indexes by
_FINDER = "find_evaluated_property_keys_by_schema"
_ITEMS_FINDER = "find_evaluated_item_indexes_by_schema"


@functools.cache
def _unevaluated_properties(keyword: Any) -> Any:
    """``keyword`` (one of ``jsonschema``'s own ``unevaluatedProperties`` functions, 2020-12's
    or 2019-09's), its finder of evaluated keys matching ``patternProperties`` through
    ``search``, and its keys looked up in a set. The finder recurses by its global name, so
    the copy binds that name to itself. ``None`` for a function not laid out so (a test
    pins the releases parity supports)."""
    finder = getattr(keyword, "__globals__", {}).get(_FINDER)
    if not isinstance(finder, types.FunctionType) or "re" not in finder.__code__.co_names:
        return None  # pragma: no cover - another jsonschema layout
    bounded = _rebound(finder, re=_BoundedRe)
    bounded.__globals__[_FINDER] = bounded
    return _rebound(keyword, **{_FINDER: _as_set(bounded)})


@functools.cache
def _unevaluated_items(keyword: Any) -> Any:
    """``keyword`` (``jsonschema``'s ``unevaluatedItems``), its evaluated indexes looked up
    in a set; ``None`` for a function not laid out so."""
    finder = getattr(keyword, "__globals__", {}).get(_ITEMS_FINDER)
    if not isinstance(finder, types.FunctionType):
        return None  # pragma: no cover - another jsonschema layout
    return _rebound(keyword, **{_ITEMS_FINDER: _as_set(finder)})


def _as_set(finder: Callable[[Any, Any, Any], Any]) -> Callable[[Any, Any, Any], set[Any]]:
    """``finder``'s keys or indexes as a set: ``jsonschema`` gathers them in a list and asks
    it once an instance's key or item (an object of 16,000 keys: 1.8 s, its square;
    python-jsonschema/jsonschema#1536, open)."""

    def evaluated(validator: Any, instance: Any, schema: Any) -> set[Any]:
        return set(finder(validator, instance, schema))

    return evaluated


_BUDGETED: dict[Any, Any] = {}


def budgeted(cls: Any) -> Any:
    """``cls`` (a ``jsonschema`` validator class) with its pattern keywords bounded, and
    ``uniqueItems``, ``enum`` and ``const`` linear (``equality``)."""
    found = _BUDGETED.get(cls)
    if found is None:
        from jsonschema.validators import extend

        keywords = {"pattern": _pattern, "patternProperties": _pattern_properties,
                    "additionalProperties": _additional_properties,
                    "uniqueItems": unique_items(cls.VALIDATORS.get("uniqueItems")),
                    "enum": enum(cls.VALIDATORS.get("enum")),
                    "const": const(cls.VALIDATORS.get("const"))}
        if "unevaluatedProperties" in cls.VALIDATORS:
            keywords["unevaluatedProperties"] = _unevaluated_properties(
                cls.VALIDATORS["unevaluatedProperties"])
        if "unevaluatedItems" in cls.VALIDATORS:
            keywords["unevaluatedItems"] = _unevaluated_items(cls.VALIDATORS["unevaluatedItems"])
        found = _BUDGETED[cls] = extend(
            cls, {k: v for k, v in keywords.items() if k in cls.VALIDATORS and v is not None})
    return found

