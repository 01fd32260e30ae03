"""One pinned tool (``LockedTool``): its definition, normalized when first read, and its two
digests, computed when first asked, or proved equal to a twin's by JSON text.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from parity.core.canonical import digest
from parity.pinning.normalize import CONTRACT_DOMAIN, SURFACE_DOMAIN, forms, normalize


class LockedTool:
    """One pinned tool: its normalized definition and its two digests.

    A tool read from a lock file (``from_json``) has had its digests checked against its
    recorded definition (see docs/lock.md). A tool built from a live definition (``of``)
    computes its digests when first asked: ``same_as`` can prove most live tools equal to
    their pinned twins from their JSON text alone, which is much cheaper than normalizing
    and canonicalizing them."""

    __slots__ = ("_contract", "_definition", "_raw", "_surface", "_texts", "name")

    name: str
    _contract: str | None
    _surface: str | None
    #: the normalized definition, ``None`` until computed from ``_raw``
    _definition: Mapping[str, Any] | None
    #: the definition as given (wire JSON or a lock file's record)
    _raw: Mapping[str, Any]
    #: full normalization? -> the definition as key-sorted JSON (``b""``: no text says it)
    _texts: dict[bool, bytes]

    def __init__(self, name: str, contract: str, surface: str,
                 definition: Mapping[str, Any]) -> None:
        self._init(name, contract, surface, definition, definition)

    def _init(self, name: str, contract: str | None, surface: str | None,
              definition: Mapping[str, Any] | None, raw: Mapping[str, Any]) -> None:
        _set = object.__setattr__
        _set(self, "name", name)
        _set(self, "_contract", contract)
        _set(self, "_surface", surface)
        _set(self, "_definition", definition)
        _set(self, "_raw", raw)
        _set(self, "_texts", {})

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"LockedTool is immutable: cannot assign to {name!r}")

    def __reduce__(self) -> tuple[Any, ...]:
        return (LockedTool, (self.name, self.contract, self.surface, self.definition))

    @classmethod
    def of(cls, definition: Mapping[str, Any]) -> LockedTool:
        """One raw tool definition, normalized and hashed when first needed."""
        tool = cls.__new__(cls)
        tool._init(str(definition["name"]), None, None, None, definition)
        return tool

    @classmethod
    def recorded(cls, name: str, contract: str, surface: str,
                 definition: Mapping[str, Any]) -> LockedTool:
        """A tool as a lock file records it, its digests already checked against
        ``definition`` (normalized again when first read: it may have been reordered)."""
        tool = cls.__new__(cls)
        tool._init(name, contract, surface, None, definition)
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
    def definition(self) -> Mapping[str, Any]:
        """The normalized (surface-form) definition."""
        if self._definition is None:  # normalizing is cheap; hashing waits until asked
            object.__setattr__(self, "_definition", normalize(self._raw))
        return self._definition  # type: ignore[return-value]  # just set

    def same_as(self, other: LockedTool) -> bool:
        """Whether both have the same digests, proved without hashing where the JSON text
        shows it (a lock file's digests were checked against its definitions on load):
        equal text after the top-level normalization (annotation hints, ``_meta``) means
        equal normalized forms; failing that, equal text of the normalized forms does.
        Otherwise the digests decide."""
        quick = self._text_of(full=False)
        if quick is not None and quick == other._text_of(full=False):
            return True
        full = self._text_of(full=True)
        if full is not None and full == other._text_of(full=True):
            return True
        return (self.contract, self.surface) == (other.contract, other.surface)

    def _text_of(self, *, full: bool) -> bytes | None:
        """The definition as key-sorted JSON, normalized at the top level only or fully
        (``full``), or ``None`` where no text identifies it. orjson renders it (the stdlib
        encoder alone costs more than hashing); it writes NaN and infinities as ``null``
        and cannot write integers beyond 64 bits, so a text that does not read back as the
        same value is not used."""
        cached = self._texts.get(full)
        if cached is None:
            import orjson

            value = self.definition if full else normalize(self._raw, _schemas=False)
            try:
                cached = orjson.dumps(value, option=orjson.OPT_SORT_KEYS)
            except (TypeError, orjson.JSONEncodeError):
                cached = b""
            if cached and orjson.loads(cached) != value:  # NaN reads back as None
                cached = b""
            self._texts[full] = cached
        return cached or None

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
        return {"contract": self.contract, "surface": self.surface,
                "definition": dict(self.definition)}


__all__ = ["LockedTool"]
