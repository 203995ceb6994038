"""Sagrada's proofs checked against the engine.

Every witness window of a public objective's maximum is scored by the engine's rule
(:data:`sintra_rules.games.sagrada.scoring.PUBLIC_RULES`) to the proved number and accepted
by the engine as a window at the end of a game (:func:`~sintra_rules.games.sagrada.build_position`
refuses a window that breaks the bans, sagrada:RUL-16); the lowest scores and the target scores are
the engine's :func:`~sintra_rules.games.sagrada.final_score` and
:func:`~sintra_rules.games.sagrada.target_score` of finished games; the decisions each tool
adds (:data:`proofs.sagrada.length.EXTRA`) are checked on games the engine plays, and the
proved number of decisions equals the ``max_game_length`` the game declares.

The bounds are read from the proofs' results (:func:`proofs.registry.result`), in the same
xdist group as ``tests/test_sagrada_proofs.py`` so that each proof runs once.
"""

from __future__ import annotations

import random
from collections import defaultdict

import pytest

from proofs.registry import result
from proofs.sagrada.figures import DIAGONAL, ORTHOGONAL, PATTERNS, PUBLICS, SPACES, Public
from proofs.sagrada.highest import best_found
from proofs.sagrada.length import BASE, EXTRA
from proofs.sagrada.window import parse, restriction_breaks
from proofs.sagrada.witnesses import PUBLIC_BEST
from sintra_rules.games import make
from sintra_rules.games.sagrada import (
    EndTurn,
    UseTool,
    apply,
    build_position,
    final_score,
    legal_actions,
    new_game,
    target_score,
)
from sintra_rules.games.sagrada import state as engine_state
from sintra_rules.games.sagrada.scoring import PUBLIC_RULES

pytestmark = pytest.mark.xdist_group("sagrada-proofs")


def test_the_grid_is_the_engines() -> None:
    """The proofs' neighbours are the engine's: diagonal ones (sagrada:PUB-10) and orthogonal pairs
    (sagrada:PLACE-06, sagrada:PLACE-07)."""
    assert tuple(tuple(sorted(d)) for d in engine_state.DIAGONAL) == tuple(
        tuple(sorted(d)) for d in DIAGONAL
    )
    pairs = {(a, b) for a in range(SPACES) for b in engine_state.ORTHOGONAL[a] if a < b}
    assert pairs == set(ORTHOGONAL)


def _notation(text: str) -> str:
    """A window in the position notation's rows: a die as colour and value, ``.`` empty."""
    return "/".join(
        "".join("." if d == "--" else d for d in row.split()) for row in text.split(" / ")
    )


@pytest.mark.parametrize("card", PUBLICS, ids=lambda c: c.name)
def test_public_witnesses_score_the_proved_bound(card: Public) -> None:
    """Each witness of ``sagrada-public-max`` scores, by the engine's rule, the bound proved
    for its pattern (or any window), and the engine accepts it as a window at the end of a
    game on that pattern (the first pattern for any window)."""
    proved = result(f"sagrada-public-max[shipped, {card.name}]")
    assert proved.holds, proved.explain()
    for pattern in (None, *PATTERNS):
        text = PUBLIC_BEST[card.number][0 if pattern is None else pattern.number]
        window = list(parse(text))
        engine = PUBLIC_RULES[card.number - 1](window) * card.points
        where = "any window" if pattern is None else pattern.name
        assert engine == proved.values[where], (card, where)
        state = build_position(
            [(pattern or PATTERNS[0]).name],
            windows={1: _notation(text)},
            round="over",
            tools="1,2,3",
            publics=f"{card.number},{card.number % 10 + 1}",
            privates={1: "RG"},
        )
        assert final_score(state, 0).publics[0] == proved.values[where], (card, where)


def test_lowest_scores_are_the_engines() -> None:
    """The lowest scores are scores the engine gives a finished game: an empty window with
    every token spent scores -20 (Sun Catcher's 3 tokens on Glazing Hammer, sagrada:FAVOR-04), and
    the solo game's empty window -60 (sagrada:SCORE-04, sagrada:SOLO-06)."""
    multi = result("sagrada-lowest-score[shipped, 2 to 4 players]")
    solo = result("sagrada-lowest-score[shipped, solo game]")
    assert multi.holds and solo.holds
    state = build_position(
        ["Sun Catcher", "Batllo"],
        round="over",
        tools="7=3,1,2",
        favor={1: 0, 2: 5},
        privates={1: "R", 2: "G"},
    )
    assert final_score(state, 0).total == multi.values["low"] == -20
    state = build_position(
        ["Sun Catcher"], round="over", tools="1,2,3", publics="1,2", privates={1: "RG"}
    )
    assert final_score(state, 0).total == solo.values["low"] == -60


@pytest.mark.parametrize("tools", [1, 2, 3, 4, 5])
def test_target_bounds_are_the_engines(tools: int) -> None:
    """The engine's target score (sagrada:SOLO-05) of a finished solo game whose round track holds
    ``20 - t`` dice showing 1 is the proved low; with 40 dice showing 6, the proved high (the
    low: a plain sum, 20 - t; the high: 40 times 6)."""
    proved = result(f"sagrada-target[shipped, {tools} tool{'s' if tools > 1 else ''}]")
    assert proved.holds
    cards = ",".join(str(n) for n in range(1, tools + 1))
    ones = [f"{'RYGBP'[i % 5]}1" for i in range(20 - tools)]
    low_track = "/".join("".join(ones[r::10]) for r in range(10))
    for track, key in ((low_track, "low"), ("/".join(["R6Y6G6B6"] * 10), "high")):
        state = build_position(
            ["Sun Catcher"],
            round="over",
            tools=cards,
            publics="1,2",
            privates={1: "RG"},
            track=track,
        )
        assert target_score(state) == proved.values[key], key
    assert proved.values == {"low": 20 - tools, "high": 240}


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_declared_game_length_is_the_proved_bound(players: int) -> None:
    """The ``max_game_length`` the game declares (``make("sagrada").facts``) is the proved
    most decisions of a game, for each player count (solo: each number of tools): no game
    exceeds it (the bound holds) and some game reaches it (the bound is tight)."""
    game = make("sagrada")
    variants = (
        [(f"solo game, {t} tool{'s' if t > 1 else ''}", {"tools": str(t)}) for t in range(1, 6)]
        if players == 1
        else [(f"{players} players", None)]
    )
    for label, options in variants:
        proved = result(f"sagrada-decisions[shipped, {label}]")
        assert proved.holds
        assert proved.values["high"] == game.facts(players, options).max_game_length, label


def _play(players: int, seed: int) -> list[tuple[int, int, int, tuple[int, ...]]]:
    """A game played by the engine with a policy that uses a tool whenever it can: per
    (seat, round) the decisions made and the tools used, as (seat, round, decisions,
    tools)."""
    state = new_game(players, seed=seed, tools=5 if players == 1 else None)
    rng = random.Random(seed)
    count: dict[tuple[int, int], int] = defaultdict(int)
    used: dict[tuple[int, int], list[int]] = defaultdict(list)
    while not state.is_over:
        actions = legal_actions(state)
        uses = [a for a in actions if isinstance(a, UseTool)]
        others = [a for a in actions if not isinstance(a, EndTurn)]
        action = rng.choice(uses or others or list(actions))
        key = (state.turn, state.round)
        count[key] += 1
        if isinstance(action, UseTool):
            used[key].append(action.tool)
        state = apply(state, action)
    return [(s, r, n, tuple(used[(s, r)])) for (s, r), n in count.items()]


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_decisions_per_round_within_the_tool_table(players: int) -> None:
    """In games the engine plays, a player's decisions in a round never exceed 2 turns of
    :data:`~proofs.sagrada.length.BASE` plus what each tool used adds
    (:data:`~proofs.sagrada.length.EXTRA`; Running Pliers 0, as its user's second turn is
    skipped), the pattern choice counted in round 0; and no game exceeds the proved bound."""
    bound_name = (
        "sagrada-decisions[shipped, solo game, 5 tools]"
        if players == 1
        else f"sagrada-decisions[shipped, {players} players]"
    )
    bound = result(bound_name).values["high"]
    tools_seen: set[int] = set()
    for seed in range(6):
        rows = _play(players, seed)
        total = 0
        for seat, rnd, n, used in rows:
            total += n
            tools_seen.update(used)
            if rnd == 0:
                assert n == 1, (seed, seat, rnd, n)
                continue
            assert n <= 2 * BASE + sum(EXTRA[t - 1] for t in used), (seed, seat, rnd, n, used)
        assert total <= bound
    assert tools_seen, "the policy used no tool"


_HIGHEST = {False: "2 to 4 players", True: "solo game"}


@pytest.mark.parametrize("solo", [False, True], ids=list(_HIGHEST.values()))
def test_highest_score_witnesses_are_the_engines(solo: bool) -> None:
    """The game reaching the proved highest final score scores it with the engine
    (:func:`~sintra_rules.games.sagrada.final_score` of a finished position): its window on its
    pattern, its public cards and private colour and, in a game of 2 to 4 players, the tokens
    left after the tools that moved its dice against the pattern (Eglomise Brush for a colour
    space, Copper Foil Burnisher for a value space: 1 token at a card's first use, then 2,
    sagrada:FAVOR-02)."""
    proved = result(f"sagrada-highest-score[shipped, {_HIGHEST[solo]}]")
    assert proved.holds, proved.explain()
    pattern, best = best_found(solo)
    window = parse(best.window)
    broken = restriction_breaks(pattern, window)
    by_value = sum(1 for s in broken if pattern.restriction(s).isdigit())
    by_colour = len(broken) - by_value
    other = next(code for code in "RYGBP" if code != best.colour)
    publics = ",".join(str(n) for n in best.cards)
    if solo:
        state = build_position(
            [pattern.name],
            windows={1: _notation(best.window)},
            round="over",
            tools="2,3",
            publics=publics,
            privates={1: best.colour + other},
        )
    else:
        tokens = [2 * n - 1 for n in (by_colour, by_value)]
        tools = ",".join(
            f"{card}={t}" if t > 0 else str(card) for card, t in zip((2, 3), tokens, strict=True)
        )
        state = build_position(
            [pattern.name, "Batllo"],
            windows={1: _notation(best.window)},
            round="over",
            tools=f"{tools},6",
            publics=publics,
            privates={1: best.colour, 2: other},
            favor={1: pattern.favor - sum(t for t in tokens if t > 0), 2: 5},
        )
    assert final_score(state, 0).total == proved.values["high"]


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_declared_score_bounds_are_the_proved_ones(players: int) -> None:
    """The ``min_score`` and ``max_score`` the game declares are the proved lowest and highest
    final scores, and it says they are proved (``bounds_proved``)."""
    facts = make("sagrada").facts(players)
    label = "solo game" if players == 1 else "2 to 4 players"
    low = result(f"sagrada-lowest-score[shipped, {label}]")
    high = result(f"sagrada-highest-score[shipped, {label}]")
    assert low.holds and high.holds
    assert (facts.min_score, facts.max_score) == (low.values["low"], high.values["high"])
    assert facts.bounds_proved
