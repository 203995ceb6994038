"""Sagrada as a registered game: :data:`GAME` implements :class:`sintra_rules.game.Game`.

Every method is a one-line delegation to Sagrada's engine (whose own signatures are those of
:mod:`sintra_rules.games.sagrada`: ``new_game(num_players, seed, tools)``,
``action_to_text(action)``, ...), as Sintra's :mod:`sintra_rules.games.sintra.game` is for
Sintra.

>>> from sintra_rules import make
>>> game = make("sagrada")
>>> game is GAME, game.info.perfect_information, game.info.player_counts
(True, False, (1, 2, 3, 4))
>>> state = game.start(1, seed=7, options={"tools": "2"})
>>> state.num_players, len(state.tools), game.facts(2).num_actions
(1, 2, 218)
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Final

from sintra_rules._formats.records import replayed_log
from sintra_rules.errors import ConfigurationError
from sintra_rules.game import (
    AgentInfo,
    Facts,
    FileClaim,
    FileFormat,
    GameInfo,
    GameLog,
    Option,
    Parameter,
    Player,
    Result,
)
from sintra_rules.games.sagrada import agents as _agents
from sintra_rules.games.sagrada._version import BEHAVIOUR_VERSION
from sintra_rules.games.sagrada.actions import Action
from sintra_rules.games.sagrada.bounds import (
    DECISIONS_PER_GAME,
    HIGHEST_FINAL_SCORE,
    LOWEST_FINAL_SCORE,
    SOLO_DECISIONS_PER_GAME,
)
from sintra_rules.games.sagrada.chance import (
    apply_chance,
    chance_outcomes,
    determinize,
    max_chance_outcomes,
    sample_chance,
    without_generator,
)
from sintra_rules.games.sagrada.documents import state_digest, state_from_json, state_to_json
from sintra_rules.games.sagrada.encoding import NUM_ACTIONS, action_to_id, id_to_action, legal_ids
from sintra_rules.games.sagrada.explain import Choices, Explanation, explain
from sintra_rules.games.sagrada.notation import action_from_text, action_to_text
from sintra_rules.games.sagrada.observation import (
    observation_high,
    observation_size,
    observation_string,
    observe,
)
from sintra_rules.games.sagrada.position import position_from_text, position_to_text
from sintra_rules.games.sagrada.records import (
    Comment,
    SagradaRecord,
    record_from_json,
    record_game,
    record_position_game,
    record_to_json,
    replay,
)
from sintra_rules.games.sagrada.render import render
from sintra_rules.games.sagrada.rules import apply, apply_traced, legal_actions
from sintra_rules.games.sagrada.scoring import result
from sintra_rules.games.sagrada.setup import new_game
from sintra_rules.games.sagrada.state import SagradaState
from sintra_rules.games.sagrada.svg import state_to_svg

__all__ = ["GAME", "INFO", "SagradaGame"]

#: Sagrada's facts as data (COMP-02, SETUP-04, SOLO-01, ENG-06).
INFO: Final = GameInfo(
    name="sagrada",
    title="Sagrada",
    player_counts=(1, 2, 3, 4),
    perfect_information=False,
    behaviour_version=BEHAVIOUR_VERSION,
    speed_target=1.5,
    options=(
        Option(
            "tools",
            ("1", "2", "3", "4", "5"),
            "3",
            "solo only: the difficulty, 1 (hardest) to 5 tool cards; 2-4 players use 3",
            players=(1,),
        ),
    ),
)


class SagradaGame:
    """Sagrada as the library's game protocol (:class:`sintra_rules.game.Game`), with the
    optional capabilities ``position_to_text`` / ``position_from_text`` (Positions),
    ``apply_traced`` (Traced), ``explain`` (Explained), ``to_svg`` (Drawn),
    ``read_record`` / ``write_record`` (Recorded), ``file_formats`` / ``claim_file``
    (Recognised), ``summary`` (Summarised), ``agents`` / ``rollout_action`` (Played),
    ``invariants`` / ``soak_policies`` / ``check_state`` / ``check_step`` (Verified: the
    invariants of :mod:`.verify.invariants`, measured against the independent oracle of
    :mod:`.verify.oracle`), ``bench`` (Benched: the compiled core's figures) and
    ``command_line`` (CommandLine: :mod:`.commands`). A stateless object of
    one-line delegations to the engine's functions.

    The option ``tools`` is the solo difficulty, the number of tool cards (1 hardest to 5,
    default 3: SOLO-01); 2 to 4 players always play with 3 tool cards (SETUP-04), so the option
    is ignored for them.
    """

    info: Final = INFO

    def _players(self, num_players: int) -> None:
        if isinstance(num_players, bool) or num_players not in self.info.player_counts:
            raise ConfigurationError(
                "COMP-02", f"Sagrada is played by 1 to 4 players, got {num_players!r}"
            )

    def start(
        self,
        num_players: int,
        /,
        *,
        seed: int | None = 0,
        options: Mapping[str, str] | None = None,
        sample: bool = True,
    ) -> SagradaState:
        """:func:`new_game` (COMP-02, SETUP-01 to SETUP-06, SOLO-01)."""
        chosen = self.info.resolve_options(options)
        self._players(num_players)
        tools = int(chosen["tools"]) if num_players == 1 else None
        return new_game(num_players, seed=seed, tools=tools, sample=sample)

    def options_of(self, state: SagradaState, /) -> dict[str, str]:
        """The solo game's ``tools``, its difficulty (SOLO-01); none for 2 to 4 players."""
        return {} if state.difficulty is None else {"tools": str(state.difficulty)}

    def legal_actions(self, state: SagradaState, /) -> tuple[Action, ...]:
        """:func:`legal_actions` (ENG-08)."""
        return legal_actions(state)

    def apply(self, state: SagradaState, action: Action, /, *, sample: bool = True) -> SagradaState:
        """:func:`apply` (ENG-02, ENG-10)."""
        return apply(state, action, sample=sample)

    def apply_traced(
        self, state: SagradaState, action: Action, /
    ) -> tuple[SagradaState, tuple[object, ...]]:
        """:func:`apply_traced`."""
        return apply_traced(state, action)

    def result(self, state: SagradaState, /) -> Result:
        """:func:`result` (ENG-13, WIN-01 to WIN-04, SOLO-07)."""
        return result(state)

    def chance_outcomes(self, state: SagradaState, /) -> tuple[tuple[int, Fraction], ...]:
        """:func:`chance_outcomes`; empty when no chance step is pending (ENG-03)."""
        return () if state.chance is None else chance_outcomes(state)

    def apply_chance(self, state: SagradaState, outcome: int, /) -> SagradaState:
        """:func:`apply_chance` (ENG-05)."""
        return apply_chance(state, outcome)

    def sample_chance(self, state: SagradaState, /) -> SagradaState:
        """:func:`sample_chance` (ENG-05)."""
        return sample_chance(state)

    def without_generator(self, state: SagradaState, /) -> SagradaState:
        """:func:`without_generator` (ENG-05)."""
        return without_generator(state)

    def determinize(
        self, state: SagradaState, seed: int, /, viewer: int | None = None
    ) -> SagradaState:
        """:func:`determinize` (ENG-06)."""
        return determinize(state, seed, viewer)

    def facts(self, num_players: int, /, options: Mapping[str, str] | None = None) -> Facts:
        """Action ids, chance outcomes, game length, score bounds, observation size and the
        bounds of its values for ``num_players`` (ENG-03, ENG-06, ENG-07, ENG-09); the game
        length of a solo game depends on its number of tools (SOLO-01)."""
        resolved = self.info.resolve_options(options)
        self._players(num_players)
        if num_players == 1:
            length = SOLO_DECISIONS_PER_GAME[int(resolved["tools"])]
        else:
            length = DECISIONS_PER_GAME[num_players]
        return Facts(
            num_actions=NUM_ACTIONS,
            max_chance_outcomes=max_chance_outcomes(),
            max_game_length=length,
            min_score=LOWEST_FINAL_SCORE[num_players],
            max_score=HIGHEST_FINAL_SCORE[num_players],
            observation_size=observation_size(num_players),
            bounds_proved=True,
            observation_low=0.0,
            observation_high=float(observation_high(num_players)),
        )

    def legal_ids(self, state: SagradaState, /) -> tuple[int, ...]:
        """:func:`legal_ids` (ENG-09)."""
        return legal_ids(state)

    def action_to_id(self, state: SagradaState, action: Action, /) -> int:
        """:func:`action_to_id` (ENG-09)."""
        return action_to_id(action)

    def id_to_action(self, state: SagradaState, action_id: int, /) -> Action:
        """:func:`id_to_action` (ENG-09)."""
        return id_to_action(action_id)

    def observe(self, state: SagradaState, seat: int, /) -> array[float]:
        """:func:`observe` (ENG-06)."""
        return observe(state, seat)

    def observation_string(self, state: SagradaState, seat: int, /) -> str:
        """:func:`observation_string` (ENG-06)."""
        return observation_string(state, seat)

    def action_to_text(self, state: SagradaState, action: Action, /) -> str:
        """:func:`action_to_text` (ENG-14)."""
        return action_to_text(action)

    def action_from_text(self, state: SagradaState, text: str, /) -> Action:
        """:func:`action_from_text` (ENG-14)."""
        return action_from_text(text)

    def serialize(self, state: SagradaState, /) -> str:
        """:func:`state_to_json` (ENG-11)."""
        return state_to_json(state)

    def deserialize(self, text: str, /) -> SagradaState:
        """:func:`state_from_json` (ENG-11)."""
        return state_from_json(text)

    def state_digest(self, state: SagradaState, /) -> str:
        """:func:`state_digest` (ENG-11)."""
        return state_digest(state)

    def render(self, state: SagradaState, /) -> str:
        """:func:`render`."""
        return render(state)

    def explain(self, state: SagradaState, action: object = None, /) -> Explanation | Choices:
        """:func:`~.explain.explain`: the clauses ``action`` fires or breaks, in words; without
        one, the legal decisions (the Explained capability)."""
        return explain(state, action)

    def to_svg(self, state: SagradaState, /) -> str:
        """:func:`~.svg.state_to_svg` (the Drawn capability)."""
        return state_to_svg(state)

    def read_record(self, text: str, /) -> GameLog:
        """A JSON game record (ENG-16) or a text record (ENG-17), told by its content,
        replayed as a :class:`~sintra_rules.game.GameLog` (the Recorded capability)."""
        from sintra_rules.games.sagrada.textrecord import (
            looks_like_text_record,
            text_record_from_text,
        )

        if looks_like_text_record(text):
            return _log(text_record_from_text(text).game_record(), "text record")
        return _log(record_from_json(text), "game record")

    def write_record(self, log: GameLog, /, *, text: bool = False) -> str:
        """``log`` as a JSON game record (ENG-16) or, with ``text``, a text record (ENG-17)."""
        from sintra_rules.games.sagrada.textrecord import TextRecord, text_record_to_text

        record = log.record if isinstance(log.record, SagradaRecord) else _record_of(log)
        if text:
            return text_record_to_text(TextRecord.from_game_record(record))
        return record_to_json(record, indent=1) + "\n"

    @property
    def file_formats(self) -> tuple[FileFormat, ...]:
        """Sagrada's kinds of file (:data:`.files.FORMATS`; the Recognised capability)."""
        from sintra_rules.games.sagrada.files import FORMATS

        return FORMATS

    def claim_file(self, text: str, /) -> FileClaim | None:
        """Which of Sagrada's files ``text`` is (:func:`.files.claim_file`)."""
        from sintra_rules.games.sagrada.files import claim_file

        return claim_file(text)

    def summary(self, state: SagradaState, names: Sequence[str] | None = None, /) -> str:
        """:func:`.render.summary`: the round and turn, each player's dice and favor tokens,
        who is to act (the Summarised capability)."""
        from sintra_rules.games.sagrada.render import summary

        return summary(state, names)

    def position_to_text(self, state: SagradaState, /) -> str:
        """:func:`position_to_text` (ENG-12): the Positions capability."""
        return position_to_text(state)

    def position_from_text(self, text: str, /) -> SagradaState:
        """:func:`position_from_text` (ENG-12, ENG-15)."""
        return position_from_text(text)

    @property
    def agents(self) -> Mapping[str, type[Player]]:
        """The built-in agents by name: ``random``, ``greedy`` and ``search`` (which also takes
        the parameters of its ``INFO``), each made from a seed."""
        return _agents.AGENTS  # type: ignore[return-value]

    @property
    def search_info(self) -> AgentInfo:
        """Sagrada's own search as the agent ``uct``: determinized UCT on the compiled core with
        the game's values as its priors and playout policy; its budget counts simulations,
        1 to 100,000, :data:`~sintra_rules.games.sagrada.kernel.DEFAULT_SIMULATIONS` (600) by
        default, about 80 ms of CPU a decision with 2 players."""
        from sintra_rules.games.sagrada.kernel import DEFAULT_SIMULATIONS, MAX_SIMULATIONS

        return AgentInfo(
            "uct",
            "Sagrada's own compiled search, fast: determinized UCT on the core, the search "
            "self-play uses; its priors and playouts draft and place by the objectives and the "
            "spaces left open (86.5% against greedy, 600 simulations)",
            (
                Parameter(
                    "sims",
                    "simulations",
                    "simulations per decision on the compiled core",
                    1,
                    MAX_SIMULATIONS,
                    DEFAULT_SIMULATIONS,
                ),
            ),
        )

    def search_visits(self, state: SagradaState, simulations: int, seed: int, /) -> Sequence[int]:
        """The visit counts of Sagrada's own search on the compiled core (the agent ``uct``),
        one per legal action in the engine's order (ENG-08, ENG-18): UCT over the player's
        determinizations (:func:`~sintra_rules.games.sagrada.kernel.uct_visits`; ENG-06: it
        reads neither the others' private objectives nor the real future draws). The counts
        sum to ``simulations`` when there are two legal actions or more.

        Raises:
            ConfigurationError: ``simulations`` or ``seed`` out of range (ENG-05), the game over
                (ROUND-06) or a chance step pending (ENG-03).
        """
        from sintra_rules.games.sagrada.kernel import uct_visits

        return tuple(uct_visits(state, simulations, seed).values())

    def rollout_action(
        self, state: SagradaState, actions: Sequence[Action], draw: int, /
    ) -> Action:
        """:func:`~.agents.rollout_action`."""
        return _agents.rollout_action(state, actions, draw)

    @property
    def invariants(self) -> tuple[str, ...]:
        """The names of the invariants of :mod:`.verify.invariants` (issue 23)."""
        from sintra_rules.games.sagrada.verify.invariants import INVARIANTS

        return tuple(invariant.name for invariant in INVARIANTS)

    @property
    def soak_policies(
        self,
    ) -> Mapping[str, Callable[[SagradaState, Sequence[Action]], Sequence[Action]]]:
        """``eager``: every decision but ending the turn, while there is one (windows fill and
        every tool's steps are reached; :mod:`.verify.policies`)."""
        from sintra_rules.games.sagrada.verify.policies import POLICIES

        return POLICIES

    def check_state(self, state: SagradaState, /) -> None:
        """:func:`~.verify.invariants.state_checked` (raises ``InvariantBroken``)."""
        from sintra_rules.games.sagrada.verify.invariants import state_checked

        state_checked(state)

    def check_step(
        self, before: SagradaState, action: Action, after: SagradaState, /
    ) -> Mapping[str, int]:
        """:func:`~.verify.invariants.step_checked` (raises ``InvariantBroken``; returns the
        step's events: each tool used, dice moved and returned, skipped turns, solo results)."""
        from sintra_rules.games.sagrada.verify.invariants import step_checked

        return step_checked(before, action, after)

    # ------------------------------------------------------------------ the compiled core

    def bench(
        self, seconds: float, seed: int, out: Callable[[str], None] | None, /
    ) -> Mapping[str, object]:
        """The compiled core's figures (:func:`~.kernel.bench.core_bench`: the Benched
        capability)."""
        from sintra_rules.games.sagrada.kernel.bench import core_bench

        return core_bench(seconds=seconds, seed=seed, out=out)

    def command_line(self) -> object:
        """Sagrada's parts of the ``sintra`` command (:class:`~.commands.SagradaCommands`: its
        soak on the compiled core, cross-checked against the engine; the players' names on
        its board and picture; its words in the help)."""
        from sintra_rules.games.sagrada.commands import SagradaCommands

        return SagradaCommands(self)


def _log(record: SagradaRecord, kind: str) -> GameLog:
    """A record as the protocol's :class:`~sintra_rules.game.GameLog`."""
    return replayed_log(record, replay(record), options=record.options, result=result, kind=kind)


def _record_of(log: GameLog) -> SagradaRecord:
    """The game record of a log built by hand or by :func:`~sintra_rules.game.log_game`."""
    comments = [Comment(ply, text) for ply, text in log.comments]
    if log.seed is not None:
        options = dict(log.options)
        tools = int(options["tools"]) if "tools" in options and log.num_players == 1 else None
        return record_game(
            log.num_players,
            log.seed,
            log.actions,
            tools=tools,
            names=log.names,
            tags=log.tags,
            comments=comments,
        )
    moves: list[Action | int] = list(log.outcomes[0]) if log.outcomes else []
    for ply, action in enumerate(log.actions, 1):
        moves.append(action)
        if ply < len(log.outcomes):
            moves.extend(log.outcomes[ply])
    return record_position_game(log.start, moves, names=log.names, tags=log.tags, comments=comments)


#: Sagrada as the library's game protocol.
GAME: Final = SagradaGame()
