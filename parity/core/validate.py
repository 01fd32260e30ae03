"""Validate parity's own files (manifest, baseline, lock) against their shipped schemas."""

from __future__ import annotations

import contextlib
import hashlib
import importlib
import json
import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import orjson

from parity.core.jsonio import value_key
from parity.errors import FileFormatError


@cache
def shipped_schema(name: str) -> dict[str, Any]:
    """A JSON Schema shipped in ``parity/schemas`` (e.g. ``manifest.v1.json``)."""
    text = resources.files("parity.schemas").joinpath(name).read_text(encoding="utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema


@cache
def _validator(name: str) -> Any:
    from jsonschema import Draft202012Validator  # imported here: only loading needs it

    return Draft202012Validator(shipped_schema(name))


def validate_file(data: Any, schema_name: str, *, file: str, what: str, fix: str,
                  also: Callable[[], None] | None = None,
                  text: str | bytes | None = None, digest: bytes | None = None) -> bool:
    """Raise one ``FileFormatError`` for the most relevant violation, naming its JSON path;
    return whether the verdict "valid" was remembered from an earlier check of the content
    (``False``: decided now).

    Validation is a pure function of the schema and the content, so a verdict of "valid" is
    remembered by content hash (see ``cache_dir``): an unchanged file does not pay for
    importing ``jsonschema`` again, which is most of a pre-commit run's start-up.
    ``also`` runs further checks of the same content that the schema cannot express; they
    are part of the remembered verdict. ``text``, the file's text (or bytes) that ``data`` was
    parsed from, is hashed instead of re-serializing ``data`` (the same text always parses
    alike), and held to ``refuse_repeated_keys``; ``digest``, its ``text_digest`` when the
    caller has it already.
    """
    marker = _marker(data, schema_name, text, digest)
    if marker is not None and marker.exists():
        return True
    if _compiled_accepts(data, schema_name):
        error = None
    else:
        from jsonschema.exceptions import best_match

        if schema_name == "manifest.v1.json" and _manifest_is_valid(data):
            error = None
        else:  # the whole document, for the exact error and its location
            error = best_match(_validator(schema_name).iter_errors(data))
    if error is not None:
        raise FileFormatError(f"not a valid {what}: {error.message}", file=file,
                              location=error.json_path, hint=fix)
    if text is not None:
        refuse_repeated_keys(text, data, file=file, what=what)
    if also is not None:
        also()
    if marker is not None:
        with contextlib.suppress(OSError):  # a read-only cache only costs speed
            marker.parent.mkdir(parents=True, exist_ok=True)
            marker.touch()
    return False


def _compiled_accepts(data: Any, schema_name: str) -> bool:
    """The check compiled from the schema (``parity.schemas.checks``) accepts ``data``. It
    only ever accepts: what it rejects goes to ``jsonschema``, which decides and words it."""
    if schema_name == "manifest.v1.json":
        skeleton, entry = _compiled("manifest_v1_skeleton"), _compiled("manifest_v1_entry")
        return _accepts(skeleton, data) and _each_distinct_entry(data, lambda e: _accepts(
            entry, e))
    module = {"baseline.v1.json": "baseline_v1", "baseline.v2.json": "baseline_v2",
              "lock.v1.json": "lock_v1", "lock.v2.json": "lock_v2"}.get(schema_name)
    return module is not None and _accepts(_compiled(module), data)


@cache
def _compiled(module: str) -> Callable[[Any], Any]:
    check: Callable[[Any], Any] = importlib.import_module(
        f"parity.schemas.checks.{module}").validate
    return check


def _accepts(check: Callable[[Any], Any], data: Any) -> bool:
    try:
        check(data)
    except (ValueError, TypeError, RecursionError):  # its own error is a ValueError
        return False
    return True


def _each_distinct_entry(data: Any, valid: Callable[[Any], bool]) -> bool:
    """``valid`` holds for every field-path entry of a manifest whose skeleton is valid,
    each distinct entry checked once (a manifest repeats a few shapes thousands of times,
    and the two manifests of a pair share nearly all of theirs: see ``_VALID_ENTRIES``), and
    through its stand-in (``stand_in``): entries that differ only in their descriptions,
    defaults or bounds are checked once between them."""
    shapes = _entry_shapes()
    known = _VALID_ENTRIES
    for tool in data["tools"].values():
        for table in (tool["in"], tool["out"] or {}):
            values = list(table.values())
            try:  # one C call per table: most tables hold no entry not seen already
                keys: list[bytes | str] = list(map(orjson.dumps, values))
            except orjson.JSONEncodeError:
                keys = list(map(value_key, values))
            if known.issuperset(keys):
                continue
            for key, value in zip(keys, values, strict=True):
                if key in known:
                    continue
                standing = stand_in(value, shapes)
                standing_key = value_key(standing)
                if standing_key not in known:
                    if not valid(standing):
                        return False
                    _remember_valid(standing_key)
                _remember_valid(key)
    return True


def _remember_valid(key: bytes | str) -> None:
    if len(_VALID_ENTRIES) >= _VALID_ENTRIES_KEPT:
        _VALID_ENTRIES.clear()
    _VALID_ENTRIES.add(key)


@cache
def _entry_shapes() -> dict[str, Any]:
    shapes: dict[str, Any] = importlib.import_module(
        "parity.schemas.checks.manifest_v1_entry").SHAPES
    return shapes


def stand_in(value: Any, shapes: dict[str, Any]) -> Any:
    """``value`` (an object) with each property ``shapes`` names replaced by a stand-in of
    the same validity: the one value of its JSON type that stands for all the others, where
    the property's schema is that type alone (``parity.schemas.checks.generate.value_shapes``
    derives ``shapes`` from the schema). A value of another type is kept: it stays as
    invalid as it was. Valid exactly when ``value`` is, for any validator of the schema."""
    if value.__class__ is not dict:
        return value
    out = {}
    for key, item in value.items():
        shape = shapes.get(key)
        if shape is None:
            out[key] = item
        elif shape.__class__ is dict:
            out[key] = stand_in(item, shape)
        else:
            out[key] = _STAND_INS[shape] if _OF_TYPE[shape](item) else item
    return out


#: a JSON type (``value_shapes``' names) -> whether a parsed value is of it
_OF_TYPE: dict[str, Callable[[Any], bool]] = {
    "any": lambda v: True,
    "string": lambda v: v.__class__ is str,
    "boolean": lambda v: v is True or v is False,
    "integer": lambda v: v.__class__ is int or (v.__class__ is float and v.is_integer()),
    "number": lambda v: v.__class__ is int or v.__class__ is float,
    "null": lambda v: v is None,
    "array": lambda v: v.__class__ is list,
    "object": lambda v: v.__class__ is dict,
    "string[]": lambda v: v.__class__ is list and all(i.__class__ is str for i in v),
}
#: the value that stands for every other of its type
_STAND_INS: dict[str, Any] = {"any": None, "string": "", "boolean": True, "integer": 0,
                              "number": 0, "null": None, "array": [], "object": {},
                              "string[]": []}


#: Field-path entries this process found valid against ``$defs/entry``, by ``value_key``
#: (exact JSON), and their stand-ins: validity is a function of the entry alone, and every
#: ``valid`` passed to ``_each_distinct_entry`` decides the same thing. Bounded: cleared when
#: full.
_VALID_ENTRIES: set[bytes | str] = set()
_VALID_ENTRIES_KEPT = 1 << 17


def forget_entry_verdicts() -> None:
    """Forget the field-path entries this process found valid (``_VALID_ENTRIES``), as a new
    process would; the verdicts remembered on disk (``cache_dir``) are another matter."""
    _VALID_ENTRIES.clear()


def _manifest_is_valid(data: Any) -> bool:
    """Exactly "valid against manifest.v1.json", checked in parts: the skeleton with field-path
    entries unconstrained, then each *distinct* entry once against ``$defs/entry``.

    Entries appear only in tables, and a table constrains nothing but its entries, so the two
    parts are equivalent to the whole. A manifest repeats a few shapes thousands of times
    (24,126 entries, 1,348 distinct, in a 1,000-tool benchmark): validating each shape once
    is an order of magnitude cheaper."""
    skeleton, entry = _manifest_parts()
    return bool(skeleton.is_valid(data)) and _each_distinct_entry(data, entry.is_valid)


@cache
def _manifest_parts() -> tuple[Any, Any]:
    from jsonschema import Draft202012Validator

    skeleton, entry = manifest_parts(shipped_schema("manifest.v1.json"))
    return Draft202012Validator(skeleton), Draft202012Validator(entry)


def manifest_parts(schema: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """The manifest schema as two parts, together equivalent to it: the skeleton (every
    table an unconstrained object) and one field-path entry (with the definitions it refers
    to). Raises ``ValueError`` if the schema's tables are no longer "an object of entries",
    which the equivalence rests on."""
    copied: dict[str, Any] = json.loads(json.dumps(schema))
    if copied["$defs"]["table"] != {"type": "object",
                                    "additionalProperties": {"$ref": "#/$defs/entry"}}:
        raise ValueError("manifest.v1.json: a table is no longer an object of entries; "
                         "update parity.core.validate.manifest_parts")
    entry = {"$schema": copied.get("$schema"), "$defs": copied["$defs"],
             "$ref": "#/$defs/entry"}
    copied["$defs"]["table"] = {"type": "object"}
    return copied, json.loads(json.dumps(entry))


def cache_dir() -> Path | None:
    """Where validation verdicts are remembered: ``$PARITY_CACHE_DIR``, else
    ``$XDG_CACHE_HOME/parity``, else ``~/.cache/parity``; ``None`` when ``PARITY_NO_CACHE``
    is set. Deleting it is always safe."""
    if os.environ.get("PARITY_NO_CACHE"):
        return None
    if os.environ.get("PARITY_CACHE_DIR"):
        return Path(os.environ["PARITY_CACHE_DIR"])
    base = os.environ.get("XDG_CACHE_HOME")
    return (Path(base) if base else Path.home() / ".cache") / "parity"


@dataclass(frozen=True)
class TextVerdict:
    """A yes-or-no verdict about a file's exact bytes beyond its validity (an ``aspect``,
    such as being laid out as parity writes it), remembered beside validity's verdicts:
    a pure function of the bytes, and only ever remembered for bytes found valid."""

    #: where the verdict's marker is (``.yes`` or ``.no`` beside it)
    marker: Path

    def recalled(self) -> bool | None:
        """The remembered verdict; ``None``: never decided for these bytes."""
        for verdict in (True, False):
            if self._path(verdict).exists():
                return verdict
        return None

    def remember(self, verdict: bool) -> None:
        with contextlib.suppress(OSError):  # a read-only cache only costs speed
            self.marker.parent.mkdir(parents=True, exist_ok=True)
            self._path(verdict).touch()  # an empty file: created whole or not at all

    def _path(self, verdict: bool) -> Path:
        return self.marker.with_suffix(".yes" if verdict else ".no")


def text_verdict(text: bytes, schema_name: str, aspect: str, *,
                 digest: bytes | None = None) -> TextVerdict | None:
    """Where a verdict ``aspect`` about the file ``text`` (valid against ``schema_name``) is
    remembered; ``None`` when the cache is off (``cache_dir``). ``digest``: the text's
    ``text_digest``, when the caller has it already."""
    marker = _marker(None, schema_name, text, digest)
    if marker is None:
        return None
    return TextVerdict(marker.parent.with_name(f"{marker.parent.name}.{aspect}") / marker.name)


def _marker(data: Any, schema_name: str, text: str | bytes | None = None,
            digest: bytes | None = None) -> Path | None:
    folder = cache_dir()
    if folder is None:
        return None
    from parity import __version__

    key = hashlib.sha256()
    key.update(__version__.encode())  # checks beyond the schema change with parity
    key.update(_CHECKS)
    key.update(_schema_digest(schema_name).encode())
    if text is not None:
        key.update(b"text:" + (text_digest(text) if digest is None else digest))
    else:
        key.update(json.dumps(data, sort_keys=True, separators=(",", ":")).encode())
    return folder / "validated" / schema_name.removesuffix(".json") / key.hexdigest()


def text_digest(text: str | bytes) -> bytes:
    """SHA-256 of a file's bytes (text is hashed as UTF-8): what verdicts on the file are
    remembered by."""
    content = text if isinstance(text, bytes) else text.encode("utf-8", "surrogatepass")
    return hashlib.sha256(content).digest()


@cache
def _schema_digest(name: str) -> str:
    return hashlib.sha256(json.dumps(shipped_schema(name), sort_keys=True).encode()).hexdigest()


#: what the remembered verdicts vouch for beyond the schema, when that grows within a version
_CHECKS = b"checks: repeated keys;"


def refuse_repeated_keys(text: str | bytes, data: Any, *, file: str, what: str) -> None:
    """Refuse JSON ``text`` (parsed as ``data``) in which an object names a key twice:
    parity reads the last value, and a reviewer of the file may read the first.

    Proved absent at C speed: every member of an object in JSON text has one ``:`` outside
    strings, and the rest of the text's colons are inside strings, where ``\\u003a`` may
    spell one. ``data`` compactly dumped holds one colon per member it kept and spells
    every colon of its strings out. So the text's colons plus its ``\\u003a`` spellings
    equal the dump's exactly when no member was lost to a repeated key; a repeated key
    loses at least its own colon. Only text that fails that count (a repeat, or a literal
    ``\\\\u003a``) is parsed again, in Python, to name the place."""
    content = text if isinstance(text, bytes) else text.encode("utf-8", "surrogatepass")
    try:
        kept = orjson.dumps(data).count(b":")
    except orjson.JSONEncodeError:  # not from orjson's domain: let the parse decide
        kept = -1
    spelled = content.count(b"\\u003a") + content.count(b"\\u003A") \
        if b"\\u003" in content else 0  # one search, where a count would be two
    if content.count(b":") + spelled == kept:
        return
    found = _repeated_key(content)
    if found is not None:
        where, key, times = found
        raise FileFormatError(
            f"{what} repeats the key {json.dumps(key, ensure_ascii=False)} in one object "
            f"({times} times): parity would read only the last value", file=file,
            location=where, hint="keep one of them: the one that is meant")


class _Repeats(dict):  # type: ignore[type-arg]
    """An object of the text that names ``key`` ``times`` times."""

    key: str
    times: int


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    obj, keys = _Repeats(pairs), [k for k, _ in pairs]
    if len(obj) < len(pairs):
        obj.key = next(k for k in keys if keys.count(k) > 1)
        obj.times = keys.count(obj.key)
    return obj


def _repeated_key(content: bytes) -> tuple[str, str, int] | None:
    """The JSON path of the first object (in document order) of ``content`` that repeats a
    key, the key and how often; ``None`` when none does."""
    try:
        value = json.loads(content, object_pairs_hook=_pairs)
    except (ValueError, RecursionError):  # read already, by ``jsonio.loads``: not expected
        return None
    pending: list[tuple[Any, str]] = [(value, "$")]
    while pending:
        node, path = pending.pop()
        if isinstance(node, _Repeats) and hasattr(node, "key"):
            return path, node.key, node.times
        if isinstance(node, dict):
            pending.extend((v, path + _step(k)) for k, v in reversed(node.items()))
        elif isinstance(node, list):
            pending.extend((v, f"{path}[{i}]") for i, v in reversed(list(enumerate(node))))
    return None


def _step(key: str) -> str:
    return f".{key}" if _NAME.fullmatch(key) else f"[{json.dumps(key, ensure_ascii=False)}]"


_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*")


def check_format(data: Any, expected: str, *, file: str, what: str, fix: str) -> None:
    """Give a wrong or missing ``format`` its own message before schema validation."""
    if not isinstance(data, dict):
        raise FileFormatError(f"not a {what}: the top level is not a JSON object", file=file,
                              location="$", hint=fix)
    found = data.get("format")
    if found != expected:
        raise FileFormatError(
            f"{what} format {found!r} is not supported (this parity reads {expected!r})",
            file=file, location="$.format", hint=fix)
