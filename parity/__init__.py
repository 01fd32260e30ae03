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
    "Entry": "parity.fieldpaths.entry",
    "ITEMS": "parity.fieldpaths.fieldpath",
    "VALUES": "parity.fieldpaths.fieldpath",
    "Index": "parity.fieldpaths.fieldpath",
    "Prop": "parity.fieldpaths.fieldpath",
    "Manifest": "parity.fieldpaths.manifest",
    "ToolManifest": "parity.fieldpaths.manifest",
    "Limits": "parity.fieldpaths.schema",
    "extract_paths": "parity.fieldpaths.schema",
    "tool_tables": "parity.fieldpaths.schema",
    "Config": "parity.config.settings",
    "PairConfig": "parity.config.settings",
    "ServerConfig": "parity.config.settings",
    "load_config": "parity.config.settings",
    "extract_pair": "parity.sources.extract",
    "Finding": "parity.contract.diff",
    "diff_manifests": "parity.contract.diff",
    "RULES": "parity.contract.rules",
    "Rule": "parity.contract.rules",
    "Baseline": "parity.contract.baseline",
    "BaselineEntry": "parity.contract.baseline",
    "BaselineGrowthError": "parity.contract.baseline",
    "Verdict": "parity.contract.baseline",
    "judge": "parity.contract.baseline",
    "Lock": "parity.pinning.lock",
    "LockedTool": "parity.pinning.lock",
    "Drift": "parity.pinning.drift",
    "ToolChange": "parity.pinning.drift",
    "PinnedClient": "parity.runtime.client",
    "Unavailable": "parity.runtime.client",
    "check_tools": "parity.runtime.client",
    "verify_tools": "parity.runtime.client",
    "message_handler": "parity.runtime.client",
    "protect": "parity.integrations.protect",
    "lock_tools": "parity.integrations.locking",
    "Protection": "parity.integrations.protect",
    "Deferred": "parity.integrations.protect",
    "find_drift_error": "parity.integrations.groups",
    "drift_errors": "parity.integrations.groups",
    "GuardPolicy": "parity.runtime.guard",
    "GuardedSession": "parity.runtime.guard",
    "Outcome": "parity.runtime.guard",
}

__all__ = sorted([*_EXPORTS, "__version__", "parse_path", "render_path"])


def parse_path(text: str) -> Any:
    """Parse a printed field path into its steps (see docs/field-paths.md)."""
    from parity.fieldpaths.fieldpath import parse

    return parse(text)


def render_path(steps: Any) -> str:
    """Print field-path steps in the grammar of docs/field-paths.md."""
    from parity.fieldpaths.fieldpath import render

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
