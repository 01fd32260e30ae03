"""Where the configuration is, and reading its file: the nearest ``parity.toml``, or
``pyproject.toml`` with a ``[tool.parity]`` table (``--config PATH`` overrides)."""

from __future__ import annotations

import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from parity.core.reading import read_text
from parity.errors import ConfigError

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on 3.10 only
    import tomli as tomllib

#: where the parity keys sit in a pyproject.toml (a parity.toml has them at its top level)
PYPROJECT_PREFIX = "tool.parity"


def find_config(start: Path | None = None) -> Path | None:
    """The nearest ``parity.toml``, or ``pyproject.toml`` with a ``[tool.parity]`` table."""
    here = (start or Path.cwd()).resolve()
    for folder in (here, *here.parents):
        candidate = folder / "parity.toml"
        if candidate.is_file():
            return candidate
        pyproject = folder / "pyproject.toml"
        if pyproject.is_file() and _has_parity_table(pyproject):
            return pyproject
    return None


def read_table(file: Path) -> tuple[Mapping[str, Any], str]:
    """The parity keys of ``file`` and the prefix they sit under. A ``pyproject.toml``, or
    a file of any name with a ``[tool.parity]`` table, holds them under ``tool.parity``;
    any other file is read as a ``parity.toml``, with the keys at its top level."""
    try:
        data: dict[str, Any] = tomllib.loads(read_text(file))
    except FileNotFoundError:
        raise ConfigError("configuration file not found", file=str(file),
                          hint="check the --config path") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"cannot read configuration: {exc}", file=str(file)) from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"not valid TOML: {exc}", file=str(file),
                          hint="fix the TOML syntax at that line") from None
    except RecursionError:
        raise ConfigError("not readable: its tables or arrays are nested too deeply",
                          file=str(file)) from None
    tool = data.get("tool")
    if file.name == "pyproject.toml" or (isinstance(tool, dict) and "parity" in tool):
        # `tool` is no parity.toml key, so a [tool.parity] table says which form is meant
        table = tool.get("parity") if isinstance(tool, dict) else None
        if not isinstance(table, dict):
            raise ConfigError(f"{file.name} has no [tool.parity] table", file=str(file),
                              hint="add one (see docs/configuration.md)")
        return table, PYPROJECT_PREFIX
    return data, ""


def _has_parity_table(pyproject: Path) -> bool:
    try:
        text = read_text(pyproject)
    except (OSError, UnicodeDecodeError):
        return False
    return "[tool.parity" in text


__all__ = ["PYPROJECT_PREFIX", "find_config", "read_table"]
