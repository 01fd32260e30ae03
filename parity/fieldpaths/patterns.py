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
the schema unusable).
"""

from __future__ import annotations

import functools
import re
import types
from collections.abc import Iterator, Mapping
from typing import Any

#: The most one match may take, in seconds; real patterns take microseconds.
MATCH_BUDGET = 0.05
#: The most pattern items a pattern may spell out once its counted repeats are unrolled, as
#: ``regex`` compiles them: ``^((b{1000}){1000}){1000}$`` is 10**9 and would fill the memory.
MAX_UNROLLED = 100_000


class PatternTimeout(Exception):
    """A pattern that cannot be matched within its budget: a match ran past
    ``MATCH_BUDGET``, or compiling it would unroll past ``MAX_UNROLLED`` items."""

    def __init__(self, pattern: str, why: str | None = None) -> None:
        super().__init__(f"the pattern {pattern!r} "
                         + (why or f"took more than {MATCH_BUDGET:g} s to match (it "
                                   "backtracks without bound)"))
        self.pattern = pattern


def _parser() -> Any:
    try:
        from re import _parser as parser  # type: ignore[attr-defined,unused-ignore]
    except ImportError:  # pragma: no cover - Python 3.10
        import sre_parse as parser
    return parser


@functools.lru_cache(maxsize=1024)
def _compiled(pattern: str) -> Any:
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
    ``PatternTimeout`` past it (or for a pattern too large to compile), ``re.error`` for a
    pattern ``re`` cannot compile."""
    try:
        return _compiled(pattern).search(text, timeout=MATCH_BUDGET) is not None
    except TimeoutError:
        raise PatternTimeout(pattern) from None


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


#: the name jsonschema's ``unevaluatedProperties`` functions find evaluated keys by
_FINDER = "find_evaluated_property_keys_by_schema"


@functools.cache
def _unevaluated_properties(keyword: Any) -> Any:
    """``keyword`` (one of ``jsonschema``'s own ``unevaluatedProperties`` functions, 2020-12's
    or 2019-09's), its finder of evaluated keys matching ``patternProperties`` through
    ``search``. The finder recurses by its global name, so the copy binds that name to
    itself. ``None`` for a function not laid out so (a test pins the releases parity
    supports)."""
    finder = getattr(keyword, "__globals__", {}).get(_FINDER)
    if not isinstance(finder, types.FunctionType) or "re" not in finder.__code__.co_names:
        return None  # pragma: no cover - another jsonschema layout
    bounded = _rebound(finder, re=_BoundedRe)
    bounded.__globals__[_FINDER] = bounded
    return _rebound(keyword, **{_FINDER: bounded})


_BUDGETED: dict[Any, Any] = {}


def budgeted(cls: Any) -> Any:
    """``cls`` (a ``jsonschema`` validator class) with its pattern keywords bounded."""
    found = _BUDGETED.get(cls)
    if found is None:
        from jsonschema.validators import extend

        keywords = {"pattern": _pattern, "patternProperties": _pattern_properties,
                    "additionalProperties": _additional_properties}
        if "unevaluatedProperties" in cls.VALIDATORS:
            keywords["unevaluatedProperties"] = _unevaluated_properties(
                cls.VALIDATORS["unevaluatedProperties"])
        found = _BUDGETED[cls] = extend(
            cls, {k: v for k, v in keywords.items() if k in cls.VALIDATORS and v is not None})
    return found

