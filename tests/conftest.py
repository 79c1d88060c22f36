"""Shared test settings: hypothesis's profile, and each test starting in English."""

import pytest
from hypothesis import settings

# No timed assertions in tests: hypothesis's per-example deadline is a timing check, so it is off.
settings.register_profile("publicassembly", deadline=None, print_blob=True)
settings.load_profile("publicassembly")


@pytest.fixture(autouse=True)
def _english_after_each_test():
    """Django keeps the language of the last request active in the thread (LocaleMiddleware activates it and
    nothing deactivates it), so a Spanish page's test would leave the next test's messages in Spanish. Each
    test ends by returning to the default language; a law-only run without Django is left alone."""
    yield
    try:
        from django.conf import settings as django_settings
        from django.utils import translation

        if django_settings.configured:
            translation.activate(django_settings.LANGUAGE_CODE)
    except ImportError:
        pass


@pytest.fixture(autouse=True)
def _empty_cache_after_each_test():
    """What a server process keeps a while in Django's cache (the fee schedules for the public's questions,
    `permits.services.public_parameters`) is forgotten after each test, as the database is rolled back: a test
    never sees another's records through it."""
    yield
    try:
        from django.conf import settings as django_settings

        if django_settings.configured:
            from django.core.cache import cache

            cache.clear()
    except ImportError:
        pass


@pytest.fixture
def to_the_latest_migrations():
    """For a test that migrates the test database back to an old state (to test a migration): afterwards, pass or
    fail, every app is migrated forward to its latest migration again, so that the tests run after it in the same
    process meet today's schema (a test that stopped at the migration it tests left later ones unapplied)."""
    yield
    from django.db import connection
    from django.db.migrations.executor import MigrationExecutor

    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())


@pytest.fixture
def travel_to():
    """Move the clock (time-machine) to a day for the rest of the test: ``travel_to(hearing_on)`` — e.g. the day
    a public hearing scheduled ahead is held, since a service refuses to record what has not happened yet. The
    clock goes on ticking from 16:00 UTC (midday in New York) of that day. Given an aware datetime instead (e.g.
    07:00 in New York, a hearing's hour: P-37), the clock stands still at that moment."""
    import datetime as dt

    import time_machine

    travellers = []

    def go(day: dt.date) -> None:
        if isinstance(day, dt.datetime):
            assert day.tzinfo is not None, "an aware datetime: the moment, in a time zone"
            traveller = time_machine.travel(day, tick=False)
        else:
            traveller = time_machine.travel(dt.datetime.combine(day, dt.time(16, 0), tzinfo=dt.UTC), tick=True)
        traveller.start()
        travellers.append(traveller)

    yield go
    for traveller in reversed(travellers):
        traveller.stop()
