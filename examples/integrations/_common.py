"""Shared by the integration examples: the bundled example server and its lock."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
#: the example's lock (`parity lock`, defaults)
LOCK = ROOT / "manifests" / "workflow.lock.json"
#: the bundled example MCP server over stdio
COMMAND, ARGS = sys.executable, ["-m", "examples.workflow.server"]
#: a call with arguments the pinned schema refuses (``max_phases`` must be an integer)
BAD = {"goal": "weekly digest", "max_phases": "four"}
