"""Festivals (#34 item 1): one event as its organiser names it, made of sections.

The reading: an ``Event`` already is everything a section is (its own system, options,
rounds, tie-breaks, prizes, players, workspace and public pages), so a section *is* an
event.  A ``Festival`` groups one or more events as its sections (``Event.festival``,
``Event.section_name``, ``Event.section_order``): the weekend open "Hastings 2026" is the
festival, "Open A", "Open B" and "Under 1600" are its sections.  An event without a
festival is a one-section event and works exactly as before.  See "Festivals: several
sections" in docs/arbiters-guide.md.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from swissweb.tournament.core.text import validate_printable
from swissweb.tournament.models.events import TimeStamped


class Festival(TimeStamped):
    """A tournament with several sections (events): one name, one public page, one
    team of arbiters.  Its arbiters are arbiters of each of its sections: the services
    that add a section or an arbiter give the section's ``Event.arbiters`` the
    festival's, so every view of a section keeps checking the event's arbiters."""

    name = models.CharField(max_length=200, validators=[validate_printable], verbose_name=_("name"))
    slug = models.SlugField(max_length=80, unique=True, verbose_name=_("slug"))
    public = models.BooleanField(
        default=False, help_text=_("Shown on the public pages."), verbose_name=_("public")
    )
    start_date = models.DateField(null=True, blank=True, verbose_name=_("start date"))
    end_date = models.DateField(null=True, blank=True, verbose_name=_("end date"))
    arbiters = models.ManyToManyField(
        settings.AUTH_USER_MODEL, related_name="festivals", blank=True, verbose_name=_("arbiters")
    )

    class Meta:
        ordering = ["-start_date", "name"]
        constraints = [
            models.CheckConstraint(
                condition=Q(end_date__isnull=True)
                | Q(start_date__isnull=True)
                | Q(end_date__gte=models.F("start_date")),
                name="festival_dates_ordered",
                violation_error_message=_("The end date cannot be before the start date."),
            ),
        ]

    def __str__(self) -> str:
        return self.name
