"""The public surface: every name in ``parity.__all__`` resolves, and nothing heavy loads early."""

from __future__ import annotations

import subprocess
import sys

import parity


def test_all_is_sorted_and_every_name_resolves():
    assert parity.__all__ == sorted(parity.__all__)
    for name in parity.__all__:
        assert getattr(parity, name) is not None, name


def test_importing_parity_loads_no_heavy_dependency():
    code = ("import sys, parity; heavy = [m for m in ('mcp', 'pydantic', 'deepdiff', 'jsonschema')"
            " if m in sys.modules]; print(','.join(heavy))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.strip()
    assert out == ""


def test_unknown_attribute_is_an_attribute_error():
    try:
        parity.no_such_name  # noqa: B018
    except AttributeError as exc:
        assert "no_such_name" in str(exc)
    else:
        raise AssertionError("expected AttributeError")


def test_no_export_shadows_a_submodule():
    import pkgutil

    submodules = {m.name for m in pkgutil.iter_modules(parity.__path__)}
    assert not submodules & set(parity.__all__)
