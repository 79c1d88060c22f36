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
