"""The most player decisions a game can have: the ``max_game_length`` the adapters declare.

**Decisions** are those of sagrada:ENG-07 (chance steps are not decisions). At setup each seat
chooses its pattern: one decision (sagrada:RUL-10). A game has 10 rounds (sagrada:ROUND-01) of 2
turn positions per player (sagrada:ROUND-03). A turn without a tool has at most 3 decisions: a
draft, a place, an end (sagrada:TURN-01 to sagrada:TURN-03; every other decision of sagrada:ENG-07
belongs to a tool). Using a tool adds its own decisions (sagrada:ENG-07, sagrada:TOOL-14), at most:

====================================  =====  ==========================================
Tool                                   Adds   Decisions
====================================  =====  ==========================================
1 Grozing Pliers                       2      tool, adjust
2 Eglomise Brush, 3 Copper Foil B.     3      tool, pick, place
4 Lathekin, 12 Tap Wheel               5      tool, pick, place, pick, place
5 Lens Cutter                          2      tool, swap
6, 7, 9, 10                            1      tool
8 Running Pliers                       0      tool, draft, place; its user's next position
                                              is skipped (sagrada:TOOL-08), which held at most 3
11 Flux Remover                        2      tool, value (the die placed or returned)
====================================  =====  ==========================================

A player uses at most one tool per turn (sagrada:FAVOR-01). In a game of 2 to 4 players each use is
paid with favor tokens (sagrada:FAVOR-02, sagrada:FAVOR-03): 1 if the card holds none, else 2, so
each of the 3 cards in play costs 1 only at its first use in the game; a player has at most 6 tokens
(sagrada:SETUP-03: the highest difficulty) and never gains any. In the solo game each of the ``t``
tools in play is used at most once (sagrada:SOLO-03).

The model: the tools dealt, each player's uses of each, which player used each card first,
each player's spending within 6 tokens. The largest number of decisions is found by
optimisation, proved, and reached by an explicit plan of uses.
"""

from __future__ import annotations

from typing import Final

import z3

from proofs.bounds import bound
from proofs.figures import Scope
from proofs.harness import Bound, Evaluate, Prover, Term, all_of, ite, total
from proofs.sagrada.figures import ROUNDS

__all__ = ["EXTRA", "decisions"]

#: The decisions each tool adds to a turn, by tool number (module docstring).
EXTRA: Final = (2, 3, 3, 5, 2, 1, 1, 0, 1, 1, 2, 5)
#: Decisions of a turn without a tool: draft, place, end.
BASE: Final = 3
#: The most favor tokens a player holds (sagrada:SETUP-03).
TOKENS: Final = 6
#: Tool cards in play in a game of 2 to 4 players (sagrada:SETUP-04).
IN_PLAY: Final = 3


def _model(
    players: int, tools: int
) -> tuple[list[Term], Term, list[list[z3.ArithRef]], list[z3.BoolRef]]:
    """The premises, the number of decisions, the uses per player and tool, the tools dealt."""
    solo = players == 1
    dealt = [z3.Bool(f"dealt_{k + 1}") for k in range(len(EXTRA))]
    uses = [[z3.Int(f"p{s + 1}_uses_{k + 1}") for k in range(len(EXTRA))] for s in range(players)]
    first = [[z3.Int(f"p{s + 1}_first_{k + 1}") for k in range(len(EXTRA))] for s in range(players)]
    premises: list[Term] = [total(ite(d, 1, 0) for d in dealt) == (tools if solo else IN_PLAY)]
    for s in range(players):
        for k, d in enumerate(dealt):
            u, f = uses[s][k], first[s][k]
            premises += [u >= 0, z3.Implies(z3.Not(d), u == 0), f >= 0, f <= 1, f <= u]
            if solo:
                premises.append(u <= 1)
        premises.append(total(uses[s]) <= 2 * ROUNDS)
        if not solo:
            premises.append(
                total(2 * u - f for u, f in zip(uses[s], first[s], strict=True)) <= TOKENS
            )
    for k in range(len(EXTRA)):
        premises.append(total(first[s][k] for s in range(players)) <= 1)
    count = players * (1 + 2 * ROUNDS * BASE) + total(
        e * uses[s][k] for s in range(players) for k, e in enumerate(EXTRA)
    )
    return premises, count, uses, dealt


def _plan(players: int, tools: int) -> dict[tuple[int, int], int]:
    """An explicit plan reaching the bound: uses per (player, tool number). Solo: the ``tools``
    tools that add most, once each. Otherwise Lathekin (4) and Tap Wheel (12) in play; the
    first player uses each first (1 token each), then each once more (2 each); every other
    player uses them three times (2 tokens each)."""
    if players == 1:
        best = sorted(range(len(EXTRA)), key=lambda k: (-EXTRA[k], k))[:tools]
        return {(0, k + 1): 1 for k in best}
    plan = {(0, 4): 2, (0, 12): 2}
    for s in range(1, players):
        plan[(s, 4)] = 2
        plan[(s, 12)] = 1
    return plan


@bound(
    "sagrada-decisions",
    "Sagrada: decisions per game",
    (
        "A game has at most the stated number of player decisions (module docstring: one "
        "pattern choice per seat; 3 decisions per turn position without a tool; what each "
        "tool adds; uses limited by the favor tokens, or solo by one use per tool). Found "
        "by optimisation, proved, and reached by an explicit plan of tool uses."
    ),
    (
        "sagrada:ENG-07",
        "sagrada:TURN-01",
        "sagrada:TURN-02",
        "sagrada:TURN-03",
        "sagrada:ROUND-01",
        "sagrada:ROUND-03",
        "sagrada:FAVOR-01",
        "sagrada:FAVOR-02",
        "sagrada:FAVOR-03",
        "sagrada:SETUP-03",
        "sagrada:SOLO-03",
        "sagrada:TOOL-08",
        "sagrada:TOOL-14",
        "sagrada:RUL-10",
    ),
    variants=(
        *((f"solo game, {t} tool{'s' if t > 1 else ''}", (1, t)) for t in range(1, 6)),
        *((f"{n} players", (n, IN_PLAY)) for n in (2, 3, 4)),
    ),
    game="sagrada",
    scopes=("shipped",),
)
def decisions(p: Prover, scope: Scope, players: int, tools: int) -> Bound:
    """The most decisions of a game of ``players`` players (solo: with ``tools`` tools)."""
    del scope
    premises, count, uses, dealt = _model(players, tools)

    def show(evaluate: Evaluate) -> list[str]:
        lines = [f"decisions {evaluate(count)}"]
        for s in range(players):
            used = [f"tool {k + 1} x{evaluate(u)}" for k, u in enumerate(uses[s]) if evaluate(u)]
            lines.append(f"player {s + 1}: {', '.join(used) or 'no tool'}")
        return lines

    most = p.maximum("the most decisions, by optimisation", premises, count)
    if most is None:
        return Bound("no bound: the optimisation failed")
    p.claim(f"a game has at most {most} decisions", premises, count <= most, show)
    plan = _plan(players, tools)
    fixed = [
        uses[s][k] == plan.get((s, k + 1), 0) for s in range(players) for k in range(len(EXTRA))
    ]
    p.witness(
        f"a plan of tool uses giving {most} decisions",
        [*premises, *fixed],
        all_of(count == most),
        show,
        keys=[*(ite(d, 1, 0) for d in dealt)],
    )
    return Bound(f"at most {most} decisions", {"high": most})
