"""``collector.paused``: the garbage collector waits for the block or the call, and is
restored however it ends; a collector turned off by the caller stays off."""

from __future__ import annotations

import gc

import pytest

from parity.core.collector import paused


def test_paused_for_a_block_and_restored_after_an_error():
    assert gc.isenabled()
    with pytest.raises(ValueError), paused():
        assert not gc.isenabled()
        raise ValueError
    assert gc.isenabled()


def test_as_a_decorator_each_call_is_paused():
    @paused()
    def inside() -> bool:
        return gc.isenabled()

    assert inside() is False and inside() is False and gc.isenabled()


def test_nested_pauses_restore_only_at_the_outermost():
    with paused():
        with paused():
            pass
        assert not gc.isenabled()
    assert gc.isenabled()


def test_a_collector_the_caller_turned_off_stays_off():
    gc.disable()
    try:
        with paused():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()
