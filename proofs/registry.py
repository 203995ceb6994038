"""Every proof, with its spec clauses, for the shipped table and for every admissible table.

The proofs register themselves next to their code (:func:`proofs.bounds.bound`); this module
collects them, module by module in the order of :data:`proofs.bounds.MODULES` (Sintra's), then
of :data:`proofs.sagrada.MODULES` (Sagrada's), and states each one for the scopes of its
topic: Sintra's for both, Sagrada's for the shipped table only.

>>> [p.name for p in PROOFS if p.key == "colour-bonus"]
['colour-bonus[shipped]', 'colour-bonus[admissible]']
>>> sintra = [p for p in PROOFS if p.topic.game == "sintra"]
>>> len({p.key for p in sintra}), len(sintra)
(14, 50)
>>> sagrada = [p for p in PROOFS if p.topic.game == "sagrada"]
>>> len({p.key for p in sagrada}), len(sagrada)
(5, 27)
"""

from __future__ import annotations

import functools
import importlib
import time
from collections.abc import Iterable, Iterator

import attrs

from proofs.bounds import MODULES, Topic, registered
from proofs.figures import Scope
from proofs.harness import Bound, ProofResult, Prover, interruptible_checks, proof_name
from proofs.sagrada import MODULES as SAGRADA_MODULES
from sintra_rules.distributed import fan_out
from sintra_rules.interrupts import deferred_interrupts

__all__ = ["BY_NAME", "PROOFS", "TOPICS", "Proof", "Topic", "each_result", "result", "run_all"]


@attrs.frozen
class Proof:
    """One proof: a topic for one scope and one variant."""

    topic: Topic
    scope: Scope
    variant: str
    args: tuple[object, ...]

    @property
    def key(self) -> str:
        """The topic's key."""
        return self.topic.key

    @property
    def name(self) -> str:
        """``key[scope]`` or ``key[scope, variant]``."""
        return proof_name(self.key, self.scope, self.variant)

    def run(self) -> ProofResult:
        """Run every check of the proof. Ctrl-C is held back while Z3's Python code runs and
        raised between checks (:class:`~sintra_rules.interrupts.deferred_interrupts`), and it
        stops the check running at once (:func:`~proofs.harness.interruptible_checks`)."""
        prover = Prover()
        start = time.perf_counter()
        with deferred_interrupts(), interruptible_checks():
            bound: Bound = self.topic.run(prover, self.scope, *self.args)
        return ProofResult(
            key=self.key,
            scope=self.scope,
            variant=self.variant,
            title=self.topic.title,
            clauses=self.topic.clauses,
            statement=self.topic.statement,
            bound=bound.text,
            checks=tuple(prover.checks),
            seconds=time.perf_counter() - start,
            values=bound.values,
        )


#: Every kind of proof, in the order of the report: Sintra's, then Sagrada's.
TOPICS: tuple[Topic, ...] = tuple(
    topic
    for module in (*(f"proofs.bounds.{name}" for name in MODULES), *SAGRADA_MODULES)
    for topic in registered(importlib.import_module(module))
)

#: Every proof, topic by topic, shipped table first.
PROOFS: tuple[Proof, ...] = tuple(
    Proof(topic, scope, variant, args)
    for topic in TOPICS
    for variant, args in topic.variants
    for scope in topic.scopes
)

#: Every proof by name.
BY_NAME: dict[str, Proof] = {p.name: p for p in PROOFS}


def _run_named(name: str) -> ProofResult:
    """Run the proof called ``name`` (a worker process's task: names travel, not proofs)."""
    return BY_NAME[name].run()


def each_result(proofs: Iterable[Proof] = PROOFS, jobs: int = 1) -> Iterator[ProofResult]:
    """Run ``proofs`` (default: all of them) and yield their results in order, as they finish:
    in this process, or with ``jobs > 1`` in that many worker processes
    (:func:`sintra_rules.distributed.fan_out`, one proof at a time per worker; the workers
    ignore Ctrl-C, which stops this process and with it the pool). Every proof pins its own
    solvers, so the results do not depend on ``jobs``."""
    chosen = list(proofs)
    if jobs <= 1:
        return (proof.run() for proof in chosen)
    return fan_out(_run_named, [proof.name for proof in chosen], workers=jobs, chunk=1)


def run_all(proofs: Iterable[Proof] = PROOFS, jobs: int = 1) -> tuple[ProofResult, ...]:
    """The results of ``proofs`` (default: all of them), in order (see :func:`each_result`)."""
    return tuple(each_result(proofs, jobs))


@functools.cache
def result(name: str) -> ProofResult:
    """The result of the proof called ``name``, computed once per process."""
    return BY_NAME[name].run()
