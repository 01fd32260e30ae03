"""One row of a field-path table: what a schema says about one node."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, fields
from typing import Any

from parity.fieldpaths import constraints as _constraints
from parity.fieldpaths.variants import KeyShapes as KeyShapes
from parity.fieldpaths.variants import KeyTypes as KeyTypes
from parity.fieldpaths.variants import KeyValues as KeyValues
from parity.fieldpaths.variants import Shape as Shape
from parity.fieldpaths.variants import Tags as Tags
from parity.fieldpaths.variants import Variant as Variant
from parity.fieldpaths.variants import shape_from_json, tags_from_json
from parity.fieldpaths.variants import shapes_json as shapes_json
from parity.fieldpaths.variants import tags_json as tags_json

#: The type of a node with no type constraint.
ANY = "any"
#: ``Entry.enum_by_type``: limited types, each with its values
EnumByType = tuple[tuple[str, tuple[Any, ...]], ...]
# ``json.dumps`` with any option builds a new encoder per call (most of an enum's cost);
# this one has the same options, so its text is the same.
_CANONICAL = json.JSONEncoder(sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def canonical_value(value: Any) -> str:
    """The sort key and identity of an enum value: canonical JSON text."""
    kind = value.__class__
    if kind is str:
        return _STR_TEXT(value)
    if kind is int:
        return _INT_TEXT(value)
    return _CANONICAL.encode(value)


def value_identity(value: Any) -> str:
    """``canonical_value``, but equal for equal numbers as JSON Schema compares them (``enum``,
    ``const``): ``2`` and ``2.0``, ``0`` and ``-0.0``, at any depth (``[1.0]`` and ``[1]``,
    as ``parity.fieldpaths.equality.keyed`` keys them). A boolean stays apart from ``1``."""
    kind = value.__class__
    if kind is float and value.is_integer():
        return _INT_TEXT(int(value))
    if kind is list or kind is dict:
        return _CANONICAL.encode(_as_compared(value))
    return canonical_value(value)


def _as_compared(value: Any) -> Any:
    """``value`` with each integral float an ``int``: the form ``value_identity`` writes."""
    kind = value.__class__
    if kind is float:
        return int(value) if value.is_integer() else value
    if kind is list:
        return [_as_compared(item) for item in value]
    if kind is dict:
        return {name: _as_compared(item) for name, item in value.items()}
    return value


def value_type(value: Any) -> str:
    """The JSON Schema type of a JSON value (an integral number is an ``integer``)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "integer" if value.is_integer() else "number"
    if isinstance(value, str):
        return "string"
    return "array" if isinstance(value, list) else "object"


#: what ``_CANONICAL.encode`` returns for a ``str`` (the C function it calls, without the
#: method call around it) and for an ``int`` (``int.__repr__``, as its C encoder writes one):
#: most enum values are one or the other
_STR_TEXT = json.encoder.encode_basestring
_INT_TEXT = int.__repr__


def sorted_values(values: Iterable[Any]) -> tuple[Any, ...]:
    """``values`` without repeats, in canonical order (by ``canonical_value``); of values
    with the same text, the last is kept."""
    # a string's text without the call to ``canonical_value``: most enums are of strings
    unique = {_STR_TEXT(v) if v.__class__ is str else canonical_value(v): v for v in values}
    return tuple(map(unique.__getitem__, sorted(unique)))


@dataclass(frozen=True)
class Entry:
    """What is known of one node. Immutable; build variants with ``dataclasses.replace``."""

    #: Sorted JSON type names; ``("any",)`` when unconstrained, ``()`` when nothing is valid.
    type: tuple[str, ...] = (ANY,)
    #: Required in its parent object (the root is always required).
    required: bool = False
    #: On objects: unknown keys are rejected. ``None`` where the node is not an object.
    closed: bool | None = None
    #: Allowed values, sorted canonically; ``None`` when any value of the type is allowed.
    enum: tuple[Any, ...] | None = None
    format: str | None = None
    default: Any = None
    has_default: bool = False
    description: str | None = None
    #: ``patternProperties`` patterns that lead to a ``{}`` node.
    patterns: tuple[str, ...] = ()
    #: The reference at which a cycle was cut.
    recursive: str | None = None
    #: A reference that could not be resolved locally (never fetched).
    unresolved: tuple[str, ...] = ()
    #: Keywords seen here that parity records but does not model (``not``, ``if``...).
    unsupported: tuple[str, ...] = ()
    #: Value constraints (``pattern``, bounds, lengths), canonical: see ``constraints``.
    constraints: _constraints.Constraints = ()
    #: Strings of the schema's ``examples`` (sorted, at most 16): values it may hold.
    examples: tuple[str, ...] = ()
    #: On objects: beyond the required children, the object holds every key of at least one
    #: of these groups (a union whose alternatives require different keys: ``line`` or
    #: ``position``). Each group sorted, the groups sorted; ``()``: no such choice.
    choice: tuple[tuple[str, ...], ...] = ()
    #: On objects: the sets of keys the object takes, one of which holds all of its keys (a
    #: union of closed objects that take different keys: ``line`` or ``position``, never
    #: both). Each set sorted, the sets sorted; ``()``: any keys ``closed`` allows together.
    keysets: tuple[tuple[str, ...], ...] = ()
    #: On objects: the variants of a tagged union, by the key that tells them apart (a
    #: discriminator: a key every alternative requires with its own values). Each variant is
    #: the tag's values, the keys it requires and, where it is closed, the keys it takes
    #: (``None``: any). Sorted by key, the variants by values; ``()``: no tag. Variants that
    #: all share their values are kept too: each is judged whole, not their merge.
    tags: Tags = ()
    #: On objects: the variants of a union of objects no key tells apart: each variant's
    #: required keys, the keys it takes (``None``: open) and declares, and the values it
    #: gives keys where the variants' values differ (a tag some variant may omit). Sorted;
    #: ``()``: none. A sending side is each of them, not their merge; a receiving side is judged
    #: by them where they are some closed, some open (``judged_shapes``: a closed one's
    #: refusals beside an open one's requirements, which ``keysets`` and ``choice`` do not
    #: hold together).
    shapes: tuple[Shape, ...] = ()
    #: Where ``enum`` is ``None`` but a union limits some of its types to values and leaves
    #: others free (pydantic's ``Literal["auto"] | int``): each limited type with the values
    #: of that type it takes (``value_type``'s names: an integral number is an ``integer``),
    #: sorted by type, the values canonically; a type not listed takes any value of it.
    #: ``()``: none (``enum`` alone says what values are allowed).
    enum_by_type: EnumByType = ()

    @property
    def is_any(self) -> bool:
        return ANY in self.type

    @property
    def takes_nothing(self) -> bool:
        """Typed ``[]``: no value fits (``false``, ``{"not": {}}``): a key never sent and
        never returned."""
        return not self.type

    def allows(self, type_name: str) -> bool:
        """Whether a value of JSON type ``type_name`` fits (``integer`` fits ``number``)."""
        if self.is_any:
            return True
        if type_name in self.type:
            return True
        return type_name == "integer" and "number" in self.type

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": list(self.type), "required": self.required}
        if self.closed is not None:
            out["closed"] = self.closed
        if self.enum is not None:
            out["enum"] = list(self.enum)
        if self.enum_by_type:
            out["enum_by_type"] = {name: list(values) for name, values in self.enum_by_type}
        if self.format is not None:
            out["format"] = self.format
        if self.has_default:
            out["default"] = self.default
        if self.description is not None:
            out["description"] = self.description
        if self.patterns:
            out["patterns"] = list(self.patterns)
        if self.recursive is not None:
            out["recursive"] = self.recursive
        if self.unresolved:
            out["unresolved"] = list(self.unresolved)
        if self.unsupported:
            out["unsupported"] = list(self.unsupported)
        if self.constraints:
            out["constraints"] = _constraints.to_json(self.constraints)
        if self.examples:
            out["examples"] = list(self.examples)
        if self.choice:
            out["choice"] = [list(group) for group in self.choice]
        if self.keysets:
            out["keysets"] = [list(keys) for keys in self.keysets]
        if self.tags:
            out["tags"] = tags_json(self.tags)
        if self.shapes:
            out["shapes"] = shapes_json(self.shapes)
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Entry:
        return cls(
            type=tuple(data.get("type", (ANY,))),
            required=bool(data.get("required", False)),
            closed=data.get("closed"),
            enum=tuple(data["enum"]) if data.get("enum") is not None else None,
            format=data.get("format"),
            default=data.get("default"),
            has_default="default" in data,
            description=data.get("description"),
            patterns=tuple(data.get("patterns", ())),
            recursive=data.get("recursive"),
            unresolved=tuple(data.get("unresolved", ())),
            unsupported=tuple(data.get("unsupported", ())),
            constraints=_constraints.from_json(data.get("constraints") or {}),
            examples=tuple(data.get("examples", ())),
            choice=tuple(map(tuple, data.get("choice", ()))),
            keysets=tuple(map(tuple, data.get("keysets", ()))),
            tags=tags_from_json(data.get("tags", {})),
            shapes=tuple(shape_from_json(v) for v in data.get("shapes", ())),
            enum_by_type=tuple((name, tuple(values)) for name, values
                               in sorted(data["enum_by_type"].items()))
            if "enum_by_type" in data else (),
        )

    def with_required(self, required: bool) -> Entry:
        if required is self.required:
            return self
        copy = _new(Entry)
        copy.__dict__.update(self.__dict__, required=required)
        return copy

    def with_enum_by_type(self, enum_by_type: EnumByType) -> Entry:
        """This entry with ``enum_by_type``, copied as ``with_required`` copies."""
        copy = _new(Entry)
        copy.__dict__.update(self.__dict__, enum_by_type=enum_by_type)
        return copy

    def with_union_facts(self, choice: tuple[tuple[str, ...], ...],
                         keysets: tuple[tuple[str, ...], ...], tags: Tags,
                         shapes: tuple[Shape, ...] = ()) -> Entry:
        """This entry with a union's facts (``choices.choose``), copied as ``with_required``
        copies: a discriminated union sets them on every holder (``replace`` is slower)."""
        copy = _new(Entry)
        copy.__dict__.update(self.__dict__, choice=choice, keysets=keysets, tags=tags,
                             shapes=shapes)
        return copy


def may_be_object(entry: Entry) -> bool:
    """Whether the node may hold an object (its type allows one)."""
    return entry.is_any or "object" in entry.type


def keys_unmodelled(entry: Entry) -> bool:
    """Whether a keyword bears on the keys the object holds beyond what its children and
    union facts say: one parity does not model (``unsupported``: ``not``, ``if``...), or a
    constraint on its keys (``minProperties``, ``dependentRequired``...), which the rules
    reasoning on sets of keys do not read: they cannot tell there."""
    return bool(entry.unsupported) or _constraints.on_keys(entry.constraints)


def has_union_facts(entry: Entry | None) -> bool:
    """Whether an object records what a union of its own asks (its choice, keysets, tags or
    shapes)."""
    return entry is not None and bool(entry.choice or entry.keysets or entry.tags
                                      or entry.shapes)


def own_shapes(entry: Entry) -> tuple[Shape, ...]:
    """The variants an object is one of: its shapes, or its first tag's variants, each
    with its values of the tag (an object has one or the other)."""
    if entry.shapes:
        return entry.shapes
    return tuple((requires, takes, declares,
                  tuple(sorted(((key, values), *held), key=lambda given: given[0])), types,
                  nested)
                 for key, variants in entry.tags[:1]
                 for values, requires, takes, declares, types, nested, held in variants)


def judged_shapes(entry: Entry) -> tuple[Shape, ...]:
    """``entry.shapes`` where a receiving side is judged by them: some closed, some open,
    or typing a key (or its object's keys) apart (elsewhere ``keysets`` and ``choice`` hold
    what the union asks: they know keys, not the types or objects each variant gives
    them)."""
    shapes = entry.shapes
    if not shapes:
        return ()
    closed = {shape[1] is not None for shape in shapes}
    return shapes if len(closed) == 2 or any(shape[4] or shape[5] for shape in shapes) else ()


def judged_tags(entry: Entry) -> Tags:
    """The tags a receiving side is judged by (``in.tag``, ``out.tag``): those every variant
    requires, or those its shapes give it."""
    return entry.tags or shape_tags(entry)


def shape_tags(entry: Entry) -> Tags:
    """The tags an object's shapes give it where no variant requires the key (pydantic's
    ``kind: Literal["cat"] = "cat"``): each key every shape gives values of its own, or
    does not declare (a closed one refuses it; an open one takes any of the others'
    values), with the shapes as its variants. A receiving side is judged by them for the
    calls that send the key."""
    if not entry.shapes:
        return ()  # (asked of every object the rules read)
    found = []
    for key in sorted({key for shape in entry.shapes for key, _ in shape[3]}):
        every = sorted_values(value for shape in entry.shapes
                              for value in dict(shape[3]).get(key) or ())
        variants: list[Variant] = []
        for requires, takes, declares, values, types, nested in entry.shapes:
            held = dict(values).get(key)
            if held is None:
                if key in declares:
                    break  # it takes any value: the key tells nothing apart
                held = () if takes is not None else every
            variants.append((held, requires, takes, declares, types, nested,
                             tuple(kv for kv in values if kv[0] != key)))
        else:
            found.append((key, tuple(variants)))
    return tuple(found)


def any_closed(entry: Entry) -> bool:
    """Whether some variant of the object's tags or shapes is closed (refuses a key it does
    not take)."""
    return (any(variant[2] is not None for _, variants in entry.tags for variant in variants)
            or any(shape[1] is not None for shape in entry.shapes))


def tells_apart(variants: Iterable[Variant]) -> bool:
    """Whether the tag's values pick among ``variants``: not every variant takes the same
    values (a finding words the union by it)."""
    return len({frozenset(map(value_identity, values)) for values, *_ in variants}) > 1


_new = object.__new__
#: sets an instance's ``__dict__`` (the descriptor itself: cheaper than ``object.__setattr__``,
#: which finds it on every call; a frozen dataclass refuses ``entry.__dict__ = ...``)
set_dict: Callable[[Entry, dict[str, Any]], None] = Entry.__dict__["__dict__"].__set__
#: every field of ``Entry`` in declaration order (``make_entry`` sets exactly these)
FIELDS = tuple(f.name for f in fields(Entry))


def make_entry(type: tuple[str, ...], required: bool, closed: bool | None,
               enum: tuple[Any, ...] | None, format: str | None,
               default: Any, has_default: bool, description: str | None,
               patterns: tuple[str, ...], recursive: str | None, unresolved: tuple[str, ...],
               unsupported: tuple[str, ...], constraints: _constraints.Constraints,
               examples: tuple[str, ...] = (),
               choice: tuple[tuple[str, ...], ...] = (),
               keysets: tuple[tuple[str, ...], ...] = (), tags: Tags = (),
               shapes: tuple[Shape, ...] = (), enum_by_type: EnumByType = ()) -> Entry:
    """``Entry(...)`` with every field given, without the dataclass ``__init__``.

    A frozen dataclass sets each field through ``object.__setattr__``, one call per field:
    that was a fifth of extraction's time. The result is equal to, hashes like and prints like
    ``Entry(...)`` with the same arguments (a test holds the two together)."""
    entry = _new(Entry)
    set_dict(entry, {
        "type": type, "required": required, "closed": closed, "enum": enum, "format": format,
        "default": default, "has_default": has_default, "description": description,
        "patterns": patterns, "recursive": recursive, "unresolved": unresolved,
        "unsupported": unsupported, "constraints": constraints, "examples": examples,
        "choice": choice, "keysets": keysets, "tags": tags, "shapes": shapes,
        "enum_by_type": enum_by_type})
    return entry


def adopt(fields: dict[str, Any]) -> Entry:
    """The ``Entry`` whose fields are ``fields``, taken as they are: equal to
    ``Entry(**fields)``. A field ``fields`` lacks reads as its default, a class attribute of
    ``Entry`` (the direct walk sets only what a schema states: most fields of most entries
    keep their defaults, and a small dict is cheaper to build and to keep than a full one)."""
    entry = _new(Entry)
    set_dict(entry, fields)
    return entry


def normalize_types(types: Iterable[str]) -> tuple[str, ...]:
    """Sort and de-duplicate type names; ``any`` absorbs everything else."""
    unique = set(types)
    if ANY in unique:
        return (ANY,)
    return tuple(sorted(unique))
