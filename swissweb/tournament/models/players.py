"""Players and what they ask for: entries, requests for rounds, forbidden pairs, asks."""

from __future__ import annotations

import secrets

from django.conf import settings
from django.core.validators import MaxValueValidator
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from swissweb.tournament.core.limits import HIGHEST_RATING
from swissweb.tournament.core.text import validate_printable
from swissweb.tournament.models.events import Event, TimeStamped


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


MAX_RATING = HIGHEST_RATING
"""The highest rating typed or imported (``core.limits``)."""

validate_rating = MaxValueValidator(MAX_RATING)


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
        default=0,
        help_text=_(
            "FIDE's rating of the event's rate of play, the one the event uses: its "
            "column below when known; 0 when unrated."
        ),
        verbose_name=_("FIDE rating"),
    )
    fide_standard = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        validators=[validate_rating],
        help_text=_("Empty: not known; 0: unrated."),
        verbose_name=_("FIDE standard rating"),
    )
    fide_rapid = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        validators=[validate_rating],
        help_text=_("Empty: not known; 0: unrated."),
        verbose_name=_("FIDE rapid rating"),
    )
    fide_blitz = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        validators=[validate_rating],
        help_text=_("Empty: not known; 0: unrated."),
        verbose_name=_("FIDE blitz rating"),
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
    national_rating = models.PositiveSmallIntegerField(
        default=0,
        db_default=0,
        help_text=_("From the national list; 0 when unrated. Never sent to FIDE."),
        verbose_name=_("national rating"),
    )
    national_list = models.CharField(
        max_length=20,
        blank=True,
        default="",
        db_default="",
        validators=[validate_printable],
        help_text=_("The national list's name, e.g. DWZ or ECF."),
        verbose_name=_("national list"),
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
    k_factor = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        choices=[(40, "40"), (20, "20"), (10, "10")],
        help_text=_(
            "FIDE's development coefficient for the rating change shown on the card. "
            "Empty: 40 for a junior under 2300, 10 from 2400, else 20."
        ),
        verbose_name=_("K factor"),
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
        help_text=_("Assigned when the event starts (C.04.2 Article 2)."),
        verbose_name=_("pairing number"),
    )
    withdrawn_after_round = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        help_text=_(
            "Withdrawn after this round (0: before round 1); not paired any more (C.04.2 3.2)."
        ),
        verbose_name=_("withdrawn after round"),
    )
    fixed_board = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        help_text=_(
            "Every round seats this player's game at this board (access, a live board); "
            "who meets whom is not changed."
        ),
        verbose_name=_("fixed board"),
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
                condition=Q(fixed_board__isnull=True) | Q(fixed_board__gte=1),
                name="player_fixed_board_positive",
                violation_error_message=_("Boards are numbered from 1."),
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
    """What a player asked for, or the arbiter gave, for a given round (FIDE C.04.2 Article 3)."""

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
    """A bye (half-point or full-point) or a known absence for one round (FIDE C.04.2
    Article 3).

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


class CheckInWay(models.TextChoices):
    """Where a player was checked in for a round (#34 item 3)."""

    DESK = "desk", _("at the desk")
    LINK = "link", _("on their own page")


class CheckIn(TimeStamped):
    """A player present for one round, checked in before it is paired (#34 item 3).

    Only a round where someone checked in asks, when paired, about the players who did
    not; a player with no row for such a round is unconfirmed.
    """

    player = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="check_ins", verbose_name=_("player")
    )
    round_number = models.PositiveSmallIntegerField(verbose_name=_("round"))
    way = models.CharField(max_length=4, choices=CheckInWay.choices, verbose_name=_("checked in"))

    class Meta:
        ordering = ["round_number", "player"]
        constraints = [
            models.UniqueConstraint(
                fields=["player", "round_number"],
                name="check_in_once_per_round",
                violation_error_message=_("A player checks in once per round."),
            ),
            models.CheckConstraint(
                condition=Q(round_number__gte=1),
                name="check_in_round_positive",
                violation_error_message=_("Rounds are numbered from 1."),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player}: round {self.round_number}"
