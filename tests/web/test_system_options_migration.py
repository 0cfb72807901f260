"""Migration 0025 moves the per-system option columns into ``Event.system_options``, and
back on reversal, keeping every event's options (#33)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("tournament", "0024_baku_c0407_help")]
AFTER = [("tournament", "0025_system_options_json")]

COLUMNS = {
    "plain": {},
    "lim": {"lim_maxi": True},
    "esca": {
        "esca_random": True,
        "esca_round1_area": False,
        "esca_avoid_defaulted_rematch": False,
    },
    "none_apart": {"esca_round1_area": False, "esca_round1_federation": False},
}
"""Events by slug, each with the columns that differ from the defaults."""

STORED = {
    "plain": {},
    "lim": {"lim_maxi": True},
    "esca": {
        "esca_random": True,
        "esca_round1_separation": ["federation"],
        "esca_avoid_defaulted_rematch": False,
    },
    "none_apart": {"esca_round1_separation": []},
}
"""What the migration stores: only the options that differ from their defaults."""


def _migrate(targets: list[tuple[str, str]]) -> MigrationExecutor:
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor


@pytest.fixture
def at_0023(transactional_db: None) -> Iterator[None]:
    _migrate(BEFORE)
    yield
    _migrate([("tournament", name) for name in _leaf()])


def _leaf() -> list[str]:
    executor = MigrationExecutor(connection)
    return [name for app, name in executor.loader.graph.leaf_nodes() if app == "tournament"]


def test_system_options_migration_moves_the_columns_and_back(at_0023: None) -> None:
    old = MigrationExecutor(connection).loader.project_state(BEFORE).apps
    OldEvent = old.get_model("tournament", "Event")  # noqa: N806 (a model class)
    for slug, columns in COLUMNS.items():
        OldEvent.objects.create(name=slug, slug=slug, rounds=5, **columns)

    new = _migrate(AFTER).loader.project_state(AFTER).apps
    NewEvent = new.get_model("tournament", "Event")  # noqa: N806
    stored = dict(NewEvent.objects.values_list("slug", "system_options"))
    assert stored == STORED

    back = _migrate(BEFORE).loader.project_state(BEFORE).apps
    names = [
        "lim_maxi", "esca_random", "esca_round1_area", "esca_round1_federation",
        "esca_avoid_half_bye_pairs", "esca_avoid_defaulted_rematch",
    ]  # fmt: skip
    defaults = {"lim_maxi": False, "esca_random": False}
    for event in back.get_model("tournament", "Event").objects.all():
        expected = {name: defaults.get(name, True) for name in names} | COLUMNS[event.slug]
        assert {name: getattr(event, name) for name in names} == expected, event.slug
