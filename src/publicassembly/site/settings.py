"""Django settings of publicassembly, driven by the environment.

Environment:
- ``DATABASE_URL``: PostgreSQL (or any dj-database-url URL); unset → SQLite in WAL mode at
  ``<data dir>/publicassembly.sqlite3`` (data dir: ``PUBLICASSEMBLY_DATA_DIR``, else XDG data home).
- ``PUBLICASSEMBLY_DEBUG`` (0/1, default 0); ``PUBLICASSEMBLY_SECRET_KEY`` (required unless DEBUG; Django
  refuses to sign sessions or CSRF tokens with an empty key).
- ``PUBLICASSEMBLY_ALLOWED_HOSTS``, ``PUBLICASSEMBLY_CSRF_TRUSTED_ORIGINS`` (comma-separated),
  ``PUBLICASSEMBLY_SECURE`` (1 behind HTTPS: secure cookies, HSTS, SSL redirect).
- ``EMAIL_HOST``, ``EMAIL_PORT``, ``EMAIL_HOST_USER``, ``EMAIL_HOST_PASSWORD``, ``EMAIL_USE_TLS``,
  ``DEFAULT_FROM_EMAIL``; ``EMAIL_BACKEND`` (default SMTP; Django's console backend prints the e-mails).
- ``PUBLICASSEMBLY_SECRET_KEY_FILE``: a file holding the secret key, read when the variable above is unset
  (default ``<data dir>/secret_key``, which ``publicassembly serve`` creates on first start).
- ``PUBLICASSEMBLY_DOCUMENTS_DIR``, ``PUBLICASSEMBLY_MAX_DOCUMENT_BYTES``: uploaded documents (see below).
- ``PUBLICASSEMBLY_LOGIN_MAX_FAILURES`` (default 5) failed sign-ins per account, and 20 per client address,
  within ``PUBLICASSEMBLY_LOGIN_WINDOW_SECONDS`` (default 900) lock further sign-ins out for that window.
- ``PUBLICASSEMBLY_IDEMPOTENCY_KEY_SECONDS`` (default 86400, 24 hours): how long the API keeps the answer to a
  request sent with an ``Idempotency-Key`` header (replayed to the same request sent again with that key).
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

import publicassembly
from publicassembly.site.paths import data_dir, sqlite_path


def _env_bool(name: str, default: bool) -> bool:
    raw = os.environ.get(name)
    if raw is None or not raw.strip():
        return default
    return raw.strip().lower() in ("1", "true", "yes", "on")


def _env_int(name: str, default: int, least: int = 0) -> int:
    """The whole number the environment variable `name` gives (`default` when unset or blank); raises
    `ImproperlyConfigured` naming the variable and what it takes for anything else (``abc``, ``1.5``, below
    `least`), rather than a traceback of ``int()`` or a setting that makes no sense (a key kept 0 seconds)."""
    raw = os.environ.get(name, "").strip()
    if not raw:
        return default
    try:
        value = int(raw, 10)
    except ValueError:
        value = None
    if value is None or value < least:
        raise ImproperlyConfigured(f"{name}: {raw[:40]!r} is not allowed; give a whole number of at least {least} "
                                   f"(default {default})")
    return value


def _env_list(name: str, default: list[str]) -> list[str]:
    raw = os.environ.get(name, "")
    items = [x.strip() for x in raw.split(",") if x.strip()]
    return items or default


BASE_DIR = Path(__file__).resolve().parent.parent  # src/publicassembly

DEBUG = _env_bool("PUBLICASSEMBLY_DEBUG", False)
_DEV_SECRET_KEY = "django-insecure-publicassembly-development-only-never-in-production"
SECRET_KEY_FILE = Path(os.environ.get("PUBLICASSEMBLY_SECRET_KEY_FILE", "") or data_dir() / "secret_key")


def _secret_key_from_file() -> str:
    with contextlib.suppress(OSError):
        return SECRET_KEY_FILE.read_text(encoding="utf-8").strip()
    return ""


SECRET_KEY = (os.environ.get("PUBLICASSEMBLY_SECRET_KEY", "") or _secret_key_from_file()
              or (_DEV_SECRET_KEY if DEBUG else ""))

ALLOWED_HOSTS = _env_list(
    "PUBLICASSEMBLY_ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]"] if DEBUG else []
)
CSRF_TRUSTED_ORIGINS = _env_list("PUBLICASSEMBLY_CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "simple_history",
    "publicassembly.accounts",
    "publicassembly.permits",
    "publicassembly.venues",
    "publicassembly.enforcement",
    "publicassembly.web",
    "publicassembly.api",
    "ninja",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "publicassembly.api.errors.ApiErrorsAsJson",  # errors under /api/ as JSON, never the HTML pages
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "publicassembly.api.errors.ApiAnswersInEnglish",  # the API's answers are English (pages are translated)
    "django.middleware.common.CommonMiddleware",
    "publicassembly.web.middleware.MethodNotAllowedMiddleware",  # 405 for a method a page does not take (before CSRF)
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "publicassembly.web.middleware.LengthRequiredMiddleware",  # 411 for a chunked body (before a view reads it)
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "simple_history.middleware.HistoryRequestMiddleware",
    "publicassembly.web.middleware.SecurityHeadersMiddleware",
    "publicassembly.web.middleware.WorkflowErrorMiddleware",
]

ROOT_URLCONF = "publicassembly.site.urls"
WSGI_APPLICATION = "publicassembly.site.wsgi.application"
ASGI_APPLICATION = "publicassembly.site.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "publicassembly.web.context.messages",  # (after Django's: a refused form's page shows only its own)
                "publicassembly.web.context.site",
            ],
        },
    },
]

# --- Database -----------------------------------------------------------------------------------------
#: SQLite: WAL so readers never block the writer; IMMEDIATE transactions so two writers queue on the
#: busy timeout instead of failing with "database is locked" on lock upgrade.
SQLITE_OPTIONS = {
    "init_command": "PRAGMA journal_mode=WAL;PRAGMA synchronous=NORMAL",
    "transaction_mode": "IMMEDIATE",
    "timeout": 20,
}

if os.environ.get("DATABASE_URL", "").strip():
    DATABASES = {"default": dj_database_url.parse(os.environ["DATABASE_URL"].strip(), conn_max_age=60)}
    if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
        DATABASES["default"].setdefault("OPTIONS", {}).update(SQLITE_OPTIONS)
else:
    # SQLite cannot create the file's folder itself; a failure is reported by SQLite when it is used.
    with contextlib.suppress(OSError):
        sqlite_path().parent.mkdir(parents=True, exist_ok=True)
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": str(sqlite_path()),
            "OPTIONS": dict(SQLITE_OPTIONS),
        }
    }

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- Accounts -------------------------------------------------------------------------------------------
AUTH_USER_MODEL = "accounts.User"
PASSWORD_HASHERS = [
    "django.contrib.auth.hashers.Argon2PasswordHasher",
    "django.contrib.auth.hashers.PBKDF2PasswordHasher",
    "django.contrib.auth.hashers.PBKDF2SHA1PasswordHasher",
    "django.contrib.auth.hashers.ScryptPasswordHasher",
]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator", "OPTIONS": {"min_length": 10}},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "/accounts/login/"
LOGIN_REDIRECT_URL = "/dashboard/"
LOGOUT_REDIRECT_URL = "/"
#: Sign-in throttle (publicassembly.web.throttle, stored in the database so every app server shares it).
LOGIN_MAX_FAILURES = _env_int("PUBLICASSEMBLY_LOGIN_MAX_FAILURES", 5, least=1)
LOGIN_MAX_FAILURES_PER_ADDRESS = _env_int("PUBLICASSEMBLY_LOGIN_MAX_FAILURES_PER_ADDRESS", 20, least=1)
LOGIN_WINDOW_SECONDS = _env_int("PUBLICASSEMBLY_LOGIN_WINDOW_SECONDS", 900, least=1)
#: The JSON API's stored answers to requests sent with an ``Idempotency-Key`` (publicassembly.api.idempotency):
#: kept this many seconds after the first request, then the key may be used again (docs/operations.md).
IDEMPOTENCY_KEY_SECONDS = _env_int("PUBLICASSEMBLY_IDEMPOTENCY_KEY_SECONDS", 86400, least=1)

#: History: reasons are a clerk's sentences, not 100 characters.
SIMPLE_HISTORY_HISTORY_CHANGE_REASON_USE_TEXT_FIELD = True

# --- E-mail (notices to applicants, officials) -----------------------------------------------------------
EMAIL_BACKEND = os.environ.get("EMAIL_BACKEND", "django.core.mail.backends.smtp.EmailBackend")
EMAIL_HOST = os.environ.get("EMAIL_HOST", "localhost")
EMAIL_PORT = _env_int("EMAIL_PORT", 25, least=1)
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = _env_bool("EMAIL_USE_TLS", False)
EMAIL_TIMEOUT = 30
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "publicassembly@localhost")
SERVER_EMAIL = DEFAULT_FROM_EMAIL

# --- Time and language -------------------------------------------------------------------------------------
LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("es", "Español")]
#: Spanish numbers as written in the United States ("1,600"; site/formats/es/formats.py).
FORMAT_MODULE_PATH = ["publicassembly.site.formats"]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = publicassembly.TIME_ZONE
USE_I18N = True
USE_TZ = True

# --- Static files (WhiteNoise) -------------------------------------------------------------------------------
STATIC_URL = "/static/"
STATIC_ROOT = Path(os.environ.get("PUBLICASSEMBLY_STATIC_ROOT", str(BASE_DIR.parent.parent / "staticfiles")))
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"
        if not DEBUG and _env_bool("PUBLICASSEMBLY_MANIFEST_STATIC", True)
        else "django.contrib.staticfiles.storage.StaticFilesStorage"
    },
}

# --- Uploaded documents: stored by the permits service outside every static root under random names
# (PUBLICASSEMBLY_DOCUMENTS_DIR, default <data dir>/documents) and served only through a view that checks who
# asks. Size: PUBLICASSEMBLY_MAX_DOCUMENT_BYTES (default 10 MiB); types: PDF, PNG, JPEG (by signature). ----------
PUBLICASSEMBLY_MAX_DOCUMENT_BYTES = _env_int("PUBLICASSEMBLY_MAX_DOCUMENT_BYTES", 10 * 1024 * 1024, least=1)
if os.environ.get("PUBLICASSEMBLY_DOCUMENTS_DIR", "").strip():
    PUBLICASSEMBLY_DOCUMENTS_DIR = os.environ["PUBLICASSEMBLY_DOCUMENTS_DIR"].strip()
FILE_UPLOAD_MAX_MEMORY_SIZE = 2 * 1024 * 1024
DATA_UPLOAD_MAX_MEMORY_SIZE = 2 * 1024 * 1024
DATA_UPLOAD_MAX_NUMBER_FIELDS = 2000
FILE_UPLOAD_PERMISSIONS = 0o640

# --- Security (production values when PUBLICASSEMBLY_SECURE=1, i.e. served over HTTPS) ---------------------
_SECURE = _env_bool("PUBLICASSEMBLY_SECURE", False)
SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_SAMESITE = "Lax"
SESSION_COOKIE_AGE = 8 * 60 * 60  # a working day
CSRF_COOKIE_HTTPONLY = True
CSRF_FAILURE_VIEW = "publicassembly.web.views.errors.csrf_failure"
SESSION_COOKIE_SECURE = _SECURE
CSRF_COOKIE_SECURE = _SECURE
SECURE_SSL_REDIRECT = _SECURE and _env_bool("PUBLICASSEMBLY_SSL_REDIRECT", True)
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https") if _SECURE else None
SECURE_HSTS_SECONDS = _env_int("PUBLICASSEMBLY_HSTS_SECONDS", 31536000 if _SECURE else 0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = _SECURE
SECURE_HSTS_PRELOAD = _env_bool("PUBLICASSEMBLY_HSTS_PRELOAD", False)
#: HSTS preloading commits every subdomain of the town's domain to HTTPS for good; the town decides
#: (PUBLICASSEMBLY_HSTS_PRELOAD=1), so `check --deploy` does not warn about leaving it off.
SILENCED_SYSTEM_CHECKS = ["security.W021"]
#: Content-Security-Policy of every page (publicassembly.web.middleware): scripts and styles from this site only.
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; "
    "connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'self'; object-src 'none'"
)
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("PUBLICASSEMBLY_LOG_LEVEL", "WARNING")},
}
