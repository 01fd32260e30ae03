"""The one way parity builds JSON Schema validators: offline, bounded, cached by content.

A tool's schema comes from the server, so it is untrusted. ``jsonschema`` left to itself
fetches any remote ``$ref`` over HTTP (a request forgery from inside the agent's process, and
a verdict the fetched document decides). Every validator here resolves references through a
``referencing`` registry whose ``retrieve`` refuses every URI, and before a validator is built
the schema's references are resolved once, statically: a remote one is reported with its JSON
pointer and URI, and a schema whose references expand past ``MAX_EXPANSION`` nodes (which
would make every validation exponential) is refused with a ``BoundsError``.

``jsonschema`` and ``referencing`` are imported only when a validator is first needed, so the
``parity check`` path stays light.
"""

from __future__ import annotations

import hashlib
import json
import threading
import warnings
from collections import OrderedDict
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from parity.errors import BoundsError, SchemaError
from parity.fieldpaths.patterns import budgeted

if TYPE_CHECKING:
    import referencing
    from referencing._core import Resolver, Specification

#: Most schema nodes the references of one schema may expand into (each ``$ref`` counted as
#: the size of its target, recursion cut at re-entry). Real tool schemas stay below a few
#: thousand; an ``allOf`` chain of two references per level doubles per level.
MAX_EXPANSION = 100_000

#: Compiled validators kept, most recently used first.
CACHE_SIZE = 256

_REF_KEYWORDS = ("$ref", "$dynamicRef", "$recursiveRef")


class RemoteReferenceError(SchemaError):
    """A schema whose ``$ref`` needs a document parity would have to fetch (it never does)."""

    def __init__(self, message: str, *, uri: str, location: str, hint: str | None = None,
                 file: str | None = None) -> None:
        self.uri = uri
        super().__init__(message, file=file, location=location, hint=hint)


class _Refused(Exception):
    """Raised by the registry's ``retrieve``: no reference is ever fetched."""


def _refuse(uri: str) -> Any:
    raise _Refused(f"parity never fetches references ({uri})")


def offline_registry() -> referencing.Registry[Any]:
    """An empty ``referencing`` registry whose ``retrieve`` refuses every URI.

    Lookups of documents it does not hold raise ``referencing.exceptions.Unresolvable``.
    """
    import referencing

    return referencing.Registry(retrieve=_refuse)  # type: ignore[call-arg]


@dataclass(frozen=True)
class _Compiled:
    validator: Any = None
    error: SchemaError | None = None


_CACHE: OrderedDict[str, _Compiled] = OrderedDict()
#: held to read or change ``_CACHE``, never while compiling: the guard validates in the
#: agent's threads, and an entry dropped by one between another's lookup and its move to the
#: end raised ``KeyError`` (a guarded call refused as an unusable schema)
_LOCK = threading.Lock()


def validator_for(schema: Any, *, tool: str = "<schema>", where: str = "schema",
                  max_expansion: int = MAX_EXPANSION) -> Any:
    """A ``jsonschema`` validator for ``schema`` (its own ``$schema`` dialect, 2020-12 when
    undeclared, format checking on) that never touches the network.

    Validators are cached by the hash of the schema's content, so a tool called a thousand
    times compiles its schema once.

    Arguments:
        schema: a JSON Schema (object or boolean), never modified.
        tool: the tool's name, used in errors.
        where: which schema of the tool (``inputSchema``, ``outputSchema``), used in errors.
        max_expansion: the most nodes the schema's references may expand into.

    Raises ``RemoteReferenceError`` for a reference to a document outside the schema,
    ``SchemaError`` for one that resolves nowhere or a schema that is not JSON, and
    ``BoundsError`` for references that expand past ``max_expansion`` nodes.
    """
    key = _content_key(schema, tool, where, max_expansion)
    with _LOCK:
        compiled = _CACHE.get(key)
        if compiled is not None:
            _CACHE.move_to_end(key)
    if compiled is None:
        compiled = _compile(schema, tool, where, max_expansion)
        with _LOCK:
            _CACHE[key] = compiled
            while len(_CACHE) > CACHE_SIZE:
                _CACHE.popitem(last=False)
    if compiled.error is not None:
        raise compiled.error
    return compiled.validator


def _content_key(schema: Any, tool: str, where: str, max_expansion: int) -> str:
    try:
        text = json.dumps(schema, sort_keys=True, ensure_ascii=True, allow_nan=False)
    except (ValueError, TypeError, RecursionError) as exc:
        raise SchemaError(f"tool {tool!r}: {where}: not a JSON value ({exc})", location="#",
                          hint="a schema may hold only finite numbers and JSON text") from None
    # the names are part of the key because the cached error names them
    h = hashlib.sha256(f"{tool}\x00{where}\x00{max_expansion}\x00".encode())
    h.update(text.encode("ascii"))
    return h.hexdigest()


def _compile(schema: Any, tool: str, where: str, max_expansion: int) -> _Compiled:
    if not isinstance(schema, (dict, bool)):
        return _Compiled(error=SchemaError(
            f"tool {tool!r}: {where}: not a JSON Schema (expected an object or a boolean)",
            location="#"))
    cls, spec = _dialect(schema)
    registry = _registry()
    scan = _Scan(spec, tool, where, max_expansion)
    try:
        scan.size(schema, registry.resolver_with_root(spec.create_resource(schema)), "#")
    except SchemaError as exc:
        return _Compiled(error=exc)
    except RecursionError:
        return _Compiled(error=BoundsError(
            f"tool {tool!r}: {where}: schema is nested too deeply to validate",
            location=scan.pointer, hint="flatten the schema"))
    return _Compiled(validator=budgeted(cls)(schema, registry=registry,
                                             format_checker=cls.FORMAT_CHECKER))


def resolver_for(schema: Any) -> Resolver[Any]:
    """A ``referencing`` resolver rooted at ``schema``, as its validator resolves: the
    document itself and the JSON Schema meta-schemas, nothing fetched."""
    _, spec = _dialect(schema)
    return _registry().resolver_with_root(spec.create_resource(schema))


def _registry() -> referencing.Registry[Any]:
    from jsonschema_specifications import REGISTRY as SPECIFICATIONS

    return SPECIFICATIONS.combine(offline_registry())  # type: ignore[no-any-return]


def _dialect(schema: Any) -> tuple[Any, Any]:
    """The validator class and ``referencing`` specification of a schema: its own
    ``$schema``; undeclared, 2020-12 (the MCP default) unless tuples are spelt as array-valued
    ``items``, which only draft 7 and older allow (extraction decides the same way)."""
    import jsonschema
    import referencing.jsonschema

    dialect = schema.get("$schema") if isinstance(schema, dict) else None
    if not isinstance(dialect, str):
        legacy = has_tuple_items(schema)
        return ((jsonschema.Draft7Validator, referencing.jsonschema.DRAFT7) if legacy
                else (jsonschema.Draft202012Validator, referencing.jsonschema.DRAFT202012))
    with warnings.catch_warnings():  # an unknown `$schema` warns; 2020-12 is then used
        warnings.simplefilter("ignore")
        cls = jsonschema.validators.validator_for(schema,
                                                  default=jsonschema.Draft202012Validator)
    return cls, referencing.jsonschema.specification_with(
        dialect, default=referencing.jsonschema.DRAFT202012)


def has_tuple_items(root: Any) -> bool:
    """Whether any node of ``root`` spells a tuple as array-valued ``items`` (draft 7 and
    older)."""
    pending = [root]
    seen = {id(root)}  # a document may share a node many times: visit each once
    pop, push, add = pending.pop, pending.append, seen.add
    while pending:
        node = pop()
        if isinstance(node, dict):
            if isinstance(node.get("items"), list):
                return True
            values: Any = node.values()
        else:
            values = node
        for value in values:  # most values are strings: one identity test skips them
            if (value.__class__ is not str and isinstance(value, (dict, list))
                    and id(value) not in seen):
                add(id(value))
                push(value)
    return False


def dialect_of(root: Any, default_dialect: str | None = None) -> Specification[Any]:
    """The ``referencing`` specification extraction reads ``root`` by: its ``$schema``;
    undeclared, ``default_dialect``, else 2020-12 (the MCP default) unless the schema spells
    tuples as array-valued ``items``, which only the older drafts allow."""
    import referencing.jsonschema

    dialect = root.get("$schema") if isinstance(root, dict) else None
    if not isinstance(dialect, str):
        dialect = default_dialect or (
            "http://json-schema.org/draft-07/schema#" if has_tuple_items(root)
            else "https://json-schema.org/draft/2020-12/schema")
    return referencing.jsonschema.specification_with(
        dialect, default=referencing.jsonschema.DRAFT202012)


class _Scan:
    """Resolves every reference of a schema once and measures what they expand into."""

    def __init__(self, spec: Any, tool: str, where: str, max_expansion: int) -> None:
        self.spec = spec
        self.tool = tool
        self.where = where
        self.max_expansion = max_expansion
        self.pointer = "#"
        self.sizes: dict[int, int] = {}
        self.active: set[int] = set()

    def size(self, node: Any, resolver: Resolver[Any], pointer: str) -> int:
        """Nodes ``node`` expands into, with each reference replaced by its target's size
        (memoized per target, so the scan itself is linear in the document)."""
        if not isinstance(node, dict):
            return 1
        key = id(node)
        known = self.sizes.get(key)
        if known is not None:
            return known
        if key in self.active:  # recursion: jsonschema follows it only as deep as the data
            return 1
        self.active.add(key)
        self.pointer = pointer
        if pointer != "#" and isinstance(node.get("$id"), str):
            resolver = resolver.in_subresource(self.spec.create_resource(node))
        total = 1
        for keyword in _REF_KEYWORDS:
            ref = node.get(keyword)
            if isinstance(ref, str):
                total += self._follow(ref, keyword, resolver, pointer)
        children = {id(s) for s in self.spec.subresources_of(node)}
        for name, value in node.items():
            if id(value) in children:
                total += self.size(value, resolver, f"{pointer}/{_escape(name)}")
            elif isinstance(value, list):
                for i, item in enumerate(value):
                    if id(item) in children:
                        total += self.size(item, resolver, f"{pointer}/{_escape(name)}/{i}")
            elif isinstance(value, dict):
                for sub, item in value.items():
                    if id(item) in children:
                        total += self.size(item, resolver,
                                           f"{pointer}/{_escape(name)}/{_escape(sub)}")
            if total > self.max_expansion:
                raise BoundsError(
                    f"tool {self.tool!r}: {self.where}: references expand into more than "
                    f"{self.max_expansion} schema nodes", location=pointer,
                    hint="simplify the schema (each level of the chain multiplies the work)")
        self.active.discard(key)
        self.sizes[key] = total
        return total

    def _follow(self, ref: str, keyword: str, resolver: Resolver[Any], pointer: str) -> int:
        from referencing.exceptions import Unresolvable

        try:
            resolved = resolver.lookup(ref)
        except Unresolvable as exc:
            refused = _refused_uri(exc)
            if refused is None:
                raise SchemaError(f"tool {self.tool!r}: {self.where}: {keyword} {ref!r} "
                                  "resolves to nothing in the schema", location=pointer,
                                  hint="fix the reference at that JSON pointer") from None
            raise RemoteReferenceError(
                f"tool {self.tool!r}: {self.where}: {keyword} {ref!r} needs the remote "
                f"document {refused!r}; parity never fetches references", uri=refused,
                location=pointer,
                hint="ask the server to inline the referenced schema under $defs") from None
        except Exception as exc:  # malformed pointers and URIs in the reference itself
            raise SchemaError(f"tool {self.tool!r}: {self.where}: {keyword} {ref!r} is "
                              f"malformed ({type(exc).__name__})", location=pointer) from None
        return self.size(resolved.contents, resolved.resolver, ref)


def _refused_uri(exc: BaseException) -> str | None:
    """The URI our ``retrieve`` refused, when that is why a lookup failed (``referencing``
    wraps the refusal in ``Unretrievable``, and that in ``Unresolvable``)."""
    from referencing.exceptions import Unretrievable

    seen: BaseException | None = exc
    for _ in range(8):
        if seen is None:
            return None
        if isinstance(seen, Unretrievable):
            return str(seen.ref)
        seen = seen.__cause__ or seen.__context__
    return None


def _escape(token: Any) -> str:
    return str(token).replace("~", "~0").replace("/", "~1")


def first_error(validator: Any, instance: Any) -> Any:
    """The most relevant ``jsonschema`` error of ``instance``, or None when it is valid."""
    from jsonschema.exceptions import best_match

    return best_match(validator.iter_errors(instance))


def clear_cache() -> None:
    """Forget every compiled validator (tests use it to count compilations)."""
    with _LOCK:
        _CACHE.clear()
