"""Cross-checks of the proofs against the engine: every proved bound is attacked with the real
:func:`~sintra_rules.games.sintra.rules.apply` and :mod:`~sintra_rules.games.sintra.scoring`, by
brute force where the space is small and by hypothesis searches (``hypothesis.target``) over whole
games; the model functions of :mod:`proofs` are compared with the engine's on the same inputs. If
model and engine disagree, or the engine exceeds a bound, a test fails.

The bounds are read from the proofs' results (:func:`proofs.registry.result`), so these tests
check the engine against what was proved, for the shipped table and, where the engine can
play it, for :func:`proofs.figures.witness_table` (an admissible table attaining the bounds).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator, Sequence

import attrs
import pytest
import z3
from hypothesis import given, target
from hypothesis import strategies as st

from proofs.figures import (
    RANGES,
    SCOPES,
    Scope,
    admissible,
    admissible_tracks,
    shipped,
    tracks,
    witness_table,
)
from proofs.harness import select, solver
from proofs.models.endgame import leftover_points as model_leftover_points
from proofs.models.endgame import ornament_bonus as model_ornament_bonus
from proofs.models.endgame import side_b_bonus as model_side_b_bonus
from proofs.models.faces import completed
from proofs.models.faces import window_points as model_window_points
from proofs.models.pieces import Piles, end_round, refill_draw, refill_from_tower, whole_take
from proofs.models.round import may_reset, schedule, setup_indicator
from proofs.models.track import BOTTOM, lost_after, step
from proofs.models.witness import WitnessGame, witness_game
from proofs.registry import result
from sintra_rules import (
    CENTRE,
    Action,
    ComponentTable,
    ComponentTableError,
    GameState,
    PlayerState,
    Reset,
    Side,
    Strip,
    Take,
    Window,
    apply,
    components_from_mapping,
    final_score,
    legal_actions,
    new_game,
)
from sintra_rules import default_components as shipped_table
from sintra_rules.games.sintra.agents import TurnCount
from sintra_rules.games.sintra.scoring import (
    colour_bonus,
    leftover_points,
    ornament_bonus,
    points_lost,
    side_b_bonus,
    track_steps,
    window_points,
)
from sintra_rules.games.sintra.verify.positions import (
    bare,
    position,
    rebalance,
    set_factories,
    set_indicator,
    set_player,
    set_strips,
    set_windows,
)

TABLES = (shipped_table(), witness_table())
SIDES: tuple[Side, ...] = ("A", "B")
PATTERNS = tuple(itertools.product(range(3), repeat=RANGES.windows))  # pieces per window


def _bound(name: str, key: str) -> int:
    outcome = result(name)
    assert outcome.holds, outcome.explain()
    return outcome.values[key]


def _windows(pieces: Sequence[int], top: Sequence[int], bottom: Sequence[int]) -> list[Window]:
    return [
        (t if n >= 1 else None, b if n == 2 else None)
        for n, t, b in zip(pieces, top, bottom, strict=True)
    ]


# --- whole games, for the hypothesis searches ---------------------------------------------------

POLICIES = ("any", "reset", "break", "centre", "complete")


def _taken(state: GameState, action: Take) -> int:
    pile = state.centre if action.source == CENTRE else state.factories[action.source]
    return pile[action.colour]


def _prefer(policy: str, state: GameState, legal: Sequence[Action]) -> Sequence[Action]:
    """The legal actions a policy favours (all of them when it has no favourite)."""
    takes = [a for a in legal if isinstance(a, Take)]
    if policy == "reset":  # long rounds: reset whenever possible, else take few pieces
        if Reset() in legal:
            return [Reset()]
        fewest = min(_taken(state, a) for a in takes)
        return [a for a in takes if _taken(state, a) == fewest and a.target is not None] or takes
    if policy == "break":  # big losses: all-break takes, the centre's largest
        breaking = [a for a in takes if a.target is None]
        pool = breaking or takes
        most = max(_taken(state, a) for a in pool)
        return [a for a in pool if _taken(state, a) == most]
    if policy == "centre":  # let the centre fill up, then take its largest colour
        centre = [a for a in takes if a.source == CENTRE]
        if centre and max(_taken(state, a) for a in centre) >= 6:
            return centre
        factory = [a for a in takes if a.source != CENTRE]
        return [a for a in factory if _taken(state, a) == 1] or factory or takes
    if policy == "complete":  # completions and window points
        completing = [a for a in takes if a.keep is not None]
        return completing or [a for a in takes if a.target is not None] or legal
    return legal


@attrs.frozen
class Step:
    """One action of a game, with the positions before and after it."""

    before: GameState
    action: Action
    after: GameState


@attrs.frozen
class Game:
    """A whole game: who played, how, and every step."""

    players: int
    side: Side
    policy: str
    steps: tuple[Step, ...]

    @property
    def end(self) -> GameState:
        """The final position."""
        return self.steps[-1].after


@st.composite
def games(draw: st.DrawFn) -> Game:
    """A whole game of the shipped table, its actions chosen by a policy and hypothesis."""
    players = draw(st.sampled_from((2, 3, 4)))
    side: Side = draw(st.sampled_from(("A", "B")))
    seed = draw(st.integers(0, 2**32 - 1))
    policy = draw(st.sampled_from(POLICIES))
    choices = iter(draw(st.lists(st.integers(0, 1_000), max_size=300)))
    fallback = random.Random(seed)
    state = new_game(players, side=side, seed=seed)
    steps, count = [], TurnCount()
    while not state.is_over:
        options = _prefer(policy, state, legal_actions(state))
        pick = next(choices, None)
        action = options[(fallback.randrange(1_000) if pick is None else pick) % len(options)]
        after = apply(state, action)
        count = count.after(state, after)  # the proved termination bounds (BoundExceeded)
        steps.append(Step(state, action, after))
        state = after
    return Game(players, side, policy, tuple(steps))


def _rounds(game: Game) -> Iterator[list[Step]]:
    """The game's steps, round by round."""
    current: list[Step] = []
    for s in game.steps:
        current.append(s)
        if s.after.indicator != s.before.indicator:
            yield current
            current = []


# --- largest take, loss of one turn (TAKE-01 to TAKE-03, PLACE-04, TRACK-02 to TRACK-04) --------


def _turns(game: Game) -> Iterator[tuple[Step, int, int]]:
    """Each step with the mover's points deducted at once by the track (18 per wrap,
    TRACK-03) and points gained by completions (DONE-02, DONE-06); the final scoring that ends
    the last step (FINAL-01) is not counted as gained."""
    table = game.steps[0].before.components
    for s in game.steps:
        mover = s.before.turn
        before, after = s.before.players[mover], s.after.players[mover]
        deducted = after.points_lost - before.points_lost
        deducted += table.track[after.marker] - table.track[before.marker]
        final = final_score(table, game.side, after).total if s.after.is_over else 0
        yield s, deducted, after.score - before.score + deducted - final


@given(games())
def test_takes_and_turns_stay_within_the_proved_bounds(game: Game) -> None:
    """No take holds more pieces of one colour than proved (TAKE-01, TAKE-02), no turn costs
    more points than proved (TAKE-03, PLACE-04, TRACK-03, RUL-10) and no completion scores
    more than proved (DONE-02, DONE-06)."""
    n = game.players
    most_taken = _bound(f"largest-take[shipped, {n} players]", "high")
    most_lost = _bound(f"turn-loss[shipped, {n} players]", "lost")
    most_deducted = _bound(f"turn-loss[shipped, {n} players]", "deducted")
    most_gained = _bound(f"completion-points[shipped, side {game.side}]", "high")
    taken = lost = deducted = gained = 0
    for s, cost, gain in _turns(game):
        if isinstance(s.action, Take):
            taken = max(taken, _taken(s.before, s.action))
        mover = s.before.turn
        lost = max(lost, s.after.players[mover].points_lost - s.before.players[mover].points_lost)
        deducted = max(deducted, cost)
        gained = max(gained, gain)
    target(float(taken), label="pieces of one take")
    target(float(lost), label="points lost in one turn")
    target(float(gained), label="points of one completion")
    assert taken <= most_taken
    assert lost <= most_lost
    assert deducted <= most_deducted
    assert gained <= most_gained


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_worst_turn_is_played_by_the_engine(players: int) -> None:
    """The model's worst turn, played: the centre holds the largest take, the player takes it
    first (the tile) and every piece breaks (TAKE-03, PLACE-04, PLACE-05, TRACK-03, RUL-10)."""
    name = f"turn-loss[shipped, {players} players]"
    centre = _bound(f"largest-take[shipped, {players} players]", "high")
    table = shipped_table()
    cycle = len(table.track) - 1
    losses, deductions = [], []
    for start in range(cycle):
        state = set_indicator(bare(players, "A"), "G")  # no blue piece on the indicator
        state = set_factories(state, ["G"], centre="B" * centre, tile=None)
        state = rebalance(set_strips(state, 0, []))
        state = set_player(state, 0, marker=start, points_lost=-table.track[start])
        after = apply(state, Take(CENTRE, 0, None)).players[0]
        losses.append(after.points_lost + table.track[start])
        deductions.append(-after.score)
        model = lost_after(table.track, start + centre + 1) - lost_after(table.track, start)
        assert losses[-1] == model
    assert max(losses) == _bound(name, "lost")
    assert max(deductions) == _bound(name, "deducted")


# --- the broken glass track (TRACK-02 to TRACK-04, RUL-08) --------------------------------------


def test_track_closed_form_against_the_engine_on_every_admissible_track() -> None:
    """For every admissible track, every start and every number of steps up to a full cycle
    and more, the engine's track arithmetic equals both the step-by-step model and the closed
    form, and every step costs between the proved least and largest amounts (TRACK-02 to
    TRACK-04, RUL-08)."""
    for scope, tracks_ in (
        ("shipped", [shipped_table().track]),
        ("admissible", admissible_tracks()),
    ):
        low = _bound(f"track-monotone[{scope}]", "low")
        high = _bound(f"track-monotone[{scope}]", "high")
        for track in tracks_:
            cycle = len(track) - 1
            for start in range(cycle):
                pos, wraps = start, 0
                for n in range(cycle + 2):
                    assert track_steps(track, start, n) == (pos, wraps)
                    lost = points_lost(track, pos, wraps) - points_lost(track, start, 0)
                    assert lost == lost_after(track, start + n) - lost_after(track, start)
                    grow = lost_after(track, start + n + 1) - lost_after(track, start + n)
                    assert low <= grow <= high
                    pos, wraps, _wrapped = step(cycle, pos, wraps)


@pytest.mark.parametrize("count", [1, 2, 3, 4])
def test_breaking_pieces_through_apply_follows_the_closed_form(count: int) -> None:
    """Breaking ``count`` pieces from each space of the track moves the marker, the score and
    the points lost as the closed form says (PLACE-04, TRACK-02, TRACK-03, TRACK-04)."""
    table = shipped_table()
    cycle = len(table.track) - 1
    for start in range(cycle):
        state = position(2, "A", factories=["B" * count, "G"])
        state = set_player(
            set_strips(state, 0, []), 0, marker=start, points_lost=-table.track[start]
        )
        after = apply(state, Take(0, 0, None)).players[0]
        wraps = (start + count) // cycle
        assert after.marker == (start + count) % cycle
        assert after.score == -BOTTOM * wraps
        assert after.points_lost == lost_after(table.track, start + count)


# --- one completion (DONE-02, DONE-06, PLACE-06) -----------------------------------------------


def test_colour_bonus_brute_force() -> None:
    """Every face, every joker fill, every round colour: the engine's colour bonus equals the
    model's and lies in the proved range, whose top is attained (DONE-02, PLACE-06)."""
    for table, scope in ((shipped_table(), "shipped"), (witness_table(), "admissible")):
        high = _bound(f"colour-bonus[{scope}]", "high")
        seen = set()
        for sides in table.side_spaces:
            for spaces in sides:
                counts, jokers = spaces[:-1], spaces[-1]
                for fill in _fills(jokers, table.colours):
                    pieces = completed(counts, fill)
                    for colour in range(table.colours):
                        bonus = colour_bonus(pieces, colour)
                        assert bonus == select(pieces, colour)
                        seen.add(bonus)
        assert min(seen) >= 0 and max(seen) <= high
        if scope == "shipped":
            assert max(seen) == high


def _fills(jokers: int, colours: int) -> Iterator[tuple[int, ...]]:
    for combo in itertools.combinations_with_replacement(range(colours), jokers):
        yield tuple(combo.count(c) for c in range(colours))


@pytest.mark.parametrize("side", ["A", "B"])
def test_window_points_brute_force(side: Side) -> None:
    """Every window pattern and every target window: the engine's window points equal the
    model's, and with the best colour bonus they reach the proved range exactly (DONE-06)."""
    for table, scope in ((shipped_table(), "shipped"), (witness_table(), "admissible")):
        name = f"completion-points[{scope}, side {side}]"
        low, high = _bound(name, "low"), _bound(name, "high")
        best = _bound(f"colour-bonus[{scope}]", "high")
        values = table.window_values(side)
        found = set()
        for pieces in PATTERNS:
            for t, n in enumerate(pieces):
                if n == 2:
                    continue
                after = list(pieces)
                after[t] += 1
                windows = _windows(after, [0] * len(after), [0] * len(after))
                engine = window_points(values, windows, t)
                assert engine == model_window_points(values, [m >= 1 for m in after], t)
                found.add(engine)
        assert min(found) >= low and max(found) + best <= high
        if scope == "shipped":
            assert min(found) == low and max(found) + best == high


# --- final scoring bonuses (FINAL-02, FINAL-04, FINAL-05) --------------------------------------


def test_leftover_points_brute_force() -> None:
    """Up to 4 pieces on each of 8 strips: the engine's leftover points equal the model's and
    reach the proved maximum (FINAL-02, RUL-15)."""
    high = _bound("leftover-bonus[shipped]", "high")
    most = _bound("leftover-bonus[shipped]", "strip")
    every = [leftover_points(m) for m in range(RANGES.windows * most + 1)]
    assert every == [model_leftover_points([m]) for m in range(len(every))]
    assert max(every) == high


def test_side_a_bonus_every_fill_pattern() -> None:
    """Every fill pattern of the 16 frame spaces: the engine's side A bonus equals the model's
    and lies in the proved range, both ends attained (FINAL-04, FIG-06, FIG-07)."""
    for table in TABLES:
        fig = shipped(table)
        high = _bound("side-a-bonus[shipped]", "high")
        found = set()
        for pieces in PATTERNS:
            engine = ornament_bonus(table, _windows(pieces, [0] * 8, [0] * 8))
            assert engine == model_ornament_bonus(
                pieces, fig.ornament_of, fig.ornament_points, fig.ornaments
            )
            found.add(engine)
        assert min(found) == 0 and max(found) == high


@given(st.permutations(range(RANGES.windows)), st.lists(st.integers(0, 2), min_size=8, max_size=8))
def test_side_a_bonus_any_admissible_ornaments(order: list[int], pieces: list[int]) -> None:
    """With any admissible placement of the ornaments, engine and model agree and stay within
    the bound proved for every admissible table (FINAL-04, FIG-06)."""
    pairs = [[order[2 * k] + 1, order[2 * k + 1] + 1] for k in range(RANGES.ornaments)]
    data = shipped_table().to_mapping()
    data["ornaments"]["value"] = pairs
    table = components_from_mapping(data)
    fig = shipped(table)
    engine = ornament_bonus(table, _windows(pieces, [0] * 8, [0] * 8))
    target(float(engine), label="side A bonus")
    assert engine == model_ornament_bonus(pieces, fig.ornament_of, fig.ornament_points)
    assert 0 <= engine <= _bound("side-a-bonus[admissible]", "high")


def test_side_b_bonus_every_fill_pattern() -> None:
    """Every fill pattern of the 16 frame spaces with, for each colour, every frame piece of
    that colour where its face allows it: the engine's side B bonus equals the model's and
    never exceeds the proved maximum, which is attained (FINAL-05, RUL-14, DONE-03)."""
    for table, scope in ((shipped_table(), "shipped"), (witness_table(), "admissible")):
        high = _bound(f"side-b-bonus[{scope}]", "high")
        setup = [0 if table.side_spaces[s][0][-1] == 0 else 1 for s in range(table.windows)]
        found = set()
        keeps = [
            (
                [_keep(table, s, setup[s], colour) for s in range(table.windows)],
                [_keep(table, s, 1 - setup[s], colour) for s in range(table.windows)],
            )
            for colour in range(table.colours)
        ]
        for index, pieces in enumerate(PATTERNS):
            for top, bottom in keeps:
                found.add(side_b_bonus(table.colours, _windows(pieces, top, bottom)))
            mixed = [(index + s) % table.colours for s in range(2 * table.windows)]
            top, bottom = mixed[: table.windows], mixed[table.windows :]
            engine = side_b_bonus(table.colours, _windows(pieces, top, bottom))
            assert engine == model_side_b_bonus(pieces, top, bottom, table.colours)
        assert min(found) == 0 and max(found) == high


def _keep(table: ComponentTable, strip: int, face: int, colour: int) -> int:
    """``colour`` if the face can hold it (a colour space or a joker space), else its first."""
    spaces = table.side_spaces[strip][face]
    if spaces[colour] or spaces[-1]:
        return colour
    return next(c for c in range(table.colours) if spaces[c])


def _holds(table: ComponentTable, strip: int, face: int) -> list[int]:
    """The colours a completed face can hold, so keep (DONE-03, PLACE-06)."""
    spaces = table.side_spaces[strip][face]
    return [c for c in range(table.colours) if spaces[c] or spaces[-1]]


@given(st.sampled_from(SCOPES), st.data())
def test_side_b_bonus_of_any_board_stays_within_the_proved_maximum(
    scope: Scope, data: st.DataObject
) -> None:
    """Any board a game can leave: strips in any slots, any face up at setup but a joker face
    (SETUP-03, SETUP-04), any windows filled and any colour kept from each completed face
    (DONE-03 to DONE-05). The engine's final scoring never gives a side B bonus above the
    proved maximum, and agrees with the model (FINAL-05, RUL-14); hypothesis steers towards
    the largest bonus."""
    table = shipped_table() if scope == "shipped" else witness_table()
    high = _bound(f"side-b-bonus[{scope}]", "high")
    windows = table.windows
    slots = data.draw(st.permutations(range(windows)), label="strip per slot")
    pieces = data.draw(st.lists(st.integers(0, 2), min_size=windows, max_size=windows))
    tops, bottoms = [], []
    for strip in slots:
        up = data.draw(st.sampled_from([f for f in (0, 1) if not table.side_spaces[strip][f][-1]]))
        tops.append(data.draw(st.sampled_from(_holds(table, strip, up))))
        bottoms.append(data.draw(st.sampled_from(_holds(table, strip, 1 - up))))
    frames = _windows(pieces, tops, bottoms)
    board = PlayerState((None,) * windows, 0, tuple(frames), 0, 0, 0)
    bonus = final_score(table, "B", board).bonus
    target(float(bonus), label=f"side B bonus, {scope} table")
    assert bonus == model_side_b_bonus(pieces, tops, bottoms, table.colours)
    assert 0 <= bonus <= high


@given(games())
def test_strips_and_final_scores_stay_within_the_proved_bounds(game: Game) -> None:
    """Between turns no strip holds more than proved; every final score, leftover and side
    bonus lies within the proved bounds; and every final score is what the game model sums:
    completion points + leftovers + side bonus - points lost (RUL-19, FINAL-01 to FINAL-05,
    SCORE-01, TRACK-04)."""
    most = _bound("leftover-bonus[shipped]", "strip")
    for s in game.steps:
        for player in s.after.players:
            assert all(x.pieces <= most for x in player.strips if x is not None)
    target(float(max(p.pieces_on_strips() for p in game.end.players)), label="pieces on strips")
    low = _bound(f"final-lower[shipped, {game.players} players]", "low")
    high = _bound(f"final-upper[shipped, side {game.side}]", "high")
    table = shipped_table()
    for player in game.end.players:  # final scoring changes the score only
        final = final_score(table, game.side, player)
        assert final.leftovers <= _bound("leftover-bonus[shipped]", "high")
        side_bound = _bound(f"side-{game.side.lower()}-bonus[shipped]", "high")
        assert 0 <= final.bonus <= side_bound
        assert low <= player.score <= high
    gains = [0] * game.players
    for s, _cost, gain in _turns(game):
        gains[s.before.turn] += gain
    values = result(f"final-upper[shipped, side {game.side}]").values
    assert max(gains) <= values["window"] + values["colour"]
    for player, gained in zip(game.end.players, gains, strict=True):  # the model's sum
        final = final_score(table, game.side, player)
        assert player.score == gained + final.leftovers + final.bonus - player.points_lost
    target(float(max(gains)), label="points of completions in a game")
    scores = [p.score for p in game.end.players]
    target(float(max(scores)), label="best final score")
    target(float(-min(scores)), label="worst final score")


def _replay(witness: WitnessGame) -> tuple[list[int], int]:
    """Play each completion of a witness game through :func:`apply` in a position made for it
    (the model leaves out the supply of pieces, so positions are not rebalanced); return the
    points of each completion and the final scoring of the finished board."""
    table, side = witness.table, witness.side
    codes = table.colour_codes
    empty = (0,) * table.colours
    setup = {d.slot: d.face for d in witness.completions if d.frame == 0}
    windows: list[list[int | None]] = [[None, None] for _ in range(table.windows)]
    gains = []
    state = bare(2, side, components=table)
    for done in witness.completions:
        strips: list[Strip | None] = []
        for slot, strip_id in enumerate(witness.strip_in):
            face = setup[slot] if windows[slot][0] is None else 1 - setup[slot]
            strips.append(
                None if windows[slot][1] is not None else Strip(strip_id, face, empty, empty)
            )
        spaces = table.side_spaces[done.strip][done.face]
        placed = next(c for c in range(table.colours) if spaces[c])
        filled = tuple(n - (c == placed) for c, n in enumerate(spaces[:-1]))
        strips[done.slot] = Strip(done.strip, done.face, filled, done.fill)
        state = set_player(
            state,
            0,
            strips=tuple(strips),
            glazier=done.slot,
            score=0,
            marker=0,
            points_lost=0,
            windows=tuple((w[0], w[1]) for w in windows),
        )
        state = set_indicator(state, "".join(codes[c] for c in witness.colours[done.round - 1 :]))
        state = attrs.evolve(set_factories(state, [codes[placed]] * 2), turn=0)
        after = apply(state, Take(0, placed, done.slot, 0, done.keep))
        gains.append(after.players[0].score)
        windows[done.slot][done.frame] = done.keep
    board = PlayerState((None,) * table.windows, 0, tuple((w[0], w[1]) for w in windows), 0, 0, 0)
    return gains, final_score(table, side, board).total


@pytest.mark.parametrize(("scope", "side"), [(s, d) for s in SCOPES for d in SIDES])
def test_the_upper_bound_witness_is_scored_alike_by_the_engine(scope: Scope, side: Side) -> None:
    """The witness game of the upper bound, completion by completion through :func:`apply`
    and then final scoring: the engine scores exactly the proved bound (DONE-02, DONE-06,
    FINAL-01 to FINAL-05)."""
    name = f"final-upper[{scope}, side {side}]"
    values = result(name).values
    witness = witness_game(scope, side, values["colour"], values["end"])
    assert witness is not None
    gains, final = _replay(witness)
    assert len(gains) == 2 * RANGES.windows
    assert max(gains) <= _bound(f"completion-points[{scope}, side {side}]", "high")
    assert final == values["end"]
    assert sum(gains) + final == values["high"]


def _breaking_game(players: int) -> tuple[GameState, int]:
    """A whole game through :func:`apply` in which seat 0 breaks as much as it can: it starts
    with no strip (a hand-made start: every piece it takes breaks, RUL-03, PLACE-04) and
    always takes the most pieces on offer, the centre's first on a tie (TAKE-03: the tile's
    step); the others take as few pieces as they can and reset whenever they may. Returns the
    final position and the steps seat 0's marker took (TRACK-02)."""
    state = set_strips(new_game(players, side="A", seed=0), 0, [])
    steps, count = 0, TurnCount()
    while not state.is_over:
        legal = legal_actions(state)
        if state.turn:
            after = apply(state, _prefer("reset", state, legal)[0])
            count, state = count.after(state, after), after
            continue
        takes = [a for a in legal if isinstance(a, Take)]
        action = max(takes, key=lambda a: (_taken(state, a), a.source == CENTRE))
        steps += _taken(state, action) + (action.source == CENTRE and state.tile is None)
        after = apply(state, action)
        count, state = count.after(state, after), after
    return state, steps


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_game_of_breaking_stays_above_the_lower_bound(players: int) -> None:
    """Seat 0 breaks every piece it takes for a whole game: its final score is the points
    lost via the track alone, as the closed form of its marker's steps says, and no lower
    than the proved bound, with fewer steps than the proof allows (SCORE-01, FINAL-03,
    TRACK-02 to TRACK-04, TAKE-03, PLACE-04). The bound is not tight: it lets one player
    break every piece of every round."""
    name = f"final-lower[shipped, {players} players]"
    low, most = _bound(name, "low"), _bound(name, "steps")
    end, steps = _breaking_game(players)
    breaker = end.players[0]
    table = shipped_table()
    assert final_score(table, "A", breaker).bonus == 0
    assert breaker.score == -breaker.points_lost == -lost_after(table.track, steps)
    assert low <= breaker.score and steps <= most


# --- conservation (COMP-01 and the transitions) ------------------------------------------------


def _piles(state: GameState, seat: int) -> Piles:
    colours = state.components.colours
    player = state.players[seat]
    windows = [0] * colours
    for piece in (p for w in player.windows for p in w if p is not None):
        windows[piece] += 1
    indicator = tuple(state.indicator.count(c) for c in range(colours))
    strips = tuple(s.colour_counts() if s is not None else (0,) * colours for s in player.strips)
    return Piles(
        state.bag,
        state.tower,
        state.centre,
        (0,) * colours,
        tuple(windows),
        indicator,
        state.factories,
        strips,
    )


def _placed(state: GameState, action: Take) -> int:
    """How many taken pieces the rules place (PLACE-07), computed from the strip's spaces."""
    if action.target is None:
        return 0
    strip = state.current.strips[action.target]
    assert strip is not None
    spaces = state.components.side_spaces[strip.strip_id][strip.face]
    room = spaces[action.colour] - strip.filled[action.colour] + spaces[-1] - sum(strip.jokers)
    return min(_taken(state, action), room)


def _round_end(piles: Piles, before: GameState, after: GameState) -> Piles:
    """The model's end of a round after the last take: the top indicator piece to the tower
    (END-01, :func:`~proofs.models.pieces.end_round`), then, unless the game is over (END-02),
    the refill as draws (:func:`~proofs.models.pieces.refill_draw`) of the pieces the engine
    put on each display, the whole bag first and the tower into the bag only when a draw
    finds the bag empty (END-03 to END-05, :func:`~proofs.models.pieces.refill_from_tower`).
    Every guard must hold."""
    capacity = before.components.factory_capacity
    guard, piles = end_round(piles, before.indicator[0])
    assert guard
    if after.is_over:
        return piles
    wanted = [list(display) for display in after.factories]
    while any(map(any, wanted)):
        if not any(piles.bag):
            guard, piles = refill_from_tower(piles)
            assert guard
        display, colour = next(
            (d, c)
            for d, counts in enumerate(wanted)
            for c, n in enumerate(counts)
            if n and piles.bag[c]
        )
        guard, piles = refill_draw(piles, display, colour, capacity)
        assert guard
        wanted[display][colour] -= 1
    return piles


@given(games())
def test_every_transition_conserves_pieces_as_the_model_says(game: Game) -> None:
    """After every action each colour still has 20 pieces (COMP-01), and every take changes
    every place exactly as the model's whole take (TAKE-01, TAKE-02, PLACE-01, PLACE-04,
    DONE-03 to DONE-05) followed, when it ends the round, by the model's end of round and
    refill (ROUND-04, END-01 to END-05, SETUP-09): bag, tower, centre, displays, indicator,
    and the mover's strips and windows, place by place."""
    table = shipped_table()
    checked = ends = 0
    for s in game.steps:
        assert s.after.piece_counts() == (table.pieces_per_colour,) * table.colours
        a = s.action
        if not isinstance(a, Take):
            continue
        seat = s.before.turn
        guard, model = whole_take(
            _piles(s.before, seat),
            a.source,
            a.colour,
            0 if a.target is None else a.target,
            _placed(s.before, a),
            0 if a.keep is None else a.keep,
            sum(table.side_spaces[0][0]),
        )
        assert guard
        if s.after.indicator != s.before.indicator:
            model = _round_end(model, s.before, s.after)
            ends += 1
        assert model == _piles(s.after, seat)
        checked += 1
    assert ends == table.rounds
    target(float(checked), label="takes compared with the model")


def test_refills_conserve_pieces_when_bag_and_tower_run_short() -> None:
    """A refill that empties the bag, moves the tower into it and still runs short keeps every
    piece (END-01, END-03, END-04, END-05)."""
    state = set_indicator(position(4, "A", factories=["B"]), "GO")
    codes = itertools.cycle(shipped_table().colour_codes)
    for seat in range(4):  # every window full: 64 pieces out of play
        state = set_windows(state, seat, [next(codes) + next(codes) for _ in range(8)])
    state = rebalance(state)
    in_bag, left = [], 3
    for n in state.bag:
        in_bag.append(min(n, left))
        left -= in_bag[-1]
    tower = tuple(n - k for n, k in zip(state.bag, in_bag, strict=True))
    state = attrs.evolve(state, bag=tuple(in_bag), tower=tower)
    pool = sum(state.bag) + sum(state.tower)
    after = apply(state, Take(0, 0, None))  # no strip left: the piece breaks, the round ends
    assert after.piece_counts() == (20,) * 5
    assert sum(map(sum, after.factories)) == pool + 2 < 4 * len(after.factories)
    assert sum(after.bag) == sum(after.tower) == 0


# --- termination (ROUND-03, ROUND-04, RESET-01, RESET-02, END-02) -------------------------------


@given(games())
def test_rounds_end_within_the_proved_number_of_turns(game: Game) -> None:
    """Every round ends within the proved number of turns and the game after 6 round ends;
    each step obeys the abstract model: a take leaves fewer pieces on display, a reset is legal
    exactly when a strip lies left of the glazier and uses that up, a take never does
    (ROUND-03, ROUND-04, TAKE-04, RESET-01, RESET-02, RUL-05, END-02)."""
    most = _bound(f"termination[shipped, {game.players} players]", "round")
    rounds = list(_rounds(game))
    assert len(rounds) == shipped_table().rounds
    for steps in rounds:
        assert len(steps) <= most
    target(float(max(len(r) for r in rounds)), label="turns in a round")
    for s in game.steps:
        seat = s.before.turn
        mover, moved = s.before.players[seat], s.after.players[seat]

        def can(p: PlayerState) -> bool:
            return bool(may_reset([x is not None for x in p.strips], p.glazier))

        assert (Reset() in legal_actions(s.before)) == can(mover)
        if isinstance(s.action, Reset):
            assert not can(moved)
        else:
            assert can(moved) or not can(mover)
            if s.after.indicator == s.before.indicator:
                shown = sum(s.before.centre) + sum(map(sum, s.before.factories))
                assert sum(s.after.centre) + sum(map(sum, s.after.factories)) <= shown - 1


def _longest_round(players: int) -> tuple[GameState, tuple[str, ...]]:
    """Play the longest round of the termination proof through :func:`apply`: every display
    holds 4 pieces of different colours, every player's glazier starts right of a strip, and
    each player resets whenever it may (RESET-01) and otherwise takes a single piece (the
    centre's, once a display has been taken, TAKE-01, TAKE-02) onto a strip right of its
    leftmost one, so that it may reset again (PLACE-02, PLACE-03). Returns the position after
    the round and each seat's turns (R reset, T take)."""
    table = shipped_table()
    codes = table.colour_codes
    displays = [
        "".join(codes[(d + k) % table.colours] for k in range(table.factory_capacity))
        for d in range(table.factories_for(players))
    ]
    state = set_factories(bare(players, "A"), displays, tile=None)
    for seat in range(players):
        state = set_player(state, seat, glazier=1)
    state = rebalance(state)
    turns = [""] * players
    indicator = state.indicator
    count = TurnCount()
    while state.indicator == indicator:
        seat = state.turn
        legal = legal_actions(state)
        if Reset() in legal:
            action: Action = Reset()
        else:
            source = (
                CENTRE
                if any(state.centre)
                else next(d for d, f in enumerate(state.factories) if any(f))
            )
            action = next(
                a
                for a in legal
                if isinstance(a, Take)
                and a.source == source
                and _taken(state, a) == 1
                and a.target is not None
                and a.target >= 1
            )
        turns[seat] += "R" if action == Reset() else "T"
        after = apply(state, action)
        count, state = count.after(state, after), after
    return state, tuple(turns)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_longest_round_is_played_by_the_engine(players: int) -> None:
    """The longest round of the termination proof is a real round: played through
    :func:`apply`, it follows the proof's schedule turn for turn and lasts exactly the proved
    number of turns, so the bound is tight (ROUND-03, ROUND-04, TURN-01, RESET-01, RESET-02,
    TAKE-01, TAKE-02, PLACE-02, PLACE-03)."""
    most = _bound(f"termination[shipped, {players} players]", "round")
    table = shipped_table()
    after, turns = _longest_round(players)
    pieces = table.factory_capacity * table.factories_for(players)
    assert turns == schedule(players, pieces)
    assert sum(map(len, turns)) == most
    assert len(after.indicator) == table.rounds - 1  # the round ended with its last take


def test_the_setup_indicator_is_the_engines() -> None:
    """The model's round indicator at setup (SETUP-08, FIG-10) holds, colour by colour, what
    the engine's setup puts there, for every player count and many seeds."""
    for players in (2, 3, 4):
        for seed in range(50):
            state = new_game(players, seed=seed)
            colours = state.components.colours
            engine = tuple(state.indicator.count(c) for c in range(colours))
            assert engine == setup_indicator(colours, state.indicator[0])


# --- the admissible tables are the validator's ---------------------------------------------------


def _admitted(data: dict[str, object]) -> bool:
    try:
        components_from_mapping(data)
    except ComponentTableError:
        return False
    return True


def _model_admits(constraints: Sequence[object]) -> bool:
    s = solver()
    s.add(*constraints)
    return bool(s.check() == z3.sat)


@given(st.lists(st.integers(-18, 0), min_size=2, max_size=20))
def test_admissible_tracks_are_the_validators(track: list[int]) -> None:
    """A track is admitted by the validator exactly when the model of every admissible track
    admits it (FIG-08)."""
    if len(track) > 2:
        track = [0, -1, -2, -4, *sorted(set(track[2:]) - {0, -1, -2, -4}, reverse=True)]
    data = shipped_table().to_mapping()
    data["track"]["value"] = track
    models = [t for t in tracks("admissible") if len(t.values) == len(track)]
    model = any(
        _model_admits([*t.premises, *(a == b for a, b in zip(t.values, track, strict=True))])
        for t in models
    )
    target(float(len(track)), label="track length")
    assert _admitted(data) == model


def test_every_admissible_track_is_admitted() -> None:
    """Every track of the enumeration the claims are computed from is admitted by the
    validator, with every length from the shortest to the longest; tracks just outside the
    ranges are not (FIG-08)."""
    every = admissible_tracks()
    data = shipped_table().to_mapping()
    for track in every:
        data["track"]["value"] = list(track)
        assert _admitted(data), track
    assert {len(t) for t in every} == set(RANGES.track_lengths)
    for bad in ([0, -1, -2, -4, -18], [0, -1, -2, -4, -6, -18], [0, -1, -2, -3, -8, -18]):
        data["track"]["value"] = bad
        assert not _admitted(data)


@given(
    st.lists(st.integers(-1, 6), min_size=8, max_size=8),
    st.lists(
        st.lists(st.text(alphabet="BGOPYJ", min_size=5, max_size=5), min_size=2, max_size=2),
        min_size=8,
        max_size=8,
    ),
)
def test_admissible_values_and_strips_are_the_validators(
    values: list[int], strips: list[list[str]]
) -> None:
    """Window values and strip sets admitted by the validator are exactly those the model of
    every admissible table admits (FIG-04, FIG-05, FIG-09)."""
    fig = admissible()
    data = shipped_table().to_mapping()
    data["window_values"]["A"]["value"] = values
    data["strips"]["value"] = strips
    codes = shipped_table().colour_codes
    fixed = [v == n for v, n in zip(fig.values["A"], values, strict=True)]
    for faces, texts in zip(fig.faces, strips, strict=True):
        for face, text in zip(faces, texts, strict=True):
            fixed += [n == text.count(c) for n, c in zip(face.counts, codes, strict=True)]
            fixed.append(face.jokers == text.count("J"))
    target(float(sum(t.count("J") for pair in strips for t in pair)), label="joker spaces")
    assert _admitted(data) == _model_admits([*fig.premises, *fixed])
