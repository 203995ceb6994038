"""Files name their own game (issue 29): :func:`sintra_rules.games.detect_file` tells the game
and the kind of every file of every registered game by its content (each game's
:class:`~sintra_rules.game.Recognised` capability), refuses a text no game claims with every
game's kinds of file, and reports a text two games claim rather than guess; the command line
reads a Sagrada text record without its first tag and without ``--game``; a replay of an
unfinished record of either game ends with ``The game is not over: ...``
(:class:`~sintra_rules.game.Summarised`)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from sintra_rules import make
from sintra_rules.cli import main
from sintra_rules.errors import FileKindError
from sintra_rules.game import (
    FILE_KINDS,
    Game,
    GameLog,
    Positions,
    Recognised,
    Recorded,
    Summarised,
    log_game,
)
from sintra_rules.games import available_games, detect_file, file_claims, game_named_by
from sintra_rules.verify.golden import playthrough_to_json, record_playthrough

ROOT = Path(__file__).resolve().parent.parent
SINTRA_TABLE = ROOT / "tests" / "data" / "table-game.txt"
SAGRADA_TABLE = ROOT / "tests" / "data" / "sagrada" / "table-game.txt"


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def _log(game: Game[Any, Any], players: int, plies: int, seed: int = 3) -> GameLog:
    """A seeded game of ``plies`` actions, each the first legal one."""
    state = game.start(players, seed=seed)
    actions = []
    for _ in range(plies):
        action = game.legal_actions(state)[0]
        actions.append(action)
        state = game.apply(state, action)
    return log_game(game, players, actions, seed=seed)


def _without_tag(text: str, name: str) -> str:
    """``text`` without its tag ``name``."""
    lines = text.splitlines(keepends=True)
    kept = [line for line in lines if not line.startswith(f"[{name} ")]
    assert len(kept) == len(lines) - 1, name
    return "".join(kept)


def _files(name: str, players: int) -> dict[str, list[str]]:
    """Every kind of file of the game ``name``, each in the forms a person or a program
    writes it, made by the game's own writers."""
    game = make(name)
    log = _log(game, players, 12)
    state = log.states[-1]
    assert isinstance(game, Positions) and isinstance(game, Recorded)
    text_record = game.write_record(log, text=True)
    header = "Sintra" if name == "sintra" else "Sagrada"
    table = (SINTRA_TABLE if name == "sintra" else SAGRADA_TABLE).read_text("utf-8")
    golden = playthrough_to_json(record_playthrough(players, seed=4, game=game, plies=5))
    return {
        "position": [
            game.position_to_text(state),
            "  " + game.position_to_text(state) + "\n",
        ],
        "state document": [game.serialize(state)],
        "game record": [game.write_record(log)],
        "text record": [
            text_record,  # from a seed
            _without_tag(text_record, header),  # its first tag left out (sagrada:ENG-17, ENG-24)
            table,  # from a position
            _without_tag(table, header),
            "\ufeff\n" + table.replace(f"[{header} ", f"[{header.lower()} "),
        ],
        "golden playthrough": [golden],
    }


@pytest.mark.parametrize(("name", "players"), [("sintra", 2), ("sagrada", 2), ("sagrada", 1)])
def test_every_kind_of_file_of_every_game_is_recognised(name: str, players: int) -> None:
    """Each game's positions, state documents, game records, text records (from a seed and
    from a position, with and without the game's tag) and golden playthroughs are told by
    their content alone, and no other game claims them."""
    game = make(name)
    assert isinstance(game, Recognised)
    assert [f.kind for f in game.file_formats] == list(FILE_KINDS)
    files = _files(name, players)
    assert set(files) == set(FILE_KINDS)
    for kind, texts in files.items():
        for text in texts:
            assert detect_file(text) == (name, kind), (kind, text[:80])
            assert list(file_claims(text)) == [name]
            assert game_named_by(text) == name


def test_sintras_own_golden_playthroughs_are_recognised() -> None:
    """Sintra's golden files (a record and its digests, ENG-06) and Sagrada's (the generic
    playthrough) are golden playthroughs of their games."""
    found = {
        path.name: detect_file(path.read_text("utf-8"))
        for path in (ROOT / "tests" / "golden").glob("*.json")
    }
    assert len(found) >= 10
    for file, (game, kind) in found.items():
        assert kind == "golden playthrough"
        assert game == ("sagrada" if file.startswith("sagrada-") else "sintra"), file


def test_a_broken_json_document_is_still_claimed_by_its_kind() -> None:
    """A document that does not decode is its game's by the kind it names, so that its
    game's reader says what is wrong (here, where the JSON breaks)."""
    text = make("sagrada").serialize(make("sagrada").start(2, seed=1))
    assert detect_file(text[: len(text) // 2]) == ("sagrada", "state document")
    with pytest.raises(FileKindError, match=r"^\$: not valid JSON \(truncated or malformed\): "):
        detect_file('{"format": 1, "players": [')


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("", "an empty text"),
        ("hello world", "a text starting 'hello'"),
        ("[1, 2]", "a JSON array"),
        ("{}", "an empty JSON object"),
        ('{"kind": "chess-game"}', 'a JSON document of kind "chess-game"'),
        ('[Event "Club night"]\n[Seed "3"]\n\n', "a text record whose tags and moves are no"),
        ("sintra 1 side:A", "a text starting 'sintra'"),
    ],
)
def test_a_text_of_no_game_lists_every_games_kinds_of_file(text: str, found: str) -> None:
    """A text no game claims is refused saying what it is, then every kind of file of every
    game, as each game declares it."""
    with pytest.raises(FileKindError) as caught:
        detect_file(text)
    error = caught.value
    assert error.games == () and error.field == "$"
    assert error.reason.startswith(f"{found}")
    assert ", not a file of any game: " in error.reason
    for name in available_games():
        game = make(name)
        assert isinstance(game, Recognised)
        listed = ", ".join(f"a {f.kind} ({f.looks})" for f in game.file_formats)
        assert f"{game.info.title} reads {listed}" in error.reason
    assert game_named_by(text) is None


def test_the_kinds_of_file_each_game_declares() -> None:
    """What the message of a text of no game shows, game by game (written here from the
    formats' specs: sagrada:ENG-12, sagrada:ENG-16, sagrada:ENG-17; Sintra's ENG-21, ENG-24,
    ENG-25)."""
    sagrada, sintra = make("sagrada"), make("sintra")
    assert isinstance(sagrada, Recognised) and isinstance(sintra, Recognised)
    assert [(f.kind, f.looks) for f in sagrada.file_formats] == [
        ("position", "'sagrada1 ...'"),
        ("state document", '"kind": "sagrada-state"'),
        ("game record", '"kind": "sagrada-game"'),
        (
            "text record",
            '[Sagrada "1"] or [Position "sagrada1 ..."] tags, or moves such as \'draft G6\'',
        ),
        ("golden playthrough", '"kind": "playthrough", "game": "sagrada"'),
    ]
    assert [f.looks for f in sintra.file_formats][3:] == [
        '[Sintra "1"] or [Position "sintra1 ..."] tags, or moves such as \'2G-5\'',
        '"kind": "playthrough", "game": "sintra", or a "record" and its "digests"',
    ]


SAGRADA_POSITION = SAGRADA_TABLE.read_text("utf-8").splitlines()[4]
SINTRA_POSITION = SINTRA_TABLE.read_text("utf-8").splitlines()[3]


@pytest.mark.parametrize(
    ("text", "signs"),
    [
        # a game's tag and another game's Position: both name their game
        (
            f'[Sintra "1"]\n{SAGRADA_POSITION}\n\ndraft G6\n',
            ("its Position tag, 'sagrada1 ...'", 'its tag [Sintra "1"]'),
        ),
        # two games' tags
        ('[Sagrada "1"]\n[Sintra "1"]\n', ('its tag [Sagrada "1"]', 'its tag [Sintra "1"]')),
        # no game named; moves of both notations
        (
            '[Event "x"]\n\n2G-5 draft G6\n',
            ("its moves, in Sagrada's notation ('draft')", "its moves, in Sintra's notation"),
        ),
        # no game named; a tag only Sintra's records use, a tag only Sagrada's use
        (
            '[Seed "3"]\n[Players "2"]\n[Side "A"]\n[Tools "2"]\n',
            ("its tag Tools, which only it uses", "its tag Side, which only it uses"),
        ),
    ],
)
def test_a_text_two_games_claim_is_reported_not_guessed(text: str, signs: tuple[str, str]) -> None:
    """A text two games claim alike (both by name, or both by form alone) is refused naming
    both games and what in the text points to each."""
    with pytest.raises(FileKindError) as caught:
        detect_file(text)
    assert caught.value.games == ("sagrada", "sintra")
    reason = caught.value.reason
    assert reason.startswith("the text could be a text record of Sagrada (")
    assert " and a text record of Azul: Stained Glass of Sintra (" in reason
    assert reason.endswith("): it is not guessed, name its game")
    for sign in signs:
        assert sign in reason
    with pytest.raises(FileKindError):
        game_named_by(text)


def test_a_text_that_names_its_game_outweighs_another_games_form() -> None:
    """A text record that names Sagrada (its tag, or its Position) is Sagrada's even when a
    word of its moves is in Sintra's notation (a slip its reader then reports); one that names
    no game is the game of its moves."""
    text = SAGRADA_TABLE.read_text("utf-8").replace("draft Y4 place r1c1 end", "2G-5", 1)
    assert detect_file(text) == ("sagrada", "text record")
    assert detect_file(_without_tag(text, "Sagrada")) == ("sagrada", "text record")
    assert detect_file('[Seed "1"]\n[Players "2"]\n\n{first} 1. R 2G-5\n') == (
        "sintra",
        "text record",
    )
    assert detect_file("pool:G1G1G6P4P4\ndraft G6") == ("sagrada", "text record")


# ------------------------------------------------------------------------ the command line


@pytest.fixture
def headerless(tmp_path: Path) -> Path:
    """Ann and Ben's Sagrada game without its first tag, ``[Sagrada "1"]`` (sagrada:ENG-17 allows
    it): its ``Position`` names the game."""
    path = tmp_path / "headerless.txt"
    path.write_text(_without_tag(SAGRADA_TABLE.read_text("utf-8"), "Sagrada"), "utf-8")
    return path


def _after_first_line(text: str) -> str:
    """The output after its header (folded to the width, and the blank line after it)."""
    return text.split("\n\n", 1)[1]


def _header(text: str) -> str:
    """The output's header, unfolded."""
    return " ".join(text.split("\n\n", 1)[0].split())


def test_a_headerless_sagrada_record_replays_without_game(
    capsys: pytest.CaptureFixture[str], headerless: Path
) -> None:
    """It said "bad position: version, character 1: a position starts with 'sintra1', found
    'sagrada1'"; it now replays as the whole record does, to the same result."""
    code, out, err = _run(capsys, "replay", str(headerless))
    assert code == 0 and err == ""
    assert _header(out).startswith(f"sintra replay: {headerless}: text record, Sagrada, 2 players")
    assert out.endswith("Result: Ann 40, Ben 40\nWinner: Ann with 40 points\n")
    _, whole, _ = _run(capsys, "replay", str(SAGRADA_TABLE))
    assert _after_first_line(out) == _after_first_line(whole)


@pytest.mark.parametrize("command", [["show"], ["show", "--ply", "7"], ["explain", "--ply", "7"]])
def test_a_headerless_sagrada_record_is_shown_and_explained_without_game(
    capsys: pytest.CaptureFixture[str], headerless: Path, command: list[str]
) -> None:
    """``show`` and ``explain`` take it too, as they take the whole record."""
    code, out, err = _run(capsys, command[0], str(headerless), *command[1:])
    assert code == 0 and err == ""
    _, whole, _ = _run(capsys, command[0], str(SAGRADA_TABLE), *command[1:])
    if command[0] == "show":
        assert _header(out).startswith(f"sintra show: {headerless} (Ann, Ben), ply ")
        out, whole = _after_first_line(out), _after_first_line(whole)
    assert out == whole
    assert "Sagrada" in out or "may" in out


def test_a_seeded_sagrada_record_without_tag_replays_by_its_moves(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A Sagrada game from a seed, written without its first tag: only its moves' notation
    (and the solo game's Tools tag) says whose it is."""
    game = make("sagrada")
    for players in (1, 2):
        assert isinstance(game, Recorded)
        text = game.write_record(_log(game, players, 9), text=True)
        path = tmp_path / f"seeded-{players}.txt"
        path.write_text(_without_tag(text, "Sagrada"), "utf-8")
        code, out, err = _run(capsys, "replay", str(path))
        assert code == 0 and err == "", err
        assert f": text record, Sagrada, {players} player" in _header(out)


def test_the_command_line_refuses_a_text_of_no_game_or_of_two(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A file of no game: one line listing every game's kinds of file, and that ``--game``
    reads it as one game's (whose reader then says what is wrong). A file two games claim:
    one line naming both, and the ``--game`` that decides."""
    path = tmp_path / "club.txt"
    path.write_text('[Event "Club night"]\n\n', "utf-8")
    code, out, err = _run(capsys, "replay", str(path))
    assert code == 2 and out == ""
    assert err.startswith(
        f"sintra replay: error: {path}: $: a text record whose tags and moves are no game's, "
        "not a file of any game: Sagrada reads a position ('sagrada1 ...'), "
    )
    assert err.endswith(" (--game NAME reads it as that game's)\n")
    assert "Sintra" not in err.split("Sagrada reads", 1)[0]
    code, _, err = _run(capsys, "replay", str(path), "--game", "sagrada")
    assert code == 2 and err == (
        f"sintra replay: error: {path}: Position: give the starting Position (or a Seed and "
        "Players)\n"
    )
    both = tmp_path / "both.txt"
    both.write_text(
        _without_tag(SAGRADA_TABLE.read_text("utf-8"), "Sagrada").replace(
            "[Event", '[Sintra "1"]\n[Event'
        ),
        "utf-8",
    )
    code, out, err = _run(capsys, "show", str(both))
    assert code == 2 and out == ""
    assert err.startswith(f"sintra show: error: {both}: $: the text could be a text record of ")
    assert err.endswith("name its game (--game sagrada or --game sintra)\n")
    code, out, err = _run(capsys, "replay", str(both), "--game", "sagrada")
    assert code == 0 and out.endswith("Winner: Ann with 40 points\n")


def test_a_file_of_another_game_than_game_names_is_refused(
    capsys: pytest.CaptureFixture[str], headerless: Path
) -> None:
    """``--game sintra`` on a Sagrada record (named by its Position only) is refused."""
    code, _, err = _run(capsys, "replay", str(headerless), "--game", "sintra")
    assert code == 2
    assert err == (
        f"sintra replay: error: {headerless}: a file of Sagrada, not of Azul: Stained Glass of "
        "Sintra (--game sintra)\n"
    )


def test_a_wrong_move_number_in_a_sagrada_record_gets_a_warning_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """As in Sintra's text records (ENG-24), a wrong move number is said in one warning line
    (sagrada:ENG-17); the game replays the same."""
    path = tmp_path / "numbered.txt"
    path.write_text(
        SAGRADA_TABLE.read_text("utf-8").replace("draft B2 place", "5. draft B2 place", 1), "utf-8"
    )
    code, out, err = _run(capsys, "replay", str(path))
    assert code == 0
    assert err == (
        f"sintra replay: warning: {path}: line 11, token 1: move number 5. where decision 4 "
        "comes (the number is ignored)\n"
    )
    _, whole, _ = _run(capsys, "replay", str(SAGRADA_TABLE))
    assert _after_first_line(out) == _after_first_line(whole)


# ------------------------------------------------------------------- unfinished records


def test_both_games_say_a_replayed_record_is_not_over(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A replay of an unfinished record ends alike in both games: ``The game is not over:``
    and where the game is (Summarised). Sagrada's, after Ann's first turn of the table game:
    round 1, the second of the 4 turns (sagrada:ROUND-03: Ben's), Ann's one die and her 4 tokens
    (Kaleidoscopic Dream, difficulty 4: sagrada:SETUP-03), Ben's 3 (Bellesguard, difficulty 3).
    Sintra's, after Amanda's first two actions, as ``--ply`` shows it."""
    sagrada = SAGRADA_TABLE.read_text("utf-8").replace('[Scores "40 40"]\n', "")
    cut = sagrada.index("draft B2 place r1c1 end")
    path = tmp_path / "unfinished.txt"
    path.write_text(sagrada[:cut], "utf-8")
    code, out, err = _run(capsys, "replay", str(path))
    assert code == 0 and err == ""
    assert out.endswith(
        "\n\nThe game is not over: Round 1 of 10, turn 2 of 4 | Ann: 1 die, 4 favor tokens | "
        "Ben: 0 dice, 3 favor\n    tokens | Ben to play\n"
    )
    code, out, _ = _run(capsys, "replay", str(SAGRADA_TABLE), "--ply", "3")
    assert code == 0 and out.endswith("| Ben to play\n") and "The game is not over: " in out
    code, out, _ = _run(capsys, "replay", str(SINTRA_TABLE), "--ply", "2", "--quiet")
    assert code == 0
    assert out.endswith(
        "\nThe game is not over: Round I (pink) | Amanda: 0 points, track 0 | Ben: 0 points, "
        "track 0 | Amanda\n    to play\n"
    )


def test_every_game_summarises_a_game_in_progress() -> None:
    """Both games have the Summarised capability; Sagrada's solo game has no favor tokens
    (sagrada:SOLO-01)."""
    for name in available_games():
        assert isinstance(make(name), Summarised)
    sagrada = make("sagrada")
    assert isinstance(sagrada, Summarised)
    solo = sagrada.start(1, seed=1)
    while solo.in_setup:
        solo = sagrada.apply(solo, sagrada.legal_actions(solo)[0])
    assert (
        sagrada.summary(solo, ["Ann"]) == "Round 1 of 10, turn 1 of 2 | Ann: 0 dice | Ann to play"
    )
    assert json.loads(sagrada.serialize(solo))["kind"] == "sagrada-state"


@pytest.mark.parametrize("value", [None, b"sintra1 side:A", 3])
def test_a_value_that_is_no_text_is_refused(value: object) -> None:
    """Only a string is a file's text: anything else is one specific error, not a guess and
    not a crash, from each of the three functions."""
    for function in (detect_file, game_named_by, file_claims):
        with pytest.raises(FileKindError, match=r"^\$: expected the text of a file \(a str\)"):
            function(value)  # type: ignore[arg-type]
