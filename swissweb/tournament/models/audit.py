"""What arbiters did: one row per change, in the manner of Django admin's LogEntry."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from swissweb.tournament.audit.actions import AuditAction
from swissweb.tournament.models.events import Event
from swissweb.tournament.models.rounds import Round


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
