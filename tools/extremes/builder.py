"""The game-neutral part of :mod:`tools.extremes`: a game built step by step through the
protocol, the description of one extreme game, and its record written one move per line."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, Literal

import attrs

from sintra_rules import IllegalAction
from sintra_rules.game import GameLog
from sintra_rules.games import make

__all__ = [
    "EXTREMES_DIR",
    "INDEX",
    "Builder",
    "Extreme",
    "Shown",
    "index_entry",
    "index_text",
    "record_text",
]

#: Where the records are kept.
EXTREMES_DIR = Path(__file__).resolve().parents[2] / "tests" / "golden" / "extremes"
#: The index of the records: what each game shows (read by the proofs' pages).
INDEX = EXTREMES_DIR / "index.json"


class Builder:
    """A game played step by step through the game's protocol (:func:`sintra_rules.make`),
    from the position before setup's first chance step, every chance outcome supplied.

    ``chance`` applies outcomes (each must be one the pending step lists), ``act`` applies
    decisions written in the game's notation (each must be among the legal actions), and
    ``comment`` notes a line for the record after the last decision. :meth:`log` is the
    game as a :class:`~sintra_rules.game.GameLog`, ready for the game's ``write_record``;
    :attr:`events` is what the decisions caused.
    """

    def __init__(self, game: str, players: int, options: Mapping[str, str] | None = None) -> None:
        self.game: Any = make(game)
        self.start: Any = self.game.start(players, seed=None, options=options, sample=False)
        self.state: Any = self.start
        self._states: list[Any] = []
        self._actions: list[Any] = []
        self._outcomes: list[list[int]] = [[]]
        self._comments: list[tuple[int, str]] = []
        #: What each decision caused (the game's ``apply_traced`` events), in order.
        self.events: list[Any] = []

    def chance(self, *outcomes: int) -> None:
        """Apply ``outcomes`` to the pending chance steps, in order.

        Raises:
            IllegalAction: no chance step is pending, or an outcome is not one it lists.
        """
        for outcome in outcomes:
            self.state = self.game.apply_chance(self.state, outcome)
            self._outcomes[-1].append(outcome)

    def act(self, *texts: str) -> None:
        """Apply the decisions ``texts`` (the game's notation), in order.

        Raises:
            IllegalAction: a decision is not among the legal actions where it comes.
        """
        for text in texts:
            action = self.game.action_from_text(self.state, text)
            legal = self.game.legal_actions(self.state)
            if action not in legal:
                shown = ", ".join(self.game.action_to_text(self.state, a) for a in legal)
                raise IllegalAction(
                    "ENG-04", f"ply {len(self._actions) + 1}: {text!r} is not legal; legal: {shown}"
                )
            self._states.append(self.state)
            self.state, events = self.game.apply_traced(
                self.state, action
            )  # no generator: it stops at chance
            self.events.extend(events)
            self._actions.append(action)
            self._outcomes.append([])

    def comment(self, text: str) -> None:
        """A comment after the decisions so far (0: about the game)."""
        self._comments.append((len(self._actions), text))

    def log(self) -> GameLog:
        """The game as a :class:`~sintra_rules.game.GameLog` (no seed: its chance outcomes are
        supplied)."""
        return GameLog(
            start=self.start,
            states=[*self._states, self.state],
            actions=self._actions,
            outcomes=[tuple(o) for o in self._outcomes],
            comments=self._comments,
            result=self.game.result(self.state) if self.state.is_over else None,
        )


@attrs.frozen
class Shown:
    """A bound a game reaches (or comes nearest to): the proof's name, the key of its value
    among the proof's values (``high``, ``low``, ...) and the game's value."""

    proof: str
    key: str
    value: int


@attrs.frozen
class Extreme:
    """One extreme score played: the record's ``name`` (its file stem), the ``game``, the
    number of ``players`` and the game's ``options``, the ``seat`` that reaches the extreme,
    whether it is the ``highest`` or the ``lowest`` score, what it shows (``summary``), the
    plan that plays it (``build``), the proof of its bound (``proof``), whether it reaches
    that bound (``tight``; else it is the most extreme game known, and ``gap`` says why the
    bound is not reached) and the other bounds its game reaches (``shows``, measured on the
    finished game)."""

    name: str
    game: str
    players: int
    options: tuple[tuple[str, str], ...]
    seat: int
    kind: Literal["highest", "lowest"]
    summary: str
    build: Callable[[], Builder] = attrs.field(eq=False, repr=False)
    proof: str = attrs.field(kw_only=True)
    tight: bool = attrs.field(default=True, kw_only=True)
    gap: str = attrs.field(default="", kw_only=True)
    shows: Callable[[Builder, int], list[Shown]] = attrs.field(
        default=lambda _builder, _seat: [], kw_only=True, eq=False, repr=False
    )

    @property
    def path(self) -> Path:
        """The record's file."""
        return EXTREMES_DIR / f"{self.name}.json"

    def bound(self) -> int:
        """The bound the engine declares for this game's scores (the proved one): its
        ``max_score`` for a highest score, its ``min_score`` for a lowest."""
        facts = make(self.game).facts(self.players, dict(self.options))
        return int(facts.max_score if self.kind == "highest" else facts.min_score)

    def command(self) -> str:
        """The command that replays the record."""
        return f"sintra replay tests/golden/extremes/{self.name}.json"


def index_entry(item: Extreme, builder: Builder) -> dict[str, Any]:
    """What ``tests/golden/extremes/index.json`` says of ``item`` played by ``builder``: the
    game, the seat (from 1) and its score, the proof of its bound, whether it reaches it (and
    why not), the command that replays it and the bounds it reaches, measured on the game."""
    score = int(builder.game.result(builder.state).scores[item.seat])
    shown = [Shown(item.proof, "high" if item.kind == "highest" else "low", score)]
    shown += item.shows(builder, item.seat)
    return {
        "name": item.name,
        "game": item.game,
        "players": item.players,
        "options": dict(item.options),
        "seat": item.seat + 1,
        "kind": item.kind,
        "score": score,
        "proof": item.proof,
        "tight": item.tight,
        "gap": item.gap,
        "summary": item.summary,
        "command": item.command(),
        "shows": [attrs.asdict(s) for s in shown],
    }


def index_text(entries: list[dict[str, Any]]) -> str:
    """``tests/golden/extremes/index.json``: the games and what they show (one per line)."""
    lines = ['{"format": 1, "kind": "extreme-games", "games": [']
    lines += [f"  {json.dumps(e)}," for e in entries[:-1]] + [f"  {json.dumps(entries[-1])}"]
    return "\n".join([*lines, "]}"]) + "\n"


def record_text(builder: Builder) -> str:
    """The game of ``builder`` as its game's JSON record, one move per line.

    Raises:
        RecordError: the game does not replay (it cannot: every step was checked).
    """
    doc = json.loads(builder.game.write_record(builder.log()))
    lines = ["{"]
    items = list(doc.items())
    for index, (key, value) in enumerate(items):
        comma = "," if index + 1 < len(items) else ""
        if key == "moves":
            moves = [json.dumps(move) for move in value]
            lines.append(' "moves": [')
            lines += [f"  {move}," for move in moves[:-1]] + [f"  {moves[-1]}"] if moves else []
            lines.append(f" ]{comma}")
        else:
            lines.append(f" {json.dumps(key)}: {json.dumps(value)}{comma}")
    lines.append("}")
    return "\n".join(lines) + "\n"
