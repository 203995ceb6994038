"""*Azul: Stained Glass of Sintra* (Michael Kiesling, 2018): the rules engine, 2 to 4 players.

Clause IDs cited here live in Sintra's own namespace (``spec/sintra/``); across games they are
written ``sintra:PLACE-05``. :data:`GAME` implements the library's game protocol
(:class:`sintra_rules.game.Game`); the functions below are the same engine with Sintra's own
signatures, as :mod:`sintra_rules.games.sagrada` holds Sagrada's. The facade,
:mod:`sintra_rules`, re-exports these names (and dispatches the functions that take a state to
the state's own game).

>>> from sintra_rules.games.sintra import new_game, legal_actions, apply, outcome
>>> state = new_game(2, side="A", seed=1)
>>> while not state.is_over:
...     state = apply(state, legal_actions(state)[0])
>>> len(outcome(state).winners) >= 1
True

The engine:

* the state (:class:`GameState`, :class:`PlayerState`, :class:`Strip`, ``Window``, ``Colour``,
  ``CENTRE``, :class:`ChanceStep`) and the component table (:class:`ComponentTable`, ``Side``,
  :func:`default_components`, :func:`load_components`, :func:`components_from_mapping`);
* :func:`new_game`, :func:`legal_actions`, :func:`apply`, :func:`apply_traced` (its
  :mod:`~.events`), :func:`violations`, :func:`is_legal`; the actions (:class:`Take`,
  :class:`Reset`) and their text (:func:`action_to_text`, :func:`action_from_text`);
* chance (ENG-07 to ENG-09): :func:`chance_outcomes`, :func:`apply_chance`, :func:`apply_fill`,
  :func:`sample_chance`, :func:`resolve_chance`, :func:`determinize`,
  :func:`without_generator`, :func:`same_position`, :func:`position_digest`;
* scoring: :func:`final_score`, :class:`FinalScore`, :func:`outcome`, :class:`Outcome`,
  :func:`result` (the :class:`~sintra_rules.game.Result` every game gives);
* files and AI: :func:`state_to_json`, :func:`state_from_json`, :func:`state_to_dict`,
  :func:`state_from_dict`, :func:`state_digest`, :func:`action_to_id`, :func:`id_to_action`,
  :func:`legal_ids`, :func:`observe`, :func:`observation_string`, :func:`render_state`;
  agents in :mod:`~.agents`, the fast kernel in :mod:`~.kernel`;
* at the table: the one-line position notation (:func:`position_to_text`,
  :func:`position_from_text`, ENG-21) and :func:`build_position`; :func:`explain` (the clauses
  an action fires or breaks, in words: :mod:`~.narration`); the SVG picture
  (:func:`state_to_svg`, also ``_repr_svg_``); game records in JSON (:mod:`~.records`) and as
  text written at a table (:mod:`~.textrecord`).
"""

from __future__ import annotations

from sintra_rules.games.sintra import events as events
from sintra_rules.games.sintra._version import BEHAVIOUR_VERSION
from sintra_rules.games.sintra.actions import Action, Reset, Take
from sintra_rules.games.sintra.builder import build_position
from sintra_rules.games.sintra.chance import (
    apply_chance,
    apply_fill,
    chance_outcomes,
    determinize,
    position_digest,
    resolve_chance,
    same_position,
    sample_chance,
    without_generator,
)
from sintra_rules.games.sintra.components import (
    ComponentTable,
    Side,
    components_from_mapping,
    default_components,
    load_components,
)
from sintra_rules.games.sintra.documents import (
    state_digest,
    state_from_dict,
    state_from_json,
    state_to_dict,
    state_to_json,
)
from sintra_rules.games.sintra.encoding import NUM_ACTIONS, action_to_id, id_to_action, legal_ids
from sintra_rules.games.sintra.events import Event
from sintra_rules.games.sintra.explain import Explanation, explain
from sintra_rules.games.sintra.game import GAME, SintraGame
from sintra_rules.games.sintra.notation import action_from_text, action_to_text
from sintra_rules.games.sintra.observation import observation_size, observation_string, observe
from sintra_rules.games.sintra.position import position_from_text, position_to_text
from sintra_rules.games.sintra.records import (
    GameRecord,
    record_from_json,
    record_game,
    record_position_game,
    record_to_json,
    replay,
)
from sintra_rules.games.sintra.render import render_state
from sintra_rules.games.sintra.rules import apply, apply_traced, is_legal, legal_actions, violations
from sintra_rules.games.sintra.scoring import FinalScore, Outcome, final_score, outcome, result
from sintra_rules.games.sintra.setup import new_game
from sintra_rules.games.sintra.state import (
    CENTRE,
    ChanceStep,
    Colour,
    GameState,
    PlayerState,
    Strip,
    Window,
)
from sintra_rules.games.sintra.svg import state_to_svg

__all__ = [
    "BEHAVIOUR_VERSION",
    "CENTRE",
    "GAME",
    "NUM_ACTIONS",
    "Action",
    "ChanceStep",
    "Colour",
    "ComponentTable",
    "Event",
    "Explanation",
    "FinalScore",
    "GameRecord",
    "GameState",
    "Outcome",
    "PlayerState",
    "Reset",
    "Side",
    "SintraGame",
    "Strip",
    "Take",
    "Window",
    "action_from_text",
    "action_to_id",
    "action_to_text",
    "apply",
    "apply_chance",
    "apply_fill",
    "apply_traced",
    "build_position",
    "chance_outcomes",
    "components_from_mapping",
    "default_components",
    "determinize",
    "events",
    "explain",
    "final_score",
    "id_to_action",
    "is_legal",
    "legal_actions",
    "legal_ids",
    "load_components",
    "new_game",
    "observation_size",
    "observation_string",
    "observe",
    "outcome",
    "position_digest",
    "position_from_text",
    "position_to_text",
    "record_from_json",
    "record_game",
    "record_position_game",
    "record_to_json",
    "render_state",
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
    "state_to_svg",
    "violations",
    "without_generator",
]
