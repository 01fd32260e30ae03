"""A server's URL, as a configuration and an ad-hoc ``--url`` alike must give it."""

from __future__ import annotations

import re
from typing import Any


def url_mistake(url: Any) -> str | None:
    """What a server's URL was expected to be, when it is not (a configured ``url`` and an
    ad-hoc ``--url`` alike: a port out of range is caught here, not by the transport's
    ``OverflowError``); None for a usable one."""
    if not _is_http_url(url):
        return "an http:// or https:// URL"
    if any(c < " " or c == "\x7f" for c in str(url)):
        return "a URL without control characters (HTTP refuses them)"
    return None


def _is_http_url(url: Any) -> bool:
    from urllib.parse import urlsplit

    if not isinstance(url, str) or not re.match(r"https?://", url):
        return False
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018 - raises on a port that is no number or out of range
    except ValueError:  # an unclosed IPv6 bracket, a bad port
        return False
    return bool(parts.hostname)


__all__ = ["url_mistake"]
