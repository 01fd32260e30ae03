"""Regenerate the compiled checks: ``python -m parity.schemas.checks.generate [--check]``.

Needs ``fastjsonschema`` (the ``dev`` extra); the generated modules do not. A compiled check
may only *accept*: a schema whose keywords fastjsonschema could read differently from
JSON Schema 2020-12 (see ``SAFE_KEYWORDS``) is refused here rather than compiled.
"""

from __future__ import annotations

import json
import re
import sys
from importlib import resources
from pathlib import Path
from typing import Any

#: Module -> the shipped schema it is compiled from, and which part of it. A manifest is
#: checked in two parts (``parity.core.validate.manifest_parts``): its skeleton once, and
#: each distinct field-path entry once.
COMPILED = {"manifest_v1_skeleton": ("manifest.v1.json", 0),
            "manifest_v1_entry": ("manifest.v1.json", 1),
            "baseline_v1": ("baseline.v1.json", None),
            "baseline_v2": ("baseline.v2.json", None), "lock_v1": ("lock.v1.json", None),
            "lock_v2": ("lock.v2.json", None)}
#: Keywords that mean the same to fastjsonschema (drafts 4-7) and to 2020-12 as used here.
#: ``enum``/``const`` compare with Python equality (1 == True), so their values must be
#: strings or booleans (a boolean ``const`` is compiled with ``"type": "boolean"`` beside it,
#: which JSON Schema implies); ``items`` must be one schema, not the array form.
SAFE_KEYWORDS = frozenset({
    "$defs", "$id", "$ref", "$schema", "additionalProperties", "allOf", "anyOf", "const",
    "description", "enum", "exclusiveMaximum", "exclusiveMinimum", "items", "maxItems",
    "maxLength", "maximum", "minItems", "minLength", "minimum", "pattern", "properties",
    "required", "title", "type", "uniqueItems"})
HERE = Path(__file__).resolve().parent
# the generated code raises fastjsonschema's exceptions: a local one keeps it standalone
_IMPORT = "from fastjsonschema import JsonSchemaValueException, JsonSchemaValuesException"
_LOCAL = ('class JsonSchemaValueException(ValueError):\n'
          '    def __init__(self, message, value=None, name=None, definition=None, rule=None):\n'
          '        super().__init__(message)\n\n\n'
          'JsonSchemaValuesException = JsonSchemaValueException')
#: fastjsonschema names each array item and map value it descends into with
#: ``"...{local}".format(**locals())``, evaluated for every one, valid or not: a dict of the
#: function's locals each time (a third of the manifest skeleton's check). The same text as
#: an f-string reads the locals it names.
_FORMAT_LOCALS = re.compile(r'"([^"\\{}]*(?:\{[A-Za-z_][A-Za-z0-9_]*\}[^"\\{}]*)+)"'
                            r"\.format\(\*\*locals\(\)\)")


def unsafe_keywords(schema: Any) -> list[str]:
    """Keywords (and enum/const values) a compiled check might read differently."""
    found: list[str] = []

    def walk(node: Any, where: str) -> None:
        if not isinstance(node, dict):
            return
        for key, value in node.items():
            here = f"{where}/{key}"
            if key not in SAFE_KEYWORDS:
                found.append(here)
            elif key in ("properties", "$defs"):
                for name, sub in value.items():
                    walk(sub, f"{here}/{name}")
            elif (key == "enum" and not all(isinstance(v, str) for v in value)) or (
                    key == "const" and not isinstance(value, (str, bool))) or (
                    key == "items" and not isinstance(value, dict)):
                found.append(here)
            elif key in ("items", "additionalProperties"):
                walk(value, here)
            elif key == "anyOf":
                for i, sub in enumerate(value):
                    walk(sub, f"{here}/{i}")

    walk(schema, "#")
    return found


def _typed_consts(node: Any) -> Any:
    """``{"const": true}`` as ``{"const": true, "type": "boolean"}``: the same set of values,
    but Python equality alone would also let 1 through."""
    if isinstance(node, list):
        return [_typed_consts(v) for v in node]
    if not isinstance(node, dict):
        return node
    out = {k: (v if k in ("const", "enum") else _typed_consts(v)) for k, v in node.items()}
    if isinstance(node.get("const"), bool):
        out.setdefault("type", "boolean")
    return out


#: the keywords of an object schema that value shapes may look through: none of them reads a
#: property's value, only its key (``additionalProperties`` leaves unknown keys' values kept)
_KEY_ONLY = frozenset({"type", "required", "additionalProperties", "properties", "$schema",
                       "$defs", "description", "title"})
_ANNOTATIONS = frozenset({"description", "title"})
#: JSON types whose every value is as valid as any other under ``{"type": name}``
_TYPES = frozenset({"array", "boolean", "integer", "null", "number", "object", "string"})


def value_shapes(schema: Any, root: Any = None) -> dict[str, Any] | None:
    """For an object schema whose keywords read keys only (``_KEY_ONLY``): property -> how
    its value may be replaced by a stand-in of the same validity. ``"any"``: the property's
    schema is ``true``; a JSON type name: the schema is that type alone (and annotations), so
    every value of the type is as valid as any other; ``"string[]"``: an array of strings
    alone; a mapping: an object property, the same one level down. Properties constrained
    otherwise are left out (their values are kept). ``None`` when ``schema`` is no such
    object schema. ``parity.core.validate`` checks a stand-in entry instead of each entry
    that differs from it only in such values (descriptions, defaults, bounds)."""
    root = schema if root is None else root
    schema = _local_target(schema, root)
    if not isinstance(schema, dict) or schema.get("type") != "object" \
            or not schema.keys() <= _KEY_ONLY:
        return None
    shapes: dict[str, Any] = {}
    for name, sub in schema.get("properties", {}).items():
        shape = _value_shape(_local_target(sub, root), root)
        if shape:
            shapes[name] = shape
    return shapes


def _value_shape(sub: Any, root: Any) -> str | dict[str, Any] | None:
    """How one property's value may stand in (``value_shapes``); ``None``: it may not."""
    if sub is True or sub == {}:
        return "any"
    if not isinstance(sub, dict):
        return None
    if sub.keys() - _ANNOTATIONS <= {"type", "items"}:
        kind, items = sub.get("type"), sub.get("items")
        if kind == "array" and isinstance(items, dict):
            plain = {k: v for k, v in items.items() if k not in _ANNOTATIONS}
            return "string[]" if plain == {"type": "string"} else None
        if isinstance(kind, str) and kind in _TYPES and "items" not in sub:
            return kind
        return None
    return value_shapes(sub, root)


def _local_target(schema: Any, root: Any) -> Any:
    """``schema``, or what its lone ``$ref`` to ``#/$defs/NAME`` names (with ``$schema`` and
    ``$defs`` beside it at most)."""
    if isinstance(schema, dict) and isinstance(schema.get("$ref"), str) \
            and schema.keys() <= {"$ref", "$schema", "$defs"}:
        prefix = "#/$defs/"
        ref = schema["$ref"]
        if ref.startswith(prefix) and "/" not in ref[len(prefix):] and "~" not in ref:
            return root.get("$defs", {}).get(ref[len(prefix):], schema)
    return schema


def generated(name: str, part: int | None = None) -> str:
    """The module text compiled from the shipped schema ``name`` (or one of its parts)."""
    import fastjsonschema

    from parity.core.validate import manifest_parts

    schema = json.loads(resources.files("parity.schemas").joinpath(name)
                        .read_text(encoding="utf-8"))
    if part is not None:
        schema = manifest_parts(schema)[part]
    unsafe = unsafe_keywords(schema)
    if unsafe:
        raise SystemExit(f"{name}: cannot compile a check for {', '.join(unsafe)}: "
                         "extend SAFE_KEYWORDS only for keywords both read alike")
    code = fastjsonschema.compile_to_code(_typed_consts(schema))
    if _IMPORT not in code:
        raise SystemExit("fastjsonschema's generated code changed: review generate.py")
    code = _FORMAT_LOCALS.sub(r'f"\1"', code.replace(_IMPORT, _LOCAL))
    if "locals()" in code:
        raise SystemExit("fastjsonschema's generated code reads locals() in a new way: "
                         "review generate.py")
    entry = code[code.index("def validate_"):].split("(", 1)[0].removeprefix("def ")
    what = name if part is None else f"{name} (part {part} of manifest_parts)"
    # part 1 is one field-path entry: the check that runs once per distinct entry
    shapes = value_shapes(schema) if part == 1 else None
    return (f'"""Generated from parity/schemas/{what} by parity.schemas.checks.generate: '
            'do not edit."""\n# ruff: noqa\n# mypy: ignore-errors\n' + code +
            f"\n\nvalidate = {entry}\n"
            + ("" if shapes is None else f"SHAPES = {_sorted(shapes)!r}\n"))


def _sorted(shapes: dict[str, Any]) -> dict[str, Any]:
    return {k: _sorted(v) if isinstance(v, dict) else v for k, v in sorted(shapes.items())}


#: most lines of a generated module: past it, its definitions' checks go to a module of
#: their own (``<module>_defs``), as hand-written modules stay small
MAX_LINES = 450


def split(module: str, text: str) -> dict[str, str]:
    """``text`` as the module's file, or, past ``MAX_LINES``, as two: the checks of its
    ``$defs`` (but the one it validates) in ``<module>_defs``, imported by the module."""
    if text.count("\n") <= MAX_LINES:
        return {module: text}
    head, _, rest = text.partition("\ndef ")
    body, tail = rest.rsplit("\n\nvalidate = ", 1)
    functions = body.split("\ndef ")  # each without its "def "
    entry = tail.split("\n", 1)[0]
    own = [f for f in functions if f.startswith((entry + "(", "validate("))]
    moved = [f for f in functions if f not in own]
    # the module keeps its first lines (docstring, lint pragmas); the rest of its head (the
    # exception class, imports) is the definitions module's, imported from there
    preamble = "".join(head.splitlines(keepends=True)[:3])
    names = sorted({"Decimal", "JsonSchemaValueException", "JsonSchemaValuesException",
                    "NoneType", *(f.split("(", 1)[0] for f in moved)})
    imports = (f"from parity.schemas.checks.{module}_defs import (\n"
               + "".join(f"    {n},\n" for n in names) + ")\n")
    defs = head + "\n" + "".join(f"def {f.rstrip()}\n" for f in moved)
    main = (preamble + imports + "\n\n" + "".join(f"def {f.rstrip()}\n" for f in own)
            + "\n\nvalidate = " + tail)
    return {module: main, f"{module}_defs": defs.replace(
        "by parity.schemas.checks.generate", f"(its definitions for {module}) by "
        "parity.schemas.checks.generate", 1)}


def main(argv: list[str]) -> int:
    stale = []
    for module, (name, part) in COMPILED.items():
        for each, text in split(module, generated(name, part)).items():
            path = HERE / f"{each}.py"
            if "--check" in argv:
                if not path.is_file() or path.read_text(encoding="utf-8") != text:
                    stale.append(str(path))
            else:
                path.write_text(text, encoding="utf-8")
    if stale:
        print("stale compiled checks: " + ", ".join(stale) +
              "\nrun `python -m parity.schemas.checks.generate`", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
