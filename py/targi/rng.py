"""A tiny seeded generator (splitmix64) kept as one integer in the game state.

Python's `random` is avoided on purpose: its state is large to copy for search, and a game must
replay bit for bit in CPython and in Pyodide from its seed alone.
"""

from __future__ import annotations

MASK = (1 << 64) - 1


def next_value(state: int) -> tuple[int, int]:
    """One step of splitmix64: (new state, a 64-bit value)."""
    state = (state + 0x9E3779B97F4A7C15) & MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return state, z ^ (z >> 31)


def shuffle(items: list[int], state: int) -> int:
    """Fisher-Yates in place; returns the new generator state."""
    for i in range(len(items) - 1, 0, -1):
        state, r = next_value(state)
        j = r % (i + 1)
        items[i], items[j] = items[j], items[i]
    return state
