"""The demo server's listing, fetched once for every test module of the seam."""

from __future__ import annotations

import pytest

from parity.mcp import Listing, fetch_tools
from tests.mcpfixtures import stdio


@pytest.fixture(scope="session")
def demo_listing() -> Listing:
    """The demo server's listing over stdio, fetched once (starting an SDK server is slow)."""
    return fetch_tools(stdio("tests.servers.demo"))
