"""Valid example arguments for a tool, generated from its pinned ``inputSchema``.

The drill and the probe call tools parity did not write, so they need arguments a server will
accept without anyone typing them. ``generate_arguments`` builds an instance of the schema:

- deterministic: every random choice comes from a ``random.Random`` seeded with the tool's
  name and the attempt number, so two runs send byte-identical arguments;
- ``required`` properties only (plus what ``minProperties`` needs), ``const`` and ``enum``
  first, then ``examples`` and ``default``; strings honour ``format``, ``pattern`` (through
  ``rstr``, a maintained regex-to-string generator) and lengths; numbers their bounds and
  ``multipleOf``; arrays ``minItems``/``maxItems``, tuples and ``uniqueItems``;
- ``$ref`` resolved through a ``referencing`` registry holding only the schema itself: a
  reference outside the document is never fetched, the value is simply not found;
- every candidate validated with ``jsonschema`` against the whole schema before it is used; a
  few seeded attempts, then a reason (the keyword and place that kept failing).

Configured example arguments always win over generated ones (``Config`` / ``DrillTarget``).
"""

from __future__ import annotations

import random
import re
import string
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from parity.errors import SchemaError
from parity.fieldpaths.patterns import PatternTimeout, search, shortest_match

#: Seeded attempts per tool before giving up with a reason.
ATTEMPTS = 12
#: How deep a generated value may nest (recursive schemas stop here).
MAX_DEPTH = 12
#: The longest string a pattern may produce before it is cut (and re-validated).
MAX_STRING = 64
#: the longest shortest match of a pattern a value is generated from (``rstr`` builds it whole:
#: ``^((b{1000}){1000}){1000}$`` is 10**9 characters)
MAX_PATTERN_VALUE = 10_000
#: Bounded work: a schema asking for more items or characters than this gets no value.
MAX_ITEMS = 256
MAX_LENGTH = 10_000


#: format -> a value the format checkers accept.
FORMATS: dict[str, str] = {
    "date": "2024-01-01", "date-time": "2024-01-01T00:00:00Z", "time": "00:00:00Z",
    "duration": "P1D", "email": "user@example.com", "idn-email": "user@example.com",
    "hostname": "example.com", "idn-hostname": "example.com", "ipv4": "192.0.2.1",
    "ipv6": "2001:db8::1", "uri": "https://example.com/", "url": "https://example.com/",
    "uri-reference": "https://example.com/", "iri": "https://example.com/",
    "iri-reference": "https://example.com/", "uri-template": "https://example.com/{id}",
    "uuid": "00000000-0000-4000-8000-000000000000", "json-pointer": "/a",
    "relative-json-pointer": "0", "regex": "^a$",
}


@dataclass(frozen=True)
class Generated:
    """The arguments found for one tool, or why none were."""

    arguments: Any
    #: why no valid value was found (None when ``arguments`` is set)
    reason: str | None = None
    #: the attempt that produced it (0: the plainest value)
    attempt: int = 0


class _Unresolvable(Exception):
    """A ``$ref`` that does not resolve inside the document (never fetched)."""


def generate_arguments(schema: Any, *, seed: str = "parity", attempts: int = ATTEMPTS,
                       tool: str = "<schema>") -> Generated:
    """Valid arguments for ``schema`` (a tool's ``inputSchema``), or the reason there are none.

    Arguments:
        schema: the pinned ``inputSchema``; anything that is not an object means ``{}``.
        seed: makes the choices deterministic; the drill passes the tool's name.
        attempts: seeded attempts, the first one plain (lowest bounds, first enum value).
        tool: the tool's name, for the reason a schema is unusable.
    """
    if not isinstance(schema, Mapping):
        return Generated({})
    return generate_instance(schema, seed=seed, attempts=attempts, want_object=True, tool=tool)


def generate_instance(schema: Any, *, seed: str = "parity", attempts: int = ATTEMPTS,
                      want_object: bool = False, tool: str = "<schema>") -> Generated:
    """Any valid instance of ``schema`` (in ``Generated.arguments``), or the reason there is
    none; ``want_object`` insists on a JSON object, as tool arguments must be."""
    if schema is True or schema == {}:
        return Generated({} if want_object else None)
    if not isinstance(schema, Mapping):
        return Generated(None, "the schema refuses every value")
    try:
        resolver, validator = _tools(schema, tool)
    except SchemaError as exc:  # a remote or dangling reference, references past the bounds
        return Generated(None, f"the inputSchema is not usable: {exc.message} "
                               f"(at {exc.location})")
    except Exception as exc:  # a schema jsonschema cannot even compile
        return Generated(None, f"the inputSchema is not usable ({type(exc).__name__})")
    last = "no candidate"
    for attempt in range(attempts):
        rng = random.Random(f"{seed}:{attempt}")
        try:
            value = _Builder(rng, resolver, attempt).build(schema, 0)
        except _Unresolvable as exc:
            return Generated(None, f"a $ref does not resolve inside the schema ({exc}); "
                                   "parity never fetches one")
        except RecursionError:
            return Generated(None, "the schema nests too deeply to build a value")
        if want_object and not isinstance(value, dict):
            last = "the schema does not describe an object"
            continue
        error = _first_error(validator, value)
        if error is None:
            return Generated(value, attempt=attempt)
        last = error
    return Generated(None, f"no valid value found in {attempts} attempts (last: {last})")


def _tools(schema: Mapping[str, Any], tool: str) -> tuple[Any, Any]:
    """A resolver over the schema alone (retrieval refused) and its validator, from the one
    validator factory."""
    from parity.fieldpaths.validators import resolver_for, validator_for

    return resolver_for(dict(schema)), validator_for(dict(schema), tool=tool,
                                                     where="inputSchema")


def _first_error(validator: Any, value: Any) -> str | None:
    import jsonschema

    try:
        error = jsonschema.exceptions.best_match(validator.iter_errors(value))
    except Exception as exc:  # an unresolvable $ref met during validation, a bad pattern
        return f"the schema cannot be checked ({type(exc).__name__})"
    if error is None:
        return None
    where = "$" + "".join(f"[{s}]" if isinstance(s, int) else f".{s}"
                          for s in error.absolute_path)
    return f"{error.validator} at {where}"


class _Builder:
    """One attempt at a value: attempt 0 is plain, later ones vary the choices."""

    def __init__(self, rng: random.Random, resolver: Any, attempt: int) -> None:
        self.rng = rng
        self.resolver = resolver
        self.attempt = attempt
        #: bumped for each distinct value needed (later attempts, unique array items)
        self.variant = attempt

    def build(self, schema: Any, depth: int) -> Any:
        if schema is True or not isinstance(schema, Mapping):
            return None if schema is not True else "x"
        if depth > MAX_DEPTH:
            return None
        if isinstance(schema.get("$ref"), str):
            return self._ref(schema, depth)
        if "const" in schema:
            return schema["const"]
        enum = schema.get("enum")
        if isinstance(enum, list) and enum:
            return enum[self.variant % len(enum)]
        for key in ("examples", "default"):
            if self.attempt < 2 and key in schema:
                value = schema[key]
                if key == "examples":
                    if isinstance(value, list) and value:
                        return value[self.attempt % len(value)]
                    continue
                return value
        if isinstance(schema.get("allOf"), list):
            return self.build(_merge(schema), depth + 1)
        for key in ("anyOf", "oneOf"):
            options = schema.get(key)
            if isinstance(options, list) and options:
                return self.build(self._option(options), depth + 1)
        return self._typed(schema, self._type(schema), depth)

    def _ref(self, schema: Mapping[str, Any], depth: int) -> Any:
        from referencing.exceptions import Unresolvable

        try:
            resolved = self.resolver.lookup(schema["$ref"])
        except Unresolvable as exc:
            raise _Unresolvable(schema["$ref"]) from exc
        target = resolved.contents
        siblings = {k: v for k, v in schema.items() if k != "$ref"}
        if siblings and isinstance(target, Mapping):
            target = {"allOf": [target, siblings]}
        previous, self.resolver = self.resolver, resolved.resolver
        try:
            return self.build(target, depth + 1)
        finally:
            self.resolver = previous

    def _option(self, options: list[Any]) -> Any:
        usable = [o for o in options if not (isinstance(o, Mapping) and o.get("type") == "null")]
        usable = usable or options
        return usable[self.attempt % len(usable)]

    def _type(self, schema: Mapping[str, Any]) -> str | None:
        kind = schema.get("type")
        if isinstance(kind, list):
            kinds = [k for k in kind if isinstance(k, str) and k != "null"] or ["null"]
            return kinds[self.attempt % len(kinds)]
        if isinstance(kind, str):
            return kind
        if any(k in schema for k in ("properties", "required", "additionalProperties")):
            return "object"
        if any(k in schema for k in ("items", "prefixItems", "minItems")):
            return "array"
        if any(k in schema for k in ("pattern", "minLength", "maxLength", "format")):
            return "string"
        if any(k in schema for k in ("minimum", "maximum", "exclusiveMinimum", "multipleOf")):
            return "number"
        return None

    def _typed(self, schema: Mapping[str, Any], kind: str | None, depth: int) -> Any:
        if kind == "object":
            return self._object(schema, depth)
        if kind == "array":
            return self._array(schema, depth)
        if kind == "string":
            return self._string(schema)
        if kind in ("integer", "number"):
            return self._number(schema, integer=kind == "integer")
        if kind == "boolean":
            return self.variant % 2 == 0
        return None

    def _object(self, schema: Mapping[str, Any], depth: int) -> dict[str, Any]:
        props = schema.get("properties")
        props = props if isinstance(props, Mapping) else {}
        names = _names(schema.get("required"))
        wanted = schema.get("minProperties")
        if isinstance(wanted, int):
            names += [n for n in props if n not in names][:max(0, wanted - len(names))]
        out: dict[str, Any] = {}
        for name in dict.fromkeys(names):
            out[name] = self.build(self._property_schema(schema, props, name), depth + 1)
        return out

    @staticmethod
    def _property_schema(schema: Mapping[str, Any], props: Mapping[str, Any], name: str) -> Any:

        if name in props:
            return props[name]
        patterns = schema.get("patternProperties")
        if isinstance(patterns, Mapping):
            for pattern, sub in patterns.items():
                try:  # the server's pattern: matched within a time bound
                    if search(pattern, name):
                        return sub
                except (re.error, PatternTimeout):
                    continue
        extra = schema.get("additionalProperties")
        return extra if isinstance(extra, Mapping) else {"type": "string"}

    def _array(self, schema: Mapping[str, Any], depth: int) -> list[Any]:
        low, high = _count(schema, "minItems", 0), _count(schema, "maxItems", None)
        count = max(low, 1 if high is None or high >= 1 else 0)
        if high is not None:
            count = min(count, high)
        count = min(count, MAX_ITEMS)
        prefix = schema.get("prefixItems")
        items = schema.get("items", {})
        if isinstance(items, list):  # draft 2019 and older spell a tuple as array `items`
            prefix, items = items, schema.get("additionalItems", {})
        prefix = prefix if isinstance(prefix, list) else []
        out = [self.build(sub, depth + 1) for sub in prefix[:max(count, len(prefix))]]
        seen = 0
        while len(out) < count and seen < count * 8:
            seen += 1
            value = self.build(items, depth + 1)
            if schema.get("uniqueItems") is True and value in out:
                self.variant += 1  # vary the next item: uniqueness needs distinct values
                continue
            out.append(value)
        return out

    def _string(self, schema: Mapping[str, Any]) -> str:
        low, high = _count(schema, "minLength", 0), _count(schema, "maxLength", None)
        fmt = schema.get("format")
        pattern = schema.get("pattern")
        if isinstance(pattern, str):
            value = self._from_pattern(pattern, high)
        elif isinstance(fmt, str) and fmt in FORMATS:
            value = _vary_format(fmt, self.variant)
        elif self.variant == 0:
            value = "example"
        else:
            value = "".join(self.rng.choice(string.ascii_lowercase) for _ in range(8))
        if len(value) < low:
            value += "x" * (min(low, MAX_LENGTH) - len(value))
        return value if high is None else value[:high]

    def _from_pattern(self, pattern: str, high: int | None) -> str:
        import rstr

        shortest = shortest_match(pattern)
        if shortest is None or shortest > MAX_PATTERN_VALUE:  # rstr would build all of it
            return "example"
        generator = rstr.Rstr(self.rng)
        try:
            value = str(generator.xeger(pattern))
        except Exception:  # a pattern Python's regex parser does not read (ECMA-only syntax)
            return "example"
        limit = min(high, MAX_STRING) if high is not None else MAX_STRING
        return value[:limit] if len(value) > limit and self.attempt % 2 else value

    def _number(self, schema: Mapping[str, Any], *, integer: bool) -> int | float:
        low, high = _bound(schema, "minimum"), _bound(schema, "maximum")
        ex_low, ex_high = _bound(schema, "exclusiveMinimum"), _bound(schema, "exclusiveMaximum")
        if schema.get("exclusiveMinimum") is True:  # draft 4 spells exclusivity as a flag
            ex_low, low = low, None
        if schema.get("exclusiveMaximum") is True:
            ex_high, high = high, None
        upper = high if high is not None else ex_high
        if low is not None:
            value = low
        elif ex_low is not None:
            value = ex_low + 1 if upper is None or ex_low + 1 < upper else (ex_low + upper) / 2
        else:
            value = 1.0 if upper is None or upper > 1 else upper - 1
        value += self.variant  # a later attempt or a distinct array item: another number
        if upper is not None and value >= upper and (high is None or value > high):
            value = low if low is not None else value - self.variant
        step = _bound(schema, "multipleOf")
        if step:
            value = -(-value // step) * step  # the first multiple at or above
        if integer:
            value = float(-(-value // 1)) if ex_low is None or value > ex_low else \
                float(ex_low // 1 + 1)
        return int(value) if float(value).is_integer() else value


def _count(schema: Mapping[str, Any], key: str, default: int | None) -> Any:
    value = schema.get(key)
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def _bound(schema: Mapping[str, Any], key: str) -> float | None:
    value = schema.get(key)
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) \
        else None


def _vary_format(fmt: str, variant: int) -> str:
    """The format's example, made distinct per variant where the format allows it."""
    value = FORMATS[fmt]
    if not variant:
        return value
    varied = {"email": f"user{variant}@example.com", "idn-email": f"user{variant}@example.com",
              "hostname": f"h{variant}.example.com", "idn-hostname": f"h{variant}.example.com",
              "uri": f"https://example.com/{variant}", "url": f"https://example.com/{variant}",
              "uri-reference": f"https://example.com/{variant}",
              "iri": f"https://example.com/{variant}",
              "iri-reference": f"https://example.com/{variant}",
              "uuid": f"00000000-0000-4000-8000-{variant % 10**12:012d}",
              "ipv4": f"192.0.2.{variant % 255}", "date": f"2024-01-{variant % 28 + 1:02d}",
              "json-pointer": f"/a{variant}"}
    return varied.get(fmt, value)


def _names(required: Any) -> list[str]:
    """The property names a ``required`` value lists: a server's schema may hold anything
    there, and the validator, not the builder, says what is wrong with it."""
    return [r for r in required if isinstance(r, str)] if isinstance(required, list) else []


def _merge(schema: Mapping[str, Any]) -> dict[str, Any]:
    """``allOf`` folded into one schema: properties and required united, the rest overlaid."""
    merged: dict[str, Any] = {k: v for k, v in schema.items() if k != "allOf"}
    for part in schema["allOf"]:
        if not isinstance(part, Mapping):
            continue
        if "allOf" in part:
            part = _merge(part)
        for key, value in part.items():
            if key == "properties" and isinstance(value, Mapping):
                merged["properties"] = {**merged.get("properties", {}), **value}
            elif key == "required" and isinstance(value, list):
                merged["required"] = list(dict.fromkeys([*_names(merged.get("required")),
                                                         *_names(value)]))
            else:
                merged.setdefault(key, value)
    return merged
