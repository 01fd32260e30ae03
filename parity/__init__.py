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
    "ITEMS": "parity.fieldpath",
    "VALUES": "parity.fieldpath",
    "Index": "parity.fieldpath",
    "Prop": "parity.fieldpath",
    "Manifest": "parity.manifest",
    "ToolManifest": "parity.manifest",
    "Limits": "parity.schema",
    "extract_paths": "parity.schema",
    "tool_tables": "parity.schema",
    "Config": "parity.config",
    "PairConfig": "parity.config",
    "ServerConfig": "parity.config",
    "load_config": "parity.config",
    "extract_pair": "parity.extract",
    "Finding": "parity.diff",
    "diff_manifests": "parity.diff",
    "RULES": "parity.rules",
    "Rule": "parity.rules",
    "Baseline": "parity.baseline",
    "BaselineEntry": "parity.baseline",
    "BaselineGrowthError": "parity.baseline",
    "Verdict": "parity.baseline",
    "judge": "parity.baseline",
    "Lock": "parity.lock",
    "LockedTool": "parity.lock",
    "Drift": "parity.drift",
    "ToolChange": "parity.drift",
    "PinnedClient": "parity.client",
    "Unavailable": "parity.client",
    "check_tools": "parity.client",
    "verify_tools": "parity.client",
    "message_handler": "parity.client",
    "GuardPolicy": "parity.guard",
    "GuardedSession": "parity.guard",
    "Outcome": "parity.guard",
}

__all__ = sorted([*_EXPORTS, "__version__", "parse_path", "render_path"])


def parse_path(text: str) -> Any:
    """Parse a printed field path into its steps (see docs/field-paths.md)."""
    from parity.fieldpath import parse

    return parse(text)


def render_path(steps: Any) -> str:
    """Print field-path steps in the grammar of docs/field-paths.md."""
    from parity.fieldpath import render

    return render(steps)


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'parity' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return __all__
