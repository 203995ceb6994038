"""Sagrada's compiled core against the reference engine (ENG-18), interpreted and compiled.

Every test that takes ``core`` runs twice: on the core's Python source (``interpreted``) and on
its mypyc build (``compiled``), which the fixture builds once per source version into
``build/kernel/`` (about a minute the first time; mypy, which brings mypyc, is a development
dependency). Expected values come from the reference engine (:mod:`sintra_rules.games.sagrada`),
:mod:`sintra_rules.rng` and the stored golden playthroughs and perft counts, never from the core.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from fractions import Fraction
from pathlib import Path
from types import ModuleType
from typing import Any

import attrs
import pytest

from sintra_rules import ConfigurationError, InvalidArgument, _kernels
from sintra_rules.games.sagrada import (
    GAME,
    SagradaState,
    action_from_text,
    apply,
    apply_chance,
    apply_traced,
    chance_outcomes,
    determinize,
    kernel,
    legal_actions,
    new_game,
    result,
    state_digest,
    target_score,
    without_generator,
)
from sintra_rules.games.sagrada.encoding import action_to_id, id_to_action, legal_ids
from sintra_rules.games.sagrada.events import ToolUsed
from sintra_rules.games.sagrada.scoring import final_score
from sintra_rules.games.sagrada.verify.policies import random_plies
from sintra_rules.rng import below, next_u64, seed_state
from sintra_rules.verify.bench import random_game
from sintra_rules.verify.soak import soak_game, soak_plan
from tests.sagrada.golden_tool import GOLDEN_DIR, PERFT_DIR, perft_state, start

ROOT = Path(__file__).resolve().parents[2]
CORE = Path("sintra_rules/games/sagrada/kernel/core.py")
#: (players, solo tools): every configuration of the game.
CONFIGS = [(1, t) for t in range(1, 6)] + [(n, None) for n in (2, 3, 4)]


def build_compiled() -> Path:
    """Sagrada's compiled core of this checkout, built into ``build/kernel/`` if needed."""
    return _kernels.build_cached(ROOT, CORE)


@pytest.fixture(scope="session", params=["interpreted", "compiled"])
def core(request: pytest.FixtureRequest) -> ModuleType:
    """The core module: the Python source, or its mypyc build (built here if needed)."""
    if request.param == "compiled":
        build_compiled()
        module = kernel.load_core("compiled")
        assert kernel.is_compiled(module), module
        return module
    module = kernel.load_core("interpreted")
    assert not kernel.is_compiled(module)
    return module


def _ids(state: SagradaState) -> list[int]:
    return list(legal_ids(state))


# --------------------------------------------------------------------------- the generator


@pytest.mark.parametrize("seed", [0, 1, 7, 2**32 - 1, 2**63 + 12345, 2**64 - 1])
def test_generator_is_splitmix64(core: ModuleType, seed: int) -> None:
    """ENG-05 through ENG-18: the core's 32-bit-halves SplitMix64 gives the reference's 64-bit
    outputs and rejection-sampled draws, bit for bit."""
    state = seed_state(seed)
    rng = core.Rng(state >> 32, state & 0xFFFFFFFF)
    for _ in range(50):
        state, value = next_u64(state)
        hi, lo = rng.next_u64()
        assert (hi << 32) | lo == value
    for n in (1, 2, 5, 6, 12, 90, 218, 2**31 - 1):
        state, want = below(state, n)
        assert rng.below(n) == want
        assert (rng.hi << 32) | rng.lo == state


def test_board_masks_are_the_engines_neighbours(core: ModuleType) -> None:
    """COMP-08, PLACE-01: the core's shifted masks give, for every space, exactly the engine's
    orthogonal, diagonal and all neighbours, and its border is the engine's 14 spaces."""
    from sintra_rules.games.sagrada.state import BORDER, DIAGONAL, NEIGHBOURS, ORTHOGONAL

    for cell in range(20):
        bit = 1 << cell
        assert core._orth(bit) == sum(1 << j for j in ORTHOGONAL[cell])
        assert core._diag(bit) == sum(1 << j for j in DIAGONAL[cell])
        assert core._near(bit) == sum(1 << j for j in NEIGHBOURS[cell])
    assert sum(1 << j for j in BORDER) == core.BORDER


# --------------------------------------------------------------------------- setup, conversion


@pytest.mark.parametrize(("players", "tools"), CONFIGS)
@pytest.mark.parametrize("seed", [0, 5, 2**40 + 3, 2**64 - 1])
def test_new_game_equals_reference(
    core: ModuleType, players: int, tools: int | None, seed: int
) -> None:
    """ENG-18: a game dealt by the core from a seed is the reference's new game (SETUP-01 to
    SETUP-06, SOLO-01, ENG-04), generator included; converting a position to the core and back
    changes nothing, before and during the deal."""
    want = new_game(players, seed=seed, tools=tools)
    k = kernel.new_core(players, seed, tools=tools, module=core)
    assert kernel.from_core(k) == want
    assert kernel.from_core(kernel.to_core(want, core)) == want
    dealing = new_game(players, seed=seed, tools=tools, sample=False)
    for _ in range(5):
        assert kernel.from_core(kernel.to_core(dealing, core)) == dealing
        dealing = GAME.sample_chance(dealing)


def test_new_core_refuses_what_new_game_refuses(core: ModuleType) -> None:
    """COMP-02, SOLO-01, SETUP-04, ENG-05: the same clauses as ``new_game``."""
    for players, tools, seed, clause in (
        (5, None, 0, "COMP-02"),
        (1, 6, 0, "SOLO-01"),
        (2, 4, 0, "SETUP-04"),
        (2, None, -1, "ENG-05"),
    ):
        with pytest.raises(ConfigurationError, match=clause):
            kernel.new_core(players, seed, tools=tools, module=core)
        with pytest.raises(ConfigurationError, match=clause):
            new_game(players, seed=seed, tools=tools)


# --------------------------------------------------------------------------- every ply


def _play_both(
    core: ModuleType, state: SagradaState, seed: int, policy: str, seen: set[str]
) -> SagradaState:
    """Play a random game on the reference and on the core at once, comparing at every ply
    the legal ids, the decision's events and the position; the final position."""
    k = kernel.to_core(state, core)
    rng = seed_state(seed)
    ply = 0
    while not state.is_over:
        ids = _ids(state)
        assert core.legal_ids(k) == ids, f"ply {ply}"
        pool = ids[:-1] if policy == "eager" and len(ids) > 1 and ids[-1] == 217 else ids
        rng, index = below(rng, len(pool))
        action = id_to_action(pool[index])
        after, events = apply_traced(state, action)
        assert kernel.step_traced(k, pool[index], core) == events, f"ply {ply}: {action}"
        assert kernel.from_core(k) == after, f"ply {ply}: {action}"
        for event in events:
            seen.update(event.clauses)
            if isinstance(event, ToolUsed):
                seen.add(f"TOOL-{event.tool:02d}")
        state = after
        ply += 1
    assert core.legal_ids(k) == [] and k.is_over()
    return state


@pytest.mark.parametrize(("players", "tools"), CONFIGS)
@pytest.mark.parametrize(("seed", "policy"), [(1, "uniform"), (2, "eager"), (3, "eager")])
def test_every_ply_of_random_games(
    core: ModuleType, players: int, tools: int | None, seed: int, policy: str
) -> None:
    """ENG-18, ENG-08, ENG-09, ENG-05: at every ply of random games of every configuration
    (uniform play, and the soak's ``eager`` play, which drafts, places and uses tools whenever
    it can), the core's legal ids are the reference's, the decision's events are the
    reference's (``apply_traced``), and the position after it (chance sampled from the
    generator) equals the reference's in every field; the final scores, keys, winners and solo
    target are the reference's."""
    state = _play_both(core, new_game(players, seed=seed, tools=tools), seed, policy, set())
    k = kernel.to_core(state, core)
    want = result(state)
    assert [core.score(k, p) for p in range(players)] == list(want.scores)
    for p in range(players):
        parts = final_score(state, p)
        assert core.score_parts(k, p) == [
            parts.total,
            parts.private,
            parts.tokens,
            parts.empty,
            parts.empty_points,
            *parts.publics,
        ]
    assert core.winners(k) == list(want.winners)
    if players > 1:
        assert core.result_keys(k) == [v for key in want.keys for v in key]
    assert core.target_score(k) == target_score(state)


def test_every_tool_and_step_is_reached() -> None:
    """ENG-18: the eager games compared ply by ply (interpreted core) reach every tool card's
    effect and the rare steps: each of the 12 tools (TOOL-01 to TOOL-12; their outcomes limited
    by RUL-20), Flux Remover's value and return (RUL-12), Running Pliers' skipped turn
    (RUL-06), a solo payment (SOLO-03)."""
    interpreted = kernel.load_core("interpreted")
    seen: set[str] = set()
    for seed in range(24):
        players = 1 + seed % 4
        tools = 5 if players == 1 else None
        _play_both(interpreted, new_game(players, seed=seed, tools=tools), seed, "eager", seen)
    want = {f"TOOL-{n:02d}" for n in range(1, 13)} | {"RUL-06", "RUL-12", "SOLO-03"}
    assert want <= seen, sorted(want - seen)


@pytest.mark.parametrize(("players", "tools"), [(1, 4), (2, None), (3, None), (4, None)])
def test_supplied_chance_equals_reference(
    core: ModuleType, players: int, tools: int | None
) -> None:
    """ENG-03, ENG-05, ENG-18: a game without a generator: the core waits at every chance step
    as the reference does (no legal id), lists the same outcomes with the same exact
    probabilities, and after the same supplied outcome (drawn by the test) reaches the same
    position; decisions with ``core.act`` leave the same steps pending as ``apply(...,
    sample=False)``."""
    state = new_game(players, seed=None, tools=tools)
    k = kernel.to_core(state, core)
    rng = seed_state(players * 31 + 7)
    decisions = 0
    while not state.is_over:
        if state.chance is not None:
            outcomes = chance_outcomes(state)
            assert kernel.chance_outcomes(k, core) == outcomes
            assert core.legal_ids(k) == []
            rng, index = below(rng, len(outcomes))
            state = apply_chance(state, outcomes[index][0])
            core.apply_chance(k, outcomes[index][0])
        else:
            ids = _ids(state)
            assert core.legal_ids(k) == ids
            pool = ids[:-1] if len(ids) > 1 and ids[-1] == 217 else ids
            rng, index = below(rng, len(pool))
            state = apply(state, id_to_action(pool[index]), sample=False)
            core.step(k, pool[index])  # no generator: waits as act does
            decisions += 1
        assert kernel.from_core(k) == state, f"decision {decisions}"
    assert kernel.chance_outcomes(k, core) == ()


def test_chance_outcome_weights_are_exact(core: ModuleType) -> None:
    """ENG-03: a draw's outcomes are the colours in the bag, each count / dice in the bag; a
    roll's the six values, 1/6 each."""
    state = new_game(2, seed=3)
    while state.round == 0:
        state = apply(state, legal_actions(state)[0], sample=False)
    k = kernel.to_core(state, core)
    assert kernel.chance_outcomes(k, core) == tuple((c, Fraction(18, 90)) for c in range(5))
    core.apply_chance(k, 2)
    assert kernel.chance_outcomes(k, core) == tuple((v, Fraction(1, 6)) for v in range(6))


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_random_games_play_the_reference_games(core: ModuleType, players: int) -> None:
    """ENG-18: the core's own playout loop plays exactly the games of the reference
    benchmark (same deals, same choices, solo difficulties in the benchmark's turn): the same
    number of decisions."""
    levels = ["3", "1", "2", "4", "5"]
    want = sum(
        random_game(players, {"tools": levels[g % 5]} if players == 1 else {}, 40 + g, game=GAME)
        for g in range(5)
    )
    assert kernel.random_games(players, 5, first_seed=40, module=core) == want


def test_random_games_refuse_bad_budgets(core: ModuleType) -> None:
    """ENG-05, COMP-02, SOLO-01: counts, seeds and difficulties out of range are refused
    before any game."""
    with pytest.raises(InvalidArgument, match="games"):
        kernel.random_games(2, -1, module=core)
    with pytest.raises(ConfigurationError, match="ENG-05"):
        kernel.random_games(2, 1, first_seed=2**62, module=core)
    with pytest.raises(ConfigurationError, match="SOLO-01"):
        kernel.random_games(1, 1, difficulties=[6], module=core)
    with pytest.raises(ConfigurationError, match="COMP-02"):
        kernel.random_games(0, 1, module=core)


def test_copy_is_independent(core: ModuleType) -> None:
    """ENG-18: a copied core position is unchanged by steps on the original, before and after
    the deal (the lists only setup changes are shared, and replaced, never changed)."""
    dealing = kernel.to_core(new_game(3, seed=9, sample=False), core)
    twin = dealing.copy()
    before = kernel.from_core(twin)
    while dealing.chance:
        core.sample_chance(dealing)
    assert kernel.from_core(twin) == before
    k = kernel.new_core(3, 9, module=core)
    before = kernel.from_core(k)
    twin = k.copy()
    core.random_playout(k, core.Rng(0, 1))
    assert kernel.from_core(twin) == before


# --------------------------------------------------------------------------- golden, perft


GOLDEN = sorted(GOLDEN_DIR.glob("sagrada-*.json"))


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_golden_playthroughs_through_the_core(core: ModuleType, path: Path) -> None:
    """ENG-18: every golden playthrough replayed in the core gives, after set-up and after
    every decision, the position whose digest the golden file stores."""
    doc = json.loads(path.read_text("utf-8"))
    tools = int(doc["options"].get("tools", 3)) if doc["players"] == 1 else None
    k = kernel.new_core(doc["players"], doc["seed"], tools=tools, module=core)
    digests = doc["digests"]
    assert state_digest(kernel.from_core(k)) == digests[0]
    for ply, text in enumerate(doc["actions"], 1):
        action_id = action_to_id(action_from_text(text))
        assert action_id in core.legal_ids(k), f"ply {ply}: {text}"
        core.step(k, action_id)
        assert state_digest(kernel.from_core(k)) == digests[ply], f"ply {ply}: {text}"
    assert k.is_over()


PERFT = sorted(PERFT_DIR.glob("sagrada-*.json"))


@pytest.mark.parametrize("path", PERFT, ids=[p.stem for p in PERFT])
def test_perft_counts_through_the_core(core: ModuleType, path: Path) -> None:
    """ENG-18: the core counts the stored perft numbers at every depth, from the stored
    position."""
    doc = json.loads(path.read_text("utf-8"))
    state = perft_state(doc)
    assert state_digest(state) == doc["digest"]
    k = kernel.to_core(state, core)
    for depth, count in sorted(doc["counts"].items(), key=lambda item: int(item[0])):
        assert core.perft(k, int(depth)) == count, f"depth {depth}"
    assert kernel.from_core(k) == state


# --------------------------------------------------------------------------- hidden information


def _position(players: int, seed: int, plies: int) -> SagradaState:
    state = new_game(players, seed=seed)
    for _b, _a, after in random_plies(state, seed, "eager", plies):
        state = after
    return state


@pytest.mark.parametrize("viewer", [None, 0, 1, 2])
def test_determinize_equals_reference(core: ModuleType, viewer: int | None) -> None:
    """ENG-06, ENG-18: the core's determinization for a viewer deals the other seats' private
    objectives again exactly as the reference's (the viewer's own kept) and gives the same
    fresh generator; the game then continues as the reference's."""
    state = _position(3, 4, 40)
    for seed in (0, 1, 2**40 + 9):
        want = determinize(state, seed, viewer)
        k = kernel.to_core(state, core)
        core.determinize(k, seed >> 32, seed & 0xFFFFFFFF, -1 if viewer is None else viewer)
        assert kernel.from_core(k) == want
        ids = _ids(want)
        core.step(k, ids[-1])
        assert kernel.from_core(k) == apply(want, id_to_action(ids[-1]))


def _others_changed(state: SagradaState, viewer: int, seed: int) -> SagradaState:
    """``state`` with the other seats' private objectives dealt again (a position the viewer
    cannot tell from ``state``) and another generator (other future draws)."""
    redealt = determinize(state, seed, viewer)
    assert redealt.players[viewer] == state.players[viewer]
    return redealt


@pytest.mark.parametrize(("players", "plies"), [(2, 30), (3, 61), (4, 12)])
def test_search_on_the_core_ignores_hidden_cards_and_future_draws(
    core: ModuleType, players: int, plies: int
) -> None:
    """ENG-06, ENG-18: a flat Monte Carlo search on the core (:func:`kernel.flat_values`)
    decides the same, value for value, whatever the other seats' private objectives and the
    future draws are, and without any generator; the other seats' cards do differ between the
    positions searched, and a different search seed gives different values (the search does
    sample)."""
    state = _position(players, players + 20, plies)
    viewer = state.turn
    values = kernel.flat_values(state, 20, seed=7, module=core)
    assert list(values) == _ids(state)
    others = {seat: p.privates for seat, p in enumerate(state.players) if seat != viewer}
    differed = False
    for seed in (1, 2, 3):
        hidden = _others_changed(state, viewer, seed)
        differed |= any(hidden.players[s].privates != c for s, c in others.items())
        assert kernel.flat_values(hidden, 20, seed=7, module=core) == values
    assert differed
    assert kernel.flat_values(without_generator(state), 20, seed=7, module=core) == values
    assert kernel.flat_values(state, 20, seed=8, module=core) != values


def test_flat_values_refuse_bad_budgets(core: ModuleType) -> None:
    """ENG-05, ROUND-06, ENG-03: simulations and seeds out of range, a finished game and a
    pending chance step are refused at once."""
    state = _position(2, 1, 10)
    for bad in (0, -3, 10**6 + 1, True, 2.5):
        with pytest.raises(ConfigurationError, match="ENG-05"):
            kernel.flat_values(state, bad, module=core)  # type: ignore[arg-type]
    with pytest.raises(ConfigurationError, match="ENG-05"):
        kernel.flat_values(state, 1, seed=2**64, module=core)
    with pytest.raises(ConfigurationError, match="ENG-03"):
        kernel.flat_values(new_game(2, seed=1, sample=False), 1, module=core)
    with pytest.raises(ConfigurationError, match="ROUND-06"):
        kernel.flat_values(_position(2, 1, 1000), 1, module=core)


# --------------------------------------------------------------------------- the search: uct


def _decision(players: int, seed: int, plies: int) -> SagradaState:
    """The first position at or after ``plies`` random plies where the player to act has at
    least three legal actions."""
    state = new_game(players, seed=seed)
    for done, (_b, _a, after) in enumerate(random_plies(state, seed, "eager", 10_000)):
        state = after
        if done >= plies and state.chance is None and len(legal_actions(state)) >= 3:
            return state
    raise AssertionError("no such position")  # pragma: no cover


@pytest.mark.parametrize(("players", "plies"), [(1, 9), (2, 30), (3, 61), (4, 12)])
def test_uct_ignores_hidden_cards_and_future_draws(
    core: ModuleType, players: int, plies: int
) -> None:
    """ENG-06, ENG-18: Sagrada's search on the core (:func:`kernel.uct_visits`) gives the same
    visit counts whatever the other seats' private objectives and the future draws are, and
    without any generator; the other seats' cards do differ between the positions searched
    (with 2 to 4 players), and another search seed gives other counts (the search samples)."""
    state = _decision(players, players + 20, plies)
    viewer = state.turn
    visits = kernel.uct_visits(state, 60, seed=7, module=core)
    assert list(visits) == _ids(state)
    others = {seat: p.privates for seat, p in enumerate(state.players) if seat != viewer}
    differed = False
    for seed in (1, 2, 3):
        hidden = _others_changed(state, viewer, seed)
        differed |= any(hidden.players[s].privates != c for s, c in others.items())
        assert hidden.rng != state.rng
        assert kernel.uct_visits(hidden, 60, seed=7, module=core) == visits
    assert differed or players == 1
    assert kernel.uct_visits(without_generator(state), 60, seed=7, module=core) == visits
    assert kernel.uct_visits(state, 60, seed=8, module=core) != visits


@pytest.mark.parametrize("seed", range(6))
def test_uct_visits_sum_to_the_budget(core: ModuleType, seed: int) -> None:
    """ENG-18: every simulation passes through exactly one of the player's legal ids, so the
    counts sum to the budget, over the legal ids in the engine's order (ENG-08); the state
    searched is not changed."""
    state = _decision(1 + seed % 4, seed, 5 + 7 * seed)
    copy = attrs.evolve(state)
    visits = kernel.uct_visits(state, 37, seed=seed, module=core)
    assert list(visits) == [action_to_id(a) for a in legal_actions(state)]
    assert sum(visits.values()) == 37
    assert all(v >= 0 for v in visits.values())
    assert state == copy


def test_uct_compiled_equals_interpreted() -> None:
    """ENG-18: the compiled and the interpreted core search alike, count for count, for the
    same seed (the same arithmetic in both builds)."""
    build_compiled()
    compiled = kernel.load_core("compiled")
    interpreted = kernel.load_core("interpreted")
    for players, seed, plies in ((1, 4, 20), (2, 5, 33), (3, 6, 50), (4, 7, 3)):
        state = _decision(players, seed, plies)
        assert kernel.uct_visits(state, 80, seed=seed, module=compiled) == kernel.uct_visits(
            state, 80, seed=seed, module=interpreted
        )


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_search_policy_chooses_legal_ids(core: ModuleType, players: int) -> None:
    """ENG-08, ENG-18: the search's playout policy (``core.policy_id``) chooses one of the
    legal ids at every decision of whole games (solo at every difficulty), tools half-used
    included: every third decision is played at random instead, which starts tools; the
    core's position stays sound (``check_position``)."""
    weights = kernel.search_weights(module=core)
    mid_tool = 0
    for seed in range(5):
        k = kernel.new_core(players, seed, tools=1 + seed if players == 1 else None, module=core)
        agent = core.Rng(0, seed)
        rng = seed_state(seed)
        while k.round <= k.tables.rounds:
            ids = core.legal_ids(k)
            chosen = core.policy_id(k, weights, agent)
            assert chosen in ids
            mid_tool += k.sub != 0
            rng, draw = below(rng, 3 * len(ids))
            core.step(k, chosen if draw >= len(ids) else ids[draw])
            assert core.check_position(k) == ""
        assert kernel.from_core(k).is_over
    assert mid_tool > 0


def test_uct_refuses_bad_budgets(core: ModuleType) -> None:
    """ENG-05, ROUND-06, ENG-03: budgets and seeds out of range, unknown weights, a finished
    game and a pending chance step are refused at once."""
    state = _position(2, 1, 10)
    for bad in (0, -3, kernel.MAX_SIMULATIONS + 1, True, 2.5):
        with pytest.raises(ConfigurationError, match="ENG-05"):
            kernel.uct_visits(state, bad, module=core)  # type: ignore[arg-type]
    with pytest.raises(ConfigurationError, match="ENG-05"):
        kernel.uct_visits(state, 1, seed=2**64, module=core)
    with pytest.raises(ConfigurationError, match="ENG-03"):
        kernel.uct_visits(new_game(2, seed=1, sample=False), 1, module=core)
    with pytest.raises(ConfigurationError, match="ROUND-06"):
        kernel.uct_visits(_position(2, 1, 1000), 1, module=core)
    with pytest.raises(InvalidArgument, match="no search weight"):
        kernel.uct_visits(state, 1, weights={"cleverness": 1.0}, module=core)


# --------------------------------------------------------------------------- the soak's core


@pytest.mark.parametrize("index", range(16))
def test_soak_game_plays_the_reference_soak_game(core: ModuleType, index: int) -> None:
    """ENG-18: ``core.soak_game`` (both builds) plays the generic soak's game ``index`` (every
    configuration, both policies) with no failure, ending in the reference game's position
    after as many decisions, with the same counts of tools used, dice moved, dice returned,
    turns skipped and solo results as the reference soak's invariants count."""
    plan = soak_plan(index, 5, game=GAME)
    want = soak_game(plan, game=GAME)
    assert want.failures == ()
    rng = seed_state(plan.seed)
    options = dict(plan.options)
    tools = int(options.get("tools", 3)) if plan.num_players == 1 else None
    k = kernel.new_core(plan.num_players, plan.seed, tools=tools, module=core)
    length = GAME.facts(plan.num_players, options).max_game_length
    figures, failure = core.soak_game(
        k, core.Rng(rng >> 32, rng & 0xFFFFFFFF), plan.policy == "eager", length
    )
    assert failure == ""
    assert figures[0] == want.plies
    counts = dict(want.counts)
    got = {f"tool {n}": figures[1 + n] for n in range(1, 13) if figures[1 + n]}
    for name, index_ in (("die moved", 14), ("returned to pool", 15), ("turn skipped", 16)):
        if figures[index_]:
            got[name] = figures[index_]
    if figures[17] >= 0:
        got["solo won" if figures[17] else "solo lost"] = 1
    assert got == counts
    state = start(plan.num_players, plan.seed, tools)
    for _b, _a, after in random_plies(state, plan.seed, plan.policy):  # type: ignore[arg-type]
        state = after
    assert kernel.from_core(k) == state and not k.trace and k.log == []


def test_check_position_finds_broken_positions(core: ModuleType) -> None:
    """The soak's core checks (both builds) pass sound positions and name the invariant a
    broken one breaks (COMP-01, PLACE-06, PLACE-07, FAVOR-02, ROUND-03, ROUND-02), and
    ``soak_game`` stops at the set-up with that failure."""
    sound = kernel.to_core(_position(3, 4, 80), core)
    assert core.check_position(sound) == ""

    def broken(change: Any) -> str:
        k = sound.copy()
        change(k)
        found: str = core.check_position(k)
        return found

    assert broken(lambda k: k.bag.__setitem__(0, k.bag[0] + 1)).startswith("dice_conserved")
    assert broken(lambda k: k.masks.__setitem__(3, k.masks[3] ^ 1)).startswith("window_masks")
    assert broken(lambda k: k.favor.__setitem__(1, k.favor[1] + 1)).startswith("favor_conserved")
    assert broken(lambda k: setattr(k, "turn", (k.turn + 1) % 3)).startswith("turn_order")

    def unsorted(k: Any) -> None:
        k.pool[:] = sorted(k.pool, reverse=True)

    assert len(set(sound.pool)) > 1
    assert broken(unsorted).startswith("pool")

    def neighbours(k: Any) -> None:  # two dice alike side by side, the bag paying for them
        seat = k.turn
        for cell in range(20):
            if k.window[seat * 20 + cell] >= 0:
                k.bag[core._remove_die(k, seat, cell) >> 3] += 1
        colour = next(c for c in range(5) if k.bag[c] >= 2)
        k.bag[colour] -= 2
        core._add_die(k, seat, 0, colour * 8 + 1)
        core._add_die(k, seat, 1, colour * 8 + 2)

    assert broken(neighbours).startswith("neighbours_differ")
    done = kernel.to_core(_position(2, 1, 1000), core)
    assert done.is_over() and core.check_position(done) == ""
    k = sound.copy()
    k.bag[0] += 1
    figures, failure = core.soak_game(k, core.Rng(0, 1), False, 309)
    assert figures[0] == 0 and failure.startswith("dice_conserved")


# --------------------------------------------------------------------------- choosing the build


def _mode(env_value: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "SINTRA_KERNEL": env_value}
    code = "import sintra_rules.games.sagrada.kernel as k; print(k.COMPILED, k.core.__name__)"
    return subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=False
    )


def test_environment_variable_chooses_the_build() -> None:
    """ENG-18: ``SINTRA_KERNEL`` forces the interpreted or the compiled core at import."""
    build_compiled()
    interpreted = _mode("interpreted")
    assert interpreted.returncode == 0, interpreted.stderr
    assert interpreted.stdout.split() == [
        "False",
        "sintra_rules.games.sagrada.kernel._core_interpreted",
    ]
    compiled = _mode("compiled")
    assert compiled.returncode == 0, compiled.stderr
    assert compiled.stdout.split() == ["True", "sintra_rules.games.sagrada.kernel.core"]
    wrong = _mode("fast")
    assert wrong.returncode != 0
    assert "SINTRA_KERNEL must be auto, compiled or interpreted" in wrong.stderr


def test_build_command_prints_the_compiled_module() -> None:
    """``python -m sintra_rules.games.sagrada.kernel.build`` prints the compiled core's path
    (already built: the same file)."""
    built = build_compiled()
    done = subprocess.run(
        [sys.executable, "-m", "sintra_rules.games.sagrada.kernel.build"],
        capture_output=True,
        text=True,
        check=False,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == str(built)


def test_from_core_of_a_state_with_pending_steps(core: ModuleType) -> None:
    """ENG-03, ENG-18: every kind of pending chance step converts both ways (a roll's drawn
    die and Glazing Hammer's dice still to re-roll included)."""
    kinds: set[str] = set()
    for seed in range(30):
        state = new_game(1 + seed % 4, seed=seed, tools=5 if seed % 4 == 0 else None)
        state = without_generator(state)
        rng = seed_state(seed)
        while not state.is_over and len(kinds) < 10:
            if state.chance is not None:
                kinds.add(state.chance.kind)
                assert kernel.from_core(kernel.to_core(state, core)) == state
                outcomes = chance_outcomes(state)
                rng, index = below(rng, len(outcomes))
                state = apply_chance(state, outcomes[index][0])
                continue
            actions = legal_actions(state)
            pool = [a for a in actions if type(a).__name__ != "EndTurn"] or list(actions)
            rng, index = below(rng, len(pool))
            state = apply(state, pool[index])
    assert kinds >= {"draw", "roll", "reroll", "brush", "remover"}


def test_to_core_keeps_the_state_unchanged(core: ModuleType) -> None:
    """ENG-02: converting never changes the reference state; playing on the core leaves it
    equal to itself."""
    state = _position(2, 3, 20)
    copy = attrs.evolve(state)
    k = kernel.to_core(state, core)
    core.random_playout(k, core.Rng(1, 2))
    assert state == copy
