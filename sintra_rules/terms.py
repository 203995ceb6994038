"""The few operations the scoring rules are written with, so that one rule serves twice.

On plain values (``int``, ``bool``, ``None`` and tuples of them) each operation is the Python
it names, and a rule computes the engine's number. On *symbolic* values, objects whose class
carries an ``algebra`` (the proofs' solver terms, ``proofs.symbolic``), each operation
hands over to that algebra, and the same rule, run on the same code path, builds the solver's
term of the number it computes. That is how ``python -m proofs`` checks that the models it
reasons about are the engine's own scoring functions on the whole domain of each proof.

A rule written for both branches on its data only through these operations: ``ite`` instead
of ``if``, ``all_of``, ``any_of`` and ``negate`` instead of ``and``, ``or`` and ``not``,
``least`` and ``most`` instead of ``min`` and ``max``, ``pick`` instead of indexing by a
computed number, ``distinct`` instead of a set, ``present`` and ``or_else`` instead of
``is None``. Arithmetic, comparisons and ``sum`` are plain Python on both kinds of value. Both
branches of ``ite`` are computed, so each must be safe to compute (``or_else`` reads an
absent value as a default).

This module is generic: it imports no game and no solver.

>>> ite(3 > 2, "yes", "no"), all_of(True, 1 < 2), any_of(False, 2 < 1), negate(False)
('yes', True, False, True)
>>> least([3, 1, 2]), most([3, 1, 2]), pick((4, 3, 2), 1), distinct([1, 2, 2])
(1, 3, 3, False)
>>> present(None), present((0, 6)), or_else(None, (-1, 0)), or_else((2, 5), (-1, 0))
(False, True, (-1, 0), (2, 5))
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Protocol, TypeVar

__all__ = [
    "Algebra",
    "all_of",
    "any_of",
    "distinct",
    "ite",
    "least",
    "most",
    "negate",
    "or_else",
    "pick",
    "present",
]

_T = TypeVar("_T")


class Algebra(Protocol):
    """What a kind of symbolic value supplies: each operation of this module on values of its
    kind (reached through the ``algebra`` attribute of their class)."""

    def ite(self, cond: Any, then: Any, other: Any) -> Any:
        """``then if cond else other``."""

    def all_of(self, conds: Sequence[Any]) -> Any:
        """Every condition holds."""

    def any_of(self, conds: Sequence[Any]) -> Any:
        """Some condition holds."""

    def negate(self, cond: Any) -> Any:
        """The condition does not hold."""

    def least(self, values: Sequence[Any]) -> Any:
        """The smallest value."""

    def most(self, values: Sequence[Any]) -> Any:
        """The largest value."""

    def pick(self, options: Sequence[Any], index: Any) -> Any:
        """``options[index]``."""

    def distinct(self, values: Sequence[Any]) -> Any:
        """No two values are equal."""

    def present(self, item: Any) -> Any:
        """``item is not None``."""

    def or_else(self, item: Any, default: Any) -> Any:
        """``item`` when present, else ``default``."""


def _algebra(items: Iterable[object]) -> Algebra:
    """The algebra of the first symbolic value among ``items``.

    Raises:
        TypeError: none of them is symbolic (a rule passed a value this module cannot read).
    """
    for item in items:
        algebra = getattr(type(item), "algebra", None)
        if algebra is not None:
            return algebra  # type: ignore[no-any-return]
    raise TypeError("expected plain values or symbolic ones: " + ", ".join(map(repr, items)))


def ite(cond: bool, then: _T, other: _T) -> _T:
    """``then if cond else other`` (both already computed).

    >>> ite(False, 1, 2)
    2
    """
    if cond is True:
        return then
    if cond is False:
        return other
    return _algebra((cond,)).ite(cond, then, other)


def all_of(*conds: bool) -> bool:
    """Every condition holds (``True`` for none).

    >>> all_of(), all_of(True, False)
    (True, False)
    """
    for cond in conds:
        if cond is False:
            return False
        if cond is not True:
            return _algebra(conds).all_of(conds)
    return True


def any_of(*conds: bool) -> bool:
    """Some condition holds (``False`` for none).

    >>> any_of(), any_of(False, True)
    (False, True)
    """
    for cond in conds:
        if cond is True:
            return True
        if cond is not False:
            return _algebra(conds).any_of(conds)
    return False


def negate(cond: bool) -> bool:
    """The condition does not hold.

    >>> negate(True)
    False
    """
    if cond is True or cond is False:
        return not cond
    return _algebra((cond,)).negate(cond)


def _plain_numbers(values: Sequence[object]) -> bool:
    return all(type(v) is int or type(v) is bool for v in values)


def least(values: Iterable[int]) -> int:
    """The smallest of one or more numbers.

    >>> least((4, 2, 7))
    2
    """
    items = tuple(values)
    if _plain_numbers(items):
        return min(items)
    return _algebra(items).least(items)  # type: ignore[no-any-return]


def most(values: Iterable[int]) -> int:
    """The largest of one or more numbers.

    >>> most((4, 2, 7))
    7
    """
    items = tuple(values)
    if _plain_numbers(items):
        return max(items)
    return _algebra(items).most(items)  # type: ignore[no-any-return]


def pick(options: Sequence[_T], index: int) -> _T:
    """``options[index]``, for an index computed by the rule.

    >>> pick("abc", -1)
    'c'
    """
    if type(index) is int:
        return options[index]
    return _algebra((index,)).pick(options, index)  # type: ignore[no-any-return]


def distinct(values: Iterable[object]) -> bool:
    """No two of the values are equal.

    >>> distinct((1, 2, 3)), distinct(())
    (True, True)
    """
    items = tuple(values)
    if all(getattr(type(v), "algebra", None) is None for v in items):
        return len(set(items)) == len(items)
    return _algebra(items).distinct(items)  # type: ignore[no-any-return]


def present(item: object | None) -> bool:
    """``item is not None``.

    >>> present(0)
    True
    """
    if item is None:
        return False
    kind = type(item)
    if kind is tuple or kind is int:
        return True
    algebra = getattr(kind, "algebra", None)
    if algebra is None:
        return True
    return algebra.present(item)  # type: ignore[no-any-return]


def or_else(item: _T | None, default: _T) -> _T:
    """``item`` when it is not ``None``, else ``default``.

    >>> or_else(None, 0), or_else(3, 0)
    (0, 3)
    """
    if item is None:
        return default
    kind = type(item)
    if kind is tuple or kind is int:
        return item
    algebra = getattr(kind, "algebra", None)
    if algebra is None:
        return item
    return algebra.or_else(item, default)  # type: ignore[no-any-return]
