"""Settings for the test suite: the production settings with a fixed, test-only secret key.

Everything else (databases, WAL, Argon2, apps) is the real configuration, so tests run against both SQLite
and PostgreSQL (``DATABASE_URL``) exactly as deployed.
"""

from publicassembly.site.settings import *  # noqa: F403

SECRET_KEY = "publicassembly-test-suite-only-secret-key-not-for-production"  # noqa: S105
ALLOWED_HOSTS = ["testserver", "localhost", "127.0.0.1"]
EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}


# Argon2 as in production, with the cheapest parameters: Django's defaults (100 MiB, 2 passes) cost about a
# tenth of a second per password, which the suite pays for every user it creates. The algorithm and the
# stored format ("argon2$...") are the production ones.
PASSWORD_HASHERS = ["publicassembly.site.test_hashers.QuickArgon2PasswordHasher"]
