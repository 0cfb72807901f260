"""The legality checker finds each broken absolute criterion, citing its rule."""

from __future__ import annotations

from pairing.engine.checker import check_round
from pairing.engine.model import Board, PairingNumber, RoundPairing

from .builders import build

N = PairingNumber


def pairing(*boards: tuple[int, int], bye: int | None = None, number: int = 2) -> RoundPairing:
    return RoundPairing(
        round_number=number,
        boards=tuple(
            Board(number=i, white=N(w), black=N(b)) for i, (w, b) in enumerate(boards, start=1)
        ),
        pairing_allocated_bye=N(bye) if bye else None,
    )


def rules(violations: object) -> list[str]:
    return [v.rule for v in violations]  # type: ignore[attr-defined]


ROUND_ONE = [[(1, 3, "1-0"), (4, 2, "0-1")]]


def test_checker_legal_pairing_has_no_violation() -> None:
    """1-2 and 3-4 after 1-3 and 4-2 break nothing."""
    state = build(4, ROUND_ONE)
    assert check_round(state, pairing((2, 1), (3, 4)), "dutch1992") == ()


def test_checker_dutch_b1a_rematch() -> None:
    """Pairing 1-3 and 2-4 again is Dutch B1a twice."""
    state = build(4, ROUND_ONE)
    found = check_round(state, pairing((3, 1), (2, 4)), "dutch1992")
    assert rules(found) == ["Dutch B1a", "Dutch B1a"]


def test_checker_dutch_b1b_second_bye() -> None:
    """A second bye to the same player is Dutch B1b."""
    state = build(3, [[(1, 2, "1-0"), (3, 0, "bye")]])
    found = check_round(state, pairing((2, 1), bye=3), "dutch1992")
    assert "Dutch B1b" in rules(found)


def test_checker_dutch_b2b_third_same_colour() -> None:
    """A third black in a row is Dutch B2b."""
    state = build(6, [[(3, 1, "="), (4, 2, "="), (5, 6, "=")], [(5, 1, "="), (2, 6, "="),
                                                                   (4, 3, "=")]])  # fmt: skip
    found = check_round(state, pairing((4, 1), (2, 3), (6, 5), number=3), "dutch1992")
    assert any(v.rule == "Dutch B2b" and v.players == (1,) for v in found)


def test_checker_dutch_b2_not_applied_over_half_in_last_round() -> None:
    """Note to B: a player over 50% in the last round may get a third black."""
    state = build(6, [[(3, 1, "0-1"), (4, 2, "="), (5, 6, "=")], [(5, 1, "0-1"), (2, 6, "="),
                                                                     (4, 3, "=")]],
                  total_rounds=3)  # fmt: skip
    # Player 1 won both games (2 of 2 points, over 50%) and has had black twice.
    found = check_round(state, pairing((4, 1), (2, 3), (6, 5), number=3), "dutch1992")
    assert not any(v.rule == "Dutch B2b" and v.players == (1,) for v in found)


def test_checker_forbidden_pair() -> None:
    """Two players the event forbids to meet are reported."""
    from dataclasses import replace

    state = replace(build(4), forbidden_pairs=frozenset({frozenset({N(1), N(2)})}))
    assert rules(check_round(state, pairing((1, 2), (3, 4), number=1), "dutch1992")) == [
        "forbidden pair"
    ]


def test_checker_everyone_paired_once() -> None:
    """A player left out and a player seated twice are both reported."""
    state = build(4)
    found = check_round(state, pairing((1, 2), (3, 2), number=1), "dutch1992")
    messages = [v.message for v in found]
    assert "player 4 is not paired" in messages
    assert "player 2 is paired 2 times" in messages


def test_checker_withdrawn_player_must_not_be_paired() -> None:
    """A withdrawn player on a board is reported (Dutch F5)."""
    state = build(4, withdrawn=[4])
    found = check_round(state, pairing((1, 2), (3, 4), number=1), "dutch1992")
    assert any("withdrawn" in v.message for v in found)


def test_checker_lim_9_1_three_more_of_one_colour() -> None:
    """Lim 9.1: a colour difference of three is refused."""
    state = build(8, [[(1, 5, "="), (2, 6, "="), (3, 7, "="), (4, 8, "=")],
                      [(1, 6, "="), (2, 5, "="), (3, 8, "="), (4, 7, "=")]])  # fmt: skip
    found = check_round(state, pairing((1, 2), (3, 4), (5, 6), (7, 8), number=3), "lim")
    assert "Lim 9.1" in rules(found)
