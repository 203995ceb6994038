"""What a new user still trips over (issue 25): each test drives the real ``sintra`` command in
a subprocess, as a referee or a game-AI researcher meets it from a fresh clone.

Output files (point 2), numbers on the command line (point 3), records read as a referee writes
them (point 4), consistent defaults (point 5) and small things (point 8). Ctrl-C inside the
compiled kernel (point 1) is tests/test_interrupts.py.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

from sintra_rules.selfplay import read_selfplay

ROOT = Path(__file__).resolve().parent.parent


def _sintra(
    *args: str, stdin: str | None = None, cwd: Path = ROOT
) -> subprocess.CompletedProcess[str]:
    """Run ``sintra ARGS`` (as ``python -m sintra_rules``) to its end, output captured."""
    return subprocess.run(
        [sys.executable, "-m", "sintra_rules", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=300,
        cwd=cwd,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )


def _one_line(done: subprocess.CompletedProcess[str]) -> str:
    """The single line on standard error of a command that failed with exit 2."""
    assert done.returncode == 2, (done.returncode, done.stderr)
    assert "Traceback" not in done.stderr
    assert done.stderr.count("\n") == 1, done.stderr
    return done.stderr.rstrip("\n")


# --- point 2: output files -------------------------------------------------------------------


def test_an_empty_output_name_is_one_line() -> None:
    """``selfplay --out ''`` was a traceback (FileNotFoundError), exit 1."""
    done = _sintra("selfplay", "--games", "1", "--simulations", "2", "--out", "")
    assert _one_line(done) == "sintra selfplay: error: --out: give a file name"
    done = _sintra("play", "--record", "")
    assert _one_line(done) == "sintra play: error: --record: give a file name"


def test_a_full_disk_is_one_line() -> None:
    """``selfplay --out /dev/full`` was a traceback (OSError), exit 1."""
    done = _sintra("selfplay", "--games", "1", "--simulations", "2", "--out", "/dev/full")
    assert done.stdout == ""
    assert _one_line(done) == (
        "sintra selfplay: error: cannot write '/dev/full': No space left on device"
    )


def test_a_device_is_written_in_place() -> None:
    """``--out /dev/null`` writes to the device (nothing is created beside it in /dev)."""
    before = set(os.listdir("/dev"))
    done = _sintra("selfplay", "--games", "1", "--simulations", "2", "--out", "/dev/null")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("selfplay: 1 game, ")
    assert set(os.listdir("/dev")) - before == set()


def _selfplay_until_first_game(out: Path, cwd: Path) -> subprocess.Popen[str]:
    """Start a long self-play into ``out`` and return once its first game is written."""
    args = ["selfplay", "--games", "2000", "--simulations", "16", "--out", out.name, "--quiet"]
    proc = subprocess.Popen(
        [sys.executable, "-m", "sintra_rules", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=cwd,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        start_new_session=True,
    )
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        written = [p for p in cwd.iterdir() if p.name.endswith(".partial") and p.stat().st_size]
        if written or (
            out.exists() and out.stat().st_size and not out.read_text().startswith("old")
        ):
            return proc
        time.sleep(0.02)
    proc.kill()
    raise AssertionError("no game written within 120 s")


def _interrupt(proc: subprocess.Popen[str]) -> tuple[int, str]:
    try:
        os.killpg(proc.pid, signal.SIGINT)
        _, err = proc.communicate(timeout=120)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
    return proc.returncode, err


def test_an_existing_file_survives_an_interrupted_run(tmp_path: Path) -> None:
    """``selfplay --out EXISTING`` truncated the file before any game was written. Now the
    games go beside it; interrupted, the file is untouched and the whole games written so far
    stay beside it, named in the one line."""
    out = tmp_path / "games.jsonl"
    out.write_text("old data\n")
    proc = _selfplay_until_first_game(out, tmp_path)
    assert out.read_text() == "old data\n"  # while the run goes on
    code, err = _interrupt(proc)
    assert code == 130
    assert out.read_text() == "old data\n"
    match = re.fullmatch(
        r"sintra selfplay: interrupted \(selfplay: (\d+) of 2,000 games done; games\.jsonl "
        r"untouched, what was written is in (games\.jsonl\.partial)\)\n",
        err,
    )
    assert match, err
    kept = tmp_path / match.group(2)
    examples = list(read_selfplay(kept.read_text().splitlines()))
    assert len({example.game for example in examples}) == int(match.group(1)) >= 1
    assert all(example.ply < len(examples) for example in examples)
    assert examples[-1].game == int(match.group(1)) - 1


def test_an_interrupted_run_into_a_new_file_keeps_every_whole_game(tmp_path: Path) -> None:
    """Interrupted, a run into a new file leaves it holding every whole game, nothing else."""
    out = tmp_path / "new.jsonl"
    proc = _selfplay_until_first_game(out, tmp_path)
    code, err = _interrupt(proc)
    assert code == 130
    match = re.fullmatch(
        r"sintra selfplay: interrupted \(selfplay: (\d+) of 2,000 games done; what was "
        r"written is in new\.jsonl\)\n",
        err,
    )
    assert match, err
    lines = out.read_text().splitlines()
    examples = list(read_selfplay(lines))
    games = int(match.group(1))
    assert [e.game for e in examples] == sorted(e.game for e in examples)
    assert {e.game for e in examples} == set(range(games))
    for game in range(games):  # whole: the plies of each game run from 0 without a gap
        plies = [e.ply for e in examples if e.game == game]
        assert plies == list(range(len(plies))) and len(plies) > 10
    assert [p.name for p in tmp_path.iterdir()] == ["new.jsonl"]


def test_a_finished_run_replaces_the_file_and_keeps_its_permissions(tmp_path: Path) -> None:
    """A run that ends replaces the existing file whole, with its permissions; nothing is
    left beside it. The same for ``play --record`` and ``show --svg``."""
    out = tmp_path / "games.jsonl"
    out.write_text("old data\n")
    out.chmod(0o640)
    done = _sintra("selfplay", "--games", "2", "--simulations", "2", "--out", str(out))
    assert done.returncode == 0, done.stderr
    assert len({e.game for e in read_selfplay(out.read_text().splitlines())}) == 2
    assert out.stat().st_mode & 0o777 == 0o640
    record = tmp_path / "game.json"
    record.write_text("old")
    assert _sintra("play", "--record", str(record)).returncode == 0
    assert json.loads(record.read_text())["kind"] == "sintra-game"
    picture = tmp_path / "a.svg"
    picture.write_text("old")
    assert _sintra("show", str(record), "--svg", str(picture)).returncode == 0
    assert picture.read_text().startswith("<svg")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.svg", "game.json", "games.jsonl"]


# --- point 3: numbers on the command line --------------------------------------------------


def _argument_error(done: subprocess.CompletedProcess[str]) -> str:
    """The one line of a command refused for its arguments, exit 2."""
    assert done.stdout == ""
    return _one_line(done)


def test_bench_seconds_are_finite_and_bounded() -> None:
    """``bench --seconds inf`` (or ``1e308``) was a traceback (OverflowError), exit 1."""
    for text in ("inf", "1e308", "3601"):
        assert _argument_error(_sintra("bench", "--seconds", text)) == (
            f"sintra bench: error: argument --seconds: must be a number of seconds in "
            f"(0, 3600], got {text}"
        )


def test_games_and_simulations_are_bounded() -> None:
    """A count of games above 1,000,000 or of simulations above 100,000 is refused before any
    work (it used to start, and run for days or fill the memory)."""
    cases = [
        (["soak", "--games", "1000001"], "argument --games: must be <= 1,000,000, got 1,000,001"),
        (
            ["selfplay", "--games", "1000000000", "--simulations", "8"],
            "argument --games: must be <= 1,000,000, got 1,000,000,000",
        ),
        (
            ["selfplay", "--games", "1", "--simulations", "100001"],
            "--simulations: uct's budget (simulations per move on the compiled kernel) must be "
            "a whole number from 1 to 100,000, got '100001'",
        ),
        (
            ["arena", "greedy", "random", "--games", "1000001"],
            "argument --games: must be <= 1,000,000, got 1,000,001",
        ),
        (["arena", "greedy", "random", "--games", "0"], "argument --games: must be >= 1, got 0"),
        (["soak", "--games", "3", "--workers", "0"], "argument --workers: must be >= 1, got 0"),
    ]
    for args, message in cases:
        if args[0] == "selfplay":
            args = [*args, "--out", os.devnull]
        done = subprocess.run(
            [sys.executable, "-m", "sintra_rules", *args],
            capture_output=True,
            text=True,
            timeout=30,
            cwd=ROOT,
        )
        assert _argument_error(done) == f"sintra {args[0]}: error: {message}"


def test_workers_are_capped_at_the_games_and_the_cores_in_one_line() -> None:
    """``--workers`` above the games, or above 2 per core, is lowered, saying so in one line;
    the report is the one of any other worker count."""
    alone = _sintra("soak", "--games", "3", "--quiet")
    done = _sintra("soak", "--games", "3", "--workers", "8", "--quiet")
    assert done.returncode == 0
    assert done.stderr == "sintra soak: --workers 8 lowered to 3: one per game\n"
    assert done.stdout == alone.stdout
    cores = len(os.sched_getaffinity(0))
    games = 2 * cores + 1  # more games than 2 per core: the cores decide
    done = _sintra("arena", "random", "random", "--games", str(games), "--workers", "1000")
    assert done.returncode == 0, done.stderr
    assert done.stderr.startswith(
        f"sintra arena: --workers 1000 lowered to {2 * cores}: at most 2 per core on {cores} "
        "cores\n"
    )


def _options_without_help(help_text: str) -> list[str]:
    """The options listed in a ``--help`` text with no words saying what they are."""
    section = help_text.split("\noptions:\n", 1)[1]
    missing = []
    entries: list[list[str]] = []
    for line in section.splitlines():
        if line.startswith("  -"):
            entries.append([line])
        elif line.startswith("    ") and entries:
            entries[-1].append(line)
        elif not line.strip():
            break
    for entry in entries:
        head, _, words = entry[0].strip().partition("  ")
        if not words.strip() and len(entry) == 1:
            missing.append(head)
    return missing


def test_every_option_says_what_it_is() -> None:
    """``--games``, ``--seed`` and ``--depth`` had no help text: every option of every
    command has one now."""
    top = _sintra("--help").stdout
    names = re.findall(r"^    ([a-z]+)  ", top, re.MULTILINE)
    assert {"play", "soak", "selfplay", "perft", "arena", "bench"} <= set(names)
    for name in names:
        shown = _sintra(name, "--help").stdout
        assert _options_without_help(shown) == [], name


# --- point 4: records read as a referee writes them ----------------------------------------

TABLE_GAME = ROOT / "tests" / "data" / "table-game.txt"


def _replayed(path: Path) -> str:
    """The transcript ``sintra replay`` prints for ``path``, without its first line (which
    names the file)."""
    done = _sintra("replay", str(path), "--quiet")
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    return done.stdout.split("\n\n", 1)[1]


def test_a_text_record_is_recognised_however_its_head_is_written(tmp_path: Path) -> None:
    """A byte-order mark, a lower-case or a missing ``[Sintra "1"]`` tag, or blank lines
    before the tags: the record is still read as a text record (a BOM or the tag's case gave
    "not valid JSON"), and replays the same game."""
    text = TABLE_GAME.read_text("utf-8")
    expected = _replayed(TABLE_GAME)
    variants = {
        "bom": "\ufeff" + text,
        "lower": text.replace('[Sintra "1"]', '[sintra "1"]'),
        "missing": text.replace('[Sintra "1"]\n', ""),
        "blank": "\n\n" + text,
        "all": "\ufeff\n" + text.replace('[Sintra "1"]\n', "").replace("[Player1", "[player1"),
    }
    for name, variant in variants.items():
        path = tmp_path / f"{name}.txt"
        path.write_text(variant, "utf-8")
        assert _replayed(path) == expected, name


def test_a_broken_text_record_is_told_in_its_own_terms(tmp_path: Path) -> None:
    """A text record with a fault (here a lower-case tag and a misspelt move) gets its parser's
    message naming the line and token, never "not valid JSON"."""
    path = tmp_path / "game.txt"
    text = TABLE_GAME.read_text("utf-8").replace('[Sintra "1"]', '[sintra "1"]')
    path.write_text(text.replace("1P-6", "1P6"), "utf-8")
    assert _one_line(_sintra("replay", str(path))) == (
        f"sintra replay: error: {path}: line 9, token 3: expected '-' after the colour, found '6'"
    )


def test_brace_comments_may_span_lines(tmp_path: Path) -> None:
    """As in PGN, a comment may run over several lines (it was cut at the line's end and its
    words read as moves); an unclosed comment is reported as one."""
    text = TABLE_GAME.read_text("utf-8")
    spread = tmp_path / "spread.txt"
    spread.write_text(text.replace("{Amanda opens}", "{Amanda\nopens}"), "utf-8")
    assert _replayed(spread) == _replayed(TABLE_GAME)
    unclosed = tmp_path / "unclosed.txt"
    unclosed.write_text(text.replace("{Amanda opens}", "{Amanda opens"), "utf-8")
    assert _one_line(_sintra("replay", str(unclosed))) == (
        f"sintra replay: error: {unclosed}: line 9, token 2: this comment is not closed: end "
        "it with '}'"
    )


#: A position where player 1 takes the last piece (1B-1) and a refill follows; its bag holds
#: two blue, a green and a yellow piece (the tower the rest).
LAST_PIECE = (
    "sintra1 side:A indicator:BBGOPY turn:1 starter:1 tile:C factories:B/-/-/-/- centre:- "
    "bag:2BGY p1:score=0,track=0:@bbbgo/gggop/ooopy/pppyb/yyybg/bbgop/oopyb/yybgo "
    "p2:score=0,track=0:bbbgo/@gggop/ooopy/pppyb/yyybg/bbgop/oopyb/yybgo"
)


def test_a_refill_the_bag_cannot_supply_names_the_display_colour_and_bag(tmp_path: Path) -> None:
    """It said "ENG-07: 3 is not an outcome of this factory fill draw; the outcomes are 0, 1,
    2, 4" (colour indices)."""
    path = tmp_path / "game.txt"
    path.write_text(
        f'[Sintra "1"]\n[Position "{LAST_PIECE}"]\n\n1B-1\nfill:BOGY/-/-/-/-\n', "utf-8"
    )
    assert _one_line(_sintra("replay", str(path))) == (
        f"sintra replay: error: {path}: line 5, token 1: display 1, piece 2: orange cannot be "
        "drawn, the bag holds 1 blue, 1 green, 1 yellow (END-03)"
    )


def test_a_wrong_move_number_gets_a_warning_line(tmp_path: Path) -> None:
    """Move numbers (``12.``) count the actions from 1 (ENG-24); a wrong one is ignored, as
    before, but now said in one warning line."""
    path = tmp_path / "game.txt"
    text = TABLE_GAME.read_text("utf-8")
    path.write_text(text.replace("2G-5 ", "1. 2G-5 ").replace(" 5Y-7", " 4. 5Y-7"), "utf-8")
    done = _sintra("replay", str(path), "--quiet")
    assert done.returncode == 0
    assert done.stderr == (
        f"sintra replay: warning: {path}: line 9, token 5: move number 4. where action 3 "
        "comes (the number is ignored)\n"
    )
    assert done.stdout.split("\n\n", 1)[1] == _replayed(TABLE_GAME)


def test_an_empty_file_says_it_is_empty(tmp_path: Path) -> None:
    """An empty file gave "not valid JSON"."""
    empty = tmp_path / "empty.txt"
    empty.write_text("")
    assert _one_line(_sintra("replay", str(empty))) == (
        f"sintra replay: error: {str(empty)!r} is empty"
    )
    assert _one_line(_sintra("show", "-", stdin="\n \n")) == (
        "sintra show: error: standard input holds only blank lines"
    )


# --- point 5: consistent defaults -----------------------------------------------------------

#: The set-up of a 2-player game, side A, seed 1, in the notation (ENG-21), written by hand
#: from ``sintra show --notation`` of that game.
SETUP = (
    "sintra1 side:A indicator:PPBYOG turn:1 starter:1 tile:C "
    "factories:GGPP/GOOY/GPPY/BPPY/BOOY centre:- "
    "p1:score=0,track=0:@ggooy/pppyb/ooopy/yybgo/bbgop/oopyb/bbbgo/gggop "
    "p2:score=0,track=0:@yybbo/yybgo/ppyyg/ooppb/ggooy/ggopy/ppybg/pppyb"
)


def test_explain_takes_a_json_records_last_ply(tmp_path: Path) -> None:
    """``explain RECORD.json`` refused to choose a ply; its help says the last, as for text
    records and ``show``: a finished game's last position has no legal action."""
    record = tmp_path / "game.json"
    assert _sintra("play", "--record", str(record), "--quiet").returncode == 0
    done = _sintra("explain", str(record))
    assert (done.returncode, done.stdout) == (
        0,
        "The game is over: nobody has a legal action (END-02).\n",
    )


def test_a_position_with_a_space_around_it_is_refused() -> None:
    """ENG-21: no space before the first field or after the last; the command line used to
    strip them. From a file, the line ends around the line are not part of it."""
    done = _sintra("show", SETUP + " ")
    assert _one_line(done) == (
        f"sintra show: error: bad position: text, character {len(SETUP) + 1}: fields are "
        "separated by single spaces, with none before the first or after the last (ENG-21)"
    )
    done = _sintra("explain", " " + SETUP)
    assert _one_line(done).startswith("sintra explain: error: bad position: text, character 1:")
    assert _sintra("show", SETUP, "--notation").stdout == SETUP + "\n"


def test_a_position_reports_its_first_problem_first() -> None:
    """A bad indicator and a stray word at the end: the indicator, which comes first, is
    reported (the stray word was, because the players were counted first)."""
    bad = SETUP.replace("indicator:PPBYOG", "indicator:PPBYOGX") + " junk"
    assert _one_line(_sintra("show", bad)) == (
        "sintra show: error: bad position: indicator, character 32: unknown colour code 'X' "
        "(the codes are B G O P Y) (FIG-01)"
    )
    stray = SETUP + " junk"  # alone, the stray word is the problem
    assert _one_line(_sintra("show", stray)).startswith(
        f"sintra show: error: bad position: player 3, character {len(SETUP) + 2}: expected 'p3:'"
    )


def test_range_messages_use_the_player_count_at_hand(tmp_path: Path) -> None:
    """A 2-player game has factory displays 1 to 5: the message said 1..9."""
    for action in ("0G-2", "7G-2"):
        assert _one_line(_sintra("explain", SETUP, action)) == (
            f"sintra explain: error: bad action notation {action!r}: factory display "
            f"{action[0]} is out of range 1..5: 2 players play with 5 factory displays (SETUP-01)"
        )
    record = tmp_path / "game.txt"
    record.write_text(f'[Sintra "1"]\n[Position "{SETUP}"]\n\n2G-5 0P-6\n', "utf-8")
    assert _one_line(_sintra("replay", str(record))).endswith(
        "line 4, token 2: factory display 0 is out of range 1..5: 2 players play with 5 factory "
        "displays (SETUP-01)"
    )


# --- point 8: small things -------------------------------------------------------------------


def test_play_record_stores_the_agents_names(tmp_path: Path) -> None:
    """``play --record`` stores who played each seat, as ``play`` shows them."""
    record = tmp_path / "game.json"
    done = _sintra("play", "--agents", "random,greedy,random", "--record", str(record))
    assert done.returncode == 0, done.stderr
    names = ["Player 1 (random)", "Player 2 (greedy)", "Player 3 (random)"]
    assert json.loads(record.read_text())["names"] == names
    replayed = _sintra("replay", str(record))
    heading = " ".join(replayed.stdout.split("\n\n")[0].split())  # folded to 100 columns
    assert f"3 players ({', '.join(names)}), board side A" in heading


def test_the_provisional_note_comes_once_and_quiet_silences_it(tmp_path: Path) -> None:
    """Every command that shows scores gives the note on provisional figures once per run, and
    ``--quiet`` leaves it out (``play --quiet`` gave it, ``replay``, ``show`` and ``explain``
    had no way to leave it out)."""
    record = tmp_path / "game.json"
    assert _sintra("play", "--record", str(record), "--quiet").returncode == 0
    runs = [
        ["play"],
        ["replay", str(record)],
        ["show", str(record)],
        ["show", str(record), "--svg", str(tmp_path / "a.svg")],
        ["explain", str(record), "1B-3", "--ply", "0"],
        ["selfplay", "--games", "1", "--simulations", "2", "--out", str(tmp_path / "s")],
        ["arena", "greedy", "random", "--games", "1"],
    ]
    for args in runs:
        shown = _sintra(*args)
        assert shown.returncode == 0, (args, shown.stderr)
        assert shown.stderr.count("Note: the component table") == 1, (args, shown.stderr)
        quiet = _sintra(*args, "--quiet")
        assert quiet.returncode == 0, (args, quiet.stderr)
        assert quiet.stderr == "", (args, quiet.stderr)


def test_the_docs_say_what_writes_the_one_line_notation() -> None:
    """The desk page said the notation is what ``print(state)`` writes; ``print(state)`` draws
    the text board. The page now names ``position_to_text`` and ``sintra show --notation``,
    and both write the line."""
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").glob("**/*.md"))]
    for page in pages:
        if "_build" not in page.parts:
            assert "as `print(state)`" not in page.read_text("utf-8"), page
    desk = (ROOT / "docs" / "desk.md").read_text("utf-8")
    assert "`position_to_text(state)` and `sintra show --notation`" in " ".join(desk.split())
    assert _sintra("show", SETUP, "--notation").stdout == SETUP + "\n"
    code = (
        "from sintra_rules.games.sintra.position import position_from_text; "
        f"print(position_from_text({SETUP!r}))"
    )
    printed = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    ).stdout
    assert SETUP not in printed and "Round I of VI" in printed


# --- point 7: rewards explained in one place -------------------------------------------------


def test_one_table_says_what_reward_each_interface_gives() -> None:
    """The adapters page has one table of the rewards of Gymnasium, PettingZoo, OpenSpiel,
    self-play and the arena, and warns that a search on the sampled OpenSpiel game sees the
    real future draws, as the sampled game's docstring does."""
    page = (ROOT / "docs" / "api" / "adapters.md").read_text("utf-8")
    table = page.split("## Rewards: what each interface gives", 1)[1].split("\n\n**", 1)[0]
    rows = [line for line in table.splitlines() if line.startswith("| ")][2:]
    assert [row.split("|")[1].split("(")[0].strip() for row in rows] == [
        "Gymnasium",
        "PettingZoo",
        "OpenSpiel",
        "self-play",
        "arena",
    ]
    assert "`+1` if the learner is among the winners, else `-1`" in rows[0]
    assert "the final scores (general-sum)" in rows[2]
    assert "`1/w` for each of `w` winners" in rows[3]
    warning = " ".join(
        page.split("**The sampled OpenSpiel game lets a search see the future.**")[1].split()
    )
    assert warning.startswith("In `python_<name>_sampled`")
    assert "sees the real future draws" in warning
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sintra_rules.adapters.openspiel as o; print(o.SampledSpielGame.__doc__)",
        ],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    assert "sees the real future draws" in " ".join(done.stdout.split())
