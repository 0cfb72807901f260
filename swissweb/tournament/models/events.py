"""Events: their settings, their choices, and the slugs they once had.

Models hold fields, database constraints, ``__str__`` and trivial properties; the rules
live in the services and in the pairing engine.  Points are stored in half-points (``2``
is one point), like the engine's ``Points``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeVar

from django.conf import settings
from django.core.validators import RegexValidator
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from swissweb.tournament.core.text import validate_printable, validate_printable_lines
from swissweb.tournament.events.report_fields import (
    validate_round_dates,
    validate_round_times,
    validate_time_control_code,
)
from swissweb.tournament.models.system_options import (
    flag_values,
    stored_value,
    validate_system_options,
    with_flags,
)
from swissweb.tournament.rounds.engine_door import FlagValue, OptionSpec
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


class RateOfPlay(models.TextChoices):
    """The rate of play of FIDE's Laws (standard, rapid, blitz): which of FIDE's three
    ratings the event reads from a FIDE list and reports (B.02 keeps three lists)."""

    # Translators: the rate of play of an event, and the FIDE rating it uses.
    STANDARD = "standard", _("Standard")
    RAPID = "rapid", _("Rapid")
    BLITZ = "blitz", _("Blitz")


class RatingBasis(models.TextChoices):
    """Which rating the event pairs and ranks on (``core.rating_basis``); the values are
    TRF-2026's 172 ranking method codes in lower case where it has one."""

    # Translators: completes "Pair and rank on".
    FIDE = "fide", _("the FIDE rating")
    NATIONAL = "nro", _("the national rating")
    HIGHER = "hbfn", _("the higher of the FIDE and the national rating")
    LOWER = "lbfn", _("the lower of the FIDE and the national rating")
    FIDE_ELSE_NATIONAL = "fidon", _("the FIDE rating, else the national rating")
    NATIONAL_ELSE_FIDE = "nidof", _("the national rating, else the FIDE rating")


T = TypeVar("T")


class Event(TimeStamped):
    """One tournament, run by its arbiters; in a festival, one of its sections.

    A section of a festival (#34 item 1) is an event: ``festival`` names the festival,
    ``section_name`` ("Open A") and ``section_order`` place it there.  The section rules
    (``min_rating`` to ``closed``) say who may enter it (``festivals.rules.eligible``);
    an event without a festival is a one-section event, as every event was before.
    """

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
            "Accelerate the first rounds, for pairing only: Baku acceleration (C.04.7) "
            "for the FIDE Dutch system; an imaginary point for the top half of the initial list "
            "in rounds 1 and 2 (the SB text's acceleration) for the other systems."
        ),
        verbose_name=_("acceleration"),
    )
    system_options = models.JSONField(
        default=dict,
        blank=True,
        validators=[validate_system_options],
        verbose_name=_("system options"),
        help_text=_("The options of the pairing systems, as each system declares them."),
    )
    tiebreaks = models.CharField(
        max_length=100,
        default="DE1,ARO,LOT",
        help_text=_(
            "Tie-break codes of FIDE C.07 in order, comma-separated, each with its "
            "modifiers: for example BH-C1, BH, SB, ARO-M1, DE. The default is the 1992 Dutch "
            "rules' (F10)."
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
    rate_of_play = models.CharField(
        max_length=8,
        choices=RateOfPlay.choices,
        default=RateOfPlay.STANDARD,
        db_default=RateOfPlay.STANDARD,
        help_text=_(
            "Which of FIDE's ratings the players' FIDE rating is: a FIDE list fills it "
            "from this column."
        ),
        verbose_name=_("rate of play"),
    )
    rating_basis = models.CharField(
        max_length=8,
        choices=RatingBasis.choices,
        default=RatingBasis.FIDE,
        db_default=RatingBasis.FIDE,
        help_text=_(
            "The rating that orders the players (pairing numbers), the standings' "
            "rating column, rating prizes and the entry limits. The FIDE report always "
            "writes the FIDE rating alone."
        ),
        verbose_name=_("Pair and rank on"),
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
    round_times = models.JSONField(
        default=list,
        blank=True,
        validators=[validate_round_times],
        help_text=_(
            "One start time per round (HH:MM, the venue's local time), beside the round "
            "dates; set with the schedule."
        ),
        verbose_name=_("round start times"),
    )
    check_in_opens = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        help_text=_(
            "Players may check in from their own page from this many minutes before the "
            "round's start time; empty: only at the desk."
        ),
        verbose_name=_("check-in opens (minutes before the round)"),
    )
    check_in_closes = models.PositiveSmallIntegerField(
        default=0,
        db_default=0,
        help_text=_("Check-in from the players' pages closes this many minutes before the round."),
        verbose_name=_("check-in closes (minutes before the round)"),
    )
    bye_most = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        help_text=_("The most half-point byes one player may take in the event; empty: no limit."),
        verbose_name=_("Bye policy: half-point byes per player"),
    )
    bye_last_rounds = models.PositiveSmallIntegerField(
        default=0,
        db_default=0,
        help_text=_("No half-point byes in this many last rounds; 0: allowed in every round."),
        verbose_name=_("Bye policy: none near the end"),
    )
    bye_deadline_hours = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        help_text=_(
            "Half-point byes are asked for at least this many hours before the round's "
            "scheduled start (a round with a date but no time: before its day); empty: "
            "until the round is paired."
        ),
        verbose_name=_("Bye policy: deadline (hours before the round)"),
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
        # Platz, Wertung unter N, Wertung ab N, Jahrgang YYYY und jünger, Jahrgang YYYY
        # und älter, Frauen, ohne Wertung, Föderation XXX, Verein NAME, Spieler N N N,
        # joined by "und" (see prize_table.py).
        help_text=_(
            'One group per line, a colon, its prizes in place order: Place: 500, 300, "Trophy" '
            "/ Rating below 1800: 100, 50 / Rating from 2000: 80 / Born 2014 or later: 50 / "
            "Born 1966 or earlier: 50 / Women and rating below 1800: 40 / Unrated: 40 / "
            "Federation ENG: 30 / Club NAME: 30 / Players 4 9 17: 25. A prize in kind goes in "
            "quotes."
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
    festival = models.ForeignKey(
        "tournament.Festival",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="sections",
        verbose_name=_("festival"),
    )
    section_name = models.CharField(
        max_length=60,
        blank=True,
        default="",
        db_default="",
        validators=[validate_printable],
        help_text=_("The section's name in its festival, e.g. Open A."),
        verbose_name=_("section name"),
    )
    section_order = models.PositiveSmallIntegerField(
        default=0, db_default=0, verbose_name=_("order of the section")
    )
    min_rating = models.PositiveSmallIntegerField(
        null=True, blank=True, verbose_name=_("lowest rating of the section")
    )
    max_rating = models.PositiveSmallIntegerField(
        null=True, blank=True, verbose_name=_("highest rating of the section")
    )
    min_birth_year = models.PositiveSmallIntegerField(
        null=True, blank=True, verbose_name=_("born in or after")
    )
    max_birth_year = models.PositiveSmallIntegerField(
        null=True, blank=True, verbose_name=_("born in or before")
    )
    closed = models.BooleanField(
        default=False,
        db_default=False,
        help_text=_("No new players from entries or moves from another section."),
        verbose_name=_("closed section"),
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

    def option(self, spec: OptionSpec[T]) -> T:
        """The event's value of a system option (its default when not set)."""
        return stored_value(self.system_options, spec)

    def option_flags(self) -> dict[str, FlagValue]:
        """Every system option's flags (the form fields, the ``SWO`` words) and their
        values, in registry order."""
        return flag_values(self.system_options)

    def set_option_flags(self, flags: Mapping[str, FlagValue]) -> None:
        """Set the system options these flags belong to (not saved)."""
        self.system_options = with_flags(self.system_options, flags)


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
