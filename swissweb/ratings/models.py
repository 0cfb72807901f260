"""Rating lists as loaded: one row per list, one per player in it.

A list is replaced whole when a newer one of the same name is loaded (FIDE publishes a
new one every month), so a list's players are never edited one by one.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class ListKind(models.TextChoices):
    """Where a list comes from, which tells what its player IDs are."""

    FIDE = "fide", _("FIDE rating list")
    NATIONAL = "national", _("National rating list")


class RatingList(models.Model):
    """One loaded list: FIDE's, or a national one such as the ECF's."""

    name = models.CharField(
        max_length=40,
        unique=True,
        help_text=_("FIDE, or the national list's name (ECF)."),
        verbose_name=_("name"),
    )
    kind = models.CharField(max_length=10, choices=ListKind.choices, verbose_name=_("kind"))
    source = models.CharField(
        max_length=200,
        blank=True,
        help_text=_("The file it was read from."),
        verbose_name=_("source"),
    )
    loaded_at = models.DateTimeField(verbose_name=_("loaded"))
    loaded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        verbose_name=_("loaded by"),
    )
    players = models.PositiveIntegerField(default=0, verbose_name=_("players"))

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


RATING_KINDS = ("standard", "rapid", "blitz")
"""The ratings a list gives each player, one column of ``ListedPlayer`` each: which one
an event uses is the arbiter's choice when refreshing from a list."""


class ListedPlayer(models.Model):
    """A player as a list gives them."""

    rating_list = models.ForeignKey(
        RatingList, on_delete=models.CASCADE, related_name="entries", verbose_name=_("rating list")
    )
    player_id = models.CharField(
        max_length=20, help_text=_("FIDE ID, or the national code."), verbose_name=_("ID")
    )
    name = models.CharField(max_length=100, verbose_name=_("name"))
    name_key = models.CharField(
        max_length=100,
        help_text=_("The name lower-cased without accents, for searching."),
        verbose_name=_("search key"),
    )
    search_key = models.TextField(
        default="",
        db_default="",
        help_text=_("Every word of the name as a search may type it, between spaces."),
        verbose_name=_("search words"),
    )
    federation = models.CharField(max_length=3, blank=True, verbose_name=_("federation"))
    fide_id = models.CharField(
        max_length=20,
        blank=True,
        default="",
        db_default="",
        help_text=_("A national list's FIDE ID of the player."),
        verbose_name=_("FIDE ID"),
    )
    club = models.CharField(
        max_length=100, blank=True, default="", db_default="", verbose_name=_("club")
    )
    sex = models.CharField(max_length=1, blank=True, verbose_name=_("sex"))
    title = models.CharField(max_length=3, blank=True, verbose_name=_("title"))
    birth_year = models.PositiveSmallIntegerField(
        null=True, blank=True, verbose_name=_("birth year")
    )
    standard = models.PositiveSmallIntegerField(
        null=True, blank=True, verbose_name=_("standard rating")
    )
    rapid = models.PositiveSmallIntegerField(null=True, blank=True, verbose_name=_("rapid rating"))
    blitz = models.PositiveSmallIntegerField(null=True, blank=True, verbose_name=_("blitz rating"))
    inactive = models.BooleanField(default=False, verbose_name=_("inactive"))

    class Meta:
        indexes = [
            models.Index(fields=["name_key"], name="listed_name_key"),
            models.Index(fields=["player_id"], name="listed_player_id"),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.player_id})"


class ListedName(models.Model):
    """One word of a listed player's name as searches type it (``folding.name_words``):
    the index on ``(word, name_key, player)`` gives every name having a word that starts
    so, in the order a search shows them, without reading the table."""

    # The words are the loader's to write and delete, in one statement each, with their
    # list: no cascade (Django would read the 1.5 million players of FIDE's list into
    # memory to find their words), no constraint and no index of its own (each would
    # cost every one of the 3.5 million rows of a load a check or an entry).
    player = models.ForeignKey(
        ListedPlayer,
        on_delete=models.DO_NOTHING,
        db_constraint=False,
        db_index=False,
        related_name="words",
        verbose_name=_("player"),
    )
    word = models.CharField(max_length=40, verbose_name=_("word"))
    name_key = models.CharField(max_length=100, verbose_name=_("search key"))

    class Meta:
        indexes = [models.Index(fields=["word", "name_key", "player"], name="listed_name_word")]

    def __str__(self) -> str:
        return self.word
