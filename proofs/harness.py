"""The proof harness: pinned solvers, checks that can fail, and proof results.

A *claim* is checked by asking Z3 for a model of its premises together with the claim's
negation: ``unsat`` proves the claim, ``sat`` refutes it and the model is printed as the
counterexample, and ``unknown`` (a resource limit, say) counts as a failure. A *witness* is the
non-vacuity partner of a claim: the premises together with "the bound is attained" must be
``sat``, and the model found is printed. Witness models are made canonical (the listed key
terms minimised in order, lexicographically), so that the report does not depend on the
solver's search.

Every solver is created by :func:`solver`, :func:`pb_solver` or :func:`optimizer`, with the
random seed and the resource limits pinned (:data:`SEED`, :data:`RLIMIT`, :data:`TIMEOUT_MS`),
and every check runs through :func:`run_check`, so that Ctrl-C stops it (see there): a check
cut short by Ctrl-C raises :class:`KeyboardInterrupt`, it is never recorded as ``unknown``.

>>> import z3
>>> x = z3.Int("x")
>>> prover = Prover()
>>> prover.claim("x <= 3 under 0 <= x <= 3", [0 <= x, x <= 3], x <= 3).ok
True
>>> bad = prover.claim("x <= 2 under 0 <= x <= 3", [0 <= x, x <= 3], x <= 2, show={"x": x})
>>> bad.ok, bad.answer, bad.lines
(False, 'sat', ('x = 3',))
>>> prover.witness("x = 3 is possible", [0 <= x, x <= 3], x == 3, show={"x": x}).lines
('x = 3',)
"""

from __future__ import annotations

import contextlib
import os
import signal
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any, Literal, TypeAlias

import attrs
import z3

from sintra_rules.interrupts import check_interrupt

__all__ = [
    "RLIMIT",
    "SEED",
    "TIMEOUT_MS",
    "Bound",
    "Check",
    "Describe",
    "Engine",
    "Evaluate",
    "ProofResult",
    "Prover",
    "Term",
    "all_of",
    "any_of",
    "count",
    "div",
    "flat_solver",
    "interruptible_checks",
    "ite",
    "lra_solver",
    "negate",
    "optimizer",
    "pb_solver",
    "proof_name",
    "run_check",
    "select",
    "solver",
    "total",
]

#: An ``int``/``bool`` or a Z3 expression: the model functions accept both, so the very same
#: code builds Z3 terms for the proofs and computes plain numbers for the cross-checks.
Term: TypeAlias = Any
#: Reads the value of a term in a model.
Evaluate: TypeAlias = Callable[[Term], int]
#: Renders a model (through its :data:`Evaluate`) as lines of text.
Describe: TypeAlias = Callable[[Evaluate], Sequence[str]]

#: The random seed of every solver.
SEED = 0
#: Z3's deterministic resource limit per check (``rlimit``): a check that needs more fails as
#: ``unknown``. The heaviest check of the suite needs well under a tenth of it.
RLIMIT = 400_000_000
#: A wall-clock safety net per check, in milliseconds; never reached on a working machine.
TIMEOUT_MS = 300_000


def _pin(engine: z3.Solver | z3.Optimize) -> None:
    """Pin the seed and the resource limits of ``engine``, and leave SIGINT to Python: Z3's own
    Ctrl-C handler (parameter ``ctrl_c``, on by default) would take the press for itself and
    only cancel the check (:func:`run_check` stops checks on Ctrl-C instead)."""
    engine.set("random_seed", SEED)
    engine.set("rlimit", RLIMIT)
    engine.set("timeout", TIMEOUT_MS)
    engine.set("ctrl_c", False)


def solver(ctx: z3.Context | None = None) -> z3.Solver:
    """A Z3 solver with the seed and the resource limits pinned (in ``ctx``, default Z3's main
    context)."""
    s = z3.Solver(ctx=ctx)
    _pin(s)
    return s


def pb_solver(ctx: z3.Context | None = None) -> z3.Solver:
    """A solver for pseudo-Boolean problems (Booleans, clauses and weighted sums of Booleans):
    Z3's SAT core with its pseudo-Boolean constraints compiled by binary merging, the seed and
    the resource limits pinned as :func:`solver`'s. It decides the same formulas as
    :func:`solver`; it proves bounds on weighted sums of Booleans much faster."""
    s = z3.SolverFor("QF_FD", ctx=ctx)
    _pin(s)
    s.set("sat.pb.solver", "binary_merge")
    return s


def lra_solver(ctx: z3.Context | None = None) -> z3.Solver:
    """A solver for linear real arithmetic with Boolean structure (``QF_LRA``), the seed and
    the resource limits pinned as :func:`solver`'s. Counting arguments (no more than 20 dice
    in 20 spaces) are linear combinations it finds at once, where the integer solver, which
    turns 0-1 problems into pseudo-Boolean ones, searches; its claims are written over 0-1
    indicators tied to Booleans (:class:`proofs.tie.Indicators`), so that the reals take only
    the values the integers would."""
    s = z3.SolverFor("QF_LRA", ctx=ctx)
    _pin(s)
    return s


def flat_solver(ctx: z3.Context | None = None) -> z3.Solver:
    """A solver that first lifts every ``If`` term out of the arithmetic into a fresh variable
    (Z3's tactic ``elim-term-ite``), then searches as :func:`solver`, the seed and the resource
    limits pinned as its. Equalities between maxima of counts written two ways (nested ``If``
    chains) are decided at once this way, where the plain solver splits on every ``If``."""
    s = z3.Then(
        z3.Tactic("simplify", ctx),
        z3.Tactic("elim-term-ite", ctx),
        z3.Tactic("simplify", ctx),
        z3.Tactic("smt", ctx),
        ctx=ctx,
    ).solver()
    _pin(s)
    return s


#: The kinds of solver a claim can be checked with: :func:`solver`, :func:`pb_solver`,
#: :func:`lra_solver` or :func:`flat_solver`.
Engine: TypeAlias = Literal["smt", "pb", "lra", "flat"]

_SOLVERS: dict[str, Callable[[z3.Context | None], z3.Solver]] = {
    "smt": solver,
    "pb": pb_solver,
    "lra": lra_solver,
    "flat": flat_solver,
}


def optimizer(ctx: z3.Context | None = None) -> z3.Optimize:
    """A Z3 optimiser with the seed and the resource limits pinned (lexicographic objectives),
    in ``ctx`` (default Z3's main context)."""
    o = z3.Optimize(ctx=ctx)
    _pin(o)
    o.set("priority", "lex")
    return o


# --- Ctrl-C during a check ---------------------------------------------------------------------
#
# Left to itself, Z3 installs its own SIGINT handler while a check runs (``scoped_ctrl_c`` in
# ``Z3_solver_check``, unless the solver's parameter ``ctrl_c`` is false): a press then only
# cancels that check, which answers ``unknown`` ("interrupted from keyboard", or "canceled"),
# and never reaches Python, so the run went on and reported a false failure. Here Z3 leaves
# SIGINT alone (:func:`_pin`) and Python's handler sees every press. Two more things stand in
# the way:
#
# * Python runs signal handlers in the main thread only, which is inside Z3's compiled code
#   for the whole check. So while :func:`interruptible_checks` is active, Python also writes
#   each signal's number to a pipe (:func:`signal.set_wakeup_fd`), and a thread reading it
#   interrupts the checks running (``Z3_interrupt``, made to be called from another thread),
#   again every :data:`_REPEAT` seconds until they end (a press may come just before Z3 is
#   entered).
# * A :class:`KeyboardInterrupt` raised anywhere in Z3's Python code is lost or disguised: in
#   a finaliser (``AstRef.__del__``) Python prints "Exception ignored" and goes on, and while
#   ctypes converts an argument it becomes a ``ctypes.ArgumentError``. So a proof runs in a
#   :class:`~sintra_rules.interrupts.deferred_interrupts` block (:meth:`Proof.run
#   <proofs.registry.Proof.run>`), where a press is only noted, and it is raised between
#   checks, by :func:`run_check` and :meth:`Prover.fact`.


#: Seconds between two interruptions of a check that a press has not stopped yet.
_REPEAT = 0.02


class _Watch:
    """The Ctrl-C presses seen by the listening thread and the checks running, in this
    process."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.presses = 0
        self.running: dict[object, tuple[z3.Context, int]] = {}  # token -> (context, presses)
        self.depth = 0  # nested interruptible_checks blocks

    def listen(self, pipe: int) -> None:
        """Read signal numbers from ``pipe`` until it closes; interrupt on each SIGINT."""
        while True:
            try:
                numbers = os.read(pipe, 64)
            except OSError:
                return
            if not numbers:
                return
            if signal.SIGINT in numbers:
                with self.lock:
                    self.presses += 1
                self.interrupt_running()

    def interrupt_running(self) -> None:
        """Interrupt every check that started before the last press, until none is left."""
        while True:
            with self.lock:
                late = [ctx for ctx, seen in self.running.values() if seen < self.presses]
                for ctx in late:
                    ctx.interrupt()
            if not late:
                return
            time.sleep(_REPEAT)


_watch = _Watch()


@contextlib.contextmanager
def interruptible_checks() -> Iterator[None]:
    """A block in which Ctrl-C stops the check running at once, rather than when it ends (the
    comment on Ctrl-C in this module's source says how). Blocks nest, cheaply; it does nothing
    outside the main thread, where SIGINT is ignored or not Python's (a worker process), or
    where another listener (an event loop) already has the wakeup pipe.

    Yields:
        Nothing: the block runs.

    >>> with interruptible_checks():
    ...     solver().check()
    sat
    """
    if _watch.depth:
        _watch.depth += 1
        try:
            yield
        finally:
            _watch.depth -= 1
        return
    python_handles = callable(signal.getsignal(signal.SIGINT))
    if not python_handles or threading.current_thread() is not threading.main_thread():
        yield
        return
    read, write = os.pipe()
    try:
        os.set_blocking(write, False)
        previous = signal.set_wakeup_fd(write, warn_on_full_buffer=False)
    except (OSError, ValueError):  # a platform without a wakeup pipe: checks end on their own
        previous = None
    if previous != -1:  # no pipe, or someone else listens: leave the pipe to them
        if previous is not None:
            signal.set_wakeup_fd(previous)
        os.close(read)
        os.close(write)
        yield
        return
    listener = threading.Thread(target=_watch.listen, args=(read,), name="ctrl-c", daemon=True)
    listener.start()
    _watch.depth = 1
    try:
        yield
    finally:
        _watch.depth = 0
        signal.set_wakeup_fd(-1)
        os.close(write)  # the listener reads the end of the pipe and returns
        listener.join()
        os.close(read)


def run_check(engine: z3.Solver | z3.Optimize) -> z3.CheckSatResult:
    """``engine.check()``, stopped by Ctrl-C within :func:`interruptible_checks`.

    A check that a press cut short is an interruption, not an answer: the press is delivered
    (:func:`~sintra_rules.interrupts.check_interrupt`, when a
    :class:`~sintra_rules.interrupts.deferred_interrupts` block holds it; else Python's handler
    has already raised), and if nothing was raised, :class:`KeyboardInterrupt` is, so that the
    ``unknown`` of an interrupted check is never recorded as a failure. A press held back
    before the check is delivered before it starts.

    Args:
        engine: a solver or an optimiser.

    Returns:
        The answer of the check.

    Raises:
        KeyboardInterrupt: Ctrl-C was pressed before or during the check.
    """
    check_interrupt()
    token = object()
    with _watch.lock:
        _watch.running[token] = (engine.ctx, _watch.presses)
    try:
        answer = engine.check()
    finally:
        with _watch.lock:
            _, seen = _watch.running.pop(token)
            pressed = _watch.presses > seen
    if pressed:
        check_interrupt()
        if answer == z3.unknown:
            raise KeyboardInterrupt
    return answer


# --- terms that are numbers or Z3 expressions alike -------------------------------------------


def _symbolic(*terms: Term) -> bool:
    return any(isinstance(t, z3.ExprRef) for t in terms)


def ite(cond: Term, then: Term, other: Term) -> Term:
    """``then if cond else other``, for a Python or a Z3 condition.

    >>> ite(True, 1, 2), ite(2 > 3, 1, 2)
    (1, 2)
    """
    if isinstance(cond, bool):
        return then if cond else other
    return z3.If(cond, then, other)


def all_of(*conds: Term) -> Term:
    """Conjunction of Python and Z3 conditions.

    >>> all_of(True, 1 < 2), all_of(True, False)
    (True, False)
    """
    rest = [c for c in conds if not (isinstance(c, bool) and c)]
    if any(isinstance(c, bool) for c in rest):
        return False
    return z3.And(*rest) if rest else True


def any_of(*conds: Term) -> Term:
    """Disjunction of Python and Z3 conditions.

    >>> any_of(False, 1 > 2), any_of(False, True)
    (False, True)
    """
    rest = [c for c in conds if not (isinstance(c, bool) and not c)]
    if any(isinstance(c, bool) for c in rest):
        return True
    return z3.Or(*rest) if rest else False


def negate(cond: Term) -> Term:
    """``not cond`` for a Python or a Z3 condition.

    >>> negate(1 > 2)
    True
    """
    if isinstance(cond, bool):
        return not cond
    return z3.Not(cond)


def total(terms: Iterable[Term]) -> Term:
    """The sum of the terms (``0`` when there are none).

    >>> total([1, 2, 3]), total([])
    (6, 0)
    """
    items = list(terms)
    if _symbolic(*items):
        return z3.Sum(items)
    return sum(items)


def count(conds: Iterable[Term]) -> Term:
    """How many of the conditions hold.

    >>> count([True, 1 > 2, 3 > 2])
    2
    """
    return total(ite(c, 1, 0) for c in conds)


def div(numerator: Term, divisor: int) -> Term:
    """Integer division by a positive constant (floor), for a Python or a Z3 numerator.

    >>> div(17, 8), div(-1, 8)
    (2, -1)
    """
    if isinstance(numerator, z3.ExprRef):
        return numerator / divisor
    return int(numerator) // divisor


def select(options: Sequence[Term], index: Term) -> Term:
    """``options[index]`` for a Python or a Z3 index (an if-then-else chain).

    >>> select((4, 3, 2), 1)
    3
    """
    if not isinstance(index, z3.ExprRef):
        return options[index]
    out = options[-1]
    for i in range(len(options) - 2, -1, -1):
        out = z3.If(index == i, options[i], out)
    return out


# --- checks and results -----------------------------------------------------------------------

Status: TypeAlias = Literal["proved", "failed"]


@attrs.frozen
class Check:
    """One solver check: a claim (proved by ``unsat``) or a witness (found by ``sat``).

    ``lines`` hold the counterexample of a refuted claim or the model of a witness.
    """

    kind: Literal["claim", "witness", "optimum"]
    text: str
    answer: str
    ok: bool
    lines: tuple[str, ...]
    seconds: float


def _evaluator(model: z3.ModelRef) -> Evaluate:
    def evaluate(term: Term) -> int:
        if not isinstance(term, z3.ExprRef):
            return int(term)
        value = model.eval(term, model_completion=True)
        if z3.is_true(value):
            return 1
        if z3.is_false(value):
            return 0
        return int(value.as_long())

    return evaluate


def _describer(show: Mapping[str, Term] | Describe | None) -> Describe:
    if show is None:
        return lambda _evaluate: ()
    if callable(show):
        return show
    items = dict(show)
    return lambda evaluate: [f"{label} = {evaluate(term)}" for label, term in items.items()]


def _as_int(term: Term) -> Term:
    if isinstance(term, z3.BoolRef):
        return z3.If(term, 1, 0)
    return term


def _context(*terms: Term) -> z3.Context | None:
    """The Z3 context of the first Z3 term among ``terms`` (``None``: Z3's main context)."""
    return next((t.ctx for t in terms if isinstance(t, z3.ExprRef)), None)


def _answer(result: z3.CheckSatResult, engine: z3.Solver | z3.Optimize) -> str:
    if result == z3.unknown:
        return f"unknown ({engine.reason_unknown()})"
    return str(result)


@attrs.define
class Prover:
    """Runs the checks of one proof and keeps them, in order."""

    checks: list[Check] = attrs.field(factory=list)

    def claim(
        self,
        text: str,
        premises: Iterable[Term],
        goal: Term,
        show: Mapping[str, Term] | Describe | None = None,
        engine: Engine = "smt",
    ) -> Check:
        """Prove ``goal`` under ``premises``: ``unsat`` of the premises and ``not goal``.

        A model of the negation is printed through ``show`` as the counterexample; ``unknown``
        counts as a failure. ``engine`` picks the solver (:data:`Engine`).
        """
        start = time.perf_counter()
        premises = list(premises)
        ctx = _context(*premises, goal)
        s = _SOLVERS[engine](ctx)
        s.add(*premises)
        s.add(z3.Not(goal) if isinstance(goal, z3.ExprRef) else z3.BoolVal(not goal, ctx))
        return self._record("claim", text, s, run_check(s), z3.unsat, show, start)

    def _record(
        self,
        kind: Literal["claim", "witness"],
        text: str,
        engine: z3.Solver | z3.Optimize,
        result: z3.CheckSatResult,
        success: z3.CheckSatResult,
        show: Mapping[str, Term] | Describe | None,
        start: float,
    ) -> Check:
        """Keep the outcome of a check; a model found is rendered through ``show``."""
        lines: tuple[str, ...] = ()
        if result == z3.sat:
            lines = tuple(_describer(show)(_evaluator(engine.model())))
        ok = result == success
        check = Check(kind, text, _answer(result, engine), ok, lines, time.perf_counter() - start)
        self.checks.append(check)
        return check

    def claim_each(
        self,
        text: str,
        cases: Iterable[tuple[Iterable[Term], Term, Mapping[str, Term] | Describe | None]],
        engine: Engine = "smt",
    ) -> Check:
        """:meth:`claim` for every case (premises, goal, show), recorded as one check: it
        holds when every case is proved; the first counterexample is printed."""
        start = time.perf_counter()
        scratch = Prover()
        for premises, goal, show in cases:
            if not scratch.claim(text, premises, goal, show, engine).ok:
                break
        failed = scratch.failures()
        answers = sorted({c.answer for c in scratch.checks})
        check = Check(
            "claim",
            text,
            failed[0].answer if failed else f"{'/'.join(answers)} x{len(scratch.checks)}",
            not failed,
            failed[0].lines if failed else (),
            time.perf_counter() - start,
        )
        self.checks.append(check)
        return check

    def failures(self) -> tuple[Check, ...]:
        """The checks so far that did not succeed."""
        return tuple(c for c in self.checks if not c.ok)

    def witness(
        self,
        text: str,
        premises: Iterable[Term],
        goal: Term,
        show: Mapping[str, Term] | Describe | None = None,
        keys: Sequence[Term] | None = None,
    ) -> Check:
        """Find a model of ``premises`` and ``goal`` (the non-vacuity partner of a claim).

        The model is canonical: ``keys`` (by default the terms of ``show``) are minimised one
        after the other. ``unsat`` or ``unknown`` counts as a failure.
        """
        start = time.perf_counter()
        order = list(keys) if keys is not None else []
        if keys is None and isinstance(show, Mapping):
            order = [t for t in show.values() if isinstance(t, z3.ExprRef)]
        premises = list(premises)
        o = optimizer(_context(*premises, goal))
        o.add(*premises)
        o.add(goal)
        for term in order:
            if isinstance(term, z3.ExprRef):
                o.minimize(_as_int(term))
        return self._record("witness", text, o, run_check(o), z3.sat, show, start)

    def maximum(self, text: str, premises: Iterable[Term], objective: Term) -> int | None:
        """The largest value of ``objective`` under ``premises``, found by optimisation
        (``None`` when the optimiser cannot tell; the check then fails)."""
        start = time.perf_counter()
        premises = list(premises)
        o = optimizer(_context(*premises, objective))
        o.add(*premises)
        handle = o.maximize(objective)
        result = run_check(o)
        value: int | None = None
        if result == z3.sat and z3.is_int_value(handle.value()):
            value = handle.value().as_long()
        answer = _answer(result, o) if value is None else f"{result}, maximum {value}"
        self.checks.append(
            Check("optimum", text, answer, value is not None, (), time.perf_counter() - start)
        )
        return value

    def fact(
        self,
        text: str,
        holds: bool,
        lines: Sequence[str] = (),
        kind: Literal["claim", "witness"] = "witness",
    ) -> Check:
        """Record a check made without a solver: an explicit witness checked in Python, or
        (``kind="claim"``) a comparison of computed values. ``lines`` are kept for a witness,
        and for a claim only when it fails (they show the values compared, as a claim's
        counterexample). A checkpoint: a Ctrl-C held back is raised here."""
        check_interrupt()
        kept = tuple(lines) if kind == "witness" or not holds else ()
        check = Check(kind, text, "checked" if holds else "failed", holds, kept, 0.0)
        self.checks.append(check)
        return check


def proof_name(key: str, scope: str, variant: str) -> str:
    """The name of a proof: ``key[scope]`` or ``key[scope, variant]``.

    >>> proof_name("final-upper", "shipped", "side A")
    'final-upper[shipped, side A]'
    """
    inside = scope if not variant else f"{scope}, {variant}"
    return f"{key}[{inside}]"


@attrs.frozen
class Bound:
    """What a proof establishes: a sentence, and its numbers by name (for cross-checks)."""

    text: str
    values: dict[str, int] = attrs.field(factory=dict)


@attrs.frozen
class ProofResult:
    """The outcome of one proof: its checks, its bound and where it comes from."""

    key: str
    scope: str
    variant: str
    title: str
    clauses: tuple[str, ...]
    statement: str
    bound: str
    checks: tuple[Check, ...]
    seconds: float
    values: dict[str, int] = attrs.field(factory=dict)

    @property
    def name(self) -> str:
        """``key[scope]`` or ``key[scope, variant]``."""
        return proof_name(self.key, self.scope, self.variant)

    @property
    def holds(self) -> bool:
        """Every claim is proved and every witness found."""
        return bool(self.checks) and all(c.ok for c in self.checks)

    def failures(self) -> tuple[Check, ...]:
        """The checks that did not succeed."""
        return tuple(c for c in self.checks if not c.ok)

    def explain(self) -> str:
        """A readable account of the failed checks, counterexamples included."""
        out = [f"{self.name}: {self.statement}"]
        for check in self.failures():
            out.append(f"  {check.kind} FAILED ({check.answer}): {check.text}")
            out.extend(f"    {line}" for line in check.lines)
        return "\n".join(out)
