"""Sintra as a registered game: :data:`GAME` implements :class:`sintra_rules.game.Game`.

Every method is a one-line delegation to the Sintra API (whose signatures stay as they are:
``new_game(num_players, side, seed, components)``, ``action_to_text(action, components)``, ...).
A :class:`SintraGame` is bound to one component table; :data:`GAME` is bound to the shipped
one, and ``SintraGame(load_components(path))`` plays on a user's table (FIG-01 to FIG-10).

>>> from sintra_rules import make
>>> game = make("sintra")
>>> game is GAME, game.info.perfect_information, game.info.player_counts
(True, True, (2, 3, 4))
>>> state = game.start(2, seed=7, options={"side": "B"})
>>> state.side, state.num_players, game.facts(2).num_actions
('B', 2, 3601)
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import cast

from sintra_rules._formats.records import replayed_log
from sintra_rules.errors import ConfigurationError, IllegalAction
from sintra_rules.game import (
    AgentInfo,
    Facts,
    FileClaim,
    FileFormat,
    Game,
    GameInfo,
    GameLog,
    Option,
    Parameter,
    Player,
    Result,
)
from sintra_rules.games.sintra._version import BEHAVIOUR_VERSION
from sintra_rules.games.sintra.actions import Action
from sintra_rules.games.sintra.agents import GreedyAgent, rollout_action
from sintra_rules.games.sintra.bounds import (
    HIGHEST_FINAL_SCORE,
    LOWEST_FINAL_SCORE,
    TURNS_PER_GAME,
)
from sintra_rules.games.sintra.chance import (
    apply_chance,
    chance_outcomes,
    determinize,
    max_chance_outcomes,
    sample_chance,
    without_generator,
)
from sintra_rules.games.sintra.components import (
    ComponentTable,
    Side,
    default_components,
    load_components,
)
from sintra_rules.games.sintra.documents import state_digest, state_from_json, state_to_json
from sintra_rules.games.sintra.encoding import action_to_id, encoding_for, id_to_action, legal_ids
from sintra_rules.games.sintra.notation import action_from_text, action_to_text
from sintra_rules.games.sintra.observation import observation_size, observation_string, observe
from sintra_rules.games.sintra.render import render_state, render_summary
from sintra_rules.games.sintra.rules import apply, legal_actions
from sintra_rules.games.sintra.scoring import result
from sintra_rules.games.sintra.setup import new_game
from sintra_rules.games.sintra.state import GameState
from sintra_rules.mcts import MAX_SIMULATIONS

__all__ = ["GAME", "INFO", "SintraGame"]

#: Sintra's facts as data (COMP-02, SETUP-02, ENG-06).
INFO = GameInfo(
    name="sintra",
    title="Azul: Stained Glass of Sintra",
    player_counts=(2, 3, 4),
    perfect_information=True,
    behaviour_version=BEHAVIOUR_VERSION,
    options=(Option("side", ("A", "B"), "A", "the side of the player boards (SETUP-02)"),),
)


#: Sintra's own search in words, with the range of its budget (the Searched capability).
_SEARCH = AgentInfo(
    "uct",
    "Sintra's own compiled search, fast: the kernel's open-loop UCT with random playouts, "
    "the search self-play uses, over ten times as many simulations a second as mcts",
    (
        Parameter(
            "sims",
            "simulations",
            "simulations per move on the compiled kernel",
            1,
            MAX_SIMULATIONS,
            1000,
        ),
    ),
)


class SintraGame:
    """Sintra's rules, ids and text behind the game protocol, on one component table.

    Args:
        components: the component table (default: the shipped one).
    """

    info = INFO

    def __init__(self, components: ComponentTable | None = None) -> None:
        self.components = components if components is not None else default_components()

    def _side(self, options: Mapping[str, str] | None) -> Side:
        return cast(Side, INFO.resolve_options(options)["side"])

    # ------------------------------------------------------------------------------ rules

    def start(
        self,
        num_players: int,
        /,
        *,
        seed: int | None = 0,
        options: Mapping[str, str] | None = None,
        sample: bool = True,
    ) -> GameState:
        """A new game (SETUP-01 to SETUP-10); ``seed=None``: no generator, every chance step
        left to the caller (ENG-08)."""
        side = self._side(options)
        if seed is None:
            unset = new_game(num_players, side, 0, self.components, sample=False)
            return without_generator(unset)
        return new_game(num_players, side, seed, self.components, sample=sample)

    def options_of(self, state: GameState, /) -> dict[str, str]:
        """The board side (SETUP-02)."""
        return {"side": state.side}

    def legal_actions(self, state: GameState, /) -> tuple[Action, ...]:
        """The legal actions in canonical order (ENG-05)."""
        return legal_actions(state)

    def apply(self, state: GameState, action: Action, /, *, sample: bool = True) -> GameState:
        """The position after ``action`` (ENG-01, ENG-08)."""
        return apply(state, action, sample=sample)

    def result(self, state: GameState, /) -> Result:
        """Scores, keys ``(score, -points lost)`` and winners (WIN-01 to WIN-03)."""
        return result(state)

    def chance_outcomes(self, state: GameState, /) -> tuple[tuple[int, Fraction], ...]:
        """The pending chance step's outcomes (ENG-07)."""
        return chance_outcomes(state) if state.chance is not None else ()

    def apply_chance(self, state: GameState, outcome: int, /) -> GameState:
        """The position after the chosen outcome (ENG-08)."""
        return apply_chance(state, outcome)

    def sample_chance(self, state: GameState, /) -> GameState:
        """The position after an outcome drawn from the state's generator (ENG-08)."""
        return sample_chance(state)

    def without_generator(self, state: GameState, /) -> GameState:
        """The position with no generator (ENG-09)."""
        return without_generator(state)

    def determinize(self, state: GameState, seed: int, /, viewer: int | None = None) -> GameState:
        """A fresh generator (ENG-09); Sintra hides nothing, so ``viewer`` changes nothing."""
        return determinize(state, seed)

    # ------------------------------------------------------------------- ids, observation

    def facts(self, num_players: int, /, options: Mapping[str, str] | None = None) -> Facts:
        """The facts from the proved bounds (:mod:`sintra_rules.games.sintra.bounds`)."""
        side = self._side(options)
        if num_players not in INFO.player_counts:
            raise ConfigurationError("COMP-02", f"2 to 4 players, not {num_players!r}")
        return Facts(
            num_actions=encoding_for(self.components).size,
            max_chance_outcomes=max_chance_outcomes(self.components),
            max_game_length=TURNS_PER_GAME[num_players],
            min_score=LOWEST_FINAL_SCORE[num_players],
            max_score=HIGHEST_FINAL_SCORE[side],
            observation_size=observation_size(num_players, self.components),
            bounds_proved=True,
        )

    def legal_ids(self, state: GameState, /) -> tuple[int, ...]:
        """The legal action ids, increasing (ENG-30)."""
        return legal_ids(state)

    def action_to_id(self, state: GameState, action: Action, /) -> int:
        """The action's id (ENG-30)."""
        return action_to_id(action, state.components)

    def id_to_action(self, state: GameState, action_id: int, /) -> Action:
        """The action of an id (ENG-30)."""
        return id_to_action(state, action_id)

    def observe(self, state: GameState, seat: int, /) -> array[float]:
        """What ``seat`` sees (everything but the generator, ENG-09)."""
        return observe(state, seat)

    def observation_string(self, state: GameState, seat: int, /) -> str:
        """What ``seat`` sees, in words."""
        return observation_string(state, seat)

    # ------------------------------------------------------------------------------- text

    def action_to_text(self, state: GameState, action: Action, /) -> str:
        """The action's notation (ENG-04)."""
        return action_to_text(action, state.components)

    def action_from_text(self, state: GameState, text: str, /) -> Action:
        """The action written ``text`` (ENG-04)."""
        return action_from_text(text, state.components, num_players=len(state.players))

    def serialize(self, state: GameState, /) -> str:
        """The state as a JSON document (ENG-25)."""
        return state_to_json(state)

    def deserialize(self, text: str, /) -> GameState:
        """The state of a JSON document on this game's table (ENG-25)."""
        return state_from_json(text, self.components)

    def state_digest(self, state: GameState, /) -> str:
        """SHA-256 of the state's document."""
        return state_digest(state)

    def render(self, state: GameState, /) -> str:
        """The text board."""
        return render_state(state)

    # ---------------------------------------------------------------- optional capabilities

    def position_to_text(self, state: GameState, /) -> str:
        """The one-line position (ENG-21)."""
        from sintra_rules.games.sintra.position import position_to_text

        return position_to_text(state)

    def position_from_text(self, text: str, /) -> GameState:
        """The position of a line (ENG-21), on this game's table."""
        from sintra_rules.games.sintra.position import position_from_text

        return position_from_text(text, self.components)

    def apply_traced(
        self, state: GameState, action: Action, /
    ) -> tuple[GameState, tuple[object, ...]]:
        """The position after ``action`` and the events it fired (ENG-40)."""
        from sintra_rules.games.sintra.rules import apply_traced

        after, events = apply_traced(state, action)
        return after, tuple(events)

    def explain(self, state: GameState, action: object = None, /) -> object:
        """The clauses ``action`` fires or breaks."""
        from sintra_rules.games.sintra.explain import explain

        return explain(state, action)

    def chance_to_text(self, state: GameState, outcome: int, /) -> str:
        """The pending chance step's ``outcome`` in words (ENG-07): ``draw B`` (a piece drawn
        for space I, SETUP-08, or onto a display, SETUP-09, END-03), ``indicator VI: B`` (the
        indicator's shuffle, SETUP-08), ``p1 slot 8: strip 5`` and ``p1 slot 1: face 2`` (the
        strips' shuffle and faces, SETUP-03, SETUP-04).

        Raises:
            IllegalAction: ENG-08, when no chance step is pending.
        """
        from sintra_rules.games.sintra.narration import roman

        step = state.chance
        if step is None:
            raise IllegalAction("ENG-08", "no chance step is pending")
        if step.kind in ("fill", "first"):
            return f"draw {state.components.colour_codes[outcome]}"
        if step.kind == "indicator":
            return f"indicator {roman(step.index + 2)}: {state.components.colour_codes[outcome]}"
        seat, slot = step.seat + 1, step.index + 1
        if step.kind == "strip":
            return f"p{seat} slot {slot}: strip {outcome + 1}"
        return f"p{seat} slot {slot}: face {outcome + 1}"

    def command_line(self) -> object:
        """Sintra's parts of the ``sintra`` command
        (:class:`~sintra_rules.games.sintra.commands.SintraCommands`), on this game's table."""
        from sintra_rules.games.sintra.commands import SintraCommands

        return SintraCommands(self)

    def to_svg(self, state: GameState, /) -> str:
        """The position as an SVG picture."""
        from sintra_rules.games.sintra.svg import state_to_svg

        return state_to_svg(state)

    def read_record(self, text: str, /) -> GameLog:
        """A JSON game record (ENG-25) or a text record (ENG-24), told by its content, on this
        game's table, as a :class:`~sintra_rules.game.GameLog` (the Recorded capability)."""
        from sintra_rules.games.sintra import records, textrecord

        if textrecord.looks_like_text_record(text):
            record = textrecord.text_record_from_text(text, self.components).game_record()
            kind = "text record"
        else:
            record = records.record_from_json(text, self.components)
            kind = "game record"
        states = records.replay(record, self.components)
        return replayed_log(
            record, states, options=(("side", record.side),), result=self.result, kind=kind
        )

    def write_record(self, log: GameLog, /, *, text: bool = False) -> str:
        """``log`` as a JSON game record (ENG-25) or, with ``text``, a text record (ENG-24)."""
        from sintra_rules.games.sintra import records, textrecord

        record = log.record
        if not isinstance(record, records.GameRecord):
            comments = [records.Comment(ply, words) for ply, words in log.comments]
            if log.seed is not None:
                side = cast(Side, dict(log.options).get("side", "A"))
                record = records.record_game(
                    log.num_players,
                    side,
                    log.seed,
                    log.actions,
                    self.components,
                    names=log.names,
                    tags=log.tags,
                    comments=comments,
                )
            else:
                moves: list[Action | int] = list(log.outcomes[0]) if log.outcomes else []
                for ply, action in enumerate(log.actions, 1):
                    moves.append(action)
                    if ply < len(log.outcomes):
                        moves.extend(log.outcomes[ply])
                record = records.record_position_game(
                    log.start, moves, names=log.names, tags=log.tags, comments=comments
                )
        if text:
            written = textrecord.TextRecord.from_game_record(record, self.components)
            return textrecord.text_record_to_text(written)
        return records.record_to_json(record, indent=1, components=self.components) + "\n"

    @property
    def file_formats(self) -> tuple[FileFormat, ...]:
        """Sintra's kinds of file (:data:`~sintra_rules.games.sintra.files.FORMATS`; the
        Recognised capability)."""
        from sintra_rules.games.sintra.files import FORMATS

        return FORMATS

    def claim_file(self, text: str, /) -> FileClaim | None:
        """Which of Sintra's files ``text`` is
        (:func:`~sintra_rules.games.sintra.files.claim_file`)."""
        from sintra_rules.games.sintra.files import claim_file

        return claim_file(text)

    def summary(self, state: GameState, names: Sequence[str] | None = None, /) -> str:
        """The round, each player's score and broken glass value, who is to play
        (:func:`~sintra_rules.games.sintra.render.render_summary`; the Summarised
        capability)."""
        return render_summary(state, names)

    @property
    def agents(self) -> Mapping[str, Callable[[int], Player]]:
        """Sintra's own agents: ``greedy``
        (:class:`~sintra_rules.games.sintra.agents.GreedyAgent`)."""
        return {"greedy": GreedyAgent}

    def rollout_action(self, state: GameState, actions: Sequence[Action], draw: int, /) -> Action:
        """The search's simulation policy: the best one-line estimate of each take
        (:func:`~sintra_rules.games.sintra.agents.rollout_action`), ties broken by the top 32
        bits of the 64-bit ``draw``."""
        return rollout_action(state, actions, draw >> 32)

    def on_table(self, path: str, /) -> SintraGame:
        """Sintra on the component table in the file ``path`` (FIG-01 to FIG-10).

        Raises:
            ComponentTableError: the file is not a valid component table.
        """
        return SintraGame(load_components(path))

    def table_fields(self) -> Mapping[str, object]:
        """What a data file records about the table: its ``components`` digest and whether it
        is ``provisional`` (FIG-01)."""
        return {
            "components": self.components.digest,
            "provisional": bool(self.components.provisional_figures),
        }

    def provisional_note(self) -> str | None:
        """The note on the table's provisional figures (FIG-01), ``None`` when it has none."""
        return self.components.provisional_note

    @property
    def search_info(self) -> AgentInfo:
        """Sintra's own search as the agent ``uct``: the compiled kernel's open-loop UCT with
        random playouts; its budget counts simulations on the kernel."""
        return _SEARCH

    def search_visits(self, state: GameState, simulations: int, seed: int, /) -> Sequence[int]:
        """The compiled kernel's UCT visit counts, one per legal id (ENG-30, ENG-52)."""
        from sintra_rules.games.sintra.kernel import mcts_visits

        visits = mcts_visits(state, simulations, seed)
        return tuple(visits.get(i, 0) for i in legal_ids(state))

    # ------------------------------------------------------------ verification and speed

    @property
    def invariants(self) -> tuple[str, ...]:
        """The 19 invariants of :mod:`sintra_rules.games.sintra.verify.invariants`."""
        from sintra_rules.games.sintra.verify.invariants import INVARIANTS

        return tuple(invariant.name for invariant in INVARIANTS)

    @property
    def soak_policies(
        self,
    ) -> Mapping[str, Callable[[GameState, Sequence[Action]], Sequence[Action]]]:
        """``placing``: the resets and the takes that place pieces without completing a strip
        (END-05's partial refills then occur)."""
        from sintra_rules.games.sintra.verify.soak import placing_pool

        return {"placing": placing_pool}

    def check_state(self, state: GameState, /) -> None:
        """Every state invariant
        (:func:`~sintra_rules.games.sintra.verify.invariants.check_state`)."""
        from sintra_rules.games.sintra.verify.soak import state_checked

        state_checked(state)

    def check_step(
        self, before: GameState, action: Action, after: GameState, /
    ) -> Mapping[str, int]:
        """Every transition invariant against the oracle, and the step's wraps, refills and
        partial fills (:func:`~sintra_rules.games.sintra.verify.invariants.examine`)."""
        from sintra_rules.games.sintra.verify.soak import step_checked

        return step_checked(before, action, after)

    def bench(
        self, seconds: float, seed: int, out: Callable[[str], None] | None, /
    ) -> Mapping[str, object]:
        """The kernel's figures (:func:`sintra_rules.games.sintra.kernel.bench.kernel_bench`)."""
        from sintra_rules.games.sintra.kernel.bench import kernel_bench

        return kernel_bench(seconds=seconds, seed=seed, out=out)


#: Sintra on the shipped component table.
GAME = SintraGame()
_: Game[GameState, Action] = GAME
