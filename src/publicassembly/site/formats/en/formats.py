"""English as the Towns write it: Django's English formats, with a time of day written "7:00 PM" (hours and
minutes, as the hearing's notice gives them), where Django's English wrote "7 p.m." The pages write a time with
the language's ``TIME_FORMAT`` (``|time``), so that a Spanish page says "19:00" (site/formats/es)."""

from django.conf.locale.en.formats import *  # noqa: F403 - Django's English formats, the time of day changed below

TIME_FORMAT = "g:i A"
