"""An authorization to inspect (¶ D) keeps the address of the property it was recorded for (interpretation
P-12): filled here, for the authorizations already recorded, from their application's facts at their position."""

from django.db import migrations, models


def fill_addresses(apps, schema_editor):
    Authorization = apps.get_model("permits", "Authorization")
    for auth in Authorization.objects.select_related("application").iterator():
        properties = (auth.application.facts or {}).get("properties") or []
        if auth.property_index < len(properties) and isinstance(properties[auth.property_index], dict):
            auth.property_address = str(properties[auth.property_index].get("address") or "")
            auth.save(update_fields=["property_address"])


class Migration(migrations.Migration):

    dependencies = [
        ('permits', '0003_queue_index'),
    ]

    operations = [
        migrations.AddField(
            model_name='authorization',
            name='property_address',
            field=models.TextField(blank=True, default='', verbose_name="property's address"),
        ),
        migrations.AddField(
            model_name='historicalauthorization',
            name='property_address',
            field=models.TextField(blank=True, default='', verbose_name="property's address"),
        ),
        migrations.RunPython(fill_addresses, migrations.RunPython.noop),
    ]
