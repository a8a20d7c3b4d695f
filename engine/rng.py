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


# Up to this many dice come from one 64-bit draw, as its base-6 digits: the joint distribution
# of 12 digits differs from uniform by at most 6**12 / 2**64 (about 1e-10).
DICE_PER_DRAW = 12


def dice(seed: int, counter: int, count: int) -> tuple[list[int], int]:
    """``count`` uniform values in [0, 6) from draws ``counter``, ``counter + 1``...; returns
    them with the next unused counter."""
    values: list[int] = []
    while len(values) < count:
        x = draw(seed, counter)
        counter += 1
        for _ in range(min(DICE_PER_DRAW, count - len(values))):
            x, value = divmod(x, 6)
            values.append(value)
    return values, counter
