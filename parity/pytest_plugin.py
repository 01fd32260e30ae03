"""pytest plugin (entry point ``pytest11``): keep a parity check among a project's tests."""

from __future__ import annotations
