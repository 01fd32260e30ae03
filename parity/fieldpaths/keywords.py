"""The keywords of JSON Schema as parity reads them: one small reader per keyword, in one
registry (``KEYWORDS``), each folding one keyword's value into the facets of a node.
``parity.fieldpaths.schema`` walks the schema and calls them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from parity.errors import SchemaError
from parity.fieldpaths import constraints
from parity.fieldpaths.entry import sorted_values, value_identity
from parity.fieldpaths.keysets import OneOf, excluded, refuses_every_value
from parity.fieldpaths.pointers import escape_token

if TYPE_CHECKING:
    from referencing._core import Resolver

#: the JSON type names `type` may use
TYPE_NAMES = frozenset({"array", "boolean", "integer", "null", "number", "object", "string"})

#: Keywords that constrain a node in ways parity records but does not model.
UNSUPPORTED_KEYWORDS = ("contains", "dependentSchemas", "else", "if", "not", "then",
                        "unevaluatedItems")


class Reading(Protocol):
    """What a keyword reader needs of the walk in progress."""

    @property
    def tuple_items(self) -> bool:
        """draft-07 and older: an ``items`` list is a tuple."""

    @property
    def legacy(self) -> bool:
        """draft-07 and older: no ``unevaluatedProperties`` (2019-09 brought it)."""

    @property
    def ancient(self) -> bool:
        """draft-04 and older: no ``propertyNames`` (draft-06 brought it)."""

    def error(self, message: str, pointer: str) -> SchemaError: ...


class Sub(NamedTuple):
    """A subschema, the resolver its references resolve against, and where it is (a named
    tuple: one is built for every property the walk reaches)."""

    schema: Any
    #: ``None``: the document's own resolver, built only when a reference needs it
    resolver: Resolver[Any] | None
    pointer: str


class OwnKeys(NamedTuple):
    """The keys one schema object names itself: its property ``names`` and ``patterns``, all
    ``additionalProperties`` there sees (a seal, when it is ``false``)."""

    names: frozenset[str]
    patterns: tuple[str, ...]


def own_keys(schema: Mapping[str, Any]) -> OwnKeys:
    named, patterned = schema.get("properties"), schema.get("patternProperties")
    return OwnKeys(frozenset(named) if isinstance(named, dict) else frozenset(),
                   tuple(patterned) if isinstance(patterned, dict) else ())


class ValueKey(NamedTuple):
    """Which keys a group of ``Facets.values`` takes: the matches of ``pattern``
    (``patternProperties``), or (``pattern`` ``None``: ``additionalProperties``) every key
    its schema object's ``own`` keys leave."""

    pattern: str | None
    own: OwnKeys | None = None


@dataclass
class Facets:
    """What the keywords of one node say, before it becomes an entry."""

    types: frozenset[str] | None = None  # None: unconstrained
    enum: tuple[Any, ...] | None = None
    never: bool = False
    required: set[str] = field(default_factory=set)
    properties: dict[str, list[Sub]] = field(default_factory=dict)
    closed: bool = False
    #: the views that refuse what they do not name: each the property names and patterns of
    #: one schema object with ``additionalProperties: false``, which sees only its own keys,
    #: whatever a sibling branch declares (``unevaluatedProperties: false`` sees the
    #: siblings' keys: it closes without sealing, but see ``unevaluated``)
    seals: list[OwnKeys] = field(default_factory=list)
    #: ``unevaluatedProperties: false`` with no ``additionalProperties`` schema: as a branch
    #: of another schema (``allOf``, ``anyOf``, ``oneOf``, a ``$ref`` target) it sees only
    #: its own keys, so it seals there (``general.Walker._collect``)
    unevaluated: bool = False
    #: an ``additionalProperties`` other than ``false`` (``true`` and ``{}`` too): every key
    #: is evaluated, so ``unevaluatedProperties: false`` refuses none
    evaluates_all: bool = False
    items: list[Sub] = field(default_factory=list)
    prefix: dict[int, list[Sub]] = field(default_factory=dict)
    #: map values: alternatives (one per pattern or additionalProperties), each a conjunction
    values: list[list[Sub]] = field(default_factory=list)
    #: which keys each group of ``values`` takes (``keyed.key_subs``), one per group
    value_keys: list[ValueKey] = field(default_factory=list)
    patterns: list[str] = field(default_factory=list)
    format: str | None = None
    default: Any = None
    has_default: bool = False
    description: str | None = None
    recursive: str | None = None
    unresolved: list[str] = field(default_factory=list)
    unsupported: set[str] = field(default_factory=set)
    expanded: frozenset[int] = frozenset()
    constraints: dict[str, Any] = field(default_factory=dict)
    #: the strings of ``examples`` (sorted, bounded: ``keep_examples``)
    examples: tuple[str, ...] = ()
    #: sealed by an ``unevaluatedProperties: false`` beside a union inside its branch
    #: (``keyed.as_branch``): it takes the keys every passing alternative evaluates, so the
    #: alternatives do not take their keys apart (``choices``' keysets)
    unevaluated_seen: bool = False
    #: the ``oneOf`` this alternative is a branch of (``fieldpaths.keysets``): a value
    #: fitting two of its branches is refused
    one_of: OneOf | None = None
    #: the sets of keys a ``not`` refuses held together (``fieldpaths.keysets``)
    excluded: list[tuple[str, ...]] = field(default_factory=list)
    #: ``propertyNames`` schemas, all of which each key's name must fit
    key_names: list[Sub] = field(default_factory=list)

    def copy(self) -> Facets:
        return Facets(
            self.types, self.enum, self.never, set(self.required),
            {k: list(v) for k, v in self.properties.items()}, self.closed, list(self.seals),
            self.unevaluated, self.evaluates_all, list(self.items),
            {k: list(v) for k, v in self.prefix.items()}, [list(g) for g in self.values],
            list(self.value_keys),
            list(self.patterns), self.format, self.default, self.has_default, self.description,
            self.recursive, list(self.unresolved), set(self.unsupported), self.expanded,
            dict(self.constraints), self.examples, self.unevaluated_seen, self.one_of,
            list(self.excluded), list(self.key_names))


# -- keywords: each reads one keyword's value into the node's facets ----------------------

Reader = Callable[[Reading, Facets, Any, Sub, Mapping[str, Any]], None]


def _type(w: Reading, f: Facets, value: Any, at: Sub, schema: Mapping[str, Any]) -> None:
    names = [value] if isinstance(value, str) else value
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise w.error("`type` must be a string or a list of strings", f"{at.pointer}/type")
    unknown = sorted(set(names) - TYPE_NAMES)
    if unknown:
        raise w.error(f"`type` names unknown JSON types {unknown}", f"{at.pointer}/type")
    types = set(names)
    if schema.get("nullable") is True:  # OpenAPI 3.0 spelling, common in tool schemas
        types.add("null")
    f.types = frozenset(types)


def _enum(w: Reading, f: Facets, value: Any, at: Sub, schema: Mapping[str, Any]) -> None:
    if not isinstance(value, list):
        raise w.error("`enum` must be a list", f"{at.pointer}/enum")
    f.enum = intersect_enum(f.enum, sorted_values(value))


def _const(w: Reading, f: Facets, value: Any, at: Sub, schema: Mapping[str, Any]) -> None:
    f.enum = intersect_enum(f.enum, (value,))


def _required(w: Reading, f: Facets, value: Any, at: Sub, schema: Mapping[str, Any]) -> None:
    if isinstance(value, bool):  # draft-03 spelling: required beside the property itself
        return
    if not isinstance(value, list) or not all(isinstance(n, str) for n in value):
        raise w.error("`required` must be a list of strings", f"{at.pointer}/required")
    f.required.update(value)


def _properties(w: Reading, f: Facets, value: Any, at: Sub, schema: Mapping[str, Any]) -> None:
    if not isinstance(value, dict):
        raise w.error("`properties` must be an object", f"{at.pointer}/properties")
    for name, sub in value.items():
        f.properties.setdefault(name, []).append(
            Sub(sub, at.resolver, f"{at.pointer}/properties/{escape_token(name)}"))


def _additional_properties(w: Reading, f: Facets, value: Any, at: Sub,
                           schema: Mapping[str, Any]) -> None:
    if value is False:
        f.closed = True
        f.seals.append(own_keys(schema))
        return
    f.evaluates_all = True
    if value is not True and value != {}:
        f.values.append([Sub(value, at.resolver, f"{at.pointer}/additionalProperties")])
        f.value_keys.append(ValueKey(None, own_keys(schema)))


def _unevaluated_properties(w: Reading, f: Facets, value: Any, at: Sub,
                            schema: Mapping[str, Any]) -> None:
    if w.legacy:
        return  # an annotation there: draft-07's validators take any key
    if value is False:
        # an ``additionalProperties`` beside it (``true`` and ``{}`` too) evaluates every key
        # the properties and patterns leave: nothing is left to refuse
        if schema.get("additionalProperties", False) is False:
            f.closed = f.unevaluated = True
        return
    # any other value evaluates every key it is met with, as ``additionalProperties`` does: an
    # ``unevaluatedProperties: false`` around the branch holding it refuses none of them
    f.evaluates_all = True
    if value is not True and value != {}:
        f.unsupported.add("unevaluatedProperties")


def _pattern_properties(w: Reading, f: Facets, value: Any, at: Sub,
                        schema: Mapping[str, Any]) -> None:
    if not isinstance(value, dict):
        raise w.error("`patternProperties` must be an object", f"{at.pointer}/patternProperties")
    for pattern, sub in sorted(value.items()):
        f.patterns.append(pattern)
        f.values.append([Sub(sub, at.resolver,
                              f"{at.pointer}/patternProperties/{escape_token(pattern)}")])
        f.value_keys.append(ValueKey(pattern))


def _items(w: Reading, f: Facets, value: Any, at: Sub, schema: Mapping[str, Any]) -> None:
    if isinstance(value, list):
        if not w.tuple_items:
            raise w.error("`items` must be a schema in draft 2020-12 (use `prefixItems` for "
                           "tuples)", f"{at.pointer}/items")
        for i, sub in enumerate(value):
            f.prefix.setdefault(i, []).append(Sub(sub, at.resolver, f"{at.pointer}/items/{i}"))
        return
    # `items: false` (beside a tuple: no item past it) is an `[]` node that holds no value,
    # not a missing one: a missing `[]` reads as items left unconstrained
    f.items.append(Sub(value, at.resolver, f"{at.pointer}/items"))


def _prefix_items(w: Reading, f: Facets, value: Any, at: Sub, schema: Mapping[str, Any]) -> None:
    if w.tuple_items:
        return  # 2020-12's: an annotation in the dialects that spell tuples as `items` lists
    if not isinstance(value, list):
        raise w.error("`prefixItems` must be a list", f"{at.pointer}/prefixItems")
    for i, sub in enumerate(value):
        f.prefix.setdefault(i, []).append(
            Sub(sub, at.resolver, f"{at.pointer}/prefixItems/{i}"))


def _additional_items(w: Reading, f: Facets, value: Any, at: Sub,
                      schema: Mapping[str, Any]) -> None:
    # Only meaningful beside a tuple-form `items`; a schema there describes the rest (`false`:
    # there is none, an `[]` node that holds no value, as `items: false` in 2020-12).
    if w.tuple_items and isinstance(schema.get("items"), list) and value is not True:
        f.items.append(Sub(value, at.resolver, f"{at.pointer}/additionalItems"))


def _annotation(name: str) -> Reader:
    def read(w: Reading, f: Facets, value: Any, at: Sub, schema: Mapping[str, Any]) -> None:
        if name == "default":
            f.default, f.has_default = value, True
        elif isinstance(value, str):
            setattr(f, name, value)
    return read


#: Most ``examples`` strings an entry keeps, and the longest one kept: what a value may hold
#: is read from them (``ids.unknown``: tool ids), and a tool id is short.
MAX_EXAMPLES = 16
MAX_EXAMPLE_LENGTH = 200


def keep_examples(*groups: Any) -> tuple[str, ...]:
    """The strings of ``groups`` worth keeping as examples: short ones, sorted, bounded."""
    kept = {v for g in groups for v in g
            if isinstance(v, str) and len(v) <= MAX_EXAMPLE_LENGTH}
    return tuple(sorted(kept))[:MAX_EXAMPLES]


def _examples(w: Reading, f: Facets, value: Any, at: Sub, schema: Mapping[str, Any]) -> None:
    # an annotation: a malformed one says nothing about valid values, so it is skipped
    if isinstance(value, list):
        f.examples = keep_examples(f.examples, value)


def _constraints(w: Reading, f: Facets, value: Any, at: Sub,
                 schema: Mapping[str, Any]) -> None:
    """Every constraint keyword of this schema object, read at once (draft-04's boolean
    ``exclusiveMinimum`` needs ``minimum`` beside it). Registered under each keyword; the
    first one present reads (a repeat would change nothing: conjoining is idempotent)."""
    first = next(k for k in constraints.KEYWORDS if k in schema)
    if value is not schema[first]:
        return
    if w.legacy and not constraints.LATER.isdisjoint(schema):
        # an annotation in draft-07 and older, whatever its value
        schema = {k: v for k, v in schema.items() if k not in constraints.LATER}
        if constraints.KEYWORDS_SET.isdisjoint(schema):
            return
    try:
        found = constraints.read(schema)
    except constraints.ConstraintError as exc:
        raise w.error(str(exc), at.pointer) from None
    f.constraints = constraints.conjoin(f.constraints, found)


def _unsupported(name: str) -> Reader:
    def read(w: Reading, f: Facets, value: Any, at: Sub, schema: Mapping[str, Any]) -> None:
        f.unsupported.add(name)
    return read


def _dependencies(w: Reading, f: Facets, value: Any, at: Sub,
                  schema: Mapping[str, Any]) -> None:
    """draft-07's ``dependencies``: a key's list of keys is ``dependentRequired`` (a
    constraint), its schema ``dependentSchemas`` (not modelled). Not a keyword after it."""
    if not w.legacy or not isinstance(value, dict):
        f.unsupported.add("dependencies")
        return
    lists = {k: v for k, v in value.items() if isinstance(v, list)}
    if len(lists) < len(value):
        f.unsupported.add("dependencies")
    if lists:
        try:
            found = constraints.dependent_required(lists)
        except constraints.ConstraintError:
            raise w.error("`dependencies` must map each key to a list of key names or a "
                          "schema", f"{at.pointer}/dependencies") from None
        if found:
            f.constraints = constraints.conjoin(f.constraints, {"dependentRequired": found})


def _property_names(w: Reading, f: Facets, value: Any, at: Sub,
                    schema: Mapping[str, Any]) -> None:
    """A schema each key's name fits: walked as a node of its own (``general``), whose
    string facts become the object's ``propertyNames`` constraint."""
    if w.ancient:
        f.unsupported.add("propertyNames")  # an annotation there: kept as before
        return
    f.key_names.append(Sub(value, at.resolver, f"{at.pointer}/propertyNames"))


def _not(w: Reading, f: Facets, value: Any, at: Sub, schema: Mapping[str, Any]) -> None:
    if refuses_every_value(value):
        f.never, f.types = True, frozenset()
        return
    f.unsupported.add("not")  # (a side holding it is not judged by what it may send)
    names = excluded(value)
    if names is not None:  # "never these keys together": the node's keysets say it
        f.excluded.append(names)


#: keyword -> reader. Traversal is data, in the manner of ``referencing``'s subresources.
KEYWORDS: dict[str, Reader] = {
    "type": _type,
    "enum": _enum,
    "const": _const,
    "required": _required,
    "properties": _properties,
    "additionalProperties": _additional_properties,
    "unevaluatedProperties": _unevaluated_properties,
    "patternProperties": _pattern_properties,
    "items": _items,
    "prefixItems": _prefix_items,
    "additionalItems": _additional_items,
    "format": _annotation("format"),
    "default": _annotation("default"),
    "description": _annotation("description"),
    "examples": _examples,
    **{k: _unsupported(k) for k in UNSUPPORTED_KEYWORDS},
    "not": _not,
    "dependencies": _dependencies,
    "propertyNames": _property_names,
    **dict.fromkeys(constraints.KEYWORDS, _constraints),
}
RANK = {keyword: rank for rank, keyword in enumerate(KEYWORDS)}


def intersect_enum(a: tuple[Any, ...] | None, b: tuple[Any, ...]) -> tuple[Any, ...]:
    if a is None:
        return b
    keep = {value_identity(v) for v in b}
    return tuple(v for v in a if value_identity(v) in keep)


def json_type(value: Any) -> str:
    """The JSON type name of a value, for messages."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, (int, float)):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    return "object"
