"""Sagrada at the table on the command line (issue 22): every command with ``--game sagrada``.

A dispute typed as one line is drawn and explained; the complete game Ann and Ben typed by
hand (``tests/data/sagrada/table-game.txt``, its dice as rolled) replays to its result from a
file and from standard input; ``rule`` reads Sagrada's clauses; malformed positions, records
and actions are one line on standard error with exit code 2 and nothing written; Ctrl-C is
exit code 130 with one line, and nothing written. The commands run as subprocesses, as a
player runs them (Ctrl-C on a terminal, as in ``tests/test_interrupts.py``).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from sintra_rules import make
from sintra_rules.cli import main
from sintra_rules.cli.hooks import GameCommands, commands_for

ROOT = Path(__file__).resolve().parents[2]
TABLE_GAME = "tests/data/sagrada/table-game.txt"

#: Ann has drafted a yellow 3; a blue 3 is on her row 1, column 2 ("can this 3 go next to
#: that 3 diagonally?"): the dispute of docs/sagrada/table.md.
DISPUTE = (
    "sagrada1 round:2 start:2 turn:1.1 tools:2,7,11 publics:3,6,9 pool:R6Y5G5P1 track:B2 "
    "hand:Y3 done:draft p1:LuzCelestial,private=G:.B3.../...../...../..... "
    "p2:Batllo:...../...../...../....."
)
_SCORE = re.compile(
    r"^  (\w+): (-?\d+) = publics ([-+\d]+), private (\d+), tokens (\d+), "
    r"empty spaces (\d+) \((-?\d+)\)$"
)
#: The first word of every decision in the text record's notation (ENG-14).
_DECISIONS = {"pattern", "draft", "place", "pick", "tool", "value", "swap", "return", "end"}


def _sintra(
    *argv: str, stdin: str | None = None, cwd: Path = ROOT
) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "NO_COLOR": "1"}
    return subprocess.run(
        [sys.executable, "-m", "sintra_rules", *argv],
        capture_output=True,
        text=True,
        env=env,
        cwd=cwd,
        input=stdin,
        timeout=300,
        check=False,
    )


def _folded(text: str) -> str:
    """The first paragraph of ``text`` with its folded lines joined (output is folded at 100
    columns)."""
    return " ".join(text.split("\n\n", 1)[0].split())


def _decisions_typed() -> int:
    """The decisions of the table game as typed: every decision word and every ``+1``/``-1``
    outside the tags, the comments and the dice rolled (counted here from the text itself)."""
    text = (ROOT / TABLE_GAME).read_text(encoding="utf-8")
    body = "\n".join(line for line in text.splitlines() if not line.startswith("["))
    body = re.sub(r"\{[^}]*\}", " ", body)
    return sum(1 for word in body.split() if word in _DECISIONS or word in ("+1", "-1"))


def test_replay_the_game_typed_at_the_table() -> None:
    """The complete game typed by hand replays to its result: all its decisions, its comments
    where they were written, the final scores part by part (each adding up) and the tie of 40
    all won by Ann on her private objective, 15 to 9 (WIN-02), as the record's Scores tag says."""
    done = _sintra("replay", TABLE_GAME)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    out = done.stdout
    decisions = _decisions_typed()
    assert decisions == 120
    assert _folded(out) == (
        f"sintra replay: {TABLE_GAME}: text record, Sagrada, 2 players (Ann, Ben), from a "
        f"position, {decisions} actions"
    )
    lines = out.splitlines()
    assert lines[lines.index("") + 1] == (
        "{Ann starts; the dice are written as they came out of the bag and were rolled}"
    )
    assert "   1. Ann: draft Y4" in lines and " 120. Ben: end" in lines
    end = lines.index(" 116. Ann: end")
    assert lines[end + 1] == "      {no blue or yellow die for Ann's last spaces}"
    scores = {}
    for line in lines:
        match = _SCORE.match(line)
        if match:
            parts = [int(p) for p in match.group(3).split("+")]
            total = sum(parts) + int(match.group(4)) + int(match.group(5)) + int(match.group(7))
            assert int(match.group(2)) == total, line
            scores[match.group(1)] = (total, int(match.group(4)))
    assert scores == {"Ann": (40, 15), "Ben": (40, 9)}  # the final scores by name, as the result
    assert lines[-2:] == ["Result: Ann 40, Ben 40", "Winner: Ann with 40 points"]


def test_replay_from_standard_input_and_up_to_a_ply() -> None:
    """``replay -`` reads the record from standard input and tells the same game; ``--ply 3``
    stops after Ann's first turn (draft, place, end)."""
    text = (ROOT / TABLE_GAME).read_text(encoding="utf-8")
    from_file = _sintra("replay", TABLE_GAME).stdout
    done = _sintra("replay", "--game", "sagrada", "-", stdin=text)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split("\n\n", 1)[1] == from_file.split("\n\n", 1)[1]
    assert _folded(done.stdout).startswith("sintra replay: standard input: text record, ")
    done = _sintra("replay", TABLE_GAME, "--ply", "3")
    assert done.returncode == 0, done.stderr
    assert _folded(done.stdout).endswith("120 actions, shown up to ply 3")
    plies = [line for line in done.stdout.splitlines() if re.match(r"^ +\d+\. ", line)]
    assert plies == ["   1. Ann: draft Y4", "   2. Ann: place r1c1", "   3. Ann: end"]
    assert "Result:" not in done.stdout


def test_show_and_explain_a_position_of_the_table_game(tmp_path: Path) -> None:
    """``show FILE --ply N`` draws the position after N decisions with the move that led to
    it; ``explain FILE --ply N`` lists and explains the decisions there: after Ann's first
    turn (she drafted the Y4 of the pool Y4 B2 G6 B5 R1) Ben may draft B2, not Y4."""
    done = _sintra("show", TABLE_GAME, "--ply", "1")
    assert done.returncode == 0, done.stderr
    header, last = done.stdout.split("\nLast move: ", 1)
    assert _folded(header) == f"sintra show: {TABLE_GAME} (Ann, Ben), ply 1 of 120"
    assert last.startswith("draft Y4\n\n")
    done = _sintra("explain", TABLE_GAME, "--ply", "3")
    assert done.returncode == 0, done.stderr
    rows = done.stdout.splitlines()
    assert rows[0] == "Player 2 may (5):"
    assert [row.split()[:2] for row in rows[1:]] == [
        ["draft", "R1"],
        ["draft", "G6"],
        ["draft", "B2"],
        ["draft", "B5"],
        ["end", "end"],
    ]
    done = _sintra("explain", TABLE_GAME, "--ply", "3", "draft B2")
    assert (done.returncode, done.stdout.splitlines()[1]) == (0, "Legal. What happens, in order:")
    done = _sintra("explain", TABLE_GAME, "--ply", "3", "draft Y4")
    assert done.returncode == 1
    assert done.stdout.splitlines()[1] == "Illegal: it breaks 1 rule."
    out = tmp_path / "end.svg"
    done = _sintra("show", TABLE_GAME, "--svg", str(out))
    assert (done.returncode, done.stdout) == (0, f"Picture written to {out}\n")
    assert out.read_text(encoding="utf-8").lstrip().startswith("<svg")


def test_the_dispute_typed_as_one_line() -> None:
    """The placement dispute: ``show --game sagrada LINE --svg`` draws it, ``--notation`` gives
    the same line back, ``explain`` lists the two legal decisions in words, refuses the 3 next
    to the 3 (exit 1, both clauses it breaks) and allows the 3 diagonal to it (exit 0)."""
    done = _sintra("show", "--game", "sagrada", DISPUTE, "--notation")
    assert (done.returncode, done.stdout) == (0, DISPUTE + "\n")
    done = _sintra("explain", DISPUTE)
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout.splitlines() == [
        "Player 1 may (2):",
        "  place r2c3       place Y3 at row 2, column 3",
        "  tool 11          use tool 11 (Flux Remover)",
    ]
    done = _sintra("explain", "--game", "sagrada", DISPUTE, "place r1c3")
    assert done.returncode == 1
    assert done.stdout.splitlines() == [
        "Player 1 asks to place Y3 at row 1, column 3 [place r1c3].",
        "Illegal: it breaks 2 rules.",
        "  - PLACE-03 (Colour spaces): Y3 at row 1, column 3: the space takes only a red die",
        "  - PLACE-07 (No same value orthogonally adjacent): Y3 at row 1, column 3: the die to "
        "its left",
        "    (r1c2) shows a 3",
    ]
    done = _sintra("explain", DISPUTE, "place r2c3")
    assert done.returncode == 0
    assert "B3 on r1c2 is only diagonally next to it, which the rule allows" in " ".join(
        done.stdout.split()
    )


def test_rule_reads_sagradas_clauses() -> None:
    """``rule sagrada:ID`` and ``rule --game sagrada ID`` print the same clause of Sagrada's
    spec; ``--search`` finds Sagrada's clauses by words (exit 1 when none matches)."""
    qualified = _sintra("rule", "sagrada:PLACE-07")
    assert qualified.returncode == 0, qualified.stderr
    assert qualified.stdout.splitlines()[0] == (
        "sagrada:PLACE-07 — No same value orthogonally adjacent"
    )
    plain = _sintra("rule", "--game", "sagrada", "PLACE-07")
    assert (plain.returncode, plain.stdout) == (0, qualified.stdout)
    found = _sintra("rule", "--game", "sagrada", "--search", "diagonally")
    assert found.returncode == 0, found.stderr
    assert "sagrada:PLACE-07 — No same value orthogonally adjacent" in found.stdout.splitlines()
    none = _sintra("rule", "--game", "sagrada", "--search", "zzyzzx")
    assert (none.returncode, none.stdout) == (1, "No clause matches 'zzyzzx'.\n")


def test_replay_a_golden_playthrough(tmp_path: Path) -> None:
    """``replay`` reads Sagrada's golden playthroughs (``tests/golden/sagrada-*.json``, which
    name their game in ``game``): every state's digest is checked; a changed digest is the
    first differing ply on standard error, exit 1; ``--game sintra`` is refused."""
    path = "tests/golden/sagrada-2p-greedy.json"
    doc = json.loads((ROOT / path).read_text(encoding="utf-8"))
    actions, digests = doc["actions"], doc["digests"]
    assert len(digests) == len(actions) + 1
    done = _sintra("replay", path)
    assert done.returncode == 0, done.stderr
    assert _folded(done.stdout) == (
        f"sintra replay: {path}: golden playthrough, Sagrada, 2 players, seed {doc['seed']}, "
        f"{len(actions)} actions"
    )
    plies = [line for line in done.stdout.splitlines() if re.match(r"^ +\d+\. ", line)]
    assert [line.split(": ", 1)[1] for line in plies] == actions
    assert done.stdout.splitlines()[-1] == f"Golden digests: all {len(digests)} states match."
    doc["digests"][7] = "0" * 64
    changed = tmp_path / "changed.json"
    changed.write_text(json.dumps(doc), encoding="utf-8")
    done = _sintra("replay", str(changed))
    assert (done.returncode, done.stdout) == (1, "")
    assert done.stderr.splitlines()[:2] == [
        f"sintra replay: {changed}: digest mismatch at ply 7 (after action {actions[6]}): the "
        "engine's state differs from digests[7] of the golden file",
        "  golden digest: " + "0" * 64,
    ]
    done = _sintra("replay", "--game", "sintra", path)
    assert done.returncode == 2
    assert done.stderr == (
        f"sintra replay: error: {path}: a file of Sagrada, not of Azul: Stained Glass of Sintra "
        "(--game sintra)\n"
    )


def _bad_inputs(tmp: Path) -> list[tuple[tuple[str, ...], str]]:
    """Malformed input for each command, and the start of the one line each gives."""
    good = (ROOT / TABLE_GAME).read_text(encoding="utf-8")
    (tmp / "die.txt").write_text(
        good.replace("draft R4 place r1c3 end", "draft R9 place r1c3 end"), encoding="utf-8"
    )
    (tmp / "trunc.json").write_text('{"kind": "sagrada-game", "moves": [', encoding="utf-8")
    (tmp / "players.json").write_text(
        '{"format": 1, "kind": "sagrada-game", "players": "two"}', encoding="utf-8"
    )
    bad_round = DISPUTE.replace("round:2", "round:12")
    return [
        (("show", bad_round), "bad position: round, character 16: '12' is not from 1 to 10"),
        (
            ("explain", DISPUTE.replace("pool:R6", "pool:X6")),
            "bad position: pool, character 67: expected a colour code (R Y G B P), found 'X'",
        ),
        (
            ("explain", DISPUTE, "place r9c9"),
            "bad action notation 'place r9c9': the row, character 8: 9 is not a row of the window",
        ),
        (("replay", "die.txt"), "die.txt: line 15, token 1: the die's value, character 8: 9 is"),
        (("show", "trunc.json"), "trunc.json: $: not valid JSON (truncated or malformed)"),
        (("replay", "players.json"), "players.json: "),
        (("replay", "--game", "sagrada", "missing.txt"), "cannot read 'missing.txt'"),
        (("show", DISPUTE, "--ply", "2"), "--ply is for a game record, not a single position"),
        (("show", TABLE_GAME, "--ply", "121"), "--ply 121: the record has 120 actions"),
    ]


def test_malformed_input_is_one_line_and_nothing_is_written(tmp_path: Path) -> None:
    """Every malformed position, record, action or argument: exit 2, nothing on standard
    output, one line on standard error naming the field, JSON path or line, no traceback; with
    ``--svg OUT`` no picture is written (nothing at all appears beside it)."""
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "data").symlink_to(ROOT / "tests" / "data")
    for argv, start in _bad_inputs(tmp_path):
        before = sorted(p.name for p in tmp_path.iterdir())
        done = _sintra(*argv, "--svg", "out.svg", cwd=tmp_path) if argv[0] == "show" else None
        for run in (done, _sintra(*argv, cwd=tmp_path)):
            if run is None:
                continue
            assert run.returncode == 2, (argv, run.stderr)
            assert run.stdout == ""
            command = argv[0]
            assert run.stderr.startswith(f"sintra {command}: error: {start}"), run.stderr
            assert run.stderr.count("\n") == 1 and "Traceback" not in run.stderr
        assert sorted(p.name for p in tmp_path.iterdir()) == before, argv


def test_an_output_that_cannot_be_written_is_refused_before_playing(tmp_path: Path) -> None:
    """``play --record`` and ``show --svg`` to a folder that does not exist: one line, exit 2,
    before any game is played or any position read."""
    missing = tmp_path / "no" / "game.json"
    done = _sintra("play", "--game", "sagrada", "--record", str(missing))
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == (
        f"sintra play: error: --record '{missing}': no folder '{missing.parent}'\n"
    )
    done = _sintra("show", DISPUTE, "--svg", str(tmp_path / "no" / "x.svg"))
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.startswith("sintra show: error: --svg ")


@pytest.mark.parametrize(
    "argv",
    [
        ("replay", TABLE_GAME),
        ("show", DISPUTE, "--svg", "out.svg"),
        ("explain", DISPUTE),
        ("explain", TABLE_GAME, "--ply", "3", "draft B2"),
    ],
)
def test_ctrl_c_while_reading_is_one_line_and_exit_130(
    argv: tuple[str, ...],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Ctrl-C while a command draws, lists or tells (here raised as the board, the picture, the
    legal decisions or the explanation is made): exit 130, one line, nothing written. The line
    says nothing of the progress of an earlier command run in the same process (a ``perft``)."""
    monkeypatch.chdir(ROOT)
    assert main(["perft", "--game", "sagrada", "--depth", "1", "--quiet"]) == 0
    capsys.readouterr()

    def pressed(*args: object, **kwargs: object) -> object:
        raise KeyboardInterrupt

    for part in ("board", "svg", "list_actions", "tell_game"):
        monkeypatch.setattr(GameCommands, part, pressed)
        monkeypatch.setattr(type(commands_for(make("sagrada"))), part, pressed)
    game = type(make("sagrada"))
    monkeypatch.setattr(game, "explain", pressed)
    out = tmp_path / "out.svg"
    args = [str(out) if arg == "out.svg" else arg for arg in argv]
    assert main(args) == 130
    captured = capsys.readouterr()
    assert captured.err == f"sintra {argv[0]}: interrupted\n"
    assert list(tmp_path.iterdir()) == []


def _press(args: list[str], started: str, delay: float) -> tuple[int, str]:
    from tests.test_interrupts import _press as press

    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("SINTRA_KERNEL", None)
    return press(args, env, started, delay, stdout=True)


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="process groups read on /proc")
def test_ctrl_c_during_a_long_command_exits_130(tmp_path: Path) -> None:
    """Ctrl-C on a terminal during ``perft`` and during ``play --record`` (searching players):
    exit 130 and the one line; the record is not written."""
    code, last = _press(
        ["perft", "--game", "sagrada", "--depth", "10", "--plies", "3"], "perft", 0.3
    )
    assert code == 130
    assert re.fullmatch(r"sintra perft: interrupted \(perft: \d+ of \d+ first actions done\)", last)
    record = tmp_path / "game.json"
    args = ["play", "--game", "sagrada", "--agents", "mcts:300,mcts:300", "--record", str(record)]
    code, last = _press(args, "sintra play: Sagrada", 0.5)
    assert code == 130
    assert re.fullmatch(r"sintra play: interrupted \(play: \d+ decisions? done\)", last), last
    assert list(tmp_path.iterdir()) == []


def test_play_with_the_search_on_the_core() -> None:
    """``sintra play --game sagrada --agents uct:N,greedy`` plays a whole game with Sagrada's
    own search (ENG-18); a budget out of range is refused with one line and exit code 2."""
    done = _sintra("play", "--game", "sagrada", "--agents", "uct:20,greedy", "--seed", "3")
    assert done.returncode == 0, done.stderr
    assert re.search(
        r"^Result: Player 1 \(uct:20\) -?\d+, Player 2 \(greedy\) -?\d+$", done.stdout, re.MULTILINE
    ), done.stdout
    for budget, words in (("0", "1"), ("100001", "100,000")):
        done = _sintra("play", "--game", "sagrada", "--agents", f"uct:{budget},greedy")
        assert done.returncode == 2
        lines = done.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("sintra play: error:"), done.stderr
        assert words in lines[0]
