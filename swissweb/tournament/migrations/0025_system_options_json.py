"""The pairing systems' options move from one column each into ``Event.system_options``
(#33): ``{option name: value}``, as each system declares its options in the engine.

``acceleration`` stays a column: every system reads it, and it writes the TRF 192 record
as well as its SWO word.  The columns' values are copied into the JSON field, and back
on reversal (an option missing from the field gets its default).
"""

import swissweb.tournament.models.system_options
from django.db import migrations, models

FLAGS = (
    "lim_maxi",
    "esca_random",
    "esca_avoid_half_bye_pairs",
    "esca_avoid_defaulted_rematch",
)
"""The yes/no columns, each one option of the same name."""

SEPARATION = (("esca_round1_area", "area"), ("esca_round1_federation", "federation"))
"""ESCA 27's columns, each a member of the ``esca_round1_separation`` set."""

DEFAULTS = {
    "lim_maxi": False,
    "esca_random": False,
    "esca_avoid_half_bye_pairs": True,
    "esca_avoid_defaulted_rematch": True,
    "esca_round1_area": True,
    "esca_round1_federation": True,
}


def columns_to_json(apps, schema_editor):
    Event = apps.get_model("tournament", "Event")
    events = list(Event.objects.only("pk", *FLAGS, *(column for column, _ in SEPARATION)))
    for event in events:
        # Only the options that differ from their defaults, as the app stores them.
        options = {name: getattr(event, name) for name in FLAGS}
        options = {name: on for name, on in options.items() if on != DEFAULTS[name]}
        members = [member for column, member in SEPARATION if getattr(event, column)]
        if len(members) < len(SEPARATION):
            options["esca_round1_separation"] = members
        event.system_options = options
    Event.objects.bulk_update(events, ["system_options"], batch_size=500)


def json_to_columns(apps, schema_editor):
    Event = apps.get_model("tournament", "Event")
    events = list(Event.objects.only("pk", "system_options"))
    for event in events:
        options = event.system_options if isinstance(event.system_options, dict) else {}
        for name in FLAGS:
            setattr(event, name, bool(options.get(name, DEFAULTS[name])))
        members = options.get("esca_round1_separation")
        for column, member in SEPARATION:
            on = DEFAULTS[column] if not isinstance(members, list) else member in members
            setattr(event, column, on)
    Event.objects.bulk_update(
        events, [*FLAGS, *(column for column, _ in SEPARATION)], batch_size=500
    )


class Migration(migrations.Migration):
    dependencies = [
        ("tournament", "0024_baku_c0407_help"),
    ]

    operations = [
        migrations.AddField(
            model_name="event",
            name="system_options",
            field=models.JSONField(
                blank=True,
                default=dict,
                help_text="The options of the pairing systems, as each system declares them.",
                validators=[swissweb.tournament.models.system_options.validate_system_options],
                verbose_name="system options",
            ),
        ),
        migrations.RunPython(columns_to_json, json_to_columns),
        migrations.RemoveField(model_name="event", name="lim_maxi"),
        migrations.RemoveField(model_name="event", name="esca_random"),
        migrations.RemoveField(model_name="event", name="esca_round1_area"),
        migrations.RemoveField(model_name="event", name="esca_round1_federation"),
        migrations.RemoveField(model_name="event", name="esca_avoid_half_bye_pairs"),
        migrations.RemoveField(model_name="event", name="esca_avoid_defaulted_rematch"),
    ]
