"""A player sits at most one board per round, whatever the colour.

Unique constraints on (round, white) and (round, black) cannot see a player who is white
on one board and black on another, so a trigger checks both columns.  PostgreSQL raises
SQLSTATE 23505 (unique_violation) and SQLite aborts with a constraint error: Django
reports both as ``IntegrityError``.
"""

from django.db import migrations

POSTGRES_CREATE = """
CREATE FUNCTION tournament_game_player_once_per_round() RETURNS trigger AS $$
BEGIN
    IF EXISTS (
        SELECT 1 FROM tournament_game g
        WHERE g.round_id = NEW.round_id AND g.id <> NEW.id
          AND (g.white_id IN (NEW.white_id, NEW.black_id)
               OR g.black_id IN (NEW.white_id, NEW.black_id))
    ) THEN
        RAISE EXCEPTION 'game_player_once_per_round: a player already has a game in this round'
            USING ERRCODE = 'unique_violation', CONSTRAINT = 'game_player_once_per_round';
    END IF;
    RETURN NEW;
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER game_player_once_per_round
    BEFORE INSERT OR UPDATE ON tournament_game
    FOR EACH ROW EXECUTE FUNCTION tournament_game_player_once_per_round();
"""

POSTGRES_DROP = """
DROP TRIGGER IF EXISTS game_player_once_per_round ON tournament_game;
DROP FUNCTION IF EXISTS tournament_game_player_once_per_round();
"""

SQLITE_CONDITION = """
    EXISTS (
        SELECT 1 FROM tournament_game g
        WHERE g.round_id = NEW.round_id AND g.id <> NEW.id
          AND (g.white_id IN (NEW.white_id, NEW.black_id)
               OR g.black_id IN (NEW.white_id, NEW.black_id))
    )
"""

SQLITE_CREATE = [
    f"""
    CREATE TRIGGER game_player_once_per_round_{action.lower()}
    BEFORE {action} ON tournament_game
    WHEN {SQLITE_CONDITION}
    BEGIN
        SELECT RAISE(ABORT, 'game_player_once_per_round: a player already has a game in this round');
    END;
    """
    for action in ("INSERT", "UPDATE")
]

SQLITE_DROP = [
    "DROP TRIGGER IF EXISTS game_player_once_per_round_insert;",
    "DROP TRIGGER IF EXISTS game_player_once_per_round_update;",
]


def create_trigger(apps, schema_editor):
    vendor = schema_editor.connection.vendor
    if vendor == "postgresql":
        schema_editor.execute(POSTGRES_CREATE)
    elif vendor == "sqlite":
        for statement in SQLITE_CREATE:
            schema_editor.execute(statement)
    else:
        raise NotImplementedError(f"no game_player_once_per_round trigger for {vendor}")


def drop_trigger(apps, schema_editor):
    vendor = schema_editor.connection.vendor
    if vendor == "postgresql":
        schema_editor.execute(POSTGRES_DROP)
    elif vendor == "sqlite":
        for statement in SQLITE_DROP:
            schema_editor.execute(statement)


class Migration(migrations.Migration):
    dependencies = [("tournament", "0001_initial")]

    operations = [migrations.RunPython(create_trigger, drop_trigger)]
