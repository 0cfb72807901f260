"""Plain messages for every constraint (#20): a refusal names the rule, never the
constraint.  Django keeps the message in the model state only: no SQL runs."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('tournament', '0005_event_page_versions'),
    ]

    operations = [
        migrations.AlterConstraint(
            model_name='event',
            name='event_system_valid',
            constraint=models.CheckConstraint(condition=models.Q(('system__in', ['dutch1992', 'lim', 'esca', 'sb'])), name='event_system_valid', violation_error_message='Choose one of the pairing systems.'),
        ),
        migrations.AlterConstraint(
            model_name='event',
            name='event_initial_colour_valid',
            constraint=models.CheckConstraint(condition=models.Q(('initial_colour__in', ['lot', 'white', 'black'])), name='event_initial_colour_valid', violation_error_message='Round 1 colour: by lot, white or black.'),
        ),
        migrations.AlterConstraint(
            model_name='event',
            name='event_rounds_positive',
            constraint=models.CheckConstraint(condition=models.Q(('rounds__gte', 1)), name='event_rounds_positive', violation_error_message='An event has at least one round.'),
        ),
        migrations.AlterConstraint(
            model_name='event',
            name='event_dates_ordered',
            constraint=models.CheckConstraint(condition=models.Q(('end_date__isnull', True), ('start_date__isnull', True), ('end_date__gte', models.F('start_date')), _connector='OR'), name='event_dates_ordered', violation_error_message='The end date cannot be before the start date.'),
        ),
        migrations.AlterConstraint(
            model_name='forbiddenpair',
            name='forbidden_pair_ordered',
            constraint=models.CheckConstraint(condition=models.Q(('first__lt', models.F('second'))), name='forbidden_pair_ordered', violation_error_message='A forbidden pair is two different players.'),
        ),
        migrations.AlterConstraint(
            model_name='forbiddenpair',
            name='forbidden_pair_unique',
            constraint=models.UniqueConstraint(fields=('event', 'first', 'second'), name='forbidden_pair_unique', violation_error_message='These two players are kept apart already.'),
        ),
        migrations.AlterConstraint(
            model_name='game',
            name='game_board_unique',
            constraint=models.UniqueConstraint(fields=('round', 'board'), name='game_board_unique', violation_error_message='Two games of a round cannot have the same board number.'),
        ),
        migrations.AlterConstraint(
            model_name='game',
            name='game_white_once_per_round',
            constraint=models.UniqueConstraint(fields=('round', 'white'), name='game_white_once_per_round', violation_error_message='A player plays at most one game per round.'),
        ),
        migrations.AlterConstraint(
            model_name='game',
            name='game_black_once_per_round',
            constraint=models.UniqueConstraint(fields=('round', 'black'), name='game_black_once_per_round', violation_error_message='A player plays at most one game per round.'),
        ),
        migrations.AlterConstraint(
            model_name='game',
            name='game_white_is_not_black',
            constraint=models.CheckConstraint(condition=models.Q(('white', models.F('black')), _negated=True), name='game_white_is_not_black', violation_error_message='A player cannot play against himself.'),
        ),
        migrations.AlterConstraint(
            model_name='game',
            name='game_board_positive',
            constraint=models.CheckConstraint(condition=models.Q(('board__gte', 1)), name='game_board_positive', violation_error_message='Boards are numbered from 1.'),
        ),
        migrations.AlterConstraint(
            model_name='game',
            name='game_result_valid',
            constraint=models.CheckConstraint(condition=models.Q(('result__in', ['', '1-0', '0-1', '1/2', '+-', '-+', '--', 'adj', 'bye'])), name='game_result_valid', violation_error_message='Choose a result from the list.'),
        ),
        migrations.AlterConstraint(
            model_name='game',
            name='game_bye_has_no_black',
            constraint=models.CheckConstraint(condition=models.Q(models.Q(('black__isnull', True), ('result', 'bye')), models.Q(('black__isnull', False), models.Q(('result', 'bye'), _negated=True)), _connector='OR'), name='game_bye_has_no_black', violation_error_message='Only the pairing-allocated bye has no black player.'),
        ),
        migrations.AlterConstraint(
            model_name='player',
            name='player_pairing_number_unique',
            constraint=models.UniqueConstraint(fields=('event', 'pairing_number'), name='player_pairing_number_unique', violation_error_message='Two players cannot have the same pairing number.'),
        ),
        migrations.AlterConstraint(
            model_name='player',
            name='player_pairing_number_positive',
            constraint=models.CheckConstraint(condition=models.Q(('pairing_number__isnull', True), ('pairing_number__gte', 1), _connector='OR'), name='player_pairing_number_positive', violation_error_message='Pairing numbers start at 1.'),
        ),
        migrations.AlterConstraint(
            model_name='player',
            name='player_title_valid',
            constraint=models.CheckConstraint(condition=models.Q(('title__in', ['GM', 'WGM', 'IM', 'WIM', 'FM', 'WFM', 'CM', 'WCM', ''])), name='player_title_valid', violation_error_message='Choose a FIDE title from the list, or none.'),
        ),
        migrations.AlterConstraint(
            model_name='player',
            name='player_sex_valid',
            constraint=models.CheckConstraint(condition=models.Q(('sex__in', ['m', 'w', ''])), name='player_sex_valid', violation_error_message='Sex is male, female or not given.'),
        ),
        migrations.AlterConstraint(
            model_name='player',
            name='player_name_not_empty',
            constraint=models.CheckConstraint(condition=models.Q(('name', ''), _negated=True), name='player_name_not_empty', violation_error_message='A player needs a name.'),
        ),
        migrations.AlterConstraint(
            model_name='round',
            name='round_number_unique',
            constraint=models.UniqueConstraint(fields=('event', 'number'), name='round_number_unique', violation_error_message='An event has each round number once.'),
        ),
        migrations.AlterConstraint(
            model_name='round',
            name='round_number_positive',
            constraint=models.CheckConstraint(condition=models.Q(('number__gte', 1)), name='round_number_positive', violation_error_message='Rounds are numbered from 1.'),
        ),
        migrations.AlterConstraint(
            model_name='round',
            name='round_state_valid',
            constraint=models.CheckConstraint(condition=models.Q(('state__in', ['paired', 'published', 'completed'])), name='round_state_valid', violation_error_message='A round is paired, published or completed.'),
        ),
        migrations.AlterConstraint(
            model_name='round',
            name='round_published_has_timestamp',
            constraint=models.CheckConstraint(condition=models.Q(('state', 'paired'), ('published_at__isnull', False), _connector='OR'), name='round_published_has_timestamp', violation_error_message='A published round has the time it was published.'),
        ),
        migrations.AlterConstraint(
            model_name='roundrequest',
            name='round_request_once_per_round',
            constraint=models.UniqueConstraint(fields=('player', 'round_number'), name='round_request_once_per_round', violation_error_message='A player has at most one request per round.'),
        ),
        migrations.AlterConstraint(
            model_name='roundrequest',
            name='round_request_kind_valid',
            constraint=models.CheckConstraint(condition=models.Q(('kind__in', ['H', 'Z'])), name='round_request_kind_valid', violation_error_message='A request is a half-point bye or a known absence.'),
        ),
        migrations.AlterConstraint(
            model_name='roundrequest',
            name='round_request_round_positive',
            constraint=models.CheckConstraint(condition=models.Q(('round_number__gte', 1)), name='round_request_round_positive', violation_error_message='Rounds are numbered from 1.'),
        ),
    ]
