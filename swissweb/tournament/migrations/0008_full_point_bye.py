"""Full-point byes (#20): a request kind ``F`` and the event's points for it.

Until now the engine was given a win's points for a full-point bye; events that exist
keep that value, so their exports and standings stay as they were.  New events start
with the field's default (one point).
"""

from django.db import migrations, models
from django.db.models import F


def full_bye_worth_a_win(apps, schema_editor):
    apps.get_model('tournament', 'Event').objects.update(points_full_bye=F('points_win'))


class Migration(migrations.Migration):

    dependencies = [
        ('tournament', '0007_merge_settings_and_constraints'),
    ]

    operations = [
        migrations.RemoveConstraint(
            model_name='roundrequest',
            name='round_request_kind_valid',
        ),
        migrations.AddField(
            model_name='event',
            name='points_full_bye',
            field=models.PositiveSmallIntegerField(default=2, help_text='In half-points.'),
        ),
        migrations.RunPython(full_bye_worth_a_win, migrations.RunPython.noop),
        migrations.AlterField(
            model_name='roundrequest',
            name='kind',
            field=models.CharField(choices=[('H', 'Half-point bye'), ('F', 'Full-point bye'), ('Z', 'Known absence (zero points)')], max_length=1),
        ),
        migrations.AddConstraint(
            model_name='roundrequest',
            constraint=models.CheckConstraint(condition=models.Q(('kind__in', ['H', 'F', 'Z'])), name='round_request_kind_valid', violation_error_message='A request is a half-point bye, a full-point bye or a known absence.'),
        ),
    ]
