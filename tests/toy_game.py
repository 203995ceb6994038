"""A tiny game with a chance step and a hidden card, written against the game protocol alone.

It proves the protocol generic (as OpenSpiel keeps kuhn_poker): the generic satellites (agents,
MCTS, arena, perft, soak, the adapters and the conformance check) play it with no code outside
this file. The rules: each of 1 to 3 seats is dealt a hidden card (0, 1 or 2) from a deck of
three; then, for two rounds, a die (1 to 3) is rolled in the open and each seat in turn either
*banks* the die (adds its value to the score) or *bets* its card (adds the card's value); a
seat that banks may then act once more in the same turn ("again", adding 1) or stop. The
highest score wins; ties are broken by the higher card.
"""

from __future__ import annotations

import json
from array import array
from collections.abc import Mapping, Sequence
from fractions import Fraction
from hashlib import sha256
from typing import ClassVar, Final

import attrs

from sintra_rules.errors import (
    ActionIdError,
    ConfigurationError,
    GameNotOver,
    GameOver,
    IllegalAction,
    NotationError,
    RecordError,
)
from sintra_rules.game import Facts, Game, GameInfo, Result
from sintra_rules.rng import below, seed_state

BANK, BET, AGAIN, STOP = 0, 1, 2, 3
NAMES: Final = ("bank", "bet", "again", "stop")


@attrs.frozen
class ToyState:
    """A position of the toy game."""

    GAME: ClassVar[str] = "toy"
    cards: tuple[int | None, ...]
    scores: tuple[int, ...]
    die: int
    round: int
    turn: int
    banked: bool
    rng: int | None
    chance: str | None

    @property
    def num_players(self) -> int:
        return len(self.cards)

    @property
    def is_over(self) -> bool:
        return self.round > 2


class ToyGame:
    """The toy game; it satisfies :class:`sintra_rules.game.Game`."""

    info = GameInfo("toy", "Toy", (1, 2, 3), perfect_information=False, behaviour_version=1)

    def _check(self, n: int) -> None:
        if n not in self.info.player_counts:
            raise ConfigurationError("num_players", f"the toy takes 1 to 3 players, not {n}")

    def start(
        self,
        num_players: int,
        /,
        *,
        seed: int | None = 0,
        options: Mapping[str, str] | None = None,
        sample: bool = True,
    ) -> ToyState:
        self._check(num_players)
        self.info.resolve_options(options)
        rng = None if seed is None else seed_state(seed)
        state = ToyState((None,) * num_players, (0,) * num_players, 0, 1, 0, False, rng, "deal")
        return self._resolve(state) if sample else state

    def options_of(self, state: ToyState, /) -> dict[str, str]:
        return {}

    def legal_actions(self, state: ToyState, /) -> tuple[int, ...]:
        if state.is_over or state.chance:
            return ()
        return (AGAIN, STOP) if state.banked else (BANK, BET)

    def apply(self, state: ToyState, action: int, /, *, sample: bool = True) -> ToyState:
        if state.is_over:
            raise GameOver("END", "the toy game is over")
        if action not in self.legal_actions(state):
            raise IllegalAction("TOY-01", f"{action!r} is not legal here")
        gain = {BANK: state.die, BET: state.cards[state.turn] or 0, AGAIN: 1, STOP: 0}[action]
        scores = list(state.scores)
        scores[state.turn] += gain
        state = attrs.evolve(state, scores=tuple(scores), banked=action == BANK)
        if action != BANK:
            if state.turn + 1 < state.num_players:
                state = attrs.evolve(state, turn=state.turn + 1)
            else:
                state = attrs.evolve(state, turn=0, round=state.round + 1, chance="roll")
                if state.is_over:
                    state = attrs.evolve(state, chance=None)
        return self._resolve(state) if sample else state

    def result(self, state: ToyState, /) -> Result:
        if not state.is_over:
            raise GameNotOver("END", "the toy game is not over")
        keys = tuple((s, c or 0) for s, c in zip(state.scores, state.cards, strict=True))
        return Result(state.scores, keys, tuple(i for i, k in enumerate(keys) if k == max(keys)))

    def chance_outcomes(self, state: ToyState, /) -> tuple[tuple[int, Fraction], ...]:
        if state.chance == "roll":
            return tuple((o, Fraction(1, 3)) for o in range(3))
        if state.chance == "deal":
            left = [c for c in range(3) if c not in state.cards]
            return tuple((c, Fraction(1, len(left))) for c in left)
        return ()

    def apply_chance(self, state: ToyState, outcome: int, /) -> ToyState:
        if outcome not in dict(self.chance_outcomes(state)):
            raise IllegalAction("TOY-02", f"{outcome!r} is not an outcome here")
        if state.chance == "roll":
            return attrs.evolve(state, die=outcome + 1, chance=None)
        seat = state.cards.index(None)
        cards = (*state.cards[:seat], outcome, *state.cards[seat + 1 :])
        return attrs.evolve(state, cards=cards, chance="deal" if None in cards else "roll")

    def sample_chance(self, state: ToyState, /) -> ToyState:
        outcomes = self.chance_outcomes(state)
        rng, index = below(state.rng if state.rng is not None else seed_state(0), len(outcomes))
        return attrs.evolve(self.apply_chance(state, outcomes[index][0]), rng=rng)

    def _resolve(self, state: ToyState) -> ToyState:
        while state.chance and state.rng is not None:
            state = self.sample_chance(state)
        return state

    def without_generator(self, state: ToyState, /) -> ToyState:
        return attrs.evolve(state, rng=None)

    def determinize(self, state: ToyState, seed: int, /, viewer: int | None = None) -> ToyState:
        state = attrs.evolve(state, rng=seed_state(seed))
        if viewer is None or None in state.cards:
            return state
        rng, others = state.rng or 0, [c for c in range(3) if c != state.cards[viewer]]
        cards = list(state.cards)
        for seat in range(state.num_players):
            if seat != viewer:
                rng, i = below(rng, len(others))
                cards[seat] = others.pop(i)
        return attrs.evolve(state, cards=tuple(cards), rng=rng)

    def facts(self, num_players: int, /, options: Mapping[str, str] | None = None) -> Facts:
        self._check(num_players)
        self.info.resolve_options(options)
        return Facts(
            4,
            3,
            4 * num_players,
            0,
            12,
            9 + num_players,
            bounds_proved=True,
            observation_low=0.0,
            observation_high=12.0,
        )

    def legal_ids(self, state: ToyState, /) -> tuple[int, ...]:
        return self.legal_actions(state)

    def action_to_id(self, state: ToyState, action: int, /) -> int:
        return action

    def id_to_action(self, state: ToyState, action_id: int, /) -> int:
        if action_id not in range(4):
            raise ActionIdError(action_id, "the toy's ids are 0 to 3")
        return action_id

    def observe(self, state: ToyState, seat: int, /) -> array[float]:
        card, die = state.cards[seat], state.die
        seen = [float(card == c) for c in range(3)] + [float(die == d) for d in (1, 2, 3)]
        return array("f", [*seen, state.round, state.turn, state.banked, *state.scores])

    def observation_string(self, state: ToyState, seat: int, /) -> str:
        return f"card {state.cards[seat]} die {state.die} round {state.round} {state.scores}"

    def action_to_text(self, state: ToyState, action: int, /) -> str:
        return NAMES[action]

    def action_from_text(self, state: ToyState, text: str, /) -> int:
        if text not in NAMES:
            raise NotationError(text, "an action is bank, bet, again or stop")
        return NAMES.index(text)

    def serialize(self, state: ToyState, /) -> str:
        return json.dumps(attrs.asdict(state))

    def deserialize(self, text: str, /) -> ToyState:
        try:
            d = json.loads(text)
            return ToyState(
                tuple(d["cards"]),
                tuple(d["scores"]),
                d["die"],
                d["round"],
                d["turn"],
                d["banked"],
                d["rng"],
                d["chance"],
            )
        except (ValueError, TypeError, KeyError) as error:
            raise RecordError("$", f"not a toy state: {error}") from None

    def state_digest(self, state: ToyState, /) -> str:
        return sha256(self.serialize(state).encode()).hexdigest()

    def render(self, state: ToyState, /) -> str:
        return f"round {state.round}, die {state.die}, scores {state.scores}"


TOY: Game[ToyState, int] = ToyGame()


def play(actions: Sequence[str], players: int = 2, seed: int = 0) -> ToyState:
    """The position after ``actions`` (in the toy's text) from a seeded start."""
    state = TOY.start(players, seed=seed)
    for text in actions:
        state = TOY.apply(state, TOY.action_from_text(state, text))
    return state
