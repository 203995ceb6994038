"""Self-play training data: games played by MCTS, one JSON line per decision (ENG-52).

``sintra selfplay --games N --seed S --simulations K --out FILE`` plays ``N`` games in which
every seat is the kernel's open-loop UCT search
(:func:`sintra_rules.games.sintra.kernel.mcts_visits`, ``K`` simulations per decision) and writes
one **training example** per decision, as JSON Lines.

**Games.** Game ``g`` (from 0) of a run with seed ``S`` is ``new_game(P, side, S * 2**32 +
g)``; its decisions are drawn from a SplitMix64 generator (ENG-02) seeded with the same game
seed: at each decision one 64-bit output seeds the search, then the action is drawn with
probability proportional to its visit count (``below(K)`` over the visits in id order). The
refills draw from the game's own generator, as in every game (ENG-03). So a game depends on
``S``, ``g``, ``P``, the side and ``K`` only, and a run writes the same bytes in one process,
in local processes or on Ray (:mod:`sintra_rules.distributed`, ENG-51): the lines are written
game by game, in game order.

**A line** is one JSON object with the keys, in this order:

================ ==================================================================
key              value
================ ==================================================================
``format``       ``"sintra-selfplay"``
``version``      ``1``, the version of this format
``behaviour``    the engine's behaviour version (ENG-06)
``game``         the game's number ``g`` in the run
``seed``         the game seed ``S * 2**32 + g``
``players``      the number of players
``side``         ``"A"`` or ``"B"``
``simulations``  ``K``, the simulations per decision
``components``   the ``digest`` of the component table the game was played with (FIG-01)
``provisional``  ``true`` when that table holds provisional figures: the scores and
                 returns may differ from those of the printed game
``ply``          the decision's number in the game, from 0
``to_act``       the seat to act (from 0)
``position``     the position before the decision in the one-line notation (ENG-21)
``legal``        the legal action ids (ENG-30), increasing
``visits``       the search's visit count of each legal id, summing to ``K``
``policy``       ``visits / K``: the visit-count policy over ``legal``
``action``       the id played
``scores``       the final scores of the game, by seat
``returns``      each seat's share of the win (WIN-01 to WIN-03): 1 for a sole winner,
                 ``1 / w`` for each of ``w`` shared winners, 0 for the others
``observation``  only with ``observations=True`` (``--observations``): the observation of
                 the seat to act (ENG-31), as integers
================ ==================================================================

:func:`read_selfplay` reads and checks a file: the format and version, every field's type,
and (by default) that the position reads back and that ``legal`` is its legal ids.

>>> lines = play_selfplay_game(SelfPlayGame(game=0, seed=1, players=2, side="A", simulations=4))
>>> examples = list(read_selfplay(lines))
>>> examples[0].ply, examples[0].to_act, sum(examples[0].visits)
(0, 0, 4)
>>> len(examples) == len(lines) and examples[-1].returns in ((1.0, 0.0), (0.0, 1.0), (0.5, 0.5))
True
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from typing import IO, Any

import attrs

from sintra_rules.distributed import Ray, fan_out
from sintra_rules.errors import FormatVersionError, InvalidArgument, RecordError, SintraError
from sintra_rules.games.sintra import BEHAVIOUR_VERSION
from sintra_rules.games.sintra.components import (
    ComponentTable,
    Side,
    default_components,
    load_components,
)
from sintra_rules.games.sintra.encoding import NUM_ACTIONS, id_to_action, legal_ids
from sintra_rules.games.sintra.kernel import mcts_visits
from sintra_rules.games.sintra.observation import observe
from sintra_rules.games.sintra.position import position_from_text, position_to_text
from sintra_rules.games.sintra.rules import apply
from sintra_rules.games.sintra.scoring import outcome
from sintra_rules.games.sintra.setup import new_game
from sintra_rules.interrupts import deferred_interrupts
from sintra_rules.rng import below, next_u64, seed_state

__all__ = [
    "FORMAT",
    "VERSION",
    "Example",
    "SelfPlayGame",
    "SelfPlayReport",
    "play_selfplay_game",
    "read_selfplay",
    "run_selfplay",
]

#: The ``format`` of every line.
FORMAT = "sintra-selfplay"
#: The version of the line format.
VERSION = 1


@attrs.frozen
class SelfPlayGame:
    """One self-play game: its number in the run, the game seed, players, side, simulations
    per decision and whether to write observations."""

    game: int
    seed: int
    players: int
    side: Side
    simulations: int
    observations: bool = False
    #: The component table file (``--components``), ``None`` for the shipped table.
    components: str | None = None


@attrs.frozen
class Example:
    """One decision read back from a self-play file (see the module description)."""

    game: int
    seed: int
    players: int
    side: Side
    simulations: int
    components: str
    provisional: bool
    ply: int
    to_act: int
    position: str
    legal: tuple[int, ...]
    visits: tuple[int, ...]
    policy: tuple[float, ...]
    action: int
    scores: tuple[int, ...]
    returns: tuple[float, ...]
    observation: tuple[int, ...] | None


@attrs.frozen
class SelfPlayReport:
    """What a run wrote: games, examples (lines) and the file."""

    games: int
    examples: int
    path: str

    def summary(self) -> str:
        """One line for the command line."""
        return f"selfplay: {self.games} games, {self.examples} examples written to {self.path}"


def play_selfplay_game(plan: SelfPlayGame) -> tuple[str, ...]:
    """Play one self-play game and return its lines (without line ends), ply by ply.

    Args:
        plan: the game.

    Returns:
        One JSON line per decision.

    Raises:
        ConfigurationError: a bad player count, side or seed (SETUP-02, COMP-02, ENG-02).
    """
    table = default_components() if plan.components is None else load_components(plan.components)
    state = new_game(plan.players, plan.side, plan.seed, components=table)
    chooser = seed_state(plan.seed)
    decisions: list[dict[str, Any]] = []
    while not state.is_over:
        chooser, search_seed = next_u64(chooser)
        with deferred_interrupts():  # compiled: Ctrl-C is raised between searches
            visits = mcts_visits(state, plan.simulations, seed=search_seed)
        ids = legal_ids(state)
        counts = [visits[action_id] for action_id in ids]
        chooser, pick = below(chooser, plan.simulations)
        chosen = ids[-1]
        for action_id, count in zip(ids, counts, strict=True):
            if pick < count:
                chosen = action_id
                break
            pick -= count
        line: dict[str, Any] = {
            "format": FORMAT,
            "version": VERSION,
            "behaviour": BEHAVIOUR_VERSION,
            "game": plan.game,
            "seed": plan.seed,
            "players": plan.players,
            "side": plan.side,
            "simulations": plan.simulations,
            "components": table.digest,
            "provisional": bool(table.provisional_figures),
            "ply": len(decisions),
            "to_act": state.turn,
            "position": position_to_text(state),
            "legal": list(ids),
            "visits": counts,
            "policy": [count / plan.simulations for count in counts],
            "action": chosen,
        }
        if plan.observations:
            line["observation"] = [int(value) for value in observe(state, state.turn)]
        decisions.append(line)
        state = apply(state, id_to_action(state, chosen))
    result = outcome(state)
    scores = list(result.scores)
    returns = [
        1.0 / len(result.winners) if seat in result.winners else 0.0 for seat in range(plan.players)
    ]
    lines = []
    for line in decisions:
        observation = line.pop("observation", None)
        line["scores"] = scores
        line["returns"] = returns
        if observation is not None:
            line["observation"] = observation
        lines.append(json.dumps(line, separators=(",", ":")))
    return tuple(lines)


def run_selfplay(
    games: int,
    seed: int,
    simulations: int,
    out: IO[str],
    *,
    players: int = 2,
    side: Side = "A",
    observations: bool = False,
    components: str | None = None,
    workers: int | None = 1,
    ray: Ray | None = None,
    progress: Callable[[int, int], None] | None = None,
    path: str = "",
) -> SelfPlayReport:
    """Play ``games`` self-play games and write their lines to ``out``, game by game in game
    order (see the module description).

    Args:
        games: how many games (``>= 0``).
        seed: the run's seed (``>= 0``).
        simulations: MCTS simulations per decision (``>= 1``).
        out: the text stream written to.
        players: 2, 3 or 4.
        side: the board side.
        observations: also write each decision's observation (ENG-31).

        components: a component table file (FIG-01 to FIG-10) to play with (default: the
            shipped table); each worker reads it, so give a path they can reach.

        workers: processes to play in (see :func:`sintra_rules.distributed.fan_out`).
        ray: play on Ray (see :func:`sintra_rules.distributed.fan_out`).
        progress: called as ``progress(done, games)`` after each game is written.
        path: the file's name, for the report.

    Returns:
        The :class:`SelfPlayReport`.

    Raises:
        InvalidArgument: a count, seed, player count or side out of range.
        ComponentTableError: ``components`` is not a valid component table file.

        FanOutError, MissingExtra: from :func:`~sintra_rules.distributed.fan_out`.
    """
    for name, value, low in (
        ("games", games, 0),
        ("seed", seed, 0),
        ("simulations", simulations, 1),
    ):
        if type(value) is not int or value < low:
            raise InvalidArgument(name, f"must be a whole number >= {low}, got {value!r}")
    if players not in (2, 3, 4):
        raise InvalidArgument("players", f"the game is for 2 to 4 players, got {players!r}")
    if side not in ("A", "B"):
        raise InvalidArgument("side", f"must be 'A' or 'B', got {side!r}")
    if components is not None:
        load_components(components)  # a bad table fails here, before any game is played
    plans = [
        SelfPlayGame(g, (seed << 32) + g, players, side, simulations, observations, components)
        for g in range(games)
    ]
    examples = 0
    for done, lines in enumerate(
        fan_out(play_selfplay_game, plans, workers=workers, ray=ray, chunk=1), 1
    ):
        with deferred_interrupts():  # a game is written whole and counted, or not at all
            out.write("".join(line + "\n" for line in lines))
            out.flush()
            examples += len(lines)
            if progress is not None:
                progress(done, games)
    return SelfPlayReport(games, examples, path)


# ----------------------------------------------------------------------------- reading


def _field(data: dict[str, Any], key: str, where: str) -> Any:
    if key not in data:
        raise RecordError(f"{where}.{key}", "missing")
    return data[key]


def _int(data: dict[str, Any], key: str, where: str, low: int = 0) -> int:
    value = _field(data, key, where)
    if type(value) is not int or value < low:
        raise RecordError(f"{where}.{key}", f"expected a whole number >= {low}, got {value!r}")
    return value


def _ints(data: dict[str, Any], key: str, where: str) -> tuple[int, ...]:
    value = _field(data, key, where)
    if not isinstance(value, list) or any(type(v) is not int for v in value):
        raise RecordError(f"{where}.{key}", "expected a list of whole numbers")
    return tuple(value)


def _floats(data: dict[str, Any], key: str, where: str) -> tuple[float, ...]:
    value = _field(data, key, where)
    if not isinstance(value, list) or any(type(v) not in (int, float) for v in value):
        raise RecordError(f"{where}.{key}", "expected a list of numbers")
    return tuple(float(v) for v in value)


def _example(text: str, where: str, check_positions: bool, table: ComponentTable) -> Example:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise RecordError(where, f"not valid JSON: {error.msg} (column {error.colno})") from None
    if not isinstance(data, dict):
        raise RecordError(where, "expected a JSON object")
    if data.get("format") != FORMAT:
        raise RecordError(f"{where}.format", f"expected {FORMAT!r}, got {data.get('format')!r}")
    if data.get("version") != VERSION:
        raise FormatVersionError(
            f"{where}.version", f"this library reads version {VERSION}, got {data.get('version')!r}"
        )
    if data.get("behaviour") != BEHAVIOUR_VERSION:
        raise FormatVersionError(
            f"{where}.behaviour",
            f"written by behaviour version {data.get('behaviour')!r}, this engine is "
            f"{BEHAVIOUR_VERSION}",
        )
    players = _int(data, "players", where, 2)
    side = _field(data, "side", where)
    if side not in ("A", "B"):
        raise RecordError(f"{where}.side", f"expected 'A' or 'B', got {side!r}")
    simulations = _int(data, "simulations", where, 1)
    digest = _field(data, "components", where)
    if digest != table.digest:
        raise RecordError(
            f"{where}.components",
            f"written with the component table {digest!r}, read with {table.name!r} "
            f"({table.digest!r}): pass the table the file was written with",
        )
    provisional = _field(data, "provisional", where)
    if provisional is not bool(table.provisional_figures):
        raise RecordError(
            f"{where}.provisional",
            f"expected {bool(table.provisional_figures)!r} for this table, got {provisional!r}",
        )
    position = _field(data, "position", where)
    if not isinstance(position, str):
        raise RecordError(f"{where}.position", "expected the one-line notation (a string)")
    legal, visits = _ints(data, "legal", where), _ints(data, "visits", where)
    policy = _floats(data, "policy", where)
    if not legal or list(legal) != sorted(set(legal)) or not 0 <= legal[-1] < NUM_ACTIONS:
        raise RecordError(f"{where}.legal", "expected increasing action ids in 0..3600")
    if len(visits) != len(legal) or len(policy) != len(legal):
        raise RecordError(f"{where}.visits", "expected one visit count and policy per legal id")
    if sum(visits) != simulations or any(v < 0 for v in visits):
        raise RecordError(f"{where}.visits", f"expected counts summing to {simulations}")
    if policy != tuple(v / simulations for v in visits):
        raise RecordError(f"{where}.policy", "expected visits / simulations")
    action = _int(data, "action", where)
    if action not in legal:
        raise RecordError(f"{where}.action", f"{action} is not among the legal ids")
    scores, returns = _ints(data, "scores", where), _floats(data, "returns", where)
    if len(scores) != players or len(returns) != players or abs(sum(returns) - 1.0) > 1e-9:
        raise RecordError(f"{where}.returns", f"expected {players} scores and shares summing to 1")
    to_act = _int(data, "to_act", where)
    if to_act >= players:
        raise RecordError(f"{where}.to_act", f"expected a seat below {players}, got {to_act}")
    observation = _ints(data, "observation", where) if "observation" in data else None
    if check_positions:
        try:
            state = position_from_text(position, table)
        except SintraError as error:
            raise RecordError(f"{where}.position", str(error)) from None
        if (len(state.players), state.side, state.turn) != (players, side, to_act):
            raise RecordError(f"{where}.position", "players, side or seat to act differ")
        if legal_ids(state) != legal:
            raise RecordError(f"{where}.legal", "not the legal ids of the position")
        if observation is not None and observation != tuple(map(int, observe(state, to_act))):
            raise RecordError(f"{where}.observation", "not the observation of the position")
    return Example(
        game=_int(data, "game", where),
        seed=_int(data, "seed", where),
        players=players,
        side=side,
        simulations=simulations,
        components=digest,
        provisional=provisional,
        ply=_int(data, "ply", where),
        to_act=to_act,
        position=position,
        legal=legal,
        visits=visits,
        policy=policy,
        action=action,
        scores=scores,
        returns=returns,
        observation=observation,
    )


def read_selfplay(
    lines: Iterable[str],
    check_positions: bool = True,
    components: ComponentTable | None = None,
) -> Iterator[Example]:
    """Read and check self-play lines (a file opened as text, or a list of lines).

    Args:
        lines: the lines; blank lines are skipped.

        check_positions: also read each position back and check its legal ids (and the
            observation, when present) against the engine.

        components: the component table the file was written with (default: the shipped
            table); every line's ``components`` digest must be its.

    Yields:
        One :class:`Example` per line.

    Raises:
        RecordError: a malformed line; the field is named ``line N: $.KEY``.

        FormatVersionError: another format version, or another behaviour version (ENG-06).
    """
    table = default_components() if components is None else components
    for number, text in enumerate(lines, 1):
        if text.strip():
            yield _example(text, f"line {number}: $", check_positions, table)
