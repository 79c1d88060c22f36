"""Interpretation W-23: a page that does not exist for the town of its address is 404 saying why, whatever the
method. Mount Pleasant ch. 164 runs no permit process (its permit pages are 404, `no_permits_before_login`) and
Carmel ch. 31 keeps no places of assembly (its venue pages are 404, W-21); but a method such a page would not take
(a POST to a page only read, a PUT, a DELETE) was answered 405 "this page takes GET, HEAD" before the 404
(`web.middleware.MethodNotAllowedMiddleware` runs before the view), as if the page existed; and a POST without a
CSRF token was 403 "the form expired". Now 404 for GET, POST, PUT and DELETE, to a visitor and to a signed-in
user; the pages that exist keep their 405."""

from __future__ import annotations

import html
import re

import pytest
from django.test import Client
from tests.web.conftest import client_for

from publicassembly.permits.models import PermitApplication
from publicassembly.venues.models import Venue

pytestmark = pytest.mark.django_db

NO_PERMITS = ("Town of Mount Pleasant, New York does not issue permits for public assemblies here: its law (Mount "
              "Pleasant Code ch. 164, Public Assembly, Places of) is about places of assembly and the Building "
              "Inspector's certificates of their lawful occupancy. Permits for public assemblies are applied for "
              "here in: Town of Carmel, New York.")
NO_PLACES = ("Town of Carmel, New York keeps no places of assembly here: its law (Carmel Code ch. 31, Public "
             "Assembly Ordinance) is about permits for public assemblies, not places of assembly and their "
             "certificates of lawful occupancy, which are kept here for Town of Mount Pleasant, New York.")

#: Every permit page of a town (web/urls.py, web/urls_documents.py), by its address under the town.
PERMIT_PAGES = ["/mount-pleasant-ny/apply/", "/mount-pleasant-ny/apply/new/", "/mount-pleasant-ny/applications/",
                "/mount-pleasant-ny/hearings/", "/mount-pleasant-ny/applications/1/",
                "/mount-pleasant-ny/applications/1/edit/", "/mount-pleasant-ny/applications/1/documents/",
                "/mount-pleasant-ny/applications/1/documents/1/", "/mount-pleasant-ny/applications/1/permit.pdf",
                "/mount-pleasant-ny/applications/1/withdraw/", "/mount-pleasant-ny/applications/1/calendar.ics",
                "/mount-pleasant-ny/applications/1/petition.pdf", "/towns/mount-pleasant-ny/hearings.ics"]
#: Every places-of-assembly page of a town (web/urls.py).
VENUE_PAGES = ["/carmel-ny/venues/", "/carmel-ny/venues/1/", "/carmel-ny/venues/1/preview/",
               "/carmel-ny/venues/1/spaces/", "/carmel-ny/venues/1/spaces/1/", "/carmel-ny/venues/1/certificates/",
               "/carmel-ny/venues/1/worship-approval/", "/carmel-ny/venues/1/certificates/1/revoke/",
               "/carmel-ny/venues/1/inspections/", "/carmel-ny/venues/1/inspections/1/"]
METHODS = ["GET", "POST", "PUT", "DELETE"]


def _text(response) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", response.content.decode())).split())


def _send(client: Client, method: str, url: str):
    return client.generic(method, url, "name=Grange+Hall", content_type="application/x-www-form-urlencoded")


@pytest.mark.parametrize("who", ["visitor", "mount_pleasant_applicant", "mount_pleasant_clerk"])
@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("url", PERMIT_PAGES)
def test_w23_mount_pleasant_permit_pages_are_404_whatever_the_method_ch164(who, method, url, mu):
    user = {"visitor": None, "mount_pleasant_applicant": mu["applicant"],
            "mount_pleasant_clerk": mu["town_clerk"]}[who]
    r = _send(client_for(user), method, url)
    assert r.status_code == 404, (who, method, url, r.status_code, r.get("Allow"))
    assert "Allow" not in r and NO_PERMITS in _text(r)
    assert not PermitApplication.objects.exists()


@pytest.mark.parametrize("who", ["visitor", "carmel_clerk", "mount_pleasant_building_inspector"])
@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("url", VENUE_PAGES)
def test_w23_carmel_venue_pages_are_404_whatever_the_method_ch31(who, method, url, cu, mu):
    user = {"visitor": None, "carmel_clerk": cu["town_clerk"],
            "mount_pleasant_building_inspector": mu["building_inspector"]}[who]
    r = _send(client_for(user), method, url)
    assert r.status_code == 404, (who, method, url, r.status_code, r.get("Allow"))
    assert "Allow" not in r and NO_PLACES in _text(r)
    assert not Venue.objects.exists()


@pytest.mark.parametrize("method", ["POST", "PUT", "DELETE"])
def test_w23_a_form_without_its_csrf_token_is_404_not_403(method, mu):
    """A browser's form or a script without the token: the page does not exist, which is what is wrong."""
    c = Client(enforce_csrf_checks=True)
    c.force_login(mu["applicant"])
    for url in ("/mount-pleasant-ny/apply/new/", "/mount-pleasant-ny/applications/1/withdraw/"):
        r = _send(c, method, url)
        assert r.status_code == 404 and NO_PERMITS in _text(r), (method, url, r.status_code)
    r = _send(Client(enforce_csrf_checks=True), method, "/carmel-ny/venues/")
    assert r.status_code == 404 and NO_PLACES in _text(r)


# --- the pages that exist keep their 405 ----------------------------------------------------------------------


@pytest.mark.parametrize(("method", "url", "allow"), [
    ("POST", "/carmel-ny/apply/", "GET, HEAD"), ("PUT", "/carmel-ny/apply/new/", "GET, HEAD, POST"),
    ("DELETE", "/carmel-ny/applications/", "GET, HEAD"), ("PUT", "/carmel-ny/applications/1/withdraw/", "POST"),
    ("PUT", "/carmel-ny/applications/1/documents/", "POST"), ("POST", "/towns/carmel-ny/hearings.ics", "GET, HEAD"),
    ("DELETE", "/mount-pleasant-ny/venues/", "GET, HEAD, POST"), ("PUT", "/mount-pleasant-ny/venues/1/", None),
])
@pytest.mark.parametrize("who", ["visitor", "signed_in"])
def test_w23_the_pages_that_exist_keep_their_405(method, url, allow, who, cu, mu):
    user = None if who == "visitor" else (cu if "carmel" in url else mu)["town_clerk"]
    r = _send(client_for(user), method, url)
    assert r.status_code == 405, (method, url, who, r.status_code)
    if allow is not None:
        assert r["Allow"] == allow
    assert "does not issue permits" not in _text(r) and "keeps no places of assembly" not in _text(r)


def test_w23_an_unknown_town_is_left_to_the_view(cu):
    """Neither law is asked of a town that is not one: the view answers it, as before (404 for a GET)."""
    assert client_for(cu["town_clerk"]).get("/atlantis/applications/").status_code == 404
    r = _send(client_for(cu["town_clerk"]), "PUT", "/atlantis/applications/")
    assert r.status_code == 405 and r["Allow"] == "GET, HEAD"
