"""Each system's defaults are data in its ``RULES``, never a branch on its name (#20)."""

from __future__ import annotations

import pytest

from pairing.engine import SYSTEMS, System
from pairing.engine.tiebreaks import TieBreak, parse_tiebreaks


@pytest.mark.parametrize("system", list(SYSTEMS))
def test_default_tiebreaks_are_known_codes(system: System) -> None:
    """Every system names its default tie-breaks, each a code the standings know."""
    codes = SYSTEMS[system].default_tiebreaks
    assert codes
    assert [code.value for code in parse_tiebreaks(",".join(codes))] == list(codes)


def test_default_tiebreaks_follow_each_text() -> None:
    """The SB text orders groups by SB, BH, MBH; the FIDE systems start with BH-C1 (C.07)."""
    assert SYSTEMS[System.SB].default_tiebreaks == ("SB", "BH", "MBH")
    for system in (System.DUTCH_1992, System.LIM):
        assert SYSTEMS[system].default_tiebreaks[0] == TieBreak.BH_C1.value
