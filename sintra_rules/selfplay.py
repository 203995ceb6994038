"""Self-play training data: games played by a search, one JSON line per decision (ENG-52), for
any game (Sintra by default).

``sintra selfplay --games N --seed S --simulations K --out FILE [--agent uct|mcts]`` plays
``N`` games in which every seat is a search of ``K`` simulations per decision and writes one
**training example** per decision, as JSON Lines. The search is ``uct``, the game's own
(:class:`~sintra_rules.game.Searched`; Sintra's is the compiled kernel's open-loop UCT,
:func:`sintra_rules.games.sintra.kernel.mcts_visits`), by default where the game has one, or
``mcts``, the generic determinized MCTS (:class:`~sintra_rules.mcts.MctsAgent`, the visits of
its root), the default for a game without its own.

**Games.** Game ``g`` (from 0) of a run with seed ``S`` starts from the game seed ``S * 2**32 +
g`` (Sintra: ``new_game(P, side, S * 2**32 + g)``); its decisions are drawn from a SplitMix64
generator (ENG-02) seeded with the same game seed: at each decision one 64-bit output seeds the
search, then the action is drawn with probability proportional to its visit count (``below(K)``
over the visits in id order). The game's chance steps draw from its own generator, as in every
game (ENG-03). So a game depends on ``S``, ``g``, ``P``, the options, the search and ``K``
only, and a run writes the same bytes in one process, in local processes or on Ray
(:mod:`sintra_rules.distributed`, ENG-51): the lines are written game by game, in game order.

**A line** is one JSON object with the keys, in this order:

================ ==================================================================
key              value
================ ==================================================================
``format``       ``"<game>-selfplay"``: ``"sintra-selfplay"``, ``"sagrada-selfplay"``
``version``      ``2``, the version of this format
``behaviour``    the game's behaviour version (ENG-06)
``game``         the game's number ``g`` in the run
``seed``         the game seed ``S * 2**32 + g``
``players``      the number of players
(options)        each of the game's options that applies to that many players, by its
                 name, in the game's order (Sintra: ``side``, ``"A"`` or ``"B"``;
                 Sagrada: ``tools``, the solo difficulty, in the solo game only)
``simulations``  ``K``, the simulations per decision
``search``       only when it is not the game's default search: ``"mcts"`` or ``"uct"``
(table)          what the game records about its component table
                 (:class:`~sintra_rules.game.Tabled`; Sintra: ``components``, the
                 ``digest`` of the table the game was played with (FIG-01), and
                 ``provisional``, ``true`` when that table holds provisional figures:
                 the scores and returns may differ from those of the printed game)
``ply``          the decision's number in the game, from 0
``to_act``       the seat to act (from 0)
``seen``         **what the seat to act knew**: its observation in words,
                 ``game.observation_string(position, to_act)`` (ENG-31), which holds
                 nothing hidden from that seat (Sagrada: the board with the other
                 seats' private objectives hidden; Sintra, a game of perfect
                 information: the whole position)
``referee``      **the referee's view**: the whole position before the decision, every
                 seat's secrets included (Sagrada: every private objective), in the
                 one-line notation (ENG-21) of a game that has one
                 (:class:`~sintra_rules.game.Positions`), else the game's serialization.
                 Not what the seat knew: a model of a seat must not learn from it
``legal``        the legal action ids (ENG-30), increasing
``visits``       the search's visit count of each legal id, summing to ``K``
``policy``       ``visits / K``: the visit-count policy over ``legal``
``action``       the id played
``scores``       the final scores of the game, by seat
``returns``      each seat's share of the win (:func:`~sintra_rules.game.win_shares`;
                 Sintra: WIN-01 to WIN-03): 1 for a sole winner, ``1 / w`` for each of
                 ``w`` shared winners, 0 for the others (all 0 when nobody won)
``observation``  only with ``observations=True`` (``--observations``): the observation of
                 the seat to act (ENG-31), as integers; like ``seen``, nothing hidden
                 from that seat
================ ==================================================================

The searches themselves play fair: each searches a determinization for the seat to act
(:meth:`~sintra_rules.game.Rules.determinize`), never the hidden cards of ``referee``; the
visit counts are what a seat could compute from ``seen``.

**Version 1** files (written before ``seen`` and ``referee``) are still read: their key
``position`` is the referee's view, every option is written whatever the player count, and
:func:`read_selfplay` derives each line's ``seen`` from its position (so reading one always
reads its positions back).

:func:`read_selfplay` reads and checks a file: the format and version, every field's type,
and (by default) that the position reads back and that ``legal`` is its legal ids.

>>> lines = play_selfplay_game(SelfPlayGame(game=0, seed=1, players=2, simulations=4))
>>> examples = list(read_selfplay(lines))
>>> examples[0].ply, examples[0].to_act, sum(examples[0].visits), examples[0].options
(0, 0, 4, (('side', 'A'),))
>>> len(examples) == len(lines) and examples[-1].returns in ((1.0, 0.0), (0.0, 1.0), (0.5, 0.5))
True

A Sagrada line: the seat to act sees its own private objective, not the other seat's:

>>> sagrada = make("sagrada")
>>> plan = SelfPlayGame(game=0, seed=1, players=2, simulations=2, rules=sagrada)
>>> first = next(read_selfplay(play_selfplay_game(plan)[:1], game=sagrada))
>>> [line.strip() for line in first.seen.splitlines() if "private" in line]
['private objective: Shades of Red', 'private objective: hidden']
>>> first.referee.count("private=")
2
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import IO, Any

import attrs

from sintra_rules._words import plural
from sintra_rules.distributed import Ray, fan_out
from sintra_rules.errors import FormatVersionError, InvalidArgument, RecordError, SintraError
from sintra_rules.game import Game, Positions, Searched, Tabled, win_shares
from sintra_rules.games import make
from sintra_rules.interrupts import deferred_interrupts
from sintra_rules.mcts import MctsAgent
from sintra_rules.rng import below, next_u64, seed_state

__all__ = [
    "SEARCHES",
    "VERSION",
    "Example",
    "SelfPlayGame",
    "SelfPlayReport",
    "default_search",
    "format_of",
    "play_selfplay_game",
    "read_selfplay",
    "run_selfplay",
]

#: The version of the line format (version 1 is still read).
VERSION = 2
#: The versions :func:`read_selfplay` reads.
READS = (1, 2)
#: The searches self-play can use (the agent names of :func:`sintra_rules.agents.make_agent`).
SEARCHES = ("mcts", "uct")


def _game(game: Game[Any, Any] | None) -> Game[Any, Any]:
    return make("sintra") if game is None else game


def format_of(game: Game[Any, Any] | None = None) -> str:
    """The ``format`` of the lines of ``game`` (default: Sintra): ``"<name>-selfplay"``.

    >>> format_of()
    'sintra-selfplay'
    """
    return f"{_game(game).info.name}-selfplay"


def default_search(game: Game[Any, Any] | None = None) -> str:
    """The search self-play uses for ``game`` (default: Sintra) unless told: ``"uct"``, the
    game's own, where it has one, else ``"mcts"``.

    >>> default_search()
    'uct'
    """
    return "uct" if isinstance(_game(game), Searched) else "mcts"


def _check_search(game: Game[Any, Any], search: str) -> str:
    if search not in SEARCHES:
        raise InvalidArgument("search", f"must be one of {', '.join(SEARCHES)}, got {search!r}")
    if search == "uct" and not isinstance(game, Searched):
        raise InvalidArgument("search", f"{game.info.title} has no search of its own (use mcts)")
    return search


@attrs.frozen
class SelfPlayGame:
    """One self-play game: its number in the run, the game seed, players, simulations per
    decision, the game's options, whether to write observations, the search (``None``: the
    game's default) and the game played (``None``: Sintra)."""

    game: int
    seed: int
    players: int
    simulations: int
    options: tuple[tuple[str, str], ...] = ()
    observations: bool = False
    search: str | None = None
    rules: Any = None


@attrs.frozen
class Example:
    """One decision read back from a self-play file (see the module description): ``seen`` is
    what the seat to act knew, ``referee`` the whole position (every seat's secrets); the
    options are those that apply to the player count."""

    game: int
    seed: int
    players: int
    options: tuple[tuple[str, str], ...]
    simulations: int
    search: str
    table: tuple[tuple[str, Any], ...]
    ply: int
    to_act: int
    seen: str
    referee: str
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
        games, examples = plural(self.games, "game"), plural(self.examples, "example")
        return f"selfplay: {games}, {examples} written to {self.path}"


def _position_text(game: Game[Any, Any], state: Any) -> str:
    if isinstance(game, Positions):
        return game.position_to_text(state)
    return game.serialize(state)


def _position_from(game: Game[Any, Any], text: str) -> Any:
    if isinstance(game, Positions):
        return game.position_from_text(text)
    return game.deserialize(text)


def _visits(
    game: Game[Any, Any], search: str, state: Any, simulations: int, seed: int
) -> tuple[int, ...]:
    """The search's visit count of each legal id of ``state`` (summing to ``simulations``)."""
    if search == "uct":
        assert isinstance(game, Searched)
        with deferred_interrupts():  # compiled: Ctrl-C is raised between searches
            return tuple(game.search_visits(state, simulations, seed))
    agent = MctsAgent(seed, simulations=simulations, game=game)
    agent.choose(state)
    assert agent.last_search is not None
    visits = agent.last_search.visits
    return visits if len(visits) > 1 else (simulations,)  # one action: nothing searched


def play_selfplay_game(plan: SelfPlayGame) -> tuple[str, ...]:
    """Play one self-play game and return its lines (without line ends), ply by ply.

    Args:
        plan: the game.

    Returns:
        One JSON line per decision.

    Raises:
        ConfigurationError: a bad player count, option or seed (Sintra: SETUP-02, COMP-02,
            ENG-02).

        InvalidArgument: a search the game does not have.
    """
    game = _game(plan.rules)
    search = _check_search(game, default_search(game) if plan.search is None else plan.search)
    options = game.info.resolve_options(dict(plan.options))
    written = game.info.options_for(plan.players, options)
    table = dict(game.table_fields()) if isinstance(game, Tabled) else {}
    state = game.start(plan.players, seed=plan.seed, options=options)
    chooser = seed_state(plan.seed)
    decisions: list[dict[str, Any]] = []
    while not state.is_over:
        chooser, search_seed = next_u64(chooser)
        counts = _visits(game, search, state, plan.simulations, search_seed)
        ids = tuple(game.legal_ids(state))
        chooser, pick = below(chooser, plan.simulations)
        chosen = ids[-1]
        for action_id, count in zip(ids, counts, strict=True):
            if pick < count:
                chosen = action_id
                break
            pick -= count
        line: dict[str, Any] = {
            "format": format_of(game),
            "version": VERSION,
            "behaviour": game.info.behaviour_version,
            "game": plan.game,
            "seed": plan.seed,
            "players": plan.players,
            **written,
            "simulations": plan.simulations,
        }
        if search != default_search(game):
            line["search"] = search
        line.update(table)
        line.update(
            {
                "ply": len(decisions),
                "to_act": state.turn,
                "seen": game.observation_string(state, state.turn),
                "referee": _position_text(game, state),
                "legal": list(ids),
                "visits": list(counts),
                "policy": [count / plan.simulations for count in counts],
                "action": chosen,
            }
        )
        if plan.observations:
            line["observation"] = [int(value) for value in game.observe(state, state.turn)]
        decisions.append(line)
        state = game.apply(state, game.id_to_action(state, chosen))
    result = game.result(state)
    scores = list(result.scores)
    returns = list(win_shares(result))
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
    game: Game[Any, Any] | None = None,
    players: int = 2,
    options: Mapping[str, str] | None = None,
    search: str | None = None,
    observations: bool = False,
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
        simulations: simulations per decision (``>= 1``).
        out: the text stream written to.

        game: the game (default: Sintra; on another component table: ``SintraGame(table)``
            or :meth:`~sintra_rules.game.Tabled.on_table`). It travels to the workers.

        players: the number of players (Sintra: 2, 3 or 4).
        options: the game's options (Sintra: ``{"side": "B"}``).
        search: ``"uct"`` or ``"mcts"`` (default: :func:`default_search`).
        observations: also write each decision's observation (ENG-31).
        workers: processes to play in (see :func:`sintra_rules.distributed.fan_out`).
        ray: play on Ray (see :func:`sintra_rules.distributed.fan_out`).
        progress: called as ``progress(done, games)`` after each game is written.
        path: the file's name, for the report.

    Returns:
        The :class:`SelfPlayReport`.

    Raises:
        InvalidArgument: a count, seed, player count or search out of range.
        ConfigurationError: an option the game does not take.

        FanOutError, MissingExtra: from :func:`~sintra_rules.distributed.fan_out`.
    """
    for name, value, low in (
        ("games", games, 0),
        ("seed", seed, 0),
        ("simulations", simulations, 1),
    ):
        if type(value) is not int or value < low:
            raise InvalidArgument(name, f"must be a whole number >= {low}, got {value!r}")
    played = _game(game)
    counts = played.info.player_counts
    if players not in counts:
        raise InvalidArgument(
            "players",
            f"{played.info.title} is for {', '.join(map(str, counts))} players, got {players!r}",
        )
    chosen = tuple(played.info.resolve_options(options).items())
    if search is not None:
        _check_search(played, search)
    plans = [
        SelfPlayGame(g, (seed << 32) + g, players, simulations, chosen, observations, search, game)
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


def _header(data: dict[str, Any], where: str, game: Game[Any, Any]) -> int:
    """The format and the versions of a line, checked; its format version."""
    expected = format_of(game)
    if data.get("format") != expected:
        raise RecordError(f"{where}.format", f"expected {expected!r}, got {data.get('format')!r}")
    version = data.get("version")
    if type(version) is not int or version not in READS:
        raise FormatVersionError(
            f"{where}.version",
            f"this library reads versions {' and '.join(map(str, READS))}, got {version!r}",
        )
    behaviour = game.info.behaviour_version
    if data.get("behaviour") != behaviour:
        raise FormatVersionError(
            f"{where}.behaviour",
            f"written by behaviour version {data.get('behaviour')!r}, this engine is {behaviour}",
        )
    return version


def _options(
    data: dict[str, Any], where: str, game: Game[Any, Any], players: int, version: int
) -> tuple[tuple[str, str], ...]:
    """The line's options: each option that applies to ``players``, checked; another option
    is refused (version 1 wrote every option: there, the others are passed over)."""
    options = []
    for option in game.info.options:
        if not option.applies_to(players):
            if version > 1 and option.name in data:
                raise RecordError(
                    f"{where}.{option.name}",
                    f"{game.info.title}'s option {option.name} does not apply to "
                    f"{players} players (leave it out)",
                )
            continue
        value = _field(data, option.name, where)
        if value not in option.values:
            choices = " or ".join(repr(v) for v in option.values)
            raise RecordError(f"{where}.{option.name}", f"expected {choices}, got {value!r}")
        options.append((option.name, value))
    return tuple(options)


def _search_and_table(
    data: dict[str, Any], where: str, game: Game[Any, Any]
) -> tuple[str, tuple[tuple[str, Any], ...]]:
    """The line's search and its table fields, checked against the game read with."""
    default = default_search(game)
    search = data.get("search", default)
    if "search" in data and (search not in SEARCHES or search == default):
        other = " or ".join(repr(s) for s in SEARCHES if s != default)
        raise RecordError(f"{where}.search", f"expected {other} (or no key), got {search!r}")
    table = dict(game.table_fields()) if isinstance(game, Tabled) else {}
    for key, value in table.items():
        written = _field(data, key, where)
        if written != value:
            raise RecordError(
                f"{where}.{key}",
                f"written with {key} {written!r}, read with {value!r}: read the file with the "
                "game (the component table) it was written with",
            )
    return search, tuple(table.items())


def _text(data: dict[str, Any], key: str, where: str, what: str) -> str:
    value = _field(data, key, where)
    if not isinstance(value, str):
        raise RecordError(f"{where}.{key}", f"expected {what} (a string)")
    return value


def _example(text: str, where: str, check_positions: bool, game: Game[Any, Any]) -> Example:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise RecordError(where, f"not valid JSON: {error.msg} (column {error.colno})") from None
    if not isinstance(data, dict):
        raise RecordError(where, "expected a JSON object")
    version = _header(data, where, game)
    players = _int(data, "players", where, 1)
    if players not in game.info.player_counts:
        raise RecordError(f"{where}.players", f"{game.info.title} has no {players}-player game")
    options = _options(data, where, game, players, version)
    search, table = _search_and_table(data, where, game)
    simulations = _int(data, "simulations", where, 1)
    if version == 1:
        referee = _text(data, "position", where, "the position's text")
        seen = None
    else:
        seen = _text(data, "seen", where, "what the seat saw, in words")
        referee = _text(data, "referee", where, "the position's text")
    legal, visits = _ints(data, "legal", where), _ints(data, "visits", where)
    policy = _floats(data, "policy", where)
    size = game.facts(players, dict(options)).num_actions
    if not legal or list(legal) != sorted(set(legal)) or not 0 <= legal[0] <= legal[-1] < size:
        raise RecordError(f"{where}.legal", f"expected increasing action ids in 0..{size - 1}")
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
    total = sum(returns)
    if len(scores) != players or len(returns) != players or min(abs(total - 1), abs(total)) > 1e-9:
        raise RecordError(
            f"{where}.returns", f"expected {players} scores and shares summing to 1 (0: no winner)"
        )
    to_act = _int(data, "to_act", where)
    if to_act >= players:
        raise RecordError(f"{where}.to_act", f"expected a seat below {players}, got {to_act}")
    observation = _ints(data, "observation", where) if "observation" in data else None
    if check_positions or seen is None:
        key = "position" if version == 1 else "referee"
        state = _check_position(game, where, key, referee, players, options, to_act)
        if check_positions:
            _check_seen(game, where, state, to_act, legal, seen, observation)
        if seen is None:
            seen = game.observation_string(state, to_act)
    return Example(
        game=_int(data, "game", where),
        seed=_int(data, "seed", where),
        players=players,
        options=options,
        simulations=simulations,
        search=search,
        table=table,
        ply=_int(data, "ply", where),
        to_act=to_act,
        seen=seen,
        referee=referee,
        legal=legal,
        visits=visits,
        policy=policy,
        action=action,
        scores=scores,
        returns=returns,
        observation=observation,
    )


def _check_position(
    game: Game[Any, Any],
    where: str,
    key: str,
    position: str,
    players: int,
    options: Sequence[tuple[str, str]],
    to_act: int,
) -> Any:
    """The state of the line's position (its key ``key``), read back and checked: its
    players, its options (:meth:`~sintra_rules.game.Rules.options_of`) and its seat to act
    are the line's."""
    try:
        state = _position_from(game, position)
    except SintraError as error:
        raise RecordError(f"{where}.{key}", str(error)) from None
    if (state.num_players, state.turn) != (players, to_act):
        raise RecordError(f"{where}.{key}", "players or seat to act differ")
    held = dict(game.options_of(state))
    if held != dict(options):
        shown = ", ".join(f"{name} {value!r}" for name, value in held.items()) or "none"
        raise RecordError(f"{where}.{key}", f"the position's options differ ({shown})")
    return state


def _check_seen(
    game: Game[Any, Any],
    where: str,
    state: Any,
    to_act: int,
    legal: tuple[int, ...],
    seen: str | None,
    observation: tuple[int, ...] | None,
) -> None:
    """The line's legal ids, what the seat saw and its observation are the position's."""
    if tuple(game.legal_ids(state)) != legal:
        raise RecordError(f"{where}.legal", "not the legal ids of the position")
    if seen is not None and seen != game.observation_string(state, to_act):
        raise RecordError(f"{where}.seen", "not what the seat to act sees in the position")
    if observation is not None and observation != tuple(map(int, game.observe(state, to_act))):
        raise RecordError(f"{where}.observation", "not the observation of the position")


def read_selfplay(
    lines: Iterable[str],
    check_positions: bool = True,
    *,
    game: Game[Any, Any] | None = None,
) -> Iterator[Example]:
    """Read and check self-play lines (a file opened as text, or a list of lines).

    Args:
        lines: the lines; blank lines are skipped.

        check_positions: also read each position back and check its players, options and
            seat to act, its legal ids, what the seat saw and the observation (when present)
            against the engine. (A version-1 line's position is always read back, to derive
            what the seat saw.)

        game: the game the file was written with (default: Sintra on the shipped component
            table; a file written on another table is read with ``SintraGame(table)``); every
            line's table fields must be its.

    Yields:
        One :class:`Example` per line.

    Raises:
        RecordError: a malformed line; the field is named ``line N: $.KEY``.

        FormatVersionError: a format version other than 1 and 2, or another behaviour
            version (ENG-06).
    """
    played = _game(game)
    for number, text in enumerate(lines, 1):
        if text.strip():
            yield _example(text, f"line {number}: $", check_positions, played)
