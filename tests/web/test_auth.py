"""Registration, sign-in with its throttle, CSRF on forms, Argon2 hashing, API tokens page."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.test import Client

from publicassembly.accounts.models import Membership, User

pytestmark = pytest.mark.django_db


def test_register_gives_the_applicant_role_and_signs_in():
    c = Client()
    r = c.post("/accounts/register/", {"username": "olga", "first_name": "Olga", "last_name": "Reyes",
                                       "email": "olga@example.org", "town": "carmel-ny",
                                       "password1": "a long passphrase 42", "password2": "a long passphrase 42"})
    assert r.status_code == 302
    user = User.objects.get(username="olga")
    assert user.password.startswith("argon2")
    assert Membership.objects.get(user=user).role == "applicant"
    assert c.get("/carmel-ny/apply/").status_code == 200


def test_register_bad_password_beside_the_field():
    r = Client().post("/accounts/register/", {"username": "x", "first_name": "X", "last_name": "Y",
                                              "email": "x@example.org", "town": "carmel-ny",
                                              "password1": "123", "password2": "123"})
    assert r.status_code == 422 and 'id="err-id_password2"' in r.content.decode()


def test_sign_in_is_throttled_after_repeated_failures():
    User.objects.create_user("ann", password="correct horse battery")
    c = Client()
    for _ in range(settings.LOGIN_MAX_FAILURES):
        assert c.post("/accounts/login/", {"username": "ann", "password": "wrong"}).status_code == 200
    r = c.post("/accounts/login/", {"username": "ann", "password": "correct horse battery"})
    assert r.status_code == 200 and "Too many failed sign-ins" in r.content.decode()


def test_sign_in_succeeds_below_the_limit():
    User.objects.create_user("bob", password="correct horse battery")
    c = Client()
    for _ in range(settings.LOGIN_MAX_FAILURES - 1):
        c.post("/accounts/login/", {"username": "bob", "password": "wrong"})
    assert c.post("/accounts/login/", {"username": "bob", "password": "correct horse battery"}).status_code == 302


def test_forms_need_the_csrf_token():
    User.objects.create_user("cy", password="correct horse battery")
    c = Client(enforce_csrf_checks=True)
    r = c.post("/accounts/login/", {"username": "cy", "password": "correct horse battery"})
    assert r.status_code == 403 and "The form expired" in r.content.decode()


def test_api_tokens_page_creates_and_revokes():
    user = User.objects.create_user("dee", password="correct horse battery")
    c = Client()
    c.force_login(user)
    key = re.search(r'name="form_key" value="([^"]+)"', c.get("/account/tokens/").content.decode()).group(1)
    r = c.post("/account/tokens/", {"name": "laptop", "form_key": key}, follow=True)
    html = r.content.decode()
    assert "pa_" in html
    token = user.api_tokens.get()
    c.post(f"/account/tokens/{token.pk}/revoke/")
    token.refresh_from_db()
    assert token.revoked_at is not None


def test_production_settings_pass_check_deploy(monkeypatch):
    import subprocess
    import sys

    env = {"PUBLICASSEMBLY_SECURE": "1", "PUBLICASSEMBLY_ALLOWED_HOSTS": "town.example.org",
           "PUBLICASSEMBLY_SECRET_KEY": "k" * 20 + "a-real-deployment-key-0123456789-abcdefghijklmnopq",
           "DJANGO_SETTINGS_MODULE": "publicassembly.site.settings", "PATH": "/usr/bin:/bin",
           "PUBLICASSEMBLY_DATA_DIR": "/tmp/publicassembly-check-deploy"}
    out = subprocess.run([sys.executable, "-m", "django", "check", "--deploy", "--fail-level", "WARNING"],
                         env=env, capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr
