"""Self-play training data (ENG-52): every line checked against the engine by replaying the
game from its seed, the same bytes in one process and in two, and a reader that refuses
malformed lines naming the line and the field. (The same bytes on Ray: test_distributed.)"""

from __future__ import annotations

import io
import json
from pathlib import Path

import attrs
import pytest

from sintra_rules import (
    BEHAVIOUR_VERSION,
    FormatVersionError,
    RecordError,
    apply,
    default_components,
    load_components,
    new_game,
    outcome,
    position_to_text,
)
from sintra_rules.cli import main
from sintra_rules.cli._io import output
from sintra_rules.games.sagrada.game import GAME as SAGRADA
from sintra_rules.games.sintra.encoding import id_to_action, legal_ids
from sintra_rules.games.sintra.game import SintraGame
from sintra_rules.games.sintra.kernel import mcts_visits
from sintra_rules.games.sintra.observation import observation_size, observe
from sintra_rules.rng import next_u64
from sintra_rules.selfplay import (
    SelfPlayGame,
    play_selfplay_game,
    read_selfplay,
    run_selfplay,
)


def _run(games: int, seed: int, workers: int = 1, **options: object) -> str:
    out = io.StringIO()
    run_selfplay(games, seed, 6, out, workers=workers, **options)  # type: ignore[arg-type]
    return out.getvalue()


@pytest.fixture(scope="module")
def text() -> str:
    return _run(3, seed=2, players=3, options={"side": "B"})


def test_every_line_is_the_game_replayed_from_its_seed(text: str) -> None:
    """Replaying each game from ``new_game(players, side, seed)`` with the written actions
    gives the written positions, legal ids, seat to act, final scores and win shares."""
    rows = [json.loads(line) for line in text.splitlines()]
    assert sorted({row["game"] for row in rows}) == [0, 1, 2]
    for game in (0, 1, 2):
        lines = [row for row in rows if row["game"] == game]
        first = lines[0]
        assert first["seed"] == 2 * 2**32 + game
        assert (first["players"], first["side"], first["simulations"]) == (3, "B", 6)
        state = new_game(3, "B", first["seed"])
        for ply, row in enumerate(lines):
            assert row["format"] == "sintra-selfplay" and row["version"] == 2
            assert row["behaviour"] == BEHAVIOUR_VERSION
            assert row["ply"] == ply and row["to_act"] == state.turn
            assert row["referee"] == position_to_text(state)
            assert row["seen"] == f"observer:p{state.turn + 1} {position_to_text(state)}"
            assert row["legal"] == list(legal_ids(state))
            assert sum(row["visits"]) == 6 and row["visits"][row["legal"].index(row["action"])] > 0
            assert row["policy"] == [v / 6 for v in row["visits"]]
            state = apply(state, id_to_action(state, row["action"]))
        assert state.is_over
        result = outcome(state)
        shares = [1 / len(result.winners) if s in result.winners else 0.0 for s in range(3)]
        assert all(row["scores"] == list(result.scores) for row in lines)
        assert all(row["returns"] == shares for row in lines)


def test_the_first_search_is_seeded_as_documented(text: str) -> None:
    """The first decision's visits are the kernel search's, seeded with the first output of
    the game seed's SplitMix64 generator."""
    row = json.loads(text.splitlines()[0])
    state = new_game(3, "B", row["seed"])
    visits = mcts_visits(state, 6, seed=next_u64(row["seed"])[1])
    assert row["visits"] == [visits[i] for i in row["legal"]]


def test_same_bytes_for_a_seed_in_one_process_or_two(text: str) -> None:
    assert _run(3, seed=2, workers=2, players=3, options={"side": "B"}) == text
    assert _run(3, seed=3, players=3, options={"side": "B"}) != text


def test_the_reader_checks_every_line(text: str) -> None:
    examples = list(read_selfplay(text.splitlines()))
    assert len(examples) == len(text.splitlines())
    assert examples[0].legal == tuple(json.loads(text.splitlines()[0])["legal"])
    good = json.loads(text.splitlines()[0])
    bad_lines = {
        "visits": {**good, "visits": [0] * len(good["visits"])},
        "legal": {  # well-formed ids, but not the position's
            **good,
            "legal": [i + 1 for i in good["legal"]],
            "action": good["action"] + 1,
        },
        "action": {**good, "action": 3600 if 3600 not in good["legal"] else 0},
        "referee": {**good, "referee": "sintra1 nonsense"},
        "seen": {**good, "seen": good["seen"].replace("observer:p1", "observer:p2")},
    }
    for field, data in bad_lines.items():
        with pytest.raises(RecordError, match=rf"^line 2: \$\.{field}: "):
            list(read_selfplay(["", json.dumps(data)]))
    with pytest.raises(FormatVersionError, match=r"line 1: \$\.version: .* versions 1 and 2"):
        list(read_selfplay([json.dumps({**good, "version": 3})]))
    with pytest.raises(RecordError, match=r"line 1: \$\.referee: the position's options differ"):
        list(read_selfplay([json.dumps({**good, "side": "A"})]))  # the game is on side B
    with pytest.raises(RecordError, match=r"line 1: \$: not valid JSON"):
        list(read_selfplay(["{"]))


def test_observations_are_the_seat_to_act(tmp_path: Path) -> None:
    lines = play_selfplay_game(SelfPlayGame(0, 5, 2, 4, (("side", "A"),), observations=True))
    row = json.loads(lines[1])
    state = apply(
        new_game(2, "A", 5), id_to_action(new_game(2, "A", 5), json.loads(lines[0])["action"])
    )
    assert len(row["observation"]) == observation_size(2)
    assert row["observation"] == [int(v) for v in observe(state, row["to_act"])]
    assert list(row)[-1] == "observation"
    assert len(list(read_selfplay(lines))) == len(lines)


def test_the_command_writes_the_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "data.jsonl"
    assert (
        main(
            [
                "selfplay",
                "--games",
                "2",
                "--simulations",
                "6",
                "--seed",
                "1",
                "--out",
                str(out),
                "--quiet",
            ]
        )
        == 0
    )
    written = out.read_text("utf-8")
    assert written == _run(2, seed=1)
    assert (
        capsys.readouterr().out
        == f"selfplay: 2 games, {len(written.splitlines())} examples written to {out}\n"
    )


def test_the_command_checks_its_output_first(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "no-such-folder" / "data.jsonl"
    assert main(["selfplay", "--games", "2", "--simulations", "6", "--out", str(missing)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "no folder" in err
    assert not missing.parent.exists()


def _table_file(tmp_path: Path, confirmed: bool) -> Path:
    """A component table file with a shorter broken glass track (FIG-08); with ``confirmed``,
    every figure marked confirmed (as a player who checked their own copy would)."""
    data = default_components().to_mapping()
    data["name"] = "my copy"
    data["track"]["value"] = [0, -1, -2, -4, -8, -18]

    def confirm(entry: object) -> None:
        if isinstance(entry, dict):
            if entry.get("status") == "provisional":
                entry["status"] = "confirmed"
                entry["source"] = "printed on my copy"
            for inner in entry.values():
                confirm(inner)

    if confirmed:
        confirm(data)
    path = tmp_path / ("confirmed.json" if confirmed else "provisional.json")
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@pytest.mark.parametrize("confirmed", [False, True])
def test_a_component_table_is_played_and_named_in_every_line(
    tmp_path: Path, confirmed: bool
) -> None:
    """FIG-01, FIG-08, ENG-52: with a component table file the games are played on its figures
    (each line's position reads back on that table only), every line names the table by its
    digest and says whether its figures are provisional; read with another table, the first
    line is refused naming ``components``."""
    path = _table_file(tmp_path, confirmed)
    table = load_components(str(path))
    assert table != default_components()
    text = _run(2, 3, game=SintraGame(table))
    rows = [json.loads(line) for line in text.splitlines()]
    assert {row["components"] for row in rows} == {table.digest}
    assert {row["provisional"] for row in rows} == {not confirmed}
    examples = list(read_selfplay(text.splitlines(), game=SintraGame(table)))
    assert len(examples) == len(rows)
    assert dict(examples[0].table) == {"components": table.digest, "provisional": not confirmed}
    with pytest.raises(RecordError, match=r"line 1: \$\.components"):
        next(read_selfplay(text.splitlines()))
    shipped = [json.loads(line) for line in _run(1, 3).splitlines()]
    assert {row["components"] for row in shipped} == {default_components().digest}
    assert {row["provisional"] for row in shipped} == {True}


def test_the_command_takes_a_component_table(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``sintra selfplay --components FILE``: the games on that table, the note on provisional
    figures on standard error only when it holds some; a bad file is one line and exit 2,
    before any file is written."""
    out = tmp_path / "games.jsonl"
    for confirmed in (False, True):
        path = _table_file(tmp_path, confirmed)
        args = ["selfplay", "--games", "1", "--simulations", "4"]
        assert main([*args, "--out", str(out), "--components", str(path)]) == 0
        captured = capsys.readouterr()
        assert ("provisional figures" in captured.err) is not confirmed
        table = load_components(str(path))
        lines = out.read_text("utf-8").splitlines()
        assert lines and all(json.loads(line)["components"] == table.digest for line in lines)
    bad = tmp_path / "bad.toml"
    bad.write_text("this is not a table", encoding="utf-8")
    fresh = tmp_path / "never.jsonl"
    args = ["selfplay", "--games", "1", "--simulations", "4", "--out", str(fresh)]
    assert main([*args, "--components", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("sintra selfplay: error: ") and err.count("\n") == 1
    assert not fresh.exists()


# --- games with hidden information: what the seat knew, and the referee's view ---------------


@pytest.fixture(scope="module")
def sagrada_files() -> dict[int, str]:
    """Sagrada self-play, written as ``sintra selfplay --game sagrada`` writes it: one solo
    game at difficulty 2 and one 2-player game."""
    game = SAGRADA
    files = {}
    for players, options in ((1, {"tools": "2"}), (2, {})):
        out = io.StringIO()
        run_selfplay(1, 4, 2, out, game=game, players=players, options=options)
        files[players] = out.getvalue()
    return files


def test_sagrada_files_read_back_with_their_positions_checked(
    sagrada_files: dict[int, str],
) -> None:
    """Every line of a Sagrada file reads back, its position checked through the protocol
    (players, options, seat to act, legal ids, what the seat saw); each line's referee view is
    the game replayed from its seed with the written actions, and only the options that apply
    to the player count are written (``tools`` in the solo game only)."""
    game = SAGRADA
    for players, text in sagrada_files.items():
        lines = text.splitlines()
        examples = list(read_selfplay(lines, game=game))
        assert len(examples) == len(lines) > 10
        rows = [json.loads(line) for line in lines]
        assert all(row["format"] == "sagrada-selfplay" and row["version"] == 2 for row in rows)
        assert all(("tools" in row) is (players == 1) for row in rows)
        assert examples[0].options == ((("tools", "2"),) if players == 1 else ())
        options = dict(examples[0].options)
        state = game.start(players, seed=examples[0].seed, options=options)
        for example in examples:
            assert example.referee == game.position_to_text(state)
            assert example.seen == game.observation_string(state, state.turn)
            state = game.apply(state, game.id_to_action(state, example.action))
        assert state.is_over and examples[0].scores == game.result(state).scores


def test_a_sagrada_line_with_other_options_is_refused(sagrada_files: dict[int, str]) -> None:
    """The solo option ``tools`` is checked against the difficulty of the position (it was
    compared with the tool cards in play: every Sagrada file was refused); an option that does
    not apply to the player count is refused by name."""
    game = SAGRADA
    solo = json.loads(sagrada_files[1].splitlines()[0])
    with pytest.raises(RecordError, match=r"^line 1: \$\.referee: the position's options differ"):
        list(read_selfplay([json.dumps({**solo, "tools": "4"})], game=game))
    duo = json.loads(sagrada_files[2].splitlines()[0])
    with pytest.raises(RecordError, match=r"^line 1: \$\.tools: .* does not apply to 2 players"):
        list(read_selfplay([json.dumps({**duo, "tools": "3"})], game=game))
    with pytest.raises(RecordError, match=r"^line 1: \$\.seen: not what the seat to act sees"):
        list(read_selfplay([json.dumps({**duo, "seen": duo["seen"] + " "})], game=game))


def _privates(text: str) -> list[str]:
    return [line.split(":", 1)[1].strip() for line in text.splitlines() if "private" in line]


def test_what_a_seat_knew_holds_nothing_hidden_from_it(sagrada_files: dict[int, str]) -> None:
    """In a 2-player Sagrada file, what the seat to act knew (``seen`` and the observation)
    shows its own private objective and not the other seat's: give the other seat another
    private objective and the seat's part of the line is the same; only the referee's view
    changes. Once the game is over every card is shown, as at the table."""
    game = SAGRADA
    lines = sagrada_files[2].splitlines()
    colours = ("Red", "Yellow", "Green", "Blue", "Purple")
    checked = 0
    for example in read_selfplay(lines, game=game):
        state = game.position_from_text(example.referee)
        seat, other = example.to_act, 1 - example.to_act
        shown = _privates(example.seen)
        assert shown[seat] != "hidden" and shown[other] == "hidden"
        assert sum(colour in example.seen for colour in ("Shades of " + c for c in colours)) == 1
        held = {card for player in state.players for card in player.privates}
        free = next(card for card in range(5) if card not in held)
        players = list(state.players)
        players[other] = attrs.evolve(players[other], privates=(free,))
        swapped = attrs.evolve(state, players=tuple(players))
        assert game.position_to_text(swapped) != example.referee
        assert game.observation_string(swapped, seat) == example.seen
        assert list(game.observe(swapped, seat)) == list(game.observe(state, seat))
        assert game.legal_ids(swapped) == game.legal_ids(state)
        checked += 1
    assert checked == len(lines)


def test_observations_of_sagrada_lines_are_the_seat_to_act() -> None:
    game = SAGRADA
    plan = SelfPlayGame(0, 9, 1, 1, (("tools", "1"),), observations=True, rules=game)
    lines = play_selfplay_game(plan)
    examples = list(read_selfplay(lines, game=game))
    assert all(e.observation is not None for e in examples)
    state = game.position_from_text(examples[3].referee)
    assert examples[3].observation == tuple(int(v) for v in game.observe(state, 0))


def _version_1(line: str, every_option: dict[str, str]) -> str:
    """A line as version 1 wrote it: ``position`` for the referee's view, no ``seen``, every
    option whatever the player count."""
    row = json.loads(line)
    old: dict[str, object] = {}
    for key, value in row.items():
        if key == "simulations":
            old.update({k: v for k, v in every_option.items() if k not in row})
        if key == "referee":
            old["position"] = value
        elif key != "seen":
            old[key] = value
    old["version"] = 1
    return json.dumps(old, separators=(",", ":"))


def test_version_1_files_are_read_with_what_the_seat_saw_derived(
    text: str, sagrada_files: dict[int, str]
) -> None:
    """A version-1 line (before ``seen`` and ``referee``) reads as its version-2 twin: its
    ``position`` is the referee's view and what the seat saw is derived from it, even when
    the positions are not otherwise checked."""
    cases = (
        (None, text.splitlines()[:5], {"side": "B"}),
        (SAGRADA, sagrada_files[2].splitlines()[:5], {"tools": "3"}),
    )
    for game, lines, every in cases:
        old = [_version_1(line, every) for line in lines]
        assert "position" in json.loads(old[0]) and "seen" not in json.loads(old[0])
        for check in (True, False):
            assert list(read_selfplay(old, check, game=game)) == list(
                read_selfplay(lines, game=game)
            )


def test_the_command_writes_sagrada_files_that_read_back(tmp_path: Path) -> None:
    """``sintra selfplay --game sagrada`` (solo, difficulty 4): the file reads back."""
    out = tmp_path / "solo.jsonl"
    args = ["selfplay", "--game", "sagrada", "--players", "1", "--tools", "4", "--games", "1"]
    assert main([*args, "--simulations", "1", "--out", str(out), "--quiet"]) == 0
    examples = list(read_selfplay(out.read_text("utf-8").splitlines(), game=SAGRADA))
    assert examples and {e.options for e in examples} == {(("tools", "4"),)}


# --- interrupted runs ------------------------------------------------------------------------


def test_interrupted_runs_to_one_output_leave_one_partial_file(tmp_path: Path) -> None:
    """Issue 30: each interrupted run to an existing ``--out`` left another
    ``FILE.XXXX.partial``. Now it is kept as ``FILE.partial``, which the next interrupted run
    replaces (and says so); the output itself is untouched."""
    out = tmp_path / "games.jsonl"
    out.write_text("old data\n")
    messages = []
    for run in ("first", "second"):
        with (
            pytest.raises(KeyboardInterrupt) as caught,
            output(str(out), keep_on_interrupt=True) as f,
        ):
            f.write(f"{run} run\n")
            raise KeyboardInterrupt
        messages.append(str(caught.value))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games.jsonl", "games.jsonl.partial"]
    assert out.read_text() == "old data\n"
    assert (tmp_path / "games.jsonl.partial").read_text() == "second run\n"
    assert messages == [
        f"{out} untouched, what was written is in {out}.partial",
        f"{out} untouched, what was written is in {out}.partial, replacing an earlier run's",
    ]
    with output(str(out), keep_on_interrupt=True) as f:  # a run that ends replaces the output
        f.write("third run\n")
    assert out.read_text() == "third run\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games.jsonl", "games.jsonl.partial"]
