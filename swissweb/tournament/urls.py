"""URLs of the tournament app: public pages, then the arbiter's actions."""

from django.urls import URLPattern, path

from swissweb.tournament import views, views_links, views_workspace
from swissweb.tournament.events import arbiter_views as event_views
from swissweb.tournament.events.slugs import follow_old_slug
from swissweb.tournament.players import arbiter_views as player_views
from swissweb.tournament.publishing import arbiter_views as publishing_views
from swissweb.tournament.rounds import arbiter_views as round_views

app_name = "tournament"

urlpatterns = [
    # Public
    path("", views.event_list, name="event_list"),
    path("events/new/", event_views.event_create, name="event_create"),
    path("events/import/", event_views.event_import, name="event_import"),
    path("events/<slug:slug>/", views.event_detail, name="event_detail"),
    path("events/<slug:slug>/rounds/<int:number>/", views.round_pairings, name="round_pairings"),
    path(
        "events/<slug:slug>/players/<int:pairing_number>/",
        views.player_card,
        name="player_card",
    ),
    path("events/<slug:slug>/standings/", views.standings, name="standings"),
    path("events/<slug:slug>/games.pgn", views.event_pgn, name="event_pgn"),
    path("events/<slug:slug>/find/", views.player_search, name="player_search"),
    path("events/<slug:slug>/teams/", views.teams, name="teams"),
    path("p/<str:code>/", views.player_page, name="player_page"),
    path(
        "events/<slug:slug>/asks/<int:ask_id>/decide/",
        views_workspace.ask_decide,
        name="ask_decide",
    ),
    path("events/<slug:slug>/prizes/", views.prizes, name="prizes"),
    path("events/<slug:slug>/prizes.csv", views.prizes_csv, name="prizes_csv"),
    path("events/<slug:slug>/rounds/<int:number>/games.pgn", views.round_pgn, name="round_pgn"),
    path("events/<slug:slug>/standings.csv", views.standings_csv, name="standings_csv"),
    path("events/<slug:slug>/crosstable/", views.crosstable, name="crosstable"),
    # Arbiter
    path("events/<slug:slug>/manage/", event_views.event_manage, name="event_manage"),
    path("events/<slug:slug>/edit/", event_views.event_edit, name="event_edit"),
    path("events/<slug:slug>/arbiters/", event_views.arbiter_add, name="arbiter_add"),
    path("events/<slug:slug>/players/add/", player_views.player_add, name="player_add"),
    path(
        "events/<slug:slug>/players/ratings/", player_views.ratings_refresh, name="ratings_refresh"
    ),
    path("events/<slug:slug>/players/import/", player_views.players_import, name="players_import"),
    path(
        "events/<slug:slug>/players/import-trf/",
        player_views.players_import_trf,
        name="players_import_trf",
    ),
    path("events/<slug:slug>/export.trf", publishing_views.export_trf, name="export_trf"),
    path(
        "events/<slug:slug>/report-<str:edition>.trf",
        publishing_views.rating_report,
        name="rating_report",
    ),
    path("events/<slug:slug>/start/", event_views.event_start, name="event_start"),
    path(
        "events/<slug:slug>/players/<int:player_id>/number/",
        player_views.pairing_number_set,
        name="pairing_number_set",
    ),
    path(
        "events/<slug:slug>/players/<int:player_id>/withdraw/",
        player_views.player_withdraw,
        name="player_withdraw",
    ),
    path(
        "events/<slug:slug>/players/<int:player_id>/top/",
        player_views.player_top_set,
        name="player_top_set",
    ),
    path("events/<slug:slug>/requests/", player_views.round_request, name="round_request"),
    path("events/<slug:slug>/forbidden/", player_views.forbidden_pair_add, name="forbidden_add"),
    path("events/<slug:slug>/pair/", round_views.round_pair, name="round_pair"),
    path(
        "events/<slug:slug>/rounds/<int:number>/repair/",
        round_views.round_repair,
        name="round_repair",
    ),
    path(
        "events/<slug:slug>/rounds/<int:number>/delete/",
        round_views.round_delete,
        name="round_delete",
    ),
    path(
        "events/<slug:slug>/rounds/<int:number>/publish/",
        round_views.round_publish,
        name="round_publish",
    ),
    path(
        "events/<slug:slug>/rounds/<int:number>/swap/",
        round_views.draft_swap,
        name="draft_swap",
    ),
    path(
        "events/<slug:slug>/rounds/<int:number>/redraw/",
        round_views.round_redraw,
        name="round_redraw",
    ),
    path(
        "events/<slug:slug>/rounds/<int:number>/flip/",
        round_views.draft_flip_board,
        name="draft_flip_board",
    ),
    path(
        "events/<slug:slug>/rounds/<int:number>/results/",
        round_views.results_enter,
        name="results_enter",
    ),
    path(
        "events/<slug:slug>/rounds/<int:number>/correct/",
        round_views.round_correct,
        name="round_correct",
    ),
    path(
        "events/<slug:slug>/games/<int:game_id>/flip/",
        round_views.draft_flip,
        name="draft_flip",
    ),
    path(
        "events/<slug:slug>/games/<int:game_id>/result/",
        round_views.result_enter,
        name="result_enter",
    ),
    # The arbiter's workspace (#20): one page per task; /manage/ leads to the round in play.
    path("my-events/", views_workspace.my_events, name="my_events"),
    path(
        "events/<slug:slug>/manage/players/",
        views_workspace.players,
        name="workspace_players",
    ),
    path(
        "events/<slug:slug>/manage/players/<int:player_id>/",
        views_workspace.player,
        name="workspace_player",
    ),
    path(
        "events/<slug:slug>/manage/players/<int:player_id>/link/",
        views_links.player_link,
        name="workspace_player_link",
    ),
    path(
        "events/<slug:slug>/players/<int:player_id>/link/rotate/",
        views_links.player_link_rotate,
        name="player_link_rotate",
    ),
    path(
        "events/<slug:slug>/manage/rounds/<int:number>/",
        views_workspace.round_page,
        name="workspace_round",
    ),
    path(
        "events/<slug:slug>/manage/rounds/<int:number>/print/",
        views_workspace.round_print,
        name="workspace_round_print",
    ),
    path(
        "events/<slug:slug>/manage/rounds/<int:number>/why/",
        views_workspace.round_why,
        name="workspace_round_why",
    ),
    path(
        "events/<slug:slug>/manage/requests/",
        views_workspace.requests,
        name="workspace_requests",
    ),
    path("events/<slug:slug>/manage/audit/", views_workspace.audit, name="workspace_audit"),
    path(
        "events/<slug:slug>/manage/arbiters/",
        views_workspace.arbiters,
        name="workspace_arbiters",
    ),
    path(
        "events/<slug:slug>/players/<int:player_id>/reinstate/",
        views_workspace.player_reinstate,
        name="player_reinstate",
    ),
    path(
        "events/<slug:slug>/rounds/<int:number>/unpublish/",
        views_workspace.round_unpublish,
        name="round_unpublish",
    ),
    path(
        "events/<slug:slug>/requests/<int:request_id>/edit/",
        views_workspace.request_edit,
        name="round_request_edit",
    ),
    path(
        "events/<slug:slug>/requests/<int:request_id>/delete/",
        views_workspace.request_delete,
        name="round_request_delete",
    ),
    path(
        "events/<slug:slug>/forbidden/<int:pair_id>/edit/",
        views_workspace.forbidden_edit,
        name="forbidden_edit",
    ),
    path(
        "events/<slug:slug>/forbidden/<int:pair_id>/delete/",
        views_workspace.forbidden_delete,
        name="forbidden_delete",
    ),
]

# An event's old slugs (#20): every URL with a slug leads from a slug the event had
# before to its present one; public pages permanently (301), the arbiter's with 302/307.
for _pattern in urlpatterns:
    if isinstance(_pattern, URLPattern) and "<slug:slug>" in str(_pattern.pattern):
        _pattern.callback = follow_old_slug(
            _pattern.callback, permanent=_pattern.callback.__module__ == views.__name__
        )
