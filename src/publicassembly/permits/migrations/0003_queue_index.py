"""An index for the Clerk's queue: a town's applications by state and submission date."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('permits', '0002_hearing_time'),
    ]

    operations = [
        migrations.AddIndex(
            model_name='permitapplication',
            index=models.Index(fields=['town', 'state', 'submitted_on'], name='permits_queue_idx'),
        ),
    ]
