"""The demo's people on their dashboards: each demo user (``<town>_<role>``, password ``publicassembly-demo``) signs
in and sees his one role in his own town only — the Mount Pleasant officials hold no role in Carmel and the Carmel
officials none in Mount Pleasant (no demo user is a county-wide official)."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from publicassembly.accounts.models import Membership, Role, Town, User
from publicassembly.permits import demo

pytestmark = pytest.mark.django_db

TOWN_NAMES = {"mount_pleasant": "Mount Pleasant", "carmel": "Carmel"}


def _dashboard(username: str) -> str:
    """Sign in through the sign-in page with the demo password; the dashboard's HTML."""
    c = Client()
    r = c.post("/accounts/login/", {"username": username, "password": demo.DEMO_PASSWORD})
    assert r.status_code == 302, f"{username} could not sign in with the demo password"
    r = c.get("/dashboard/")
    assert r.status_code == 200
    return r.content.decode()


def _towns_on(html: str) -> list[str]:
    return re.findall(r"<section><h2>([^<]+)</h2>", html)


@pytest.mark.parametrize("slug", ["mount_pleasant", "carmel"])
def test_each_demo_user_holds_his_role_in_his_own_town_only(slug):
    demo.load()
    other = next(s for s in TOWN_NAMES if s != slug)
    for role in Role.values:
        html = _dashboard(demo.username(slug, role))
        towns = _towns_on(html)
        assert len(towns) == 1 and TOWN_NAMES[slug] in towns[0], (role, towns)
        assert TOWN_NAMES[other] not in " ".join(towns)
        assert f"Your roles: {Role(role).label}</p>" in html  # that one role, no other


def test_the_enforcement_officers_work_in_their_own_town():
    """The Mount Pleasant police officer's enforcement page is Mount Pleasant's; Carmel's is refused him."""
    demo.load()
    c = Client()
    c.post("/accounts/login/", {"username": "mount_pleasant_enforcement_officer", "password": demo.DEMO_PASSWORD})
    assert c.get("/mount-pleasant-ny/enforcement/").status_code == 200
    assert c.get("/carmel-ny/enforcement/").status_code == 403


def test_reset_removes_a_demo_users_role_in_another_town():
    """An earlier demo gave the Mount Pleasant officials roles in Carmel; ``demo --reset`` leaves each in his own
    town only, and the other people's memberships alone."""
    demo.load()
    carmel = Town.objects.for_jurisdiction("carmel-ny")
    mp_bi = User.objects.get(username="mount_pleasant_building_inspector")
    Membership.objects.create(user=mp_bi, town=carmel, role=Role.BUILDING_INSPECTOR)
    someone = User.objects.create_user(username="county_official", password="x" * 20)
    Membership.objects.create(user=someone, town=carmel, role=Role.BUILDING_INSPECTOR)
    demo.load(reset=True)
    assert list(Membership.objects.filter(user=mp_bi).values_list("town__jurisdiction_alias", "role")) == [
        ("mount-pleasant-ny", "building_inspector")]
    assert Membership.objects.filter(user=someone, town=carmel).exists()
    assert _towns_on(_dashboard("mount_pleasant_building_inspector")) == ["Town of Mount Pleasant, New York"]
