"""Sagrada (Floodgate Games, 2017): the rules engine, 1 to 4 players, solo included.

Clause IDs cited here live in Sagrada's own namespace (``spec/sagrada/``); across games they
are written ``sagrada:PLACE-06``. :data:`GAME` implements the library's game protocol
(:class:`sintra_rules.game.Game`); the functions below are the same engine with Sagrada's own
signatures.

>>> from sintra_rules.games.sagrada import new_game, legal_actions, apply, result
>>> state = new_game(2, seed=1)
>>> while not state.is_over:
...     state = apply(state, legal_actions(state)[-1])
>>> # both passed every turn: 20 empty spaces each, and the favor tokens of their patterns
>>> result(state).scores == tuple(p.favor - 20 for p in state.players)
True

The engine:

* the state (:class:`SagradaState`, :class:`PlayerState`, :class:`ChanceStep`, ``Die``) and
  the component table (:class:`SagradaComponents`, :func:`default_components`,
  :func:`load_components`);
* :func:`new_game`, :func:`legal_actions`, :func:`apply`, :func:`apply_traced`,
  :func:`violations`, :func:`is_legal`; the actions (:mod:`~.actions`) and their text
  (:func:`action_to_text`, :func:`action_from_text`);
* chance (ENG-03 to ENG-06): :func:`chance_outcomes`, :func:`apply_chance`,
  :func:`sample_chance`, :func:`resolve_chance`, :func:`determinize`,
  :func:`without_generator`, :func:`same_position`;
* scoring: :func:`final_score`, :class:`FinalScore`, :func:`result`, :func:`target_score`;
* files and AI: :func:`state_to_json`, :func:`state_from_json`, :func:`state_to_dict`,
  :func:`state_from_dict`, :func:`state_digest`, :func:`position_digest`,
  :func:`action_to_id`, :func:`id_to_action`, :func:`legal_ids`, :func:`observe`,
  :func:`observation_string`, :func:`render`; agents in :mod:`~.agents`;
* at the table: the one-line position notation (:func:`position_to_text`,
  :func:`position_from_text`, ENG-12) and :func:`build_position`; :func:`explain` (the clauses
  a decision fires or breaks, in words: :mod:`~.narration`); the SVG picture
  (:func:`state_to_svg`, also ``_repr_svg_``); game records in JSON (:mod:`~.records`) and
  as text written at a table (:mod:`~.textrecord`).
"""

from __future__ import annotations

from sintra_rules.games.sagrada._version import BEHAVIOUR_VERSION
from sintra_rules.games.sagrada.actions import (
    ALL_ACTIONS,
    Action,
    Adjust,
    ChoosePattern,
    ChooseValue,
    Draft,
    EndTurn,
    Pick,
    Place,
    ReturnDie,
    Swap,
    UseTool,
)
from sintra_rules.games.sagrada.builder import build_position
from sintra_rules.games.sagrada.chance import (
    apply_chance,
    chance_outcomes,
    determinize,
    resolve_chance,
    same_position,
    sample_chance,
    without_generator,
)
from sintra_rules.games.sagrada.components import (
    SagradaComponents,
    default_components,
    load_components,
)
from sintra_rules.games.sagrada.documents import (
    position_digest,
    state_digest,
    state_from_dict,
    state_from_json,
    state_to_dict,
    state_to_json,
)
from sintra_rules.games.sagrada.encoding import (
    NUM_ACTIONS,
    action_to_id,
    id_to_action,
    legal_ids,
)
from sintra_rules.games.sagrada.explain import Choices, Explanation, explain
from sintra_rules.games.sagrada.game import GAME, SagradaGame
from sintra_rules.games.sagrada.notation import action_from_text, action_to_text
from sintra_rules.games.sagrada.observation import (
    observation_size,
    observation_string,
    observe,
)
from sintra_rules.games.sagrada.position import position_from_text, position_to_text
from sintra_rules.games.sagrada.records import (
    SagradaRecord,
    record_from_json,
    record_game,
    record_position_game,
    record_to_json,
    replay,
)
from sintra_rules.games.sagrada.render import render
from sintra_rules.games.sagrada.rules import (
    apply,
    apply_traced,
    is_legal,
    legal_actions,
    violations,
)
from sintra_rules.games.sagrada.scoring import FinalScore, final_score, result, target_score
from sintra_rules.games.sagrada.setup import new_game
from sintra_rules.games.sagrada.state import ChanceStep, Die, PlayerState, SagradaState
from sintra_rules.games.sagrada.svg import state_to_svg

__all__ = [
    "ALL_ACTIONS",
    "BEHAVIOUR_VERSION",
    "GAME",
    "NUM_ACTIONS",
    "Action",
    "Adjust",
    "ChanceStep",
    "Choices",
    "ChoosePattern",
    "ChooseValue",
    "Die",
    "Draft",
    "EndTurn",
    "Explanation",
    "FinalScore",
    "Pick",
    "Place",
    "PlayerState",
    "ReturnDie",
    "SagradaComponents",
    "SagradaGame",
    "SagradaRecord",
    "SagradaState",
    "Swap",
    "UseTool",
    "action_from_text",
    "action_to_id",
    "action_to_text",
    "apply",
    "apply_chance",
    "apply_traced",
    "build_position",
    "chance_outcomes",
    "default_components",
    "determinize",
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
    "position_digest",
    "position_from_text",
    "position_to_text",
    "record_from_json",
    "record_game",
    "record_position_game",
    "record_to_json",
    "render",
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
    "target_score",
    "violations",
    "without_generator",
]
