"""Sagrada's own parts of the ``sintra`` command (:class:`SagradaCommands`, Sagrada's
:class:`~sintra_rules.game.CommandLine` capability), as Sintra's are in its ``commands.py``.

The command (:mod:`sintra_rules.cli`) is generic; for Sagrada it soaks on the compiled core,
every K-th game also on the reference engine with every invariant and the core cross-checked
ply by ply (:func:`sintra_rules.games.sagrada.verify.soak.run_soak`); it calls the players by
their names on the board, in the final scores and the picture, as it does in the result
(:func:`~sintra_rules.games.sagrada.render.render` and
:func:`~sintra_rules.games.sagrada.svg.state_to_svg` with ``names``), marks the last move in a
picture, and gives the help Sagrada's words: its soak's and benchmark's core, its notation's
examples (ENG-12, ENG-14). What Sagrada lacks the command does not offer: it has no component
table to load and its board has no colours; its agents say what they are themselves
(:data:`~sintra_rules.games.sagrada.agents.AGENTS`).

>>> from sintra_rules import make
>>> from sintra_rules.cli.hooks import commands_for
>>> commands = commands_for(make("sagrada"))
>>> type(commands).__name__, commands.components_help(), commands.colour_help()
('SagradaCommands', None, None)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from sintra_rules.cli.hooks import GameCommands
from sintra_rules.games.sagrada.actions import Action
from sintra_rules.games.sagrada.render import render
from sintra_rules.games.sagrada.state import SagradaState
from sintra_rules.games.sagrada.svg import state_to_svg

__all__ = ["SagradaCommands"]


class SagradaCommands(GameCommands):
    """Sagrada's parts of the command.

    Args:
        game: Sagrada.
    """

    # ------------------------------------------------------------ the command line's words

    def soak_checks_help(self) -> tuple[str, str]:
        """``--check-every C`` and ``--reference``: the core's soak cross-checked against the
        reference engine (:func:`sintra_rules.games.sagrada.verify.soak.run_soak`)."""
        from sintra_rules.games.sagrada.verify.soak import CHECK_EVERY

        return (
            "every game is played on the compiled core; every C-th game (from game 0) also on "
            "the reference engine with every invariant, the core cross-checked ply by ply "
            f"(default {CHECK_EVERY})",
            "play every game on the reference engine too (--check-every 1)",
        )

    def bench_json_help(self) -> str:
        """``--json``: the core's figure ``compiled_playout_vs_chess`` among the others."""
        return (
            "print one JSON object instead (key compiled_playout_vs_chess: the median ratio "
            "of the compiled core's random playouts to python-chess plies/s)"
        )

    def position_example(self) -> str:
        """The start of a position in Sagrada's notation (ENG-12)."""
        return "sagrada1 round:2 ..."

    def action_example(self) -> str:
        """Decisions in Sagrada's notation (ENG-14)."""
        return "draft R6, tool 10 pay G2 or end"

    # ------------------------------------------------------------------ show, explain

    def board(
        self, state: SagradaState, names: Sequence[str] | None, *, colour: bool = False
    ) -> str:
        """The text board with the players' names above their windows and in the final
        scores (SCORE-01 to SCORE-04, WIN-01, SOLO-07)."""
        return render(state, names=names)

    def svg(
        self,
        state: SagradaState,
        names: Sequence[str] | None,
        last: Action | None,
        before: SagradaState | None,
    ) -> str:
        """The picture with the players' names and the last move marked."""
        return state_to_svg(state, names=names, last=last, before=before)

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
        """The core's soak, every ``check_every``-th game (``reference``: every game) also on
        the reference engine (:func:`sintra_rules.games.sagrada.verify.soak.run_soak`)."""
        from sintra_rules.games.sagrada.verify import soak

        every = 1 if reference else check_every or soak.CHECK_EVERY
        return soak.run_soak(
            games, seed, progress=progress, workers=workers, ray=ray, check_every=every
        )
