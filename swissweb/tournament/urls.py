"""URLs of the tournament app: public pages, then the arbiter's actions."""

from django.urls import URLPattern, path

from swissweb.tournament.audit import views as audit_views
from swissweb.tournament.entries import views as entry_pages
from swissweb.tournament.entries import workspace_views as entry_workspace
from swissweb.tournament.events import arbiter_views as event_arbiter
from swissweb.tournament.events import views as event_pages
from swissweb.tournament.events import workspace_views as event_workspace
from swissweb.tournament.events.slugs import follow_old_slug
from swissweb.tournament.festivals import arbiter_views as festival_arbiter
from swissweb.tournament.festivals import edit_views as festival_edit
from swissweb.tournament.festivals import entry_views as festival_entries
from swissweb.tournament.festivals import views as festival_pages
from swissweb.tournament.players import arbiter_views as player_arbiter
from swissweb.tournament.players import check_in_views, link_views
from swissweb.tournament.players import views as player_pages
from swissweb.tournament.players import workspace_views as player_workspace
from swissweb.tournament.publishing import arbiter_views as publishing_arbiter
from swissweb.tournament.publishing import views as publishing_pages
from swissweb.tournament.rounds import arbiter_views as round_arbiter
from swissweb.tournament.rounds import views as round_pages
from swissweb.tournament.rounds import workspace_views as round_workspace
from swissweb.tournament.standings import views as standing_pages
from swissweb.tournament.standings import workspace_views as standing_workspace

app_name = "tournament"

urlpatterns = [
    # Public
    path("", event_pages.event_list, name="event_list"),
    path("events/new/", event_arbiter.event_create, name="event_create"),
    path("events/import/", event_arbiter.event_import, name="event_import"),
    path("events/<slug:slug>/", event_pages.event_detail, name="event_detail"),
    path(
        "events/<slug:slug>/rounds/<int:number>/", round_pages.round_pairings, name="round_pairings"
    ),
    path(
        "events/<slug:slug>/players/<int:pairing_number>/",
        player_pages.player_card,
        name="player_card",
    ),
    path("events/<slug:slug>/starting-rank/", player_pages.starting_rank, name="starting_rank"),
    path("events/<slug:slug>/standings/", standing_pages.standings, name="standings"),
    path("events/<slug:slug>/games.pgn", publishing_pages.event_pgn, name="event_pgn"),
    path("events/<slug:slug>/find/", player_pages.player_search, name="player_search"),
    path("events/<slug:slug>/teams/", standing_pages.teams, name="teams"),
    path("p/<str:code>/", player_pages.player_page, name="player_page"),
    path("events/<slug:slug>/enter/", entry_pages.entry_form, name="entry_form"),
    path("entry/<str:code>/", entry_pages.entry_done, name="entry_done"),
    path(
        "events/<slug:slug>/asks/<int:ask_id>/decide/",
        player_workspace.ask_decide,
        name="ask_decide",
    ),
    path("events/<slug:slug>/prizes/", standing_pages.prizes, name="prizes"),
    path("events/<slug:slug>/prizes.csv", standing_pages.prizes_csv, name="prizes_csv"),
    path(
        "events/<slug:slug>/rounds/<int:number>/games.pgn",
        publishing_pages.round_pgn,
        name="round_pgn",
    ),
    path("events/<slug:slug>/standings.csv", standing_pages.standings_csv, name="standings_csv"),
    path("events/<slug:slug>/crosstable/", standing_pages.crosstable, name="crosstable"),
    # Arbiter
    path("events/<slug:slug>/manage/", event_arbiter.event_manage, name="event_manage"),
    path("events/<slug:slug>/edit/", event_arbiter.event_edit, name="event_edit"),
    path("events/<slug:slug>/arbiters/", event_arbiter.arbiter_add, name="arbiter_add"),
    path("events/<slug:slug>/players/add/", player_arbiter.player_add, name="player_add"),
    path(
        "events/<slug:slug>/players/ratings/",
        player_arbiter.ratings_refresh,
        name="ratings_refresh",
    ),
    path(
        "events/<slug:slug>/players/import/", player_arbiter.players_import, name="players_import"
    ),
    path(
        "events/<slug:slug>/players/import-trf/",
        player_arbiter.players_import_trf,
        name="players_import_trf",
    ),
    path("events/<slug:slug>/export.trf", publishing_arbiter.export_trf, name="export_trf"),
    path(
        "events/<slug:slug>/report-<str:edition>.trf",
        publishing_arbiter.rating_report,
        name="rating_report",
    ),
    path(
        "events/<slug:slug>/report-national.csv",
        publishing_arbiter.national_report,
        name="national_report",
    ),
    path("events/<slug:slug>/start/", event_arbiter.event_start, name="event_start"),
    path(
        "events/<slug:slug>/players/<int:player_id>/number/",
        player_arbiter.pairing_number_set,
        name="pairing_number_set",
    ),
    path(
        "events/<slug:slug>/players/<int:player_id>/withdraw/",
        player_arbiter.player_withdraw,
        name="player_withdraw",
    ),
    path(
        "events/<slug:slug>/players/<int:player_id>/top/",
        player_arbiter.player_top_set,
        name="player_top_set",
    ),
    path(
        "events/<slug:slug>/players/<int:player_id>/fixed-board/",
        player_arbiter.player_fixed_board,
        name="player_fixed_board",
    ),
    path("events/<slug:slug>/requests/", player_arbiter.round_request, name="round_request"),
    path("events/<slug:slug>/forbidden/", player_arbiter.forbidden_pair_add, name="forbidden_add"),
    path("events/<slug:slug>/pair/", round_arbiter.round_pair, name="round_pair"),
    path(
        "events/<slug:slug>/rounds/<int:number>/repair/",
        round_arbiter.round_repair,
        name="round_repair",
    ),
    path(
        "events/<slug:slug>/rounds/<int:number>/delete/",
        round_arbiter.round_delete,
        name="round_delete",
    ),
    path(
        "events/<slug:slug>/rounds/<int:number>/publish/",
        round_arbiter.round_publish,
        name="round_publish",
    ),
    path(
        "events/<slug:slug>/rounds/<int:number>/swap/",
        round_arbiter.draft_swap,
        name="draft_swap",
    ),
    path(
        "events/<slug:slug>/rounds/<int:number>/redraw/",
        round_arbiter.round_redraw,
        name="round_redraw",
    ),
    path(
        "events/<slug:slug>/rounds/<int:number>/flip/",
        round_arbiter.draft_flip_board,
        name="draft_flip_board",
    ),
    path(
        "events/<slug:slug>/rounds/<int:number>/results/",
        round_arbiter.results_enter,
        name="results_enter",
    ),
    path(
        "events/<slug:slug>/rounds/<int:number>/correct/",
        round_arbiter.round_correct,
        name="round_correct",
    ),
    path(
        "events/<slug:slug>/games/<int:game_id>/flip/",
        round_arbiter.draft_flip,
        name="draft_flip",
    ),
    path(
        "events/<slug:slug>/games/<int:game_id>/result/",
        round_arbiter.result_enter,
        name="result_enter",
    ),
    # The arbiter's workspace (#20): one page per task; /manage/ leads to the round in play.
    path("my-events/", event_workspace.my_events, name="my_events"),
    path(
        "events/<slug:slug>/manage/players/",
        player_workspace.players,
        name="workspace_players",
    ),
    path(
        "events/<slug:slug>/manage/players/find/",
        player_workspace.player_find,
        name="workspace_player_find",
    ),
    path(
        "events/<slug:slug>/manage/players/<int:player_id>/",
        player_workspace.player,
        name="workspace_player",
    ),
    path(
        "events/<slug:slug>/manage/players/cards/",
        link_views.player_cards,
        name="workspace_player_cards",
    ),
    path(
        "events/<slug:slug>/manage/players/<int:player_id>/link/",
        link_views.player_link,
        name="workspace_player_link",
    ),
    path(
        "events/<slug:slug>/players/<int:player_id>/link/rotate/",
        link_views.player_link_rotate,
        name="player_link_rotate",
    ),
    path(
        "events/<slug:slug>/manage/rounds/<int:number>/",
        round_workspace.round_page,
        name="workspace_round",
    ),
    path(
        "events/<slug:slug>/manage/rounds/<int:number>/print/",
        round_workspace.round_print,
        name="workspace_round_print",
    ),
    path(
        "events/<slug:slug>/manage/rounds/<int:number>/why/",
        round_workspace.round_why,
        name="workspace_round_why",
    ),
    path(
        "events/<slug:slug>/manage/check-in/",
        check_in_views.desk,
        name="workspace_check_in",
    ),
    path(
        "events/<slug:slug>/check-in/mark/",
        check_in_views.mark,
        name="check_in_mark",
    ),
    path(
        "events/<slug:slug>/check-in/window/",
        check_in_views.window_set,
        name="check_in_window",
    ),
    path(
        "events/<slug:slug>/manage/requests/",
        player_workspace.requests,
        name="workspace_requests",
    ),
    path("events/<slug:slug>/manage/audit/", audit_views.audit, name="workspace_audit"),
    path(
        "events/<slug:slug>/manage/standings/",
        standing_workspace.standings,
        name="workspace_standings",
    ),
    path(
        "events/<slug:slug>/manage/crosstable/",
        standing_workspace.crosstable,
        name="workspace_crosstable",
    ),
    path("events/<slug:slug>/manage/prizes/", standing_workspace.prizes, name="workspace_prizes"),
    path(
        "events/<slug:slug>/manage/standings.csv",
        standing_workspace.standings_csv,
        name="workspace_standings_csv",
    ),
    path(
        "events/<slug:slug>/manage/prizes.csv",
        standing_workspace.prizes_csv,
        name="workspace_prizes_csv",
    ),
    path("events/<slug:slug>/manage/entries/", entry_workspace.entries, name="workspace_entries"),
    path(
        "events/<slug:slug>/manage/entries/settings/",
        entry_workspace.entry_settings,
        name="workspace_entry_settings",
    ),
    path(
        "events/<slug:slug>/manage/entries/entries.csv",
        entry_workspace.entries_csv,
        name="entries_csv",
    ),
    path(
        "events/<slug:slug>/entries/<int:entry_id>/<str:action>/",
        entry_workspace.entry_decide,
        name="entry_decide",
    ),
    path(
        "events/<slug:slug>/manage/schedule/",
        event_workspace.schedule_page,
        name="workspace_schedule",
    ),
    path("events/<slug:slug>/publish/", event_workspace.event_publish, name="event_publish"),
    path(
        "events/<slug:slug>/manage/arbiters/",
        event_workspace.arbiters,
        name="workspace_arbiters",
    ),
    path(
        "events/<slug:slug>/players/<int:player_id>/reinstate/",
        player_workspace.player_reinstate,
        name="player_reinstate",
    ),
    path(
        "events/<slug:slug>/rounds/<int:number>/unpublish/",
        round_workspace.round_unpublish,
        name="round_unpublish",
    ),
    path(
        "events/<slug:slug>/requests/<int:request_id>/edit/",
        player_workspace.request_edit,
        name="round_request_edit",
    ),
    path(
        "events/<slug:slug>/requests/<int:request_id>/delete/",
        player_workspace.request_delete,
        name="round_request_delete",
    ),
    path(
        "events/<slug:slug>/forbidden/<int:pair_id>/edit/",
        player_workspace.forbidden_edit,
        name="forbidden_edit",
    ),
    path(
        "events/<slug:slug>/forbidden/<int:pair_id>/delete/",
        player_workspace.forbidden_delete,
        name="forbidden_delete",
    ),
    path(
        "events/<slug:slug>/players/<int:player_id>/move/",
        festival_arbiter.player_move,
        name="player_move",
    ),
    # Festivals (#34 item 1): an argument named ``festival``, not ``slug`` (an event's).
    path("festivals/new/", festival_arbiter.festival_create, name="festival_create"),
    path("festivals/import/", festival_arbiter.festival_import, name="festival_import"),
    path("festivals/<slug:festival>/", festival_pages.festival_detail, name="festival_detail"),
    path("festivals/<slug:festival>/enter/", festival_pages.festival_enter, name="festival_enter"),
    path(
        "festivals/<slug:festival>/manage/",
        festival_arbiter.festival_manage,
        name="festival_manage",
    ),
    path(
        "festivals/<slug:festival>/sections/add/",
        festival_arbiter.section_add,
        name="festival_section_add",
    ),
    path(
        "festivals/<slug:festival>/sections/attach/",
        festival_arbiter.section_attach,
        name="festival_section_attach",
    ),
    path(
        "festivals/<slug:festival>/sections/arrange/",
        festival_arbiter.sections_arrange,
        name="festival_sections_arrange",
    ),
    path(
        "festivals/<slug:festival>/sections/<int:event_id>/rules/",
        festival_arbiter.section_rules,
        name="festival_section_rules",
    ),
    path(
        "festivals/<slug:festival>/arbiters/",
        festival_arbiter.festival_arbiter_add,
        name="festival_arbiter_add",
    ),
    path(
        "festivals/<slug:festival>/backup.zip",
        festival_arbiter.festival_backup,
        name="festival_backup",
    ),
    path("festivals/<slug:festival>/edit/", festival_edit.festival_edit, name="festival_edit"),
    path(
        "festivals/<slug:festival>/sections/<int:event_id>/detach/",
        festival_edit.section_detach,
        name="festival_section_detach",
    ),
    path(
        "festivals/<slug:festival>/sections/<int:event_id>/delete/",
        festival_edit.section_delete,
        name="festival_section_delete",
    ),
    path(
        "festivals/<slug:festival>/entries/",
        festival_entries.festival_entries,
        name="festival_entries",
    ),
    path(
        "festivals/<slug:festival>/entries.csv",
        festival_entries.festival_entries_csv,
        name="festival_entries_csv",
    ),
]

PUBLIC_PAGES = frozenset(
    module.__name__
    for module in (
        event_pages,
        round_pages,
        player_pages,
        standing_pages,
        publishing_pages,
        festival_pages,
    )
)
"""The modules of the public pages, each domain's ``views``."""

# An event's old slugs (#20): every URL with a slug leads from a slug the event had
# before to its present one; public pages permanently (301), the arbiter's with 302/307.
for _pattern in urlpatterns:
    if isinstance(_pattern, URLPattern) and "<slug:slug>" in str(_pattern.pattern):
        _pattern.callback = follow_old_slug(
            _pattern.callback, permanent=_pattern.callback.__module__ in PUBLIC_PAGES
        )
