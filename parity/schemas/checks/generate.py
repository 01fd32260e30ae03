"""Regenerate the compiled checks: ``python -m parity.schemas.checks.generate [--check]``.

Needs ``fastjsonschema`` (the ``dev`` extra); the generated modules do not. A compiled check
may only *accept*: a schema whose keywords fastjsonschema could read differently from
JSON Schema 2020-12 (see ``SAFE_KEYWORDS``) is refused here rather than compiled.
"""

from __future__ import annotations

import json
import sys
from importlib import resources
from pathlib import Path
from typing import Any

#: Module -> the shipped schema it is compiled from, and which part of it. A manifest is
#: checked in two parts (``parity.core.validate.manifest_parts``): its skeleton once, and
#: each distinct field-path entry once.
COMPILED = {"manifest_v1_skeleton": ("manifest.v1.json", 0),
            "manifest_v1_entry": ("manifest.v1.json", 1),
            "baseline_v1": ("baseline.v1.json", None), "lock_v1": ("lock.v1.json", None),
            "lock_v2": ("lock.v2.json", None)}
#: Keywords that mean the same to fastjsonschema (drafts 4-7) and to 2020-12 as used here.
#: ``enum``/``const`` compare with Python equality (1 == True), so their values must be
#: strings or booleans (a boolean ``const`` is compiled with ``"type": "boolean"`` beside it,
#: which JSON Schema implies); ``items`` must be one schema, not the array form.
SAFE_KEYWORDS = frozenset({
    "$defs", "$id", "$ref", "$schema", "additionalProperties", "anyOf", "const", "description",
    "enum", "exclusiveMaximum", "exclusiveMinimum", "items", "maxItems", "maxLength", "maximum",
    "minItems", "minLength", "minimum", "pattern", "properties", "required", "title", "type",
    "uniqueItems"})
HERE = Path(__file__).resolve().parent
# the generated code raises fastjsonschema's exceptions: a local one keeps it standalone
_IMPORT = "from fastjsonschema import JsonSchemaValueException, JsonSchemaValuesException"
_LOCAL = ('class JsonSchemaValueException(ValueError):\n'
          '    def __init__(self, message, value=None, name=None, definition=None, rule=None):\n'
          '        super().__init__(message)\n\n\n'
          'JsonSchemaValuesException = JsonSchemaValueException')


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
    code = code.replace(_IMPORT, _LOCAL)
    entry = code[code.index("def validate_"):].split("(", 1)[0].removeprefix("def ")
    what = name if part is None else f"{name} (part {part} of manifest_parts)"
    return (f'"""Generated from parity/schemas/{what} by parity.schemas.checks.generate: '
            'do not edit."""\n# ruff: noqa\n# mypy: ignore-errors\n' + code +
            f"\n\nvalidate = {entry}\n")


def main(argv: list[str]) -> int:
    stale = []
    for module, (name, part) in COMPILED.items():
        path = HERE / f"{module}.py"
        text = generated(name, part)
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
