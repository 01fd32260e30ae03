"""Report formats. Each is a formatter object with one method, ``render(report, color)``,
registered by name in ``FORMATS`` and imported only when chosen.

    from parity.contract.report import get_formatter
    text = get_formatter("json").render(report)
"""

from __future__ import annotations

import importlib
from typing import Protocol

from parity.contract.report._model import PairReport, Report, Totals

#: format name -> module defining ``formatter``; the first is the default
FORMATS: dict[str, str] = {
    "text": "parity.contract.report.text",
    "json": "parity.contract.report.json",
    "github": "parity.contract.report.github",
    "markdown": "parity.contract.report.markdown",
    "junit": "parity.contract.report.junit",
    "sarif": "parity.contract.report.sarif",
}


class Formatter(Protocol):
    """Renders a ``Report`` as one document; ``color`` is a hint only ``text`` uses."""

    name: str

    def render(self, report: Report, *, color: bool = False) -> str: ...


def get_formatter(name: str) -> Formatter:
    if name not in FORMATS:
        raise ValueError(f"unknown report format {name!r} (known: {', '.join(FORMATS)})")
    formatter: Formatter = importlib.import_module(FORMATS[name]).formatter
    return formatter


__all__ = ["FORMATS", "Formatter", "PairReport", "Report", "Totals", "get_formatter"]
