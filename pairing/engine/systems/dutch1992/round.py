"""One round from the tournament state to the published pairing (Dutch A-F).

FIDE Handbook C.04.1 (1992 text): the players to pair, the procedure over the score
brackets, the colours of each board (E), the boards in the publication order of F1 and
the explanation; and, beyond the text, a legal pairing when the procedure finds none.
"""

from __future__ import annotations

from collections.abc import Sequence

from pairing.engine.colours import initial_colour
from pairing.engine.errors import NoValidPairing
from pairing.engine.matching import maximum_matching
from pairing.engine.messages import words
from pairing.engine.model import Board, Colour, Explanation, RoundPairing, TournamentState
from pairing.engine.systems.dutch1992.brackets import Pair
from pairing.engine.systems.dutch1992.colours import allocate_colours
from pairing.engine.systems.dutch1992.entrants import Entrant, _rank, compatible, entrants
from pairing.engine.systems.dutch1992.explanation import RULES, describe
from pairing.engine.systems.dutch1992.procedure import Search, _Exhausted


def publish(
    pairs: Sequence[Pair], *, initial: Colour
) -> tuple[tuple[Board, ...], list[Explanation]]:
    """Colours for each pair (E) and the boards in publication order (Dutch F1).

    Sorted by the score of the higher player, the sum of both scores, then the A2 rank of
    the higher player.  Reading of Dutch F1: the higher player of a pair is the one
    ranked higher by A2.
    """

    def order(item: Pair) -> tuple[object, ...]:
        high = item.first if item.first.key < item.second.key else item.second
        return (-high.score, -(item.first.score + item.second.score), high.key)

    boards: list[Board] = []
    notes: list[Explanation] = []
    for number, item in enumerate(sorted(pairs, key=order), start=1):
        white, black, rule, why = allocate_colours(item, initial=initial)
        boards.append(Board(number=number, white=white.number, black=black.number))
        board = {"board": number, "white": white.number, "black": black.number}
        if white.score != black.score:
            high, low = (white, black) if white.score > black.score else (black, white)
            text = words(
                "explain.dutch1992.board_floats",
                **board,
                rule=f"{RULES} {rule}",
                why=why,
                high=high.number,
                low=low.number,
            )
        else:
            text = words("explain.dutch1992.board", **board, rule=f"{RULES} {rule}", why=why)
        notes.append(
            Explanation(rule=f"{RULES} {rule}", words=text, players=(white.number, black.number))
        )
    return tuple(boards), notes


def any_legal_pairing(players: Sequence[Entrant]) -> tuple[list[Pair], Entrant | None] | None:
    """Any pairing keeping B1 and B2, the bye to the lowest ranked player who may have it.

    Beyond the text (Dutch B1, B2, C13, C14): used only when C13 has joined every bracket
    and the procedure still finds no pairing.  The exchanges of D2 stop at two players,
    so some legal pairings lie out of its reach; a legal pairing is then still not
    refused, and the explanation says how it was made.  In 1,500 random small events
    with forbidden pairs this never happened.
    """
    ordered = _rank(players)
    byes: list[Entrant | None] = [None]
    if len(ordered) % 2:
        byes = [e for e in reversed(ordered) if e.bye_allowed]
    for bye in byes:
        pool = [e for e in ordered if e is not bye]
        adjacent = [
            [j for j, b in enumerate(pool) if i != j and compatible(a, b)]
            for i, a in enumerate(pool)
        ]
        mate = maximum_matching(adjacent)
        if all(m != -1 for m in mate):
            pairs = [
                Pair(first=pool[i], second=pool[m], s1_position=1, phase=0)
                for i, m in enumerate(mate)
                if i < m
            ]
            return pairs, bye
    return None


def pair(state: TournamentState, *, seed: int) -> RoundPairing:
    """Pair the next round by the 1992 rules (Dutch A-F).

    :raises NoValidPairing: no pairing satisfies B1 and B2.
    :raises InvalidState: the state is inconsistent.
    """
    initial = initial_colour(state, seed)
    players, honoured = entrants(state)
    explanation: list[Explanation] = []
    if state.rounds_completed == 0 and state.initial_colour is None:
        explanation.append(
            Explanation(
                rule=f"{RULES} A7c",
                words=words("explain.top_seed_lot", colour=initial.name.lower()),
            )
        )
    search = Search(players)
    pairs: list[Pair] = []
    bye: Entrant | None = None
    try:
        accepted = search.run() if players else []
        explanation.extend(search.notes)
        for done in accepted:
            explanation.extend(describe(done))
            pairs.extend(done.candidate.pairs)
        if accepted and accepted[-1].outgoing:
            bye = accepted[-1].outgoing[0]
    except _Exhausted:
        fallback = any_legal_pairing(players)
        if fallback is None:
            raise NoValidPairing(
                words("pairing.dutch1992_round", round=state.round_number)
            ) from None
        pairs, bye = fallback
        explanation.extend(search.notes)
        explanation.append(
            Explanation(
                rule=f"{RULES} B1, B2",
                words=words("explain.dutch1992.fallback"),
            )
        )
    boards, board_notes = publish(pairs, initial=initial)
    explanation.extend(board_notes)
    if bye is not None:
        explanation.append(
            Explanation(
                rule=f"{RULES} A5",
                words=words("explain.dutch1992.bye", player=bye.number),
                players=(bye.number,),
            )
        )
    return RoundPairing(
        round_number=state.round_number,
        boards=boards,
        pairing_allocated_bye=bye.number if bye is not None else None,
        not_paired=tuple(honoured),
        explanation=tuple(explanation),
    )
