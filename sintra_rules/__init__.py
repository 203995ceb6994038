"""sintra_rules: the canonical rules engine of *Azul: Stained Glass of Sintra*.

The public API in one import: set up a game, list and apply actions, decide chance steps,
score it.

>>> from sintra_rules import new_game, legal_actions, apply
>>> state = new_game(2, side="B", seed=1)
>>> while not state.is_over:
...     state = apply(state, legal_actions(state)[0])
>>> state.round, len(outcome(state).winners) >= 1
(6, True)
"""

from sintra_rules._version import BEHAVIOUR_VERSION, __version__
from sintra_rules.actions import RESET, Action, Reset, Take, take
from sintra_rules.chance import (
    apply_chance,
    chance_outcomes,
    determinize,
    position_digest,
    resolve_chance,
    same_position,
    sample_chance,
    without_generator,
)
from sintra_rules.components import (
    ComponentTable,
    Side,
    components_from_mapping,
    default_components,
    load_components,
)
from sintra_rules.documents import state_digest, state_from_json, state_to_json
from sintra_rules.errors import (
    ActionIdError,
    ComponentTableError,
    ConfigurationError,
    FormatVersionError,
    IllegalAction,
    NotationError,
    PositionError,
    RecordError,
    SintraError,
    UnknownClause,
)
from sintra_rules.events import (
    AllBroke,
    Broke,
    Completed,
    Event,
    FinalScored,
    GameEnded,
    GlazierMoved,
    GlazierReset,
    MarkerMoved,
    NotCompleted,
    Placed,
    Refilled,
    RefillPending,
    RoundEnded,
    StartsNextRound,
    TookFromCentre,
    TookFromDisplay,
    TookTile,
    TurnPassed,
    WindowScored,
)
from sintra_rules.explain import Explanation, explain
from sintra_rules.notation import action_from_text, action_to_text
from sintra_rules.position import build_position, position_from_text, position_to_text
from sintra_rules.records import (
    GameRecord,
    record_from_json,
    record_game,
    record_to_json,
    replay,
)
from sintra_rules.rules import apply, apply_traced, is_legal, legal_actions, violations
from sintra_rules.scoring import FinalScore, Outcome, final_score, outcome
from sintra_rules.setup import new_game
from sintra_rules.state import CENTRE, ChanceStep, Colour, GameState, PlayerState, Strip, Window

__all__ = [
    "BEHAVIOUR_VERSION",
    "CENTRE",
    "RESET",
    "Action",
    "ActionIdError",
    "AllBroke",
    "Broke",
    "ChanceStep",
    "Colour",
    "Completed",
    "ComponentTable",
    "ComponentTableError",
    "ConfigurationError",
    "Event",
    "Explanation",
    "FinalScore",
    "FinalScored",
    "FormatVersionError",
    "GameEnded",
    "GameRecord",
    "GameState",
    "GlazierMoved",
    "GlazierReset",
    "IllegalAction",
    "MarkerMoved",
    "NotCompleted",
    "NotationError",
    "Outcome",
    "Placed",
    "PlayerState",
    "PositionError",
    "RecordError",
    "RefillPending",
    "Refilled",
    "Reset",
    "RoundEnded",
    "Side",
    "SintraError",
    "StartsNextRound",
    "Strip",
    "Take",
    "TookFromCentre",
    "TookFromDisplay",
    "TookTile",
    "TurnPassed",
    "UnknownClause",
    "Window",
    "WindowScored",
    "__version__",
    "action_from_text",
    "action_to_text",
    "apply",
    "apply_chance",
    "apply_traced",
    "build_position",
    "chance_outcomes",
    "components_from_mapping",
    "default_components",
    "determinize",
    "explain",
    "final_score",
    "is_legal",
    "legal_actions",
    "load_components",
    "new_game",
    "outcome",
    "position_digest",
    "position_from_text",
    "position_to_text",
    "record_from_json",
    "record_game",
    "record_to_json",
    "replay",
    "resolve_chance",
    "same_position",
    "sample_chance",
    "state_digest",
    "state_from_json",
    "state_to_json",
    "take",
    "violations",
    "without_generator",
]
