"""Positions on the command line and in pictures (ENG-21): ``sintra show``, ``sintra explain``
on a position, ``--components`` and the note on provisional figures, and the readable SVG.

The dispute tutorial's shell session (its ``console`` blocks) is run here command by command
and compared with the output the page shows.
"""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from sintra_rules import (
    action_from_text,
    apply,
    components_from_mapping,
    default_components,
    legal_actions,
    new_game,
    position_from_text,
    position_to_text,
    record_game,
    record_to_json,
    replay,
    state_to_json,
)
from sintra_rules.cli import main, provisional_note
from sintra_rules.games.sintra.svg import state_to_svg
from tests.test_cli import PROVISIONAL

ROOT = Path(__file__).resolve().parent.parent
DISPUTE = ROOT / "docs" / "tutorials" / "dispute.md"
AMANDA = (
    "sintra1 side:A indicator:YOPB turn:1 starter:1 tile:C factories:BGOO/-/-/-/- centre:- "
    "p1:score=0,track=0:bbbgo/pppyb/yyybg/@ooopy/bbgop/PPYYg/oopyb=O/yybgo=B "
    "p2:score=0,track=0:@bbbgo/gggop/ooopy/pppyb/yyybg/bbgop/oopyb/yybgo"
)
NOTE = PROVISIONAL  # the note on the shipped table's provisional figures


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def confirmed_table_file(tmp_path: Path, codes: str = "BGOPY") -> Path:
    """The shipped figures with every status 'confirmed' and the colour codes ``codes``."""
    mapping = default_components().to_mapping()
    recode = str.maketrans("BGOPY", codes)
    for colour in mapping["colours"]["value"]:
        colour["code"] = colour["code"].translate(recode)
    mapping["strips"]["value"] = [
        [side.translate(recode) for side in strip] for strip in mapping["strips"]["value"]
    ]
    for entry in mapping.values():
        if isinstance(entry, dict):
            for inner in [entry, *(v for v in entry.values() if isinstance(v, dict))]:
                if "status" in inner:
                    inner["status"] = "confirmed"
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(mapping), "utf-8")
    return path


# --- the dispute tutorial's shell session -----------------------------------------------------


def test_the_dispute_tutorial_shows_and_explains_amanda_from_the_command_line() -> None:
    """ENG-21: the dispute tutorial types the rulebook's Amanda position in one line and shows
    and explains it with ``sintra`` commands (their output is checked by the docs' example
    runner, tests/test_docs.py)."""
    page = DISPUTE.read_text("utf-8")
    commands = re.findall(r"^\$ sintra (show|explain) '([^']*)'(.*)$", page, re.M)
    assert ("show", AMANDA, "") in commands
    assert ("explain", AMANDA, "") in commands
    assert ("explain", AMANDA, " 1G-6=Y") in commands
    assert ("show", AMANDA, " --svg amanda.svg") in commands


# --- sintra show --------------------------------------------------------------------------------


def test_show_a_position_as_text_notation_and_picture(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """ENG-21: the text board, the one-line notation and the SVG file of a typed position."""
    code, out, err = run(capsys, "show", AMANDA)
    assert code == 0 and err == NOTE
    assert out.startswith("Round III of VI: yellow round; board side A\n")
    code, out, err = run(capsys, "show", AMANDA, "--notation")
    assert (code, out, err) == (0, AMANDA.replace("BGOO", "BGOO") + "\n", "")
    svg = tmp_path / "a.svg"
    code, out, err = run(capsys, "show", AMANDA, "--svg", str(svg))
    assert (code, out, err) == (0, f"Picture written to {svg}\n", NOTE)  # it shows scores
    assert svg.read_text("utf-8") == state_to_svg(position_from_text(AMANDA)) + "\n"


def test_show_reads_files_state_documents_and_records(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """ENG-21: a file holding a position, a state document, and a game record at any ply
    (``--ply``, default the last) are shown; the record's last move is named."""
    monkeypatch.chdir(tmp_path)  # short file names: the heading line is not folded
    tmp_path = Path()
    text_file = tmp_path / "amanda.txt"
    text_file.write_text(AMANDA + "\n", "utf-8")
    assert run(capsys, "show", str(text_file), "--notation")[1] == AMANDA + "\n"
    state = new_game(3, "B", seed=5)
    doc = tmp_path / "state.json"
    doc.write_text(state_to_json(state), "utf-8")
    assert run(capsys, "show", str(doc), "--notation")[1] == position_to_text(state) + "\n"
    actions = []
    for _ in range(7):
        actions.append(legal_actions(state)[-1])
        state = apply(state, actions[-1])
    record = record_game(3, "B", 5, actions)
    game = tmp_path / "game.json"
    game.write_text(record_to_json(record), "utf-8")
    states = replay(record)
    for ply in (0, 3, 7):
        code, out, _ = run(capsys, "show", str(game), "--ply", str(ply), "--notation")
        assert (code, out) == (0, position_to_text(states[ply]) + "\n")
    code, out, _ = run(capsys, "show", str(game))
    assert out.startswith(f"sintra show: {game}, ply 7 of 7\nLast move: {actions[-1]}\n\n")
    code, _, err = run(capsys, "show", str(game), "--ply", "8")
    assert code == 2 and "the record has 7 actions" in err
    code, _, err = run(capsys, "show", str(doc), "--ply", "1")
    assert code == 2 and "--ply is for a game record" in err
    code, _, err = run(capsys, "show", AMANDA.replace("side:A", "side:C"))
    assert code == 2
    assert err == (
        "sintra show: error: bad position: side, character 14: the board side is 'A' or 'B', "
        "got 'C' (SETUP-02)\n"
    )
    code, _, err = run(capsys, "show", str(tmp_path / "missing.txt"))
    assert code == 2 and "cannot read" in err


def test_show_a_finished_game_gives_the_result(capsys: pytest.CaptureFixture[str]) -> None:
    """WIN-01: a position after the end of the game is shown with the final scoring."""
    from tests.test_position import random_states

    state = random_states(2, "A", 11, default_components())[-1]
    code, out, _ = run(capsys, "show", position_to_text(state))
    assert code == 0
    assert "Final scoring, board side A" in out
    assert re.search(r"^(Winner|Shared victory)", out, re.M)


# --- sintra explain on a position ---------------------------------------------------------------


def test_explain_without_an_action_lists_the_legal_actions(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """ENG-05: without an action, explain lists every legal action in canonical order, each in
    notation and in words."""
    code, out, err = run(capsys, "explain", AMANDA)
    assert code == 0 and err == ""
    lines = [line for line in out.splitlines() if line.startswith("  ") and line[2] != " "]
    listed = [line.split()[0] for line in lines]
    state = position_from_text(AMANDA)
    assert listed == [str(action) for action in legal_actions(state)]
    # by hand: display 1 holds B G O O; the glazier is above slot 4 of
    # bbbgo/pppyb/yyybg/@ooopy/bbgop/PPYYg/oopyb/yybgo
    assert listed == [
        "1B-5", "1B-7", "1B-8", "1G-5", "1G-6=G", "1G-6=P", "1G-6=Y", "1G-8",
        "1O-4", "1O-5", "1O-7", "1O-8", "R",
    ]  # fmt: skip
    assert out.startswith("Player 1 to play, round III: 13 legal actions:\n")


def test_explain_an_action_of_a_typed_position(capsys: pytest.CaptureFixture[str]) -> None:
    """ENG-21: the rulebook's example: 1G-6=Y scores the colour bonus 2 and window 6 as
    2 + 1 + 2 = 5 (DONE-02, DONE-06); 1O-x is illegal (PLACE-05)."""
    code, out, err = run(capsys, "explain", AMANDA, "1G-6=Y")
    assert code == 0 and err == NOTE
    assert "window 6 scores 2 + 1 + 2 = 5" in out and out.endswith("Scores: player 1 0 -> 7.\n")
    code, out, err = run(capsys, "explain", AMANDA, "1O-x")
    assert code == 1 and err == ""
    assert "PLACE-05 (Must place when possible)" in out


def test_explain_a_record_at_a_ply(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """ENG-04: explain reads a record at ``--ply``: the action played next there is legal."""
    state = new_game(2, "A", seed=2)
    actions = []
    for _ in range(5):
        actions.append(legal_actions(state)[0])
        state = apply(state, actions[-1])
    game = tmp_path / "game.json"
    game.write_text(record_to_json(record_game(2, "A", 2, actions)), "utf-8")
    code, out, _ = run(capsys, "explain", str(game), str(actions[3]), "--ply", "3")
    assert code == 0 and f"[{actions[3]}]" in out


def test_explain_a_record_takes_its_last_ply(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """ENG-04: without --ply, explain takes a record's last position, as show does (issue
    25); a position waiting for a chance step lists no action (ENG-07)."""
    game = tmp_path / "game.json"
    game.write_text(record_to_json(record_game(2, "A", 2, [])), "utf-8")
    code, out, _ = run(capsys, "explain", str(game))
    assert code == 0
    assert out == run(capsys, "explain", position_to_text(new_game(2, "A", seed=2)))[1]
    pending = AMANDA.replace("centre:-", "centre:- chance:fill")
    code, out, _ = run(capsys, "explain", pending)
    assert (code, out) == (
        0,
        "No player acts: the position waits for a chance step (fill); supply its outcome "
        "(ENG-07).\n",
    )


def test_explain_after_the_game(capsys: pytest.CaptureFixture[str]) -> None:
    """END-02: after the game nobody has a legal action."""
    from tests.test_position import random_states

    state = random_states(2, "B", 12, default_components())[-1]
    code, out, _ = run(capsys, "explain", position_to_text(state))
    assert (code, out) == (0, "The game is over: nobody has a legal action (END-02).\n")


# --- --components and the provisional note ------------------------------------------------------


def test_components_option_on_every_command_that_plays_reads_or_shows(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """FIG-01: ``--components FILE`` makes play, replay, perft, show, explain and arena use a
    user's table (other colour codes); with every figure confirmed, no note is printed."""
    table_file = confirmed_table_file(tmp_path, "KLMNQ")
    table = components_from_mapping(json.loads(table_file.read_text("utf-8")))
    assert provisional_note(table) is None
    record = tmp_path / "game.json"
    code, out, err = run(
        capsys, "play", "--quiet", "--components", str(table_file), "--record", str(record)
    )
    assert code == 0 and err == ""
    assert json.loads(record.read_text("utf-8"))["components"]["digest"] == table.digest
    code, out, err = run(capsys, "replay", str(record), "--components", str(table_file))
    assert code == 0 and err == ""
    code, out, err = run(capsys, "replay", str(record))
    assert code == 2 and "components.digest" in err
    code, out, _ = run(capsys, "perft", "--depth", "1", "--components", str(table_file))
    assert code == 0
    mine = (  # AMANDA with B G O P Y written K L M N Q
        "sintra1 side:A indicator:QMNK turn:1 starter:1 tile:C factories:KLMM/-/-/-/- centre:- "
        "p1:score=0,track=0:kkklm/nnnqk/qqqkl/@mmmnq/kklmn/NNQQl/mmnqk=M/qqklm=K "
        "p2:score=0,track=0:@kkklm/lllmn/mmmnq/nnnqk/qqqkl/kklmn/mmnqk/qqklm"
    )
    code, out, err = run(capsys, "show", mine, "--components", str(table_file))
    assert code == 0 and err == "" and "Colours: K blue, L green" in out
    code, out, err = run(capsys, "explain", mine, "1L-6=Q", "--components", str(table_file))
    assert code == 0 and err == "" and "[1L-6=Q]" in out
    code, out, err = run(
        capsys, "show", mine, "--svg", str(tmp_path / "mine.svg"), "--components", str(table_file)
    )
    assert code == 0 and err == ""
    code, out, err = run(
        capsys, "arena", "greedy", "random", "--games", "1", "--components", str(table_file)
    )
    assert code == 0 and err == "" and out.startswith("Arena: 2 players")
    code, _, err = run(capsys, "show", mine)
    assert code == 2 and "unknown colour code 'Q'" in err
    code, _, err = run(capsys, "show", mine, "--components", str(tmp_path / "none.toml"))
    assert code == 2 and "component table" in err


def test_provisional_note_on_commands_that_print_scores(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """FIG-04: with the shipped table (provisional window values, track, ...) play, replay,
    show, a legal explain and arena say so on stderr, once; ``--quiet`` leaves it out."""
    assert run(capsys, "play")[2] == NOTE
    assert run(capsys, "play", "--quiet")[2] == ""
    assert run(capsys, "show", AMANDA)[2] == NOTE
    assert run(capsys, "explain", AMANDA, "1G-6=Y")[2] == NOTE
    assert run(capsys, "replay", str(ROOT / "tests" / "data" / "table-game.txt"))[2] == NOTE
    assert run(capsys, "arena", "random", "random", "--games", "1")[2] == NOTE


# --- pictures people can read -------------------------------------------------------------------


def drawn(svg: str, cls: str) -> list[ET.Element]:
    return [node for node in ET.fromstring(svg).iter() if node.get("class") == cls]


def words(svg: str) -> list[str]:
    return [node.text or "" for node in ET.fromstring(svg).iter() if node.tag.endswith("text")]


def test_picture_numbers_the_slots_and_names_the_players() -> None:
    """ENG-21: slots 1 to 8 are numbered on every palace; the players' names head them."""
    state = position_from_text(AMANDA)
    svg = state_to_svg(state, names=["Amanda", "Ben"])
    numbers = [node.text for node in drawn(svg, "slot-number")]
    assert numbers == [str(n) for n in range(1, 9)] * 2
    text = words(svg)
    assert "Amanda (to play, started the round)" in text and "Ben" in text
    assert any("Amanda to play" in line for line in text)
    with pytest.raises(ValueError, match="1 names for 2 players"):
        state_to_svg(state, names=["Amanda"])


def test_picture_letters_on_every_piece_and_space() -> None:
    """FIG-01: every piece carries its colour's code, every empty space its code in lower case
    (colour is never the only sign)."""
    state = position_from_text(AMANDA)
    root = ET.fromstring(state_to_svg(state))
    labels = [node for node in root.iter() if node.get("class") == "label"]
    pieces = [node for node in root.iter() if node.get("class") == "piece"]
    # pieces: 4 on display 1, 4 on the indicator, 4 on strip 6, 2 on windows = 14
    assert len(pieces) == 14
    upper = sorted(n.text or "" for n in labels if (n.text or "").isupper())
    assert upper == sorted("BGOO" + "YOPB" + "PPYY" + "OB")
    lower = [n.text for n in labels if (n.text or "").islower()]
    assert len(lower) == 16 * 5  # every strip space of both players (under a piece too)


def test_picture_rings_pieces_on_joker_spaces() -> None:
    """PLACE-06: a piece on a joker space is ringed and marked, at a glance."""
    text = AMANDA.replace("yybgo=B p2", "Y*jbgo=B p2")
    svg = state_to_svg(position_from_text(text))
    jokers = [n for n in drawn(svg, "piece") if n.get("data-joker") == "true"]
    assert [(n.get("data-colour"), n.get("data-slot")) for n in jokers] == [("Y", "7")]
    assert len(drawn(svg, "joker-ring")) == 1
    assert "j" in [n.text for n in drawn(svg, "label")]


def test_picture_shows_the_last_move_and_the_result() -> None:
    """WIN-01: the last move is written in notation; a finished game shows the final scores and
    the winners."""
    state = position_from_text(AMANDA)
    move = action_from_text("1G-6=Y")
    svg = state_to_svg(apply(state, move), last=move)
    assert [n.text for n in drawn(svg, "last-move")] == ["Last move: 1G-6=Y"]
    assert drawn(svg, "result") == []
    from tests.test_position import random_states

    over = random_states(2, "A", 11, default_components())[-1]
    result = [n.text for n in drawn(state_to_svg(over, names=["Ann", "Bob"]), "result")]
    from sintra_rules import outcome

    scores = outcome(over).scores
    winners = outcome(over).winners
    assert len(result) == 1 and result[0] is not None
    assert result[0].startswith(f"Final scores: Ann {scores[0]}, Bob {scores[1]} · ")
    assert result[0].endswith(" wins" if len(winners) == 1 else " win")


# --- sintra replay reads every kind of record ----------------------------------------------------

TABLE_GAME = ROOT / "tests" / "data" / "table-game.txt"


def test_replay_reads_a_text_record_by_its_content(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """ENG-24, ENG-25, WIN-01: ``sintra replay`` tells a text record from a JSON record by its
    content (whatever the file is called, or on standard input): the game typed at the table
    is replayed with its players' names to its result, the note on provisional figures on
    stderr; its JSON record replays to the same text."""
    monkeypatch.chdir(tmp_path)
    text = TABLE_GAME.read_text("utf-8")
    Path("game.json").write_text(text, "utf-8")  # a text record, whatever its name says
    code, out, err = run(capsys, "replay", "game.json")
    assert (code, err) == (0, NOTE)
    assert out.startswith(
        "sintra replay: game.json: text record, 2 players (Amanda, Ben), board side A, from a"
    )
    assert out.rstrip().endswith("Winner: Amanda with 10 points (WIN-01)")  # its Scores tag: 10 -7
    assert re.search(r"^  Ben +.* -7 +\d+$", out, re.M)
    lines = out.splitlines()  # the comment under the turn it follows, in braces (ENG-25)
    first = next(i for i, line in enumerate(lines) if line.startswith("  2G-5 "))
    assert lines[first + 2] == " " * 12 + "{Amanda opens}"
    assert lines[first + 3].startswith("  1P-6 ")
    from sintra_rules.games.sintra.textrecord import text_record_from_text

    record = text_record_from_text(text).game_record()
    Path("game.txt").write_text(record_to_json(record, indent=1), "utf-8")  # JSON, named .txt
    code, again, _ = run(capsys, "replay", "game.txt")
    assert code == 0
    Path("opened.txt").write_text(text.replace("\n\n2G-5", "\n\n{a friendly game} 2G-5"))
    code, opened, _ = run(capsys, "replay", "opened.txt")
    assert code == 0 and opened.split("\n")[3] == "{a friendly game}"  # before the first board
    start = "Round I of VI"
    assert again[again.index(start) :] == out[out.index(start) :]
    monkeypatch.setattr("sys.stdin", __import__("io").StringIO(text))
    code, piped, _ = run(capsys, "replay", "-")
    assert code == 0 and piped.startswith("sintra replay: standard input: text record, ")


def test_replay_stops_at_a_ply_and_refuses_bad_input_in_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """ENG-24: ``--ply N`` shows the first N actions and says where the game stands; a ply past
    the end, a broken text record and an unreadable file are one line on stderr, exit 2."""
    code, out, _ = run(capsys, "replay", str(TABLE_GAME), "--ply", "3")
    assert code == 0 and "shown up to ply 3" in out.splitlines()[0] + out.splitlines()[1]
    turns = [line for line in out.splitlines() if re.match(r"^  [1-5C][BGOPY]-|^  R ", line)]
    assert len(turns) == 3
    assert "The game is not over: Round I" in out
    code, out, err = run(capsys, "replay", str(TABLE_GAME), "--ply", "84")
    assert (code, out) == (2, "")
    assert err == "sintra replay: error: --ply 84: the record has 83 actions (plies 0 to 83)\n"
    broken = tmp_path / "broken.txt"
    broken.write_text(TABLE_GAME.read_text("utf-8").replace("2G-5", "2G-9", 1), "utf-8")
    code, out, err = run(capsys, "replay", str(broken))
    assert code == 2 and out == "" and err.count("\n") == 1
    assert err.startswith(f"sintra replay: error: {broken}: line 9, token 1: ")


def test_picture_says_who_played_the_last_move(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """TAKE-01, PLACE-03, DONE-04: given the position it was played from, the last move is told
    in words naming the player who made it, then its notation; ``sintra show --svg`` on a
    record does so with the record's names (at ply 2 of the typed game, Ben's ``1P-6``)."""
    state = position_from_text(AMANDA)
    move = action_from_text("1G-6=Y")
    svg = state_to_svg(apply(state, move), last=move, before=state, names=["Amanda", "Ben"])
    said = " ".join(n.text or "" for n in drawn(svg, "last-move"))
    assert said.startswith("Last move: Amanda takes 1 green from factory display 1")
    assert "keeps yellow for the top frame of window 6" in said and said.endswith("(1G-6=Y)")
    assert len(drawn(svg, "last-move")) > 1  # folded beside the round indicator
    unnamed = state_to_svg(apply(state, move), last=move, before=state)
    assert drawn(unnamed, "last-move")[0].text.startswith("Last move: Player 1 takes")  # type: ignore[union-attr]
    picture = tmp_path / "ply2.svg"
    code, out, _ = run(capsys, "show", str(TABLE_GAME), "--ply", "2", "--svg", str(picture))
    assert code == 0 and out == f"Picture written to {picture}\n"
    said = " ".join(n.text or "" for n in drawn(picture.read_text("utf-8"), "last-move"))
    second = TABLE_GAME.read_text("utf-8").split("\n\n", 1)[1].split()[3]  # after "{Amanda opens}"
    assert said.startswith("Last move: Ben takes 2 pink from factory display 1")
    assert said.endswith(f"({second})") and second == "1P-6"
