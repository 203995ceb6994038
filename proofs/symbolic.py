"""The engine's own functions run on Z3 terms: symbolic values, their algebra, every path.

The engine's scoring rules are written with :mod:`sintra_rules.terms`, whose operations hand a
symbolic value over to its class's ``algebra``. This module supplies the symbolic values:

* :class:`Sym` wraps a Z3 term: arithmetic and comparisons build terms, as Python's would
  compute numbers (``True`` counts 1 in a sum, ``//`` and ``%`` by a positive constant are
  floor division and its remainder);
* :class:`Maybe` is a value that may be absent (``None`` in the engine): a die, a piece, a
  strip;
* :data:`ALGEBRA` (:class:`Z3Algebra`) is the terms of :mod:`sintra_rules.terms`' operations.

Python's own control flow on a symbolic value (``if``, ``and``, ``or``, ``not``, ``min``, a
comparison chain) asks for its truth: :func:`explore` answers both ways, running the function
again for every feasible sequence of answers (each checked by Z3 under the domain's premises),
so a function that branches on its data is followed along every path, and the result is one
outcome per path: a value or the exception the engine raises there. An operation no path can
follow (a symbolic value as a list index, in a set, as a ``range`` bound, converted to
``int``) raises :class:`NotFollowed`: the function is not evaluated, and the check that needed
it fails.

>>> import z3
>>> x = Sym(z3.Int("x"))
>>> paths = explore(lambda: 1 if x > 2 else 0, [x.term >= 0, x.term <= 5])
>>> [(str(p.condition), p.value) for p in paths]
[('x > 2', 1), ('Not(x > 2)', 0)]
>>> from sintra_rules.terms import ite, least
>>> str(term(ite(x > 2, x, 0) + least([x, 3])))
'If(x > 2, x, 0) + If(x > 3, 3, x)'
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator, Sequence
from typing import Any, ClassVar

import attrs
import z3

from proofs.harness import pb_solver, run_check, solver

__all__ = [
    "ALGEBRA",
    "Choice",
    "Either",
    "Linear",
    "Maybe",
    "NotFollowed",
    "Path",
    "Sym",
    "TooManyPaths",
    "Z3Algebra",
    "explore",
    "lift",
    "linear",
    "merge",
    "term",
]


class NotFollowed(Exception):
    """The function did with a symbolic value something no path can follow."""


class TooManyPaths(Exception):
    """The function branches on its data along more paths than the limit."""


#: Operations already built in the current :func:`explore`, so that a function run many
#: times on the same symbolic values (every choice of cards, say) builds each term once. A
#: key holds the Z3 ids of the operands; the entry keeps the operands alive, so that no id is
#: reused while it is cached.
_MEMO: dict[tuple[object, ...], tuple[object, object]] = {}


def _key(x: object) -> object:
    """A memo key: plain values by value, tuples item by item, anything else by identity (the
    memo returns the very objects it built, so equal operations meet again)."""
    if x is None or isinstance(x, bool | int | str):
        return (type(x).__name__, x)
    if isinstance(x, tuple):
        return ("tuple", *(_key(v) for v in x))
    return ("id", id(x))


#: Z3's id of each term met in the current :func:`explore` (asked once: the call is slow),
#: by the identity of its Python object, kept alive here.
_IDS: dict[int, tuple[object, int]] = {}


def _zid(t: Any) -> int:
    found = _IDS.get(id(t))
    if found is None:
        found = _IDS[id(t)] = (t, t.get_id())
    return found[1]


def _memo(name: str, operands: tuple[object, ...], build: Callable[[], Any]) -> Any:
    key = (name, *(_key(x) for x in operands))
    found = _MEMO.get(key)
    if found is not None:
        return found[1]
    value = build()
    _MEMO[key] = (operands, value)
    return value


def _and(items: Sequence[Any]) -> Any:
    """The conjunction: a Python truth value when no Z3 condition is left."""
    if any(x is False for x in items):
        return False
    rest = [x for x in items if x is not True]
    return True if not rest else rest[0] if len(rest) == 1 else z3.And(*rest)


def _or(items: Sequence[Any]) -> Any:
    """The disjunction: a Python truth value when no Z3 condition is left."""
    if any(x is True for x in items):
        return True
    rest = [x for x in items if x is not False]
    return False if not rest else rest[0] if len(rest) == 1 else z3.Or(*rest)


def _not(x: Any) -> Any:
    return (not x) if isinstance(x, bool) else z3.Not(x)


def _cond(x: Any) -> Any:
    """A condition as a Z3 Boolean or a Python truth value."""
    if isinstance(x, Sym):
        x = x.term
    if isinstance(x, bool):
        return x
    return _boolean(x)


def _is_bool(t: object) -> bool:
    return isinstance(t, z3.BoolRef)


#: Whether the current :func:`explore` keeps numbers as :class:`Linear` forms (for the
#: pseudo-Boolean solver) rather than Z3 integer terms.
_PB: list[bool] = [False]


class _Operators:
    """The arithmetic and comparisons every symbolic value shares: each builds its term
    (``_arith``, ``_compare``), whatever the value's form."""

    def __eq__(self, other: object) -> Any:
        return _compare(self, other, equal=True)

    def __ne__(self, other: object) -> Any:
        return _compare(self, other, equal=False)

    def __add__(self, other: object) -> Any:
        return _arith("+", self, other)

    def __radd__(self, other: object) -> Any:
        return _arith("+", other, self)

    def __sub__(self, other: object) -> Any:
        return _arith("-", self, other)

    def __rsub__(self, other: object) -> Any:
        return _arith("-", other, self)

    def __mul__(self, other: object) -> Any:
        return _arith("*", self, other)

    def __rmul__(self, other: object) -> Any:
        return _arith("*", other, self)

    def __neg__(self) -> Any:
        return _arith("-", 0, self)

    def __lt__(self, other: object) -> Any:
        return _arith("<", self, other)

    def __le__(self, other: object) -> Any:
        return _arith("<=", self, other)

    def __gt__(self, other: object) -> Any:
        return _arith(">", self, other)

    def __ge__(self, other: object) -> Any:
        return _arith(">=", self, other)


class Linear(_Operators):
    """A number as a pseudo-Boolean linear form: ``constant + sum(weight * [atom])`` over Z3
    Booleans, the form Z3's pseudo-Boolean solver reasons about (:func:`explore` with
    ``pb=True``). A comparison of two forms is a pseudo-Boolean constraint; the smallest or the
    largest of several forms is a sum of thresholds (``[x >= j]``), which for counts are the
    very ``AtLeast`` constraints of the models."""

    __slots__ = ("constant", "terms")

    algebra: ClassVar[Z3Algebra]

    def __init__(self, constant: int, terms: Sequence[tuple[Any, int]] = ()) -> None:
        merged: dict[int, list[Any]] = {}
        order: list[int] = []
        shift = constant
        for atom, weight in terms:
            if atom is True:
                shift += weight
                continue
            if atom is False or weight == 0:
                continue
            key = _zid(atom)
            if key not in merged:
                merged[key] = [atom, 0]
                order.append(key)
            merged[key][1] += weight
        self.constant = shift
        self.terms = tuple((merged[k][0], merged[k][1]) for k in order if merged[k][1])

    def __repr__(self) -> str:
        return f"Linear({self.constant}, {[(str(a), w) for a, w in self.terms]})"

    def bounds(self) -> tuple[int, int]:
        """The least and the largest value the form can take."""
        low = self.constant + sum(w for _a, w in self.terms if w < 0)
        high = self.constant + sum(w for _a, w in self.terms if w > 0)
        return low, high

    def scaled(self, k: int) -> Linear:
        """``k`` times the form."""
        return Linear(self.constant * k, [(a, w * k) for a, w in self.terms])

    def plus(self, other: Linear) -> Linear:
        """The sum of two forms."""
        return Linear(self.constant + other.constant, [*self.terms, *other.terms])

    def at_least(self, bound: int) -> Any:
        """``self >= bound``: a pseudo-Boolean constraint, or a Python truth value when the
        bounds decide it. Unit weights give ``AtLeast``, the models' own constraint."""
        low, high = self.bounds()
        if low >= bound:
            return True
        if high < bound:
            return False
        need = bound - self.constant
        positive: list[tuple[Any, int]] = []
        for atom, weight in self.terms:
            if weight > 0:
                positive.append((atom, weight))
            else:  # w * a = -w * (not a) + w
                positive.append((z3.Not(atom), -weight))
                need -= weight
        if all(w == 1 for _a, w in positive):
            return z3.AtLeast(*(a for a, _w in positive), need)
        return z3.PbGe(positive, need)

    def term(self) -> Any:
        """The form as a Z3 integer term (to read its value in a model)."""
        return _total([self.constant, *(z3.If(a, w, 0) for a, w in self.terms)])

    def __bool__(self) -> bool:
        return _decide(_boolean(_compare(self, 0, equal=False)))

    def __index__(self) -> int:
        raise NotFollowed("a symbolic number used as an index or a count")

    def __int__(self) -> int:
        raise NotFollowed("a symbolic number converted to int")

    def __hash__(self) -> int:
        raise NotFollowed("a symbolic number hashed (in a set or a dict)")

    def __floordiv__(self, other: object) -> Any:
        raise NotFollowed("division in pseudo-Boolean form")

    def __mod__(self, other: object) -> Any:
        raise NotFollowed("remainder in pseudo-Boolean form")


def linear(x: object) -> Linear:
    """``x`` (a number, a truth value, a choice or a form) as a :class:`Linear` form.

    Raises:
        NotFollowed: ``x`` is not one of those.
    """
    if isinstance(x, Linear):
        return x
    if isinstance(x, bool | int):
        return Linear(int(x))
    if isinstance(x, Choice):
        return Linear(0, [(_cond(c), k) for k, c in x.options.items() if k])
    t = x.term if isinstance(x, Sym) else x
    if isinstance(t, z3.BoolRef):
        return Linear(0, [(t, 1)])
    raise NotFollowed(f"not a pseudo-Boolean number: {x!r}")


def _pb_compare(op: str, a: object, b: object) -> Any:
    """A comparison of two numbers in pseudo-Boolean form."""
    diff = linear(a).plus(linear(b).scaled(-1))
    if op == ">=":
        return diff.at_least(0)
    if op == ">":
        return diff.at_least(1)
    if op == "<=":
        return diff.scaled(-1).at_least(0)
    if op == "<":
        return diff.scaled(-1).at_least(1)
    same = _and([diff.at_least(0), diff.scaled(-1).at_least(0)])
    return same if op == "==" else _not(same)


def _number(x: object) -> Any:
    """``x`` as a number: a Z3 Boolean counts 1 or 0, as Python's ``True`` and ``False``."""
    if isinstance(x, Linear):
        return x.term()
    if isinstance(x, Choice):
        options = x.options
        return _memo(
            "number",
            (x,),
            lambda: _total(
                [c * k if isinstance(c, bool) else z3.If(c, k, 0) for k, c in options.items() if k]
            ),
        )
    if isinstance(x, Sym):
        x = x.term
    if isinstance(x, z3.BoolRef):
        return z3.If(x, 1, 0)
    if isinstance(x, bool):
        return int(x)
    if isinstance(x, int | z3.ArithRef):
        return x
    raise NotFollowed(f"not a number: {x!r}")


def _boolean(x: object, ctx: z3.Context | None = None) -> z3.BoolRef:
    """``x`` as a Z3 condition (Python truth for a number: not zero)."""
    if isinstance(x, Choice):
        out = _or([_cond(c) for k, c in x.options.items() if k])
        return z3.BoolVal(out, ctx) if isinstance(out, bool) else out
    if isinstance(x, Sym):
        x = x.term
    if isinstance(x, z3.BoolRef):
        return x
    if isinstance(x, z3.ArithRef):
        return x != 0
    if isinstance(x, bool | int):
        return z3.BoolVal(bool(x), ctx)
    raise NotFollowed(f"not a condition: {x!r}")


def _total(items: Sequence[Any]) -> Any:
    """A sum: a Python number when no Z3 term is in it."""
    if not any(isinstance(x, z3.ExprRef) for x in items):
        return sum(items)
    return z3.Sum(list(items)) if len(items) > 1 else items[0]


def lift(t: Any) -> Any:
    """A Z3 term as a :class:`Sym`; a Python value unchanged."""
    if isinstance(t, z3.ExprRef):
        if z3.is_true(t):
            return True
        if z3.is_false(t):
            return False
        if z3.is_int_value(t):
            return t.as_long()
        return Sym(t)
    return t


def term(x: Any) -> Any:
    """The Z3 term of a symbolic value, or the plain value (tuples and ``attrs`` instances are
    walked into)."""
    if isinstance(x, Sym):
        return x.term
    if isinstance(x, Linear):
        return x.term()
    if isinstance(x, tuple | list):
        return type(x)(term(v) for v in x) if isinstance(x, tuple) else [term(v) for v in x]
    return x


class Sym(_Operators):
    """A Z3 term that computes like the Python number or truth value it stands for."""

    __slots__ = ("term",)

    algebra: ClassVar[Z3Algebra]

    def __init__(self, t: z3.ExprRef) -> None:
        self.term = t

    def __repr__(self) -> str:
        return f"Sym({self.term})"

    # --- arithmetic beyond _Operators' ---------------------------------------------------

    def __pos__(self) -> Any:
        return _arith("+", 0, self)

    def __floordiv__(self, other: object) -> Any:
        if not (type(other) is int and other > 0) or _PB[-1]:
            raise NotFollowed(f"division of a symbolic value by {other!r}")
        return lift(_number(self) / other)  # Z3's div: floor division for a positive divisor

    def __mod__(self, other: object) -> Any:
        if not (type(other) is int and other > 0) or _PB[-1]:
            raise NotFollowed(f"remainder of a symbolic value by {other!r}")
        return lift(_number(self) % other)  # Z3's mod: Python's % for a positive divisor

    def __rfloordiv__(self, other: object) -> Any:
        raise NotFollowed("division by a symbolic value")

    def __rmod__(self, other: object) -> Any:
        raise NotFollowed("remainder by a symbolic value")

    # --- what only a path can answer, and what nothing can --------------------------------

    def __bool__(self) -> bool:
        return _decide(_boolean(self))

    def __index__(self) -> int:
        raise NotFollowed(f"a symbolic value used as an index or a count: {self.term}")

    def __int__(self) -> int:
        raise NotFollowed(f"a symbolic value converted to int: {self.term}")

    def __hash__(self) -> int:
        raise NotFollowed(f"a symbolic value hashed (in a set or a dict): {self.term}")


_OPS: dict[str, Callable[[Any, Any], Any]] = {
    "+": lambda a, b: a + b,
    "-": lambda a, b: a - b,
    "*": lambda a, b: a * b,
    "<": lambda a, b: a < b,
    "<=": lambda a, b: a <= b,
    ">": lambda a, b: a > b,
    ">=": lambda a, b: a >= b,
}


def _arith(op: str, a: object, b: object) -> Any:
    if _PB[-1]:
        return _memo(op, (a, b), lambda: _pb_arith(op, a, b))
    if op == "*":
        return _memo(op, (a, b), lambda: lift(_product(_number(a), _number(b))))
    return _memo(op, (a, b), lambda: lift(_OPS[op](_number(a), _number(b))))


#: The most values a factor of a product may take for the product to be written out case by
#: case (:func:`_product`).
_CASES = 64


def _range(t: Any) -> tuple[int, int] | None:
    """The least and the largest value of a Z3 integer term built of constants, ``If`` terms
    with such branches, sums and products by constants; ``None`` for any other term (a
    variable, say).

    >>> a = z3.Bool("a")
    >>> _range(z3.If(a, 2, 0) + z3.If(a, 1, 0)), _range(z3.Int("n"))
    ((0, 3), None)
    """
    if isinstance(t, int):
        return t, t
    if z3.is_int_value(t):
        v = t.as_long()
        return v, v
    if z3.is_app_of(t, z3.Z3_OP_ITE):
        a, b = _range(t.arg(1)), _range(t.arg(2))
        return None if a is None or b is None else (min(a[0], b[0]), max(a[1], b[1]))
    if z3.is_add(t):
        parts = [_range(k) for k in t.children()]
        if any(x is None for x in parts):
            return None
        return sum(x[0] for x in parts if x), sum(x[1] for x in parts if x)
    if z3.is_mul(t) and t.num_args() == 2 and z3.is_int_value(t.arg(0)):
        k, inner = t.arg(0).as_long(), _range(t.arg(1))
        if inner is None:
            return None
        return min(k * inner[0], k * inner[1]), max(k * inner[0], k * inner[1])
    return None


def _product(a: Any, b: Any) -> Any:
    """``a * b``: linear, case by case (``If(a == i, i * b, ...)``), when one factor is a
    term of few values (a count, say), so that the solver reasons in linear arithmetic."""
    if isinstance(a, int) or isinstance(b, int):
        return a * b
    for small, other in ((a, b), (b, a)):
        span = _range(small)
        if span is not None and span[1] - span[0] < _CASES:
            out = span[1] * other
            for i in range(span[1] - 1, span[0] - 1, -1):
                out = z3.If(small == i, i * other, out)
            return out
    return a * b


def _pb_arith(op: str, a: object, b: object) -> Any:
    if op in ("<", "<=", ">", ">="):
        return lift(_pb_compare(op, a, b))
    x, y = linear(a), linear(b)
    if op == "+":
        return _lin(x.plus(y))
    if op == "-":
        return _lin(x.plus(y.scaled(-1)))
    if not x.terms:
        return _lin(y.scaled(x.constant))
    if not y.terms:
        return _lin(x.scaled(y.constant))
    raise NotFollowed("a product of two symbolic numbers in pseudo-Boolean form")


def _lin(x: Linear) -> Any:
    """A form, or its number when it has no term."""
    return x if x.terms else x.constant


def _compare(a: object, b: object, equal: bool) -> Any:
    """``a == b`` (or ``!=``) as Python would answer it: a number is never equal to ``None``,
    a tuple or a string; two truth values compare as truth values, else as numbers."""
    if isinstance(b, Maybe):
        raise NotFollowed("a value compared with an optional value: use or_else")
    if not isinstance(b, Sym | Choice | Linear | int | bool | z3.ExprRef):
        return not equal
    oa, ob = _options(a), _options(b)
    if oa is not None and ob is not None and (isinstance(a, Choice) or isinstance(b, Choice)):

        def pairs() -> Any:
            same = _or([_and([_cond(oa[k]), _cond(ob[k])]) for k in oa if k in ob])
            return lift(same if equal else _not(same))

        return _memo("==" if equal else "!=", (a, b), pairs)

    def build() -> Any:
        ta, tb = (x.term if isinstance(x, Sym) else x for x in (a, b))
        if _is_bool(ta) and (_is_bool(tb) or isinstance(tb, bool)):
            out = ta == tb
        elif _PB[-1]:
            return lift(_pb_compare("==" if equal else "!=", a, b))
        else:
            out = _number(ta) == _number(tb)
        return lift(out if equal else z3.Not(out))

    return _memo("==" if equal else "!=", (a, b), build)


class Maybe:
    """A value that may be absent (``None`` in the engine): ``present`` and, when present,
    ``value`` (a :class:`Sym`, a number, a tuple or an ``attrs`` instance of them).

    Reading an item or an attribute follows both paths: absent, it raises what ``None``
    would; ``== None`` is the absence. ``is None`` cannot be followed: the rules use
    :func:`sintra_rules.terms.present` (:func:`explore` reports the functions that use
    ``is`` on what they are given)."""

    __slots__ = ("present", "value")

    algebra: ClassVar[Z3Algebra]

    def __init__(self, present: Any, value: Any) -> None:
        object.__setattr__(self, "present", present)
        object.__setattr__(self, "value", value)

    def __repr__(self) -> str:
        return f"Maybe({term(self.present)}, {self.value!r})"

    def _get(self) -> Any:
        if not _decide(_boolean(self.present)):
            raise TypeError("'NoneType' object is not subscriptable")
        return self.value

    def __getitem__(self, index: Any) -> Any:
        return self._get()[index]

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        if not _decide(_boolean(self.present)):
            raise AttributeError(f"'NoneType' object has no attribute {name!r}")
        return getattr(self.value, name)

    def __iter__(self) -> Iterator[Any]:
        if not _decide(_boolean(self.present)):
            raise TypeError("'NoneType' object is not iterable")
        return iter(self.value)

    def __bool__(self) -> bool:
        return _decide(_boolean(self.present)) and bool(self.value)

    def __eq__(self, other: object) -> Any:
        if other is None:
            return lift(z3.Not(_boolean(self.present)))
        raise NotFollowed("an optional value compared with a value: use or_else")

    def __ne__(self, other: object) -> Any:
        if other is None:
            return lift(_boolean(self.present))
        raise NotFollowed("an optional value compared with a value: use or_else")

    def __hash__(self) -> int:
        raise NotFollowed("an optional symbolic value hashed")


class Choice(_Operators):
    """A number that is one of several: ``options[k]`` (a Z3 condition) holds when it is
    ``k``. The domain's premises make exactly one option hold (when ``within`` holds, if it is
    given: the value of a die present only then). Compared with a number, a choice is the
    option's own condition, so that the engine's ``value == 1`` is the model's Boolean for a
    1; in arithmetic it is ``sum(k * [options[k]])``."""

    __slots__ = ("options", "within")

    algebra: ClassVar[Z3Algebra]

    def __init__(self, options: dict[int, Any], within: Any = None) -> None:
        self.options = options
        self.within = within

    def __repr__(self) -> str:
        return f"Choice({ {k: str(v) for k, v in self.options.items()} })"

    def __bool__(self) -> bool:
        return _decide(_boolean(self))

    def __index__(self) -> int:
        raise NotFollowed("a symbolic choice used as an index or a count")

    def __int__(self) -> int:
        raise NotFollowed("a symbolic choice converted to int")

    def __hash__(self) -> int:
        raise NotFollowed("a symbolic choice hashed (in a set or a dict)")


def _options(x: object) -> dict[int, Any] | None:
    """The options of a choice, or of a plain number (one option, always); else ``None``."""
    if isinstance(x, Choice):
        return x.options
    if isinstance(x, bool | int):
        return {int(x): True}
    return None


def merge(cond: Any, then: Any, other: Any) -> Any:
    """``then if cond else other`` as one value: numbers and truth values as Z3 ``If``
    terms, tuples item by item, ``attrs`` instances of one class field by field, an absent
    value against a present one as a :class:`Maybe`.

    Raises:
        NotFollowed: the two values have different shapes.
    """
    if cond is True or (isinstance(cond, Sym | z3.ExprRef) and z3.is_true(term(cond))):
        return then
    if cond is False or (isinstance(cond, Sym | z3.ExprRef) and z3.is_false(term(cond))):
        return other
    if then is other:
        return then
    return _memo("merge", (cond, then, other), lambda: _merge(cond, then, other))


def _merge(cond: Any, then: Any, other: Any) -> Any:
    c = _boolean(cond)
    if then is None or other is None or isinstance(then, Maybe) or isinstance(other, Maybe):
        a = then if isinstance(then, Maybe) else Maybe(then is not None, then)
        b = other if isinstance(other, Maybe) else Maybe(other is not None, other)
        present = merge(c, a.present, b.present)
        if a.value is None:
            return Maybe(present, b.value)
        if b.value is None:
            return Maybe(present, a.value)
        return Maybe(present, merge(c, a.value, b.value))
    if isinstance(then, Choice) or isinstance(other, Choice):
        oa, ob = _options(then), _options(other)
        if oa is not None and ob is not None:
            return _merge_choices(c, then, other, oa, ob)
    if isinstance(then, tuple) and isinstance(other, tuple):
        if len(then) != len(other):
            raise NotFollowed(f"tuples of lengths {len(then)} and {len(other)} merged")
        return tuple(merge(c, x, y) for x, y in zip(then, other, strict=True))
    if attrs.has(type(then)) and type(then) is type(other):
        try:
            fields = {
                f.alias: merge(c, getattr(then, f.name), getattr(other, f.name))
                for f in attrs.fields(type(then))
                if f.init
            }
        except NotFollowed:  # fields of different shapes: read each attribute of both
            return Either(c, then, other)
        return type(then)(**fields)
    if isinstance(then, str) or isinstance(other, str):
        if then == other:
            return then
        raise NotFollowed(f"strings {then!r} and {other!r} merged")
    ta, tb = term(then), term(other)
    if (_is_bool(ta) or _is_bool(tb)) and (
        isinstance(ta, bool | z3.BoolRef) and isinstance(tb, bool | z3.BoolRef)
    ):
        return lift(z3.If(c, _boolean(ta, c.ctx), _boolean(tb, c.ctx)))
    if _PB[-1]:  # c * then + (not c) * other, each product a conjunction
        x, y = linear(then), linear(other)
        parts = [(_and([c, a]), w) for a, w in x.terms]
        parts += [(_and([z3.Not(c), b]), w) for b, w in y.terms]
        parts.append((c, x.constant - y.constant))
        return _lin(Linear(y.constant, parts))
    return lift(z3.If(c, _number(ta), _number(tb)))


class Either:
    """``then if cond else other`` for two objects that cannot be merged field by field (a
    strip with pieces and the empty strip a removed one reads as): each attribute, item or
    method result is the merge of both objects' own."""

    __slots__ = ("cond", "other", "then")

    def __init__(self, cond: Any, then: Any, other: Any) -> None:
        object.__setattr__(self, "cond", cond)
        object.__setattr__(self, "then", then)
        object.__setattr__(self, "other", other)

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        a, b = getattr(self.then, name), getattr(self.other, name)
        if callable(a) and callable(b):
            return lambda *args, **kwargs: merge(self.cond, a(*args, **kwargs), b(*args, **kwargs))
        return merge(self.cond, a, b)

    def __getitem__(self, index: Any) -> Any:
        return merge(self.cond, self.then[index], self.other[index])

    def __hash__(self) -> int:
        raise NotFollowed("a merged symbolic object hashed")


def _merge_choices(
    c: z3.BoolRef, then: Any, other: Any, oa: dict[int, Any], ob: dict[int, Any]
) -> Choice:
    """``then if c else other`` for choices (or plain numbers): an option of ``then`` holds
    under ``c``, one of ``other`` under ``not c``. An option of a choice known to hold only
    ``within`` ``c`` keeps its own condition (so the model's Booleans stay themselves)."""
    inside = isinstance(then, Choice) and then.within is not None and then.within.eq(c)
    out: dict[int, Any] = {}
    for k in sorted({*oa, *ob}):
        parts = []
        if k in oa:
            x = _cond(oa[k])
            parts.append(x if inside else _and([c, x]))
        if k in ob:
            parts.append(_and([z3.Not(c), _cond(ob[k])]))
        option = _or(parts)
        if option is not False:
            out[k] = option
    return Choice(out)


def _thresholds(
    values: Sequence[Any],
    join: Callable[[Sequence[Any]], Any],
    pick: Callable[[Sequence[int]], int],
) -> Any:
    """The least (``join`` :func:`_and`, ``pick`` ``min``) or the largest (:func:`_or`,
    ``max``) of ``values``: of counts (unit weights), as ``low + sum([result >= j])`` over its
    possible values, each threshold the conjunction (disjunction) of the counts' ``AtLeast``;
    of other forms, as a chain of choices."""
    forms = [linear(v) for v in values]
    if not all(f.constant == 0 and all(w == 1 for _a, w in f.terms) for f in forms):
        # not all counts: a chain of choices, each a product of conditions
        best = forms[0]
        for f in forms[1:]:
            better = _cond(_pb_compare("<" if pick is min else ">", f, best))
            best = linear(merge(better, f, best))
        return _lin(best)
    low = pick([f.bounds()[0] for f in forms])
    high = pick([f.bounds()[1] for f in forms])
    steps = [(join([f.at_least(j) for f in forms]), 1) for j in range(low + 1, high + 1)]
    return _lin(Linear(low, steps))


def _select(options: Sequence[Any], at: Any) -> Any:
    """``options[at]`` for an index known to lie in ``range(len(options))``."""
    out = options[-1]
    for k in range(len(options) - 2, -1, -1):
        out = merge(at == k, options[k], out)
    return out


class Z3Algebra:
    """The operations of :mod:`sintra_rules.terms` on symbolic values, as Z3 terms."""

    def ite(self, cond: Any, then: Any, other: Any) -> Any:
        """``then if cond else other``."""
        return merge(cond, then, other)

    def all_of(self, conds: Sequence[Any]) -> Any:
        """Every condition holds."""
        if any(c is False for c in conds):
            return False
        items = tuple(c for c in conds if c is not True)
        return _memo("and", items, lambda: lift(z3.And(*(_boolean(c) for c in items))))

    def any_of(self, conds: Sequence[Any]) -> Any:
        """Some condition holds."""
        if any(c is True for c in conds):
            return True
        items = tuple(c for c in conds if c is not False)
        return _memo("or", items, lambda: lift(z3.Or(*(_boolean(c) for c in items))))

    def negate(self, cond: Any) -> Any:
        """The condition does not hold."""
        return _memo("not", (cond,), lambda: lift(z3.Not(_boolean(cond))))

    def least(self, values: Sequence[Any]) -> Any:
        """The smallest value, as a chain of comparisons (in pseudo-Boolean form: the sum of
        its thresholds, each the conjunction of the values' own)."""
        if _PB[-1]:
            return _memo("least", tuple(values), lambda: _thresholds(values, _and, min))

        def build() -> Any:
            best = _number(values[0])
            for v in values[1:]:
                n = _number(v)
                best = z3.If(n < best, n, best)
            return lift(best)

        return _memo("least", tuple(values), build)

    def most(self, values: Sequence[Any]) -> Any:
        """The largest value, as a chain of comparisons (in pseudo-Boolean form: the sum of
        its thresholds, each the disjunction of the values' own)."""
        if _PB[-1]:
            return _memo("most", tuple(values), lambda: _thresholds(values, _or, max))

        def build() -> Any:
            best = _number(values[0])
            for v in values[1:]:
                n = _number(v)
                best = z3.If(n > best, n, best)
            return lift(best)

        return _memo("most", tuple(values), build)

    def pick(self, options: Sequence[Any], index: Any) -> Any:
        """``options[index]`` as Python reads it: a negative index counts from the end, one
        out of range raises ``IndexError`` (on its own path)."""
        n = len(options)
        span = _range(_number(index))
        if span is not None and span[0] >= 0 and span[1] < n:  # in range on every input
            return _select(options, index)

        def holds(cond: Any) -> bool:
            c = _cond(cond)
            return c if isinstance(c, bool) else _decide(c)

        if holds(_and([_cond(index >= 0), _cond(index < n)])):
            at = index
        elif holds(_and([_cond(index >= -n), _cond(index < 0)])):
            at = index + n
        else:
            raise IndexError("index out of range")
        return _select(options, at)

    def distinct(self, values: Sequence[Any]) -> Any:
        """No two values are equal."""
        if len(values) < 2:
            return True
        items = tuple(values)
        if _PB[-1] or any(isinstance(v, Choice) for v in items):
            pairs = [
                _cond(_compare(a, b, equal=False))
                for i, a in enumerate(items)
                for b in items[i + 1 :]
            ]
            return _memo("distinct", items, lambda: lift(_and(pairs)))
        return _memo("distinct", items, lambda: lift(z3.Distinct(*(_number(v) for v in items))))

    def present(self, item: Any) -> Any:
        """``item is not None``."""
        return item.present if isinstance(item, Maybe) else True

    def or_else(self, item: Any, default: Any) -> Any:
        """``item`` when present, else ``default``."""
        if isinstance(item, Maybe):
            return _memo(
                "or_else", (item, default), lambda: merge(item.present, item.value, default)
            )
        return item


#: The algebra of :class:`Sym` and :class:`Maybe`.
ALGEBRA = Z3Algebra()
Sym.algebra = ALGEBRA
Maybe.algebra = ALGEBRA
Choice.algebra = ALGEBRA
Linear.algebra = ALGEBRA


# --- paths ----------------------------------------------------------------------------------


@attrs.frozen
class Path:
    """One path of a function: the condition under which it is taken, and its outcome (the
    value returned, or the exception raised)."""

    condition: z3.BoolRef
    value: Any = None
    error: BaseException | None = None


class _Explorer:
    """Answers the truth questions of one run: the answers of ``prefix`` first, then, for each
    new question, ``True`` when it is feasible (queuing the run that answers ``False`` when that
    is feasible too)."""

    def __init__(self, check: z3.Solver, prefix: list[bool]) -> None:
        self.check = check
        self.prefix = prefix
        self.answers: list[bool] = []
        self.conditions: list[z3.BoolRef] = []
        self.queued: list[list[bool]] = []

    def decide(self, cond: z3.BoolRef) -> bool:
        position = len(self.answers)
        if position < len(self.prefix):
            answer = self.prefix[position]
        else:
            yes, no = self._feasible(cond), self._feasible(z3.Not(cond))
            answer = yes
            if yes and no:
                self.queued.append([*self.answers, False])
        self.answers.append(answer)
        self.conditions.append(cond if answer else z3.Not(cond))
        return answer

    def _feasible(self, cond: z3.BoolRef) -> bool:
        self.check.push()
        self.check.add(*self.conditions, cond)
        answer = run_check(self.check)
        self.check.pop()
        if answer == z3.unknown:
            raise NotFollowed(f"the solver cannot tell whether a branch is taken: {cond}")
        return bool(answer == z3.sat)


_CURRENT: list[_Explorer] = []


def _decide(cond: z3.BoolRef) -> bool:
    simple = z3.simplify(cond)
    if z3.is_true(simple):
        return True
    if z3.is_false(simple):
        return False
    if not _CURRENT:
        raise NotFollowed(f"a branch on a symbolic condition outside explore(): {cond}")
    return _CURRENT[-1].decide(cond)


@contextlib.contextmanager
def _running(explorer: _Explorer) -> Iterator[None]:
    _CURRENT.append(explorer)
    try:
        yield
    finally:
        _CURRENT.pop()


def explore(
    run: Callable[[], Any],
    premises: Sequence[Any],
    limit: int = 256,
    pb: bool = False,
) -> list[Path]:
    """Every path of ``run()`` over the domain ``premises``, with its outcome.

    Args:
        run: the function, closed over its symbolic arguments.
        premises: the domain (Z3 conditions).
        limit: the most paths to follow.
        pb: keep numbers as :class:`Linear` forms and check the branches with
            :func:`proofs.harness.pb_solver` (for pseudo-Boolean premises and claims).

    Returns:
        One :class:`Path` per feasible sequence of answers.

    Raises:
        NotFollowed: ``run`` did something with a symbolic value that no path can follow.
        TooManyPaths: more than ``limit`` paths.
    """
    items = [_boolean(p) for p in premises]
    ctx = items[0].ctx if items else None
    check = pb_solver(ctx) if pb else solver(ctx)
    check.add(*items)
    todo: list[list[bool]] = [[]]
    paths: list[Path] = []
    _MEMO.clear()
    _IDS.clear()
    _PB.append(pb)
    try:
        _walk(run, check, todo, paths, limit, ctx)
    finally:
        _PB.pop()
        _MEMO.clear()
        _IDS.clear()
    return paths


def _walk(
    run: Callable[[], Any],
    check: z3.Solver,
    todo: list[list[bool]],
    paths: list[Path],
    limit: int,
    ctx: z3.Context | None,
) -> None:
    while todo:
        explorer = _Explorer(check, todo.pop())
        with _running(explorer):
            try:
                value: Any = run()
                error: BaseException | None = None
            except NotFollowed:
                raise
            except Exception as exc:  # the engine raises on this path: an outcome
                value, error = None, exc
        conds = explorer.conditions
        condition = (
            conds[0] if len(conds) == 1 else z3.And(*conds) if conds else z3.BoolVal(True, ctx)
        )
        paths.append(Path(condition, value, error))
        if len(paths) > limit:
            raise TooManyPaths(f"more than {limit} paths")
        todo.extend(reversed(explorer.queued))
