"""#33: ``repair_round``, the registry's front door for an ESCA 25 redraw: the state is
validated as ``pair_round`` validates it, and a system without the rule is refused."""

from __future__ import annotations

from dataclasses import replace

import pytest

from pairing.engine import InvalidState, System, UnsupportedFeature, pair_round, repair_round
from pairing.engine.model import PairingNumber, RequestKind, RoundRequest

from .test_esca import NAMES, fresh


def _absent(number: int) -> tuple[RoundRequest, ...]:
    return (RoundRequest(pairing_number=PairingNumber(number), kind=RequestKind.ABSENT),)


def test_repair_round_redraws_as_the_system_repair_does() -> None:
    """Through the door, ESCA 25 keeps every board it can (see test_esca)."""
    state = fresh(NAMES[:6])
    published = pair_round(state, System.ESCA, seed=0)
    result = repair_round(replace(state, requests=_absent(4)), published, System.ESCA, seed=0)
    assert [(b.white, b.black) for b in result.boards] == [(5, 2), (3, 6)]
    assert result.pairing_allocated_bye == 1


def test_repair_round_validates_the_state_first() -> None:
    """A request for a player the event does not have is refused by the validation."""
    state = fresh(NAMES[:6])
    published = pair_round(state, System.ESCA, seed=0)
    with pytest.raises(InvalidState, match="a request for unknown player 9"):
        repair_round(replace(state, requests=_absent(9)), published, System.ESCA, seed=0)


def test_repair_round_of_a_system_without_the_rule_is_refused() -> None:
    """The Dutch system has no rule for redrawing a published round."""
    state = fresh(NAMES[:6])
    published = pair_round(state, System.DUTCH, seed=0)
    with pytest.raises(UnsupportedFeature, match="no rule for redrawing"):
        repair_round(state, published, System.DUTCH, seed=0)
