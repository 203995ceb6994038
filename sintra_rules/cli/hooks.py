"""What the ``sintra`` command asks of a game beyond the protocol: :class:`GameCommands`.

The command reaches a game only through the registry, the protocol
(:class:`~sintra_rules.game.Game`) and its optional capabilities. :class:`GameCommands` holds
the parts of the commands that depend on the game, each with a default over the protocol and
the capabilities (:class:`~sintra_rules.game.Positions`, :class:`~sintra_rules.game.Drawn`,
:class:`~sintra_rules.game.Explained`): the game's text board, a game told turn by turn, the
legal actions listed, the setup in words. A game with the capability
:class:`~sintra_rules.game.CommandLine` gives a subclass of its own that says more (Sintra's,
in its home, also reads and writes its game records, loads a component table of the user's
with ``--components FILE`` and runs its compiled kernel's soak); :func:`commands_for` returns
the game's, or the defaults.

>>> from sintra_rules import make
>>> commands = commands_for(make("sagrada"))
>>> commands.setup_text(1, {"tools": "2"})
'Sagrada, 1 player, tools 2'
>>> commands.setup_text(3, {"tools": "3"})
'Sagrada, 3 players'
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs

from sintra_rules._terminal import wrap_text
from sintra_rules._words import plural
from sintra_rules.agents import agent_infos
from sintra_rules.cli._io import UsageError
from sintra_rules.game import (
    AgentInfo,
    CommandLine,
    Drawn,
    Explained,
    Game,
    GameInfo,
    Recorded,
    Result,
    Tabled,
    log_game,
    not_over_line,
)

__all__ = [
    "NORMAL",
    "QUIET",
    "VERBOSE",
    "GameCommands",
    "LoadedGame",
    "commands_for",
    "options_text",
    "outcome_lines",
    "players_text",
]

#: How much of a game :meth:`GameCommands.tell_game` shows: the result only, the game turn
#: by turn, or also the position after every turn.
QUIET, NORMAL, VERBOSE = 0, 1, 2


def players_text(count: int) -> str:
    """``1 player``, ``3 players``."""
    return plural(count, "player")


def options_text(info: GameInfo, options: Mapping[str, str], players: int) -> str:
    """The options a game is played with, those that apply to its player count: ``tools 3``."""
    return ", ".join(
        f"{option.name} {options[option.name]}"
        for option in info.options
        if option.applies_to(players) and option.name in options
    )


def outcome_lines(result: Result, names: Sequence[str]) -> list[str]:
    """The result in words: every score, then the winner (or the winners of a shared
    victory), or, when nobody won (a solo game whose target was not beaten), that nobody won.

    >>> outcome_lines(Result((30,), ((30,),), ()), ["Ann"])
    ['Result: Ann 30', 'No winner: Ann lost the solo game']
    >>> outcome_lines(Result((8, 9), ((8,), (9,)), (1,)), ["Ann", "Bob"])[1]
    'Winner: Bob with 9 points'
    """
    scores = ", ".join(f"{name} {score}" for name, score in zip(names, result.scores, strict=True))
    lines = [f"Result: {scores}"]
    winners = [names[seat] for seat in result.winners]
    if not winners:
        solo = f": {names[0]} lost the solo game" if len(names) == 1 else ""
        lines.append(f"No winner{solo}")
        return lines
    best = result.scores[result.winners[0]]
    points = plural(best, "point")
    if len(winners) == 1:
        lines.append(f"Winner: {winners[0]} with {points}")
    else:
        lines.append(f"Shared victory: {' and '.join(winners)} with {points}")
    return lines


@attrs.frozen
class LoadedGame:
    """A game read from a file: every state (``states[i]`` after ``i`` actions and the chance
    outcomes that follow them), the actions, the players' names to show (``Player N`` for a
    seat the record does not name; ``named``: whether it names any), the setup and its
    comments by ply.

    ``kind`` says what the file was (``game record``, ``text record``, ``golden
    playthrough``); ``mismatch`` is, for a file holding state digests, the report of the first
    state that differs from the engine's (``None`` when all match), and ``digests`` how many
    it holds.
    """

    states: tuple[Any, ...]
    actions: tuple[Any, ...]
    names: tuple[str, ...]
    named: bool
    players: int
    options: Mapping[str, str]
    seed: int | None
    kind: str = "game record"
    comments: Mapping[int, Sequence[str]] = attrs.field(factory=dict)
    mismatch: str | None = None
    digests: int | None = None


class GameCommands:
    """The game-dependent parts of the ``sintra`` command, with defaults for any game.

    Args:
        game: the game.
    """

    def __init__(self, game: Game[Any, Any]) -> None:
        self.game = game

    # ------------------------------------------------------------------------- the game

    @property
    def title(self) -> str:
        """The game's title."""
        return self.game.info.title

    def on_table(self, path: str) -> GameCommands:
        """The same game on the component table in the file ``path`` (``--components``), for
        a game with the capability :class:`~sintra_rules.game.Tabled`.

        Raises:
            UsageError: the game has no component table to load.
        """
        if not isinstance(self.game, Tabled):
            raise UsageError(f"--components: {self.title} has no component table to load")
        return commands_for(self.game.on_table(path))

    def provisional_note(self) -> str | None:
        """The note a command that prints scores gives on standard error when the figures it
        plays with are provisional (the game's :class:`~sintra_rules.game.Tabled` note;
        none without one)."""
        return self.game.provisional_note() if isinstance(self.game, Tabled) else None

    def setup_text(
        self, players: int, options: Mapping[str, str], names: Sequence[str] | None = None
    ) -> str:
        """A game's setup as the headers of ``play`` and ``replay`` show it: the title, the
        player count (with the names, when given) and the options."""
        named = f" ({', '.join(names)})" if names else ""
        chosen = options_text(self.game.info, options, players)
        return f"{self.title}, {players_text(players)}{named}" + (f", {chosen}" if chosen else "")

    def where(self, state: Any) -> str | None:
        """Where a position is in its game, for ``perft`` (default: only the end)."""
        return "the end of the game" if state.is_over else None

    # ------------------------------------------------------------ the command line's words

    def agents(self) -> tuple[AgentInfo, ...]:
        """The agents ``play`` and ``arena`` offer, in the game's words
        (:func:`~sintra_rules.agents.agent_infos`: what the game and its agents declare)."""
        return agent_infos(self.game)

    def components_help(self) -> str | None:
        """The words of ``--components FILE``, which the commands that play, read or show
        positions offer only for a game with a component table to load
        (:class:`~sintra_rules.game.Tabled`); ``None`` for any other."""
        if not isinstance(self.game, Tabled):
            return None
        return f"{self.title}'s component table with the figures of your copy of the game"

    def colour_help(self) -> str | None:
        """What ``--color`` colours on the game's board (:meth:`board` with ``colour``), for a
        game whose board has colours; ``None`` (the default board has none) leaves it out."""
        return None

    def soak_checks_help(self) -> tuple[str, str] | None:
        """The words of ``soak --check-every C`` and ``soak --reference``, for a game whose
        own soak plays a compiled kernel cross-checked against the reference engine (see
        :meth:`soak`); ``None`` (the default: the generic soak plays the reference engine
        alone) leaves both options out."""
        return None

    def bench_json_help(self) -> str:
        """The words of ``bench --json``: the generic figures, then the game's own (a game
        with its own speed figures, :class:`~sintra_rules.game.Benched`, says which)."""
        return (
            "print one JSON object instead (key reference_vs_chess: the median ratio of the "
            "reference engine's random playouts to python-chess plies/s)"
        )

    def position_example(self) -> str | None:
        """The start of a position in the game's one-line notation, for the help of
        ``show`` and ``explain`` (``None``: none to show)."""
        return None

    def action_example(self) -> str | None:
        """Actions in the game's notation, for the help of ``explain`` (``None``: none)."""
        return None

    # ----------------------------------------------------------------------- play, replay

    def tell_game(
        self,
        states: Sequence[Any],
        actions: Sequence[Any],
        names: Sequence[str],
        out: Callable[[str], None],
        *,
        width: int,
        level: int = NORMAL,
        colour: bool = False,
        comments: Mapping[int, Sequence[str]] | None = None,
    ) -> None:
        """Tell a game turn by turn through ``out``, every line folded to ``width``: every
        decision in the game's notation, the board at the start and after every chance step
        (new dice, new pieces; ``VERBOSE``: after every decision), then the final board and
        the result, or, for a game that is not over, where it is
        (:func:`~sintra_rules.game.not_over_line`). ``QUIET``: the final board and the result
        (or where the game is) only.

        Args:
            states: the position after each number of actions (and the chance steps after).
            actions: the actions, in order.
            names: the players' names by seat.
            out: where each line goes.
            width: the width to fold lines to.
            level: :data:`QUIET`, :data:`NORMAL` or :data:`VERBOSE`.
            colour: colour the board (the default board has no colours).
            comments: comments by the ply they follow.
        """
        game = self.game
        notes = comments or {}

        def say(text: str) -> None:
            out(wrap_text(text, width))

        told = False
        if level != QUIET:
            for note in notes.get(0, ()):
                say(f"{{{note}}}")
            show = True
            for ply, action in enumerate(actions):
                state = states[ply]
                if show:
                    if told:
                        say("")
                    say(self.board(state, names, colour=colour))
                    say("")
                    show = False
                say(f"{ply + 1:>4}. {names[state.turn]}: {game.action_to_text(state, action)}")
                for note in notes.get(ply + 1, ()):
                    say(f"      {{{note}}}")
                told = True
                after = game.apply(state, action, sample=False)
                show = level == VERBOSE or after.chance is not None
        final = states[len(actions)]
        if told:
            say("")
        say(self.board(final, names, colour=colour))
        say("")
        if final.is_over:
            for line in outcome_lines(game.result(final), names):
                say(line)
        else:
            say(not_over_line(game, final, names))

    def record_text(
        self,
        players: int,
        options: Mapping[str, str],
        seed: int,
        actions: Sequence[Any],
        names: Sequence[str],
    ) -> str:
        """The record of a played game, as ``play --record FILE`` writes it: the game's JSON
        record (:class:`~sintra_rules.game.Recorded`).

        Raises:
            UsageError: the game has no records.
        """
        game = self.game
        if not isinstance(game, Recorded):
            raise UsageError(f"--record: {self.title} games cannot be recorded yet")
        log = log_game(game, players, actions, seed=seed, options=options, names=names)
        text = game.write_record(log)
        return text if text.endswith("\n") else text + "\n"

    def can_record(self) -> bool:
        """Whether :meth:`record_text` writes records (checked before a game is played)."""
        overridden = type(self).record_text is not GameCommands.record_text
        return overridden or isinstance(self.game, Recorded)

    def is_game_file(self, text: str, document: object) -> bool:
        """Whether the file ``text`` (``document``: its JSON value, ``None`` when it is not
        JSON) holds a game rather than a single position: a JSON object whose ``kind`` is
        ``"<game>-game"``, a golden playthrough of the game (:mod:`sintra_rules.verify.golden`:
        ``kind`` ``"playthrough"``, ``game`` its name), or, for a game with records, any text
        that is not JSON (a text record)."""
        if isinstance(document, dict):
            kind, name = document.get("kind"), self.game.info.name
            return kind == f"{name}-game" or (
                kind == "playthrough" and document.get("game") == name
            )
        return document is None and isinstance(self.game, Recorded)

    def read_game(self, text: str) -> LoadedGame:
        """The game in a file: a golden playthrough (:mod:`sintra_rules.verify.golden`,
        replayed and every state's digest compared with the file's), else a record read by
        the game's :class:`~sintra_rules.game.Recorded` capability.

        Raises:
            UsageError: the game has no records.
        """
        game = self.game
        if text.lstrip().startswith("{") and '"playthrough"' in text:
            from sintra_rules.verify.golden import KIND, playthrough_from_json

            document = json.loads(text)
            if isinstance(document, dict) and document.get("kind") == KIND:
                return self._playthrough(playthrough_from_json(text))
        if not isinstance(game, Recorded):
            raise UsageError(f"{self.title} game records cannot be read yet")
        log = game.read_record(text)
        comments: dict[int, list[str]] = {}
        for ply, comment in log.comments:
            comments.setdefault(ply, []).append(comment)
        return LoadedGame(
            states=log.states,
            actions=log.actions,
            names=log.player_names(),
            named=any(name is not None for name in log.names),
            players=log.num_players,
            options=dict(log.options),
            seed=log.seed,
            kind=log.kind,
            comments=comments,
        )

    def _playthrough(self, played: Any) -> LoadedGame:
        """A golden playthrough replayed from its seed, with the first state whose digest
        differs from the file's, told as ``replay`` tells it (ENG-02)."""
        from sintra_rules.verify.golden import first_mismatch, playthrough_states

        game = self.game
        states = playthrough_states(played, game=game)
        actions = tuple(
            game.action_from_text(state, text)
            for state, text in zip(states, played.actions, strict=False)
        )
        found = first_mismatch(game, states, actions, played.digests)
        mismatch = None if found is None else found.describe()
        return LoadedGame(
            states=states,
            actions=actions,
            names=tuple(f"Player {seat + 1}" for seat in range(played.num_players)),
            named=False,
            players=played.num_players,
            options=dict(played.options),
            seed=played.seed,
            kind="golden playthrough",
            mismatch=mismatch,
            digests=len(played.digests),
        )

    # ------------------------------------------------------------------ show, explain

    def board(self, state: Any, names: Sequence[str] | None, *, colour: bool = False) -> str:
        """The text board of ``state`` (with its final scoring once over): by default the
        game's :meth:`~sintra_rules.game.Written.render`."""
        return self.game.render(state)

    def svg(
        self, state: Any, names: Sequence[str] | None, last: Any | None, before: Any | None
    ) -> str:
        """The position as an SVG picture, by default the game's
        :class:`~sintra_rules.game.Drawn` picture.

        Raises:
            UsageError: the game draws no pictures.
        """
        if not isinstance(self.game, Drawn):
            raise UsageError(f"--svg: {self.title} positions cannot be drawn yet")
        return self.game.to_svg(state)

    def list_actions(self, state: Any) -> list[str]:
        """Every legal action of the player to act (``explain`` without an action): the
        game's own list in notation and in words where it explains
        (:class:`~sintra_rules.game.Explained`, its ``explain(state)``), else in notation."""
        game = self.game
        if isinstance(game, Explained):
            return str(game.explain(state)).splitlines()
        if state.is_over:
            return ["The game is over: nobody has a legal action."]
        if state.chance is not None:
            return ["No player acts: the position waits for a chance step; supply its outcome."]
        actions = game.legal_actions(state)
        count = plural(len(actions), "legal action")
        lines = [f"Player {state.turn + 1} to play: {count}:"]
        lines += [f"  {game.action_to_text(state, action)}" for action in actions]
        return lines

    # ------------------------------------------------------------------------------ soak

    def soak(
        self,
        games: int,
        seed: int,
        *,
        check_every: int | None,
        reference: bool,
        progress: Callable[[int, int], None],
        workers: int | None,
        ray: Any,
    ) -> Any | None:
        """The game's own soak (a report with ``summary()`` and ``failures``), or ``None``
        for the generic one (:func:`sintra_rules.verify.soak.run_soak`, the default).

        Raises:
            UsageError: ``check_every`` or ``reference`` given (the generic soak has no
                compiled kernel to cross-check).
        """
        if check_every is not None or reference:
            option = "--reference" if reference else "--check-every"
            raise UsageError(f"{option}: {self.title} has no compiled kernel to cross-check")
        return None


def commands_for(game: Game[Any, Any]) -> GameCommands:
    """The command's parts for ``game``: its own (:class:`~sintra_rules.game.CommandLine`),
    else the defaults.

    Args:
        game: a game.

    Returns:
        Its :class:`GameCommands`.
    """
    if isinstance(game, CommandLine):
        commands = game.command_line()
        if isinstance(commands, GameCommands):
            return commands
    return GameCommands(game)
