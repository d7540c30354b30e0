"""The compiled C core and small helpers for handing numpy arrays to it."""

from __future__ import annotations

import numpy as np

from ._core import ffi, lib

__all__ = ["ffi", "lib", "double_ptr", "byte_ptr", "int8_ptr", "int64_array"]


def double_ptr(array: np.ndarray):
    """A ``double *`` to the first element of a float64 array (any strides)."""
    return ffi.cast("double *", array.ctypes.data)


def byte_ptr(array: np.ndarray):
    """A ``uint8_t *`` to the first element of a bool/uint8 array (any strides)."""
    return ffi.cast("uint8_t *", array.ctypes.data)


def int8_ptr(array: np.ndarray):
    """An ``int8_t *`` to the first element of an int8 array (any strides)."""
    return ffi.cast("int8_t *", array.ctypes.data)


def int64_array(values):
    return ffi.new("int64_t[]", [int(v) for v in values])
