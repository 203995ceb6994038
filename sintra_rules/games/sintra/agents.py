"""Sintra's own player and search policy: the greedy agent, the search's rollout heuristic and
the turn count held to the proved termination bounds.

They reach the generic machinery through Sintra's game
(:data:`~sintra_rules.games.sintra.game.GAME`): ``GAME.agents`` holds ``greedy``
(:func:`sintra_rules.agents.make_agent`) and ``GAME.rollout_action`` is :func:`rollout_action`
(the simulations of :class:`sintra_rules.mcts.MctsAgent`). The soak's ``placing`` policy is in
:mod:`sintra_rules.games.sintra.verify.soak` (``GAME.soak_policies``).

>>> from sintra_rules.agents import play_game
>>> game = play_game([GreedyAgent(seed=1), GreedyAgent(seed=2)], seed=3)
>>> game.final.is_over
True
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import attrs

from sintra_rules.agents import SeededAgent
from sintra_rules.errors import BoundExceeded
from sintra_rules.game import AgentInfo
from sintra_rules.games.sintra.actions import Action, Take
from sintra_rules.games.sintra.bounds import BOUNDS, Quantity
from sintra_rules.games.sintra.rules import apply, legal_actions
from sintra_rules.games.sintra.state import CENTRE, GameState, PlayerState

__all__ = ["GreedyAgent", "TurnCount", "rollout_action"]


def _standing(state: GameState, player: PlayerState) -> int:
    """Points the player would keep if the game ended now apart from the final bonuses: the
    score plus the (negative) value of the broken glass marker's space (TRACK-04, FINAL-03).

    After the game the score already includes the track value (FINAL-01), so it is not added
    twice."""
    if state.is_over:
        return player.score
    return player.score + state.components.track[player.marker]


def _progress(player: PlayerState) -> int:
    """Pieces placed so far: on strips, plus 5 per pane in a window (a completed strip)."""
    panes = sum(piece is not None for window in player.windows for piece in window)
    return player.pieces_on_strips() + 5 * panes


class GreedyAgent(SeededAgent):
    """A one-ply greedy player.

    It applies every legal action and keeps those that maximise the immediate change of
    score minus broken glass loss (the change of score plus the track marker's value, see
    TRACK-02 to TRACK-04 and DONE-02, DONE-06), then, among those, the ones that place the most
    pieces; remaining ties are broken by its seeded SplitMix64 stream (ENG-02).

    >>> from sintra_rules import legal_actions
    >>> from sintra_rules import new_game
    >>> state = new_game(3, side="B", seed=4)
    >>> GreedyAgent(seed=1).choose(state) in legal_actions(state)
    True
    """

    name = "greedy"
    #: What it is, for the command line's help (:func:`sintra_rules.agents.agent_infos`).
    INFO = AgentInfo(
        "greedy",
        "one-ply greedy: the take of best immediate score net of broken glass, then of most "
        "pieces placed; mcts:100 is not clearly stronger (it wins 25 of 40 games, 95% "
        "interval 47% to 76%), mcts:500 is (40 of 40, 91% to 100%)",
    )

    def choose(self, state: GameState) -> Action:
        """The best legal action by (points gained minus broken glass lost, pieces placed)."""
        actions = legal_actions(state)
        seat = state.turn
        me = state.players[seat]
        base = (_standing(state, me), _progress(me))
        best: list[Action] = []
        best_key: tuple[int, int] | None = None
        for action in actions:
            after = apply(state, action)
            them = after.players[seat]
            key = (_standing(after, them) - base[0], _progress(them) - base[1])
            if best_key is None or key > best_key:
                best_key = key
                best = [action]
            elif key == best_key:
                best.append(action)
        result: Action = self._draw(best)
        return result


def rollout_action(state: GameState, actions: Sequence[Action], draw: int) -> Action:
    """The action of the search's simulations: the best one-line estimate of each take,
    computed without applying it (pieces placed, minus twice the pieces broken, plus 4 for
    completing a strip, minus 0.3 per slot the glazier moves right and 0.2 per joker space
    used; a reset scores -1; PLACE-01 to PLACE-05, TRACK-02, DONE-01); ties broken by
    ``draw`` (random bits).

    Args:
        state: a position at which a player is to act.
        actions: its legal actions, in canonical order.
        draw: random bits for the tie-break.

    Returns:
        One of ``actions``.
    """
    spaces = state.components.side_spaces
    player = state.players[state.turn]
    strips = player.strips
    glazier = player.glazier
    centre_penalty = 1 if state.tile is None else 0
    centre = state.centre
    factories = state.factories
    slots: dict[int, tuple[tuple[int, ...], tuple[int, ...], int, int]] = {}
    best: list[Action] = []
    best_h = -math.inf
    for action in actions:
        if type(action) is Take:
            source = action.source
            colour = action.colour
            if source == CENTRE:
                count = centre[colour]
                penalty = centre_penalty
            else:
                count = factories[source][colour]
                penalty = 0
            target = action.target
            if target is None:
                h = -2.0 * (count + penalty)
            else:
                slot = slots.get(target)
                if slot is None:
                    strip = strips[target]
                    assert strip is not None
                    side = spaces[strip.strip_id][strip.face]
                    used_jokers = sum(strip.jokers)
                    slot = slots[target] = (
                        side,
                        strip.filled,
                        side[-1] - used_jokers,
                        sum(side) - sum(strip.filled) - used_jokers,
                    )
                side, filled, free_jokers, empty = slot
                free = side[colour] - filled[colour] + free_jokers
                placed = count if count < free else free
                h = placed - 2.0 * (count - placed + penalty)
                if placed == empty:
                    h += 4.0
                h -= 0.3 * (target - glazier) + 0.2 * action.jokers
        else:
            h = -1.0
        if h > best_h:
            best_h = h
            best = [action]
        elif h == best_h:
            best.append(action)
    return best[draw % len(best)] if len(best) > 1 else best[0]


@attrs.frozen
class TurnCount:
    """Turns counted in the current round and in the whole game, held to the proved
    termination bounds (:mod:`sintra_rules.games.sintra.bounds`: a round within 40 / 58 / 72
    turns, a game within 240 / 348 / 432 turns for 2 / 3 / 4 players; ROUND-01, ROUND-04,
    END-02). The generic loops (:func:`sintra_rules.agents.play_game`,
    :func:`sintra_rules.agents.playout`) hold every game to its ``max_game_length`` only; this
    count adds Sintra's bound per round.

    Counting from a position in the middle of a round or a game counts fewer turns than were
    played, so an exceeded bound is always a real one.

    >>> from sintra_rules.games.sintra.rules import apply, legal_actions
    >>> from sintra_rules.games.sintra.setup import new_game
    >>> state = new_game(2, seed=1)
    >>> after = apply(state, legal_actions(state)[0])
    >>> TurnCount().after(state, after)
    TurnCount(in_round=1, in_game=1)
    >>> try:
    ...     TurnCount(in_round=40).after(state, after)
    ... except BoundExceeded as error:
    ...     print(error)
    turns per round: 41 > 40, the proved bound for 2 players (termination[admissible, 2 players])
    """

    #: Turns (takes and resets) counted in the current round.
    in_round: int = 0
    #: Turns counted in the game.
    in_game: int = 0

    def after(self, before: GameState, after: GameState) -> TurnCount:
        """The count after the turn ``before -> after``.

        Args:
            before: the position the turn was taken in.
            after: the position after it (a new round starts when the indicator lost a piece).

        Returns:
            The new count (``in_round`` back to 0 when the turn ended the round).

        Raises:
            BoundExceeded: the round or the game now has more turns than its proved bound.
        """
        players = len(before.players)
        in_round, in_game = self.in_round + 1, self.in_game + 1
        counted: tuple[tuple[Quantity, int], ...] = (
            ("turns per round", in_round),
            ("turns per game", in_game),
        )
        for quantity, turns in counted:
            bound = BOUNDS[(quantity, players)]
            if turns > bound.every_table:
                proof = bound.proof_name("admissible")
                raise BoundExceeded(quantity, players, bound.every_table, turns, proof)
        if len(after.indicator) != len(before.indicator):
            in_round = 0
        return TurnCount(in_round, in_game)
