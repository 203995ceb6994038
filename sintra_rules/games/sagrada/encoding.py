"""Fixed integer action ids for game-AI programs (ENG-09).

Every Sagrada decision has an id in ``range(NUM_ACTIONS)``, the same for every player count:
**218** ids in all (colours count from 0 in colour order, rows r and columns c from 1):

================== ========== ===================================================
decision           ids        id
================== ========== ===================================================
choose pattern p   0 - 23     p - 1 (``ChoosePattern(p - 1)``)
draft (c, v)       24 - 53    24 + 6c + (v - 1)
place rRcC         54 - 73    54 + 5(r - 1) + (c - 1)
pick rRcC          74 - 93    74 + 5(r - 1) + (c - 1)
tool t (pay u)     94 - 177   94 + 7(t - 1) + u; u = 0 in a game of 2 to 4, the
                              paying die's value in the solo game
adjust -1, +1      178, 179
value v            180 - 185  179 + v
swap (c, v)        186 - 215  186 + 6c + (v - 1)
return             216
end                217
================== ========== ===================================================

Id order is the canonical order (ENG-08): :func:`legal_ids` is increasing and is exactly the
ids of :func:`~sintra_rules.games.sagrada.rules.legal_actions`. Ids no decision of a game can
use (a tool id with u != 0 in a game of 2 to 4, with u = 0 in the solo game) are never legal.
Encoding and decoding need no state.

>>> from sintra_rules.games.sagrada.actions import Draft, EndTurn, Place, UseTool
>>> action_to_id(Draft(3, 4)), action_to_id(Place(7)), action_to_id(UseTool(8))
(45, 61, 143)
>>> action_to_id(UseTool(5, 2)), action_to_id(EndTurn())
(124, 217)
>>> id_to_action(192)
Swap(colour=1, value=1)
"""

from __future__ import annotations

from sintra_rules.errors import ActionIdError
from sintra_rules.games.sagrada.actions import ALL_ACTIONS, Action
from sintra_rules.games.sagrada.legality import legal_actions
from sintra_rules.games.sagrada.state import SagradaState

__all__ = ["NUM_ACTIONS", "action_to_id", "id_to_action", "legal_ids", "legal_mask"]

#: The number of action ids (ENG-09).
NUM_ACTIONS = len(ALL_ACTIONS)
_IDS: dict[Action, int] = {action: i for i, action in enumerate(ALL_ACTIONS)}


def action_to_id(action: Action) -> int:
    """The id of ``action`` (ENG-09).

    Args:
        action: any action.

    Returns:
        Its id, ``0`` to ``217``.

    Raises:
        ActionIdError: ``action`` is not an action of Sagrada (a wrong type or a field out of
            range).
    """
    try:
        found = _IDS.get(action)
    except TypeError:  # an unhashable field
        found = None
    if found is None:
        raise ActionIdError(action, "not a decision of Sagrada (ENG-09)")
    return found


def id_to_action(action_id: int) -> Action:
    """The action with id ``action_id`` (legal or not) (ENG-09).

    Args:
        action_id: ``0`` to ``217``.

    Returns:
        The action.

    Raises:
        ActionIdError: not an id.
    """
    if isinstance(action_id, bool) or not isinstance(action_id, int):
        raise ActionIdError(action_id, "an action id is a whole number")
    if not 0 <= action_id < NUM_ACTIONS:
        raise ActionIdError(action_id, f"not an action id: ids are 0..{NUM_ACTIONS - 1} (ENG-09)")
    return ALL_ACTIONS[action_id]


def legal_ids(state: SagradaState) -> tuple[int, ...]:
    """The ids of the legal actions, increasing (ENG-08, ENG-09)."""
    return tuple(_IDS[action] for action in legal_actions(state))


def legal_mask(state: SagradaState) -> bytes:
    """One byte per id: 1 where the action is legal, else 0 (ENG-09)."""
    mask = bytearray(NUM_ACTIONS)
    for action in legal_actions(state):
        mask[_IDS[action]] = 1
    return bytes(mask)
