"""The dispute desk's ready-made disputes, without a browser.

Each dispute on the desk page (``docs/_ext/sintra_desk.py``, computed when the site is built) is
a one-line position and an action. Here every one of them is answered by the desk's own Python
side (``docs/_ext/desk_runtime.py``, the file Pyodide runs in the page) and by ``sintra explain
'POSITION' ACTION``; the explanations must be equal, the legality must be what the ruling
decides, and the explanation must show the clause the dispute is about, firing or broken.
Every ruling that a position and an action can show has a dispute.
"""

from __future__ import annotations

import contextlib
import io
import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest

from sintra_rules.clauses import load_spec
from sintra_rules.cli import main

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "docs" / "_ext"))
sintra_desk = pytest.importorskip("sintra_desk")  # needs Sphinx: the dev extra
desk_runtime = pytest.importorskip("desk_runtime")

#: Rulings no ready dispute can show, and why.
NOT_SHOWN = {
    # The refill after the round's last action is drawn as chance steps (ENG-07) after it: a
    # one-line position holds no seed, so the explanation stops at the pending draw.
    "RUL-12": "the bag running empty is a later chance step",
    "RUL-13": "the bag and tower running empty is a later chance step",
    # The explanation shows scores, not the winner.
    "RUL-16": "the tie-break decides the winner, which explain does not show",
}
#: Per ruling, whether its dispute's action is legal, as the ruling decides (read from
#: spec/sintra/08-rulings.md, not from the engine).
LEGAL = {
    "RUL-01": True,  # a second take from the centre in the round
    "RUL-02": False,  # all break while a joker space can take the colour
    "RUL-03": False,  # the tutorial's all-break while a strip can take orange
    "RUL-04": False,  # placing on the empty slot under the glazier
    "RUL-05": False,  # reset with no strip to the left
    "RUL-06": True,  # nothing reachable: all pieces break
    "RUL-07": True,  # both pieces on joker spaces although the blue space is free
    "RUL-08": True,
    "RUL-10": True,
    "RUL-11": True,
    "RUL-14": True,
    "RUL-15": True,
    "RUL-17": False,  # one pink on a joker space, the other broken on purpose
    "RUL-19": True,
}


def _disputes() -> list[dict[str, Any]]:
    return list(sintra_desk.disputes())


DISPUTES = _disputes()


def _explain(position: str, action: str) -> tuple[int, str]:
    """``sintra explain 'POSITION' ACTION``: exit status and standard output."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        status = main(["explain", position, action])
    return status, out.getvalue()


@pytest.mark.parametrize("dispute", DISPUTES, ids=lambda d: d["title"])
def test_each_dispute_is_explained_as_the_command_line_does(dispute: dict[str, Any]) -> None:
    answer = json.loads(desk_runtime.answer(dispute["position"], dispute["action"]))
    assert answer["error"] is None, answer["error"]
    assert answer["position"] == dispute["position"]
    status, out = _explain(dispute["position"], dispute["action"])
    assert answer["explanation"] == out.rstrip("\n")
    assert status == (0 if answer["is_legal"] else 1)
    shown = set(re.findall(r"\b[A-Z]+-\d\d\b", answer["explanation"]))
    assert shown & set(dispute["about"]), (dispute["about"], answer["explanation"])
    ruling = next((c for c in dispute["about"] if c.startswith("RUL-")), None)
    if ruling in LEGAL:
        assert answer["is_legal"] is LEGAL[ruling], ruling


def test_every_ruling_a_position_shows_has_a_dispute() -> None:
    rulings = {c.id for c in load_spec().clauses if c.kind == "ruling" and c.status == "active"}
    covered = {c for dispute in DISPUTES for c in dispute["about"] if c.startswith("RUL-")}
    assert covered.isdisjoint(NOT_SHOWN)
    assert rulings - set(NOT_SHOWN) <= covered, sorted(rulings - set(NOT_SHOWN) - covered)
    assert set(LEGAL) <= covered
