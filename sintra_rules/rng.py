"""The explicit random generator carried in every game state (ENG-02).

SplitMix64: the state is one unsigned 64-bit integer and every step is plain integer
arithmetic, so the same seed gives the same numbers on every platform and Python version
(unlike :mod:`random`, whose internals are not part of its contract). Functions are pure: they
take a generator state and return the next state with the value drawn.

>>> state, value = next_u64(0)
>>> hex(value)
'0xe220a8397b1dcdaf'
>>> below(0, 6)
(11400714819323198485, 1)
"""

from __future__ import annotations

from sintra_rules.errors import InvalidArgument

__all__ = ["MASK64", "below", "draw_piece", "next_u64", "seed_state", "shuffle"]

MASK64 = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_MUL1 = 0xBF58476D1CE4E5B9
_MUL2 = 0x94D049BB133111EB


def seed_state(seed: int) -> int:
    """The generator state for a non-negative integer seed: ``seed mod 2**64`` (ENG-02)."""
    return seed & MASK64


def next_u64(state: int) -> tuple[int, int]:
    """One SplitMix64 step: ``(next state, 64-bit output)`` (ENG-02)."""
    state = (state + _GOLDEN) & MASK64
    z = state
    z = ((z ^ (z >> 30)) * _MUL1) & MASK64
    z = ((z ^ (z >> 27)) * _MUL2) & MASK64
    return state, z ^ (z >> 31)


def below(state: int, n: int) -> tuple[int, int]:
    """A uniform integer in ``range(n)`` by rejection sampling: ``(next state, value)`` (ENG-02).

    Outputs at or above ``2**64 - (2**64 mod n)`` are rejected so that every value is exactly
    equally likely.
    """
    if n <= 0:
        raise InvalidArgument("n", f"below() needs n >= 1, got {n}")
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        state, value = next_u64(state)
        if value < limit:
            return state, value % n


def shuffle(state: int, items: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
    """Fisher-Yates shuffle from the last index down: ``(next state, shuffled)`` (ENG-02)."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        state, j = below(state, i + 1)
        out[i], out[j] = out[j], out[i]
    return state, tuple(out)


def draw_piece(state: int, bag: list[int]) -> tuple[int, int]:
    """Draw one piece from a non-empty bag of colour counts, in place: ``(next state, colour)``.

    ``r = below(total)``, then walk the colours in table order subtracting counts (ENG-02).
    """
    state, r = below(state, sum(bag))
    for colour, count in enumerate(bag):
        if r < count:
            bag[colour] -= 1
            return state, colour
        r -= count
    raise AssertionError("unreachable: r < total")  # pragma: no cover
