"""A counter-based random generator: the whole generator state is (seed, counter).

Each draw is splitmix64 of seed + counter * golden gamma, so drawing never mutates hidden state
and a stored game replays bit for bit.
"""

from __future__ import annotations

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15


def draw(seed: int, counter: int) -> int:
    """The 64-bit random value number ``counter`` of the stream ``seed``."""
    z = (seed + (counter + 1) * _GAMMA) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def below(seed: int, counter: int, n: int) -> int:
    """A uniform integer in [0, n) from draw ``counter`` (n is tiny, so bias is negligible:
    at most n / 2**64)."""
    return draw(seed, counter) % n
