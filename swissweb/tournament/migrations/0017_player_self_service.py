import secrets

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

import swissweb.tournament.models


def give_codes(apps, schema_editor):  # type: ignore[no-untyped-def]
    """Every player registered before gets a code of their own."""
    Player = apps.get_model("tournament", "Player")
    for player in Player.objects.filter(access_code__isnull=True).only("pk"):
        player.access_code = secrets.token_urlsafe(9)
        player.save(update_fields=["access_code"])


class Migration(migrations.Migration):
    dependencies = [
        ("tournament", "0016_prizes"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name="player",
            name="access_code",
            field=models.CharField(editable=False, max_length=16, null=True),
        ),
        migrations.RunPython(give_codes, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="player",
            name="access_code",
            field=models.CharField(
                default=swissweb.tournament.models.new_access_code,
                editable=False,
                help_text="The player's own page (/p/<code>/): ask for a bye, withdraw, confirm.",
                max_length=16,
                unique=True,
            ),
        ),
        migrations.CreateModel(
            name="PlayerRequest",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("created_at", models.DateTimeField(auto_now_add=True)),
                ("modified_at", models.DateTimeField(auto_now=True)),
                (
                    "kind",
                    models.CharField(
                        choices=[
                            ("bye", "a half-point bye"),
                            ("withdraw", "to withdraw from the event"),
                            ("attend", "to confirm they will play"),
                        ],
                        max_length=8,
                    ),
                ),
                ("round_number", models.PositiveSmallIntegerField(blank=True, null=True)),
                (
                    "state",
                    models.CharField(
                        choices=[
                            ("pending", "waiting for the arbiter"),
                            ("approved", "approved"),
                            ("refused", "refused"),
                        ],
                        default="pending",
                        max_length=8,
                    ),
                ),
                ("decided_at", models.DateTimeField(blank=True, null=True)),
                (
                    "decided_by",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
                (
                    "player",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="asks",
                        to="tournament.player",
                    ),
                ),
            ],
            options={"ordering": ["created_at"]},
        ),
    ]
