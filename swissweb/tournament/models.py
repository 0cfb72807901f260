"""The tournament's data: events, players, rounds, games, and what arbiters record.

Models hold fields, database constraints, ``__str__`` and trivial properties; the rules
live in the ``services`` package and in the pairing engine.  Points are stored in half-points
(``2`` is one point), like the engine's ``Points``.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.core.validators import RegexValidator
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from swissweb.tournament.audit.actions import AuditAction
from swissweb.tournament.core.text import validate_printable, validate_printable_lines
from swissweb.tournament.events.report_fields import (
    validate_round_dates,
    validate_time_control_code,
)
from swissweb.tournament.standings.prizes import validate_table as validate_prize_table


class TimeStamped(models.Model):
    """Created and modified timestamps for every row an arbiter may need to trace."""

    created_at = models.DateTimeField(auto_now_add=True, verbose_name=_("created"))
    modified_at = models.DateTimeField(auto_now=True, verbose_name=_("modified"))

    class Meta:
        abstract = True


class PairingSystem(models.TextChoices):
    """The pairing systems; the values are the engine's ``System`` names."""

    # Translators: the names of the pairing systems; TRF files keep them in English.
    DUTCH = "dutch", _("FIDE Dutch (C.04.3, 2026)")
    DUTCH_1992 = "dutch1992", _("FIDE Dutch (1992 wording)")
    LIM = "lim", _("FIDE Lim")
    ESCA = "esca", _("English Schools (ESCA)")
    SB = "sb", _("SB-ordered accelerated Swiss")


class TieBreakRules(models.TextChoices):
    """Which text of the FIDE Tie-Break Regulations (C.07) counts unplayed rounds."""

    BY_DATE = "", _("By the start date: the C.07 text in force that day")
    FIDE_2024 = "fide2023", _("C.07 of 2024 (in force until 28 February 2026)")
    FIDE_2026 = "fide2026", _("C.07 as amended from 1 March 2026")


class PrizeSharing(models.TextChoices):
    """How players level on points share prizes (``prizes.py``)."""

    # Translators: completes "Players level on points".
    SPLIT = "split", _("share their prizes equally")
    HORT = "hort", _("share half equally, half by tie-breaks (Hort system)")
    NONE = "none", _("do not share: the tie-breaks decide")


class TeamScoring(models.TextChoices):
    """Which best scores make a team's: the players' totals, or each round's."""

    # Translators: completes "Team standings: best scores of"; N stays N.
    TOTAL = "total", _("the event: the best N players' totals")
    ROUND = "round", _("each round: the best N results of every round, added up")


class InitialColour(models.TextChoices):
    """The top seed's colour in round 1 (Dutch A7, E4): by lot or fixed by the event."""

    # Translators: the top seed's colour in round 1.
    LOT = "lot", _("By lot")
    WHITE = "white", _("White")
    BLACK = "black", _("Black")


class Event(TimeStamped):
    """One tournament, run by its arbiters."""

    name = models.CharField(max_length=200, validators=[validate_printable], verbose_name=_("name"))
    slug = models.SlugField(max_length=80, unique=True, verbose_name=_("slug"))
    system = models.CharField(
        max_length=16,
        choices=PairingSystem.choices,
        default=PairingSystem.DUTCH,
        verbose_name=_("pairing system"),
    )
    rounds = models.PositiveSmallIntegerField(
        help_text=_("Planned number of rounds."), verbose_name=_("rounds")
    )
    points_win = models.PositiveSmallIntegerField(
        default=2, help_text=_("In half-points."), verbose_name=_("points for a win")
    )
    points_draw = models.PositiveSmallIntegerField(
        default=1, help_text=_("In half-points."), verbose_name=_("points for a draw")
    )
    points_loss = models.PositiveSmallIntegerField(
        default=0, help_text=_("In half-points."), verbose_name=_("points for a loss")
    )
    points_forfeit_win = models.PositiveSmallIntegerField(
        default=2, help_text=_("In half-points."), verbose_name=_("points for a forfeit win")
    )
    points_forfeit_loss = models.PositiveSmallIntegerField(
        default=0,
        help_text=_("In half-points."),
        verbose_name=_("points for a forfeit loss"),
    )
    points_pairing_bye = models.PositiveSmallIntegerField(
        default=2,
        help_text=_("In half-points."),
        verbose_name=_("points for a pairing-allocated bye"),
    )
    points_full_bye = models.PositiveSmallIntegerField(
        default=2, help_text=_("In half-points."), verbose_name=_("points for a full-point bye")
    )
    points_half_bye = models.PositiveSmallIntegerField(
        default=1, help_text=_("In half-points."), verbose_name=_("points for a half-point bye")
    )
    acceleration = models.BooleanField(
        default=False,
        help_text=_(
            "Accelerate the first rounds, for pairing only: Baku acceleration (C.04.5) "
            "for the FIDE Dutch system; an imaginary point for the top half of the initial list "
            "in rounds 1 and 2 (the SB text's acceleration) for the other systems."
        ),
        verbose_name=_("acceleration"),
    )
    lim_maxi = models.BooleanField(
        default=False,
        verbose_name=_("Lim: Maxi-tournament"),
        help_text=_("Lim 10.2, 10.8, 12.7: apply the 100-point rating limits."),
    )
    esca_random = models.BooleanField(
        default=False,
        verbose_name=_("ESCA: random pairings"),
        help_text=_("ESCA 26: the order within score levels by lot instead of alphabetical."),
    )
    esca_round1_area = models.BooleanField(
        default=True,
        verbose_name=_("ESCA: keep areas apart in round 1"),
        help_text=_("ESCA 27: avoid pairing players from the same local area in round 1."),
    )
    esca_round1_federation = models.BooleanField(
        default=True,
        verbose_name=_("ESCA: keep countries apart in round 1"),
        help_text=_("ESCA 27: avoid pairing players from the same foreign country in round 1."),
    )
    esca_avoid_half_bye_pairs = models.BooleanField(
        default=True,
        verbose_name=_("ESCA: keep round-1 half-point byes apart in round 2"),
        help_text=_("ESCA 29."),
    )
    esca_avoid_defaulted_rematch = models.BooleanField(
        default=True,
        verbose_name=_("ESCA: avoid re-pairing a defaulted game"),
        help_text=_("ESCA 30: avoid pairing again two players whose game was defaulted."),
    )
    tiebreaks = models.CharField(
        max_length=100,
        default="DE1,ARO,LOT",
        help_text=_(
            "Tie-break codes of FIDE C.07 in order, comma-separated, each with its "
            "modifiers: for example BH-C1, BH, SB, ARO-M1, DE. The default is Dutch F10's."
        ),
        verbose_name=_("tie-breaks"),
    )
    tiebreak_rules = models.CharField(
        max_length=8,
        choices=TieBreakRules.choices,
        default=TieBreakRules.BY_DATE,
        blank=True,
        verbose_name=_("Tie-break rules"),
        help_text=_(
            "How Buchholz and Sonneborn-Berger count unplayed rounds (C.07 Article "
            "16); the amended text caps a player's own byes and forfeits."
        ),
    )
    unrated_rating = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        verbose_name=_("Rating of unrated players in ARO"),
        help_text=_(
            "C.07 Article 10: with unrated players in the event, ARO is left out "
            "unless the regulations give them a rating (such as 1000); leave empty otherwise."
        ),
    )
    initial_colour = models.CharField(
        max_length=8,
        choices=InitialColour.choices,
        default=InitialColour.LOT,
        verbose_name=_("initial colour"),
    )
    lots_seed = models.BigIntegerField(
        default=0,
        help_text=_("Seed for lots drawn for the whole event (initial colour)."),
        verbose_name=_("seed of the lots"),
    )
    start_date = models.DateField(null=True, blank=True, verbose_name=_("start date"))
    end_date = models.DateField(null=True, blank=True, verbose_name=_("end date"))
    venue = models.CharField(
        max_length=200, blank=True, validators=[validate_printable], verbose_name=_("venue")
    )
    federation = models.CharField(
        max_length=3,
        blank=True,
        validators=[RegexValidator(r"^[A-Z]{3}$", _("Three capital letters, FIDE's code."))],
        help_text=_("The host federation's FIDE code, e.g. ENG (rating report 032)."),
        verbose_name=_("federation"),
    )
    chief_arbiter = models.CharField(
        max_length=200,
        blank=True,
        validators=[validate_printable],
        help_text=_("Title, name and FIDE ID, e.g. IA Jane Doe (1234567) (rating report 102)."),
        verbose_name=_("chief arbiter"),
    )
    deputy_arbiters = models.TextField(
        blank=True,
        validators=[validate_printable_lines],
        verbose_name=_("Deputy chief arbiters"),
        help_text=_("One per line (rating report 112)."),
    )
    time_control = models.CharField(
        max_length=200,
        blank=True,
        validators=[validate_printable],
        help_text=_("As players read it, e.g. 90 min + 30 s from move 1 (rating report 122)."),
        verbose_name=_("time control"),
    )
    time_control_code = models.CharField(
        max_length=100,
        blank=True,
        validators=[validate_time_control_code],
        verbose_name=_("Time control, encoded"),
        help_text=_(
            "TRF-2026 222: seconds, moves/ before, +increment after, periods joined "
            "by ':' (5400+30; 40/6000+30:900+30)."
        ),
    )
    round_dates = models.JSONField(
        default=list,
        blank=True,
        validators=[validate_round_dates],
        help_text=_(
            "One date per round (rating report 132); a round paired without one "
            "is reported on the day it was paired."
        ),
        verbose_name=_("round dates"),
    )
    team_size = models.PositiveSmallIntegerField(
        default=0,
        verbose_name=_("Team standings: scores counted"),
        help_text=_(
            "Rank the clubs (or schools) by their best N players' scores; 0 for no team standings."
        ),
    )
    team_scoring = models.CharField(
        max_length=5,
        choices=TeamScoring.choices,
        default=TeamScoring.TOTAL,
        verbose_name=_("Team standings: best scores of"),
    )
    prize_table = models.TextField(
        blank=True,
        validators=[validate_prize_table],
        # Translators: the examples are the prize table's own words; German reads
        # Platz, Wertung unter N, Jahrgang YYYY und jünger, Frauen, ohne Wertung,
        # Verein NAME, Spieler N N N (see prizes.py).
        help_text=_(
            "One group per line, a colon, its prizes in place order: Place: 500, "
            "300, 200 / Rating below 1800: 100, 50 / Born 2014 or later: 50 / Women: 80 / "
            "Unrated: 40 / Club NAME: 30 / Players 4 9 17: 25."
        ),
        verbose_name=_("prize table"),
    )
    prize_sharing = models.CharField(
        max_length=5,
        choices=PrizeSharing.choices,
        default=PrizeSharing.SPLIT,
        verbose_name=_("Players level on points"),
    )
    public = models.BooleanField(
        default=False, help_text=_("Shown on the public pages."), verbose_name=_("public")
    )
    started_at = models.DateTimeField(
        null=True,
        blank=True,
        help_text=_("When pairing numbers were assigned."),
        verbose_name=_("started"),
    )
    arbiters = models.ManyToManyField(
        settings.AUTH_USER_MODEL, related_name="events", blank=True, verbose_name=_("arbiters")
    )
    results_version = models.PositiveIntegerField(
        default=0,
        editable=False,
        help_text=_(
            "Counts the committed changes to the event's players, rounds and results; "
            "part of the cache key of the public pages that show a round in play."
        ),
        verbose_name=_("results version"),
    )
    standings_version = models.PositiveIntegerField(
        default=0,
        editable=False,
        help_text=_(
            "Counts the committed changes that can move the standings after a "
            "completed round (all but a result in a round still in play); part of the cache "
            "key of the standings, the crosstable and completed rounds."
        ),
        verbose_name=_("standings version"),
    )
    settings_version = models.PositiveIntegerField(
        default=0,
        editable=False,
        help_text=_(
            "Raised by every change of the event's settings, so that a settings form "
            "loaded before someone else's change is refused rather than undoing it."
        ),
        verbose_name=_("settings version"),
    )

    class Meta:
        ordering = ["-start_date", "name"]
        constraints = [
            models.CheckConstraint(
                condition=Q(system__in=PairingSystem.values),
                name="event_system_valid",
                violation_error_message=_("Choose one of the pairing systems."),
            ),
            models.CheckConstraint(
                condition=Q(initial_colour__in=InitialColour.values),
                name="event_initial_colour_valid",
                violation_error_message=_("Round 1 colour: by lot, white or black."),
            ),
            models.CheckConstraint(
                condition=Q(rounds__gte=1),
                name="event_rounds_positive",
                violation_error_message=_("An event has at least one round."),
            ),
            models.CheckConstraint(
                condition=Q(end_date__isnull=True)
                | Q(start_date__isnull=True)
                | Q(end_date__gte=models.F("start_date")),
                name="event_dates_ordered",
                violation_error_message=_("The end date cannot be before the start date."),
            ),
        ]

    def __str__(self) -> str:
        return self.name


class Title(models.TextChoices):
    """FIDE titles, in the order of Dutch A2 c."""

    GM = "GM", "GM"
    WGM = "WGM", "WGM"
    IM = "IM", "IM"
    WIM = "WIM", "WIM"
    FM = "FM", "FM"
    WFM = "WFM", "WFM"
    CM = "CM", "CM"
    WCM = "WCM", "WCM"
    NONE = "", pgettext_lazy("FIDE title", "none")


class Sex(models.TextChoices):
    """Sex as TRF records it."""

    MALE = "m", _("male")
    FEMALE = "w", _("female")
    UNKNOWN = "", _("not given")


def new_access_code() -> str:
    """A player's secret code: 72 random bits, URL-safe (``secrets``)."""
    return secrets.token_urlsafe(9)


class Player(TimeStamped):
    """A player's entry in one event."""

    event = models.ForeignKey(
        Event, on_delete=models.CASCADE, related_name="players", verbose_name=_("event")
    )
    name = models.CharField(
        max_length=100,
        help_text=_("Last name, first name."),
        validators=[validate_printable],
        verbose_name=_("name"),
    )
    rating = models.PositiveSmallIntegerField(
        default=0, help_text=_("0 when unrated."), verbose_name=_("rating")
    )
    title = models.CharField(
        max_length=3, choices=Title.choices, blank=True, default="", verbose_name=_("title")
    )
    federation = models.CharField(max_length=3, blank=True, verbose_name=_("federation"))
    fide_id = models.PositiveBigIntegerField(null=True, blank=True, verbose_name=_("FIDE ID"))
    national_id = models.CharField(
        max_length=20,
        blank=True,
        validators=[validate_printable],
        verbose_name=_("National ID"),
        help_text=_("The player's code in a national rating list (the ECF's, for example)."),
    )
    birth_date = models.DateField(null=True, blank=True, verbose_name=_("birth date"))
    birth_year = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        help_text=_(
            "When only the year is known (FIDE's list gives no more); age groups "
            "read the birth date's year first."
        ),
        verbose_name=_("birth year"),
    )
    sex = models.CharField(
        max_length=1, choices=Sex.choices, blank=True, default="", verbose_name=_("sex")
    )
    club = models.CharField(
        max_length=100,
        blank=True,
        help_text=_("Club or school (ESCA 7 keeps schools apart)."),
        validators=[validate_printable],
        verbose_name=_("club"),
    )
    area = models.CharField(
        max_length=100,
        blank=True,
        help_text=_("Local area (ESCA 27, round 1 only)."),
        validators=[validate_printable],
        verbose_name=_("area"),
    )
    top_player = models.BooleanField(
        default=False, help_text=_("Top player (ESCA rule 3)."), verbose_name=_("top player")
    )
    access_code = models.CharField(
        max_length=16,
        unique=True,
        default=new_access_code,
        editable=False,
        help_text=_("The player's own page (/p/<code>/): ask for a bye, withdraw, confirm."),
        verbose_name=_("access code"),
    )
    pairing_number = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        help_text=_("Assigned when the event starts (Dutch A2)."),
        verbose_name=_("pairing number"),
    )
    withdrawn_after_round = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        help_text=_(
            "Withdrawn after this round (0: before round 1); not paired any more (Dutch F5, F8)."
        ),
        verbose_name=_("withdrawn after round"),
    )

    class Meta:
        ordering = ["event", "pairing_number", "name"]
        constraints = [
            models.UniqueConstraint(
                fields=["event", "pairing_number"],
                name="player_pairing_number_unique",
                violation_error_message=_("Two players cannot have the same pairing number."),
            ),
            models.CheckConstraint(
                condition=Q(pairing_number__isnull=True) | Q(pairing_number__gte=1),
                name="player_pairing_number_positive",
                violation_error_message=_("Pairing numbers start at 1."),
            ),
            models.CheckConstraint(
                condition=Q(title__in=Title.values),
                name="player_title_valid",
                violation_error_message=_("Choose a FIDE title from the list, or none."),
            ),
            models.CheckConstraint(
                condition=Q(sex__in=Sex.values),
                name="player_sex_valid",
                violation_error_message=_("Sex is male, female or not given."),
            ),
            models.CheckConstraint(
                condition=~Q(name=""),
                name="player_name_not_empty",
                violation_error_message=_("A player needs a name."),
            ),
        ]

    def __str__(self) -> str:
        return self.name


class RequestKind(models.TextChoices):
    """What a player asked for, or the arbiter gave, for a given round (Dutch F5)."""

    HALF_POINT_BYE = "H", _("Half-point bye")
    FULL_POINT_BYE = "F", _("Full-point bye")
    ABSENT = "Z", _("Known absence (zero points)")


REQUEST_KIND_WORDS = {
    RequestKind.HALF_POINT_BYE: _("half-point bye"),
    RequestKind.FULL_POINT_BYE: _("full-point bye"),
    RequestKind.ABSENT: _("known absence (zero points)"),
}
"""Each kind of request inside a sentence ("has a half-point bye for round 3")."""


class RoundRequest(TimeStamped):
    """A bye (half-point or full-point) or a known absence for one round (Dutch F5).

    The player is not paired in that round and scores the event's points for it.
    """

    player = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="requests", verbose_name=_("player")
    )
    round_number = models.PositiveSmallIntegerField(verbose_name=_("round"))
    kind = models.CharField(max_length=1, choices=RequestKind.choices, verbose_name=_("kind"))

    class Meta:
        ordering = ["round_number", "player"]
        constraints = [
            models.UniqueConstraint(
                fields=["player", "round_number"],
                name="round_request_once_per_round",
                violation_error_message=_("A player has at most one request per round."),
            ),
            models.CheckConstraint(
                condition=Q(kind__in=RequestKind.values),
                name="round_request_kind_valid",
                violation_error_message=_(
                    "A request is a half-point bye, a full-point bye or a known absence."
                ),
            ),
            models.CheckConstraint(
                condition=Q(round_number__gte=1),
                name="round_request_round_positive",
                violation_error_message=_("Rounds are numbered from 1."),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player}: {self.get_kind_display()} in round {self.round_number}"


class ForbiddenPair(TimeStamped):
    """Two players of one event who must not meet (family, same club)."""

    event = models.ForeignKey(
        Event, on_delete=models.CASCADE, related_name="forbidden_pairs", verbose_name=_("event")
    )
    first = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="+", verbose_name=_("first player")
    )
    second = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="+", verbose_name=_("second player")
    )
    reason = models.CharField(max_length=200, blank=True, verbose_name=_("reason"))

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=Q(first__lt=models.F("second")),
                name="forbidden_pair_ordered",
                violation_error_message=_("A forbidden pair is two different players."),
            ),
            models.UniqueConstraint(
                fields=["event", "first", "second"],
                name="forbidden_pair_unique",
                violation_error_message=_("These two players are kept apart already."),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.first} / {self.second}"


class RoundState(models.TextChoices):
    """A round's life: paired (a draft), published (locked, Dutch F6), completed."""

    PAIRED = "paired", _("Paired (draft)")
    PUBLISHED = "published", _("Published")
    COMPLETED = "completed", _("Completed")


ARBITER_STEP = "Arbiter"
"""The rule of a step added to a draft's explanation when the arbiter edits a board."""


class Round(TimeStamped):
    """One round of an event, with the seed of any lot drawn to pair it."""

    event = models.ForeignKey(
        Event, on_delete=models.CASCADE, related_name="round_set", verbose_name=_("event")
    )
    number = models.PositiveSmallIntegerField(verbose_name=_("number"))
    state = models.CharField(
        max_length=10,
        choices=RoundState.choices,
        default=RoundState.PAIRED,
        verbose_name=_("state"),
    )
    lots_seed = models.BigIntegerField(
        help_text=_("Seed for every lot drawn in this round."), verbose_name=_("seed of the lots")
    )
    paired_at = models.DateTimeField(verbose_name=_("paired"))
    published_at = models.DateTimeField(null=True, blank=True, verbose_name=_("published"))
    completed_at = models.DateTimeField(null=True, blank=True, verbose_name=_("completed"))
    explanation = models.JSONField(
        default=list,
        blank=True,
        help_text=_("The engine's explanation of the pairing."),
        verbose_name=_("explanation"),
    )

    class Meta:
        ordering = ["event", "number"]
        constraints = [
            models.UniqueConstraint(
                fields=["event", "number"],
                name="round_number_unique",
                violation_error_message=_("An event has each round number once."),
            ),
            models.CheckConstraint(
                condition=Q(number__gte=1),
                name="round_number_positive",
                violation_error_message=_("Rounds are numbered from 1."),
            ),
            models.CheckConstraint(
                condition=Q(state__in=RoundState.values),
                name="round_state_valid",
                violation_error_message=_("A round is paired, published or completed."),
            ),
            models.CheckConstraint(
                condition=Q(state=RoundState.PAIRED) | Q(published_at__isnull=False),
                name="round_published_has_timestamp",
                violation_error_message=_("A published round has the time it was published."),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.event} round {self.number}"


class Result(models.TextChoices):
    """A game's result; the pairing bye has its own value."""

    NOT_PLAYED_YET = "", _("not yet played")
    WHITE_WINS = "1-0", "1-0"
    BLACK_WINS = "0-1", "0-1"
    DRAW = "1/2", "½-½"
    # Translators: a result; keep the notation (+ -, - +, - -), translate the words.
    WHITE_WINS_FORFEIT = "+-", _("+ - (forfeit)")
    BLACK_WINS_FORFEIT = "-+", _("- + (forfeit)")
    DOUBLE_FORFEIT = "--", _("- - (double forfeit)")
    ADJOURNED = "adj", _("adjourned")
    PAIRING_BYE = "bye", _("pairing-allocated bye")


PLAYED_RESULTS = (Result.WHITE_WINS, Result.BLACK_WINS, Result.DRAW, Result.ADJOURNED)
"""Results of games actually played (Dutch F2): byes and forfeits are not."""


class Game(TimeStamped):
    """One board of a round, or the pairing-allocated bye (no black player)."""

    round = models.ForeignKey(
        Round, on_delete=models.CASCADE, related_name="games", verbose_name=_("round")
    )
    board = models.PositiveSmallIntegerField(verbose_name=_("board"))
    white = models.ForeignKey(
        Player, on_delete=models.PROTECT, related_name="games_as_white", verbose_name=_("white")
    )
    black = models.ForeignKey(
        Player,
        on_delete=models.PROTECT,
        related_name="games_as_black",
        null=True,
        blank=True,
        help_text=_("Empty for the pairing-allocated bye."),
        verbose_name=_("black"),
    )
    result = models.CharField(
        max_length=3, choices=Result.choices, blank=True, default="", verbose_name=_("result")
    )
    played = models.GeneratedField(
        expression=models.Case(
            models.When(result__in=[r.value for r in PLAYED_RESULTS], then=models.Value(True)),
            default=models.Value(False),
            output_field=models.BooleanField(),
        ),
        output_field=models.BooleanField(),
        db_persist=True,
        help_text=_("Counts as played for colours and meetings (Dutch F2)."),
    )
    version = models.PositiveIntegerField(
        default=0,
        help_text=_("Raised on every change, so a stale edit can be refused."),
        verbose_name=_("version"),
    )

    class Meta:
        ordering = ["round", "board"]
        constraints = [
            models.UniqueConstraint(
                fields=["round", "board"],
                name="game_board_unique",
                violation_error_message=_(
                    "Two games of a round cannot have the same board number."
                ),
            ),
            models.UniqueConstraint(
                fields=["round", "white"],
                name="game_white_once_per_round",
                violation_error_message=_("A player plays at most one game per round."),
            ),
            models.UniqueConstraint(
                fields=["round", "black"],
                name="game_black_once_per_round",
                violation_error_message=_("A player plays at most one game per round."),
            ),
            models.CheckConstraint(
                condition=~Q(white=models.F("black")),
                name="game_white_is_not_black",
                violation_error_message=_("A player cannot play against himself."),
            ),
            models.CheckConstraint(
                condition=Q(board__gte=1),
                name="game_board_positive",
                violation_error_message=_("Boards are numbered from 1."),
            ),
            models.CheckConstraint(
                condition=Q(result__in=Result.values),
                name="game_result_valid",
                violation_error_message=_("Choose a result from the list."),
            ),
            models.CheckConstraint(
                condition=(Q(black__isnull=True) & Q(result=Result.PAIRING_BYE))
                | (Q(black__isnull=False) & ~Q(result=Result.PAIRING_BYE)),
                name="game_bye_has_no_black",
                violation_error_message=_("Only the pairing-allocated bye has no black player."),
            ),
        ]

    def __str__(self) -> str:
        if self.black_id is None:
            return f"{self.round} board {self.board}: {self.white} bye"
        return f"{self.round} board {self.board}: {self.white} - {self.black}"

    @property
    def is_bye(self) -> bool:
        """True for the pairing-allocated bye."""
        return self.black_id is None


class PlayerAsk(models.TextChoices):
    """What a player can ask the arbiter from their own page (#24)."""

    # Translators: what a player asks the arbiter for ("The player asks for ...").
    BYE = "bye", _("a half-point bye")
    WITHDRAW = "withdraw", _("to withdraw from the event")
    ATTEND = "attend", _("to confirm they will play")


class AskState(models.TextChoices):
    PENDING = "pending", _("waiting for the arbiter")
    APPROVED = "approved", _("approved")
    REFUSED = "refused", _("refused")


class PlayerRequest(TimeStamped):
    """A request a player made on their own page, waiting for the arbiter (#24)."""

    player = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="asks", verbose_name=_("player")
    )
    kind = models.CharField(max_length=8, choices=PlayerAsk.choices, verbose_name=_("kind"))
    round_number = models.PositiveSmallIntegerField(null=True, blank=True, verbose_name=_("round"))
    state = models.CharField(
        max_length=8, choices=AskState.choices, default=AskState.PENDING, verbose_name=_("state")
    )
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        verbose_name=_("decided by"),
    )
    decided_at = models.DateTimeField(null=True, blank=True, verbose_name=_("decided"))
    via_link = models.CharField(
        max_length=12,
        blank=True,
        editable=False,
        help_text=_("The fingerprint of the link the request was made on (never the code)."),
        verbose_name=_("made on link"),
    )

    class Meta:
        ordering = ["created_at"]

    def __str__(self) -> str:
        return f"{self.player}: {self.get_kind_display()}"


class AuditEntry(models.Model):
    """A recorded change: who did what to which round or game, when, before and after."""

    event = models.ForeignKey(
        Event, on_delete=models.CASCADE, related_name="audit_entries", verbose_name=_("event")
    )
    round = models.ForeignKey(
        Round,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="audit_entries",
        verbose_name=_("round"),
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        verbose_name=_("user"),
    )
    at = models.DateTimeField(verbose_name=_("time"))
    action = models.CharField(max_length=40, choices=AuditAction, verbose_name=_("action"))
    before = models.JSONField(default=dict, blank=True, verbose_name=_("before"))
    after = models.JSONField(default=dict, blank=True, verbose_name=_("after"))
    reason = models.TextField(blank=True, verbose_name=_("reason"))

    class Meta:
        ordering = ["-at", "-id"]
        verbose_name_plural = "audit entries"

    def __str__(self) -> str:
        return f"{self.at:%Y-%m-%d %H:%M} {self.action}"


class EventSlugRedirect(models.Model):
    """A slug an event had before: its URLs under the old slug redirect to the event."""

    old_slug = models.SlugField(max_length=80, unique=True, verbose_name=_("old slug"))
    event = models.ForeignKey(
        Event, on_delete=models.CASCADE, related_name="slug_redirects", verbose_name=_("event")
    )

    class Meta:
        ordering = ["old_slug"]

    def __str__(self) -> str:
        return f"{self.old_slug} -> {self.event}"
