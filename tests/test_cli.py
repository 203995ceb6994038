"""The ``sintra`` command line (sintra_rules.cli), run in-process with captured output.

The transcript of ``sintra play`` is checked against the rules by replaying the notation it
prints (ENG-04) with the engine and comparing the final scores and winners it shows. The rulings
``sintra rule`` shows are checked against ``spec/sintra/08-rulings.md`` read here, and
``sintra replay`` of a golden playthrough against the digests the golden file holds.
"""

from __future__ import annotations

import io
import json
import os
import pickle
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from sintra_rules import GameState, action_from_text, apply, new_game, outcome
from sintra_rules._terminal import use_colour
from sintra_rules.cli import main
from sintra_rules.game import Positions
from sintra_rules.verify.bench import mid_game_state

_TURN = re.compile(r"^  (\S+) +(Player \d \(\w+\)|Player \d) ")
_ANSI = re.compile(r"\x1b\[[0-9;]*m")
ROOT = Path(__file__).resolve().parents[1]
GOLDEN = ROOT / "tests" / "golden" / "2A-greedy-random.json"

#: What every command that prints scores writes on stderr with the shipped table, whose
#: figures include provisional ones (the statuses of components.toml, written out by hand).
PROVISIONAL = (
    "Note: the component table 'sintra-default-2026-provisional' holds provisional figures "
    "(colours,\n    window_values.A, window_values.B, ornaments, track, strips): scores may "
    "differ from those of the\n    printed game.\n"
)


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def _replay_transcript(out: str, players: int, side: str, seed: int) -> GameState:
    """Apply the notation column of a printed game to a new game."""
    state = new_game(players, side="A" if side == "A" else "B", seed=seed)
    for line in out.splitlines():
        match = _TURN.match(line)
        if match:
            assert match.group(2).startswith(f"Player {state.turn + 1}")
            state = apply(state, action_from_text(match.group(1)))
    return state


def _turns(out: str) -> list[str]:
    """Each turn line of a transcript with its continuation lines (indented 12 spaces) joined
    back on, single-spaced."""
    turns: list[str] = []
    in_turn = False
    for line in out.splitlines():
        if _TURN.match(line):
            turns.append(" ".join(line.split()))
            in_turn = True
        elif in_turn and line.startswith(" " * 12):
            turns[-1] += " " + " ".join(line.split())
        else:
            in_turn = False
    return turns


def _final_rows(out: str) -> list[list[int]]:
    """The numbers of each row of the final scoring table."""
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("Final scoring"))
    rows = []
    for line in lines[start + 2 :]:
        if not line.startswith("  "):
            break
        rows.append([int(field) for field in line.split()[-6:]])
    return rows


def _check_result(out: str, state: GameState, names: list[str]) -> None:
    """FINAL-01, WIN-01 to WIN-03: the totals and the winners line match the engine."""
    assert state.is_over
    result = outcome(state)
    rows = _final_rows(out)
    assert [row[4] for row in rows] == list(result.scores)
    assert [row[5] for row in rows] == list(result.points_lost)
    last = out.strip().splitlines()
    winner_line = next(line for line in reversed(last) if line.startswith(("Winner", "Shared")))
    for seat, name in enumerate(names):
        assert (f"{name} " in winner_line or f"{name}," in winner_line) == (seat in result.winners)


def test_play_seed_3_transcript_follows_the_rules(capsys: pytest.CaptureFixture[str]) -> None:
    """ENG-04, WIN-01, FINAL-01: ``sintra play --seed 3`` exits 0; replaying its printed
    actions on ``new_game(2, "A", 3)`` ends the game with the final scores and winners it
    prints."""
    code, out, err = _run(capsys, "play", "--seed", "3")
    assert code == 0 and err == PROVISIONAL
    assert out.startswith("sintra play: 2 players, board side A, seed 3: ")
    assert "Player 1 (greedy) vs Player 2 (random)" in out.splitlines()[0]
    state = _replay_transcript(out, 2, "A", 3)
    _check_result(out, state, ["Player 1 (greedy)", "Player 2 (random)"])
    assert out.count("End of round") == 6


def test_play_with_no_arguments(capsys: pytest.CaptureFixture[str]) -> None:
    """The README's command: ``sintra`` and ``sintra play`` alone play a 2-player game,
    greedy against random, to the end (END-02)."""
    code, out, _ = _run(capsys)
    assert code == 0
    code_play, out_play, _ = _run(capsys, "play")
    assert code_play == 0 and out_play == out
    state = _replay_transcript(out, 2, "A", 0)
    _check_result(out, state, ["Player 1 (greedy)", "Player 2 (random)"])


@pytest.mark.parametrize(("players", "side"), [(3, "B"), (4, "A")])
def test_play_quiet_more_players(
    capsys: pytest.CaptureFixture[str], players: int, side: str
) -> None:
    """COMP-02, FINAL-01: ``--quiet`` prints only the header and the result, one row per
    player."""
    code, out, _ = _run(capsys, "play", "--players", str(players), "--side", side, "--quiet")
    assert code == 0
    assert "End of round" not in out
    assert len(_final_rows(out)) == players
    assert f"bonus: {'ornaments' if side == 'A' else 'windows x colour'}" in out


def test_play_record_then_replay(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """ENG-04: ``--record`` writes a game record that ``sintra replay`` shows with the same
    actions and the same final scoring."""
    path = tmp_path / "game.json"
    code, out, _ = _run(
        capsys, "play", "--seed", "8", "--agents", "random,greedy,random", "--record", str(path)
    )
    assert code == 0
    doc = json.loads(path.read_text())
    assert (doc["kind"], doc["players"], doc["seed"], doc["side"]) == ("sintra-game", 3, 8, "A")
    code, replayed, err = _run(capsys, "replay", str(path))
    assert code == 0 and err == PROVISIONAL
    state = _replay_transcript(replayed, 3, "A", 8)
    _check_result(replayed, state, ["Player 1", "Player 2", "Player 3"])
    assert _final_rows(replayed) == _final_rows(out)
    printed = [m.group(1) for m in map(_TURN.match, out.splitlines()) if m]
    assert [m.group(1) for m in map(_TURN.match, replayed.splitlines()) if m] == printed
    assert printed == doc["moves"]
    code, verbose, _ = _run(capsys, "replay", "--verbose", str(path))
    assert code == 0
    assert verbose.count("Factory displays:") == len(printed) + 1


def test_replay_corrupted_record(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """A record with a bad field gives exit code 2 and a message naming the field, no
    traceback; a missing file too."""
    path = tmp_path / "game.json"
    assert _run(capsys, "play", "--quiet", "--record", str(path))[0] == 0
    doc = json.loads(path.read_text())
    doc["moves"][4] = "9Q-1"
    path.write_text(json.dumps(doc))
    code, out, err = _run(capsys, "replay", str(path))
    assert code == 2 and out == ""
    assert err.startswith(f"sintra replay: error: {path}: moves[4]: ")
    assert "Traceback" not in err
    doc["moves"][4] = doc["moves"][3]
    doc["players"] = 7
    path.write_text(json.dumps(doc))
    code, _, err = _run(capsys, "replay", str(path))
    assert code == 2 and err.startswith(f"sintra replay: error: {path}: players: ")
    path.write_text(json.dumps(doc)[:-20])
    code, _, err = _run(capsys, "replay", str(path))
    assert code == 2 and err.startswith(f"sintra replay: error: {path}: $: not valid JSON")
    code, _, err = _run(capsys, "replay", str(tmp_path / "missing.json"))
    assert code == 2 and "cannot read" in err


def test_bad_arguments_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    """COMP-02: bad player counts and unknown agents are refused with exit code 2."""
    code, _, err = _run(capsys, "play", "--agents", "random,clever")
    assert code == 2 and "unknown agent 'clever'" in err
    code, _, err = _run(capsys, "play", "--players", "3", "--agents", "random,greedy")
    assert code == 2 and "--players 3" in err
    code, _, err = _run(capsys, "play", "--agents", "random")
    assert code == 2 and "COMP-02" in err
    code, _, err = _run(capsys, "play", "--players", "5")
    assert code == 2 and "invalid choice" in err
    assert _run(capsys, "frobnicate")[0] == 2


def test_bench_prints_the_figures(capsys: pytest.CaptureFixture[str]) -> None:
    """``sintra bench --seconds 0.2`` prints plies/s and games/s for 2, 3 and 4 players, the
    python-chess comparison (the median of the interleaved rounds' ratios, with their range)
    with its target and the pickled size of a mid-game 4-player state
    with its target. Figures are not asserted, only their presence and the state size."""
    code, out, _ = _run(capsys, "bench", "--seconds", "0.2")
    assert code == 0
    lines = out.splitlines()
    for players in (2, 3, 4):
        assert any(
            re.match(rf"sintra {players} players: [\d,]+ plies/s, [\d,.]+ games/s", line)
            for line in lines
        )
    assert any(re.match(r"python-chess \S+ random playouts: [\d,]+ plies/s", x) for x in lines)
    assert any(
        re.match(
            r"ratio sintra 2-player plies/s / chess plies/s: [\d.]+ "
            r"\(median of \d+ rounds, range [\d.]+ to [\d.]+\)$",
            x,
        )
        for x in lines
    )
    assert "target: ratio >= 1.0" in lines
    size = len(pickle.dumps(mid_game_state(4, 0), protocol=pickle.HIGHEST_PROTOCOL))
    assert f"pickled mid-game 4-player state: {size} bytes" in lines
    assert "target: < 4096 bytes" in lines


def test_python_dash_m_runs_the_cli() -> None:
    """``python -m sintra_rules`` is the ``sintra`` command."""
    done = subprocess.run(
        [sys.executable, "-m", "sintra_rules", "play", "--quiet", "--seed", "2"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("sintra play: 2 players, board side A, seed 2")
    assert "Final scoring" in done.stdout


def test_perft_counts(capsys: pytest.CaptureFixture[str]) -> None:
    """TURN-01, ENG-05: depth 1 from a new game counts its legal actions; deeper counts are
    those of :func:`sintra_rules.verify.perft.perft` on the position after the random plies."""
    from sintra_rules import legal_actions
    from sintra_rules.verify.perft import perft, position_after

    code, out, _ = _run(
        capsys, "perft", "--players", "3", "--side", "B", "--seed", "4", "--depth", "1"
    )
    assert code == 0
    count = len(legal_actions(new_game(3, side="B", seed=4)))
    assert f"depth 1: {count} (" in out
    code, out, _ = _run(capsys, "perft", "--seed", "2", "--plies", "30", "--depth", "2")
    assert code == 0
    assert f"depth 2: {perft(position_after(2, {'side': 'A'}, 2, 30), 2)} (" in out
    assert _run(capsys, "perft", "--seed", "2")[0] == 2  # --depth is required


def test_soak_summary_and_exit_codes(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``sintra soak`` prints the soak report's summary; exit 0 without failures, 1 with."""
    from sintra_rules.games.sintra.verify import soak

    code, out, _ = _run(capsys, "soak", "--games", "2", "--seed", "1")
    assert code == 0
    assert out == soak.run_soak(2, 1).summary() + "\n"
    failed = soak.SoakFailure(soak.game_plan(0, 1), 3, "R", "RESET-02: cannot reset")
    broken = soak.SoakReport(1, 1, 10, 0, 0, 0, (failed,))
    monkeypatch.setattr(soak, "run_soak", lambda *args, **kwargs: broken)
    code, out, _ = _run(capsys, "soak", "--games", "1", "--seed", "1")
    assert code == 1
    assert out == broken.summary() + "\n"


def test_rule_prints_and_searches_clauses(capsys: pytest.CaptureFixture[str]) -> None:
    """``sintra rule ID`` prints the clause; ``--search`` finds clauses by any edition's words
    (``vitrier``, French for the glazier, finds RESET-01, the glazier's reset); an unknown ID
    is exit 2 with the clauses module's message, no match is exit 1."""
    from sintra_rules.clauses import get_clause

    code, out, _ = _run(capsys, "rule", "PLACE-05")
    assert code == 0 and out == get_clause("PLACE-05").render() + "\n"
    assert out.startswith("PLACE-05 — ")
    code, out, _ = _run(capsys, "rule", "--search", "vitrier")
    assert code == 0
    assert any(line.startswith("RESET-01 — ") for line in out.splitlines())
    code, _, err = _run(capsys, "rule", "TAKE-3x")
    assert code == 2 and err.startswith("sintra rule: error: TAKE-3X: ")
    assert _run(capsys, "rule", "--search", "zzzqqq")[0] == 1
    assert _run(capsys, "rule")[0] == 2
    assert _run(capsys, "rule", "TAKE-03", "--search", "tile")[0] == 2


def test_rule_reads_each_games_spec(capsys: pytest.CaptureFixture[str]) -> None:
    """A qualified ID prints that game's clause, as ``--game`` with the plain ID does, the ID
    qualified at the head; ``--search --game`` lists that game's clauses qualified; an ID
    qualified by another game than ``--game``, or a game without a spec, is exit 2 with one
    line. (The IDs are read from Sagrada's index, not written here.)"""
    import tomllib

    from sintra_rules.clauses import get_clause

    index = ROOT / "spec" / "sagrada" / "index.toml"
    entry = tomllib.loads(index.read_text("utf-8"))["clause"][0]
    plain, qualified = entry["id"], f"sagrada:{entry['id']}"
    code, out, _ = _run(capsys, "rule", qualified)
    assert code == 0 and out == get_clause(qualified).render() + "\n"
    assert out.startswith(f"{qualified} — {entry['title']}\n")
    assert out != get_clause(plain).render() + "\n"  # Sintra's clause of the same plain ID
    assert _run(capsys, "rule", plain.lower(), "--game", "sagrada")[1] == out
    code, out, _ = _run(capsys, "rule", "--search", entry["title"], "--game", "sagrada")
    assert code == 0 and out.splitlines()[0] == f"{qualified} — {entry['title']}"
    assert all(line.startswith("sagrada:") for line in out.splitlines())
    code, _, err = _run(capsys, "rule", qualified, "--game", "sintra")
    assert code == 2 and err == (
        f"sintra rule: error: {qualified}: the ID names the game sagrada, not sintra\n"
    )
    code, _, err = _run(capsys, "rule", plain, "--game", "chess")
    assert code == 2 and "no game chess has a spec" in err and err.count("\n") == 1


def test_explain_legal_and_illegal(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """RESET-02, TAKE-01, ENG-04: from a saved start position a take is legal (exit 0, its
    clauses listed, TAKE-01 first) and a reset is not, the glazier being above the leftmost
    strip (exit 1, RESET-02 named); bad notation or a bad state file is exit 2."""
    from sintra_rules import action_to_text, legal_actions, state_to_json

    state = new_game(2, side="B", seed=7)
    path = tmp_path / "state.json"
    path.write_text(state_to_json(state))
    first = action_to_text(legal_actions(state)[0])
    code, out, _ = _run(capsys, "explain", str(path), first)
    assert code == 0
    assert "Legal." in out and "  1. TAKE-01 " in out
    code, out, _ = _run(capsys, "explain", str(path), "R")
    assert code == 1
    assert "Illegal" in out and "RESET-02" in out
    code, _, err = _run(capsys, "explain", str(path), "r")
    assert code == 2 and "bad action notation 'r'" in err
    path.write_text("{}")
    code, _, err = _run(capsys, "explain", str(path), "R")
    assert code == 2
    assert err.startswith(f"sintra explain: error: {path}: $: an empty JSON object, not a file ")
    code, _, err = _run(capsys, "explain", str(path), "R", "--game", "sintra")
    assert code == 2 and err.startswith(f"sintra explain: error: {path}: format: ")


def _page_rulings() -> dict[str, tuple[str, str, str]]:
    """Per ruling of ``spec/sintra/08-rulings.md``: its title, its ``**Ruling.**`` part and its
    whole block (heading to ``**Sources.**`` line), read from the page."""
    text = (ROOT / "spec" / "sintra" / "08-rulings.md").read_text("utf-8")
    out = {}
    for heading in re.finditer(r"^### (RUL-\d\d) — (.+)$", text, re.MULTILINE):
        end = text.index("\n", text.index("\n**Sources.**", heading.end()) + 1)
        block = text[heading.end() : end]
        ruling = block.split("**Ruling.**", 1)[1].split("**Reasoning.**", 1)[0]
        out[heading[1]] = (heading[2], ruling, block)
    return out


def _words(text: str) -> str:
    return " ".join(re.sub(r"[`*]", "", text).split())


@pytest.mark.parametrize(
    ("clause", "rulings"),
    [
        ("TAKE-03", ["RUL-01"]),  # only the first take from the centre takes the tile
        ("PLACE-05", ["RUL-02", "RUL-04", "RUL-07"]),  # must-place: targets, empty slot, jokers
        ("SETUP-01", []),  # factory displays: no ruling refines it
    ],
)
def test_rule_shows_the_rulings_that_cite_the_clause(
    capsys: pytest.CaptureFixture[str], clause: str, rulings: list[str]
) -> None:
    """``sintra rule ID`` ends with a ``Rulings:`` section listing every ruling whose text
    cites the clause (the expectation is checked against the page first), each with its title
    and its ruling as the page words it; a clause no ruling cites has no such section."""
    page = _page_rulings()
    assert [r for r, (_, _, block) in page.items() if re.search(rf"\b{clause}\b", block)] == (
        rulings
    )
    code, out, _ = _run(capsys, "rule", clause)
    assert code == 0 and out.startswith(f"{clause} — ")
    if not rulings:
        assert "Rulings:" not in out
        return
    section = out.split("\nRulings:\n", 1)[1]
    assert re.findall(r"^  (RUL-\d\d) — (.+)$", section, re.MULTILINE) == [
        (ruling, page[ruling][0]) for ruling in rulings
    ]
    for ruling in rulings:
        assert f"{ruling} — {page[ruling][0]} {_words(page[ruling][1])}" in _words(section)


def _golden() -> dict[str, object]:
    doc: dict[str, object] = json.loads(GOLDEN.read_text("utf-8"))
    return doc


def test_replay_golden_playthrough_checks_every_digest(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """ENG-04: ``sintra replay`` reads a golden playthrough (tests/golden): it shows the game of
    the record it wraps, exactly as replaying that record alone does, and ends by confirming
    the digest of every state the file holds."""
    doc = json.loads(GOLDEN.read_text("utf-8"))
    record = doc["record"]
    code, out, err = _run(capsys, "replay", str(GOLDEN))
    assert code == 0 and err == PROVISIONAL
    header, body = out.split("\n\n", 1)
    assert " ".join(header.split()).startswith(
        f"sintra replay: {GOLDEN}: golden playthrough, 2 players, board side A, seed 17, "
    )
    plain = tmp_path / "record.json"
    plain.write_text(json.dumps(record))
    code, alone, _ = _run(capsys, "replay", str(plain))
    assert code == 0
    digests = f"Golden digests: all {len(doc['digests'])} states match.\n"
    assert body == alone.split("\n\n", 1)[1] + digests
    assert [m.group(1) for m in map(_TURN.match, out.splitlines()) if m] == record["actions"]
    state = _replay_transcript(out, record["players"], record["side"], record["seed"])
    _check_result(out, state, ["Player 1", "Player 2"])


@pytest.mark.parametrize("ply", [0, 12, 76])
def test_replay_golden_digest_mismatch_names_the_ply(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, ply: int
) -> None:
    """A golden playthrough whose digest of one state differs from the engine's is exit 1 with
    the ply (0 is the set-up), the action that led there and both digests, and no game shown."""
    doc = json.loads(GOLDEN.read_text("utf-8"))
    true = doc["digests"][ply]
    doc["digests"][ply] = "0" * 64
    path = tmp_path / "golden.json"
    path.write_text(json.dumps(doc))
    code, out, err = _run(capsys, "replay", str(path))
    assert code == 1 and out == ""
    after = "the set-up" if ply == 0 else f"after action {doc['record']['actions'][ply - 1]}"
    assert err.startswith(f"sintra replay: {path}: digest mismatch at ply {ply} ({after}): ")
    assert f"digests[{ply}]" in err
    assert f"  golden digest: {'0' * 64}\n  engine digest: {true}\n" in err


def test_replay_bad_golden_playthrough_names_the_field(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A golden playthrough with one digest too few, a bad action in its record or no record
    is exit 2 naming the field (``record.`` before a field of the record)."""
    path = tmp_path / "golden.json"
    doc = json.loads(GOLDEN.read_text("utf-8"))
    doc["digests"].pop()
    path.write_text(json.dumps(doc))
    code, out, err = _run(capsys, "replay", str(path))
    assert code == 2 and out == ""
    assert err.startswith(f"sintra replay: error: {path}: digests: 76 digests for 76 actions")
    doc = json.loads(GOLDEN.read_text("utf-8"))
    doc["record"]["actions"][4] = "9Q-1"
    path.write_text(json.dumps(doc))
    code, _, err = _run(capsys, "replay", str(path))
    assert code == 2 and err.startswith(f"sintra replay: error: {path}: record.actions[4]: ply 5: ")
    del doc["record"]
    path.write_text(json.dumps(doc))
    code, _, err = _run(capsys, "replay", str(path), "--game", "sintra")
    assert code == 2 and err.startswith(f"sintra replay: error: {path}: record: missing")


@pytest.mark.parametrize(
    ("content", "field", "found"),
    [
        ("[1, 2]", "$", "found a JSON array"),
        ("3", "$", "found a JSON number"),
        ("{}", "$", "found an empty JSON object"),
        ('{"name": "x", "counts": {"1": 5}}', "$", 'found a JSON object with the keys "name", '),
        ("perft", "$", 'found a JSON object with the keys "name", "note", '),
    ],
)
def test_replay_of_json_that_is_no_record_says_what_it_found(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, content: str, field: str, found: str
) -> None:
    """JSON that is no game's file (another value, an unrelated object, a perft data file) is
    exit 2 saying what it holds and listing every game's kinds of file; read as Sintra's
    (``--game sintra``), Sintra's reader says it is neither a game record nor a golden
    playthrough."""
    path = tmp_path / "other.json"
    if content == "perft":
        content = (ROOT / "tests" / "data" / "perft" / "mid-2B.json").read_text("utf-8")
    path.write_text(content)
    code, out, err = _run(capsys, "replay", str(path))
    assert code == 2 and out == ""
    what = found.removeprefix("found ")
    assert err.startswith(f"sintra replay: error: {path}: $: {what}")
    assert ", not a file of any game: Sagrada reads a position ('sagrada1 ...'), " in err
    assert "; Azul: Stained Glass of Sintra reads a position ('sintra1 ...'), " in err
    assert err.endswith(" (--game NAME reads it as that game's)\n")
    code, out, err = _run(capsys, "replay", str(path), "--game", "sintra")
    assert code == 2 and out == ""
    assert err.startswith(f"sintra replay: error: {path}: {field}: expected a game record ")
    assert found in err


@pytest.mark.parametrize("game", ["sintra", "sagrada"])
@pytest.mark.parametrize("kind", ["position", "state document"])
def test_replay_of_one_position_says_show_and_explain_read_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, game: str, kind: str
) -> None:
    """A position or a state document of either game holds one position, not a game: replay
    refuses it in one line naming its kind and game, and the commands that read it."""
    from sintra_rules import make

    rules = make(game)
    assert isinstance(rules, Positions)
    state = rules.start(2, seed=1)
    path = tmp_path / "one.txt"
    path.write_text(rules.position_to_text(state) if kind == "position" else rules.serialize(state))
    code, out, err = _run(capsys, "replay", str(path))
    assert code == 2 and out == ""
    assert err == (
        f"sintra replay: error: {path}: a {kind} of {rules.info.title}, not a game: sintra "
        "replay reads a game record, a text record or a golden playthrough (sintra show and "
        f"sintra explain read a {kind})\n"
    )


@pytest.mark.parametrize(("players", "seed"), [(2, 0), (4, 5)])
def test_play_lines_fit_100_columns_without_colour_off_a_terminal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, players: int, seed: int
) -> None:
    """Not on a terminal (captured output), ``sintra play`` prints no line wider than 100
    characters and no ANSI escape code; the folded turns still replay to the end (ENG-04)."""
    monkeypatch.delenv("NO_COLOR", raising=False)
    code, out, _ = _run(capsys, "play", "--players", str(players), "--seed", str(seed))
    assert code == 0
    assert max(len(line) for line in out.splitlines()) <= 100
    assert "\x1b" not in out
    assert _replay_transcript(out, players, "A", seed).is_over


def _tty(monkeypatch: pytest.MonkeyPatch, columns: int) -> None:
    """Make the captured stdout look like a terminal ``columns`` wide."""
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    monkeypatch.setattr(shutil, "get_terminal_size", lambda *a: os.terminal_size((columns, 24)))


def test_play_on_a_terminal_is_coloured_and_fits_its_width(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """On a terminal ``sintra play`` colours the pieces unless NO_COLOR is set or ``--color
    never`` is given; the codes are the only difference. Lines fit a 72-column terminal, and
    100 columns at most on a wider one."""
    monkeypatch.delenv("NO_COLOR", raising=False)
    _, plain, _ = _run(capsys, "play", "--color", "never")
    _tty(monkeypatch, 200)
    _, coloured, _ = _run(capsys, "play")
    assert "\x1b[" in coloured and _ANSI.sub("", coloured) == plain
    assert _run(capsys, "play", "--color", "never")[1] == plain
    monkeypatch.setenv("NO_COLOR", "1")
    assert _run(capsys, "play")[1] == plain
    assert _run(capsys, "play", "--color", "always")[1] == coloured
    _tty(monkeypatch, 72)
    _, narrow, _ = _run(capsys, "play")
    assert "\x1b" not in narrow
    assert max(len(line) for line in narrow.splitlines()) <= 72
    assert max(len(line) for line in plain.splitlines()) > 72
    assert " ".join(narrow.split()) == " ".join(plain.split())


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_use_colour_follows_the_choice_the_terminal_and_no_color() -> None:
    """``auto`` colours on a terminal when NO_COLOR is unset or empty (no-color.org);
    ``always`` and ``never`` override both."""
    assert use_colour("auto", _Terminal(), {}) is True
    assert use_colour("auto", _Terminal(), {"NO_COLOR": ""}) is True
    assert use_colour("auto", _Terminal(), {"NO_COLOR": "1"}) is False
    assert use_colour("auto", io.StringIO(), {}) is False
    assert use_colour("always", io.StringIO(), {"NO_COLOR": "1"}) is True
    assert use_colour("never", _Terminal(), {}) is False


def test_game_ending_turn_shows_the_score_before_final_scoring(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """FINAL-01: every turn that changes the mover's score or broken glass value ends with
    ``-> N points, track V``, the game-ending turn included: N is the score before final
    scoring (the table's "in play" column) and V the marker's space after the turn."""
    code, out, _ = _run(capsys, "play")
    assert code == 0
    state = _replay_transcript(out, 2, "A", 0)
    last = _turns(out)[-1]
    seat = int(last.split("Player ", 1)[1][0]) - 1
    in_play = _final_rows(out)[seat][0]
    track = state.components.track[state.players[seat].marker]
    assert last.endswith(f"-> {in_play} point{'' if abs(in_play) == 1 else 's'}, track {track}")
