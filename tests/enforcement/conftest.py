"""Fixtures of the places-of-assembly tests: both towns, one user per role in each, and venues built through the
services (Mount Pleasant ch. 164)."""

from __future__ import annotations

import datetime as dt

import pytest

from publicassembly.accounts.models import Membership, OfficerKind, Role, Town, User
from publicassembly.venues import services as vs

ROLES = tuple(Role.values)


def _users(town: Town, prefix: str) -> dict[str, User]:
    out = {}
    for role in ROLES:
        user = User(username=f"{prefix}_{role}", email=f"{prefix}_{role}@example.org", first_name=prefix.upper(),
                    last_name=role)
        user.set_unusable_password()  # no password hashing: the tests never sign in
        user.save()
        kind = OfficerKind.POLICE_OFFICER if role == Role.ENFORCEMENT_OFFICER else ""
        Membership.objects.create(user=user, town=town, role=role, officer_kind=kind)
        out[role] = user
    return out


@pytest.fixture
def carmel(db) -> Town:
    return Town.objects.for_jurisdiction("carmel-ny")


@pytest.fixture
def mount_pleasant(db) -> Town:
    return Town.objects.for_jurisdiction("mount-pleasant-ny")


@pytest.fixture
def mp(mount_pleasant) -> dict[str, User]:
    """One user per role in Mount Pleasant (the enforcement officer is a police officer)."""
    return _users(mount_pleasant, "mp")


@pytest.fixture
def other(carmel) -> dict[str, User]:
    """One user per role in Carmel: another town's officials."""
    return _users(carmel, "carmel")


@pytest.fixture
def bi(mp) -> User:
    return mp[Role.BUILDING_INSPECTOR]


@pytest.fixture
def hall(bi, mount_pleasant):
    """Kensico Manor (examples/mount-pleasant-catering-hall.yaml): ballroom 4,650 sq ft and cocktail room 1,200 sq ft
    (assembly without fixed seats), terrace 2,250 sq ft open air, all through one entrance."""
    venue = vs.create_venue(bi, mount_pleasant, name="Kensico Manor", address="25 Lakeview Avenue, Valhalla, NY 10595",
                            commercial=True, toilets_provided=6)
    vs.add_space(bi, venue, name="Ballroom", kind="room", use_group="assembly_without_fixed_seats", area=4650,
                 story=1, common_entrance=True)
    vs.add_space(bi, venue, name="Cocktail room", kind="room", use_group="assembly_without_fixed_seats", area=1200,
                 story=2, common_entrance=True, connects_with=["Ballroom"])
    vs.add_space(bi, venue, name="Terrace", kind="open_air", use_group="open_air", area=2250, story=1,
                 common_entrance=True, connects_with=["Ballroom"])
    venue.refresh_from_db()
    return venue


@pytest.fixture
def day() -> dt.date:
    return dt.date(2025, 3, 3)


#: The rule of the violations the tests record: exits blocked (§ 164-10).
BLOCKED = "mount-pleasant/164-10/exits-not-blocked"


@pytest.fixture
def violation(bi, mount_pleasant, day):
    """A violation of § 164-10 (an exit chained) observed by the Building Inspector on `day`, by a firm."""
    from publicassembly.enforcement import services as es

    firm = es.register_offender(bi, mount_pleasant, kind="firm", name="Saw Mill River Events LLC")
    complaint = es.file_complaint(bi, mount_pleasant, description="fire exit chained", observed_on=day,
                                  filed_on=day, offender=firm, in_presence=True)
    return es.record_violation(bi, complaint, rule_id=BLOCKED)
