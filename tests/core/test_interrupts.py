"""``parity.core.interrupts``: a real SIGINT told apart from a raised KeyboardInterrupt."""

from __future__ import annotations

import os
import signal
import threading
import time

import pytest

from parity.core.interrupts import noting_sigint


def test_a_real_sigint_is_noted_and_still_interrupts() -> None:
    before = signal.getsignal(signal.SIGINT)
    with pytest.raises(KeyboardInterrupt), noting_sigint() as interrupted:
        try:
            os.kill(os.getpid(), signal.SIGINT)
            time.sleep(5)  # the handler's KeyboardInterrupt ends it at once
        finally:
            assert interrupted()
    assert signal.getsignal(signal.SIGINT) is before


def test_a_raised_keyboard_interrupt_is_not_a_sigint() -> None:
    with pytest.raises(KeyboardInterrupt), noting_sigint() as interrupted:
        try:
            raise KeyboardInterrupt
        finally:
            assert not interrupted()


def test_a_handler_the_code_sets_is_left_in_place() -> None:
    before = signal.getsignal(signal.SIGINT)

    def own(signum, frame) -> None:
        pass

    try:
        with noting_sigint():
            signal.signal(signal.SIGINT, own)
        assert signal.getsignal(signal.SIGINT) is own
    finally:
        signal.signal(signal.SIGINT, before)


def test_outside_the_main_thread_nothing_is_noted() -> None:
    seen: list[bool] = []

    def other() -> None:
        with noting_sigint() as interrupted:
            seen.append(interrupted())

    thread = threading.Thread(target=other)
    thread.start()
    thread.join()
    assert seen == [False]
