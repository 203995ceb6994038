"""Fixed integer action ids and legal-action masks, for game-AI programs (ENG-30).

Every action of a game made with a component table has an integer id in
``range(encoding.size)``; with the shipped table (and every table the loader accepts) the ids are
``0 .. 3600``, **3,601** in all. An id is built from four fields and the reset::

    id = ((source * C + colour) * T + target) * S + sub        (a take)
    id = sources * C * T * S                                   (the reset: the last id)

========== ================ ===========================================================
field      values           meaning
========== ================ ===========================================================
source     0 .. F           factory display 0 .. F-1, then the centre (= F); F = 9
colour     0 .. C-1         the colour taken, in table order (FIG-01); C = 5
target     0 .. W           the slot 0 .. W-1 of the strip, then all-break (= W); W = 8
sub        0 .. S-1         ``jokers`` (0 .. J) when no piece is kept, else
                            ``J + 1 + keep`` (the kept colour); J = 2, so S = 8
========== ================ ===========================================================

F is the largest number of factory displays of any player count, W the number of slots, J the
largest number of joker spaces on a strip side, all read from the component table. The
sub-choice is compact because, for one source, colour and target, the placement either
completes the strip or it does not (the number of pieces placed is forced by PLACE-07): when it
does not, no piece is kept and only the joker count varies; when it does, every space is filled,
so the joker count is forced (all free joker spaces) and only the kept colour varies.

Two consequences, both part of the contract:

* **Id order is the canonical order** (ENG-05): sorting the legal actions by id gives exactly
  :func:`~sintra_rules.games.sintra.rules.legal_actions`, so :func:`legal_ids` is increasing.
* **Decoding reads the state**: a take that keeps a piece does not carry its joker count in the
  id, so :func:`id_to_action` takes the position the id is played in and fills in the free
  joker spaces of the target strip. Encoding (:func:`action_to_id`) needs no state.

Ids with target all-break and a sub-choice other than 0 name no action (all-break places
nothing, so it has no jokers and keeps nothing): :func:`id_to_action` raises
:class:`~sintra_rules.errors.ActionIdError` for them, as for an id out of range. Ids of factory
displays not in play (displays 5 to 8 with 2 players) are actions that are never legal; the
mask is 0 there.

>>> from sintra_rules import Reset, Take
>>> from sintra_rules import CENTRE
>>> action_to_id(Take(0, 0, 0)), action_to_id(Take(2, 1, 3, jokers=1)), action_to_id(Reset())
(0, 817, 3600)
>>> action_to_id(Take(CENTRE, 4, None))
3592
>>> default_encoding().size
3601
"""

from __future__ import annotations

import functools

import attrs

from sintra_rules.errors import ActionIdError, ComponentTableError
from sintra_rules.games.sintra.actions import RESET, Action, Reset, Take, _interned
from sintra_rules.games.sintra.components import (
    ComponentTable,
    default_components,
    table_or_default,
)
from sintra_rules.games.sintra.rules import legal_actions
from sintra_rules.games.sintra.state import CENTRE, GameState

__all__ = [
    "NUM_ACTIONS",
    "RESET_ID",
    "ActionEncoding",
    "action_to_id",
    "default_encoding",
    "encoding_for",
    "id_to_action",
    "legal_ids",
    "legal_mask",
]


@attrs.frozen
class ActionEncoding:
    """The action-id layout of one component table (ENG-30).

    ``sources`` = largest factory count + 1 (the centre), ``colours``, ``targets`` = slots + 1
    (all-break), ``jokers`` = largest joker-space count of a strip side + 1 (joker counts 0 ..
    ``jokers - 1``), ``subs`` = ``jokers + colours``; ``size`` = ``sources * colours * targets *
    subs + 1``, the last id being the reset (``reset_id``).

    Build it with :func:`encoding_for` (validated and cached), not directly.
    """

    sources: int
    colours: int
    targets: int
    jokers: int
    subs: int = attrs.field(init=False)
    reset_id: int = attrs.field(init=False)
    size: int = attrs.field(init=False)
    _ids: dict[Action, int] = attrs.field(init=False, factory=dict, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        subs = self.jokers + self.colours
        object.__setattr__(self, "subs", subs)
        reset_id = self.sources * self.colours * self.targets * subs
        object.__setattr__(self, "reset_id", reset_id)
        object.__setattr__(self, "size", reset_id + 1)

    def encode(self, action: Action) -> int:
        """The id of ``action`` (see :func:`action_to_id`)."""
        try:
            found = self._ids.get(action)
        except TypeError:  # an unhashable field: certainly not an action
            found = None
        if found is None:  # only valid (hence well-typed, hashable) actions reach the cache
            found = self._ids[action] = self._encode(action)
        return found

    def _encode(self, action: object) -> int:
        if isinstance(action, Reset):
            return self.reset_id
        if not isinstance(action, Take):
            raise ActionIdError(action, "not an action (ENG-04)")
        source, colour, target, jokers, keep = attrs.astuple(action, recurse=False)
        last = self.sources - 1
        if type(source) is not int or not (source == CENTRE or 0 <= source < last):
            raise ActionIdError(
                action, f"source {source!r} is neither the centre nor a display 0..{last - 1}"
            )
        if type(colour) is not int or not 0 <= colour < self.colours:
            raise ActionIdError(action, f"colour {colour!r} is not one of 0..{self.colours - 1}")
        walls = self.targets - 1
        if target is not None and (type(target) is not int or not 0 <= target < walls):
            raise ActionIdError(
                action, f"target {target!r} is neither a slot 0..{walls - 1} nor None"
            )
        if type(jokers) is not int or not 0 <= jokers < self.jokers:
            raise ActionIdError(action, f"jokers {jokers!r} is not one of 0..{self.jokers - 1}")
        if keep is not None and (type(keep) is not int or not 0 <= keep < self.colours):
            raise ActionIdError(action, f"keep {keep!r} is neither a colour nor None")
        if target is None and (jokers or keep is not None):
            raise ActionIdError(action, "an all-break take places no joker and keeps nothing")
        src = last if source == CENTRE else source
        tgt = walls if target is None else target
        sub = jokers if keep is None else self.jokers + keep
        return ((src * self.colours + colour) * self.targets + tgt) * self.subs + sub

    def decode(self, state: GameState, action_id: int) -> Action:
        """The action ``action_id`` names in ``state`` (see :func:`id_to_action`)."""
        if type(action_id) is not int or not 0 <= action_id < self.size:
            raise ActionIdError(action_id, f"not an action id: ids are 0..{self.size - 1}")
        if action_id == self.reset_id:
            return RESET
        rest, sub = divmod(action_id, self.subs)
        rest, tgt = divmod(rest, self.targets)
        src, colour = divmod(rest, self.colours)
        source = CENTRE if src == self.sources - 1 else src
        if tgt == self.targets - 1:
            if sub:
                raise ActionIdError(
                    action_id,
                    "names no action: an all-break take (target field "
                    f"{tgt}) has sub-choice 0 only, got {sub}",
                )
            return _interned(source, colour, None, 0, None)
        if sub < self.jokers:
            return _interned(source, colour, tgt, sub, None)
        return _interned(source, colour, tgt, _free_jokers(state, tgt), sub - self.jokers)


def _free_jokers(state: GameState, slot: int) -> int:
    """Free joker spaces of the strip in ``slot`` of the player to act: the forced joker count
    of a take completing it (PLACE-07); 0 when the slot holds no strip or the game is over."""
    if state.is_over:
        return 0
    strips = state.players[state.turn].strips
    strip = strips[slot] if slot < len(strips) else None
    if strip is None:
        return 0
    spaces = state.components.side_spaces[strip.strip_id][strip.face]
    return spaces[-1] - sum(strip.jokers)


@functools.cache
def _encoding(table: ComponentTable) -> ActionEncoding:
    if not table.factories or max(n for _, n in table.factories) < 1:
        raise ComponentTableError("factories", "action ids need at least one factory display")
    if table.colours < 1:
        raise ComponentTableError("colours", "action ids need at least one colour")
    if len(table.strips) != table.windows:
        raise ComponentTableError(
            "strips",
            f"action ids number the {table.windows} slots; the table has {len(table.strips)} "
            "strips, one per slot is needed",
        )
    jokers = max(spaces[-1] for strip in table.side_spaces for spaces in strip)
    return ActionEncoding(
        sources=max(n for _, n in table.factories) + 1,
        colours=table.colours,
        targets=table.windows + 1,
        jokers=jokers + 1,
    )


def encoding_for(components: ComponentTable) -> ActionEncoding:
    """The action-id layout of ``components`` (ENG-30), derived from its figures and cached.

    Args:
        components: a component table (as loaded by
            :func:`~sintra_rules.games.sintra.components.load_components`).

    Returns:
        The :class:`ActionEncoding`; for every table the loader accepts it has 3,601 ids.

    Raises:
        ComponentTableError: the table cannot be encoded (no factory display or colour, or a
            strip count that differs from the slot count); only a table built without the
            loader's validation can fail.

    >>> enc = encoding_for(default_components())
    >>> enc.sources, enc.colours, enc.targets, enc.subs, enc.size
    (10, 5, 9, 8, 3601)
    """
    return _encoding(components)


def default_encoding() -> ActionEncoding:
    """The action-id layout of the shipped component table (3,601 ids, ENG-30).

    Returns:
        ``encoding_for(default_components())``.
    """
    return _encoding(default_components())


#: Number of action ids with the shipped table (and every table the loader accepts).
NUM_ACTIONS = 3601
#: The reset's id with the shipped table: the last id.
RESET_ID = NUM_ACTIONS - 1


def action_to_id(action: Action, components: ComponentTable | None = None) -> int:
    """The fixed integer id of ``action`` (ENG-30); no state is needed.

    Args:
        action: a :class:`~sintra_rules.games.sintra.actions.Take` or
        :data:`~sintra_rules.games.sintra.actions.RESET`.
        components: the game's component table (default: the shipped one).

    Returns:
        An id in ``range(encoding_for(components).size)``.

    Raises:
        ActionIdError: ``action`` is not an action, or a field lies outside the table's ranges
            (a source, colour, slot or joker count that no game of the table can have, or an
            all-break take with jokers or a kept piece).

        ComponentTableError: the table cannot be encoded (see :func:`encoding_for`).

    >>> from sintra_rules import Take
    >>> action_to_id(Take(0, 0, 0, jokers=2, keep=2))
    5
    >>> action_to_id(Take(0, 0, 9))
    Traceback (most recent call last):
    ...
    sintra_rules.errors.ActionIdError: Take(source=0, ...): target 9 is neither a slot 0..7 nor None
    """
    table = table_or_default(components)
    return _encoding(table).encode(action)


def id_to_action(state: GameState, action_id: int) -> Action:
    """The action that ``action_id`` names in ``state`` (ENG-30).

    A take that keeps a piece places pieces on every free joker space of its strip (PLACE-07);
    that count is read from the strip in the target slot of the player to act (0 when the slot
    holds no strip or the game is over: the action is then illegal, and
    :func:`~sintra_rules.games.sintra.rules.apply` names the clause it breaks). Every other id
    decodes without looking at the state. The result always encodes back to ``action_id``.

    Args:
        state: the position the id is played in (its table gives the layout).
        action_id: an integer id.

    Returns:
        The :class:`~sintra_rules.games.sintra.actions.Take` or
        :data:`~sintra_rules.games.sintra.actions.RESET`; legal exactly when
        ``legal_mask(state)[action_id]`` is 1.

    Raises:
        ActionIdError: ``action_id`` is not an ``int`` in range, or names no action (target
            all-break with a sub-choice other than 0).

    >>> from sintra_rules import new_game
    >>> state = new_game(2, seed=1)
    >>> id_to_action(state, 817)
    Take(source=2, colour=1, target=3, jokers=1, keep=None)
    >>> id_to_action(state, 71)
    Traceback (most recent call last):
    ...
    sintra_rules.errors.ActionIdError: 71: names no action: an all-break take ...
    """
    return _encoding(state.components).decode(state, action_id)


def legal_ids(state: GameState) -> tuple[int, ...]:
    """The ids of the legal actions, increasing, in canonical order (ENG-05, ENG-30).

    Args:
        state: any position; empty once the game is over.

    Returns:
        ``tuple(action_to_id(a) for a in legal_actions(state))``, which is strictly increasing.
    """
    encode = _encoding(state.components).encode
    return tuple(encode(action) for action in legal_actions(state))


def legal_mask(state: GameState) -> bytes:
    """The legal-action mask: one byte per id, 1 when the id's action is legal, else 0 (ENG-30).

    Args:
        state: any position (all zeros once the game is over).

    Returns:
        ``bytes`` of length ``encoding_for(state.components).size``; adapters turn it into an
        array (for example ``numpy.frombuffer(mask, dtype=numpy.uint8)``).

    >>> from sintra_rules import new_game
    >>> mask = legal_mask(new_game(2, seed=1))
    >>> len(mask), mask[3600], sum(mask) == len(legal_ids(new_game(2, seed=1)))
    (3601, 0, True)
    """
    encoding = _encoding(state.components)
    mask = bytearray(encoding.size)
    for code in legal_ids(state):
        mask[code] = 1
    return bytes(mask)
