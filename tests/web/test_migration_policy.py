"""Which migrations allow an upgrade without downtime (#37, docs/deploying.md "Upgrades").

In a rolling upgrade the processes of the release before keep serving while the new
schema is in place.  A migration allows that when the old code's queries still work
after it: it adds tables, indexes, nullable columns or columns with a database default
(``db_default``), drops checks, or changes what Django keeps in Python only (labels,
help texts, choices, the Python-side ``default``).  It does not when it drops or renames
a column or table the old code reads, adds a NOT NULL column without a database default
(the old code's INSERT leaves it out and fails), changes a column's type or nullability,
adds a check the old code may break, or runs SQL of its own.

Every migration of the project that does not is named in ``NEEDS_DOWNTIME`` with why: an
upgrade across one of them is done with downtime.  A new migration that does not fails
this test until it is named there (and its release notes say so), or is split as
expand and contract: the column added nullable or with ``db_default`` in one release, the
old one dropped in a later release whose code no longer reads it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest
from django.db import migrations, models
from django.db.migrations.loader import MigrationLoader
from django.db.migrations.operations.base import Operation
from django.db.migrations.state import ProjectState

APPS = ("tournament", "ratings")

NOT_NULL = "adds NOT NULL columns without a database default"
NEEDS_DOWNTIME: dict[str, str] = {
    "tournament.0004_system_options": NOT_NULL,
    "tournament.0005_event_page_versions": NOT_NULL,
    "tournament.0006_event_settings": NOT_NULL,
    "tournament.0008_full_point_bye": NOT_NULL + "; a new check on request kinds",
    "tournament.0010_fide_dutch_2025": "a new check on the pairing system",
    "tournament.0011_tiebreak_rules": NOT_NULL,
    "tournament.0013_rating_report_fields": NOT_NULL,
    "tournament.0014_player_national_id": NOT_NULL,
    "tournament.0015_team_standings": NOT_NULL,
    "tournament.0016_prizes": NOT_NULL,
    "tournament.0017_player_self_service": "makes the private link column NOT NULL and unique",
    "tournament.0021_links_player_request_via_link": NOT_NULL,
    "tournament.0025_system_options_json": "drops the option columns the release before "
    "reads, in the release that stops reading them; " + NOT_NULL,
    "tournament.0026_schedule_fixed_boards": NOT_NULL
    + "; and a check on the fixed board an old process never writes",
}
"""Migrations an old process cannot run beside, by app and name, with the reason."""

PYTHON_ONLY = (
    migrations.AlterModelOptions,
    migrations.AlterModelManagers,
    migrations.AlterConstraint,
    migrations.RemoveConstraint,
    migrations.AddIndex,
    migrations.RunPython,
)
"""Operations whose SQL, if any, never breaks the queries of the release before."""


def _column_changes(old: models.Field[Any, Any], new: models.Field[Any, Any]) -> bool:
    """Whether altering ``old`` to ``new`` changes the column: what Django compares before
    an ALTER, plus ``default``, which Django keeps in Python only."""
    ignore = {*old.non_db_attrs, "default"}
    _, old_path, old_args, old_kwargs = old.deconstruct()
    _, new_path, new_args, new_kwargs = new.deconstruct()
    for name in ignore:
        old_kwargs.pop(name, None)
        new_kwargs.pop(name, None)
    return (old_path, old_args, old_kwargs) != (new_path, new_args, new_kwargs)


def hazards(app: str, operations: Sequence[Operation], state: ProjectState) -> list[str]:
    """What in ``operations`` (applied to ``state``, which they change) breaks the
    release before: each as ``Operation model.field``."""
    found: list[str] = []
    created: set[str] = set()
    for op in operations:
        kind = type(op).__name__
        if isinstance(op, migrations.CreateModel):
            created.add(op.name_lower)
        elif isinstance(op, migrations.AddField):
            field = op.field
            if not (
                field.null or field.many_to_many or field.db_default is not models.NOT_PROVIDED
            ):
                found.append(f"{kind} {op.model_name}.{op.name} NOT NULL")
        elif isinstance(op, migrations.AlterField):
            old = state.models[app, op.model_name_lower].fields[op.name]
            if _column_changes(old, op.field):
                found.append(f"{kind} {op.model_name}.{op.name}")
        elif isinstance(op, migrations.AddConstraint):
            added: Any = op  # the stubs leave out its model_name and constraint
            if added.model_name_lower not in created:
                found.append(f"{kind} {added.model_name}.{added.constraint.name}")
        elif isinstance(op, migrations.SeparateDatabaseAndState):
            # Only its database operations reach the database; its state ones are labels.
            found += hazards(app, op.database_operations, state.clone())
        elif not isinstance(op, PYTHON_ONLY):
            found.append(f"{kind} {op.describe()}")
        op.state_forwards(app, state)
    return found


def test_every_migration_needing_downtime_is_named_with_its_reason() -> None:
    """Each migration is either one an old process can run beside, or named in
    ``NEEDS_DOWNTIME``; and each named one still needs it (no stale entries)."""
    loader = MigrationLoader(None, ignore_no_migrations=True)
    found = {}
    for app, name in sorted(loader.disk_migrations):
        if app not in APPS:
            continue
        state = loader.project_state((app, name), at_end=False)
        if problems := hazards(app, loader.disk_migrations[app, name].operations, state):
            found[f"{app}.{name}"] = problems
    unnamed = {key: found[key] for key in sorted(set(found) - set(NEEDS_DOWNTIME))}
    assert unnamed == {}, (
        "These migrations break the release before during a rolling upgrade: split them "
        "(expand, then contract in a later release) or name them in NEEDS_DOWNTIME."
    )
    assert sorted(set(NEEDS_DOWNTIME) - set(found)) == []


def _char(**options: Any) -> models.CharField[Any, Any]:
    return models.CharField(max_length=10, **options)


@pytest.mark.parametrize(
    ("operation", "breaks"),
    [
        (migrations.AddField("event", "note", _char(null=True)), False),
        (migrations.AddField("event", "note", _char(db_default="")), False),
        (migrations.AddField("event", "note", _char(default="")), True),
        (migrations.AlterField("event", "name", _char(verbose_name="label")), False),
        (migrations.AlterField("event", "name", _char(default="x", help_text="h")), False),
        (migrations.AlterField("event", "name", models.CharField(max_length=20)), True),
        (migrations.AlterField("event", "name", _char(null=True)), True),
        (migrations.RemoveField("event", "name"), True),
        (migrations.RenameField("event", "name", "title"), True),
        (migrations.DeleteModel("event"), True),
        (migrations.RunSQL("SELECT 1", migrations.RunSQL.noop), True),
        (
            migrations.AddConstraint(
                "event", models.CheckConstraint(condition=models.Q(name__gt=""), name="named")
            ),
            True,
        ),
        (migrations.RemoveConstraint("event", "named"), False),
        (
            migrations.SeparateDatabaseAndState(
                state_operations=[migrations.AlterField("event", "name", _char(null=True))]
            ),
            False,
        ),
        (
            migrations.SeparateDatabaseAndState(
                database_operations=[migrations.RemoveField("event", "name")]
            ),
            True,
        ),
    ],
    ids=lambda value: type(value).__name__ if isinstance(value, Operation) else str(value),
)
def test_hazards_tell_what_breaks_the_release_before(operation: Operation, breaks: bool) -> None:
    """The classification on one operation against a model with a ``name`` column."""
    state = ProjectState()
    migrations.CreateModel("Event", [("id", models.AutoField(primary_key=True)),
                                     ("name", _char())]).state_forwards("x", state)  # fmt: skip
    assert bool(hazards("x", [operation], state)) is breaks
