"""The fault drill: one fault mode at a time between a client and a real MCP server, every
call through the guard, and the count of what the guard said.

- ``faults/``: the fault-mode registry (``FAULTS``): one unit per mode, grouped by family;
- ``inject``: ``FaultInjector``, applying one mode's hooks to a session's messages;
- ``stdio_proxy`` / ``http_proxy``: the two proxies carrying the injector's decisions;
- ``targets``: what is drilled (``DrillTarget``, the bundled example, HTTP subprocesses);
- ``run``: the drill itself (``run_drill``); ``report``: its columns and the gate.

Names are re-exported lazily: the stdio proxy, a subprocess started once per mode, imports
only the registry and the injector, not the drill's client side.
"""

from __future__ import annotations

import importlib
from typing import Any

#: public name -> module that defines it
_EXPORTS: dict[str, str] = {
    "FAULTS": "parity.runtime.drill.faults",
    "Fault": "parity.runtime.drill.faults",
    "DrillReport": "parity.runtime.drill.report",
    "ModeResult": "parity.runtime.drill.report",
    "TargetResult": "parity.runtime.drill.report",
    "dumps": "parity.runtime.drill.report",
    "judge": "parity.runtime.drill.report",
    "PARALLEL_MODES": "parity.runtime.drill.run",
    "drill_target": "parity.runtime.drill.run",
    "run_drill": "parity.runtime.drill.run",
    "DrillError": "parity.runtime.drill.targets",
    "DrillTarget": "parity.runtime.drill.targets",
    "bundled_example_root": "parity.runtime.drill.targets",
    "bundled_targets": "parity.runtime.drill.targets",
    "free_port": "parity.runtime.drill.targets",
    "serve_subprocess": "parity.runtime.drill.targets",
}

__all__ = sorted([*_EXPORTS, "MODES"])


def __getattr__(name: str) -> Any:
    if name == "MODES":  # the fault modes by name: the registry
        name = "FAULTS"
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'parity.runtime.drill' has no attribute {name!r}")
    return getattr(importlib.import_module(module), name)


def __dir__() -> list[str]:
    return __all__
