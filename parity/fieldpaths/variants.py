"""The variants of a union of objects, as ``Entry.tags`` and ``Entry.shapes`` hold them,
and as a manifest writes them: each variant's required, taken and declared keys, and what
it gives its keys apart from the other variants (values, types, the keys of its objects).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

#: the types a variant of a union gives the keys it declares, where the variants declaring
#: a key do not all give it the same ones (``{a: string, b}`` or ``{a: integer}``: the
#: merged ``a`` takes either, each variant one), sorted by key
KeyTypes = tuple[tuple[str, tuple[str, ...]], ...]
#: an object's required, taken (``None``: any, it is open) and declared keys
KeyNames = tuple[tuple[str, ...], tuple[str, ...] | None, tuple[str, ...]]
#: the object a variant gives a key: its required, taken and declared keys, and the objects
#: and types it gives its own keys where those differ between the variants (as
#: ``KeyShapes`` and ``KeyTypes``: a key's objects apart two levels down, and more)
KeyShape = tuple[tuple[str, ...], tuple[str, ...] | None, tuple[str, ...], "KeyShapes",
                 KeyTypes]
#: the objects a variant of a union gives the keys it declares, where the variants
#: declaring a key do not all give it the same one (a webhook's ``config`` requiring
#: ``url``, an email's requiring ``address``: merged, ``config`` requires neither), sorted
#: by key
KeyShapes = tuple[tuple[str, KeyShape], ...]
#: the values a variant of a union gives some of its keys (an ``enum`` or a ``const``
#: another variant does not share: another's values, or none, any value), sorted by key,
#: each key's values canonically. In a tag's variant, ``None``: a key it gives no values
#: but bounds otherwise than another variant does (its constraints, format or values by
#: type, which its object's merged entry does not say); a key it declares and gives
#: nothing of takes any value its object's entry allows
KeyValues = tuple[tuple[str, tuple[Any, ...] | None], ...]
#: a tagged union's variant: the tag's values, the keys it requires, the keys it takes
#: (``None``: any, it is open), the keys it declares (closed: those it takes; open: its
#: properties, which a sending side's variant may send, with those it requires), the
#: types and objects it gives keys where the variants' differ, and the values it gives
#: keys other than the tag where the variants' differ (a key it declares but gives none
#: of takes any value there)
Variant = tuple[tuple[Any, ...], tuple[str, ...], tuple[str, ...] | None, tuple[str, ...],
                KeyTypes, KeyShapes, KeyValues]
Tags = tuple[tuple[str, tuple[Variant, ...]], ...]
#: a variant of a union without a tag: the keys it requires, the keys it takes (``None``:
#: any, it is open), the keys it declares (as a ``Variant``'s), the values of its keys
#: that tell it apart from some other variant (a tag it may omit: pydantic's
#: ``kind: Literal["cat"] = "cat"``), and the types and objects it gives keys (as a
#: ``Variant``'s)
Shape = tuple[tuple[str, ...], tuple[str, ...] | None, tuple[str, ...], KeyValues, KeyTypes,
              KeyShapes]


def one_object_apart(shapes: Iterable[Shape]) -> str | None:
    """The key whose object alone tells ``shapes`` apart (their keys, values and types
    alike): there the union asks what that key's own object asks merged, where its choice
    and keysets may already say it; ``None`` otherwise."""
    alike = {shape[:5] for shape in shapes}
    keys = {key for shape in shapes for key, _ in shape[5]}
    return keys.pop() if len(alike) == 1 and len(keys) == 1 else None


def tags_json(tags: Tags) -> dict[str, list[dict[str, Any]]]:
    """``tags`` as a manifest writes them: a closed variant's ``takes``, an open one's
    ``declares`` where it names keys it does not require (read back as ``requires`` where
    absent), and its other keys' values as ``key_values`` (``values`` are the tag's)."""
    return {key: [{"values": list(values)} | _variant_json(requires, takes, declares, types,
                                                           nested)
                  | _values_json("key_values", held)
                  for values, requires, takes, declares, types, nested, held in variants]
            for key, variants in tags}


def shapes_json(shapes: Iterable[Shape]) -> list[dict[str, Any]]:
    """``shapes`` as a manifest writes them (as ``tags_json`` writes variants, their values
    by key where they have some)."""
    return [_variant_json(requires, takes, declares, types, nested)
            | _values_json("values", values)
            for requires, takes, declares, values, types, nested in shapes]


def _values_json(name: str, values: KeyValues) -> dict[str, Any]:
    # (``null``: a key the variant gives no values, bounded its own way)
    return {name: {key: None if held is None else list(held)
                   for key, held in values}} if values else {}


def _variant_json(requires: tuple[str, ...], takes: tuple[str, ...] | None,
                  declares: tuple[str, ...], types: KeyTypes = (),
                  nested: KeyShapes = ()) -> dict[str, Any]:
    return {"requires": list(requires)} | (
        {"takes": list(takes)} if takes is not None
        else {"declares": list(declares)} if declares != requires else {}) | (
        {"types": {key: list(names) for key, names in types}} if types else {}) | (
        {"nested": {key: _variant_json(requires, takes, declares, its_types, below)
                    for key, (requires, takes, declares, below, its_types) in nested}}
         if nested else {})


def tags_from_json(data: Mapping[str, Any]) -> Tags:
    return tuple((key, tuple(_variant_from_json(v) for v in data[key])) for key in sorted(data))


def shape_from_json(data: Mapping[str, Any]) -> Shape:
    return (*_keys_from_json(data), _values_from_json(data.get("values", {})),
            _types_from_json(data), _nested_from_json(data))


def _variant_from_json(data: Mapping[str, Any]) -> Variant:
    return (tuple(data.get("values", ())), *_keys_from_json(data), _types_from_json(data),
            _nested_from_json(data), _values_from_json(data.get("key_values", {})))


def _values_from_json(values: Mapping[str, Any]) -> KeyValues:
    return tuple((key, None if values[key] is None else tuple(values[key]))
                 for key in sorted(values))


def _types_from_json(data: Mapping[str, Any]) -> KeyTypes:
    types = data.get("types", {})
    return tuple((key, tuple(types[key])) for key in sorted(types))


def _nested_from_json(data: Mapping[str, Any]) -> KeyShapes:
    nested = data.get("nested", {})
    return tuple((key, (*_keys_from_json(nested[key]), _nested_from_json(nested[key]),
                        _types_from_json(nested[key])))
                 for key in sorted(nested))


def _keys_from_json(data: Mapping[str, Any]) -> KeyNames:
    """A variant's required, taken and declared keys (``declares`` sorted, with
    ``requires``; the schema refuses it beside ``takes``)."""
    requires = tuple(data["requires"])
    if "takes" in data:
        takes = tuple(data["takes"])
        return requires, takes, takes
    return requires, None, tuple(sorted({*requires, *data.get("declares", ())}))
