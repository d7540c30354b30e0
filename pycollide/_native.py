"""The compiled C core and small helpers for handing numpy arrays to it."""

from __future__ import annotations

import math
import os
import struct
import threading
from typing import Any, Callable, Optional

import numpy as np

from ._core import ffi, lib

__all__ = [
    "ffi",
    "lib",
    "double_ptr",
    "byte_ptr",
    "int8_ptr",
    "int64_array",
    "resolve_threads",
    "check_rc",
    "broadcast_strides",
    "number",
    "call",
    "long_call",
    "COSTLY",
]

THREADS_ENV = "PYCOLLIDE_NUM_THREADS"


def _ptr(ctype: str, array: np.ndarray):
    # from_buffer is the cheap route; it needs one contiguous block, so other
    # layouts go through the array's address.  Either way the pointer keeps
    # nothing alive: the caller must hold the array (a named variable, not a
    # temporary) until the C call returns.
    if array.flags.c_contiguous:
        return ffi.cast(ctype, ffi.from_buffer(array))
    return ffi.cast(ctype, array.ctypes.data)


def double_ptr(array: np.ndarray):
    """A ``double *`` to the first element of a float64 array (any strides)."""
    return _ptr("double *", array)


def byte_ptr(array: np.ndarray):
    """A ``uint8_t *`` to the first element of a bool/uint8 array (any strides)."""
    return _ptr("uint8_t *", array)


def int8_ptr(array: np.ndarray):
    """An ``int8_t *`` to the first element of an int8 array (any strides)."""
    return _ptr("int8_t *", array)


def _all_cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


#: the most threads a call asks the core for (it caps them at PC_MAX_THREADS itself)
MAX_THREADS = 1024
_env_cache: dict = {}


def _env_threads(verb: str) -> Optional[int]:
    """PYCOLLIDE_NUM_THREADS as a positive integer (None when unset), checked
    on every call whatever the batch size, so a bad value fails at once."""
    text = os.environ.get(THREADS_ENV)
    if text is None:
        return None
    value = _env_cache.get(text)
    if value is None:
        try:
            value = int(text)
        except ValueError:
            value = 0
        if value < 1:
            raise ValueError(f"{verb}: the environment variable {THREADS_ENV} must be a positive integer, got {text!r}")
        _env_cache[text] = value = min(value, MAX_THREADS)
    return value


def resolve_threads(verb: str, threads: Any, size: int) -> int:
    """The thread count for a batch of ``size`` elements: ``threads`` if given,
    else the environment variable PYCOLLIDE_NUM_THREADS, else every core this
    process may run on.  Batches of fewer than two chunks run on one thread.
    Counts above MAX_THREADS mean "as many as there are" and are capped."""
    if threads is None:
        env = _env_threads(verb)
        if size < 2 * lib.PC_PARALLEL_CHUNK:
            return 1
        return _all_cores() if env is None else env
    if isinstance(threads, (bool, np.bool_)) or not isinstance(threads, (int, np.integer)):
        raise TypeError(f"{verb}: `threads` must be a positive integer or None, got {threads!r}")
    if threads < 1:
        raise ValueError(f"{verb}: `threads` must be >= 1, got {threads}")
    return int(min(threads, MAX_THREADS))


def int64_array(values):
    return ffi.new("int64_t[]", [int(v) for v in values])


# Scratch memory for the C core, neither cleared nor advised to use huge
# pages: numpy asks the kernel for huge pages on arrays of 4 MB or more, and
# where memory is fragmented the kernel then compacts it on the first touch
# (the first advance of many balls took several times as long; later calls
# reuse the freed memory either way, at the same speed: benchmarks/balls.md,
# design history).
_uncleared = ffi.new_allocator(should_clear_after_alloc=False)


def scratch(nbytes: int) -> Any:
    """``nbytes`` bytes of uncleared memory, freed with the returned object."""
    return _uncleared("uint8_t[]", nbytes)


# ---- long calls, interruptible ----------------------------------------------
#
# The C core reads a cancel flag between slices of its work (pycollide.h,
# "Cancelling a long call").  A call whose work reaches LONG_WORK runs on a
# worker thread while the main thread waits in short joins, so that Ctrl-C
# (KeyboardInterrupt, delivered to the main thread only) can set the flag:
# the core stops within a slice and the interrupt is re-raised.  Smaller
# calls, and calls from other threads (which never receive KeyboardInterrupt),
# run directly: starting a thread and handing the GIL back and forth costs
# more than a call of a few milliseconds should pay (a step of many balls,
# say: benchmarks/balls.md), and a call that ends within a tenth of a second
# is interrupted on its return anyway.  Work is counted in elements
# times their cost: 1 for a test of one pair of shapes, COSTLY for an element
# that walks a tree, a grid or a tile map or moves a body.

#: work from which a call is interruptible: 2**25 overlap tests, or 2**17
#: costly elements, take a few tens of milliseconds or more
LONG_WORK = 1 << 25
#: the weight of an element that costs microseconds (nearest, raycasts, sweeps, pairs, motion)
COSTLY = 256
_JOIN = 0.05  # seconds between the main thread's looks at a pending interrupt
_NULL = ffi.NULL


def long_call(work: int) -> bool:
    """Whether a call of this much work runs interruptibly (see call)."""
    return work >= LONG_WORK and threading.current_thread() is threading.main_thread()


def call(work: int, function: Callable[..., int], *args: Any) -> int:
    """``function(*args, cancel)``, the C entry point's return code.

    ``cancel`` is NULL for a short call (``long_call(work)`` false).  A long
    one runs on a worker thread with a cancel flag; on KeyboardInterrupt (or
    any exception in the main thread) the flag is set, the core is waited for
    (it reads and writes the caller's buffers until it returns: never
    abandoned) and the exception re-raised.  Outputs are then partly written:
    callers that write into a caller's ``out`` pass a temporary and copy it
    on success (see _dispatch)."""
    if work < LONG_WORK or threading.current_thread() is not threading.main_thread():  # long_call, inlined
        return function(*args, _NULL)
    flag = ffi.new("int *")
    done: list = []
    finished = threading.Event()

    def work_() -> None:
        try:
            done.append(function(*args, flag))
        except BaseException as exc:  # a cffi argument error: re-raised by the caller
            done.append(exc)
        finally:
            finished.set()

    # an Event, not Thread.join: a join interrupted by KeyboardInterrupt can
    # mark a running thread as stopped (CPython bpo-45274's fix, up to 3.11)
    threading.Thread(target=work_, name="pycollide-call", daemon=True).start()
    try:
        while not finished.wait(_JOIN):
            pass
    except BaseException:
        flag[0] = 1
        while not finished.is_set():
            try:
                finished.wait(_JOIN)
            except BaseException:  # another Ctrl-C: the first one is re-raised once the core stops
                pass
        raise
    if isinstance(done[0], BaseException):
        raise done[0]
    return int(done[0])


def check_rc(verb: str, rc: int) -> None:
    if rc != lib.PC_OK:  # unreachable for validated inputs: a bug, say so
        raise RuntimeError(f"{verb}: the C core returned error {rc}")


def broadcast_strides(own: tuple, strides, shape: tuple) -> tuple:
    """Strides (any unit) of leading axes ``own`` broadcast to ``shape``:
    broadcast axes get stride 0, so no broadcast view is needed."""
    if own == shape:
        return tuple(strides)
    pad = len(shape) - len(own)
    return (0,) * pad + tuple(0 if n != m else st for n, m, st in zip(own, shape[pad:], strides))


def _positive_or_zero_sign(value: float) -> int:
    """-1, 0 or 1 from the bits of a double: no float arithmetic or comparison,
    so a denormals-are-zero mode set by another library cannot make a tiny
    positive value 0."""
    bits = int.from_bytes(struct.pack("<d", value), "little")
    if bits & ((1 << 63) - 1) == 0:
        return 0
    return -1 if bits >> 63 else 1


def number(verb: str, name: str, value: Any, low: Any = None, inclusive: bool = True) -> float:
    """A finite real number (not a bool), optionally >= low (> low when not inclusive)."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, float, np.integer, np.floating)):
        raise TypeError(f"{verb}: `{name}` must be a number, got {type(value).__name__}")
    value = float(value)
    if not math.isfinite(value):
        raise ValueError(f"{verb}: `{name}` must be finite, got {value}")
    if low is not None:
        below = _positive_or_zero_sign(value) < 0 if low == 0 else value < low
        at = _positive_or_zero_sign(value) == 0 if low == 0 else value == low
        if below or (not inclusive and at):
            raise ValueError(f"{verb}: `{name}` must be {'>=' if inclusive else '>'} {low:g}, got {value}")
    return value
