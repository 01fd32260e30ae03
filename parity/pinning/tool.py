"""One pinned tool (``LockedTool``): its definition, normalized when first read, and its two
digests, computed when first asked, or proved equal to a twin's without normalizing.

A lock records each tool as the server listed it (``listed``: only the top-level
normalization applied), with a non-normative digest of that record's key-sorted JSON text
(``listed_digest``). An unchanged live tool has the same text, so one ``orjson`` dump and one
SHA-256 prove it equal, without walking its schemas. A live tool whose text differs is never
taken as changed on that account: it goes the normative way (full normalization, digests).

Equal text proves equal values only between values decoded from JSON (``plain_json``): any
Python value may share its text with another (a tuple with a list, NaN with ``null``, a
``UUID`` with a string), so a tool not known to be decoded JSON is also compared by value.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from typing import Any

from parity.core.canonical import digest
from parity.core.jsonio import VALUES_HINT
from parity.errors import ValueDomainError
from parity.pinning.normalize import (
    ANNOTATION_DEFAULTS,
    CONTRACT_DOMAIN,
    META_NOISE,
    SURFACE_DOMAIN,
    forms,
    normalize,
)

#: Domain of the listed digest: orjson's key-sorted compact text of the definition as listed.
#: Not RFC 8785 and not normative: it only lets an unchanged tool skip normalization.
LISTED_DOMAIN = "parity/lock/tool-listed/v1"


def listed_digest_of(listed: Any) -> str | None:
    """``sha256:<hex>`` over ``LISTED_DOMAIN NUL orjson-key-sorted-text``, or ``None`` where
    orjson cannot render the value (an integer beyond 64 bits, a key that is not a string)."""
    import orjson

    try:
        text = orjson.dumps(listed, option=orjson.OPT_SORT_KEYS)
    except (TypeError, orjson.JSONEncodeError):
        return None
    h = _LISTED_PREFIX.copy()
    h.update(text)
    return "sha256:" + h.hexdigest()


_LISTED_PREFIX = hashlib.sha256(LISTED_DOMAIN.encode("ascii") + b"\x00")
#: the most containers, one inside the other, that orjson renders (its recursion limit)
_DEEPEST = 254


def _too_deep(value: Any) -> bool:
    """Whether orjson refuses ``value`` for its nesting alone (a reader accepts deeper)."""
    import orjson

    try:
        orjson.dumps(value)
    except orjson.JSONEncodeError as exc:
        return "recursion" in str(exc).lower()
    except TypeError:
        return False
    return False


def _top_level_normal(definition: Mapping[str, Any]) -> bool:
    """Whether the top-level normalization would leave ``definition`` as it is: no
    annotation hint at its default, no per-connection ``_meta`` key, neither object empty
    (``normalize``'s rules, checked without copying anything)."""
    if type(definition) is not dict:
        return False
    annotations = definition.get("annotations")
    if isinstance(annotations, dict) and (not annotations or any(
            k in annotations and annotations[k] is v for k, v in ANNOTATION_DEFAULTS.items())):
        return False
    meta = definition.get("_meta")
    return not (isinstance(meta, dict) and (not meta or any(k in meta for k in META_NOISE)))


class LockedTool:
    """One pinned tool: its normalized definition and its two digests.

    A tool read from a lock file (``recorded``) has had its digests checked against its
    recorded definition (see docs/lock.md). A tool built from a live definition (``of``)
    computes its digests when first asked: ``same_as`` proves most live tools equal to their
    pinned twins by the text of their definitions as listed, much cheaper than normalizing
    and canonicalizing them."""

    __slots__ = ("_contract", "_definition", "_full_text", "_listed", "_listed_digest",
                 "_plain_json", "_raw", "_surface", "name")

    name: str
    _contract: str | None
    _surface: str | None
    #: the normalized definition, ``None`` until computed from ``_raw``
    _definition: Mapping[str, Any] | None
    #: the definition as given (wire JSON or a lock file's record)
    _raw: Mapping[str, Any]
    #: ``listed`` and its digest (``""``: orjson cannot render it), when first asked
    _listed: Mapping[str, Any] | None
    _listed_digest: str | None
    #: the normalized definition as key-sorted JSON (``b""``: orjson cannot render it)
    _full_text: bytes | None
    #: ``_raw`` was decoded from JSON text (see ``of``): its text alone tells it apart
    _plain_json: bool

    def __init__(self, name: str, contract: str, surface: str,
                 definition: Mapping[str, Any]) -> None:
        self._init(name, contract, surface, definition, definition)

    def _init(self, name: str, contract: str | None, surface: str | None,
              definition: Mapping[str, Any] | None, raw: Mapping[str, Any],
              listed_digest: str | None = None, plain_json: bool = False) -> None:
        _set = object.__setattr__
        _set(self, "name", name)
        _set(self, "_contract", contract)
        _set(self, "_surface", surface)
        _set(self, "_definition", definition)
        _set(self, "_raw", raw)
        _set(self, "_listed", None)
        _set(self, "_listed_digest", listed_digest)
        _set(self, "_full_text", None)
        _set(self, "_plain_json", plain_json)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"LockedTool is immutable: cannot assign to {name!r}")

    def __reduce__(self) -> tuple[Any, ...]:
        return (LockedTool, (self.name, self.contract, self.surface, self.definition))

    @classmethod
    def of(cls, definition: Mapping[str, Any], *, plain_json: bool = False) -> LockedTool:
        """One raw tool definition, normalized and hashed when first needed.

        ``plain_json`` promises that ``definition`` was decoded from JSON text and holds
        nothing canonical JSON cannot carry: every value exactly a ``dict``, ``list``,
        ``str``, ``int``, ``float``, ``bool`` or ``None``, no NaN or infinity (as
        ``parity.mcp`` proves of every listed tool). Between two such tools, equal text is
        equal value, and ``same_as`` needs no comparison by value."""
        tool = cls.__new__(cls)
        tool._init(str(definition["name"]), None, None, None, definition,
                   plain_json=plain_json)
        return tool

    @classmethod
    def recorded(cls, name: str, contract: str, surface: str, definition: Mapping[str, Any],
                 listed_digest: str | None = None, *, plain_json: bool = False) -> LockedTool:
        """A tool as a lock file records it, its digests (and ``listed_digest``, when the
        file has one) already checked against ``definition``. It is normalized when first
        read: a record keeps the server's order of ``required``. ``plain_json``: as for
        ``of`` (a lock read from its file is)."""
        tool = cls.__new__(cls)
        tool._init(name, contract, surface, None, definition, listed_digest, plain_json)
        return tool

    def _compute(self) -> None:
        normal, contract = forms(self._raw)
        _set = object.__setattr__
        _set(self, "_definition", normal)
        _set(self, "_contract", digest(CONTRACT_DOMAIN, contract))
        _set(self, "_surface", digest(SURFACE_DOMAIN, normal))

    @property
    def contract(self) -> str:
        if self._contract is None:
            self._compute()
        return self._contract  # type: ignore[return-value]  # set by _compute

    @property
    def surface(self) -> str:
        if self._surface is None:
            self._compute()
        return self._surface  # type: ignore[return-value]  # set by _compute

    @property
    def given(self) -> Mapping[str, Any]:
        """The definition as given: wire JSON, or a lock file's record."""
        return self._raw

    @property
    def listed(self) -> Mapping[str, Any]:
        """What a lock file records: the definition as listed, after the top-level
        normalization only (annotation hints at their defaults and per-connection ``_meta``
        dropped; schemas, and the order of their ``required`` lists, as listed)."""
        if self._listed is None:
            raw = self._raw  # most definitions are their own record: no copy
            listed = raw if _top_level_normal(raw) else normalize(raw, _schemas=False)
            object.__setattr__(self, "_listed", listed)
        return self._listed  # type: ignore[return-value]  # just set

    @property
    def listed_digest(self) -> str | None:
        """The non-normative digest of ``listed`` (``listed_digest_of``)."""
        if self._listed_digest is None:
            object.__setattr__(self, "_listed_digest", listed_digest_of(self.listed) or "")
        return self._listed_digest or None

    @property
    def definition(self) -> Mapping[str, Any]:
        """The normalized (surface-form) definition."""
        if self._definition is None:  # normalizing is cheap; hashing waits until asked
            object.__setattr__(self, "_definition", normalize(self._raw))
        return self._definition  # type: ignore[return-value]  # just set

    def same_as(self, other: LockedTool) -> bool:
        """Whether both have the same digests, proved without normalizing where it can be:
        equal listed digests (equal key-sorted text) **and** equal listed values mean equal
        normalized forms. Between two ``plain_json`` tools equal text is equal value;
        otherwise Python equality proves it (it tells NaN from ``null`` and a tuple from a
        list, which the text does not; the text tells ``true`` from ``1``, which equality
        does not). Failing that, equal text and values of the normalized forms do (a
        reordered ``required``). Otherwise the digests decide: a difference in text never
        means changed by itself."""
        plain = self._plain_json and other._plain_json  # normalizing keeps them so
        mine = self.listed_digest
        if mine is not None and mine == other.listed_digest and (
                plain or self.listed == other.listed):
            return True
        text = self._text_of_definition()
        if text and text == other._text_of_definition() and (
                plain or self.definition == other.definition):
            return True
        return (self.contract, self.surface) == (other.contract, other.surface)

    def _text_of_definition(self) -> bytes:
        """The normalized definition as key-sorted JSON (``b""``: orjson cannot render it)."""
        if self._full_text is None:
            import orjson

            try:
                text = orjson.dumps(self.definition, option=orjson.OPT_SORT_KEYS)
            except (TypeError, orjson.JSONEncodeError):
                text = b""
            object.__setattr__(self, "_full_text", text)
        return self._full_text  # type: ignore[return-value]  # just set

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, LockedTool):
            return NotImplemented
        return (self.name, self.contract, self.surface) == \
            (other.name, other.contract, other.surface) and self.definition == other.definition

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (f"LockedTool(name={self.name!r}, contract={self.contract!r}, "
                f"surface={self.surface!r}, definition={self.definition!r})")

    def to_json(self) -> dict[str, Any]:
        """The tool's entry in a lock file (``parity.lock/2``)."""
        contract, surface = self.contract, self.surface  # raise first for what JSON cannot hold
        listed = self.listed_digest
        if listed is None:
            if _too_deep(self.listed):
                raise ValueDomainError(
                    f"tool {self.name!r} cannot be written to a lock: its definition is "
                    f"nested more than {_DEEPEST} levels deep", hint="no lock pins a tool "
                    "this deep (the digest of what it lists is orjson's text, which stops "
                    "there); ask the server's authors to flatten it")
            raise ValueDomainError(f"tool {self.name!r} cannot be written to a lock: its "
                                   "definition is not plain JSON", hint=VALUES_HINT)
        return {"contract": contract, "surface": surface, "listed": listed,
                "definition": dict(self.listed)}


__all__ = ["LISTED_DOMAIN", "LockedTool", "listed_digest_of"]
