"""Tie-breaks for Swiss standings, computed exactly in fractions of a point.

Sources, cited in each docstring by these tokens:

- "SB text": the SB-ordered Swiss text (Swiss with score groups ordered by
  Sonneborn-Berger), which defines Sonneborn-Berger, Buchholz, Median-Buchholz and
  Progress (with worked examples).
- "Dutch F10": the FIDE Dutch rules, 1992 wording, F10 (points; for first place the games
  between the tied players; average rating of the opponents; lot).
- "FIDE 2023": the FIDE Tie-Break Regulations (C.07) of 2023/24, for unplayed rounds, as
  summarised in ``tests/data/README.md`` and as FIDE's own tie-break checker computes them.
- "FIDE 2009": the 2009 Congress (Kallithea) decision on unplayed games, the "virtual
  opponent".

Units.  Points are stored as half-points (``Points``) everywhere in the engine; every value
here is returned in points, as a :class:`~fractions.Fraction`, so that ``Fraction(45, 2)``
is 22½.  Sums are made in integer half-points and divided once at the end, so two players
level on a tie-break always compare equal.

Unplayed rounds (:class:`UnplayedRounds`):

``FIDE_2023`` (default)
    A player's own unplayed round (bye, forfeit, absence) counts as an opponent whose score
    is the player's own final score; for SB that value is multiplied by the points the
    player got in that round.  An opponent counts with the final score, except that the
    rounds after the opponent withdrew count as draws.  A low cut (BH-C1, and the low half
    of MBH) first removes a *voluntary unplayed round* if there is one, otherwise the
    lowest value.

    Our reading of "voluntary unplayed round": a half-point bye, a zero-point bye or
    absence, or a forfeit loss: an unplayed round that did not bring a win's points.  A
    forfeit win, a pairing-allocated bye and a full-point bye are not voluntary, so they
    are cut only if they are the lowest value.  (FIDE's checker treats the full-point bye
    this way; ``tests/data/README.md`` names only the forfeit win and the pairing-allocated
    bye; the four real events have no full-point bye, so they cannot tell.)

    Our reading of "withdrew": a TRF has no withdrawal record, so a withdrawal shows as
    trailing rounds without a game.  The rounds after a player's last round that was *not*
    a voluntary unplayed round are the withdrawal; in those rounds each bye or absence
    (no opponent: ``0000 - Z``, a blank result, ``0000 - H``) counts as a draw, while a
    forfeit loss keeps its zero because it had a scheduled opponent.  So ``1 0 - Z Z``
    counts 1 + 0 + 0 + ½ + ½ for the opponents, and ``Z Z 1 0`` (a late entry) keeps its
    zeros.  This is how FIDE's checker reads it, and it reproduces the published values.
    Standings after round ``r`` see only the first ``r`` rounds, so a player absent in
    round ``r`` counts as withdrawn in those standings even if he plays on later.

``FIDE_2026``
    FIDE C.07 as amended from 1 March 2026, Article 16.4: as ``FIDE_2023``, except that
    the stand-in for an own unplayed round scores no more than (16.4.1) the scheduled
    opponent's score as it counts for his opponents, for a forfeit won or lost, and
    (16.4.2) a draw's worth times the number of rounds, for a round without an opponent
    (a bye of any kind, an absence).  "The number of rounds" is read as FIDE's checker
    reads it: the rounds the standings cover, which for the final standings is the
    tournament's number of rounds.  Opponents count as under ``FIDE_2023`` (16.3 did not
    change).

``VIRTUAL_OPPONENT_2009``
    FIDE 2009: each unplayed round of the player is a game against a virtual opponent who
    starts the round with the player's score, gets the opposite result (a bye or forfeit
    win is a loss for him, an absence or forfeit loss a win, a half-point bye a draw) and
    draws every later round.  Opponents count every unplayed round of theirs as a draw.
    A low cut removes the lowest value.

``ZERO``
    An unplayed round counts nothing, and opponents count with their final scores.  A low
    cut removes the lowest value (usually that zero).

Progress, ARO, WIN and the direct encounter do not depend on the convention.
"""

from __future__ import annotations

import enum
import functools
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import date
from fractions import Fraction

from .errors import InvalidState
from .model import Colour, Outcome, PairingNumber, Player, Points, TournamentState
from .performance import average_rating, perfect_performance, tournament_performance


class TieBreak(enum.StrEnum):
    """Tie-break codes, as the command line and the event settings spell them."""

    BH = "BH"
    """Buchholz (SB text)."""
    BH_C1 = "BH-C1"
    """Buchholz cut-1: Buchholz without its least significant value (FIDE 2023)."""
    MBH = "MBH"
    """Median-Buchholz: without the highest and the lowest value (SB text)."""
    SB = "SB"
    """Sonneborn-Berger (SB text)."""
    PROG = "PROG"
    """Progress, the cumulative score (SB text)."""
    DE = "DE"
    """Direct encounter (C.07 Article 6): the place among the players still tied."""
    DE1 = "DE1"
    """Direct encounter for first place only (Dutch F10)."""
    ARO = "ARO"
    """Average rating of the opponents (Dutch F10)."""
    WIN = "WIN"
    """Number of rounds won, forfeit wins and byes worth a win included (FIDE 2023)."""
    LOT = "LOT"
    """Drawing of lots (Dutch F10), from a stored seed."""
    FB = "FB"
    """Fore Buchholz: Buchholz with the last round's games counted as draws (C.07 8.3)."""
    AOB = "AOB"
    """Average of the opponents' Buchholz, to two decimals (C.07 8.2)."""
    STD = "STD"
    """Standard points: 1 for a round worth more than a draw, ½ for a draw's worth (C.07
    2026, 7.7)."""
    RTNG = "RTNG"
    """The player's own rating (C.07 2026, 10.6)."""
    BH_C2 = "BH-C2"
    """Buchholz cut-2: without its two least significant values (C.07 14.2)."""
    BH_M2 = "BH-M2"
    """Median-Buchholz 2: without the two lowest and the two highest values (C.07 14.4)."""
    SB_C1 = "SB-C1"
    """Sonneborn-Berger cut-1: without its least significant value (C.07 14.1)."""
    SB_C2 = "SB-C2"
    """Sonneborn-Berger cut-2: without its two least significant values (C.07 14.2)."""
    WON = "WON"
    """Number of games won over the board (C.07 7.2)."""
    BPG = "BPG"
    """Number of games played with Black (C.07 7.3)."""
    BWG = "BWG"
    """Number of games won with Black (C.07 7.4)."""
    REP = "REP"
    """Rounds one elected to play (C.07 7.6; GE before the 2024 text)."""
    TPN = "TPN"
    """Tournament pairing number, the lower the better (C.07 2026, 7.8)."""
    KS = "KS"
    """Koya (C.07 Article 9): the points scored against the opponents with half the
    possible score or more."""
    TPR = "TPR"
    """C.07 10.2: tournament performance rating."""
    PTP = "PTP"
    """C.07 10.3: perfect tournament performance."""
    APRO = "APRO"
    """C.07 10.4: average of the opponents' tournament performance ratings."""
    APPO = "APPO"
    """C.07 10.5: average of the opponents' perfect tournament performances."""


class UnplayedRounds(enum.Enum):
    """How unplayed rounds count in Buchholz-type tie-breaks (see the module docstring)."""

    FIDE_2023 = "fide2023"
    """Own unplayed rounds count the own final score; withdrawals count as draws (default):
    C.07 of 2023 and 2024, in force until 28 February 2026."""
    FIDE_2026 = "fide2026"
    """As FIDE_2023, the own unplayed rounds capped (C.07 Article 16.4, from 1 March 2026)."""
    VIRTUAL_OPPONENT_2009 = "virtual2009"
    """Own unplayed rounds are games against a virtual opponent; opponents' count as draws."""
    ZERO = "zero"
    """Unplayed rounds count nothing."""


C07_2026_FROM = date(2026, 3, 1)
"""The day the amended FIDE Tie-Break Regulations (C.07) came into force."""


def unplayed_rounds_for(start: date | None) -> UnplayedRounds:
    """The edition of C.07 an event follows by its start date: the text in force that day
    (``FIDE_2026`` from 1 March 2026, ``FIDE_2023`` before); an event with no date
    follows the text in force today, as FIDE's checker decides it."""
    if start is None or start >= C07_2026_FROM:
        return UnplayedRounds.FIDE_2026
    return UnplayedRounds.FIDE_2023


DEFAULT_TIEBREAKS: tuple[TieBreak, ...] = (TieBreak.DE1, TieBreak.ARO, TieBreak.LOT)
"""Dutch F10, after points: the games between the players tied for first; ARO; lot."""

DUTCH_F10 = DEFAULT_TIEBREAKS
"""The same order under its rule's name (the command line's default)."""


def dutch_f10_order() -> tuple[TieBreak, ...]:
    """The tie-breaks that follow points in the final standings.

    Dutch F10: "the best result in games played against each other" for first place
    only, then "the highest average rating of the opponents", then "the drawing of lots".
    """
    return DEFAULT_TIEBREAKS


VOLUNTARY_UNPLAYED = frozenset(
    {Outcome.HALF_POINT_BYE, Outcome.ZERO_POINT_BYE, Outcome.FORFEIT_LOSS}
)
"""Unplayed rounds that a low cut removes first, and that can make up a withdrawal.

FIDE 2023, in our reading (module docstring): unplayed rounds that did not bring a win.
"""

_PLAYED = frozenset(outcome for outcome in Outcome if outcome.played)
"""Outcomes of games actually played (Dutch F2)."""


@dataclass(frozen=True, slots=True)
class TieBreakSpec:
    """One entry of an event's tie-break list: a code of C.07 with its modifiers.

    C.07 lets the organiser pick any tie-break, in any order, each with the modifiers
    its definition allows (Article 14 for the cuts, the definitions themselves for the
    others); both texts have the same ones:

    - ``cut`` (Cn): the n least significant values are left out (BH, FB, SB, ARO; for
      PS, the first n rounds);
    - ``median`` (Mn, with ``cut`` = n): also the n most significant ones (BH, FB, ARO);
    - ``fore`` (F): AOB averages the opponents' Fore Buchholz (8.3) instead of their
      Buchholz;
    - ``limit_percent`` and ``limit_shift`` (L): KS counts the opponents whose score is
      at least that percentage of the maximum (50 by default, ``KS-L40``), moved by a
      number of half-points (``KS-L-2`` is one point lower, ``KS-L+1`` half a point
      higher).

    The codes of the older lists are kept: ``BH-C1``, ``MBH`` (that is ``BH-M1``),
    ``BH-C2``, ``BH-M2``, ``SB-C1``, ``SB-C2``; ``/`` may stand for ``-`` (``BH/C1``, as
    FIDE's checker writes it), ``PS`` is PROG and ``GE`` is REP.
    """

    code: TieBreak
    cut: int = 0
    median: bool = False
    fore: bool = False
    limit_percent: int = 50
    limit_shift: int = 0
    """Half-points added to the KS limit (negative: taken from it)."""

    @property
    def value(self) -> str:
        """The code as lists, headers and files write it: ``BH-C1``, ``ARO-M1``, ``KS-L40``."""
        for named, modified in _NAMED.items():
            if modified == self:
                return named.value
        return "-".join((self.code.value, *self.modifiers))

    @property
    def modifiers(self) -> tuple[str, ...]:
        """The modifiers as C.07 writes them, in a fixed order: ``("C1",)``, ``("L-2",)``."""
        found: list[str] = []
        if self.cut:
            found.append(f"{'M' if self.median else 'C'}{self.cut}")
        if self.fore:
            found.append("F")
        if self.limit_percent != 50:
            found.append(f"L{self.limit_percent}")
        if self.limit_shift:
            found.append(f"L{self.limit_shift:+d}")
        return tuple(found)

    @property
    def lower_is_better(self) -> bool:
        """Whether the lower value ranks first (a place, a pairing number)."""
        return self.code in LOWER_IS_BETTER


_NAMED: dict[TieBreak, TieBreakSpec] = {
    TieBreak.BH_C1: TieBreakSpec(TieBreak.BH, cut=1),
    TieBreak.MBH: TieBreakSpec(TieBreak.BH, cut=1, median=True),
    TieBreak.BH_C2: TieBreakSpec(TieBreak.BH, cut=2),
    TieBreak.BH_M2: TieBreakSpec(TieBreak.BH, cut=2, median=True),
    TieBreak.SB_C1: TieBreakSpec(TieBreak.SB, cut=1),
    TieBreak.SB_C2: TieBreakSpec(TieBreak.SB, cut=2),
}
"""The codes of the older lists that name a code with a cut."""

MODIFIERS: Mapping[TieBreak, str] = {
    TieBreak.BH: "CM",
    TieBreak.FB: "CM",
    TieBreak.ARO: "CM",
    TieBreak.SB: "C",
    TieBreak.PROG: "C",
    TieBreak.AOB: "F",
    TieBreak.KS: "L",
}
"""The modifiers each code accepts (C, M, F, L; see :class:`TieBreakSpec`)."""

_BASE_ALIASES = {"PS": TieBreak.PROG, "GE": TieBreak.REP, "SNO": TieBreak.TPN}
_ITEM = re.compile(r"([A-Z][A-Z0-9]*)((?:[-/](?:[CM][1-9]|F|L[1-9][0-9]?|L[+-][1-9][0-9]?))*)")
_MODIFIER = re.compile(r"[-/]([CM][1-9]|F|L[1-9][0-9]?|L[+-][1-9][0-9]?)")


def as_spec(tiebreak: TieBreak | TieBreakSpec) -> TieBreakSpec:
    """The entry a code stands for: ``TieBreak.BH_C1`` is BH with a cut of one."""
    if isinstance(tiebreak, TieBreakSpec):
        return tiebreak
    return _NAMED.get(tiebreak, TieBreakSpec(tiebreak))


class TieBreakCodeError(ValueError):
    """A tie-break code that does not read.  The message says why in English, for the
    command line; ``reason`` and ``details`` say it as data, for a caller that words it
    in another language (the web app's event form).

    Reasons: ``unknown`` (``text``, ``known``), ``modifiers`` (``text``), ``has_cut``
    (``text``, ``named``, ``code``), ``not_applicable`` (``text``, ``modifier``,
    ``code``, ``allowed``, empty when the code takes none), ``two_cuts`` (``text``).
    """

    def __init__(self, message: str, reason: str, **details: str) -> None:
        super().__init__(message)
        self.reason = reason
        self.details = details


def parse_tiebreak(item: str) -> TieBreakSpec:
    """Read one code with its modifiers, such as ``"BH-C1"``, ``"aro/m1"`` or ``"KS-L40"``.

    :raises TieBreakCodeError: the code is unknown, or a modifier does not apply to it;
        the message names it.
    """
    text = item.strip().upper()
    match = _ITEM.fullmatch(text)
    lead = re.match(r"[A-Z][A-Z0-9]*", text)
    name = lead.group(0) if lead else text
    try:
        named = _BASE_ALIASES.get(name) or TieBreak(name)
    except ValueError:
        known = ", ".join(t.value for t in TieBreak if t not in _NAMED)
        raise TieBreakCodeError(
            f"unknown tie-break code {text!r}; known codes: {known}",
            "unknown",
            text=text,
            known=known,
        ) from None
    if match is None:
        raise TieBreakCodeError(
            f"cannot read the modifiers of {text!r}: write them as -C1, -C2, -M1, -M2, -F, "
            "-L40 or -L-2",
            "modifiers",
            text=text,
        )
    spec = as_spec(named)
    modifiers = _MODIFIER.findall(match.group(2))
    if modifiers and spec.code is not named:
        raise TieBreakCodeError(
            f"{text!r}: {named.value} already has its cut; give the modifiers to "
            f"{spec.code.value} ({spec.code.value}-C2, {spec.code.value}-M1, ...)",
            "has_cut",
            text=text,
            named=named.value,
            code=spec.code.value,
        )
    allowed = MODIFIERS.get(spec.code, "")
    for modifier in modifiers:
        kind = modifier[0]
        if kind not in allowed:
            raise TieBreakCodeError(
                f"{text!r}: the modifier {modifier} does not apply to {spec.code.value}"
                + (f" (it takes {', '.join(allowed)})" if allowed else " (it takes none)"),
                "not_applicable",
                text=text,
                modifier=modifier,
                code=spec.code.value,
                allowed=", ".join(allowed),
            )
        if kind in "CM":
            if spec.cut:
                raise TieBreakCodeError(
                    f"{text!r}: give one cut or median modifier, not two", "two_cuts", text=text
                )
            spec = replace(spec, cut=int(modifier[1:]), median=kind == "M")
        elif kind == "F":
            spec = replace(spec, fore=True)
        elif modifier[1] in "+-":
            spec = replace(spec, limit_shift=int(modifier[1:]))
        else:
            spec = replace(spec, limit_percent=int(modifier[1:]))
    return spec


def parse_tiebreaks(codes: str) -> tuple[TieBreakSpec, ...]:
    """Read a comma-separated list of codes such as ``"BH-C1, SB, ARO-M1, DE"``.

    Codes are case-insensitive and may be surrounded by spaces; empty items are skipped,
    so ``""`` means "points, then pairing number".  Each item is read by
    :func:`parse_tiebreak`.

    :raises ValueError: an item cannot be read; the message names it.
    """
    return tuple(parse_tiebreak(item) for item in codes.split(",") if item.strip())


def truncated(state: TournamentState, rounds: int) -> TournamentState:
    """The state as it stood after the first ``rounds`` rounds, for standings after them.

    Every history keeps its first ``rounds`` records; requests for the next round are
    dropped because they belong to a later round.

    :raises ValueError: ``rounds`` is negative or more than the rounds completed.
    """
    if not 0 <= rounds <= state.rounds_completed:
        raise ValueError(f"round {rounds} is not between 0 and {state.rounds_completed}")
    if rounds == state.rounds_completed and not state.requests:
        return state
    return replace(
        state,
        players=tuple(replace(p, history=p.history[:rounds]) for p in state.players),
        rounds_completed=rounds,
        requests=(),
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class Contribution:
    """One round's term in a player's Buchholz-type tie-breaks."""

    round_number: int
    opponent: PairingNumber | None
    """The opponent actually played; ``None`` for an unplayed round."""
    value: Fraction
    """The opponent's score as it counts here, or the stand-in's for an unplayed round."""
    points: Fraction
    """The points the player got in that round."""
    voluntary_unplayed: bool
    """Removed first by a low cut (FIDE 2023 only)."""


_Term = tuple[int, int, bool]
"""Internal form of a contribution: (value in half-points, points in half-points, cut first)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class TieBreakContext:
    """Everything the tie-breaks of one state share, computed once per player.

    Build it with :func:`tiebreak_context`.  The mappings hold half-points.
    """

    state: TournamentState
    unplayed: UnplayedRounds
    """The convention the values below were computed with."""
    players: Mapping[PairingNumber, Player]
    """The players by pairing number."""
    score: Mapping[PairingNumber, Points]
    """Each player's score."""
    score_as_opponent: Mapping[PairingNumber, Points]
    """Each player's score as it counts in the opponents' tie-breaks (the convention's)."""
    terms: Mapping[PairingNumber, tuple[_Term, ...]]
    """Each player's contributions, one per round, in half-points."""
    unrated_rating: int | None = None
    """The rating an unrated player counts with in rating tie-breaks, when the event's
    regulations give one (C.07 Article 10)."""
    memo: dict[str, dict[PairingNumber, int]] = field(default_factory=dict)
    """Values computed for every player at once by a tie-break that needs them all."""
    fore_terms: dict[PairingNumber, tuple[_Term, ...]] = field(default_factory=dict)
    """Each player's terms as Fore Buchholz counts them, once computed."""
    ordered: dict[tuple[PairingNumber, bool], tuple[_Term, ...]] = field(default_factory=dict)
    """Each player's terms (Buchholz's, or with ``True`` Fore Buchholz's) sorted by
    significance for the cuts, once computed."""
    ratings_usable: bool = True
    """C.07 Article 10: rating tie-breaks are used only when every player is rated or
    the regulations say how an unrated player counts."""
    met: Mapping[PairingNumber, tuple[PairingNumber, ...]] = field(default_factory=dict)
    """Each player's opponents over the board, in the order of the rounds (forfeits and
    byes are no games)."""


def tiebreak_context(
    state: TournamentState,
    *,
    unplayed: UnplayedRounds = UnplayedRounds.FIDE_2023,
    unrated_rating: int | None = None,
) -> TieBreakContext:
    """Precompute scores and per-round contributions of every player: O(players x rounds).
    ``unrated_rating``: the rating an unrated player counts with in ARO, when the event
    gives one.

    :raises InvalidState: a played game names an opponent who is not in the state.
    """
    players = {p.pairing_number: p for p in state.players}
    worth = {outcome: int(state.points.points_for(outcome)) for outcome in Outcome}
    score = {n: Points(sum(worth[r.outcome] for r in p.history)) for n, p in players.items()}
    as_opponent = {
        n: _score_as_opponent(p, score[n], state, unplayed, worth) for n, p in players.items()
    }
    terms = {
        n: _terms(p, score[n], as_opponent, state, unplayed, worth) for n, p in players.items()
    }
    return TieBreakContext(
        state=state,
        unplayed=unplayed,
        players=players,
        score=score,
        score_as_opponent=as_opponent,
        terms=terms,
        unrated_rating=unrated_rating,
        ratings_usable=unrated_rating is not None or all(p.rating > 0 for p in state.players),
        met={
            n: tuple(r.opponent for r in p.history if r.outcome in _PLAYED and r.opponent)
            for n, p in players.items()
        },
    )


def _last_not_voluntary(player: Player) -> int:
    """The last round that was not a voluntary unplayed round, 0 if none (FIDE 2023)."""
    for index in range(len(player.history), 0, -1):
        if player.history[index - 1].outcome not in VOLUNTARY_UNPLAYED:
            return index
    return 0


def _score_as_opponent(
    player: Player,
    score: Points,
    state: TournamentState,
    unplayed: UnplayedRounds,
    worth: Mapping[Outcome, int],
) -> Points:
    """The score ``player`` counts for in the opponents' tie-breaks, in half-points."""
    draw = state.points.draw
    if unplayed is UnplayedRounds.ZERO:
        return score
    if unplayed is UnplayedRounds.VIRTUAL_OPPONENT_2009:
        # FIDE 2009: each unplayed round of a player counts as a draw for his opponents.
        return Points(
            sum(worth[r.outcome] if r.outcome in _PLAYED else draw for r in player.history)
        )
    # FIDE 2023: after withdrawing, rounds without an opponent count as draws.
    adjusted = score
    for record in player.history[_last_not_voluntary(player) :]:
        if record.opponent is None:
            adjusted = Points(adjusted - worth[record.outcome] + draw)
    return adjusted


def _virtual_result(scored: int, state: TournamentState) -> int:
    """What the virtual opponent scores against a player who got ``scored`` (FIDE 2009)."""
    system = state.points
    if scored >= system.win:
        return system.loss
    if scored <= system.loss:
        return system.win
    return system.draw


def _terms(
    player: Player,
    own_score: Points,
    as_opponent: Mapping[PairingNumber, Points],
    state: TournamentState,
    unplayed: UnplayedRounds,
    worth: Mapping[Outcome, int],
) -> tuple[_Term, ...]:
    """One (value, points, cut first) triple per round of ``player``, in half-points."""
    rounds = len(player.history)
    running = 0
    terms: list[_Term] = []
    for index, record in enumerate(player.history, start=1):
        scored = worth[record.outcome]
        if record.outcome in _PLAYED and record.opponent is not None:
            value = as_opponent.get(record.opponent)
            if value is None:
                raise InvalidState(
                    f"player {player.pairing_number} played unknown player {record.opponent} "
                    f"in round {index}"
                )
            terms.append((value, scored, False))
        elif unplayed is UnplayedRounds.FIDE_2023:
            terms.append((own_score, scored, record.outcome in VOLUNTARY_UNPLAYED))
        elif unplayed is UnplayedRounds.FIDE_2026:
            scheduled = as_opponent.get(record.opponent) if record.opponent else None
            stand_in = _stand_in_2026(own_score, scheduled, state.points.draw, rounds)
            terms.append((stand_in, scored, record.outcome in VOLUNTARY_UNPLAYED))
        elif unplayed is UnplayedRounds.VIRTUAL_OPPONENT_2009:
            virtual = (
                running + _virtual_result(scored, state) + state.points.draw * (rounds - index)
            )
            terms.append((virtual, scored, False))
        else:
            terms.append((0, scored, False))
        running += scored
    return tuple(terms)


def _stand_in_2026(own: int, scheduled: int | None, draw: int, rounds: int) -> int:
    """C.07 (2026) 16.4: the score standing for a player's own unplayed round, capped
    at the scheduled opponent's score as his opponents count it for a forfeit won or
    lost (16.4.1), at a draw per round for a round without an opponent (16.4.2)."""
    return min(own, scheduled if scheduled is not None else draw * rounds)


def points(context: TieBreakContext, number: PairingNumber) -> Fraction:
    """The player's score in points (Dutch F10: "the highest number of points scored")."""
    return Fraction(context.score[number], 2)


def score_as_opponent(context: TieBreakContext, number: PairingNumber) -> Fraction:
    """The player's score as it counts in the opponents' tie-breaks, in points.

    FIDE 2023 and 2026: the final score with the byes and absences after a withdrawal
    counted as draws; FIDE 2009: every unplayed round counted as a draw; ZERO: the final
    score.
    """
    return Fraction(context.score_as_opponent[number], 2)


def contributions(context: TieBreakContext, number: PairingNumber) -> tuple[Contribution, ...]:
    """The per-round terms of the player's Buchholz, in points, for display and checking."""
    history = context.players[number].history
    return tuple(
        Contribution(
            round_number=index,
            opponent=record.opponent if record.played else None,
            value=Fraction(value, 2),
            points=Fraction(scored, 2),
            voluntary_unplayed=cut_first,
        )
        for index, (record, (value, scored, cut_first)) in enumerate(
            zip(history, context.terms[number], strict=True), start=1
        )
    )


def buchholz(context: TieBreakContext, number: PairingNumber) -> Fraction:
    """The sum of the opponents' scores.

    SB text: Buchholz, "the sum of opponents' scores"; unplayed rounds count as the
    context's convention says.
    """
    return _opponents_sum(context.terms[number])


def _significance(term: _Term) -> tuple[int, int]:
    """How significant a term is for a cut: its score, then its product (C.07 14.1)."""
    return term[0], term[0] * term[1]


def _cut(
    context: TieBreakContext,
    number: PairingNumber,
    low: int,
    high: int,
    *,
    products: bool,
    fore: bool = False,
) -> Sequence[_Term]:
    """The player's terms (Fore Buchholz's with ``fore``) after the cuts
    (:func:`_kept`), the sort shared by every cut of the same terms."""
    key = (number, fore)
    ordered = context.ordered.get(key)
    if ordered is None:
        terms = _fore_terms(context, number) if fore else context.terms[number]
        ordered = context.ordered[key] = tuple(sorted(terms, key=_significance))
    return _kept(ordered, low, high, products=products, ordered=True)


def _kept(
    terms: Sequence[_Term], low: int, high: int, *, products: bool, ordered: bool = False
) -> Sequence[_Term]:
    """The terms left after ``low`` least significant and ``high`` most significant
    values are cut (C.07 14.1-14.4, with Article 16.5), never more than there are;
    ``ordered``: ``terms`` are already sorted by significance.

    A low cut of a player with a voluntary unplayed round removes such a round instead
    of the least significant value (16.5.1), again at each further cut (16.5.2): for a
    Buchholz the lowest of them; for a Sonneborn-Berger (``products``) the one of the two
    (that round, the least significant value) whose product is higher, as FIDE's checker
    reads "as long as it is not lower".  The least significant value is the lowest
    score, and of equal scores the lowest product; a high cut removes the highest score,
    and of equal scores the highest product.  Terms of equal significance add the same
    to every sum, so which of them goes does not matter."""
    kept = list(terms) if ordered else sorted(terms, key=_significance)
    low = min(low, len(kept))
    high = min(high, len(kept) - low)
    if not any(term[2] for term in kept):
        return kept[low : len(kept) - high]
    for _ in range(low):
        least = kept[0]
        chosen = next((term for term in kept if term[2]), None)
        if chosen is not None and (not products or chosen[0] * chosen[1] >= least[0] * least[1]):
            kept.remove(chosen)
        else:
            del kept[0]
    del kept[len(kept) - high :]
    return kept


def _opponents_sum(terms: Sequence[_Term]) -> Fraction:
    """The Buchholz of ``terms``, in points."""
    return Fraction(sum(value for value, _, _ in terms), 2)


def _products_sum(terms: Sequence[_Term]) -> Fraction:
    """The Sonneborn-Berger of ``terms``, in points (both factors in half-points)."""
    return Fraction(sum(value * scored for value, scored, _ in terms), 4)


def buchholz_cut2(context: TieBreakContext, number: PairingNumber) -> Fraction:
    """Buchholz cut-2 (C.07 14.2): without its two least significant values (16.5)."""
    return _opponents_sum(_cut(context, number, 2, 0, products=False))


def buchholz_median2(context: TieBreakContext, number: PairingNumber) -> Fraction:
    """Median-Buchholz 2 (C.07 14.4): without the two lowest and the two highest values."""
    return _opponents_sum(_cut(context, number, 2, 2, products=False))


def sonneborn_berger_cut1(context: TieBreakContext, number: PairingNumber) -> Fraction:
    """Sonneborn-Berger cut-1 (C.07 14.1.1): without the product of the least significant
    value (the lowest-scoring opponent; of several, the lowest product), 16.5 applied."""
    return _products_sum(_cut(context, number, 1, 0, products=True))


def sonneborn_berger_cut2(context: TieBreakContext, number: PairingNumber) -> Fraction:
    """Sonneborn-Berger cut-2 (C.07 14.2): the cut of SB-C1 twice."""
    return _products_sum(_cut(context, number, 2, 0, products=True))


def buchholz_cut1(context: TieBreakContext, number: PairingNumber) -> Fraction:
    """Buchholz without its least significant value (C.07 14.1).

    FIDE 2023 and 2026: the value removed is a voluntary unplayed round if the player has
    one, otherwise the lowest value (16.5).  Under the other conventions it is the lowest
    value.
    """
    return _opponents_sum(_cut(context, number, 1, 0, products=False))


def median_buchholz(context: TieBreakContext, number: PairingNumber) -> Fraction:
    """Buchholz without the highest and the lowest value (C.07 14.3, BH-M1).

    SB text: Median-Buchholz, "discarding the highest and the lowest opposition's scores".
    The lowest is removed as for BH-C1 (a voluntary unplayed round first under FIDE 2023
    and 2026), then the highest of the rest.  With two values or fewer nothing is left: 0.
    """
    return _opponents_sum(_cut(context, number, 1, 1, products=False))


def sonneborn_berger(context: TieBreakContext, number: PairingNumber) -> Fraction:
    """The opponents' scores, each multiplied by the points scored against that opponent.

    SB text: Sonneborn-Berger, "scores of the opponents who were beaten by a given player
    and half the scores of the opponents who she drew with".  An unplayed round's stand-in
    counts the same way (FIDE 2023: own score times the points got in that round).
    Both factors are in the event's points, so with 3-1-0 scoring a win weighs 3.
    """
    return _products_sum(context.terms[number])


def progress(context: TieBreakContext, number: PairingNumber, *, cut: int = 0) -> Fraction:
    """The sum of the player's running scores after each round.

    SB text: Progress: "Win, Loss, Win, Draw then your progressive scores are 1, 1, 2, 2.5
    and your Progress tie-break value is 6.5".  Byes and forfeits count the points they
    gave.  C.07 Article 7 (PS) with a cut (PS-C1, Article 14): the running scores of the
    first ``cut`` rounds are left out.
    """
    running = total = 0
    for index, (_, scored, _) in enumerate(context.terms[number], start=1):
        running += scored
        if index > cut:
            total += running
    return Fraction(total, 2)


def _opponent_ratings(context: TieBreakContext, number: PairingNumber) -> list[int]:
    """The ratings of the opponents played over the board, an unrated one's as the event
    gives it (C.07 Article 10), in the order of the rounds."""
    players = context.players
    default = context.unrated_rating or 0
    return [players[opponent].rating or default for opponent in context.met[number]]


def average_rating_of_opponents(
    context: TieBreakContext, number: PairingNumber, *, cut: int = 0, median: bool = False
) -> Fraction:
    """The average rating of the opponents played over the board, rounded as FIDE rounds
    it (C.07 10.1).

    Dutch F10: "the highest average rating of the opponents".  C.07 10.1 publishes ARO as
    a whole number, a half rounded up; the players are compared on that published
    number, so two players whose averages round alike stay tied for the next tie-break.
    Forfeits and byes have no opponent for this purpose.  An unrated opponent counts
    with the rating the event gives unrated players; when it gives none and an unrated
    player takes part, C.07 Article 10 leaves rating tie-breaks out: every player gets 0,
    and the next tie-break decides.  A player with no game played gets 0 too.

    With a cut (ARO-C1, Article 14) the ``cut`` lowest ratings are left out, with a
    median (ARO-M1) the ``cut`` highest as well; unplayed rounds are no games here, so
    there is no voluntary unplayed round to cut first (16.5).
    """
    if not context.ratings_usable:
        return Fraction(0)
    ratings = sorted(_opponent_ratings(context, number))
    ratings = ratings[min(cut, len(ratings)) :]
    if median:
        ratings = ratings[: len(ratings) - min(cut, len(ratings))]
    if not ratings:
        return Fraction(0)
    return Fraction(average_rating(ratings))


_STANDARD_POINTS = {
    Outcome.WIN: Fraction(1),
    Outcome.WIN_UNRATED: Fraction(1),
    Outcome.DRAW: Fraction(1, 2),
    Outcome.DRAW_UNRATED: Fraction(1, 2),
    Outcome.ADJOURNED: Fraction(1, 2),
}
"""What a game played brings in a performance (C.07 10.2, 10.3): 1 for a win, ½ for a
draw, whatever the event's points."""


_Ratings = dict[PairingNumber, int]


def _performances(context: TieBreakContext) -> tuple[_Ratings, _Ratings]:
    """Each player's TPR and PTP (C.07 10.2, 10.3), computed once for all players;
    a player with no game played has neither."""
    if "TPR" not in context.memo:
        tpr: _Ratings = {}
        ptp: _Ratings = {}
        for number, player in context.players.items():
            ratings = _opponent_ratings(context, number)
            if ratings:
                score = sum(
                    (
                        _STANDARD_POINTS.get(r.outcome, Fraction(0))
                        for r in player.history
                        if r.outcome in _PLAYED and r.opponent is not None
                    ),
                    Fraction(0),
                )
                tpr[number] = tournament_performance(score, ratings)
                ptp[number] = perfect_performance(score, ratings)
        context.memo["TPR"] = tpr
        context.memo["PTP"] = ptp
    return context.memo["TPR"], context.memo["PTP"]


def tournament_performance_rating(context: TieBreakContext, number: PairingNumber) -> Fraction:
    """C.07 10.2 (TPR): the average rating of the opponents played over the board
    (10.1) plus the rating difference FIDE B.02 8.1(a) gives for the fraction of the
    points the player scored in those games (a win 1, a draw ½), to hundredths.  0 for
    a player with no game played, and for everyone when Article 10 leaves rating
    tie-breaks out (see :func:`average_rating_of_opponents`)."""
    if not context.ratings_usable:
        return Fraction(0)
    return Fraction(_performances(context)[0].get(number, 0))


def perfect_tournament_performance(context: TieBreakContext, number: PairingNumber) -> Fraction:
    """C.07 10.3 (PTP): the lowest rating whose expected score (FIDE B.02 8.1(b))
    against the opponents played over the board reaches the points scored in those
    games; with no point, the lowest rated opponent's rating less 800.  0 as for TPR."""
    if not context.ratings_usable:
        return Fraction(0)
    return Fraction(_performances(context)[1].get(number, 0))


def _average_of_opponents(
    context: TieBreakContext, number: PairingNumber, values: Mapping[PairingNumber, int]
) -> Fraction:
    """The opponents' ``values`` averaged over the games played, a half rounded up."""
    found = [values[opponent] for opponent in context.met[number] if opponent in values]
    return Fraction(average_rating(found)) if found else Fraction(0)


def average_performance_of_opponents(context: TieBreakContext, number: PairingNumber) -> Fraction:
    """C.07 10.4 (APRO): the average of the TPR of the opponents played over the board,
    a half rounded up."""
    if not context.ratings_usable:
        return Fraction(0)
    return _average_of_opponents(context, number, _performances(context)[0])


def average_perfect_performance_of_opponents(
    context: TieBreakContext, number: PairingNumber
) -> Fraction:
    """C.07 10.5 (APPO): the average of the PTP of the opponents played over the board,
    a half rounded up."""
    if not context.ratings_usable:
        return Fraction(0)
    return _average_of_opponents(context, number, _performances(context)[1])


def koya(
    context: TieBreakContext, number: PairingNumber, *, percent: int = 50, shift: int = 0
) -> Fraction:
    """C.07 Article 9 (KS): the points the player scored in the rounds against opponents who
    finished with at least ``percent`` per cent of the maximum score (a win in every
    round the standings cover), the limit moved by ``shift`` half-points (KS-L40,
    KS-L-2).  The opponents count with their scores as they stand, and a forfeit
    against such an opponent counts its points, as FIDE's checker counts them."""
    history = context.players[number].history
    # In hundredths of a half-point, so the limit stays a whole number.
    limit = percent * context.state.points.win * len(history) + 100 * shift
    score = context.score
    return Fraction(
        sum(
            scored
            for record, (_, scored, _) in zip(history, context.terms[number], strict=True)
            if record.opponent is not None and 100 * score[record.opponent] >= limit
        ),
        2,
    )


def wins(context: TieBreakContext, number: PairingNumber) -> Fraction:
    """The number of rounds in which the player got a win's points.

    FIDE 2023 (WIN): forfeit wins, full-point byes and pairing-allocated byes count when
    they are worth a win; a half-point bye does not.  (FIDE's WON, games won over the
    board, is not offered.)
    """
    system = context.state.points
    return Fraction(
        sum(1 for _, scored, _ in context.terms[number] if system.win > 0 and scored == system.win)
    )


def direct_encounter(
    context: TieBreakContext, number: PairingNumber, group: frozenset[PairingNumber]
) -> Fraction:
    """The points the player scored in games played against the other players of ``group``.

    Dutch F10 (DE1): "the best result in games played against each other".  Forfeits are
    not games played (Dutch F2).  The value is not re-applied to a sub-group that is
    still tied, as Dutch F10 does not say so; FIDE's DE is :func:`direct_encounter_places`.
    """
    system = context.state.points
    return Fraction(
        sum(
            system.points_for(r.outcome)
            for r in context.players[number].history
            if r.outcome in _PLAYED and r.opponent in group and r.opponent != number
        ),
        2,
    )


def direct_encounter_places(
    context: TieBreakContext, group: frozenset[PairingNumber]
) -> dict[PairingNumber, int]:
    """The place of each player of a tied group by C.07 Article 6 (2024 and 2026 texts
    alike): 1 is the best, players it leaves tied share a place, and every player gets 0
    when it does not separate the group at all.

    6.1: the points each scored in the games among them make a separate table; a forfeit
    is not a game (6.1.1, the tournament's regulations saying nothing else), and the
    games of two players who met more than once count their average (6.1.2).  6.2: when
    every one of them met every other, the table ranks them.  6.3: when not, a player is
    placed first only if no result of the games not played could reach him: his points
    beat every other's points plus a win for each of that player's missing games; the
    next place likewise, and so on.  Article 6 is then applied again to each set of
    players still tied, with the games among them only, until it separates no more.
    """
    win = Fraction(context.state.points.win, 2)
    scored: dict[PairingNumber, dict[PairingNumber, list[Fraction]]] = {n: {} for n in group}
    for number in group:
        for record in context.players[number].history:
            if record.outcome in _PLAYED and record.opponent in group and record.opponent != number:
                games = scored[number].setdefault(record.opponent, [])
                games.append(Fraction(context.state.points.points_for(record.outcome), 2))

    def tiers(members: list[PairingNumber]) -> list[list[PairingNumber]]:
        inside = set(members)
        table: dict[PairingNumber, Fraction] = {}
        missing: dict[PairingNumber, int] = {}
        for n in members:
            met = {o: g for o, g in scored[n].items() if o in inside}
            table[n] = sum((sum(g, Fraction(0)) / len(g) for g in met.values()), Fraction(0))
            missing[n] = len(members) - 1 - len(met)
        ordered = sorted(members, key=lambda n: (-table[n], n))
        found: list[list[PairingNumber]] = []
        if not any(missing.values()):  # 6.2
            for n in ordered:
                if found and table[found[-1][0]] == table[n]:
                    found[-1].append(n)
                else:
                    found.append([n])
        else:  # 6.3
            rest = ordered
            while len(rest) > 1 and all(
                table[rest[0]] > table[o] + missing[o] * win for o in rest[1:]
            ):
                found.append([rest[0]])
                rest = rest[1:]
            found.append(rest)
        if len(found) == 1:
            return found
        return [tier for part in found for tier in (tiers(part) if len(part) > 1 else [part])]

    result = tiers(sorted(group))
    places = dict.fromkeys(group, 0)
    if len(result) > 1:
        place = 1
        for tier in result:
            for n in tier:
                places[n] = place
            place += len(tier)
    return places


_WON = frozenset({Outcome.WIN, Outcome.WIN_UNRATED})


def games_won(context: TieBreakContext, number: PairingNumber) -> Fraction:
    """C.07 7.2 (WON): the games the player won over the board; a forfeit or a bye is no
    game."""
    return Fraction(sum(1 for r in context.players[number].history if r.outcome in _WON))


def games_with_black(context: TieBreakContext, number: PairingNumber) -> Fraction:
    """C.07 7.3 (BPG): the games the player played with Black."""
    return Fraction(
        sum(1 for r in context.players[number].history if r.played and r.colour is Colour.BLACK)
    )


def games_won_with_black(context: TieBreakContext, number: PairingNumber) -> Fraction:
    """C.07 7.4 (BWG): the games the player won with Black over the board."""
    return Fraction(
        sum(
            1
            for r in context.players[number].history
            if r.outcome in _WON and r.colour is Colour.BLACK
        )
    )


def rounds_elected_to_play(context: TieBreakContext, number: PairingNumber) -> Fraction:
    """C.07 7.6 (REP): the rounds that were not the player's voluntary unplayed rounds
    (16.1.2: a half-point or zero-point bye, an absence, a forfeit loss): games played,
    forfeit wins and byes given by the pairing or the arbiter."""
    return Fraction(
        sum(1 for r in context.players[number].history if r.outcome not in VOLUNTARY_UNPLAYED)
    )


def pairing_number(context: TieBreakContext, number: PairingNumber) -> Fraction:
    """C.07 (2026) 7.8 (TPN): the tournament pairing number; the lower ranks first."""
    return Fraction(number)


def average_of_opponents_buchholz(
    context: TieBreakContext, number: PairingNumber, *, fore: bool = False
) -> Fraction:
    """C.07 8.2 (AOB): the average Buchholz of the opponents played over the board, to
    two decimals, a half rounded up; 0 with no game played.  AOB-F averages their Fore
    Buchholz (8.3) instead."""
    opponents = context.met[number]
    if not opponents:
        return Fraction(0)
    key = "AOB fore" if fore else "AOB"
    if key not in context.memo:
        of = fore_buchholz if fore else buchholz
        context.memo[key] = {n: int(of(context, n) * 2) for n in context.players}
    values = context.memo[key]
    total = sum(values[o] for o in opponents)  # half-points
    # total / 2 / n to hundredths, a half up: floor(100 * total / (2n) + 1/2).
    return Fraction((100 * total + len(opponents)) // (2 * len(opponents)), 100)


def _fore_scores(context: TieBreakContext) -> dict[str, dict[PairingNumber, int]]:
    """C.07 8.3: each player's score as Fore Buchholz counts it, in half-points: a game
    of the last round (one with an opponent, forfeit or not) counts as a draw.  "own":
    the player's own score so adjusted; "opponent": as his opponents count it, where a
    player paired in the last round has no rounds after a withdrawal (16.3.2)."""
    if "fore own" in context.memo:
        return {"own": context.memo["fore own"], "opponent": context.memo["fore opponent"]}
    draw = context.state.points.draw
    own: dict[PairingNumber, int] = {}
    opponent: dict[PairingNumber, int] = {}
    for number, player in context.players.items():
        history = player.history
        paired_last = bool(history) and (
            history[-1].opponent is not None or history[-1].outcome is Outcome.PAIRING_ALLOCATED_BYE
        )
        shift = 0
        if history and history[-1].opponent is not None:
            shift = draw - int(context.state.points.points_for(history[-1].outcome))
        own[number] = context.score[number] + shift
        base = context.score[number] if paired_last else context.score_as_opponent[number]
        opponent[number] = base + shift
    context.memo["fore own"] = own
    context.memo["fore opponent"] = opponent
    return {"own": own, "opponent": opponent}


def _fore_terms(context: TieBreakContext, number: PairingNumber) -> tuple[_Term, ...]:
    """The player's Buchholz terms as Fore Buchholz counts them (C.07 8.3): the
    opponents' scores as :func:`_fore_scores` gives them, the last round's opponent
    counted even after a forfeit, and a player's own unplayed round standing for his
    own such score (capped under the 2026 text as for BH).  Each term keeps the points
    of its round and whether it is a voluntary unplayed round, for the cuts."""
    if number in context.fore_terms:
        return context.fore_terms[number]
    fore = _fore_scores(context)
    player = context.players[number]
    rounds = len(player.history)
    draw = context.state.points.draw
    terms: list[_Term] = []
    for index, (record, (_, scored, voluntary)) in enumerate(
        zip(player.history, context.terms[number], strict=True), start=1
    ):
        if record.opponent is not None and (record.outcome in _PLAYED or index == rounds):
            terms.append((fore["opponent"][record.opponent], scored, False))
            continue
        own = fore["own"][number]
        if context.unplayed is UnplayedRounds.FIDE_2026:
            scheduled = fore["opponent"].get(record.opponent) if record.opponent else None
            own = _stand_in_2026(own, scheduled, draw, rounds)
        terms.append((own, scored, voluntary))
    context.fore_terms[number] = tuple(terms)
    return context.fore_terms[number]


def fore_buchholz(
    context: TieBreakContext, number: PairingNumber, *, cut: int = 0, median: bool = False
) -> Fraction:
    """C.07 8.3 (FB): Buchholz with every game of the last round counted as a draw, as
    if the last round were still to be played (:func:`_fore_terms`); FB-C1, FB-M1 and
    the like cut as BH does (Article 14 with 16.5)."""
    return _opponents_sum(
        _cut(context, number, cut, cut if median else 0, products=False, fore=True)
    )


def standard_points(context: TieBreakContext, number: PairingNumber) -> Fraction:
    """C.07 (2026) 7.7 (STD): for each round 1 when it brought more than a draw's points,
    ½ when it brought a draw's, 0 otherwise, whatever the event's point values."""
    draw = context.state.points.draw
    halves = 0
    for _, scored, _ in context.terms[number]:
        halves += 2 if scored > draw else 1 if scored == draw else 0
    return Fraction(halves, 2)


def own_rating(context: TieBreakContext, number: PairingNumber) -> Fraction:
    """C.07 (2026) 10.6 (RTNG): the player's rating, an unrated player's as the event
    gives it; 0 for everyone when Article 10 leaves rating tie-breaks out."""
    if not context.ratings_usable:
        return Fraction(0)
    return Fraction(context.players[number].rating or context.unrated_rating or 0)


LOWER_IS_BETTER = frozenset({TieBreak.DE, TieBreak.TPN})
"""Tie-breaks whose lower values rank first (a place, a pairing number)."""


SIMPLE_TIEBREAKS: Mapping[TieBreak, Callable[[TieBreakContext, PairingNumber], Fraction]] = {
    TieBreak.BH: buchholz,
    TieBreak.BH_C1: buchholz_cut1,
    TieBreak.MBH: median_buchholz,
    TieBreak.SB: sonneborn_berger,
    TieBreak.PROG: progress,
    TieBreak.ARO: average_rating_of_opponents,
    TieBreak.WIN: wins,
    TieBreak.FB: fore_buchholz,
    TieBreak.AOB: average_of_opponents_buchholz,
    TieBreak.STD: standard_points,
    TieBreak.RTNG: own_rating,
    TieBreak.BH_C2: buchholz_cut2,
    TieBreak.BH_M2: buchholz_median2,
    TieBreak.SB_C1: sonneborn_berger_cut1,
    TieBreak.SB_C2: sonneborn_berger_cut2,
    TieBreak.WON: games_won,
    TieBreak.BPG: games_with_black,
    TieBreak.BWG: games_won_with_black,
    TieBreak.REP: rounds_elected_to_play,
    TieBreak.TPN: pairing_number,
    TieBreak.KS: koya,
    TieBreak.TPR: tournament_performance_rating,
    TieBreak.PTP: perfect_tournament_performance,
    TieBreak.APRO: average_performance_of_opponents,
    TieBreak.APPO: average_perfect_performance_of_opponents,
}
"""Tie-breaks whose value depends on the player alone (DE and LOT depend on the others)."""

DESCRIPTIONS: Mapping[TieBreak, str] = {
    TieBreak.BH: "Buchholz (C.07 8.1)",
    TieBreak.AOB: "Average of the opponents' Buchholz (C.07 8.2)",
    TieBreak.FB: "Fore Buchholz (C.07 8.3)",
    TieBreak.SB: "Sonneborn-Berger (C.07 9.1)",
    TieBreak.KS: "Koya (C.07 Article 9)",
    TieBreak.DE: "Direct encounter (C.07 Article 6)",
    TieBreak.DE1: "Games among those tied for first (Dutch F10)",
    TieBreak.WIN: "Rounds won, byes and forfeits included (C.07 7.1)",
    TieBreak.WON: "Games won over the board (C.07 7.2)",
    TieBreak.BPG: "Games played with Black (C.07 7.3)",
    TieBreak.BWG: "Games won with Black (C.07 7.4)",
    TieBreak.PROG: "Progressive scores, PS (C.07 Article 7)",
    TieBreak.REP: "Rounds elected to play (C.07 7.6)",
    TieBreak.STD: "Standard points, 1-½-0 (C.07 2026, 7.7)",
    TieBreak.TPN: "Pairing number, lower first (C.07 2026, 7.8)",
    TieBreak.ARO: "Average rating of the opponents (C.07 10.1)",
    TieBreak.TPR: "Tournament performance rating (C.07 10.2)",
    TieBreak.PTP: "Perfect tournament performance (C.07 10.3)",
    TieBreak.APRO: "Average of the opponents' TPR (C.07 10.4)",
    TieBreak.APPO: "Average of the opponents' PTP (C.07 10.5)",
    TieBreak.RTNG: "Own rating (C.07 2026, 10.6)",
    TieBreak.LOT: "Drawing of lots",
}
"""Every code an event can choose, with its name and rule, in the order an arbiter
reads them; the older codes with a cut (BH-C1, MBH, ...) are these with a modifier."""

MODIFIER_NAMES: Mapping[str, str] = {
    "C1": "Cut-1: without the lowest value",
    "C2": "Cut-2: without the two lowest values",
    "M1": "Median-1: without the lowest and the highest value",
    "M2": "Median-2: without the two lowest and the two highest values",
    "F": "Fore: the opponents' Fore Buchholz",
    "L40": "Limit 40%: opponents with 40% of the maximum score",
    "L-2": "Limit one point lower",
}
"""The modifiers offered when picking a tie-break (C.07 Article 14 and 9); any other
cut (C3, M3) or limit (L60, L+1) can be typed."""

GROUP_TIEBREAKS = frozenset({TieBreak.DE, TieBreak.DE1, TieBreak.LOT})
"""Tie-breaks whose value depends on the group of players still tied when they apply."""

Compute = Callable[[TieBreakContext, PairingNumber], Fraction]


_FIDE_NAMES = {TieBreak.PROG: "PS"}
"""Codes FIDE writes differently from us (TRF-2026 202, FIDE's checker)."""


def fide_code(spec: TieBreakSpec) -> str | None:
    """``spec`` as TRF-2026 202 and FIDE's checker write it: the code, then each
    modifier after a ``/`` (``BH/C1``, ``BH/M1``, ``PS/C1``, ``KS/L40``, ``AOB/F``);
    None for DE1 and LOT, which are not C.07's."""
    if spec.code in (TieBreak.DE1, TieBreak.LOT):
        return None
    return "/".join((_FIDE_NAMES.get(spec.code, spec.code.value), *spec.modifiers))


def fide_order(tiebreaks: Sequence[TieBreak | TieBreakSpec]) -> tuple[str, ...]:
    """The FIDE codes of ``tiebreaks`` up to the first one that is not C.07's (DE1,
    LOT): a shorter list that ranks as the event's own does as far as it goes."""
    codes: list[str] = []
    for tiebreak in tiebreaks:
        code = fide_code(as_spec(tiebreak))
        if code is None:
            break
        codes.append(code)
    return tuple(codes)


def value_function(spec: TieBreakSpec) -> Compute:
    """How to compute ``spec`` for one player, its modifiers applied.

    :raises ValueError: ``spec`` is DE, DE1 or LOT, which rank a group, not a player.
    """
    if spec.code in GROUP_TIEBREAKS:
        raise ValueError(f"{spec.value} ranks a tied group; the standings compute it")
    low = spec.cut
    high = spec.cut if spec.median else 0
    if spec.code is TieBreak.BH and low:
        return lambda c, n: _opponents_sum(_cut(c, n, low, high, products=False))
    if spec.code is TieBreak.SB and low:
        return lambda c, n: _products_sum(_cut(c, n, low, high, products=True))
    if spec.code is TieBreak.FB and low:
        return functools.partial(fore_buchholz, cut=low, median=spec.median)
    if spec.code is TieBreak.ARO and low:
        return functools.partial(average_rating_of_opponents, cut=low, median=spec.median)
    if spec.code is TieBreak.PROG and low:
        return functools.partial(progress, cut=low)
    if spec.code is TieBreak.AOB and spec.fore:
        return functools.partial(average_of_opponents_buchholz, fore=True)
    if spec.code is TieBreak.KS:
        return functools.partial(koya, percent=spec.limit_percent, shift=spec.limit_shift)
    return SIMPLE_TIEBREAKS[spec.code]


__all__ = [
    "DEFAULT_TIEBREAKS",
    "DUTCH_F10",
    "DESCRIPTIONS",
    "GROUP_TIEBREAKS",
    "MODIFIER_NAMES",
    "LOWER_IS_BETTER",
    "MODIFIERS",
    "SIMPLE_TIEBREAKS",
    "VOLUNTARY_UNPLAYED",
    "Compute",
    "Contribution",
    "TieBreak",
    "TieBreakContext",
    "TieBreakSpec",
    "UnplayedRounds",
    "as_spec",
    "average_of_opponents_buchholz",
    "average_perfect_performance_of_opponents",
    "average_performance_of_opponents",
    "average_rating_of_opponents",
    "buchholz",
    "buchholz_cut1",
    "buchholz_cut2",
    "buchholz_median2",
    "contributions",
    "direct_encounter",
    "direct_encounter_places",
    "dutch_f10_order",
    "fide_code",
    "fide_order",
    "fore_buchholz",
    "games_with_black",
    "games_won",
    "games_won_with_black",
    "koya",
    "median_buchholz",
    "own_rating",
    "pairing_number",
    "parse_tiebreak",
    "parse_tiebreaks",
    "perfect_tournament_performance",
    "points",
    "progress",
    "rounds_elected_to_play",
    "score_as_opponent",
    "sonneborn_berger",
    "sonneborn_berger_cut1",
    "sonneborn_berger_cut2",
    "standard_points",
    "tiebreak_context",
    "tournament_performance_rating",
    "truncated",
    "unplayed_rounds_for",
    "value_function",
    "wins",
]
