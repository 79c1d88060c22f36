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

# SQLite: a test database in a file (as deployed, in WAL mode) rather than in memory, so tests with several
# threads or processes writing at once see SQLite's real locking (in memory, a second writer fails at once
# with "table is locked"). One file per test process (its pid), so runs side by side never share one.
import os as _os  # noqa: E402
import tempfile as _tempfile  # noqa: E402

if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":  # noqa: F405
    DATABASES["default"]["TEST"] = {  # noqa: F405
        "NAME": _os.path.join(_tempfile.gettempdir(), f"publicassembly-test-{_os.getpid()}.sqlite3"),
    }

# Tests serve static files through the finders (WhiteNoise's autorefresh) and never collect them; an empty
# folder of its own keeps WhiteNoise from warning about a missing STATIC_ROOT.
STATIC_ROOT = Path(_tempfile.gettempdir()) / "publicassembly-test-static"  # noqa: F405
STATIC_ROOT.mkdir(exist_ok=True)
WHITENOISE_AUTOREFRESH = True
