"""The exception hierarchy: every public error is a SintraError and the built-in exception that
matches its meaning, keeps what is at fault and why, and survives pickling (soak sends errors
between processes). The expected bases are written here from the documented hierarchy of
``sintra_rules.errors``, not read from the classes."""

from __future__ import annotations

import pickle

import pytest

from sintra_rules import SintraError, errors

#: Each public error, the built-in it must derive from and arguments to build one.
EXPECTED: dict[str, tuple[type[Exception], tuple[object, ...]]] = {
    "ActionIdError": (ValueError, (3601, "not an action id: ids are 0..3600")),
    "ComponentTableError": (ValueError, ("track", "must end at -18")),
    "ConfigurationError": (ValueError, ("COMP-02", "the game is for 2 to 4 players, got 5")),
    "IllegalAction": (ValueError, ("RESET-02", "the glazier is above the leftmost strip")),
    "NotationError": (ValueError, ("3Q-2", "unknown colour Q")),
    "PositionError": (ValueError, ("sintra1 side:C", "side", 9, "SETUP-02", "expected A or B")),
    "RecordError": (ValueError, ("players[0].score", "expected a whole number")),
    "FormatVersionError": (ValueError, ("format", "unknown format 2")),
    "FileKindError": (ValueError, ("$", "a text starting 'hello', not a file of any game")),
    "RecordWarning": (UserWarning, ("line 9, token 3", "move number 5. where action 3 comes")),
    "SpecError": (ValueError, ("spec/sintra/03-turn.md:12", "anchor without a heading")),
    "GameNotOver": (ValueError, ("END-02", "the game is not over yet")),
    "GameOver": (ValueError, ("END-02", "the game is over")),
    "InvalidArgument": (ValueError, ("depth", "must be >= 0, got -1")),
    "UnknownClause": (LookupError, ("TAKE-3", "not a clause ID")),
    "UnknownAgent": (LookupError, ("clever", "choose from greedy, random")),
    "UnknownGame": (LookupError, ("chess", "choose from sagrada, sintra")),
    "NotAState": (TypeError, ("legal_actions", "expected a state of a registered game, got int")),
    "ConformanceFailure": (
        AssertionError,
        ("chance", "toy, seed 0, ply 3: probabilities sum to 2"),
    ),
    "InvariantBroken": (AssertionError, ("pieces_conserved (COMP-01)", "19 blue pieces")),
    "UnknownPlayerCount": (KeyError, (5, "the table has figures for 2 to 4 players")),
    "PositionBuildError": (ValueError, ("window 'OPB'", "a window holds at most 2 pieces")),
    "MissingExtra": (ImportError, ("ray", "--ray needs the package 'ray'")),
    "FanOutError": (RuntimeError, ("item 3", "ZeroDivisionError: division by zero")),
    "BoundExceeded": (AssertionError, ("turns per round", 2, 40, 41, "termination[2 players]")),
}
#: Errors whose reason is composed from their arguments.
REASONS = {"BoundExceeded": "41 > 40, the proved bound for 2 players (termination[2 players])"}


def test_every_public_error_is_listed() -> None:
    assert set(errors.__all__) == {"SintraError", *EXPECTED}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_error_derives_from_its_builtin_and_the_base(name: str) -> None:
    builtin, args = EXPECTED[name]
    cls = getattr(errors, name)
    error = cls(*args)
    assert isinstance(error, SintraError) and isinstance(error, builtin)
    reason = REASONS.get(name, args[-1])
    subjects = {
        "PositionError": args[1],
        "UnknownPlayerCount": "5 players",
        "ActionIdError": "3601",
    }
    subject = subjects.get(name, args[0])
    assert error.reason == reason and error.subject == subject
    assert str(reason) in str(error) and str(subject) in str(error)
    assert not str(error).startswith(("'", '"'))  # a KeyError's quoting is not inherited


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_error_pickles(name: str) -> None:
    _, args = EXPECTED[name]
    error = getattr(errors, name)(*args)
    copy = pickle.loads(pickle.dumps(error))
    assert type(copy) is type(error)
    assert str(copy) == str(error) and copy.subject == error.subject
    assert copy.reason == error.reason and vars(copy) == vars(error)
