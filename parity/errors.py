"""Errors parity raises. The library never exits; the CLI maps these to exit codes.

ParityError                      bad input or configuration: exit 2
 ├── SchemaError                 a JSON Schema parity cannot reduce to field paths
 │    └── BoundsError            a schema past the depth or path bounds
 ├── FileFormatError             a manifest, baseline, lock or config that is malformed
 ├── ValueDomainError            a value canonical JSON cannot carry (NaN, 2**64, "\\ud800")
 ├── ConfigError                 a configuration mistake (all mistakes in one message)
 └── SourceError                 a source (module, server, file) that could not be read
DriftError                       not input trouble: a verdict (exit 1), raised only by APIs
 └── ToolDriftError              a server's tools differ from their lock
"""

from __future__ import annotations

from typing import Any


class ParityError(Exception):
    """Bad input: a readable message naming the file, the location and what to do."""

    exit_code = 2

    def __init__(self, message: str, *, file: str | None = None, location: str | None = None,
                 hint: str | None = None) -> None:
        self.message = message
        self.file = file
        self.location = location
        self.hint = hint
        super().__init__(str(self))

    def __str__(self) -> str:
        where = ""
        if self.file and self.location:
            where = f"{self.file}: at {self.location}: "
        elif self.file:
            where = f"{self.file}: "
        elif self.location:
            where = f"at {self.location}: "
        text = f"{where}{self.message}"
        if self.hint:
            text += f"\n  hint: {self.hint}"
        return text


class SchemaError(ParityError):
    """A JSON Schema parity cannot reduce to field paths."""


class BoundsError(SchemaError):
    """A schema past the configured depth or path-count bounds."""


class FileFormatError(ParityError):
    """A manifest, baseline, lock or config file that is malformed or of the wrong version."""


class ValueDomainError(ParityError):
    """A value canonical JSON (RFC 8785) cannot carry: NaN or an infinity, an integer beyond
    +-(2**53 - 1), a string with a lone surrogate. ``location`` is its JSON pointer."""


class ConfigError(ParityError):
    """A configuration mistake; every mistake found is listed in one message."""


class SourceError(ParityError):
    """A source that could not be read: a module, a server, a file."""


class UnexpectedError(ParityError):
    """A bug in parity met while doing one part of the work (one pair): said, and the other
    parts go on; exit 3, as any unexpected error."""

    exit_code = 3


class DriftError(Exception):
    """A verdict rather than bad input: the two sides disagree (exit 1)."""

    exit_code = 1


class ToolDriftError(DriftError):
    """A server's tool definitions differ from the lock; ``changes`` holds them as data."""

    def __init__(self, message: str, changes: Any = None) -> None:
        self.changes = changes
        super().__init__(message)
