"""The ``sintra`` command with ``--game``: every game of the registry, run as a subprocess.

``sintra play --game sagrada`` is checked against the rules by replaying the notation it
prints on a new game with the same seed and comparing the result it prints; the final scoring
lines are checked by adding up their printed parts (Sagrada's score parts), and the
solo verdict against Sagrada's solo rule (the score must be greater than the target).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from sintra_rules import make

ROOT = Path(__file__).resolve().parents[1]
_PLY = re.compile(r"^ *(\d+)\. Player (\d) \((\w+)\): (.+)$")
_SCORE = re.compile(
    r"^  Player (\d) \(\w+\): (-?\d+) = publics ([-+\d]+), private (\d+), tokens (\d+), "
    r"empty spaces (\d+) \((-?\d+)\)$"
)


def _sintra(*argv: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "NO_COLOR": "1"}
    return subprocess.run(
        [sys.executable, "-m", "sintra_rules", *argv],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=300,
        check=False,
    )


def _replayed(out: str, players: int, seed: int, options: dict[str, str] | None = None) -> object:
    """The state after the printed decisions, applied in order on a new game."""
    game = make("sagrada")
    state = game.start(players, seed=seed, options=options)
    plies = 0
    for line in out.splitlines():
        match = _PLY.match(line)
        if match is None:
            continue
        plies += 1
        assert int(match.group(1)) == plies
        assert int(match.group(2)) == state.turn + 1
        state = game.apply(state, game.action_from_text(state, match.group(4)))
    assert plies > 0
    return state


def _score_lines(out: str) -> dict[int, int]:
    """Each printed final score, checked against the sum of its printed parts."""
    totals: dict[int, int] = {}
    for line in out.splitlines():
        match = _SCORE.match(line)
        if match is None:
            continue
        seat, total = int(match.group(1)), int(match.group(2))
        publics = sum(int(part) for part in match.group(3).split("+"))
        private, tokens, penalty = int(match.group(4)), int(match.group(5)), int(match.group(7))
        assert total == publics + private + tokens + penalty, line
        totals[seat] = total
    return totals


@pytest.mark.parametrize(("players", "seed"), [(2, 0), (3, 1), (4, 2)])
def test_play_sagrada(players: int, seed: int) -> None:
    """A complete 2 to 4 player game: every decision printed, replaying it ends the game, the
    final scoring part by part adds up, and the result and winner lines match the game's."""
    done = _sintra("play", "--game", "sagrada", "--players", str(players), "--seed", str(seed))
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    out = done.stdout
    first = out.splitlines()[0]
    assert first.startswith(f"sintra play: Sagrada, {players} players, seed {seed}: Player 1 (")
    state = _replayed(out, players, seed)
    game = make("sagrada")
    assert state.is_over  # type: ignore[attr-defined]
    result = game.result(state)
    totals = _score_lines(out)
    assert totals == {seat + 1: score for seat, score in enumerate(result.scores)}
    names = [
        f"Player {seat + 1} ({'greedy' if seat % 2 == 0 else 'random'})" for seat in range(players)
    ]
    lines = out.rstrip("\n").splitlines()
    assert lines[-2] == "Result: " + ", ".join(
        f"{name} {score}" for name, score in zip(names, result.scores, strict=True)
    )
    best = max(totals.values())
    winners = [names[seat] for seat in result.winners]
    assert all(totals[seat + 1] == best for seat in result.winners)
    if len(winners) == 1:
        assert lines[-1] == f"Winner: {winners[0]} with {best} points"
    else:
        assert lines[-1].startswith("Shared victory: ")


@pytest.mark.parametrize(("tools", "seed"), [(1, 0), (5, 3)])
def test_play_sagrada_solo(tools: int, seed: int) -> None:
    """``--players 1``: a solo game, its score part by part, the target score and whether it
    was beaten (only a score greater than the target wins)."""
    done = _sintra(
        "play", "--game", "sagrada", "--players", "1", "--tools", str(tools), "--seed", str(seed)
    )
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert out.startswith(f"sintra play: Sagrada, 1 player, tools {tools}, seed {seed}: ")
    state = _replayed(out, 1, seed, {"tools": str(tools)})
    assert state.is_over  # type: ignore[attr-defined]
    score = _score_lines(out)[1]
    target = re.search(r"^  target score (\d+): the player (won|lost)$", out, re.MULTILINE)
    assert target is not None
    beaten = score > int(target.group(1))
    assert target.group(2) == ("won" if beaten else "lost")
    lines = out.rstrip("\n").splitlines()
    assert lines[-2] == f"Result: Player 1 (greedy) {score}"
    if beaten:
        assert lines[-1] == f"Winner: Player 1 (greedy) with {score} points"
    else:
        assert lines[-1] == "No winner: Player 1 (greedy) lost the solo game"


def test_play_sagrada_quiet_shows_the_end_only() -> None:
    """``--quiet``: the header, the final board and the result, no decisions."""
    done = _sintra("play", "--game", "sagrada", "--quiet")
    assert done.returncode == 0
    assert not any(_PLY.match(line) for line in done.stdout.splitlines())
    assert "Final scores:" in done.stdout and "\nWinner: " in done.stdout


def test_perft_sagrada() -> None:
    """At the start each player chooses one of the four faces of their two pattern cards
    (Sagrada's setup): 4 choices, then 4 x 4 (2 players), 4 alone."""
    done = _sintra("perft", "--game", "sagrada", "--depth", "2")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(
        "perft: Sagrada, 2 players, seed 0, after 0 random plies, depth 2: 16 ("
    )
    done = _sintra("perft", "--game", "sagrada", "--players", "1", "--tools", "2", "--depth", "1")
    assert done.stdout.startswith("perft: Sagrada, 1 player, tools 2, seed 0, after 0 random")
    assert ", depth 1: 4 (" in done.stdout


def test_soak_sagrada() -> None:
    """``soak --game sagrada``: every game on Sagrada's core, every 7th (``--check-every``: every
    C-th; ``--reference``: all) also on the reference engine with its 17 invariants and the
    core cross-checked (sagrada:ENG-18)."""
    done = _sintra("soak", "--game", "sagrada", "--games", "3", "--seed", "2")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("soak: 3 games of Sagrada (seed 2;")
    assert "1 game (every 7th from game 0) also on the reference engine" in done.stdout
    assert "and 17 invariants checked at every step" in done.stdout
    assert "failures: 0" in done.stdout
    every = _sintra("soak", "--game", "sagrada", "--games", "3", "--check-every", "2")
    assert every.returncode == 0, every.stderr
    assert "2 games (every 2nd from game 0) also on the reference engine" in every.stdout
    both = _sintra("soak", "--game", "sagrada", "--games", "2", "--reference")
    assert both.returncode == 0, both.stderr
    assert "every game also on the reference engine" in both.stdout


def test_bench_sagrada() -> None:
    """``bench --game sagrada``: plies/s at 1 to 4 players, python-chess's, their ratio at each
    player count against Sagrada's own target (1.5, issue 21; Sintra's is 1.0) and the size of
    a mid-game 4-player state."""
    done = _sintra("bench", "--game", "sagrada", "--seconds", "0.1")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    for players in (1, 2, 3, 4):
        counted = "1 player" if players == 1 else f"{players} players"
        assert re.search(rf"^sagrada {counted}: [\d,]+ plies/s", out, re.MULTILINE)
    assert re.search(r"^python-chess \S+ random playouts: [\d,]+ plies/s", out, re.MULTILINE)
    assert "ratio sagrada 1-player plies/s / chess plies/s: " in out
    assert re.search(r"^target: ratio >= 1\.5$", out, re.MULTILINE)
    for players in (2, 3, 4):  # the comparison at every player count
        assert re.search(
            rf"^ratio sagrada {players}-player plies/s / chess plies/s: [\d.]+ "
            r"\(median of \d+ rounds, range [\d.]+ to [\d.]+\)$",
            out,
            re.MULTILINE,
        )
    assert re.search(r"^pickled mid-game 4-player state: \d+ bytes$", out, re.MULTILINE)
    assert "mid-game 4-player state in memory: " in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ("play", "--game", "chess"),
            "sintra play: error: argument --game: unknown game 'chess' (choose from sagrada, "
            "sintra)",
        ),
        (
            ("perft", "--game", "go", "--depth", "1"),
            "sintra perft: error: argument --game: unknown game 'go' (choose from sagrada, sintra)",
        ),
        (
            ("play", "--game", "sagrada", "--side", "B"),
            "sintra play: error: --side: Sagrada has no such option (its options: tools)",
        ),
        (
            ("play", "--tools", "2"),
            "sintra play: error: --tools: Azul: Stained Glass of Sintra has no such option "
            "(its options: side)",
        ),
        (
            ("play", "--game", "sagrada", "--tools", "2"),
            "sintra play: error: --tools: only with 1 player, not 2",
        ),
        (
            ("play", "--game", "sagrada", "--players", "3", "--tools", "1"),
            "sintra play: error: --tools: only with 1 player, not 3",
        ),
        (
            ("play", "--game", "sagrada", "--agents", "greedy,nobody"),
            "sintra play: error: unknown agent 'nobody' (choose from greedy, mcts, random, search, "
            "uct)",
        ),
    ],
)
def test_bad_game_arguments(argv: tuple[str, ...], message: str) -> None:
    """An unknown game, or an option the game (or its player count) does not take: one line
    on standard error, exit 2."""
    done = _sintra(*argv)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr == message + "\n"


def _sagrada_position(plies: int) -> tuple[str, object]:
    """A Sagrada position after ``plies`` decisions of a seeded 2-player game, in one line."""
    game = make("sagrada")
    state = game.start(2, seed=1)
    for _ in range(plies):
        state = game.apply(state, game.legal_actions(state)[0])
    return game.position_to_text(state), state  # type: ignore[attr-defined]


def test_show_and_explain_a_sagrada_position() -> None:
    """A position typed in Sagrada's notation names its game (``sagrada1``): ``show`` draws
    it, ``--notation`` writes the same line back, ``explain`` lists the legal decisions and
    refuses an illegal one with exit 1."""
    line, state = _sagrada_position(3)
    game = make("sagrada")
    done = _sintra("show", line)
    assert done.returncode == 0, done.stderr
    assert done.stdout == game.render(state) + "\n"
    done = _sintra("show", line, "--notation")
    assert done.stdout == line + "\n"
    done = _sintra("explain", line)
    assert done.returncode == 0
    rows = done.stdout.splitlines()
    texts = [game.action_to_text(state, a) for a in game.legal_actions(state)]
    assert rows[0] == f"Player {state.turn + 1} may ({len(texts)}):"  # type: ignore[attr-defined]
    assert len(rows) == 1 + len(texts)
    for row, text in zip(rows[1:], texts, strict=True):  # the notation, then its words
        assert row.startswith(f"  {text} ") and len(row) > len(text) + 4, row
    done = _sintra("explain", line, "end")
    legal = "end" in [game.action_to_text(state, a) for a in game.legal_actions(state)]
    assert done.returncode == (0 if legal else 1)


def test_a_file_names_its_game(tmp_path: Path) -> None:
    """A state document names its game in its ``kind``: ``show`` needs no ``--game``; a
    ``--game`` that names another game is one line, exit 2."""
    line, state = _sagrada_position(5)
    path = tmp_path / "state.json"
    path.write_text(make("sagrada").serialize(state), encoding="utf-8")
    done = _sintra("show", str(path))
    assert done.returncode == 0, done.stderr
    assert done.stdout == f"sintra show: {path}\n\n" + make("sagrada").render(state) + "\n"
    done = _sintra("show", "--game", "sintra", str(path))
    assert done.returncode == 2
    assert done.stderr == (
        f"sintra show: error: {path}: a file of Sagrada, not of Azul: Stained Glass of Sintra "
        "(--game sintra)\n"
    )
    done = _sintra("explain", "--game", "sintra", line)
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "a position of Sagrada" in done.stderr


def test_show_svg_of_a_sagrada_position(tmp_path: Path) -> None:
    """``show --svg OUT`` writes the game's picture (its Drawn capability)."""
    line, _ = _sagrada_position(4)
    out = tmp_path / "position.svg"
    done = _sintra("show", line, "--svg", str(out))
    assert done.returncode == 0, done.stderr
    assert done.stdout == f"Picture written to {out}\n"
    assert out.read_text(encoding="utf-8").lstrip().startswith("<svg")


def test_play_record_and_replay_sagrada(tmp_path: Path) -> None:
    """``play --game sagrada --record FILE`` writes Sagrada's JSON game record, which names
    its game: ``replay`` needs no ``--game`` and tells the same game (the same decisions and
    result); ``show --ply`` finds a position in it, with the move that led there."""
    record = tmp_path / "game.json"
    done = _sintra("play", "--game", "sagrada", "--seed", "4", "--record", str(record))
    assert done.returncode == 0, done.stderr
    assert done.stdout.endswith(f"Game record written to {record}\n")
    played = done.stdout.splitlines()
    replayed = _sintra("replay", str(record))
    assert replayed.returncode == 0, replayed.stderr
    header = " ".join(replayed.stdout.split("\n\n", 1)[0].split())  # folded at 100 columns
    assert header.startswith(
        f"sintra replay: {record}: Sagrada, 2 players (Player 1 (greedy), Player 2 (random)), "
        "seed 4, "
    )
    assert [line for line in replayed.stdout.splitlines() if _PLY.match(line)] == [
        line for line in played if _PLY.match(line)
    ]
    assert replayed.stdout.splitlines()[-2:] == played[-3:-1]
    shown = _sintra("show", str(record), "--ply", "3")
    assert shown.returncode == 0, shown.stderr
    third = next(line for line in played if line.startswith("   3. "))
    assert "\nLast move: " + third.split(": ", 1)[1] + "\n\n" in shown.stdout
