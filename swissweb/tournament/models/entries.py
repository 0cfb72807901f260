"""Online entries (#34 item 2): an event's entry settings, its fee table, the entries.

Sections (#34 item 1) do not exist yet, so the entry settings belong to the event and an
entry to the event.  They are kept in rows of their own, apart from ``Event``, so that a
section can carry them later: ``EntrySettings`` then points at the section (one row per
section instead of per event, with its own maximum and rating limits), ``FeeRow`` and
``Entry`` each gain a nullable ``section`` key (a fee row without one applies to every
section), and the services take a section where they take an event now.
"""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxLengthValidator
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from swissweb.tournament.core.text import validate_printable, validate_printable_lines
from swissweb.tournament.models.events import Event, TimeStamped
from swissweb.tournament.models.players import (
    Player,
    Sex,
    Title,
    new_access_code,
    validate_rating,
)


class EntryField(models.TextChoices):
    """The fields an entry form may ask besides the name, which it always asks."""

    FIDE_ID = "fide_id", _("FIDE ID")
    NATIONAL_ID = "national_id", _("National ID")
    FEDERATION = "federation", _("federation")
    CLUB = "club", _("club")
    BIRTH_YEAR = "birth_year", _("birth year")
    SEX = "sex", _("sex")
    EMAIL = "email", _("e-mail")
    NOTES = "notes", _("notes")


DEFAULT_FIELDS = [
    EntryField.FIDE_ID.value,
    EntryField.FEDERATION.value,
    EntryField.CLUB.value,
    EntryField.BIRTH_YEAR.value,
    EntryField.SEX.value,
    EntryField.EMAIL.value,
    EntryField.NOTES.value,
]


def validate_fields_asked(value: object) -> None:
    """A list of ``EntryField`` values, each once."""
    if not isinstance(value, list) or not all(item in EntryField.values for item in value):
        raise ValidationError(_("Choose the fields asked from the list."))
    if len(set(value)) != len(value):
        raise ValidationError(_("Each field is asked once."))


class EntrySettings(TimeStamped):
    """Whether an event takes entries online, until when, how many, from whom."""

    event = models.OneToOneField(
        Event, on_delete=models.CASCADE, related_name="entry_settings", verbose_name=_("event")
    )
    open = models.BooleanField(
        default=False,
        help_text=_("The public entry form takes entries."),
        verbose_name=_("entries open"),
    )
    deadline = models.DateTimeField(
        null=True,
        blank=True,
        help_text=_("No entry is taken after this moment."),
        verbose_name=_("entry deadline"),
    )
    maximum = models.PositiveIntegerField(
        null=True,
        blank=True,
        help_text=_(
            "Players and entries waiting for the arbiter; later ones join the waiting list."
        ),
        verbose_name=_("maximum entries"),
    )
    min_rating = models.PositiveSmallIntegerField(
        null=True, blank=True, verbose_name=_("lowest rating admitted")
    )
    max_rating = models.PositiveSmallIntegerField(
        null=True, blank=True, verbose_name=_("highest rating admitted")
    )
    auto_accept = models.BooleanField(
        default=False,
        help_text=_(
            "Each entry is registered as a player at once; otherwise the arbiter accepts it."
        ),
        verbose_name=_("accept entries at once"),
    )
    fields_asked = models.JSONField(
        default=list,
        blank=True,
        validators=[validate_fields_asked],
        verbose_name=_("fields asked"),
    )
    currency = models.CharField(
        max_length=3,
        blank=True,
        default="EUR",
        validators=[validate_printable],
        verbose_name=_("currency"),
    )

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=Q(min_rating__isnull=True)
                | Q(max_rating__isnull=True)
                | Q(max_rating__gte=models.F("min_rating")),
                name="entry_settings_rating_range",
                violation_error_message=_("The highest rating admitted is below the lowest."),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.event}: entries"


class FeeTitles(models.TextChoices):
    """Whom a fee row applies to by FIDE title."""

    ANY = "", _("anyone")
    TITLED = "titled", _("titled players")
    UNTITLED = "untitled", _("untitled players")


class FeeRow(models.Model):
    """One row of an event's fee table: the first row that fits an entrant is their fee."""

    event = models.ForeignKey(
        Event, on_delete=models.CASCADE, related_name="fee_rows", verbose_name=_("event")
    )
    position = models.PositiveSmallIntegerField(verbose_name=_("order"))
    label = models.CharField(
        max_length=60, validators=[validate_printable], verbose_name=_("label")
    )
    titles = models.CharField(
        max_length=8,
        choices=FeeTitles.choices,
        blank=True,
        default=FeeTitles.ANY,
        verbose_name=_("titles"),
    )
    born_from = models.PositiveSmallIntegerField(
        null=True, blank=True, verbose_name=_("born in or after")
    )
    born_until = models.PositiveSmallIntegerField(
        null=True, blank=True, verbose_name=_("born in or before")
    )
    amount = models.DecimalField(max_digits=8, decimal_places=2, verbose_name=_("amount"))

    class Meta:
        ordering = ["event", "position"]
        constraints = [
            models.UniqueConstraint(
                fields=["event", "position"],
                name="fee_row_position_unique",
                violation_error_message=_("Two fee rows cannot have the same place."),
            ),
            models.CheckConstraint(
                condition=Q(amount__gte=0),
                name="fee_row_amount_not_negative",
                violation_error_message=_("A fee is zero or more."),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.label}: {self.amount}"


class EntryState(models.TextChoices):
    """Where an entry stands."""

    PENDING = "pending", _("waiting for the arbiter")
    ACCEPTED = "accepted", _("accepted")
    WAITING = "waiting", _("on the waiting list")
    REFUSED = "refused", _("refused")


class PaymentMethod(models.TextChoices):
    """How an entry fee was paid."""

    CASH = "cash", _("cash")
    TRANSFER = "transfer", _("bank transfer")
    CARD = "card", _("card")
    ONLINE = "online", _("online payment")
    OTHER = "other", _("other")


class Entry(TimeStamped):
    """One entry made on the public form: who, what the lists say, the fee, paid or not."""

    event = models.ForeignKey(
        Event, on_delete=models.CASCADE, related_name="entries", verbose_name=_("event")
    )
    code = models.CharField(
        max_length=16,
        unique=True,
        default=new_access_code,
        editable=False,
        help_text=_("The entrant's confirmation page (/entry/<code>/)."),
        verbose_name=_("confirmation code"),
    )
    state = models.CharField(
        max_length=8,
        choices=EntryState.choices,
        default=EntryState.PENDING,
        verbose_name=_("state"),
    )
    name = models.CharField(max_length=100, validators=[validate_printable], verbose_name=_("name"))
    fide_id = models.PositiveBigIntegerField(null=True, blank=True, verbose_name=_("FIDE ID"))
    national_id = models.CharField(
        max_length=20, blank=True, validators=[validate_printable], verbose_name=_("National ID")
    )
    federation = models.CharField(
        max_length=3, blank=True, validators=[validate_printable], verbose_name=_("federation")
    )
    club = models.CharField(
        max_length=100, blank=True, validators=[validate_printable], verbose_name=_("club")
    )
    birth_year = models.PositiveSmallIntegerField(
        null=True, blank=True, verbose_name=_("birth year")
    )
    sex = models.CharField(
        max_length=1, choices=Sex.choices, blank=True, default="", verbose_name=_("sex")
    )
    email = models.EmailField(max_length=254, blank=True, verbose_name=_("e-mail"))
    notes = models.TextField(
        max_length=500,
        blank=True,
        validators=[MaxLengthValidator(500), validate_printable_lines],
        verbose_name=_("notes"),
    )
    rating = models.PositiveSmallIntegerField(
        default=0,
        help_text=_("From FIDE's list, of the event's rate of play; 0 when unrated."),
        verbose_name=_("FIDE rating"),
    )
    fide_standard = models.PositiveSmallIntegerField(
        null=True, blank=True, validators=[validate_rating], verbose_name=_("FIDE standard rating")
    )
    fide_rapid = models.PositiveSmallIntegerField(
        null=True, blank=True, validators=[validate_rating], verbose_name=_("FIDE rapid rating")
    )
    fide_blitz = models.PositiveSmallIntegerField(
        null=True, blank=True, validators=[validate_rating], verbose_name=_("FIDE blitz rating")
    )
    national_rating = models.PositiveSmallIntegerField(
        default=0,
        db_default=0,
        help_text=_("From a national list; 0 when unrated."),
        verbose_name=_("national rating"),
    )
    national_list = models.CharField(
        max_length=20,
        blank=True,
        default="",
        db_default="",
        validators=[validate_printable],
        verbose_name=_("national list"),
    )
    title = models.CharField(
        max_length=3, choices=Title.choices, blank=True, default="", verbose_name=_("title")
    )
    fee = models.DecimalField(
        max_digits=8, decimal_places=2, null=True, blank=True, verbose_name=_("fee")
    )
    fee_label = models.CharField(max_length=60, blank=True, verbose_name=_("fee row"))
    paid_amount = models.DecimalField(
        max_digits=8, decimal_places=2, null=True, blank=True, verbose_name=_("amount paid")
    )
    paid_method = models.CharField(
        max_length=8, choices=PaymentMethod.choices, blank=True, verbose_name=_("paid by")
    )
    paid_at = models.DateTimeField(null=True, blank=True, verbose_name=_("paid"))
    player = models.OneToOneField(
        Player,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="entry",
        verbose_name=_("player"),
    )
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        verbose_name=_("decided by"),
    )

    class Meta:
        ordering = ["event", "created_at", "id"]
        verbose_name_plural = _("entries")
        constraints = [
            models.UniqueConstraint(
                fields=["event", "fide_id"],
                condition=Q(fide_id__isnull=False) & ~Q(state="refused"),
                name="entry_fide_id_once",
                violation_error_message=_("This FIDE ID has entered this event already."),
            ),
            models.CheckConstraint(
                condition=Q(state__in=EntryState.values),
                name="entry_state_valid",
                violation_error_message=_("An entry is waiting, accepted, waitlisted or refused."),
            ),
            models.CheckConstraint(
                condition=~Q(name=""),
                name="entry_name_not_empty",
                violation_error_message=_("An entry needs a name."),
            ),
        ]

    def __str__(self) -> str:
        return self.name
