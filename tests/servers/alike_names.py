"""An SDK server (FastMCP on 1.x, MCPServer on 2.x) whose tools differ only in what a
framework that renames tools drops: ``get-sum`` and ``get_sum`` (crewai names both
``get_sum``), and ``echo``. stdio, or ``--http PORT`` on 127.0.0.1."""

from __future__ import annotations

from typing import Any

from parity.mcp import new_server
from tests.servers._serve import serve_from_argv


def build() -> Any:
    server = new_server("alike")

    def add(a: int, b: int) -> str:
        """Add two numbers."""
        return str(a + b)

    def add_all(numbers: list[int]) -> str:
        """Add a list of numbers."""
        return str(sum(numbers))

    def echo(text: str) -> str:
        """Say it back."""
        return text

    server.add_tool(add, name="get-sum")
    server.add_tool(add_all, name="get_sum")
    server.add_tool(echo)
    return server


if __name__ == "__main__":
    serve_from_argv(build())
