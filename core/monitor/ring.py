"""Fixed-size ring buffers with O(1) append and a contiguous, copy-free view.

Every value is written twice, at ``i`` and ``i + capacity`` of a preallocated
array of ``2 * capacity``; the newest ``count`` values are then always the
slice ``[start, start + count)``, so a plot gets a plain numpy view in time order.
"""

from __future__ import annotations

import math

import numpy as np


class RingBuffer:
    __slots__ = ("capacity", "_data", "_next", "_count")

    def __init__(self, capacity: int, dtype: type | np.dtype = np.float64) -> None:
        if capacity < 1:
            raise ValueError("a ring needs room for at least one value")
        self.capacity = int(capacity)
        fill = math.nan if np.dtype(dtype).kind == "f" else 0
        self._data = np.full(2 * self.capacity, fill, dtype=dtype)
        self._next = 0  # where the next value goes, in [0, capacity)
        self._count = 0

    def __len__(self) -> int:
        return self._count

    def append(self, value: float | None) -> None:
        """Add one value (None becomes NaN in a float ring); the oldest drops out when full."""
        if value is None:
            value = math.nan
        i = self._next
        self._data[i] = value
        self._data[i + self.capacity] = value
        self._next = i + 1 if i + 1 < self.capacity else 0
        if self._count < self.capacity:
            self._count += 1

    def view(self) -> np.ndarray:
        """The values, oldest first: a read-only view into the buffer, valid until the next append."""
        end = self._next + self.capacity if self._count == self.capacity else self._next
        out = self._data[end - self._count:end]
        out.flags.writeable = False
        return out

    def last(self) -> float | None:
        """The newest value, or None when empty."""
        if not self._count:
            return None
        return float(self._data[self._next - 1 + self.capacity])

    def clear(self) -> None:
        self._next = 0
        self._count = 0
