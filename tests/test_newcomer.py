"""What a new user trips over: each test reproduces one report of issue 15 from a fresh clone.

The command-line points drive the real ``sintra`` command in a subprocess (exit codes,
interrupts, what reaches standard error), as a user at a terminal would meet them.
"""

from __future__ import annotations

import contextlib
import importlib
import os
import re
import select
import signal
import subprocess
import sys
import time
import zipfile
from collections.abc import Callable
from pathlib import Path

import pytest

from sintra_rules import NotationError, action_from_text, action_to_text

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"


def test_the_licence_ships_in_the_repository() -> None:
    """The metadata says MIT: the repository carries the MIT licence text."""
    text = (ROOT / "LICENSE").read_text("utf-8")
    assert text.startswith("MIT License")
    assert "Permission is hereby granted, free of charge" in text


def test_the_licence_ships_in_the_wheel(tmp_path: Path) -> None:
    """A wheel built from the checkout holds the licence in its metadata folder."""
    build = ["wheel", "-q", "--no-build-isolation", "--no-deps", "-w", str(tmp_path), str(ROOT)]
    subprocess.run(
        [sys.executable, "-m", "pip", *build],
        check=True,
        capture_output=True,
    )
    (wheel,) = tmp_path.glob("sintra_rules-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        licences = [
            n for n in names if re.fullmatch(r"sintra_rules-[^/]+\.dist-info/licenses/LICENSE", n)
        ]
        assert licences, names
        assert archive.read(licences[0]).decode("utf-8").startswith("MIT License")


def test_the_readme_sends_users_only_where_a_clone_can_go() -> None:
    """The README does not point at ``shared/``, which a clone of the project does not have,
    and it links to the docs' provenance page for the provisional figures."""
    readme = (ROOT / "README.md").read_text("utf-8")
    assert "shared/" not in readme
    assert "](docs/provenance.md)" in readme
    assert (DOCS / "provenance.md").is_file()


def _toctree_entries() -> list[tuple[str, str]]:
    """(page holding the toctree, document it lists) for every toctree of the docs."""
    out: list[tuple[str, str]] = []
    fence = re.compile(r"```\{toctree\}\n(.*?)```", re.S)
    sources = [p for p in DOCS.rglob("*.md") if "_build" not in p.parts]
    sources += [ROOT / "spec" / "sintra" / "index.md"]
    for page in sources:
        text = page.read_text("utf-8")
        base = page.parent if page.parent != ROOT / "spec" / "sintra" else DOCS / "spec"
        for block in fence.findall(text):
            for line in block.splitlines():
                line = line.strip()
                if line and not line.startswith(":"):
                    doc = (base / line).resolve().relative_to(DOCS.resolve()).as_posix()
                    out.append((page.relative_to(ROOT).as_posix(), doc))
    return out


def test_no_page_appears_twice_in_the_sidebar() -> None:
    """Each document is listed by one toctree only ("Rulings" appeared twice in the sidebar)."""
    entries = _toctree_entries()
    assert ("spec/sintra/index.md", "spec/08-rulings") in entries
    seen: dict[str, str] = {}
    for page, doc in entries:
        assert doc not in seen, f"{doc} is listed by {seen[doc]} and by {page}"
        seen[doc] = page


@pytest.mark.parametrize("text", ["B", "b"])
def test_action_b_gets_a_hint_to_write_r(text: str) -> None:
    """The spec calls the reset "action B" as the rulebook does; the notation writes ``R``, and
    a ``B`` is answered with that hint rather than a parse error about factory displays."""
    with pytest.raises(NotationError, match=r"action B .*RESET-01.* is written 'R'"):
        action_from_text(text)


# --- the command line, driven as a user drives it ------------------------------------------


def _sintra(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """Run ``sintra ARGS`` (as ``python -m sintra_rules``) to its end, output captured."""
    return subprocess.run(
        [sys.executable, "-m", "sintra_rules", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
    )


def _group_members(group: int) -> list[int]:
    """The live processes of process group ``group`` (Linux ``/proc``)."""
    members = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # the process ended while we looked
        if int(fields[2]) == group and fields[0] != "Z":
            members.append(int(stat.parent.name))
    return members


def _read_until(master: int, done: Callable[[str], bool], seconds: float) -> str:
    """What the terminal ``master`` receives until ``done(text)`` holds, its other end closes,
    or ``seconds`` pass."""
    received = ""
    deadline = time.monotonic() + seconds
    while not done(received) and time.monotonic() < deadline:
        ready, _, _ = select.select([master], [], [], 0.2)
        if not ready:
            continue
        try:
            chunk = os.read(master, 4096)
        except OSError:  # the other end closed (Linux: EIO)
            break
        if not chunk:
            break
        received += chunk.decode("utf-8", "replace")
    return received


def _interrupt(args: list[str], started: str) -> tuple[int, str, str, list[int]]:
    """Start ``sintra ARGS`` in a process group of its own with standard error on a terminal,
    wait until its progress line shows ``started`` (the work is under way), press Ctrl-C
    (SIGINT to the whole group, as a terminal does), and return the exit code, stdout, what the
    terminal showed last (after the progress line was erased) and the processes of the group
    still alive a moment after the command ended. The group is killed whatever happens."""
    import pty

    master, slave = pty.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-m", "sintra_rules", *args],
        stdout=subprocess.PIPE,
        stderr=slave,
        text=True,
        cwd=ROOT,
        start_new_session=True,
    )
    os.close(slave)
    try:
        shown = _read_until(master, lambda text: started in text, 240)
        assert started in shown, f"no progress line within 240 s: {shown!r}"
        assert proc.poll() is None, "the command ended before it could be interrupted"
        os.killpg(proc.pid, signal.SIGINT)
        out, _ = proc.communicate(timeout=120)
        shown += _read_until(master, lambda text: False, 2)
        deadline = time.monotonic() + 10
        while _group_members(proc.pid) and time.monotonic() < deadline:
            time.sleep(0.1)
        alive = _group_members(proc.pid)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        os.close(master)
    last = shown.replace("\r\n", "\n").rsplit("\r", 1)[-1].lstrip()
    return proc.returncode, out, last, alive


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="process groups read on /proc")
def test_ctrl_c_during_perft_stops_cleanly() -> None:
    """Ctrl-C during a long perft: exit 130, one line saying how far it got, no traceback."""
    code, out, err, alive = _interrupt(["perft", "--depth", "6"], started="perft: ")
    assert code == 130
    assert out == ""
    assert re.fullmatch(
        r"sintra perft: interrupted \(perft: \d+ of \d+ first actions done\)\n", err
    )
    assert alive == []


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="process groups read on /proc")
def test_ctrl_c_during_a_soak_with_workers_stops_cleanly() -> None:
    """Ctrl-C during ``soak --workers 2``: exit 130, one line (no traceback from the command
    or its workers), and no worker process left behind."""
    code, out, err, alive = _interrupt(
        ["soak", "--games", "100000", "--workers", "2"], started="soak: "
    )
    assert code == 130
    assert out == ""
    assert re.fullmatch(r"sintra soak: interrupted \(soak: [\d,]+ of 100,000 games done\)\n", err)
    assert alive == []


def test_an_output_path_is_checked_before_the_game_is_played(tmp_path: Path) -> None:
    """``play --record`` into a folder that does not exist fails at once, before playing."""
    missing = tmp_path / "no-such-folder" / "game.json"
    done = _sintra("play", "--record", str(missing))
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr == (
        f"sintra play: error: --record {str(missing)!r}: no folder {str(missing.parent)!r}\n"
    )
    folder = _sintra("play", "--record", str(tmp_path))
    assert folder.returncode == 2 and folder.stdout == ""
    assert "is a folder, not a file" in folder.stderr


@pytest.mark.parametrize("typed", ["PLACE-5", "place-05", "place 5", "PLACE5"])
def test_rule_ids_are_normalised(typed: str) -> None:
    """``sintra rule PLACE-5`` is PLACE-05, as are other spellings a person types."""
    done = _sintra("rule", typed)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("PLACE-05")


def test_an_unknown_area_is_named_and_the_nearest_ids_offered() -> None:
    """``FOO-99`` has the form AREA-NN: the answer names the unknown area, not the form."""
    done = _sintra("rule", "PLAC-05")
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.startswith("sintra rule: error: PLAC-05: no area PLAC in the spec")
    assert "did you mean PLACE-05" in done.stderr
    assert "not a clause ID" not in _sintra("rule", "FOO-99").stderr


def _golden_record(tmp_path: Path) -> Path:
    """A game record written by ``sintra play``."""
    path = tmp_path / "game.json"
    assert _sintra("play", "--quiet", "--record", str(path)).returncode == 0
    return path


def test_explain_given_a_game_record_takes_its_last_position(tmp_path: Path) -> None:
    """A game record without ``--ply`` is its last position, as for ``show`` (issue 25; issue
    15 asked for a hint instead): after the end of the game, no action applies (END-02)."""
    path = _golden_record(tmp_path)
    done = _sintra("explain", str(path), "1B-1")
    assert done.returncode == 1
    assert "END-02 (End of the game after the sixth round)" in done.stdout


def test_explain_reads_standard_input() -> None:
    """``-`` reads the position from standard input."""
    from sintra_rules import legal_actions, new_game, state_to_json

    state = new_game(2, seed=3)
    action = action_to_text(legal_actions(state)[0])
    done = _sintra("explain", "-", action, stdin=state_to_json(state))
    assert done.returncode == 0, done.stderr
    first, second = done.stdout.splitlines()[:2]
    assert first.endswith(f"[{action}].") and second.startswith("Legal.")


def test_errors_from_json_files_name_the_file(tmp_path: Path) -> None:
    """A malformed file is named in the one-line error, for explain and replay alike."""
    bad = tmp_path / "broken.json"
    bad.write_text('{"format": 1,', "utf-8")
    for args in (["explain", str(bad), "R"], ["replay", str(bad)]):
        done = _sintra(*args)
        assert done.returncode == 2
        assert done.stderr.startswith(f"sintra {args[0]}: error: {bad}: $: not valid JSON")
        assert len(done.stderr.splitlines()) == 1


def test_a_file_name_given_as_json_text_gets_a_hint() -> None:
    """``state_from_json("position.json")`` says it wants the document's text."""
    from sintra_rules import RecordError, state_from_json

    with pytest.raises(RecordError, match=r"looks like a file name: pass the document's text"):
        state_from_json("position.json")


@pytest.mark.parametrize("command", ["play", "replay", "rule", "explain", "perft", "soak", "bench"])
def test_every_subcommand_help_lists_its_exit_codes(command: str) -> None:
    """``sintra COMMAND --help`` says what each exit code means."""
    done = _sintra(command, "--help")
    assert done.returncode == 0
    codes = done.stdout.split("exit codes:", 1)[1]
    for code in ("0 ", "2 ", "130 "):
        assert f"\n  {code}" in codes
    assert ("\n  1 " in codes) == (command in ("replay", "rule", "explain", "soak"))


def _stderr_on_a_terminal(*args: str) -> tuple[int, str]:
    """Run ``sintra ARGS`` with standard error on a pseudo-terminal; its exit code and what
    the terminal received."""
    import pty

    master, slave = pty.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-m", "sintra_rules", *args],
        stdout=subprocess.DEVNULL,
        stderr=slave,
        cwd=ROOT,
    )
    os.close(slave)
    received = b""
    while True:
        try:
            chunk = os.read(master, 4096)
        except OSError:  # the terminal's other end closed (Linux: EIO)
            break
        if not chunk:
            break
        received += chunk
    os.close(master)
    return proc.wait(timeout=120), received.decode("utf-8", "replace")


@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")
def test_long_work_shows_progress_on_a_terminal_only() -> None:
    """A soak draws a progress line on a terminal's standard error; ``--quiet`` and a pipe
    draw nothing."""
    code, shown = _stderr_on_a_terminal("soak", "--games", "12")
    assert code == 0
    assert re.search(r"\rsoak: 12 of 12 games \(100%\)", shown), shown
    code, shown = _stderr_on_a_terminal("soak", "--games", "12", "--quiet")
    assert code == 0 and shown == ""
    piped = _sintra("soak", "--games", "12")
    assert piped.returncode == 0 and piped.stderr == ""


@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")
def test_bench_shows_its_rounds_on_a_terminal() -> None:
    """``sintra bench`` draws its rounds on a terminal's standard error, and erases the line
    before its figures; ``--quiet`` draws nothing."""
    code, shown = _stderr_on_a_terminal("bench", "--seconds", "0.25")
    assert code == 0
    assert re.search(r"\rbench: 5 of 5 rounds \(100%\)", shown), shown
    code, shown = _stderr_on_a_terminal("bench", "--seconds", "0.25", "--quiet")
    assert code == 0 and shown == ""


def test_the_traceability_line_counts_in_words() -> None:
    """A clause cited once reads "1 citation", not "1 citations"."""
    sys.path.insert(0, str(DOCS / "_ext"))
    try:
        sintra_docs = importlib.import_module("sintra_docs")
    finally:
        sys.path.remove(str(DOCS / "_ext"))
    assert sintra_docs.trace_counts(1, 3, 0).startswith("1 citation in the engine, 3 in")
    assert sintra_docs.trace_counts(2, 1, 1).startswith("2 citations in the engine, 1 in")


def test_the_architecture_page_names_every_module() -> None:
    """The map for the next maintainer stays whole: every module and subpackage of the package
    is named on the architecture page (issue 16)."""
    page = (DOCS / "architecture.md").read_text("utf-8")
    package = ROOT / "sintra_rules"
    names = {p.stem for p in package.glob("*.py")} | {
        p.name for p in package.iterdir() if p.is_dir() and (p / "__init__.py").is_file()
    }
    names -= {"__init__", "__main__", "_version"}
    missing = sorted(n for n in names if f"`{n}`" not in page and f"`{n}/`" not in page)
    assert not missing, f"docs/architecture.md does not name {missing}"
