"""The legality checker finds each broken absolute criterion and cites its rule.

Each test builds a tiny tournament by hand (``builders.build``: players rated in
pairing-number order, ``(white, black, result)`` per game) and a proposed pairing whose
only fault, if any, is the one the test is about.  Players not needed in the round
checked are marked absent, so the structural checks stay quiet.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from pairing.engine import System
from pairing.engine.checker import (
    Violation,
    check_round,
    over_half,
    recorded_pairing,
    recorded_requests,
)
from pairing.engine.errors import UnsupportedFeature
from pairing.engine.model import (
    Board,
    GameRecord,
    Outcome,
    PairingNumber,
    RequestKind,
    RoundPairing,
    RoundRequest,
    TournamentState,
)

from .builders import build

N = PairingNumber


def pairing(*boards: tuple[int, int], bye: int | None = None, number: int = 2) -> RoundPairing:
    """A proposed pairing of round ``number``: boards numbered 1..n in the order given."""
    return RoundPairing(
        round_number=number,
        boards=tuple(
            Board(number=i, white=N(w), black=N(b)) for i, (w, b) in enumerate(boards, start=1)
        ),
        pairing_allocated_bye=N(bye) if bye else None,
    )


def found(
    state: TournamentState, proposed: RoundPairing, system: System = System.DUTCH_1992
) -> list[tuple[str, tuple[int, ...]]]:
    """The violations as (rule, players) pairs, in the checker's order."""
    return [(v.rule, v.players) for v in check_round(state, proposed, system)]


def with_record(state: TournamentState, number: int, outcome: Outcome) -> TournamentState:
    """``state`` with player ``number``'s last round replaced by an unpaired ``outcome``."""
    players = tuple(
        replace(
            p,
            history=(
                *p.history[:-1],
                GameRecord(
                    round_number=state.rounds_completed,
                    opponent=None,
                    colour=None,
                    outcome=outcome,
                ),
            ),
        )
        if p.pairing_number == number
        else p
        for p in state.players
    )
    return replace(state, players=players)


# Player 1 has had white, black, black (Dutch B2b forbids a third black); player 5 has
# had black, white, white (a third white is forbidden).  Player 1 won every game, player 5
# lost every game.
COLOUR_RUNS = [
    [(1, 2, "1-0"), (3, 5, "1-0")],
    [(3, 1, "0-1"), (5, 2, "0-1")],
    [(4, 1, "0-1"), (5, 6, "0-1")],
]


# --- legal pairings ----------------------------------------------------------------------


def test_checker_legal_pairing_has_no_violation() -> None:
    """After 1-3 and 4-2, the pairing 2-1, 3-4 breaks no rule of any system."""
    state = build(4, [[(1, 3, "1-0"), (4, 2, "0-1")]])
    for system in System:
        assert found(state, pairing((2, 1), (3, 4)), system) == []


def test_checker_legal_pairing_with_bye_has_no_violation() -> None:
    """Five players: two boards and a bye to a player who never had one are legal."""
    state = build(5, [[(1, 3, "1-0"), (4, 2, "="), (5, 0, "bye")]])
    assert found(state, pairing((2, 1), (3, 5), bye=4)) == []


# --- Dutch B1 ------------------------------------------------------------------------------


def test_checker_dutch_b1a_rematch() -> None:
    """Pairing 3-4 again after their played draw is Dutch B1a."""
    state = build(4, [[(1, 2, "+-"), (3, 4, "=")]])
    # Board 1 repeats a forfeited pairing, which Dutch F2 says is not illegal later.
    assert found(state, pairing((2, 1), (4, 3))) == [("Dutch B1a", (3, 4))]


def test_checker_dutch_b1b_second_bye() -> None:
    """A second pairing-allocated bye to player 5 is Dutch B1b."""
    state = build(5, [[(1, 2, "1-0"), (3, 4, "0-1"), (5, 0, "bye")]])
    assert found(state, pairing((4, 1), (2, 3), bye=5)) == [("Dutch B1b", (5,))]


def test_checker_dutch_b1b_bye_after_forfeit_win() -> None:
    """Player 1 won by forfeit ("an opponent not appearing in time"): no bye, Dutch B1b."""
    state = build(5, [[(1, 2, "+-"), (3, 4, "="), (5, 0, "bye")]])
    violations = check_round(state, pairing((2, 3), (4, 5), bye=1), System.DUTCH_1992)
    assert [(v.rule, v.players) for v in violations] == [("Dutch B1b", (1,))]
    assert violations[0].message == "player 1 gets the bye after a point by forfeit in round 1"


def test_checker_dutch_b1b_half_point_bye_is_not_a_point() -> None:
    """A half-point bye is not "a point without playing": the bye may follow it."""
    state = build(5, [[(1, 2, "1-0"), (3, 4, "0-1"), (5, 0, "bye")]])
    state = with_record(state, 5, Outcome.HALF_POINT_BYE)
    assert found(state, pairing((4, 1), (2, 3), bye=5)) == []


# --- Dutch B2 and the Note ------------------------------------------------------------------


def test_checker_dutch_b2a_colour_difference_beyond_two() -> None:
    """White after W W B W makes a colour difference of +3: Dutch B2a (and not B2b)."""
    rounds = [[(1, 2, "=")], [(1, 3, "=")], [(4, 1, "=")], [(1, 5, "=")]]
    state = build(6, rounds, total_rounds=7, absent=[2, 3, 4, 5])
    assert found(state, pairing((1, 6), number=5)) == [("Dutch B2a", (1,))]


def test_checker_dutch_b2b_third_same_colour() -> None:
    """A third white in a row for player 5 and a third black for player 1 are Dutch B2b."""
    state = build(6, COLOUR_RUNS, total_rounds=5, absent=[2, 3, 4, 6])
    assert found(state, pairing((5, 1), number=4)) == [
        ("Dutch B2b", (5,)),
        ("Dutch B2b", (1,)),
    ]


def test_checker_dutch_b2b_gaps_are_closed() -> None:
    """B, W, no game, W then W is three whites in a row (Dutch F2, F3 close the gap)."""
    rounds = [[(2, 1, "=")], [(1, 3, "=")], [(3, 4, "=")], [(1, 4, "=")]]
    state = build(5, rounds, total_rounds=7, absent=[2, 3, 4])
    assert found(state, pairing((1, 5), number=5)) == [("Dutch B2b", (1,))]


def test_checker_dutch_b2_not_applied_over_half_in_last_round() -> None:
    """Note to B: in the last round player 1 (3 of 3) may get a third black; 5 (0 of 3) not."""
    state = build(6, COLOUR_RUNS, total_rounds=4, absent=[2, 3, 4, 6])
    assert over_half(state) == {1}
    assert found(state, pairing((5, 1), number=4)) == [("Dutch B2b", (5,))]


def test_checker_dutch_b2_applies_at_exactly_half_in_last_round() -> None:
    """A score of exactly 50% (1½ of 3) is not "over 50%": Dutch B2b still applies."""
    rounds = [
        [(1, 2, "="), (3, 5, "1-0")],
        [(3, 1, "0-1"), (5, 2, "0-1")],
        [(4, 1, "1-0"), (5, 6, "0-1")],
    ]
    state = build(6, rounds, total_rounds=4, absent=[2, 3, 4, 6])
    assert over_half(state) == set()
    assert ("Dutch B2b", (1,)) in found(state, pairing((5, 1), number=4))


def test_checker_dutch_b2_applies_over_half_before_last_round() -> None:
    """Before the last round even a player on 3 of 3 keeps Dutch B2b."""
    state = build(6, COLOUR_RUNS, total_rounds=5, absent=[2, 3, 4, 6])
    assert over_half(state) == set()
    assert ("Dutch B2b", (1,)) in found(state, pairing((5, 1), number=4))


# --- Lim -----------------------------------------------------------------------------------


def test_checker_lim_9_1_rematch() -> None:
    """Two players who have played each other are not compatible (Lim 9.1)."""
    state = build(4, [[(1, 2, "="), (3, 4, "=")]], absent=[3, 4])
    assert found(state, pairing((2, 1)), System.LIM) == [("Lim 9.1", (1, 2))]


def test_checker_lim_9_1_third_colour_in_succession() -> None:
    """The same colour in three successive rounds is not compatible (Lim 9.1)."""
    state = build(6, COLOUR_RUNS, total_rounds=5, absent=[2, 3, 4, 6])
    assert found(state, pairing((5, 1), number=4), System.LIM) == [
        ("Lim 9.1", (5,)),
        ("Lim 9.1", (1,)),
    ]


def test_checker_lim_9_1_three_more_of_one_colour() -> None:
    """Four whites and one black is "three more of one colour than the other" (Lim 9.1)."""
    rounds = [[(1, 2, "=")], [(1, 3, "=")], [(4, 1, "=")], [(1, 5, "=")]]
    state = build(6, rounds, total_rounds=7, absent=[2, 3, 4, 5])
    assert found(state, pairing((1, 6), number=5), System.LIM) == [("Lim 9.1", (1,))]


def test_checker_lim_13_last_round_same_score_may_break_colours() -> None:
    """Lim 13: in the last round, equal scores who have not met may break the colour limits."""
    # All games drawn: players 1 and 5 both have 1½ and three games.
    rounds = [[(w, b, "=") for w, b, _ in games] for games in COLOUR_RUNS]
    state = build(6, rounds, total_rounds=4, absent=[2, 3, 4, 6])
    assert found(state, pairing((5, 1), number=4), System.LIM) == []


def test_checker_lim_13_not_across_score_groups() -> None:
    """Lim 13 does not lift 9.1 for players with different scores (3 and 0 points)."""
    state = build(6, COLOUR_RUNS, total_rounds=4, absent=[2, 3, 4, 6])
    assert found(state, pairing((5, 1), number=4), System.LIM) == [
        ("Lim 9.1", (5,)),
        ("Lim 9.1", (1,)),
    ]


def test_checker_lim_8_2_second_bye() -> None:
    """A player may receive the Bye only once (Lim 8.2)."""
    state = build(5, [[(1, 2, "1-0"), (3, 4, "0-1"), (5, 0, "bye")]])
    assert found(state, pairing((4, 1), (2, 3), bye=5), System.LIM) == [("Lim 8.2", (5,))]


def test_checker_lim_8_2_bye_after_point_by_default() -> None:
    """A player who has won a point by default may not be awarded the Bye (Lim 8.2)."""
    state = build(5, [[(1, 2, "+-"), (3, 4, "="), (5, 0, "bye")]])
    assert found(state, pairing((2, 3), (4, 5), bye=1), System.LIM) == [("Lim 8.2", (1,))]


# --- ESCA and SB ---------------------------------------------------------------------------


def test_checker_esca_1_rematch() -> None:
    """No player shall play the same opponent twice (ESCA 1)."""
    state = build(4, [[(1, 2, "="), (3, 4, "=")]], absent=[3, 4])
    assert found(state, pairing((2, 1)), System.ESCA) == [("ESCA 1", (1, 2))]


def test_checker_esca_4_bye_after_default() -> None:
    """The bye is not for a player who has had a default (ESCA 4)."""
    state = build(5, [[(1, 2, "+-"), (3, 4, "="), (5, 0, "bye")]])
    assert found(state, pairing((2, 3), (4, 5), bye=1), System.ESCA) == [("ESCA 4", (1,))]


def test_checker_esca_colours_are_not_absolute() -> None:
    """ESCA 2c makes colours a priority, not a rule: a third white is not reported."""
    state = build(6, COLOUR_RUNS, total_rounds=5, absent=[2, 3, 4, 6])
    assert found(state, pairing((5, 1), number=4), System.ESCA) == []


def test_checker_sb_rematch_and_second_bye() -> None:
    """SB 1 forbids a rematch, and a second bye is refused (SB 6)."""
    state = build(5, [[(1, 2, "1-0"), (3, 4, "0-1"), (5, 0, "bye")]])
    assert found(state, pairing((2, 1), (4, 3), bye=5), System.SB) == [
        ("SB 1", (1, 2)),
        ("SB 1", (3, 4)),
        ("SB 6", (5,)),
    ]


def test_checker_sb_6_dutch_b1b_bye_after_forfeit_win_reported() -> None:
    """SB 6 takes Dutch B1b where the SB text is silent: no bye after a forfeit win."""
    state = build(5, [[(1, 2, "+-"), (3, 4, "="), (5, 0, "bye")]])
    assert found(state, pairing((2, 3), (4, 5), bye=1), System.SB) == [("SB 6", (1,))]


# --- every system: forbidden pairs and structure ---------------------------------------------


def test_checker_forbidden_pair() -> None:
    """Two players the event forbids to meet are reported for every system."""
    state = replace(build(4), forbidden_pairs=frozenset({frozenset({N(1), N(2)})}))
    for system in System:
        violations = check_round(state, pairing((1, 2), (3, 4), number=1), system)
        assert [(v.rule, v.players, v.boards) for v in violations] == [
            ("forbidden pair", (1, 2), (1,))
        ]


def test_checker_everyone_paired_once() -> None:
    """A player left out and a player seated twice are both reported."""
    violations = check_round(build(4), pairing((1, 2), (3, 2), number=1), System.DUTCH_1992)
    assert [(v.rule, v.message, v.boards) for v in violations] == [
        ("pairing", "player 2 is paired 2 times", (1, 2)),
        ("pairing", "player 4 is not paired", ()),
    ]


def test_checker_withdrawn_player_must_not_be_paired() -> None:
    """A withdrawn player on a board is reported (Dutch F5)."""
    state = build(5, withdrawn=[4])
    violations = check_round(state, pairing((1, 2), (3, 4), bye=5, number=1), System.LIM)
    assert [(v.rule, v.message) for v in violations] == [
        ("pairing", "player 4 has withdrawn (C.04.2 3.2) but is paired"),
        ("pairing", "player 5 has the bye, but the number of players to pair (4) is even"),
    ]


def test_checker_excused_player_must_not_be_paired() -> None:
    """A player who asked for a half-point bye must not be on a board."""
    state = build(4, half_point_byes=[4])
    violations = check_round(state, pairing((1, 2), (3, 4), number=1), System.DUTCH_1992)
    assert [v.message for v in violations] == ["player 4 asked for a half-point bye but is paired"]


def test_checker_bye_only_with_odd_number() -> None:
    """With four players to pair a bye is reported, and so is the player left without one."""
    violations = check_round(build(4), pairing((1, 2), bye=3, number=1), System.DUTCH_1992)
    assert [v.message for v in violations] == [
        "player 4 is not paired",
        "player 3 has the bye, but the number of players to pair (4) is even",
    ]


def test_checker_boards_numbered_from_one() -> None:
    """Boards numbered 2 and 3 instead of 1 and 2 are reported."""
    proposed = RoundPairing(
        round_number=1,
        boards=(
            Board(number=2, white=N(1), black=N(3)),
            Board(number=3, white=N(4), black=N(2)),
        ),
    )
    assert [v.message for v in check_round(build(4), proposed, System.DUTCH_1992)] == [
        "the boards are numbered 2, 3 instead of 1 to 2"
    ]


def test_checker_wrong_round_and_unknown_player() -> None:
    """A pairing for another round, or naming a player not in the event, is reported."""
    violations = check_round(build(2), pairing((1, 9), number=3), System.DUTCH_1992)
    assert [v.message for v in violations] == [
        "the pairing is for round 3, but round 1 is to be paired",
        "player 9 is not in the tournament but is paired",
        "player 2 is not paired",
    ]


def test_checker_unknown_system_raises() -> None:
    """A system name that is not one of System raises UnsupportedFeature."""
    with pytest.raises(UnsupportedFeature, match="'swiss'"):
        check_round(build(2), pairing((1, 2), number=1), "swiss")


def test_checker_accepts_system_name_as_string() -> None:
    """The system may be given by its command-line name."""
    state = build(4, [[(1, 2, "="), (3, 4, "=")]], absent=[3, 4])
    assert check_round(state, pairing((2, 1)), "dutch1992") == (
        Violation(
            rule="Dutch B1a",
            message="board 1: 2 and 1 have already played each other",
            players=(N(1), N(2)),
            boards=(1,),
        ),
    )


# --- the pairing a completed round records ---------------------------------------------------


def test_checker_recorded_pairing_and_requests() -> None:
    """A round's records give its boards (forfeits included), its bye and who was excused."""
    state = build(6, [[(4, 1, "="), (2, 3, "-+"), (5, 0, "bye")]])
    state = with_record(state, 6, Outcome.HALF_POINT_BYE)
    assert recorded_pairing(state, 1) == pairing((4, 1), (2, 3), bye=5, number=1)
    assert recorded_requests(state, 1) == (
        RoundRequest(pairing_number=N(6), kind=RequestKind.HALF_POINT_BYE),
    )
    with pytest.raises(ValueError, match="round 2"):
        recorded_pairing(state, 2)
