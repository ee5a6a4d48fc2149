"""``bench/pocket_duel_machine.py`` reads cachegrind's summary and prints per-round
figures; valgrind itself is too slow for the suite, so its summary is written here."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

SUMMARY = """==1== I   refs:      3,084,284,015
==1== I1  misses:       32,443,986
==1== LLi misses:           20,242
==1== D1  misses:       31,519,525  ( 28,126,711 rd   +   3,392,814 wr)
==1== LLd misses:          443,520  (     49,658 rd   +     393,862 wr)
==1== Branches:        486,838,646  (405,091,972 cond +  81,746,674 ind)
==1== Mispredicts:      60,607,403  ( 28,202,475 cond +  32,404,928 ind)
==1== Mispred rate:           12.4% (        7.0%     +        39.6%   )
"""


@pytest.fixture
def machine(monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    monkeypatch.syspath_prepend(str(Path(__file__).resolve().parent.parent / "bench"))
    import pocket_duel_machine  # type: ignore[import-not-found]

    return pocket_duel_machine


def test_the_summary_totals_are_read(machine) -> None:  # type: ignore[no-untyped-def]
    counts = machine.parse_summary(SUMMARY)
    assert counts == machine.Counts(3084284015, 486838646, 60607403, 32443986, 31519525)
    with pytest.raises(ValueError, match="no branches figure in the cachegrind summary"):
        machine.parse_summary(SUMMARY.replace("Branches", "Other"))


def test_the_report_is_per_round_with_the_ratios(machine) -> None:  # type: ignore[no-untyped-def]
    engine = machine.Counts(400, 60, 12, 6, 6)
    hand = machine.Counts(250, 40, 5, 0, 2)
    assert machine.report(10, 2, engine, hand) == [
        "10 games, 2 rounds; per round (second pass, cachegrind):",
        "instructions:           engine        200, hand-written        125: 1.60x",
        "branches:               engine         30, hand-written         20: 1.50x",
        "mispredicted branches:  engine          6, hand-written          2: 2.40x",
        "L1 instruction misses:  engine          3, hand-written          0: -",
        "L1 data misses:         engine          3, hand-written          1: 3.00x",
    ]


def test_without_valgrind_it_says_so_and_exits_2(  # type: ignore[no-untyped-def]
    machine, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(shutil, "which", lambda name: None)
    assert machine.main(3) == 2
    assert capsys.readouterr().err == "valgrind is not on PATH (Debian: apt install valgrind)\n"
