"""Help texts cite the rules in force (FIDE C.04.2 of 2026) instead of the 1992 Dutch
text's articles.  Only the help texts change; no column does."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournament", "0030_audit_actions_entries_check_in"),
    ]

    operations = [
        migrations.AlterField(
            model_name="event",
            name="tiebreaks",
            field=models.CharField(
                default="DE1,ARO,LOT",
                help_text="Tie-break codes of FIDE C.07 in order, comma-separated, each with its modifiers: for example BH-C1, BH, SB, ARO-M1, DE. The default is the 1992 Dutch rules' (F10).",
                max_length=100,
                verbose_name="tie-breaks",
            ),
        ),
        # State only: SQLite remakes a table to alter a generated column, even for a help
        # text, and would drop the game table's triggers with it.
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name="game",
                    name="played",
                    field=models.GeneratedField(
                        db_persist=True,
                        expression=models.Case(
                            models.When(
                                result__in=["1-0", "0-1", "1/2", "adj"], then=models.Value(True)
                            ),
                            default=models.Value(False),
                            output_field=models.BooleanField(),
                        ),
                        help_text="Counts as played for colours and meetings (C.04.2 3.4-3.5).",
                        output_field=models.BooleanField(),
                    ),
                ),
            ],
        ),
        migrations.AlterField(
            model_name="player",
            name="pairing_number",
            field=models.PositiveSmallIntegerField(
                blank=True,
                help_text="Assigned when the event starts (C.04.2 Article 2).",
                null=True,
                verbose_name="pairing number",
            ),
        ),
        migrations.AlterField(
            model_name="player",
            name="withdrawn_after_round",
            field=models.PositiveSmallIntegerField(
                blank=True,
                help_text="Withdrawn after this round (0: before round 1); not paired any more (C.04.2 3.2).",
                null=True,
                verbose_name="withdrawn after round",
            ),
        ),
    ]
