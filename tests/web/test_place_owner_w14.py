"""The owner of a place of assembly on the pages (Mount Pleasant ch. 164, interpretation W-14; new-user trial).

A person who registers as an applicant in a town whose chapter has places of assembly and no permit process
(Mount Pleasant: § 164-3, the Building Inspector's certificate; §§ 164-7, 164-8, the lawful occupancy of each
room) registers their place there and owns it (`venues.services.create_venue`). Their start page links "My
places of assembly", not the permit pages of Carmel ch. 31 ¶ A. The list shows the places they own, with the
form registering one; the place's page, its preview and the pages adding or changing a room are theirs for
their own places only — another's place is 404, as one that does not exist. They are shown the forms the
services allow them (their rooms), never the certificate's, the inspection's or enforcement's, and they see
the certificate in force and the lawful occupancy of each room. The Building Inspector's pages are as before.
"""

from __future__ import annotations

import datetime as dt
import html as htmllib
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from tests.web.conftest import client_for, version_of

from publicassembly.accounts.models import Membership, Role, User
from publicassembly.law import jurisdictions
from publicassembly.venues import services as vs
from publicassembly.venues.models import Venue

pytestmark = pytest.mark.django_db

MP = "/mount-pleasant-ny"
V = f"{MP}/venues"


def _text(r) -> str:
    return " ".join(htmllib.unescape(re.sub(r"<[^>]+>", " ", r.content.decode())).split())


def _actions(page: str) -> list[str]:
    """The action of every POST form of the page under the town's own paths (not the sign-out's)."""
    return [a for a in re.findall(r'<form method="post" action="([^"]+)"', page) if a.startswith(f"{MP}/")]


def _room(name: str, area: str = "1500", use_group: str = "assembly_without_fixed_seats") -> dict[str, str]:
    return {"new-name": name, "new-use_group": use_group, "new-area": area, "new-area_unit": "sq_ft"}


def _owner(mount_pleasant, name: str) -> User:
    user = User.objects.create_user(name, password="x" * 20, first_name=name.title())
    Membership.objects.create(user=user, town=mount_pleasant, role=Role.APPLICANT)
    return user


@pytest.fixture
def grange(mount_pleasant, mu):
    """The applicant's own place: Grange Hall, commercial, its Main Hall 1,500 sq ft of assembly without fixed
    seats (15 sq ft a person, § 164-7: 100 persons)."""
    venue = vs.create_venue(mu["applicant"], mount_pleasant, name="Grange Hall", address="1 Main Street",
                            commercial=True)
    vs.add_space(mu["applicant"], venue, name="Main Hall", kind="room", use_group="assembly_without_fixed_seats",
                 area="1500")
    venue.refresh_from_db()
    return venue


# --- the start page: the role's links follow the town's law -------------------------------------------------


def test_mount_pleasant_applicant_is_linked_to_my_places_of_assembly_not_permits_ch164(mu):
    """§ 164-3: Mount Pleasant certifies places of assembly and issues no permit: the applicant's page is "My
    places of assembly"."""
    page = client_for(mu["applicant"]).get("/dashboard/").content.decode()
    assert f'<a href="{V}/">My places of assembly</a>' in page
    assert "My applications" not in page and f"{MP}/apply/" not in page


def test_carmel_applicant_keeps_my_applications_and_no_places_ch31_para_a(cu):
    """Carmel ch. 31 ¶ A: a permit for an assembly in excess of 500 persons; the chapter has no places of
    assembly, so no "My places of assembly"."""
    page = client_for(cu["applicant"]).get("/dashboard/").content.decode()
    assert '<a href="/carmel-ny/apply/">My applications</a>' in page
    assert "My places of assembly" not in page and "/carmel-ny/venues/" not in page
    assert client_for(cu["applicant"]).get("/carmel-ny/venues/").status_code == 404  # (none there: W-21)


def test_the_links_follow_the_jurisdiction_not_the_towns_name(cu, monkeypatch):
    """A chapter with both a permit process and places of assembly gives its applicant both pages: the rule is
    the jurisdiction's (`issues_permits`, subject ``venue``), not Mount Pleasant's name."""
    import dataclasses

    from publicassembly.accounts.models import Town

    carmel = jurisdictions.get("carmel-ny")
    both = dataclasses.replace(carmel, subjects={**carmel.subjects,
                                                 **jurisdictions.get("mount-pleasant-ny").subjects})
    real = Town.jurisdiction.fget
    monkeypatch.setattr(Town, "jurisdiction", property(
        lambda self: both if self.jurisdiction_alias == "carmel-ny" else real(self)))
    page = client_for(cu["applicant"]).get("/dashboard/").content.decode()
    assert '<a href="/carmel-ny/apply/">My applications</a>' in page
    assert '<a href="/carmel-ny/venues/">My places of assembly</a>' in page


def test_the_inspectors_places_link_follows_the_towns_law(mu, cu):
    """§ 164-3: Mount Pleasant's Building Inspector is linked to its places of assembly and to enforcement; Carmel's
    (ch. 31 has no places of assembly: a list in which nothing could be registered) to enforcement only."""
    page = client_for(mu["building_inspector"]).get("/dashboard/").content.decode()
    assert f'<a href="{V}/">Places of assembly</a>' in page and "My places of assembly" not in page
    assert '<a href="/mount-pleasant-ny/enforcement/">Enforcement</a>' in page
    carmel = client_for(cu["building_inspector"]).get("/dashboard/").content.decode()
    assert "/carmel-ny/venues/" not in carmel and "Places of assembly" not in carmel
    assert '<a href="/carmel-ny/enforcement/">Enforcement</a>' in carmel


def test_the_town_clerk_is_linked_to_enforcement_in_either_town(mu, cu):
    """The Town Clerk reads the town's enforcement cases (enforcement.services.READERS): in Mount Pleasant, which
    runs no permits, that is the Clerk's page; in Carmel beside the applications queue."""
    mp = client_for(mu["town_clerk"]).get("/dashboard/").content.decode()
    assert '<a href="/mount-pleasant-ny/enforcement/">Enforcement</a>' in mp
    assert client_for(mu["town_clerk"]).get("/mount-pleasant-ny/enforcement/").status_code == 200
    carmel = client_for(cu["town_clerk"]).get("/dashboard/").content.decode()
    assert '<a href="/carmel-ny/enforcement/">Enforcement</a>' in carmel and "/carmel-ny/applications/" in carmel


# --- the list: the owner's own places ------------------------------------------------------------------------


def test_owner_lists_only_the_places_they_own_with_their_certificate_164_3(mount_pleasant, mu, hall, grange):
    """The hall is the Inspector's record, not the applicant's: not listed. Grange Hall is, with its certificate
    once the Building Inspector issues it (§ 164-3)."""
    cert = vs.issue_certificate(mu["building_inspector"], grange)
    r = client_for(mu["applicant"]).get(f"{V}/")
    assert r.status_code == 200
    text = _text(r)
    assert "My places of assembly" in text and "Grange Hall" in text and cert.number in text
    assert "Kensico Manor" not in text
    assert "Register a place of assembly" in text  # (`can_register_venue`)


def test_owner_with_no_place_is_told_so_and_offered_the_form_164_3(mu, hall):
    text = _text(client_for(mu["applicant"]).get(f"{V}/"))
    assert "You have registered no place of assembly yet." in text and "Kensico Manor" not in text
    assert "Register a place of assembly" in text


def test_the_inspector_still_lists_every_place(mu, hall, grange):
    text = _text(client_for(mu["building_inspector"]).get(f"{V}/"))
    assert "Kensico Manor" in text and "Grange Hall" in text and "My places of assembly" not in text


# --- another's place: 404, never revealed ---------------------------------------------------------------------


def test_another_owners_place_is_404_on_every_page_of_it_164_3(mount_pleasant, mu, hall, grange):
    """Another applicant's place (and the Inspector's own record) answers as a place that does not exist:
    page, preview, adding a room, a room's page and its change — nothing changed."""
    stranger = client_for(_owner(mount_pleasant, "stranger"))
    room = grange.spaces.get()
    missing = f"{V}/999999/"
    for venue, space in ((grange, room), (hall, hall.spaces.get())):
        base = f"{V}/{venue.pk}"
        assert stranger.get(f"{base}/").status_code == 404
        assert stranger.get(f"{base}/preview/", _room("Annex")).status_code == 404
        assert stranger.post(f"{base}/spaces/", {**_room("Annex"), **version_of(venue)}).status_code == 404
        assert stranger.get(f"{base}/spaces/{space.pk}/").status_code == 404
        assert stranger.post(f"{base}/spaces/{space.pk}/", {**_room("Renamed"), "save": "1",
                                                            **version_of(space)}).status_code == 404
        assert stranger.post(f"{base}/spaces/{space.pk}/", {"remove": "1", "reason": "gone",
                                                            **version_of(space)}).status_code == 404
    # the same answer as a place that does not exist (its name is not said)
    mine = stranger.get(f"{V}/{grange.pk}/")
    assert "Grange Hall" not in _text(mine)
    assert _text(mine).replace(str(grange.pk), "N") == _text(stranger.get(missing)).replace("999999", "N")
    assert not Venue.objects.get(pk=grange.pk).spaces.exclude(name="Main Hall").exists()
    assert not hall.spaces.filter(name__in=["Annex", "Renamed"]).exists()


# --- the owner's own place -----------------------------------------------------------------------------------


def test_owner_registers_a_place_adds_a_room_and_sees_its_lawful_occupancy_164_7(mount_pleasant, mu):
    """Registered from the list, the room added from the place's page: 1,500 sq ft of assembly without fixed
    seats at 15 sq ft a person holds 100 persons (§ 164-7), the lawful occupancy shown for the room and the
    place (§ 164-8)."""
    c = client_for(mu["applicant"])
    r = c.post(f"{V}/", {"name": "Grange Hall", "address": "1 Main Street", "commercial": "yes"})
    assert r.status_code == 302
    venue = Venue.objects.get(name="Grange Hall")
    assert venue.owner == mu["applicant"] and r["Location"] == f"{V}/{venue.pk}/"
    page = c.get(f"{V}/{venue.pk}/")
    assert page.status_code == 200 and "Add a room or area" in page.content.decode()
    preview = c.get(f"{V}/{venue.pk}/preview/", _room("Main Hall"))
    assert preview.status_code == 200 and "100" in _text(preview)
    assert c.post(f"{V}/{venue.pk}/spaces/", {**_room("Main Hall"), **version_of(venue)}).status_code == 302
    text = _text(c.get(f"{V}/{venue.pk}/"))
    assert "Lawful occupancy: 100 persons" in text
    assert re.search(r"Main Hall assembly without fixed seats 1,500 100", text)  # the room's occupant load
    space = venue.spaces.get()
    assert c.get(f"{V}/{venue.pk}/spaces/{space.pk}/").status_code == 200
    r = c.post(f"{V}/{venue.pk}/spaces/{space.pk}/", {**_room("Main Hall", area="3000"), "save": "1",
                                                     **version_of(space)})
    assert r.status_code == 302
    assert "Lawful occupancy: 200 persons" in _text(c.get(f"{V}/{venue.pk}/"))


def test_owner_sees_the_certificate_in_force_but_no_certificate_inspection_or_enforcement_form_164_3(
        mu, grange):
    """§§ 164-3, 164-9: the certificate is the Building Inspector's to issue, re-issue and revoke; inspections
    are his and the officers'; complaints and stop orders (§§ 164-5, 164-12) theirs. The owner is shown none of
    those forms — only adding a room — and sees the certificate, its lawful occupancy and its documents."""
    bi = mu["building_inspector"]
    cert = vs.issue_certificate(bi, grange)
    vs.schedule_inspection(bi, grange, scheduled_for=dt.date.today())
    c = client_for(mu["applicant"])
    r = c.get(f"{V}/{grange.pk}/")
    assert r.status_code == 200
    page, text = r.content.decode(), _text(r)
    assert _actions(page) == [f"{V}/{grange.pk}/spaces/"]
    assert cert.number in text and f'href="/certificates/{cert.number}/certificate.pdf"' in page
    assert "Re-issue the certificate" not in text and "Issue the certificate" not in text
    assert "Revoke" not in text and "Schedule an inspection" not in text
    assert "/enforcement/" not in page and "File a complaint" not in text
    assert f"{V}/{grange.pk}/inspections/" not in page  # (no inspection's record page: 403 for him)
    assert "No inspection recorded yet." in text  # (the one scheduled is not shown)
    assert "Only the Building Inspector issues, re-issues or revokes" in text
    # every form shown answers him without 403
    for action in _actions(page):
        assert c.post(action, {}).status_code in (302, 422), action
    # and the forms not shown would refuse him
    assert c.post(f"{V}/{grange.pk}/certificates/", version_of(grange)).status_code == 403
    assert c.post(f"{V}/{grange.pk}/inspections/", version_of(grange)).status_code == 403


def test_owner_sees_a_recorded_inspection_without_its_record_page_164_13(mu, grange):
    """An inspection recorded at his place is shown to the owner (its day, result and deficiencies), not the
    inspector's record of it (its page); one scheduled and not yet made is not shown (W-14)."""
    bi = mu["building_inspector"]
    done = vs.schedule_inspection(bi, grange, scheduled_for=dt.date.today())
    vs.record_inspection(bi, done, done_on=dt.date.today(), exits_blocked=False, persons_present=0,
                         notes="Owner was helpful")
    later = vs.schedule_inspection(bi, grange, scheduled_for=dt.date.today() + dt.timedelta(days=30))
    r = client_for(mu["applicant"]).get(f"{V}/{grange.pk}/")
    page, text = r.content.decode(), _text(r)
    assert f"{V}/{grange.pk}/inspections/{done.pk}/" not in page
    assert "The latest inspection, on" in text
    assert later.scheduled_for.isoformat() not in text
    assert "Owner was helpful" not in text  # (the inspector's notes are his record's)
    inspector = client_for(bi).get(f"{V}/{grange.pk}/").content.decode()
    assert f"{V}/{grange.pk}/inspections/{done.pk}/" in inspector
    assert later.scheduled_for.isoformat() in inspector


def test_the_inspectors_venue_page_is_unchanged(mu, hall):
    """The Building Inspector still sees every form of the place (§§ 164-3, 164-9) and the enforcement links."""
    page = client_for(mu["building_inspector"]).get(f"{V}/{hall.pk}/").content.decode()
    cert = hall.certificates.get()
    assert sorted(_actions(page)) == sorted([
        f"{V}/{hall.pk}/spaces/", f"{V}/{hall.pk}/certificates/", f"{V}/{hall.pk}/certificates/{cert.pk}/revoke/",
        f"{V}/{hall.pk}/inspections/"])
    assert "/enforcement/#new-c" in page
    insp = hall.inspections.get()
    assert f"{V}/{hall.pk}/inspections/{insp.pk}/" in page


# --- registration ----------------------------------------------------------------------------------------------


def _register(town: str, name: str):
    from django.test import Client

    c = Client()
    r = c.post("/accounts/register/", {"username": name.lower(), "first_name": name, "last_name": "Reyes",
                                       "email": f"{name.lower()}@example.org", "town": town,
                                       "password1": "a long passphrase 42", "password2": "a long passphrase 42"},
               follow=True)
    assert r.status_code == 200
    return c, _text(r)


def test_registration_says_what_each_towns_account_is_for():
    """The field is "Town", its help saying what an account in each town is for, from the jurisdictions: Carmel
    ch. 31 ¶ A (a permit for an assembly in excess of 500 persons), Mount Pleasant ch. 164 (the certificate of
    lawful occupancy of one's place of assembly)."""
    from django.test import Client

    text = _text(Client().get("/accounts/register/"))
    assert "Town you will apply in" not in text
    assert ("Town of Carmel, New York: apply for a permit for an assembly in excess of 500 persons (Carmel Code "
            "ch. 31, permit requirements ¶ A).") in text
    assert ("Town of Mount Pleasant, New York: register your place of assembly for its certificate of lawful "
            "occupancy (Mount Pleasant Code ch. 164).") in text
    assert re.search(r'<label for="id_town">Town\b', Client().get("/accounts/register/").content.decode())


def test_registered_in_carmel_can_now_apply_for_a_permit_ch31():
    c, text = _register("carmel-ny", "Olga")
    assert "Welcome, Olga. You can now apply for a permit." in text
    assert "You can now register" not in text and "My applications" in text


def test_registered_in_mount_pleasant_can_now_register_a_place_164_3():
    c, text = _register("mount-pleasant-ny", "Pia")
    assert "Welcome, Pia. You can now register your place of assembly." in text
    assert "You can now apply" not in text
    assert "My places of assembly" in text
    assert c.get(f"{V}/").status_code == 200


# --- the owner's list costs a fixed number of queries ---------------------------------------------------------


def _list_queries(client) -> int:
    with CaptureQueriesContext(connection) as ctx:
        r = client.get(f"{V}/")
    assert r.status_code == 200
    return len(ctx.captured_queries)


def _places(town, owner, first: int, count: int, certify=None) -> None:
    for i in range(first, first + count):
        v = vs.create_venue(owner, town, name=f"Hall {i:03}", address=f"{i} Main Street", commercial=True)
        vs.add_space(owner, v, name="Main", kind="room", use_group="assembly_without_fixed_seats", area="1500")
        if certify is not None:
            vs.issue_certificate(certify, v)


@pytest.mark.parametrize("role", ["applicant", "building_inspector"])
def test_the_list_runs_a_fixed_number_of_queries_whatever_the_places(role, mount_pleasant, mu):
    """2 places or 12, each with a certificate (§ 164-3): the same number of SQL queries, for the owner's list
    and the Inspector's."""
    c = client_for(mu[role])
    c.get(f"{V}/")  # (session warm)
    _places(mount_pleasant, mu["applicant"], 0, 2, certify=mu["building_inspector"])
    few = _list_queries(c)
    _places(mount_pleasant, mu["applicant"], 2, 10, certify=mu["building_inspector"])
    many = _list_queries(c)
    assert many == few
    assert _text(c.get(f"{V}/")).count("MP-") >= 12
