"""Absolute criteria shared by the systems, for the checker (``checker.py``).

Written from the rule texts, separately from the pairers: nothing here calls a pairer
or makes a choice between pairings; it only says which rule a given pairing breaks.
Each system's own list of absolute criteria is its package's ``checks.py``, built from
these pieces; the structural checks hold for every system (rule ``"pairing"``):

- every player who is neither withdrawn nor excused for the round (a half-point bye, a
  full-point bye or a known absence: FIDE C.04.2 Article 3) is on exactly one board or has the bye;
- nobody withdrawn, excused or unknown is paired;
- a pairing-allocated bye is given only when the number of players to pair is odd (and
  there is at most one: :class:`~pairing.engine.model.RoundPairing` holds one);
- the boards are numbered 1..n and the pairing is for the round being paired;
- the event's forbidden pairs do not meet (rule ``"forbidden pair"``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from .colours import colour_difference, played_colours
from .history import opponents_met, scores
from .messages import Message, words
from .model import (
    Board,
    Colour,
    Outcome,
    PairingNumber,
    Player,
    RequestKind,
    RoundPairing,
    TournamentState,
)


@dataclass(frozen=True, slots=True, kw_only=True)
class Violation:
    """One broken absolute criterion, with its rule and who and where it concerns."""

    rule: str
    """The rule reference: ``"Dutch B2b"``, ``"Lim 9.1"``, ``"forbidden pair"``, ``"pairing"``."""
    message: str = ""
    """What is wrong, in plain words (English: ``str(words)`` when :attr:`words` is given)."""
    players: tuple[PairingNumber, ...] = ()
    """The pairing numbers concerned, in ascending order."""
    boards: tuple[int, ...] = ()
    """The board numbers concerned (none for the bye or a player left out)."""
    words: Message | None = field(default=None, compare=False)
    """What is wrong as a message code and its values, to show in another language."""

    def __post_init__(self) -> None:
        if self.words is not None:
            english = str(self.words)
            if self.message and self.message != english:
                raise ValueError(f"message {self.message!r} is not the words' {english!r}")
            object.__setattr__(self, "message", english)


_EXCUSE = {
    RequestKind.HALF_POINT_BYE: "draft.half_point_bye_paired",
    RequestKind.FULL_POINT_BYE: "draft.full_point_bye_paired",
    RequestKind.ABSENT: "draft.absent_paired",
}
"""The message code for a player paired despite his request for the round."""

BYE_WORTH_A_POINT = frozenset({Outcome.PAIRING_ALLOCATED_BYE, Outcome.FULL_POINT_BYE})


def _seats(pairing: RoundPairing) -> list[tuple[PairingNumber, Board | None]]:
    """Every seat of the pairing: each board's two players, then the bye."""
    seats: list[tuple[PairingNumber, Board | None]] = []
    for board in pairing.boards:
        seats.append((board.white, board))
        seats.append((board.black, board))
    if pairing.pairing_allocated_bye is not None:
        seats.append((pairing.pairing_allocated_bye, None))
    return seats


def structure(state: TournamentState, pairing: RoundPairing) -> list[Violation]:
    """Everyone to pair appears once, nobody else does; one bye only if odd (FIDE C.04.2
    Article 3)."""
    players = {p.pairing_number: p for p in state.players}
    excused = {r.pairing_number: r.kind for r in state.requests}
    to_pair = sorted(n for n, p in players.items() if not p.withdrawn and n not in excused)
    problems: list[Violation] = []
    if pairing.round_number != state.round_number:
        problems.append(
            Violation(
                rule="pairing",
                words=words(
                    "draft.wrong_round", paired=pairing.round_number, round=state.round_number
                ),
            )
        )
    seats = _seats(pairing)
    count = Counter(number for number, _ in seats)
    boards_of: dict[PairingNumber, list[int]] = {}
    for number, board in seats:
        if board is not None:
            boards_of.setdefault(number, []).append(board.number)
    for number in sorted(count):
        where = tuple(boards_of.get(number, ()))
        if number not in players:
            reason = "draft.unknown_paired"
        elif players[number].withdrawn:
            reason = "draft.withdrawn_paired"
        elif number in excused:
            reason = _EXCUSE[excused[number]]
        else:
            reason = ""
        if reason:
            problems.append(
                Violation(
                    rule="pairing",
                    words=words(reason, player=number),
                    players=(number,),
                    boards=where,
                )
            )
        if count[number] > 1:
            problems.append(
                Violation(
                    rule="pairing",
                    words=words("draft.paired_times", player=number, times=count[number]),
                    players=(number,),
                    boards=where,
                )
            )
    for number in to_pair:
        if number not in count:
            problems.append(
                Violation(
                    rule="pairing",
                    words=words("draft.not_paired", player=number),
                    players=(PairingNumber(number),),
                )
            )
    bye = pairing.pairing_allocated_bye
    if bye is not None and len(to_pair) % 2 == 0:
        problems.append(
            Violation(
                rule="pairing",
                words=words("draft.bye_when_even", player=bye, count=len(to_pair)),
                players=(bye,),
            )
        )
    numbers = [board.number for board in pairing.boards]
    if numbers != list(range(1, len(numbers) + 1)):
        problems.append(
            Violation(
                rule="pairing",
                words=words("draft.board_numbers", numbers=_ranges(numbers), count=len(numbers)),
            )
        )
    for board in pairing.boards:
        if frozenset({board.white, board.black}) in state.forbidden_pairs:
            problems.append(
                Violation(
                    rule="forbidden pair",
                    words=words(
                        "draft.forbidden_pair",
                        board=board.number,
                        white=board.white,
                        black=board.black,
                    ),
                    players=ordered(board.white, board.black),
                    boards=(board.number,),
                )
            )
    return problems


def _ranges(numbers: Iterable[int]) -> str:
    """Board numbers as written, for a message: ``1, 2, 2, 4``."""
    return ", ".join(str(n) for n in numbers) or "(none)"


def ordered(*numbers: PairingNumber) -> tuple[PairingNumber, ...]:
    return tuple(sorted(numbers))


def rematches(
    pairing: RoundPairing, players: Mapping[PairingNumber, Player], rule: str
) -> list[Violation]:
    """Boards of two players who have already played each other (F2: forfeits do not count)."""
    return [
        Violation(
            rule=rule,
            words=words("draft.rematch", board=board.number, white=board.white, black=board.black),
            players=ordered(board.white, board.black),
            boards=(board.number,),
        )
        for board in pairing.boards
        if board.white in players and board.black in opponents_met(players[board.white])
    ]


def colour_violations(
    pairing: RoundPairing,
    players: Mapping[PairingNumber, Player],
    *,
    difference_rule: str,
    run_rule: str,
    exempt: frozenset[PairingNumber] = frozenset(),
    exempt_boards: frozenset[int] = frozenset(),
) -> list[Violation]:
    """Colour differences beyond ±2 and third colours in a row (Dutch A7, B2; Lim 9.1).

    Only played games count, in order, gaps closed (FIDE C.04.2 3.4).
    """
    problems: list[Violation] = []
    for board in pairing.boards:
        if board.number in exempt_boards:
            continue
        for number, colour in ((board.white, Colour.WHITE), (board.black, Colour.BLACK)):
            player = players.get(number)
            if player is None or number in exempt:
                continue
            difference = colour_difference(player) + (1 if colour is Colour.WHITE else -1)
            if abs(difference) > 2:
                problems.append(
                    Violation(
                        rule=difference_rule,
                        words=words(
                            "draft.colour_difference",
                            board=board.number,
                            player=number,
                            difference=f"{difference:+d}",
                        ),
                        players=(number,),
                        boards=(board.number,),
                    )
                )
            last_two = played_colours(player)[-2:]
            if len(last_two) == 2 and all(c is colour for c in last_two):
                problems.append(
                    Violation(
                        rule=run_rule,
                        words=words(
                            "draft.colour_run",
                            board=board.number,
                            player=number,
                            colour=colour.name.lower(),
                        ),
                        players=(number,),
                        boards=(board.number,),
                    )
                )
    return problems


def bye_refused(
    pairing: RoundPairing,
    players: Mapping[PairingNumber, Player],
    rule: str,
    *,
    refused_after: frozenset[Outcome],
) -> list[Violation]:
    """The bye given to a player whose history holds one of ``refused_after``."""
    bye = pairing.pairing_allocated_bye
    if bye is None or bye not in players:
        return []
    earlier = [r for r in players[bye].history if r.outcome in refused_after]
    if not earlier:
        return []
    record = earlier[0]
    what = {
        Outcome.PAIRING_ALLOCATED_BYE: "draft.bye_after_allocated_bye",
        Outcome.FULL_POINT_BYE: "draft.bye_after_full_point_bye",
        Outcome.FORFEIT_WIN: "draft.bye_after_forfeit_win",
    }[record.outcome]
    return [
        Violation(
            rule=rule,
            words=words(what, player=bye, round=record.round_number),
            players=(bye,),
        )
    ]


def over_half(state: TournamentState) -> frozenset[PairingNumber]:
    """Players with a score of over 50% when the last round is paired (Note to Dutch B).

    Over 50% means more than half the points of a win times the rounds played so far;
    empty unless the round being paired is the last one planned.
    """
    if not state.is_last_round or state.rounds_completed == 0:
        return frozenset()
    available = state.points.win * state.rounds_completed
    return frozenset(n for n, s in scores(state).items() if 2 * s > available)


def relative_warnings(
    state: TournamentState, pairing: RoundPairing, *, score_rule: str, colour_rule: str
) -> list[Message]:
    """Relative criteria a hand-made pairing may break, to warn about and not refuse.

    Two players with different scores on one board (``score_rule``), and a player
    getting the colour of his last game again (``colour_rule``); each system names its
    own rules for these.  Each warning is a message (``warning.`` codes) whose ``str()``
    reads in English.
    """
    score = scores(state)
    players = {p.pairing_number: p for p in state.players}
    warnings: list[Message] = []
    for board in pairing.boards:
        if board.white not in players or board.black not in players:
            continue
        if score[board.white] != score[board.black]:
            warnings.append(
                words("warning.different_scores", board=board.number, white=board.white,
                      black=board.black, rule=score_rule)
            )  # fmt: skip
        for number, colour in ((board.white, Colour.WHITE), (board.black, Colour.BLACK)):
            history = played_colours(players[number])
            if history and history[-1] is colour:
                warnings.append(
                    words("warning.same_colour_again", board=board.number, player=number,
                          rule=colour_rule)
                )  # fmt: skip
    return warnings


__all__ = [
    "BYE_WORTH_A_POINT",
    "Violation",
    "bye_refused",
    "colour_violations",
    "ordered",
    "over_half",
    "relative_warnings",
    "rematches",
    "structure",
]
