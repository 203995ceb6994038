"""Sintra's own parts of the ``sintra`` command (:class:`SintraCommands`, Sintra's
:class:`~sintra_rules.game.CommandLine` capability).

The command (:mod:`sintra_rules.cli`) is generic; for Sintra it shows more than a game's
text board: the game told turn by turn with each turn in words
(:func:`~sintra_rules.games.sintra.render.show_game`), the board with the players' names and
in colour, final scoring step by step, each legal action in words, the round a position is
in. It reads and writes Sintra's game records (text records, ENG-24; JSON game records,
ENG-25; golden playthroughs, their digests checked, ENG-06), plays on a component table of
the user's (``--components FILE``, FIG-01 to FIG-10) with the note on provisional figures,
and soaks on the compiled kernel
(:func:`sintra_rules.games.sintra.verify.soak.run_soak`).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping, Sequence
from typing import Any, cast

from sintra_rules._terminal import output_width, wrap_text
from sintra_rules._words import plural
from sintra_rules.cli.hooks import GameCommands, LoadedGame
from sintra_rules.games.sintra import records
from sintra_rules.games.sintra.actions import Action
from sintra_rules.games.sintra.components import ComponentTable, Side, load_components
from sintra_rules.games.sintra.game import SintraGame
from sintra_rules.games.sintra.narration import describe_action, roman
from sintra_rules.games.sintra.notation import action_to_text
from sintra_rules.games.sintra.render import render_outcome, render_state, show_game
from sintra_rules.games.sintra.state import GameState
from sintra_rules.games.sintra.textrecord import looks_like_text_record, text_record_from_text
from sintra_rules.games.sintra.verify.golden import golden_mismatch, read_record_or_golden

__all__ = ["SintraCommands"]


class SintraCommands(GameCommands):
    """Sintra's parts of the command, on one component table.

    Args:
        game: Sintra on its table.
        path: the table's file (``--components``); ``None`` for the shipped table.
    """

    def __init__(self, game: SintraGame, path: str | None = None) -> None:
        super().__init__(game)
        self.sintra = game
        self.path = path

    @property
    def table(self) -> ComponentTable:
        """The component table."""
        return self.sintra.components

    def on_table(self, path: str) -> SintraCommands:
        """Sintra on the component table in ``path`` (FIG-01 to FIG-10); a bad file is a
        :class:`~sintra_rules.errors.ComponentTableError` (one line, exit 2)."""
        return SintraCommands(SintraGame(load_components(path)), os.path.abspath(path))

    def provisional_note(self) -> str | None:
        """The note on the table's provisional figures (FIG-01), ``None`` when it has none."""
        return self.table.provisional_note

    def setup_text(
        self, players: int, options: Mapping[str, str], names: Sequence[str] | None = None
    ) -> str:
        """``2 players (Ann, Bob), board side A`` (COMP-02, SETUP-02)."""
        named = f" ({', '.join(names)})" if names else ""
        return f"{plural(players, 'player')}{named}, board side {options['side']}"

    def where(self, state: GameState) -> str:
        """The round, ``round III``, or ``the end of the game`` (END-02)."""
        return "the end of the game" if state.is_over else f"round {roman(state.round)}"

    # ------------------------------------------------------------ the command line's words

    def components_help(self) -> str:
        """``--components FILE``: a component table of the user's (FIG-01 to FIG-10)."""
        return (
            "Sintra's component table (TOML or JSON) with the figures of your copy of the "
            "game (default: the shipped table, some of whose figures are provisional)"
        )

    def colour_help(self) -> str:
        """``--color``: the board's pieces in their colours."""
        return "colour the pieces"

    def soak_checks_help(self) -> tuple[str, str]:
        """``--check-every C`` and ``--reference``: the kernel's soak cross-checked against
        the reference engine (:func:`sintra_rules.games.sintra.verify.soak.run_soak`)."""
        from sintra_rules.games.sintra.verify.soak import CHECK_EVERY

        return (
            "every game is played on the kernel with its own checks; every C-th game (from "
            "game 0) also on the reference engine with every invariant, the kernel "
            f"cross-checked ply by ply (default {CHECK_EVERY})",
            "play every game on the reference engine too (--check-every 1)",
        )

    def bench_json_help(self) -> str:
        """``--json``: the kernel's figure ``compiled_playout_vs_chess`` among the others."""
        return (
            "print one JSON object instead (key compiled_playout_vs_chess: the median ratio "
            "of the compiled kernel's random playouts to python-chess plies/s)"
        )

    def position_example(self) -> str:
        """The start of a position in Sintra's notation (ENG-21)."""
        return "sintra1 side:A ..."

    def action_example(self) -> str:
        """Actions in Sintra's notation (ENG-04)."""
        return "3B-2 or R"

    # ----------------------------------------------------------------------- play, replay

    def tell_game(
        self,
        states: Sequence[Any],
        actions: Sequence[Any],
        names: Sequence[str],
        out: Callable[[str], None],
        *,
        width: int,
        level: int = 1,
        colour: bool = False,
        comments: Mapping[int, Sequence[str]] | None = None,
    ) -> None:
        """:func:`~sintra_rules.games.sintra.render.show_game`, folded to ``width`` (its
        turns' continuation lines under their descriptions)."""
        show_game(
            states[0],
            actions,
            names,
            level,
            out,
            width=width,
            colour=colour,
            states=states,
            comments=comments,
        )

    def record_text(
        self,
        players: int,
        options: Mapping[str, str],
        seed: int,
        actions: Sequence[Any],
        names: Sequence[str],
    ) -> str:
        """The JSON game record (ENG-25) with the players' names as ``play`` shows them."""
        side = cast(Side, options["side"])
        record = records.record_game(players, side, seed, actions, self.table, names=names)
        return records.record_to_json(record, indent=1, components=self.table) + "\n"

    def is_game_file(self, text: str, document: object) -> bool:
        """A text record (ENG-24), a JSON game record (ENG-25) or a golden playthrough."""
        if looks_like_text_record(text):
            return True
        return isinstance(document, dict) and (
            document.get("kind") == records.GAME_KIND
            or ("kind" not in document and "record" in document)
        )

    def read_game(self, text: str) -> LoadedGame:
        """The game in ``text``, told by its content: a text record (ENG-24), else a JSON game
        record or golden playthrough (ENG-25), replayed (every state's digest compared with a
        golden playthrough's)."""
        table = self.table
        mismatch: str | None = None
        digests: int | None = None
        if looks_like_text_record(text):
            record = text_record_from_text(text, table).game_record()
            states = records.replay(record, table)
            kind = "text record"
        else:
            record, golden = read_record_or_golden(text, table)
            states = records.replay(record, table)
            kind = "game record" if golden is None else "golden playthrough"
            if golden is not None:
                digests = len(golden.digests)
                found = golden_mismatch(golden, states)
                if found is not None:
                    mismatch = found.describe()
        comments: dict[int, list[str]] = {}
        for comment in record.comments:
            comments.setdefault(comment.ply, []).append(comment.text)
        return LoadedGame(
            states=tuple(states),
            actions=tuple(record.actions),
            names=record.player_names(),
            named=bool(record.names),
            players=record.num_players,
            options={"side": record.side},
            seed=record.seed,
            kind=kind,
            comments=comments,
            mismatch=mismatch,
            digests=digests,
        )

    # ------------------------------------------------------------------ show, explain

    def board(self, state: GameState, names: Sequence[str] | None, *, colour: bool = False) -> str:
        """The position with the players' names (and colours), then final scoring step by
        step once the game is over (FINAL-01 to FINAL-05, WIN-01 to WIN-03)."""
        board = render_state(state, names, colour=colour)
        if state.is_over:
            board += "\n\n" + render_outcome(state, names)
        return board

    def svg(
        self,
        state: GameState,
        names: Sequence[str] | None,
        last: Action | None,
        before: GameState | None,
    ) -> str:
        """The picture with the players' names and the last move marked."""
        from sintra_rules.games.sintra.svg import state_to_svg

        return state_to_svg(state, names=names, last=last, before=before)

    def list_actions(self, state: GameState) -> list[str]:
        """Every legal action of the player to act in notation, with its words (ENG-05)."""
        from sintra_rules.games.sintra.rules import legal_actions

        actions = legal_actions(state)
        if state.chance is not None:
            return [
                f"No player acts: the position waits for a chance step ({state.chance.kind}); "
                "supply its outcome (ENG-07)."
            ]
        if not actions:
            return ["The game is over: nobody has a legal action (END-02)."]
        who = f"Player {state.turn + 1}"
        lines = [
            f"{who} to play, round {roman(state.round)}: {plural(len(actions), 'legal action')}:"
        ]
        width = output_width()
        for action in actions:
            line = (
                f"  {action_to_text(action, state.components):<9} {describe_action(state, action)}"
            )
            lines.append(wrap_text(line, width, " " * 12))  # under the description, as in play
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
    ) -> Any:
        """The kernel's soak, every ``check_every``-th game (``reference``: every game) also
        on the reference engine (:func:`sintra_rules.games.sintra.verify.soak.run_soak`)."""
        from sintra_rules.games.sintra.verify import soak

        every = 1 if reference else check_every or soak.CHECK_EVERY
        return soak.run_soak(
            games,
            seed,
            progress=progress,
            workers=workers,
            ray=ray,
            check_every=every,
            components=self.path,
        )
