"""sintra_rules: the canonical rules engine of *Azul: Stained Glass of Sintra*.

This package is the one documented import path of the engine, the file formats, ``explain``,
the errors and the component tables: ``from sintra_rules import new_game, apply``. The
modules behind it are free to move. ``__all__`` (and ``dir(sintra_rules)``) lists:

* the engine: :class:`GameState`, :class:`PlayerState`, :class:`Strip`, ``Window``, ``Colour``,
  ``Side``, ``CENTRE``; the actions :class:`Take` and :class:`Reset` (build them so; ``Action``
  is either); :func:`new_game`, :func:`legal_actions`, :func:`is_legal`,
  :func:`~sintra_rules.games.sintra.rules.violations`, :func:`apply`, :func:`apply_traced`
  and the :class:`Event` values it returns (their kinds are read from the namespace
  :mod:`sintra_rules.games.sintra.events`, also bound here as ``events``:
  ``events.Placed``, ...); :func:`final_score`, :class:`FinalScore`,
  :func:`~sintra_rules.games.sintra.scoring.outcome`, :class:`Outcome`;
* the chance steps (ENG-07 to ENG-09): :class:`ChanceStep`, :func:`chance_outcomes`,
  :func:`apply_chance`, :func:`apply_fill`, :func:`sample_chance`,
  :func:`~sintra_rules.games.sintra.chance.resolve_chance`,
  :func:`determinize`, :func:`without_generator`,
  :func:`~sintra_rules.games.sintra.chance.same_position`,
  :func:`position_digest`;
* the formats: :func:`action_to_text` / :func:`action_from_text` (notation),
  :func:`position_to_text` / :func:`position_from_text` / :func:`build_position` (one-line
  positions), :func:`state_to_json` / :func:`state_from_json` / :func:`state_to_dict` /
  :func:`state_from_dict` / :func:`state_digest` (one position), :class:`GameRecord`,
  :func:`record_game`, :func:`replay`, :func:`record_to_json` / :func:`record_from_json`
  (whole games);
* :func:`explain` and its :class:`Explanation`;
* the component tables: :class:`ComponentTable`, :func:`default_components`,
  :func:`load_components`, :func:`components_from_mapping`;
* every error (:mod:`sintra_rules.errors`), and ``__version__`` and ``BEHAVIOUR_VERSION``;
* the games of the library (Sintra and Sagrada, as peers) by name: :func:`make`,
  :func:`available_games`, and the protocol every game implements, :class:`Game` with its facts
  :class:`GameInfo` (:mod:`sintra_rules.game`).

The satellites are submodules imported explicitly, as ``chess.svg`` is:
:mod:`sintra_rules.agents` (built-in players), :mod:`sintra_rules.games.sintra.render` and
:mod:`sintra_rules.games.sintra.svg` (views), :mod:`sintra_rules.games.sintra.narration`
(words), :mod:`sintra_rules.clauses` (the spec as data), :mod:`sintra_rules.verify` (the
verification kit) and the AI helpers (:mod:`sintra_rules.games.sintra.encoding`,
:mod:`sintra_rules.games.sintra.observation`). Sintra's modules live in
``sintra_rules.games.sintra``.

>>> from sintra_rules import new_game, legal_actions, apply, outcome
>>> state = new_game(2, side="B", seed=1)
>>> while not state.is_over:
...     state = apply(state, legal_actions(state)[0])
>>> state.round, len(outcome(state).winners) >= 1
(6, True)
"""

from sintra_rules._facade import (
    apply,
    apply_chance,
    apply_traced,
    chance_outcomes,
    determinize,
    explain,
    is_legal,
    legal_actions,
    position_digest,
    position_to_text,
    record_position_game,
    record_to_json,
    replay,
    resolve_chance,
    result,
    same_position,
    sample_chance,
    state_digest,
    state_to_dict,
    state_to_json,
    violations,
    without_generator,
)
from sintra_rules._version import __version__
from sintra_rules.errors import (
    ActionIdError,
    ComponentTableError,
    ConfigurationError,
    FormatVersionError,
    GameNotOver,
    GameOver,
    IllegalAction,
    InvalidArgument,
    NotAState,
    NotationError,
    PositionError,
    RecordError,
    SintraError,
    SpecError,
    UnknownAgent,
    UnknownClause,
    UnknownPlayerCount,
)
from sintra_rules.game import Game, GameInfo
from sintra_rules.games import available_games, make
from sintra_rules.games.sintra import (
    BEHAVIOUR_VERSION,
    CENTRE,
    Action,
    ChanceStep,
    Colour,
    ComponentTable,
    Event,
    Explanation,
    FinalScore,
    GameRecord,
    GameState,
    Outcome,
    PlayerState,
    Reset,
    Side,
    Strip,
    Take,
    Window,
    action_from_text,
    action_to_text,
    apply_fill,
    build_position,
    components_from_mapping,
    default_components,
    final_score,
    load_components,
    new_game,
    outcome,
    position_from_text,
    record_from_json,
    record_game,
    state_from_dict,
    state_from_json,
)
from sintra_rules.games.sintra import events as events

__all__ = [
    "BEHAVIOUR_VERSION",
    "CENTRE",
    "Action",
    "ActionIdError",
    "ChanceStep",
    "Colour",
    "ComponentTable",
    "ComponentTableError",
    "ConfigurationError",
    "Event",
    "Explanation",
    "FinalScore",
    "FormatVersionError",
    "Game",
    "GameInfo",
    "GameNotOver",
    "GameOver",
    "GameRecord",
    "GameState",
    "IllegalAction",
    "InvalidArgument",
    "NotAState",
    "NotationError",
    "Outcome",
    "PlayerState",
    "PositionError",
    "RecordError",
    "Reset",
    "Side",
    "SintraError",
    "SpecError",
    "Strip",
    "Take",
    "UnknownAgent",
    "UnknownClause",
    "UnknownPlayerCount",
    "Window",
    "__version__",
    "action_from_text",
    "action_to_text",
    "apply",
    "apply_chance",
    "apply_fill",
    "apply_traced",
    "available_games",
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
    "make",
    "new_game",
    "outcome",
    "position_digest",
    "position_from_text",
    "position_to_text",
    "record_from_json",
    "record_game",
    "record_position_game",
    "record_to_json",
    "replay",
    "resolve_chance",
    "result",
    "same_position",
    "sample_chance",
    "state_digest",
    "state_from_dict",
    "state_from_json",
    "state_to_dict",
    "state_to_json",
    "violations",
    "without_generator",
]


def __dir__() -> list[str]:
    """The public names only (as attrs does): what ``dir(sintra_rules)`` and tab completion
    show is the documented API."""
    return sorted(__all__)
