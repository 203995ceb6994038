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

import concurrent.futures
import functools
import importlib
import time
from collections.abc import Iterable

import attrs

from proofs.bounds import MODULES, Topic, registered
from proofs.figures import Scope
from proofs.harness import Bound, ProofResult, Prover, proof_name
from proofs.sagrada import MODULES as SAGRADA_MODULES

__all__ = ["BY_NAME", "PROOFS", "TOPICS", "Proof", "Topic", "result", "run_all"]


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
        """Run every check of the proof."""
        prover = Prover()
        start = time.perf_counter()
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


def _run(proof: Proof) -> ProofResult:
    return proof.run()


def run_all(proofs: Iterable[Proof] = PROOFS, jobs: int = 1) -> tuple[ProofResult, ...]:
    """Run ``proofs`` (default: all of them), in order, in ``jobs`` processes. Every proof
    pins its own solvers, so the results do not depend on ``jobs``."""
    chosen = list(proofs)
    if jobs <= 1:
        return tuple(_run(proof) for proof in chosen)
    with concurrent.futures.ProcessPoolExecutor(max_workers=jobs) as pool:
        return tuple(pool.map(_run, chosen))


@functools.cache
def result(name: str) -> ProofResult:
    """The result of the proof called ``name``, computed once per process."""
    return BY_NAME[name].run()
