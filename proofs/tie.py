"""A proof's model checked against the engine's own function, on the whole domain of the proof.

:func:`agree` runs an engine function on symbolic arguments (:mod:`proofs.symbolic`: the
engine's scoring rules are written with :mod:`sintra_rules.terms`, so the very code the engine
runs builds the Z3 term of what it computes), follows every path it takes, and claims, path by
path, that its value stands in the stated relation to the model (usually: equals it) for every
input the premises allow. A refuted claim prints the input, what the model makes of it, and
what the engine's function returns when run on it as plain numbers.

While the function runs, every function of the engine (or of a test) that receives a symbolic
value is read: one that tests a value with ``is`` or ``isinstance`` could take another path on a
symbolic value than on a plain one, so it fails the check (the rules test absence with
:func:`sintra_rules.terms.present`). A function that does with a symbolic value what no path
can follow (an index, a set, ``int()``) fails it too, with the reason.

>>> import z3
>>> from proofs.harness import Prover
>>> from proofs.symbolic import Sym
>>> n = z3.Int("pieces")
>>> p = Prover()
>>> check = agree(p, "leftovers", lambda: Sym(n) // 3, lambda e: e == n / 3, [n >= 0],
...               lambda ev: [f"pieces {ev(n)}"], lambda ev: ev(n) // 3)
>>> check.ok, check.answer
(True, 'unsat x1')
>>> bad = agree(p, "leftovers", lambda: (Sym(n) + 1) // 3, lambda e: e == n / 3, [n >= 0],
...             lambda ev: [f"pieces {ev(n)}"], lambda ev: (ev(n) + 1) // 3)
>>> bad.ok, bad.lines
(False, ('pieces 2', 'the engine gives 1'))
"""

from __future__ import annotations

import contextlib
import inspect
import io
import os
import sys
import tokenize
import types
from collections.abc import Callable, Iterator, Sequence
from typing import Any, cast

import attrs
import z3

from proofs.harness import Check, Describe, Engine, Evaluate, Prover, Term
from proofs.symbolic import Choice, Linear, Maybe, NotFollowed, Sym, TooManyPaths, explore

__all__ = [
    "Indicators",
    "agree",
    "agree_largest",
    "cached",
    "combined",
    "counted",
    "forbidden",
    "largest_goal",
]

_PROOFS = os.path.dirname(os.path.abspath(__file__))
_SYSTEM = tuple(os.path.abspath(p) for p in {sys.prefix, sys.base_prefix, sys.exec_prefix} if p)


def _terms_file() -> str:
    import sintra_rules.terms

    return os.path.abspath(sintra_rules.terms.__file__)


def _watched(code: types.CodeType) -> bool:
    """Whether ``code`` is the engine's (or a test's): not the proofs', the operations of
    :mod:`sintra_rules.terms`, the standard library's or an installed package's."""
    name = code.co_filename
    if name.startswith("<"):
        return False
    path = os.path.abspath(name)
    if path.startswith(_PROOFS + os.sep) or path == _terms_file():
        return False
    return not path.startswith(_SYSTEM)


def _symbolic(value: object, known: dict[int, tuple[object, bool]], depth: int = 5) -> bool:
    """Whether ``value`` is or holds (in tuples, lists and ``attrs`` fields) a symbolic
    value; ``known`` remembers the answer per object (keeping it alive)."""
    if isinstance(value, Sym | Maybe | Choice | Linear):
        return True
    if depth == 0 or value is None or isinstance(value, int | str | float):
        return False
    found = known.get(id(value))
    if found is not None:
        return found[1]
    answer = False
    if isinstance(value, tuple | list):
        answer = any(_symbolic(v, known, depth - 1) for v in value)
    elif attrs.has(type(value)):
        answer = any(
            _symbolic(getattr(value, f.name), known, depth - 1)
            for f in attrs.fields(cast(Any, type(value)))
        )
    known[id(value)] = (value, answer)
    return answer


#: Names whose use lets a function tell a symbolic value from a plain one.
_IDENTITY = ("is", "isinstance", "issubclass", "type", "id")


def forbidden(source: str) -> list[str]:
    r"""The constructs of ``source`` (Python code) that test a value's identity or type.

    >>> forbidden("def f(d):\n    return 0 if d is None else d[1]\n")
    ['is (line 2)']
    >>> forbidden("def f(state):\n    return state.is_solo and kind.type\n")
    []
    """
    found: list[str] = []
    previous = ""
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(source).readline))
    except (tokenize.TokenError, IndentationError, SyntaxError):
        tokens = []
    for token in tokens:
        if token.type == tokenize.NAME and token.string in _IDENTITY and previous != ".":
            found.append(f"{token.string} (line {token.start[0]})")
        if token.type not in (tokenize.NL, tokenize.NEWLINE, tokenize.COMMENT):
            previous = token.string
    return found


@contextlib.contextmanager
def _watching() -> Iterator[set[types.CodeType]]:
    """The code of the watched functions called with a symbolic value while in the block."""
    seen: set[types.CodeType] = set()
    verdicts: dict[types.CodeType, bool] = {}
    known: dict[int, tuple[object, bool]] = {}

    def profile(frame: types.FrameType, event: str, _arg: object) -> None:
        if event != "call":
            return
        code = frame.f_code
        watched = verdicts.get(code)
        if watched is None:
            watched = verdicts[code] = _watched(code)
        if watched and code not in seen and _symbolic(list(frame.f_locals.values()), known):
            seen.add(code)

    previous = sys.getprofile()
    sys.setprofile(profile)
    try:
        yield seen
    finally:
        sys.setprofile(previous)


def _identity_tests(codes: set[types.CodeType]) -> list[str]:
    """Per watched function that uses them, its identity and type tests."""
    if _IGNORE[-1]:
        return []
    out = []
    for code in sorted(codes, key=lambda c: (c.co_filename, c.co_firstlineno)):
        where = f"{code.co_qualname} ({os.path.relpath(code.co_filename)}:{code.co_firstlineno})"
        try:
            source = inspect.getsource(code)
        except (OSError, TypeError):
            out.append(f"{where}: its source cannot be read")
            continue
        uses = forbidden(_dedent(source))
        if uses:
            out.append(f"{where} tests identity or type: {', '.join(uses)}")
    return out


def _dedent(source: str) -> str:
    lines = source.splitlines(keepends=True)
    indent = min((len(x) - len(x.lstrip()) for x in lines if x.strip()), default=0)
    return "".join(x[indent:] if x.strip() else x for x in lines)


def _outcome(plain: Callable[[Evaluate], Any], evaluate: Evaluate) -> str:
    try:
        return f"the engine gives {plain(evaluate)}"
    except Exception as exc:  # the engine's own failure on this input is the finding
        return f"the engine raises {type(exc).__name__}: {exc}"


_PB = {
    z3.Z3_OP_PB_AT_LEAST: ">=",
    z3.Z3_OP_PB_AT_MOST: "<=",
    z3.Z3_OP_PB_GE: ">=",
    z3.Z3_OP_PB_LE: "<=",
    z3.Z3_OP_PB_EQ: "==",
}


def counted(expr: Any, cache: dict[int, tuple[Any, Any]] | None = None) -> Any:
    """``expr`` with every pseudo-Boolean constraint (``AtLeast``, ``PbLe``, ...) written as a
    sum of ``If(b, 1, 0)`` terms compared with its bound: the same statement, in the terms the
    engine's counts are built of (so that the solver sees one count, not two).

    >>> import z3
    >>> a, b = z3.Bools("a b")
    >>> counted(z3.And(a, z3.AtLeast(a, b, 2)))
    And(a, If(a, 1, 0) + If(b, 1, 0) >= 2)
    """
    if not isinstance(expr, z3.ExprRef) or not z3.is_app(expr) or expr.num_args() == 0:
        return expr
    cache = {} if cache is None else cache
    key = expr.get_id()
    if key in cache:  # the entry keeps its expression alive, so that no id is reused
        return cache[key][1]
    decl = expr.decl()
    kids = [counted(k, cache) for k in expr.children()]
    kind = decl.kind()
    if kind in _PB:
        params = decl.params()
        bound = params[0]
        weights = [1] * len(kids) if len(params) == 1 else params[1:]
        ones = [
            z3.If(k, 1, 0) if w == 1 else w * z3.If(k, 1, 0)
            for k, w in zip(kids, weights, strict=True)
        ]
        total = z3.Sum(ones) if len(ones) > 1 else ones[0]
        op = _PB[kind]
        out = total >= bound if op == ">=" else total <= bound if op == "<=" else total == bound
    elif all(k.eq(c) for k, c in zip(kids, expr.children(), strict=True)):
        out = expr
    else:
        out = decl(*kids)
    cache[key] = (expr, out)
    return out


def _unfollowed(
    p: Prover,
    text: str,
    unsafe: Sequence[str],
    full: Sequence[Term],
    again: Callable[[Prover], Check],
) -> Check:
    """Fail the check of a function that tests identity; with ``full``, make the claim again
    on the inputs with nothing absent and print its counterexample."""
    lines = list(unsafe)
    if full:
        with _ignoring_identity():
            retry = again(Prover())
        if not retry.ok and retry.lines:
            lines += ["with nothing absent, where `is None` cannot mislead it:", *retry.lines]
    return p.fact(text, False, lines, "claim")


_IGNORE: list[bool] = [False]


@contextlib.contextmanager
def _ignoring_identity() -> Iterator[None]:
    _IGNORE.append(True)
    try:
        yield
    finally:
        _IGNORE.pop()


def _condition(value: Any, ctx: z3.Context) -> Term:
    """A goal as a Z3 condition (a :class:`~proofs.symbolic.Sym` unwrapped, a Python truth
    value made a constant)."""
    if isinstance(value, Sym):
        return value.term
    if isinstance(value, bool):
        return z3.BoolVal(value, ctx)
    return value


def agree(
    p: Prover,
    text: str,
    run: Callable[[], Any],
    goal: Callable[[Any], Term],
    premises: Sequence[Term],
    show: Describe,
    plain: Callable[[Evaluate], Any],
    engine: Engine = "smt",
    limit: int = 256,
    full: Sequence[Term] = (),
    split: Sequence[Term] = (),
) -> Check:
    """Claim ``goal(value)`` for what the engine's function returns on every path, under
    ``premises``.

    Args:
        p: the proof's prover.
        text: the claim, naming the engine's function.
        run: the engine's function called on symbolic arguments.
        goal: the relation its value must have to the model (a Z3 condition).
        premises: the domain: every input the proof reasons about.
        show: renders a counterexample: the input and what the model makes of it.
        plain: the engine's function run on the counterexample's input as plain numbers
            (printed under the counterexample).
        engine: the solver of the claims.
        limit: the most paths to follow.
        full: conditions under which every optional input is present (see below).
        split: cases that cover the domain (one of them always holds), each claimed on its
            own (a product of two symbolic numbers is linear once one is known).

    Returns:
        The check: proved when every path is. A function that tests identity is not
        followed faithfully, so the check fails; when ``full`` is given, the claim is then
        made on the inputs with nothing absent, where ``is None`` cannot mislead, and a
        counterexample found there is printed too.
    """
    try:
        with _watching() as seen:
            paths = explore(run, premises, limit, pb=engine == "pb")
    except (NotFollowed, TooManyPaths) as exc:
        return p.fact(text, False, [f"the engine's function cannot be followed: {exc}"], "claim")
    unsafe = _identity_tests(seen)
    if unsafe:
        return _unfollowed(
            p,
            text,
            unsafe,
            full,
            lambda q: agree(q, text, run, goal, [*premises, *full], show, plain, engine, limit),
        )

    def described(evaluate: Evaluate) -> list[str]:
        return [*show(evaluate), _outcome(plain, evaluate)]

    cases = []
    for path in paths:
        ctx = path.condition.ctx
        for part in split or [z3.BoolVal(True, ctx)]:
            cond = [*premises, path.condition, part]
            if path.error is not None:
                cases.append((cond, z3.BoolVal(False, ctx), described))
            else:
                cases.append((cond, _condition(goal(path.value), ctx), described))
    return p.claim_each(text, cases, engine)


# --- a score as a sum of conditions, term by term ---------------------------------------------


class Indicators:
    """Writes formulas for :func:`proofs.harness.lra_solver`: every pseudo-Boolean constraint
    becomes a sum of real 0-1 indicators, each tied to its Boolean (``b`` exactly when the
    indicator is 1, else 0), so that the reals take only the values the integers would and a
    counting argument is a linear combination of the constraints."""

    def __init__(self, ctx: z3.Context) -> None:
        self.ctx = ctx
        self.links: list[z3.BoolRef] = []
        self._of: dict[int, tuple[z3.BoolRef, z3.ArithRef]] = {}
        self._cache: dict[int, tuple[Any, Any]] = {}

    def indicator(self, b: z3.BoolRef) -> z3.ArithRef:
        """The 0-1 indicator of ``b``."""
        key = b.get_id()
        if key not in self._of:
            n = z3.Real(f"[{len(self._of)}]", self.ctx)
            self._of[key] = (b, n)
            self.links += [n >= 0, n <= 1, b == (n == 1), z3.Not(b) == (n == 0)]
        return self._of[key][1]

    def __call__(self, expr: Any) -> Any:
        """``expr`` with its pseudo-Boolean constraints written over indicators."""
        if not isinstance(expr, z3.ExprRef) or not z3.is_app(expr) or expr.num_args() == 0:
            return expr
        key = expr.get_id()
        if key in self._cache:
            return self._cache[key][1]
        decl = expr.decl()
        kids = [self(k) for k in expr.children()]
        kind = decl.kind()
        if kind in _PB:
            params = decl.params()
            weights = [1] * len(kids) if len(params) == 1 else params[1:]
            total = z3.Sum([w * self.indicator(k) for k, w in zip(kids, weights, strict=True)])
            op, bound = _PB[kind], params[0]
            out = total >= bound if op == ">=" else total <= bound if op == "<=" else total == bound
        elif all(k.eq(c) for k, c in zip(kids, expr.children(), strict=True)):
            out = expr
        else:
            out = decl(*kids)
        self._cache[key] = (expr, out)
        return out


def _support(expr: z3.ExprRef) -> frozenset[str]:
    """The names of the constants ``expr`` reads."""
    seen: set[int] = set()
    names: set[str] = set()
    todo = [expr]
    while todo:
        e = todo.pop()
        if e.get_id() in seen:
            continue
        seen.add(e.get_id())
        if z3.is_const(e) and e.decl().kind() == z3.Z3_OP_UNINTERPRETED:
            names.add(e.decl().name())
        todo.extend(e.children())
    return frozenset(names)


def _resolved(definitions: Sequence[tuple[z3.BoolRef, z3.BoolRef]]) -> dict[int, z3.BoolRef]:
    """Each defined term's condition, with the terms it reads replaced by theirs."""
    pairs = list(definitions)
    out = {}
    for t, d in pairs:
        current = d
        for _ in pairs:  # a condition reads terms defined before it: at most that many rounds
            nxt = z3.substitute(current, *pairs) if pairs else current
            if nxt.eq(current):
                break
            current = nxt
        out[t.get_id()] = current
    return out


@attrs.frozen
class _Plan:
    """How the engine's terms meet the model's: pairs of equivalent conditions of one weight,
    and the terms on either side that never hold."""

    pairs: tuple[tuple[z3.BoolRef, z3.BoolRef], ...]
    dead_engine: tuple[z3.BoolRef, ...]
    dead_model: tuple[z3.BoolRef, ...]


def _match(
    engine: Any, constant: int, terms: Sequence[tuple[z3.BoolRef, int]], canon: dict[int, Any]
) -> _Plan | None:
    """Pair the engine's terms with the model's canonical conditions: the same condition
    first, then, weight by weight, the one reading the most of the same constants. ``None``
    when the constants or a weight's count disagree beyond terms that may never hold."""
    from proofs.symbolic import linear

    form: Linear = linear(engine)
    if form.constant != constant or any(w <= 0 for _t, w in terms):
        return None
    left = list(form.terms)
    pairs: list[tuple[z3.BoolRef, z3.BoolRef]] = []
    rest: list[tuple[z3.BoolRef, int]] = []
    for t, w in terms:
        d = canon[t.get_id()]
        same = next((i for i, (e, v) in enumerate(left) if v == w and e.eq(d)), None)
        if same is None:
            rest.append((d, w))
        else:
            pairs.append((left.pop(same)[0], d))
    dead_model: list[z3.BoolRef] = []
    for d, w in rest:
        options = [(i, e) for i, (e, v) in enumerate(left) if v == w]
        if not options:
            dead_model.append(d)
            continue
        sd = _support(d)

        def overlap(item: tuple[int, z3.BoolRef], sd: frozenset[str] = sd) -> float:
            se = _support(item[1])
            return len(se & sd) / max(1, len(se | sd))

        i, e = max(options, key=overlap)
        left.pop(i)
        pairs.append((e, d))
    return _Plan(tuple(pairs), tuple(e for e, _w in left), tuple(dead_model))


def largest_goal(
    constant: int,
    terms: Sequence[tuple[z3.BoolRef, int]],
    definitions: Sequence[tuple[z3.BoolRef, z3.BoolRef]],
    rules: Sequence[z3.BoolRef],
    ctx: z3.Context,
) -> Callable[[Any], z3.BoolRef]:
    """The whole statement of a tie, as one pseudo-Boolean goal on the engine's number ``e``:
    every choice of terms that ``rules`` allow scores at most ``e``, and setting each term to
    its condition (``definitions``) is allowed and scores exactly ``e``."""
    from proofs.symbolic import Linear, linear

    total = Linear(constant, terms)
    allowed = z3.And(*rules)
    defined = z3.And(*(t == d for t, d in definitions))

    def boolean(x: Any) -> z3.BoolRef:
        return z3.BoolVal(x, ctx) if isinstance(x, bool) else x

    def goal(engine: Any) -> z3.BoolRef:
        diff = linear(engine).plus(total.scaled(-1))
        at_most = boolean(diff.at_least(0))
        exactly = z3.And(at_most, boolean(diff.scaled(-1).at_least(0)))
        return z3.And(z3.Implies(allowed, at_most), z3.Implies(defined, z3.And(allowed, exactly)))

    return goal


def agree_largest(
    p: Prover,
    text: str,
    run: Callable[[], Any],
    constant: int,
    terms: Sequence[tuple[z3.BoolRef, int]],
    definitions: Sequence[tuple[z3.BoolRef, z3.BoolRef]],
    rules: Sequence[z3.BoolRef],
    premises: Sequence[z3.BoolRef],
    show: Describe,
    plain: Callable[[Evaluate], Any],
    full: Sequence[z3.BoolRef] = (),
) -> Check:
    """Claim that the engine's number is the largest score of a relaxed model on every input:
    the model scores ``constant + sum(weight * term)``, a term may hold only when ``rules``
    allow, and ``definitions`` give each term the condition it stands for.

    The claim is made term by term, each a small claim for :func:`~proofs.harness.lra_solver`:
    the engine, run with numbers as :class:`~proofs.symbolic.Linear` forms, scores a weighted
    sum of conditions; each is paired with a model term's condition of the same weight and
    proved equivalent to it, and the unpaired ones are proved never to hold (a counting
    argument, for instance); every term the rules allow implies its condition, and the
    conditions obey the rules. With positive weights that is the whole statement: every
    allowed choice scores at most the engine's number, the conditions score exactly it. When
    the terms do not pair off, or a pair fails, the whole statement is claimed at once
    (:func:`largest_goal`), which is what finds a counterexample.
    """
    ctx = premises[0].ctx
    try:
        with _watching() as seen:
            paths = explore(run, premises, pb=True)
    except (NotFollowed, TooManyPaths) as exc:
        return p.fact(text, False, [f"the engine's function cannot be followed: {exc}"], "claim")
    goal = largest_goal(constant, terms, definitions, rules, ctx)
    unsafe = _identity_tests(seen)
    if unsafe:
        return _unfollowed(
            p,
            text,
            unsafe,
            full,
            lambda q: agree(q, text, run, goal, [*premises, *full], show, plain, "pb"),
        )
    canon = _resolved(definitions)
    plan = None
    if len(paths) == 1 and paths[0].error is None:
        plan = _match(paths[0].value, constant, terms, canon)
    if plan is not None:
        scratch = type(p)()
        lra = Indicators(ctx)
        base = [lra(x) for x in premises]

        def case(extra: Sequence[Any], goal: Any) -> tuple[list[Any], Any, Describe]:
            return [*base, *(lra(x) for x in extra)], lra(goal), show

        scored = [t for t, _w in terms]
        cases = [
            case(rules, z3.And(*(z3.Implies(t, canon[t.get_id()]) for t in scored))),
            case([t == d for t, d in definitions], z3.And(*rules)),
        ]
        if plan.pairs:
            cases.append(case([], z3.And(*(e == d for e, d in plan.pairs))))
        dead = [*plan.dead_engine, *plan.dead_model]
        if dead:
            cases.append(case([], z3.And(*(z3.Not(x) for x in dead))))
        # the links are gathered while the cases are written: give each case all of them
        cases = [([*prem, *lra.links], goal, sh) for prem, goal, sh in cases]
        check = scratch.claim_each(text, cases, "lra")
        if check.ok:
            p.checks.append(check)
            return check
    return agree(p, text, run, goal, premises, show, plain, "pb")


def combined(p: Prover, text: str, checks: Sequence[Check]) -> Check:
    """One check standing for ``checks``, recorded on ``p``: it holds when each does, shows the
    first failure, and counts the solver's answers (``unsat x3`` for three claims proved).

    >>> a = Check("claim", "a", "unsat x2", True, (), 0.5)
    >>> combined(Prover(), "both", [a, Check("claim", "b", "unsat", True, (), 0.25)]).answer
    'unsat x3'
    """
    failed = [c for c in checks if not c.ok]
    counts: dict[str, int] = {}
    for c in checks:
        word, _, times = c.answer.partition(" x")
        counts[word] = counts.get(word, 0) + (int(times) if times.isdigit() else 1)
    answer = " ".join(f"{word} x{n}" for word, n in sorted(counts.items()))
    check = Check(
        "claim",
        text,
        failed[0].answer if failed else answer,
        not failed,
        failed[0].lines if failed else (),
        sum(c.seconds for c in checks),
    )
    p.checks.append(check)
    return check


# --- one check per process, per version of the engine -----------------------------------------

#: Each check made, by prover type, key and fingerprint, with the objects the fingerprint names
#: (kept alive, so that no id in a key is reused by another object while the entry exists).
_CACHE: dict[tuple[object, ...], tuple[Check, list[object]]] = {}


def _held(modules: Sequence[types.ModuleType]) -> list[object]:
    """The objects :func:`_fingerprint` names."""
    out: list[object] = []
    for module in modules:
        for name, value in vars(module).items():
            if name.startswith("__"):
                continue
            out.append(value)
            if isinstance(value, type):
                out += list(vars(value).values())
            elif isinstance(value, tuple):
                out += list(value)
    return out


def _fingerprint(modules: Sequence[types.ModuleType]) -> tuple[object, ...]:
    """The identity of every object the modules hold (functions with their code, classes with
    their attributes): a function replaced, by a test that plants a bug say, is a new
    fingerprint."""
    out: list[object] = []
    for module in modules:
        for name, value in sorted(vars(module).items()):
            if name.startswith("__"):
                continue
            out.append((module.__name__, name, id(value), id(getattr(value, "__code__", None))))
            if isinstance(value, type):
                out += [(name, k, id(v)) for k, v in sorted(vars(value).items())]
            elif isinstance(value, tuple):
                out += [(name, i, id(v)) for i, v in enumerate(value)]
    return tuple(out)


def cached(
    p: Prover,
    key: tuple[object, ...],
    modules: Sequence[types.ModuleType],
    compute: Callable[[Prover], Check],
) -> Check:
    """The check ``compute`` records, made once per process for the engine's ``modules`` as they
    are (several proofs rest on the same check), and recorded on ``p``."""
    full = (type(p), key, _fingerprint(modules))
    if full not in _CACHE:
        scratch = type(p)()
        compute(scratch)
        _CACHE[full] = (scratch.checks[-1], _held(modules))
    check = _CACHE[full][0]
    p.checks.append(check)
    return check
