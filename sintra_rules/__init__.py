"""sintra_rules: the canonical rules engines of *Azul: Stained Glass of Sintra* and *Sagrada*.

This package is the one documented import path of the engines, the file formats, ``explain``,
the errors and the component tables: ``from sintra_rules import make, legal_actions, apply``.
The modules behind it are free to move. ``__all__`` (and ``dir(sintra_rules)``) lists:

* the games of the library by name: :func:`make`, :func:`available_games`, and the protocol
  every game implements, :class:`Game` with its facts :class:`GameInfo`
  (:mod:`sintra_rules.game`); each game's own API, with its own signatures, is its namespace
  ``sintra_rules.games.<name>`` (:mod:`sintra_rules.games.sintra`,
  :mod:`sintra_rules.games.sagrada`);
* **functions that take a state, for a state of every game**: each calls the same-named
  function of the state's own game, so its answer, errors included, is that game's
  (``sintra_rules._facade``): :func:`legal_actions`, :func:`is_legal`, :func:`violations`,
  :func:`apply`, :func:`apply_traced`, :func:`chance_outcomes`, :func:`apply_chance`,
  :func:`sample_chance`, :func:`resolve_chance`, :func:`determinize`,
  :func:`without_generator`, :func:`same_position`, :func:`position_digest`,
  :func:`position_to_text`, :func:`state_to_json`, :func:`state_to_dict`,
  :func:`state_digest`, :func:`explain`, :func:`result` (scores, tie-break keys and winners);
  for records, :func:`replay`, :func:`record_to_json` and :func:`record_position_game`; and
  :func:`final_score`, on the game of its first argument. A value that is no state of a
  registered game is a :class:`NotAState` naming what was expected;
* **readers for every game**, each reading a file by the game its content names (a position's
  first word, a JSON document's ``kind``): :func:`position_from_text`, :func:`state_from_json`,
  :func:`state_from_dict` and :func:`record_from_json`; a text of no game's is refused with
  every game's form (:class:`PositionError`, :class:`~sintra_rules.errors.FileKindError`);
* Sintra's own names, as the library began as Sintra's engine: the state
  (:class:`GameState`, :class:`PlayerState`, :class:`Strip`, ``Window``, ``Colour``,
  ``Side``, ``CENTRE``, :class:`ChanceStep`), the actions :class:`Take` and :class:`Reset`
  (``Action`` is either) with :func:`action_to_text` / :func:`action_from_text`,
  :func:`new_game`, :class:`Event` (its kinds in ``events``: ``events.Placed``, ...),
  :class:`FinalScore`, :class:`Outcome`, :class:`Explanation`; :func:`apply_fill` and
  :func:`outcome`, which refuse another game's state and say so; :func:`build_position`, the
  records :class:`GameRecord` and :func:`record_game`; the component tables :class:`ComponentTable`,
  :func:`default_components`, :func:`load_components`, :func:`components_from_mapping`;
* every error (:mod:`sintra_rules.errors`), and ``__version__`` and ``BEHAVIOUR_VERSION``
  (Sintra's).

The satellites are submodules imported explicitly, as ``chess.svg`` is:
:mod:`sintra_rules.agents` (built-in players), each game's views and words
(:mod:`sintra_rules.games.sintra.render`, :mod:`sintra_rules.games.sintra.svg`,
:mod:`sintra_rules.games.sintra.narration`, and Sagrada's of the same names),
:mod:`sintra_rules.clauses` (the spec as data), :mod:`sintra_rules.verify` (the verification
kit) and the AI helpers (each game's ``encoding`` and ``observation``, the adapters).

>>> from sintra_rules import make, legal_actions, apply, result
>>> for name in ("sintra", "sagrada"):
...     state = make(name).start(2, seed=1)
...     while not state.is_over:
...         state = apply(state, legal_actions(state)[0])
...     print(name, len(result(state).scores))
sintra 2
sagrada 2
>>> legal_actions("sintra1 side:A")
Traceback (most recent call last):
...
sintra_rules.errors.NotAState: legal_actions: expected a state of a registered game (a \
SagradaState of sagrada, a GameState of sintra), got str
"""

from sintra_rules._facade import (
    apply,
    apply_chance,
    apply_fill,
    apply_traced,
    chance_outcomes,
    determinize,
    explain,
    final_score,
    is_legal,
    legal_actions,
    outcome,
    position_digest,
    position_from_text,
    position_to_text,
    record_from_json,
    record_position_game,
    record_to_json,
    replay,
    resolve_chance,
    result,
    same_position,
    sample_chance,
    state_digest,
    state_from_dict,
    state_from_json,
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
    build_position,
    components_from_mapping,
    default_components,
    load_components,
    new_game,
    record_game,
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
