"""The random tournament generator: deterministic for a seed, with consistent histories."""

from __future__ import annotations

from collections import Counter

import pytest

from pairing.engine import SYSTEMS, System, pair_round
from pairing.engine.checker import check_round, recorded_pairing, recorded_requests
from pairing.engine.generator import generate_tournament, tournament_states
from pairing.engine.model import Colour, Outcome, TournamentState

IMPLEMENTED = [s for s in System if s in SYSTEMS]

MIRROR = {
    Outcome.WIN: Outcome.LOSS,
    Outcome.LOSS: Outcome.WIN,
    Outcome.DRAW: Outcome.DRAW,
    Outcome.FORFEIT_WIN: Outcome.FORFEIT_LOSS,
    Outcome.FORFEIT_LOSS: Outcome.FORFEIT_WIN,
}


def outcomes(state: TournamentState) -> Counter[Outcome]:
    return Counter(r.outcome for p in state.players for r in p.history)


@pytest.mark.parametrize("system", IMPLEMENTED)
def test_generator_same_seed_same_tournament(system: System) -> None:
    """Two runs with the same seed give equal states; another seed gives another one."""
    first = generate_tournament(system, players=30, rounds=6, seed=11)
    assert generate_tournament(system, players=30, rounds=6, seed=11) == first
    assert generate_tournament(system, players=30, rounds=6, seed=12) != first


@pytest.mark.parametrize("system", IMPLEMENTED)
def test_generator_histories_are_consistent(system: System) -> None:
    """Every game is recorded by both players with opposite colours and mirrored results."""
    state = generate_tournament(system, players=41, rounds=7, seed=5)
    players = {p.pairing_number: p for p in state.players}
    assert state.rounds_completed == state.total_rounds == 7
    assert state.requests == ()
    for player in state.players:
        assert [r.round_number for r in player.history] == list(range(1, 8))
        for record in player.history:
            if record.opponent is None:
                assert record.colour is None
                assert not record.outcome.has_opponent
                continue
            mirror = players[record.opponent].history[record.round_number - 1]
            assert mirror.opponent == player.pairing_number
            assert record.colour is not None and mirror.colour is record.colour.opposite
            assert mirror.outcome is MIRROR[record.outcome]
    for index in range(7):
        byes = [
            p for p in state.players if p.history[index].outcome is Outcome.PAIRING_ALLOCATED_BYE
        ]
        assert len(byes) <= 1


@pytest.mark.parametrize("system", IMPLEMENTED)
def test_generator_rounds_are_the_pairings_made_and_legal(system: System) -> None:
    """Each round's records are the pairing the system made, and the checker accepts it."""
    states = list(tournament_states(system, players=25, rounds=6, seed=3))
    final = states[-1]
    for before in states[:-1]:
        number = before.round_number
        made = pair_round(before, system, seed=0)
        assert check_round(before, made, system) == ()
        recorded = recorded_pairing(final, number)
        assert {(b.white, b.black) for b in recorded.boards} == {
            (b.white, b.black) for b in made.boards
        }
        assert recorded.pairing_allocated_bye == made.pairing_allocated_bye
        excused = {r.pairing_number for r in before.requests} | {
            p.pairing_number for p in before.players if p.withdrawn
        }
        assert {r.pairing_number for r in recorded_requests(final, number)} == excused


def test_generator_field_has_unrated_forfeits_withdrawals_and_byes() -> None:
    """A 120-player event has unrated players, forfeits, withdrawals, half-point byes and
    absences, and its top seed's colour is set."""
    state = generate_tournament(System.DUTCH_1992, players=120, rounds=9, seed=2026)
    counts = outcomes(state)
    assert any(p.rating == 0 for p in state.players)
    assert counts[Outcome.FORFEIT_WIN] == counts[Outcome.FORFEIT_LOSS] > 0
    assert counts[Outcome.HALF_POINT_BYE] > 0
    assert counts[Outcome.ZERO_POINT_BYE] > 0
    assert counts[Outcome.DRAW] > 0
    assert any(p.withdrawn for p in state.players)
    assert state.initial_colour in (Colour.WHITE, Colour.BLACK)
    ratings = [p.rating for p in sorted(state.players, key=lambda p: p.pairing_number)]
    assert [r for r in ratings if r] == sorted((r for r in ratings if r), reverse=True)


def test_generator_played_points_add_up_to_one_per_game() -> None:
    """In every round the points of the games played add up to one per game."""
    state = generate_tournament(System.DUTCH_1992, players=30, rounds=5, seed=8)
    for index in range(5):
        records = [p.history[index] for p in state.players if p.history[index].played]
        points = sum(state.points.points_for(r.outcome) for r in records)
        assert points == len(records)  # half-points: two players, two half-points a game


def test_generator_needs_two_players_and_a_round() -> None:
    """Fewer than two players or no round at all is refused."""
    with pytest.raises(ValueError, match="two players"):
        generate_tournament(System.DUTCH_1992, players=1, rounds=3, seed=0)
    with pytest.raises(ValueError, match="one round"):
        generate_tournament(System.DUTCH_1992, players=4, rounds=0, seed=0)


def test_generator_clubs_and_top_players() -> None:
    """``clubs`` spreads the field over that many clubs (schools); ``top_players`` marks the
    first players by pairing number as top players (ESCA 3)."""
    state = next(
        tournament_states(
            System.DUTCH_1992, players=300, rounds=1, seed=4, clubs=20, top_players=30
        )
    )
    counts = Counter(p.club for p in state.players)
    assert len(counts) == 20 and set(counts.values()) == {15}
    tops = sorted(p.pairing_number for p in state.players if p.top_player)
    assert tops == list(range(1, 31))


def test_generator_defaults_unchanged_by_clubs() -> None:
    """The default field still has seven clubs and no top players."""
    state = next(tournament_states(System.DUTCH_1992, players=21, rounds=1, seed=4))
    assert len({p.club for p in state.players}) == 7
    assert not any(p.top_player for p in state.players)
