"""Reading columns of decimal text as exact fixed-point integers, in bulk (numpy over the Arrow string buffers).

Only the plain form is read here — digits, optionally a point and up to `bulk.AREA_DIGITS` further digits, no
sign, no spaces, no exponent, at most 15 digits in all. Every other cell is left to the per-row
path, which reads it with `decimal.Decimal` (and so accepts ``1e3`` or `` 30.5 `` and rejects ``-5``) and says
what is wrong. The plain form is a subset of what `Decimal` accepts, with the same value, so both paths agree.
"""

from __future__ import annotations

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

_DIGIT0, _DIGIT9, _POINT = ord("0"), ord("9"), ord(".")


def _buffers(array: pa.Array) -> tuple[np.ndarray, np.ndarray]:
    """(bytes as uint8, offsets as int64) of a string or binary array, relative to the array's own slice."""
    if pa.types.is_large_string(array.type) or pa.types.is_large_binary(array.type):
        off_type = np.int64
    else:
        off_type = np.int32
    bufs = array.buffers()
    offsets = np.frombuffer(bufs[1], dtype=off_type)[array.offset: array.offset + len(array) + 1].astype(np.int64)
    data = np.frombuffer(bufs[2], dtype=np.uint8) if bufs[2] is not None else np.zeros(0, dtype=np.uint8)
    return data, offsets


def parse_fixed(array: pa.Array, max_digits: int, frac_digits: int,
                allow_point: bool = True) -> tuple[np.ndarray, np.ndarray]:
    """Read plain decimal text as integers in 1/10**frac_digits: ``"30.5"`` → 305000 with 4 digits.

    Returns ``(values, ok)``: int64 values (0 where not read) and a mask of the cells read: non-null, made only of
    ASCII digits and at most one point (none unless `allow_point`), with at least one digit, at most
    ``max_digits - frac_digits`` before the point and at most `frac_digits` after it. `max_digits` is at most 15.

    Exactness: a decimal of at most 15 significant digits is the nearest double to its value within a relative
    2**-53, so ``rint(double × 10**frac_digits)`` (an integer below 10**15 < 2**50) is exactly the fixed-point integer."""
    if max_digits > 15:
        raise ValueError("at most 15 digits are read exactly through a double")
    n = len(array)
    if n == 0:
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=bool)
    data, offsets = _buffers(array)
    starts = offsets[:-1]
    lengths = offsets[1:] - starts
    lo, hi = int(offsets[0]), int(offsets[-1])
    chunk = data[lo:hi]
    ok = (lengths > 0) & (lengths <= max_digits + (1 if allow_point else 0))
    if array.null_count:
        ok &= ~np.asarray(array.is_null().to_numpy(zero_copy_only=False))
    # characters other than digits and the point: their rows are not read here
    is_point = chunk == _POINT
    strange = np.flatnonzero(((chunk - np.uint8(_DIGIT0)) >= 10) & ~is_point)
    if len(strange):
        ok[np.searchsorted(offsets, strange + lo, side="right") - 1] = False
    frac = np.zeros(n, dtype=np.int64)
    count = np.zeros(n, dtype=np.int64)
    where = np.flatnonzero(is_point)
    if len(where):
        rows = np.searchsorted(offsets, where + lo, side="right") - 1
        if not allow_point:
            ok[rows] = False
        else:
            count = np.bincount(rows, minlength=n)
            ok &= count <= 1
            frac[rows] = lengths[rows] - (where + lo - starts[rows]) - 1
    digits = lengths - count
    ok &= (digits >= 1) & (digits - frac <= max_digits - frac_digits) & (frac <= frac_digits)
    if ok.all():
        text = array
    elif ok.any():
        text = pc.if_else(pa.array(ok), array, "0")
    else:
        return np.zeros(n, dtype=np.int64), ok
    if not allow_point:  # whole numbers: Arrow reads them as integers directly
        values = np.array(pc.cast(text, pa.int64()).fill_null(0).to_numpy(zero_copy_only=False), dtype=np.int64)
        values[~ok] = 0
        return values, ok
    doubles = pc.cast(text, pa.float64()).to_numpy(zero_copy_only=False)
    values = np.rint(doubles * float(10**frac_digits)).astype(np.int64)
    values[~ok] = 0
    return values, ok


def blank(array: pa.Array) -> np.ndarray:
    """Mask of null or empty cells."""
    if len(array) == 0:
        return np.zeros(0, dtype=bool)
    _, offsets = _buffers(array)
    out = (offsets[1:] - offsets[:-1]) == 0
    if array.null_count:
        out |= np.asarray(array.is_null().to_numpy(zero_copy_only=False))
    return out
