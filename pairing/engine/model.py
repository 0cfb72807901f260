"""The tournament as an engine sees it: frozen values, no behaviour.

Everything a pairing system needs to pair the next round is in a
:class:`TournamentState`: the players with the record of every round played so far,
the requests for the round to be paired (half-point byes, known absences, FIDE C.04.2 Article 3),
forbidden pairs, the point values and the planned number of rounds.  Facts derived from
the history (score, colour difference, floats) are computed by functions in
``history.py``, ``colours.py`` and ``floats.py``, never stored here.

Points are integers counting half-points (``Points(3)`` is 1½), so sums compare exactly.
"""

from __future__ import annotations

import enum
from collections.abc import Hashable
from dataclasses import dataclass, field
from datetime import date
from typing import NewType, TypeVar, cast

from .messages import Message
from .options import OptionSpec

T = TypeVar("T")

PairingNumber = NewType("PairingNumber", int)
"""A player's pairing number (TRF starting rank), 1-based (Dutch A2, Lim 7)."""

Points = NewType("Points", int)
"""A score counted in half-points: ``Points(2)`` is one point."""


class System(enum.StrEnum):
    """The pairing systems, by the names the command line and TRF ``SWY`` lines use."""

    DUTCH = "dutch"
    DUTCH_1992 = "dutch1992"
    LIM = "lim"
    ESCA = "esca"
    SB = "sb"


class Colour(enum.Enum):
    """The colour a player had, or is to get, in one game."""

    # As ``Outcome``'s: the identity hash in C, not Enum's in Python (a crosstable looks
    # up some twenty thousand colours, #35).
    __hash__ = object.__hash__

    WHITE = "w"
    BLACK = "b"

    @property
    def opposite(self) -> Colour:
        """The other colour."""
        return Colour.BLACK if self is Colour.WHITE else Colour.WHITE


class Outcome(enum.Enum):
    """What one round brought one player, named after the TRF result codes.

    The value is the TRF code.  ``played`` tells whether a game was actually played
    (FIDE C.04.2 3.4-3.5: only played games count for colours and for "have met").
    """

    # Members are singletons compared by identity, so the identity hash agrees with
    # equality; it is C code, where Enum's own hashes the name in Python, and the
    # tie-breaks test outcomes against sets some hundred thousand times a standings.
    __hash__ = object.__hash__

    WIN = "1"
    DRAW = "="
    LOSS = "0"
    FORFEIT_WIN = "+"
    FORFEIT_LOSS = "-"
    WIN_UNRATED = "W"
    """Win in a game that lasted less than one move: played for pairing purposes."""
    DRAW_UNRATED = "D"
    LOSS_UNRATED = "L"
    ADJOURNED = "A"
    """An adjourned game: a draw for pairing purposes only (as the 1992 Dutch
    rules' F9 say; the texts in force read here do not mention adjournments).  Not a TRF code."""
    HALF_POINT_BYE = "H"
    FULL_POINT_BYE = "F"
    PAIRING_ALLOCATED_BYE = "U"
    ZERO_POINT_BYE = "Z"
    """Not paired: a known absence, a withdrawal or a late entry (FIDE C.04.2 3.2-3.3, 2.4)."""

    @property
    def played(self) -> bool:
        """True when the two players actually sat down to a game (FIDE C.04.2 3.4-3.5)."""
        return self in _PLAYED

    @property
    def has_opponent(self) -> bool:
        """True when the round paired this player against another one."""
        return self in _PLAYED or self in (Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS)

    @property
    def point_without_playing(self) -> bool:
        """True for a point received without playing: a bye or a forfeit win (Dutch B1b)."""
        return self in (
            Outcome.FORFEIT_WIN,
            Outcome.FULL_POINT_BYE,
            Outcome.PAIRING_ALLOCATED_BYE,
        )


_PLAYED = frozenset(
    {
        Outcome.WIN,
        Outcome.DRAW,
        Outcome.LOSS,
        Outcome.WIN_UNRATED,
        Outcome.DRAW_UNRATED,
        Outcome.LOSS_UNRATED,
        Outcome.ADJOURNED,
    }
)


@dataclass(frozen=True, slots=True, kw_only=True)
class PointSystem:
    """How many half-points each outcome is worth (TRF ``XXS``, TRF-2026 ``162``)."""

    win: Points = Points(2)
    draw: Points = Points(1)
    loss: Points = Points(0)
    forfeit_win: Points = Points(2)
    forfeit_loss: Points = Points(0)
    pairing_allocated_bye: Points = Points(2)
    full_point_bye: Points = Points(2)
    half_point_bye: Points = Points(1)
    zero_point_bye: Points = Points(0)

    def points_for(self, outcome: Outcome) -> Points:
        """The half-points an outcome earns; an adjourned game counts as a draw (1992
        Dutch rules, F9)."""
        match outcome:
            case Outcome.WIN | Outcome.WIN_UNRATED:
                return self.win
            case Outcome.DRAW | Outcome.DRAW_UNRATED | Outcome.ADJOURNED:
                return self.draw
            case Outcome.LOSS | Outcome.LOSS_UNRATED:
                return self.loss
            case Outcome.FORFEIT_WIN:
                return self.forfeit_win
            case Outcome.FORFEIT_LOSS:
                return self.forfeit_loss
            case Outcome.PAIRING_ALLOCATED_BYE:
                return self.pairing_allocated_bye
            case Outcome.FULL_POINT_BYE:
                return self.full_point_bye
            case Outcome.HALF_POINT_BYE:
                return self.half_point_bye
            case Outcome.ZERO_POINT_BYE:
                return self.zero_point_bye


@dataclass(frozen=True, slots=True, kw_only=True)
class GameRecord:
    """One player's round: opponent, colour and outcome, as on a pairing card.

    ``opponent`` and ``colour`` are ``None`` for byes and absences.  A forfeit keeps its
    opponent and scheduled colour, but is not a played game (FIDE C.04.2 3.4-3.5).
    """

    round_number: int
    opponent: PairingNumber | None
    colour: Colour | None
    outcome: Outcome

    @property
    def played(self) -> bool:
        """True when this round was a game actually played (FIDE C.04.2 3.4-3.5)."""
        return self.outcome.played


class Title(enum.IntEnum):
    """FIDE titles in the order of Dutch A2 c (IGM-WGM-IM-WIM-FM-WFM-no title).

    Lower values rank higher.  CM and WCM did not exist in 1992; they rank after WFM.
    """

    GM = 0
    WGM = 1
    IM = 2
    WIM = 3
    FM = 4
    WFM = 5
    CM = 6
    WCM = 7
    NONE = 8


@dataclass(frozen=True, slots=True, kw_only=True)
class Player:
    """A player as the engine sees one: identity, ranking data and the rounds so far."""

    pairing_number: PairingNumber
    name: str = ""
    rating: int = 0
    """Rating for pairing purposes; 0 for an unrated player (Dutch A1: estimate one)."""
    title: Title = Title.NONE
    club: str = ""
    """Club or school (ESCA 7)."""
    top_player: bool = False
    """Marked as a top player by the arbiter (ESCA 3)."""
    federation: str = ""
    """Federation (country) code; ESCA 27 can keep players of one country apart in round 1."""
    area: str = ""
    """Local area (ESCA 27: players from the same distant area kept apart in round 1)."""
    withdrawn: bool = False
    """Withdrawn: not paired any more (FIDE C.04.2 3.2)."""
    history: tuple[GameRecord, ...] = ()
    """One record per completed round, in round order (round 1 first)."""


class RequestKind(enum.Enum):
    """What a player asked for the round to be paired (FIDE C.04.2 Article 3)."""

    HALF_POINT_BYE = "H"
    ABSENT = "Z"
    FULL_POINT_BYE = "F"


@dataclass(frozen=True, slots=True, kw_only=True)
class RoundRequest:
    """A player not to be paired in the next round, and why."""

    pairing_number: PairingNumber
    kind: RequestKind


@dataclass(frozen=True, slots=True, kw_only=True)
class AcceleratedPoints:
    """Imaginary points added to a player's score for pairing one round (TRF ``XXA``)."""

    pairing_number: PairingNumber
    round_number: int
    points: Points


class Round1Separation(enum.Enum):
    """What ESCA 27 keeps apart in round 1, besides the schools of ESCA 7."""

    AREA = "area"
    FEDERATION = "federation"


@dataclass(frozen=True, slots=True, init=False)
class PairingOptions:
    """Event options that change how a system pairs (each system reads only its own).

    ``acceleration`` is read by every system; the others are declared by each system
    (:class:`~pairing.engine.options.OptionSpec`, in its ``RULES.options``) and given
    here by name, e.g. ``PairingOptions(lim_maxi=True)``.  An option not given has its
    declared default: the plain reading of the system's rule text.  The registry refuses
    a value no system declares, or one of the wrong type, before any system pairs.
    """

    acceleration: bool | None
    """SB text: in rounds 1 and 2 the top half of the initial list (by rating) gets an
    imaginary point, for pairing only (``acceleration.py``), in any system.  ``None``
    leaves it to the system: the ``sb`` system accelerates (SB 3), the others do not.
    Used only when the state carries no explicit ``acceleration`` (``XXA``)."""
    values: tuple[tuple[str, Hashable], ...]
    """The system options given, by name, in the order of their names."""

    def __init__(self, *, acceleration: bool | None = None, **values: Hashable) -> None:
        object.__setattr__(self, "acceleration", acceleration)
        object.__setattr__(self, "values", tuple(sorted(values.items())))

    def value(self, spec: OptionSpec[T]) -> T:
        """The option ``spec``: as given, else its default."""
        for name, value in self.values:
            if name == spec.name:
                return cast(T, value)
        return spec.default

    def named(self) -> dict[str, Hashable]:
        """The options given, by name."""
        return dict(self.values)


@dataclass(frozen=True, slots=True, kw_only=True)
class TournamentState:
    """Everything needed to pair round ``rounds_completed + 1``.

    Every player's ``history`` has exactly ``rounds_completed`` records.
    """

    players: tuple[Player, ...]
    rounds_completed: int
    total_rounds: int
    points: PointSystem = field(default_factory=PointSystem)
    requests: tuple[RoundRequest, ...] = ()
    """Half-point byes and absences for the round to be paired."""
    forbidden_pairs: frozenset[frozenset[PairingNumber]] = frozenset()
    """Pairs of players who must not meet (family, same club)."""
    initial_colour: Colour | None = None
    """The top seed's colour in round 1; ``None`` means by lot from the seed."""
    acceleration: tuple[AcceleratedPoints, ...] = ()
    """Imaginary points for pairing only (TRF ``XXA``; the SB text's acceleration)."""
    options: PairingOptions = field(default_factory=PairingOptions)
    start_date: date | None = None
    """The event's first day, for a system whose text changed while events ran: an event
    follows the text in force when it started (the FIDE Dutch text of 1 February 2026 or
    of July 2025); ``None`` follows the text in force today."""

    @property
    def round_number(self) -> int:
        """The number of the round to be paired."""
        return self.rounds_completed + 1

    @property
    def is_last_round(self) -> bool:
        """True when the round to be paired is the last one planned."""
        return self.round_number >= self.total_rounds


@dataclass(frozen=True, slots=True, kw_only=True)
class Board:
    """One game of a pairing, with its colours decided (Dutch E)."""

    number: int
    white: PairingNumber
    black: PairingNumber


@dataclass(frozen=True, slots=True, kw_only=True)
class Explanation:
    """One step that decided part of a pairing, in plain words with its rule number.

    ``players`` names who the step concerns, so a player's card can show it.  ``words``
    is the step as a message code and values (#36 item 8), which an application renders
    in its reader's language; ``text`` is its English, written from ``words`` when not
    given.
    """

    rule: str
    """The rule reference, for example ``"Dutch C12"``."""
    text: str = ""
    players: tuple[PairingNumber, ...] = ()
    words: Message | None = None

    def __post_init__(self) -> None:
        if self.words is not None and not self.text:
            object.__setattr__(self, "text", str(self.words))


@dataclass(frozen=True, slots=True, kw_only=True)
class RoundPairing:
    """An engine's answer: the boards in publication order (FIDE C.04.2 3.6) and who sits out."""

    round_number: int
    boards: tuple[Board, ...]
    pairing_allocated_bye: PairingNumber | None = None
    not_paired: tuple[RoundRequest, ...] = ()
    """Players not paired this round: requested byes and absences (withdrawn players are
    simply left out)."""
    explanation: tuple[Explanation, ...] = ()
