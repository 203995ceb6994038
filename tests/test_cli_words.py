"""The game-aware command line (issue 29 item 2) and its budgets and words (issue 30).

Each command's ``--game NAME --help`` offers what that game has, in the words it declares
(its options, its agents and what their budgets count, its component tables, its soak's
kernel checks), and nothing of another game; an option of another game is refused in one
line naming the game. Every budget and search parameter has a range, refused at once in one
line that says it, the same way for every agent of every game. And the small words: counts in
the right number, a solo arena without Elo or seat rotation, a soak's tools in numeric order,
a position typed with a byte-order mark, a long input quoted short."""

from __future__ import annotations

import math
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from sintra_rules import InvalidArgument, UnknownAgent, make
from sintra_rules.agents import agent_infos, agent_options, make_agent, split_agents
from sintra_rules.cli import main
from sintra_rules.cli.hooks import commands_for
from sintra_rules.game import Parameter, Searched
from sintra_rules.games import available_games

ROOT = Path(__file__).resolve().parents[1]
GAMES = available_games()
COMMANDS = ("play", "arena", "selfplay", "soak", "bench", "perft", "replay", "show", "explain")


def _sintra(*argv: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "NO_COLOR": "1"}
    return subprocess.run(
        [sys.executable, "-m", "sintra_rules", *argv],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=600,
    )


def _help(
    command: str, game: str, capsys: pytest.CaptureFixture[str], mp: pytest.MonkeyPatch
) -> str:
    """``sintra COMMAND --game GAME --help``, its words on one line (wide, so that argparse
    folds nothing)."""
    mp.setenv("COLUMNS", "2000")
    assert main([command, "--game", game, "--help"]) == 0
    return " ".join(capsys.readouterr().out.split())


def _words(text: str) -> set[str]:
    return set(re.findall(r"[\w-]+", text.lower()))


# ----------------------------------------------------------------------- the help per game


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("command", ["play", "arena"])
def test_the_agents_listed_are_the_games_in_its_words(
    command: str, game: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``play`` and ``arena`` list exactly the agents the game declares, each with its summary
    and every parameter with what it counts, its range and its default; no agent of another
    game is named."""
    text = _help(command, game, capsys, monkeypatch)
    infos = agent_infos(make(game))
    assert [info.name for info in infos][:1] == ["random"] and "mcts" in [i.name for i in infos]
    for info in infos:
        assert f" {info.spelling()} {' '.join(info.summary.split())}" in text
        for parameter in info.parameters:
            words = f"{parameter.help}: {parameter.range_text()}"
            assert f"{parameter.key} {words} (default {parameter.default_text()})" in text
    places = [text.index(f" {info.spelling()} {info.summary.split()[0]} ") for info in infos]
    assert places == sorted(places)
    ours = [info.name for info in infos]
    for other in {i.spelling() for g in GAMES for i in agent_infos(make(g))}:
        if other.partition(":")[0] not in ours:
            assert other not in text, (game, other)
    if command == "arena":
        assert f"one agent per seat: {', '.join(sorted(ours))}, with a budget" in text


def test_each_game_counts_its_own_budgets(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The words the issue asks for: Sintra's ``uct:N`` counts simulations on the compiled
    kernel; Sagrada's ``search:N`` counts determinizations, and its ``uct`` is there exactly
    when it has a search of its own."""
    sintra = _help("play", "sintra", capsys, monkeypatch)
    assert "uct:N" in sintra and "sims simulations per move on the compiled kernel" in sintra
    sagrada = _help("play", "sagrada", capsys, monkeypatch)
    assert "search:N" in sagrada and "sims determinizations per decision" in sagrada
    assert ("uct" in _words(sagrada)) == isinstance(make("sagrada"), Searched)


@pytest.mark.parametrize("game", GAMES)
def test_the_help_tells_the_reference_search_from_the_games_own(
    game: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``mcts`` is told as the generic reference search, for any game, and slow; ``uct``, where
    the game has it, as the game's own compiled search, fast."""
    text = _help("play", game, capsys, monkeypatch)
    assert " mcts:N the generic reference Monte Carlo tree search, for any game: slow " in text
    if isinstance(make(game), Searched):
        title = "Sintra" if game == "sintra" else make(game).info.title
        assert f" uct:N {title}'s own compiled search, fast: " in text


def test_the_help_says_how_strong_mcts_is_against_greedy(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 32: the help says whether the reference ``mcts`` beats ``greedy``, with the
    arena's figures (Sintra: ``docs/tutorials/ai.md``, 40 seat-rotated games each, seed 1;
    Sagrada: ``docs/sagrada/index.md``, 20 each, seed 1), and Sagrada's why its own
    ``search`` keeps its name."""
    text = _help("arena", "sintra", capsys, monkeypatch)
    assert (
        "mcts:100 is not clearly stronger (it wins 25 of 40 games, 95% interval 47% to 76%), "
        "mcts:500 is (40 of 40, 91% to 100%)"
    ) in text
    text = _help("arena", "sagrada", capsys, monkeypatch)
    assert (
        "search beats it (17 of 20 games, 95% interval 64% to 95%), mcts does not at 25 or 200 "
        "simulations (2 and 9 of 20)"
    ) in text


@pytest.mark.parametrize("game", GAMES)
def test_selfplay_lists_the_games_searches(
    game: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``selfplay`` lists the searches the game has (``mcts``; ``uct`` where it has its own),
    each with its budget's words and range, and names the default."""
    from sintra_rules.selfplay import default_search

    played = make(game)
    text = _help("selfplay", game, capsys, monkeypatch)
    names = ["mcts", "uct"] if isinstance(played, Searched) else ["mcts"]
    assert f"default {default_search(played)})" in text
    for info in agent_infos(played):
        if info.name in names:
            budget = info.budget
            assert budget is not None
            assert f" {info.name}:N " in text and f"{budget.help}: {budget.range_text()}" in text
        else:
            assert f" {info.name}:N " not in text


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("command", COMMANDS)
def test_options_are_offered_where_the_game_has_them(
    command: str,
    game: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every command's help offers the game's own options and what its capabilities give
    (``--components`` with a component table, ``--color`` with a coloured board, ``soak``'s
    kernel checks with a kernel), in the game's words, and no option of another game."""
    played = make(game)
    commands = commands_for(played)
    text = _help(command, game, capsys, monkeypatch)
    options = set(re.findall(r"(?<![\w-])--[a-z][a-z-]*", text))
    starts = command in ("play", "arena", "selfplay", "perft")
    for option in played.info.options:
        assert (f"--{option.name}" in options) == starts
    for other in GAMES:
        for option in make(other).info.options:
            if played.info.option(option.name) is None:
                assert f"--{option.name}" not in options
    takes_files = command not in ("bench",)
    components = commands.components_help()
    assert ("--components" in options) == (components is not None and takes_files)
    if components is not None and takes_files:
        assert f"--components FILE {components}" in text
    colour = commands.colour_help()
    assert ("--color" in options) == (colour is not None and command in ("play", "replay", "show"))
    checks = commands.soak_checks_help()
    if command == "soak":
        assert ("--check-every" in options) == (checks is not None)
        assert ("--reference" in options) == (checks is not None)
        if checks is None:
            assert "kernel" not in _words(text)
    if command == "bench":
        assert " ".join(commands.bench_json_help().split()) in text
    if command == "explain" and commands.action_example() is not None:
        assert f"e.g. {commands.action_example()}" in text


def test_sagradas_help_names_nothing_sagrada_lacks(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 29, done when: no ``--game sagrada --help`` mentions an option, agent or
    component that Sagrada lacks: Sintra's side, component table, pieces, board side, clauses
    or the kernel's soak checks."""
    game = make("sagrada")
    for command in COMMANDS:
        text = _help(command, "sagrada", capsys, monkeypatch)
        words = _words(text)
        assert "--side" not in words and "--components" not in words, command
        assert not {"azul", "pieces", "setup-02", "eng-31", "kernel"} & words, command
        assert "Sintra" not in text, command  # (the game's name "sintra" is listed by --game)
        if not isinstance(game, Searched):
            assert "uct" not in words, command


# ------------------------------------------------------------- options of another game


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ("soak", "--game", "sagrada", "--games", "1", "--components", "table.toml"),
            "sintra soak: error: --components: Sagrada has no such option (no component table "
            "to load)",
        ),
        (
            ("play", "--game", "sagrada", "--components", "table.toml"),
            "sintra play: error: --components: Sagrada has no such option (no component table "
            "to load)",
        ),
        (
            ("show", "--game", "sagrada", "--colour", "always", "x"),
            "sintra show: error: --colour: Sagrada has no such option (its board has no colours)",
        ),
        (
            ("perft", "--game", "sagrada", "--depth", "1", "--side=B"),
            "sintra perft: error: --side: Sagrada has no such option (its options: tools)",
        ),
        (
            ("arena", "greedy", "random", "--games", "1", "--tools", "2"),
            "sintra arena: error: --tools: Azul: Stained Glass of Sintra has no such option "
            "(its options: side)",
        ),
        (
            ("arena", "greedy", "--games", "1", "--players", "1"),
            "sintra arena: error: unrecognized arguments: --players 1",
        ),
        (
            ("arena", "search:2", "greedy", "--games", "1"),
            "sintra arena: error: unknown agent 'search:2': Azul: Stained Glass of Sintra has no "
            "such agent (Sagrada's); choose from greedy, mcts, random, uct",
        ),
        (
            ("play", "--game", "sagrada", "--agents", "minimax,greedy"),
            "sintra play: error: unknown agent 'minimax' (choose from greedy, mcts, random, "
            "search, uct)",
        ),
    ],
)
def test_an_option_of_another_game_is_refused_naming_the_game(
    argv: tuple[str, ...], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(list(argv)) == 2
    captured = capsys.readouterr()
    assert (captured.out, captured.err) == ("", message + "\n")


@pytest.mark.parametrize("game", GAMES)
def test_an_agent_of_another_game_is_refused_naming_the_game(game: str) -> None:
    """Every agent name that some other registered game has and ``game`` lacks is refused,
    by the Python API as by the command line, with a message that names ``game`` and lists
    the names it has."""
    own = {info.name for info in agent_infos(make(game))}
    others = {info.name for other in GAMES for info in agent_infos(make(other))} - own
    title = make(game).info.title
    for name in sorted(others):
        with pytest.raises(UnknownAgent) as refused:
            make_agent(name, game=make(game))
        message = str(refused.value)
        assert message.startswith(f"unknown agent '{name}': {title} has no ")
        assert message.endswith(f"; choose from {', '.join(sorted(own))}")


# -------------------------------------------------------------------------------- budgets


def _outside(parameter: Parameter) -> list[str]:
    """Spellings of values outside the parameter's range, or not of its kind."""
    low, high = parameter.low, parameter.high
    values = ["", "x", "nan", "inf", "-inf", "1e400", "-1", str(high + 1), "1" + "0" * 30]
    values.append(str(low) if parameter.above else str(low - 1))
    if parameter.whole:
        values += ["1.5", "2e3", "+3", " 4", "٣"]
    else:
        values += [str(high * 1.001)]
    return values


_PARAMETERS = [
    (game, info.name, parameter)
    for game in GAMES
    for info in agent_infos(make(game))
    for parameter in info.parameters
]


@pytest.mark.parametrize(
    ("game", "agent", "parameter"),
    _PARAMETERS,
    ids=[f"{g}-{a}-{p.key}" for g, a, p in _PARAMETERS],
)
def test_every_agent_parameter_has_a_range(game: str, agent: str, parameter: Parameter) -> None:
    """Every parameter of every agent of every game is refused outside its documented range
    by the one parser, with one message naming the spelling, the key, what it counts and the
    range; its bounds themselves are accepted."""
    played = make(game)
    assert math.isfinite(parameter.low) and math.isfinite(parameter.high)
    assert parameter.low < parameter.high
    for value in _outside(parameter):
        spec = f"{agent}:{parameter.key}={value}"
        with pytest.raises(InvalidArgument) as refused:
            make_agent(spec, 0, game=played)
        assert str(refused.value) == (
            f"{spec}: {parameter.key} ({parameter.help}) must be {parameter.range_text()}, "
            f"got {value!r}"
        )
    info = {i.name: i for i in agent_infos(played)}[agent]
    low = parameter.low if not parameter.above else parameter.low + 0.5
    for bound in (low, parameter.high):
        spelt = str(int(bound)) if parameter.whole else str(bound)
        got = agent_options(f"{agent}:{parameter.key}={spelt}", info)
        assert got == {parameter.keyword: int(bound) if parameter.whole else bound}


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ("play", "--game", "sagrada", "--agents", "search:1000000000,greedy"),
            "search:1000000000: sims (determinizations per decision) must be a whole number "
            "from 1 to 1,000, got '1000000000'",
        ),
        (
            ("play", "--game", "sagrada", "--agents", "search:0,greedy"),
            "search:0: sims (determinizations per decision) must be a whole number from 1 to "
            "1,000, got '0'",
        ),
        (
            ("play", "--agents", "mcts:sims=inf,greedy"),
            "mcts:sims=inf: sims (simulations per move) must be a whole number from 1 to "
            "100,000, got 'inf'",
        ),
        (
            ("play", "--agents", "mcts:sims=5,c=inf,greedy"),
            "mcts:sims=5,c=inf: c (the exploration constant) must be a number from 0 to 10, "
            "got 'inf'",
        ),
        (
            ("play", "--agents", "uct:100001,greedy"),
            "uct:100001: sims (simulations per move on the compiled kernel) must be a whole "
            "number from 1 to 100,000, got '100001'",
        ),
        (
            ("selfplay", "--games", "1", "--out", os.devnull, "--agent", "mcts:0"),
            "--agent: mcts:0: sims (simulations per move) must be a whole number from 1 to "
            "100,000, got '0'",
        ),
        (
            ("selfplay", "--games", "1", "--out", os.devnull, "--agent", "mcts:sims=4,c=1"),
            "--agent: mcts:sims=4,c=1: unknown option 'c' (mcts takes sims)",
        ),
        (
            (
                "selfplay",
                "--game",
                "sagrada",
                "--games",
                "1",
                "--out",
                os.devnull,
                "--simulations",
                "0",
            ),
            "--simulations: uct's budget (simulations per decision on the compiled core) must "
            "be a whole number from 1 to 100,000, got '0'",
        ),
        (
            ("perft", "--depth", "1000000000"),
            "argument --depth: must be <= 10, got 1,000,000,000",
        ),
    ],
)
def test_a_budget_out_of_range_is_refused_at_once(
    argv: tuple[str, ...], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """The budgets of issue 30 that ran without end, or said the wrong thing, are refused
    before any game in one line that says the range (exit 2)."""
    assert main(list(argv)) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == f"sintra {argv[0]}: error: {message}\n"


def test_the_arena_refuses_a_budget_out_of_range_in_one_line() -> None:
    done = _sintra("arena", "--game", "sagrada", "search:1001", "greedy", "--games", "1")
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == (
        "sintra arena: error: search:1001: sims (determinizations per decision) must be a "
        "whole number from 1 to 1,000, got '1001'\n"
    )


def test_the_agents_refuse_a_budget_out_of_range_when_built() -> None:
    """The ranges hold for the agents built in Python too, not only for their spellings."""
    from sintra_rules.games.sagrada.agents import SearchAgent
    from sintra_rules.mcts import MctsAgent, UctAgent

    for made in (
        lambda: MctsAgent(simulations=100_001),
        lambda: MctsAgent(seconds=math.inf),
        lambda: MctsAgent(exploration=math.inf),
        lambda: MctsAgent(epsilon=1.5),
        lambda: UctAgent(simulations=0),
        lambda: SearchAgent(samples=1001),
        lambda: SearchAgent(width=0),
        lambda: SearchAgent(horizon=10),
    ):
        with pytest.raises(ValueError, match="must be a"):
            made()
    assert SearchAgent(horizon=None).horizon is None


def test_agents_with_options_are_told_apart_in_a_list() -> None:
    """``--agents``: an item ``KEY=VALUE`` belongs to the agent before it."""
    assert split_agents("mcts:sims=50,c=1,random") == ["mcts:sims=50,c=1", "random"]
    assert split_agents("search:2,width=3,horizon=0,greedy") == [
        "search:2,width=3,horizon=0",
        "greedy",
    ]
    done = _sintra("play", "--agents", "mcts:sims=20,c=1,random", "--quiet", "--seed", "1")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(
        "sintra play: 2 players, board side A, seed 1: Player 1 (mcts:sims=20,c=1) vs "
        "Player 2 (random)"
    )


# ---------------------------------------------------------------------------- the words


def test_one_of_a_thing_is_singular() -> None:
    """One player, one game: the solo arena says them in the singular, without Elo or seat
    rotation; two players, two games: in the plural, seat-rotated, with Elo."""
    arena = _sintra("arena", "--game", "sagrada", "greedy", "--games", "1", "--quiet")
    assert arena.returncode == 0, arena.stderr
    lines = arena.stdout.splitlines()
    assert lines[0] == "Arena: 1 player, tools 3, 1 game (deals from seed 0)"
    assert "Elo" not in arena.stdout and "seat-rotated" not in arena.stdout
    assert lines[-1] == "ms/move: process time per decision."
    duo = _sintra("arena", "--game", "sagrada", "greedy", "random", "--games", "2", "--quiet")
    assert duo.stdout.startswith("Arena: 2 players, tools 3, 2 games (seat-rotated, deals")
    assert " Elo " in duo.stdout


def test_sintras_soak_counts_one_game_and_its_ordinals(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Sintra's soak says ``1 game`` and ``every 2nd`` (it said ``1 games`` and ``every 2th``)."""
    assert main(["soak", "--games", "1", "--check-every", "2", "--quiet"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("soak: 1 game (seed 0; 2, 3, 4 players x sides A, B; ")
    assert lines[2].startswith("  1 game (every 2nd from game 0) also on the reference engine")
    assert main(["soak", "--games", "3", "--check-every", "3", "--quiet"]) == 0
    assert "  1 game (every 3rd from game 0) also" in capsys.readouterr().out


def test_a_favor_token_is_one() -> None:
    """Sagrada's words for one favor token: on a tool card, held by a player, a tool's cost
    (FAVOR-03)."""
    from sintra_rules.games.sagrada import build_position
    from sintra_rules.games.sagrada.render import render
    from sintra_rules.games.sagrada.tools import tool_faults

    poor = build_position(favor={1: 0, 2: 4}, tools="1=1,2=3,3", pool="R1G2")
    assert ("FAVOR-03", "it costs 1 favor token and the player has 0") in tool_faults(poor, 2, 0)
    assert "  tool  1 Grozing Pliers [P]: 1 favor token on it" in render(poor).splitlines()
    held = build_position(favor={1: 3, 2: 1}, tools="1=1,2=3,3", pool="R1G2")
    assert "Player 2: Batllo (difficulty 5), 1 favor token" in render(held).splitlines()
    assert "1 favor tokens" not in render(poor) + render(held)


def test_the_soak_counts_tools_in_numeric_order() -> None:
    done = _sintra("soak", "--game", "sagrada", "--games", "6", "--quiet")
    assert done.returncode == 0, done.stderr
    (counted,) = [line for line in done.stdout.splitlines() if line.startswith("  tool ")]
    tools = [int(n) for n in re.findall(r"tool (\d+):", counted)]
    assert len(tools) > 2 and tools == sorted(tools)


def test_a_position_typed_with_a_byte_order_mark_is_a_position(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A position copied with a byte-order mark before it is read as the position (as a file
    that starts with one is), not taken for a file name."""
    from sintra_rules import new_game, position_to_text

    line = position_to_text(new_game(2, seed=1))
    assert main(["show", "--notation", line]) == 0
    plain = capsys.readouterr().out
    assert main(["show", "--notation", "\ufeff" + line]) == 0
    assert capsys.readouterr().out == plain == line + "\n"
    assert main(["explain", "\ufeff" + line, "R"]) in (0, 1)
    assert "cannot read" not in capsys.readouterr().err


@pytest.mark.parametrize(
    "argv",
    [
        (
            "explain",
            "sagrada1 round:2 start:1 turn:1.1 tools:1,2,5,6,10 publics:1,4 pool:R6P3G5G2"
            " track:B2Y3 difficulty:5 p1:SunCatcher,private=RG:R3..../...../...../.....",
            "draft " + "R" * 100_000,
        ),
        ("play", "--agents", "x" * 100_000),
        ("play", "--agents", "mcts:sims=" + "9" * 100_000),
        ("play", "--game", "c" * 100_000),
        ("show", "sintra1 side:" + "Q" * 100_000),
    ],
    ids=["decision", "agent", "budget", "game", "position"],
)
def test_a_long_input_is_quoted_short(
    argv: tuple[str, ...], capsys: pytest.CaptureFixture[str]
) -> None:
    """An error that quotes a 100,000-character input says so in one short line: its start,
    its end and its length."""
    assert main(list(argv)) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and len(err) < 600, err[:600]
    assert "characters)" in err or argv[0] == "show"  # the position's reader quotes no input


def test_sagradas_final_scores_and_result_name_the_players_alike() -> None:
    """Sagrada's final scores call the players as its result does (issue 30), as Sintra's
    final scoring does; its help's examples are its own notation."""
    done = _sintra("play", "--game", "sagrada", "--seed", "1", "--quiet")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    start = lines.index("Final scores:")
    scored = [line.split(":")[0].strip() for line in lines[start + 1 : start + 3]]
    assert scored == ["Player 1 (greedy)", "Player 2 (random)"]
    winner = lines[start + 3].removeprefix("  winner: ")
    assert lines[-1].startswith(f"Winner: {winner} with ")
    result = lines[-2].removeprefix("Result: ")
    assert [part.rsplit(" ", 1)[0] for part in result.split(", ")] == scored
    titles = [line.split(":")[0] for line in lines if line.startswith("Player ")]
    assert titles == scored  # above the windows too
