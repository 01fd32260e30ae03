"""Canonical JSON (RFC 8785) and the domain-separated digests built on it.

``canonical_json`` is byte-identical to ``rfc8785.dumps`` for every value, and raises
``ValueDomainError`` (an input error naming the JSON pointer) where it raises. Most values
take a fast path through the C encoder of ``json``; one walk over the value first proves that
its output is the RFC 8785 output, and anything it cannot prove goes to ``rfc8785``. How the
two serializations differ, and what the walk does about each:

- **strings**: both escape exactly ``"``, ``\\`` and U+0000-U+001F, with the same short forms
  (``\\b \\f \\n \\r \\t``) and lowercase ``\\u00xx`` for the rest, and leave everything else
  (U+007F, U+2028, U+2029, non-ASCII) as UTF-8. A lone surrogate cannot be encoded as UTF-8:
  the fast path's ``encode`` fails and ``rfc8785`` raises its own error.
- **object keys**: RFC 8785 sorts by UTF-16 code units, ``json`` by code points. The orders
  can only disagree in an object with a key holding a character above U+FFFF; the keys of
  such an object are sorted both ways, and the whole value falls back if they differ. A key
  that is not exactly a ``str`` falls back too (``rfc8785`` refuses it; ``json`` would not).
- **integers**: ``rfc8785`` refuses any beyond +-(2**53 - 1): those fall back (and raise).
- **floats**: RFC 8785 prints the ECMAScript form (``1`` for ``1.0``, ``1e-7``, ``1e+21``,
  ``0`` for ``-0.0``); Python's ``repr`` agrees only for a non-integral float of magnitude at
  least 1e-4 (both then print the shortest round-trip digits in positional notation). Such a
  float is kept; every other finite float is swapped for a marker string carrying its
  ECMAScript text, and the markers are replaced in the output. NaN and infinities fall back.
- **anything else** (``bool`` is fine; tuples, subclasses of ``dict``, ``list``, ``str``,
  ``int`` or ``float``, other types) falls back.
"""

from __future__ import annotations

import functools
import hashlib
import json
import math
from typing import Any

import rfc8785

from parity.errors import ValueDomainError

_INT_MAX = 2**53 - 1  # rfc8785's integer domain: [-(2**53 - 1), 2**53 - 1]

# Marker of a float in the fast path: the string ``OPEN + text + CLOSE``, which ``json`` prints
# as ``"OPEN text CLOSE"`` (the text is digits, ``.``, ``e``, ``+``, ``-``: never escaped).
# Lone surrogates can never be in a valid output, so counting them proves that every marker
# found is one of ours.
_OPEN = "\ud800"
_CLOSE = "\udbff"

_ENCODER = json.JSONEncoder(ensure_ascii=False, check_circular=False, allow_nan=False,
                            sort_keys=True, separators=(",", ":"))


class _Fallback(Exception):
    """The value holds something the fast path cannot prove equal to RFC 8785."""


def canonical_json(value: Any) -> bytes:
    """RFC 8785 (JCS) bytes of a JSON value."""
    markers = [0]
    try:
        prepared = _prepare(value, markers)
    except (_Fallback, RecursionError):
        return _rfc8785(value)
    try:
        text = _ENCODER.encode(prepared)
    except RecursionError:
        return _rfc8785(value)
    if markers[0]:
        if text.count(_OPEN) != markers[0] or text.count(_CLOSE) != markers[0]:
            return _rfc8785(value)  # a string of the value holds a lone surrogate
        text = text.replace('"' + _OPEN, "").replace(_CLOSE + '"', "")
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:
        return _rfc8785(value)  # a lone surrogate: rfc8785 raises its own error


def _rfc8785(value: Any) -> bytes:
    """``rfc8785.dumps``; a value it refuses is the input's fault, named with its pointer."""
    try:
        return rfc8785.dumps(value)
    except (rfc8785.CanonicalizationError, UnicodeError, ValueError, RecursionError) as exc:
        from parity.core.jsonio import VALUES_HINT, unrepresentable

        found = unrepresentable(value)
        where, what = found if found is not None else (None, type(exc).__name__)
        raise ValueDomainError(f"cannot canonicalize a JSON value: {what}", location=where,
                               hint=VALUES_HINT) from None


def _prepare(node: Any, markers: list[int]) -> Any:
    """``node`` itself when ``json`` prints it as RFC 8785 does, else a copy with floats
    swapped for markers (counted in ``markers[0]``); ``_Fallback`` when neither works."""
    t = type(node)
    if t is dict:
        copy: Any = None
        astral = False
        for key, value in node.items():
            if type(key) is not str:
                raise _Fallback
            if not key.isascii() and max(key) > "\uffff":
                astral = True
            tv = type(value)
            if tv is str or tv is bool or value is None:
                continue
            if tv is int:
                if -_INT_MAX <= value <= _INT_MAX:
                    continue
                raise _Fallback
            if tv is float:
                if (1e-4 <= value < 1e16 or -1e16 < value <= -1e-4) \
                        and not value.is_integer():
                    continue
                new: Any = _marker(value, markers)
            else:
                new = _prepare(value, markers)
                if new is value:
                    continue
            if copy is None:
                copy = dict(node)
            copy[key] = new
        if astral:
            _check_key_order(node)
        return node if copy is None else copy
    if t is list:  # the same value checks as for objects, inlined: this is the hot loop
        copy = None
        for i, value in enumerate(node):
            tv = type(value)
            if tv is str or tv is bool or value is None:
                continue
            if tv is int:
                if -_INT_MAX <= value <= _INT_MAX:
                    continue
                raise _Fallback
            if tv is float:
                if (1e-4 <= value < 1e16 or -1e16 < value <= -1e-4) \
                        and not value.is_integer():
                    continue
                new = _marker(value, markers)
            else:
                new = _prepare(value, markers)
                if new is value:
                    continue
            if copy is None:
                copy = list(node)
            copy[i] = new
        return node if copy is None else copy
    if t is float:
        if (1e-4 <= node < 1e16 or -1e16 < node <= -1e-4) and not node.is_integer():
            return node
        return _marker(node, markers)
    if t is str or t is bool or node is None:
        return node
    if t is int and -_INT_MAX <= node <= _INT_MAX:
        return node
    raise _Fallback


def _marker(f: float, markers: list[int]) -> str:
    if not math.isfinite(f):
        raise _Fallback
    markers[0] += 1
    return _OPEN + es6_number(f) + _CLOSE


def _check_key_order(node: dict[str, Any]) -> None:
    """Fall back unless code-point order and UTF-16 order agree on the keys of ``node``
    (which has a key with a character above U+FFFF)."""
    keys = list(node)
    try:
        if sorted(keys) == sorted(keys, key=lambda k: k.encode("utf-16-be")):
            return
    except UnicodeEncodeError:  # a lone surrogate
        pass
    raise _Fallback


@functools.lru_cache(maxsize=4096)
def es6_number(f: float) -> str:
    """The ECMAScript ``Number::toString`` form of a finite float, as RFC 8785 prints it."""
    if f == 0:
        return "0"
    text = repr(f)  # the shortest digits that round-trip, as ECMAScript's
    sign = ""
    if text[0] == "-":
        sign, text = "-", text[1:]
    mantissa, _, exponent = text.partition("e")
    whole, _, fraction = mantissa.partition(".")
    digits = whole + fraction
    # the value is 0.DIGITS x 10**point
    point = len(whole) + (int(exponent) if exponent else 0)
    stripped = digits.lstrip("0")
    point -= len(digits) - len(stripped)
    digits = stripped.rstrip("0")
    k = len(digits)
    if k <= point <= 21:
        body = digits + "0" * (point - k)
    elif 0 < point <= 21:
        body = digits[:point] + "." + digits[point:]
    elif -6 < point <= 0:
        body = "0." + "0" * -point + digits
    else:
        e = point - 1
        body = (digits[0] + ("." + digits[1:] if k > 1 else "")
                + ("e+" if e >= 0 else "e-") + str(abs(e)))
    return sign + body


def digest(domain: str, value: Any) -> str:
    """``sha256:<hex>`` over ``domain NUL canonical-json``; the domain names what is hashed
    and its version, so equal bytes hashed for different purposes never collide."""
    h = hashlib.sha256()
    h.update(domain.encode("ascii"))
    h.update(b"\x00")
    h.update(canonical_json(value))
    return "sha256:" + h.hexdigest()


#: Domain of the hash a manifest records for the definition each tool came from.
TOOL_DEFINITION_DOMAIN = "parity/tool-definition/v1"


def definition_hash(definition: Any) -> str:
    return digest(TOOL_DEFINITION_DOMAIN, definition)
