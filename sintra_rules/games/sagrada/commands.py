"""Sagrada's own parts of the ``sintra`` command (:class:`SagradaCommands`, Sagrada's
:class:`~sintra_rules.game.CommandLine` capability).

The command (:mod:`sintra_rules.cli`) is generic; for Sagrada it soaks on the compiled core,
every K-th game also on the reference engine with every invariant and the core cross-checked
ply by ply (:func:`sintra_rules.games.sagrada.verify.soak.run_soak`). Everything else is the
generic command's (:class:`~sintra_rules.cli.hooks.GameCommands`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sintra_rules.cli.hooks import GameCommands

__all__ = ["SagradaCommands"]


class SagradaCommands(GameCommands):
    """Sagrada's parts of the command."""

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
