"""Admin for every model, so an arbiter can fix data by hand.

The admin bypasses the services, so published rounds and their games are read-only here
(FIDE C.04.2 4.4): corrections to a published pairing go through the recorded correction.  Every
save or delete counts as a change of its event, as a service's would, so the cached
public pages show it (#10).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest

from swissweb.tournament.core.services import event_changed
from swissweb.tournament.models import (
    AuditEntry,
    Event,
    ForbiddenPair,
    Game,
    Player,
    Round,
    RoundRequest,
    RoundState,
)

if TYPE_CHECKING:
    # The stubs make the admin classes generic in their models; Django's take no subscript.
    _CountedAdmin = admin.ModelAdmin[Any]  # one base for the six models of _event_id
    _AuditEntryAdmin = admin.ModelAdmin[AuditEntry]
    _PlayerInline = admin.TabularInline[Player, Event]
    _GameInline = admin.TabularInline[Game, Round]
else:
    _CountedAdmin = _AuditEntryAdmin = admin.ModelAdmin
    _PlayerInline = _GameInline = admin.TabularInline


def _event_id(obj: Event | Player | RoundRequest | ForbiddenPair | Round | Game) -> int:
    if isinstance(obj, Event):
        return obj.pk
    if isinstance(obj, RoundRequest):
        return obj.player.event_id
    if isinstance(obj, Game):
        return obj.round.event_id
    return obj.event_id


class CountsEventChange(_CountedAdmin):
    """Count every save and delete as a change of the event (in the admin's transaction)."""

    def save_model(self, request: HttpRequest, obj: Any, form: Any, change: bool) -> None:
        super().save_model(request, obj, form, change)
        event_changed(event_id=_event_id(obj))

    def delete_model(self, request: HttpRequest, obj: Any) -> None:
        event_id = _event_id(obj)
        super().delete_model(request, obj)
        if not isinstance(obj, Event):
            event_changed(event_id=event_id)

    def delete_queryset(self, request: HttpRequest, queryset: QuerySet[Any]) -> None:
        event_ids = {_event_id(obj) for obj in queryset}
        super().delete_queryset(request, queryset)
        for event_id in event_ids:
            event_changed(event_id=event_id)


class PlayerInline(_PlayerInline):
    model = Player
    extra = 0
    fields = ["pairing_number", "name", "rating", "title", "federation", "club", "top_player"]


@admin.register(Event)
class EventAdmin(CountsEventChange):
    list_display = ["name", "system", "rounds", "start_date", "public"]
    list_filter = ["system", "public"]
    search_fields = ["name", "slug", "venue"]
    prepopulated_fields = {"slug": ["name"]}
    filter_horizontal = ["arbiters"]
    inlines = [PlayerInline]


@admin.register(Player)
class PlayerAdmin(CountsEventChange):
    list_display = ["name", "event", "pairing_number", "rating", "title", "club", "top_player"]
    list_filter = ["event", "title", "top_player"]
    search_fields = ["name", "club", "fide_id"]


@admin.register(RoundRequest)
class RoundRequestAdmin(CountsEventChange):
    list_display = ["player", "round_number", "kind"]
    list_filter = ["kind", "player__event"]


@admin.register(ForbiddenPair)
class ForbiddenPairAdmin(CountsEventChange):
    list_display = ["event", "first", "second", "reason"]
    list_filter = ["event"]


def _published(round_: Round | None) -> bool:
    return round_ is not None and round_.state != RoundState.PAIRED


class GameInline(_GameInline):
    """Boards of a round; on a published round only the result can be changed (FIDE C.04.2 4.4)."""

    model = Game
    extra = 0
    fields = ["board", "white", "black", "result"]

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> list[str]:
        return ["board", "white", "black"] if _published(obj) else []

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return not _published(obj) and super().has_delete_permission(request, obj)

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return not _published(obj) and super().has_add_permission(request, obj)


@admin.register(Round)
class RoundAdmin(CountsEventChange):
    list_display = ["event", "number", "state", "paired_at", "published_at"]
    list_filter = ["event", "state"]
    inlines = [GameInline]

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> list[str]:
        return ["event", "number", "lots_seed", "paired_at"] if _published(obj) else []

    def has_delete_permission(self, request: HttpRequest, obj: Round | None = None) -> bool:
        return not _published(obj) and super().has_delete_permission(request, obj)


@admin.register(Game)
class GameAdmin(CountsEventChange):
    """Games; on a published round the pairing is read-only and only results change."""

    list_display = ["round", "board", "white", "black", "result", "played"]
    list_filter = ["round__event", "result"]

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> list[str]:
        locked = ["round", "board", "white", "black"] if obj and _published(obj.round) else []
        return [*locked, "played", "version"]

    def has_delete_permission(self, request: HttpRequest, obj: Game | None = None) -> bool:
        published = obj is not None and _published(obj.round)
        return not published and super().has_delete_permission(request, obj)


@admin.register(AuditEntry)
class AuditEntryAdmin(_AuditEntryAdmin):
    list_display = ["at", "event", "round", "user", "action"]
    list_filter = ["event", "action"]
    readonly_fields = ["event", "round", "user", "at", "action", "before", "after", "reason"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False
