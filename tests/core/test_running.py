"""``running.to_end``: a coroutine run to its end from synchronous code, inside a loop or
not."""

from __future__ import annotations

import asyncio
import contextvars
import threading

import pytest

from parity.core.running import to_end

WHO = contextvars.ContextVar("who", default="nobody")


async def answer() -> tuple[str, int]:
    await asyncio.sleep(0)
    return WHO.get(), threading.get_ident()


async def fail() -> None:
    await asyncio.sleep(0)
    raise ValueError("the coroutine's own error")


def test_outside_a_loop_it_runs_here() -> None:
    WHO.set("caller")
    assert to_end(answer) == ("caller", threading.get_ident())


def test_inside_a_loop_it_runs_in_a_thread_with_the_callers_context() -> None:
    async def main() -> tuple[str, int]:
        WHO.set("async caller")
        return to_end(answer)  # (synchronous code called on a running loop)

    who, thread = asyncio.run(main())
    assert (who, thread != threading.get_ident()) == ("async caller", True)


@pytest.mark.parametrize("in_loop", [False, True])
def test_its_error_is_raised_as_itself_with_no_loop_error_behind_it(in_loop: bool) -> None:
    """A framework may read an error's context as its cause (crewai's HTTP transport did):
    the ``RuntimeError`` that says no loop runs is not left in it."""
    async def main() -> None:
        to_end(fail)

    with pytest.raises(ValueError, match="the coroutine's own error") as raised:
        asyncio.run(main()) if in_loop else to_end(fail)
    assert not isinstance(raised.value.__context__, RuntimeError)
