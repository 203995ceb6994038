"""Self-play training data (ENG-52): every line checked against the engine by replaying the
game from its seed, the same bytes in one process and in two, and a reader that refuses
malformed lines naming the line and the field. (The same bytes on Ray: test_distributed.)"""

from __future__ import annotations

import io
import json
from pathlib import Path

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
            assert row["format"] == "sintra-selfplay" and row["version"] == 1
            assert row["behaviour"] == BEHAVIOUR_VERSION
            assert row["ply"] == ply and row["to_act"] == state.turn
            assert row["position"] == position_to_text(state)
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
        "position": {**good, "position": "sintra1 nonsense"},
    }
    for field, data in bad_lines.items():
        with pytest.raises(RecordError, match=rf"^line 2: \$\.{field}: "):
            list(read_selfplay(["", json.dumps(data)]))
    with pytest.raises(FormatVersionError, match=r"line 1: \$\.version"):
        list(read_selfplay([json.dumps({**good, "version": 2})]))
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
