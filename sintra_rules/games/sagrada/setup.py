"""A new Sagrada game (SETUP-01 to SETUP-06, SOLO-01).

>>> state = new_game(3, seed=4)
>>> state.round, state.turn, len(state.tools), len(state.publics), state.chance
(0, 0, 3, 3, None)
>>> [len(p.cards) for p in state.players], sum(state.bag)
([2, 2, 2], 90)
>>> solo = new_game(1, seed=4, tools=5)
>>> len(solo.tools), len(solo.publics), len(solo.players[0].privates)
(5, 2, 2)
"""

from __future__ import annotations

from sintra_rules.errors import ConfigurationError
from sintra_rules.games.sagrada.chance import resolve_chance
from sintra_rules.games.sagrada.components import (
    SPACES,
    SagradaComponents,
    table_or_default,
)
from sintra_rules.games.sagrada.state import ChanceStep, PlayerState, SagradaState
from sintra_rules.rng import seed_state

__all__ = ["new_game"]

#: The solo difficulty when none is given (SOLO-01: 1 hardest to 5 easiest).
DEFAULT_SOLO_TOOLS = 3


def new_game(
    num_players: int,
    *,
    seed: int | None = 0,
    tools: int | None = None,
    components: SagradaComponents | None = None,
    sample: bool = True,
) -> SagradaState:
    """A new game: every card dealt and the start player chosen, the first seat to choose its
    pattern (RUL-10).

    Setup's random steps come in the order of ENG-04: the private objectives (one each, solo
    two: SETUP-01, SOLO-01), each seat's two pattern cards (SETUP-02), the tool cards
    (3, solo ``tools``: SETUP-04), the public objectives (3, solo 2: SETUP-05) and the first
    start player (RUL-19; solo: seat 0). The 90 dice are in the bag (SETUP-06).

    Args:
        num_players: 1 to 4 (COMP-02).
        seed: the generator's seed (ENG-05), an integer >= 0, or ``None`` for a game without a
        generator (every chance step then waits for :func:`.apply_chance`).
        tools: solo only: the difficulty, 1 (hardest) to 5 tool cards (default 3).
        components: the component table (default: the shipped one).
        sample: ``False`` returns the state before the first random step.

    Returns:
        The new state.

    Raises:
        ConfigurationError: COMP-02 for a player count outside 1 to 4, SOLO-01 / SETUP-04 for a
        bad ``tools``, ENG-05 for a bad seed.
    """
    table = table_or_default(components)
    if isinstance(num_players, bool) or not isinstance(num_players, int):
        raise ConfigurationError(
            "COMP-02", f"the number of players is a whole number, got {num_players!r}"
        )
    if num_players not in table.player_counts:
        raise ConfigurationError(
            "COMP-02", f"Sagrada is played by 1 to 4 players, got {num_players}"
        )
    if num_players == 1:
        difficulty = DEFAULT_SOLO_TOOLS if tools is None else tools
        if (
            isinstance(difficulty, bool)
            or not isinstance(difficulty, int)
            or not 1 <= difficulty <= 5
        ):
            raise ConfigurationError(
                "SOLO-01", f"the solo difficulty is 1 to 5 tool cards, got {tools!r}"
            )
    else:
        if tools is not None and tools != 3:
            raise ConfigurationError(
                "SETUP-04", f"{num_players} players play with 3 tool cards, got {tools!r}"
            )
        difficulty = None
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or seed < 0):
        raise ConfigurationError(
            "ENG-05", f"the seed must be an integer >= 0 or None, got {seed!r}"
        )
    blank = PlayerState(cards=(), pattern=None, window=(None,) * SPACES, favor=0, privates=())
    state = SagradaState(
        components=table,
        players=(blank,) * num_players,
        round=0,
        start=0,
        step=0,
        turn=0,
        tools=(),
        tokens=(),
        spent=(),
        publics=(),
        pool=(),
        hand=None,
        track=((),) * table.rounds,
        bag=(table.dice_per_colour,) * table.colours,
        drafted=False,
        tool_used=False,
        active=None,
        sub="",
        lifted=None,
        moved=None,
        skips=(),
        difficulty=difficulty,
        rng=None if seed is None else seed_state(seed),
        chance=ChanceStep("private", 0, 0),
    )
    if sample and state.rng is not None:
        return resolve_chance(state)
    return state
