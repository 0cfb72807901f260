"""Rounds and their games, with the results a game may have."""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from swissweb.tournament.models.events import Event, TimeStamped
from swissweb.tournament.models.players import Player


class RoundState(models.TextChoices):
    """A round's life: paired (a draft), published (locked, FIDE C.04.2 4.4), completed."""

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
"""Results of games actually played (FIDE C.04.2 3.4-3.5): byes and forfeits are not."""


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
        help_text=_("Counts as played for colours and meetings (C.04.2 3.4-3.5)."),
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
