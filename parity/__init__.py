"""parity: keep an AI agent and the MCP servers it calls in agreement about tool contracts.

The public API is re-exported here lazily, so importing ``parity`` stays cheap on the
pre-commit path; each name is imported from its module on first use.
"""

from __future__ import annotations

import importlib
from typing import Any

__version__ = "0.1.0"

#: public name -> module that defines it
_EXPORTS: dict[str, str] = {
    "BoundsError": "parity.errors",
    "ConfigError": "parity.errors",
    "DriftError": "parity.errors",
    "FileFormatError": "parity.errors",
    "ParityError": "parity.errors",
    "SchemaError": "parity.errors",
    "SourceError": "parity.errors",
    "ToolDriftError": "parity.errors",
    "Entry": "parity.entry",
    "Manifest": "parity.manifest",
    "ToolManifest": "parity.manifest",
    "Limits": "parity.schema",
    "extract_paths": "parity.schema",
    "tool_tables": "parity.schema",
}

__all__ = sorted([*_EXPORTS, "__version__"])


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'parity' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return __all__
