"""A town whose law has no permit process offers no permit pages (new-user trial): Mount Pleasant ch. 164
certifies places of assembly (§§ 164-3, 164-9) and issues no permit, while Carmel ch. 31 ¶ A requires the Town
Board's permit for an assembly in excess of 500 persons. One test decides it, `permits.services.runs_permits`
(the jurisdiction registry's `issues_permits`): the start page's links, the apply pages, the Clerk's queue and
hearing calendar, the town's hearing calendar file and the API's application, hearing and fee-schedule
endpoints answer 404 with one sentence naming the town and what its law is about, GET and POST alike, nothing
stored; Carmel's are as before."""

from __future__ import annotations

import html
import json
import re

import pytest
from django.test import Client
from tests.api.conftest import api_client
from tests.web.conftest import NO_FURTHER_PROPERTIES, client_for, fair_facts, petition_post

from publicassembly.law import jurisdictions
from publicassembly.permits import services as sv
from publicassembly.permits.models import PermitApplication

pytestmark = pytest.mark.django_db

SENTENCE = ("Town of Mount Pleasant, New York does not issue permits for public assemblies here: its law (Mount "
            "Pleasant Code ch. 164, Public Assembly, Places of) is about places of assembly and the Building "
            "Inspector's certificates of their lawful occupancy. Permits for public assemblies are applied for here "
            "in: Town of Carmel, New York.")


def _text(response) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", response.content.decode())).split())


# --- the law: which chapters have a permit process -----------------------------------------------------------


def test_carmel_ch31_para_a_issues_permits_and_mount_pleasant_ch164_does_not():
    assert jurisdictions.get("carmel-ny").issues_permits is True
    assert jurisdictions.get("mount-pleasant-ny").issues_permits is False


def test_the_permit_process_runs_every_chapter_that_issues_permits_carmel_ch31():
    """The permits workflow runs Carmel ch. 31: a chapter added with a permit process fails here until it does."""
    assert {j.alias for j in jurisdictions.all_jurisdictions() if j.issues_permits} == {sv.JURISDICTION_ALIAS}


def test_runs_permits_of_each_town(carmel, mount_pleasant):
    assert sv.runs_permits(carmel) and not sv.runs_permits(mount_pleasant)
    sv.require_permits(carmel)
    with pytest.raises(sv.NoPermits) as e:
        sv.require_permits(mount_pleasant)
    assert e.value.http_status == 404 and e.value.message == SENTENCE


# --- the start page's links ---------------------------------------------------------------------------------


#: What the start page tells an applicant of Mount Pleasant (a new-user trial: the 404 page's sentence, "… are
#: applied for here in: Town of Carmel", stood on every official's start page, the enforcement officer's too).
FOR_THE_APPLICANT = ("Town of Mount Pleasant, New York does not issue permits for public assemblies. If your "
                     "assembly is in Town of Carmel, New York, that town issues its permit.")
#: What an official left with no page in Mount Pleasant is told (the Town Board, the Health Department).
NO_PAGE = ("Town of Mount Pleasant, New York does not issue permits for public assemblies, so no application comes "
           "to you here.")


@pytest.mark.parametrize(("role", "said"), [("applicant", FOR_THE_APPLICANT), ("town_board_member", NO_PAGE),
                                            ("health_department_reviewer", NO_PAGE)])
def test_mount_pleasant_roles_get_no_permit_link_but_a_plain_sentence_ch164(role, said, mu):
    page = client_for(mu[role]).get("/dashboard/")
    assert page.status_code == 200
    body = page.content.decode()
    assert "/mount-pleasant-ny/apply/" not in body and "/mount-pleasant-ny/applications/" not in body
    assert said in _text(page) and "applied for here in" not in _text(page)


@pytest.mark.parametrize(("role", "pages"), [
    ("building_inspector", ("/mount-pleasant-ny/venues/", "/mount-pleasant-ny/enforcement/")),
    ("enforcement_officer", ("/mount-pleasant-ny/enforcement/",)),
    ("town_clerk", ("/mount-pleasant-ny/enforcement/",))])
def test_mount_pleasant_officials_keep_their_pages_and_no_permit_sentence_ch164(role, pages, mu):
    """The enforcement officer's and the Clerk's permit page is left out, and so is the sentence: it is of no help
    to them (their work in the town is on their other pages), nor to the Building Inspector."""
    page = client_for(mu[role]).get("/dashboard/")
    body = page.content.decode()
    assert all(f'href="{p}"' in body for p in pages)
    assert "does not issue permits" not in body and "/mount-pleasant-ny/applications/" not in body


@pytest.mark.parametrize("role, url", [("applicant", "/carmel-ny/apply/"),
                                       ("town_clerk", "/carmel-ny/applications/"),
                                       ("town_board_member", "/carmel-ny/applications/"),
                                       ("health_department_reviewer", "/carmel-ny/applications/")])
def test_carmel_roles_keep_their_permit_link_ch31_para_a(role, url, cu):
    body = client_for(cu[role]).get("/dashboard/").content.decode()
    assert f'href="{url}"' in body and "does not issue permits" not in body


# --- the pages ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("role, url", [("applicant", "/mount-pleasant-ny/apply/"),
                                       ("applicant", "/mount-pleasant-ny/apply/new/"),
                                       ("town_clerk", "/mount-pleasant-ny/applications/"),
                                       ("town_clerk", "/mount-pleasant-ny/hearings/")])
def test_mount_pleasant_permit_pages_are_404_saying_why_ch164(role, url, mu):
    r = client_for(mu[role]).get(url)
    assert r.status_code == 404
    assert SENTENCE in _text(r)
    assert "verified petition" not in _text(r)  # (no Carmel petition under Mount Pleasant's name)


#: Every permit page of a town (web/urls.py), with the methods it takes (a method a page never takes is 405
#: before anything, `web.middleware.MethodNotAllowedMiddleware`).
PERMIT_PAGES = [("apply/", "get"), ("apply/new/", "get"), ("apply/new/", "post"), ("applications/", "get"),
                ("hearings/", "get"), ("applications/1/", "get"), ("applications/1/edit/", "get"),
                ("applications/1/edit/", "post"), ("applications/1/documents/", "post"),
                ("applications/1/documents/1/", "get"), ("applications/1/permit.pdf", "get"),
                ("applications/1/withdraw/", "post")]


@pytest.mark.parametrize(("page", "method"), PERMIT_PAGES)
def test_mount_pleasant_permit_pages_are_404_before_the_sign_in_ch164(mount_pleasant, page, method):
    """Logged out: the 404 saying the town runs no permits comes before the login requirement, as the README
    says — not a redirect to the sign-in page of a page that does not exist."""
    r = getattr(Client(), method)(f"/mount-pleasant-ny/{page}")
    assert r.status_code == 404, (page, r.status_code, r.get("Location"))
    assert SENTENCE in _text(r)


@pytest.mark.parametrize("page", ["apply/", "apply/new/", "applications/", "hearings/"])
def test_carmel_permit_pages_still_ask_a_visitor_to_sign_in_ch31(carmel, page):
    r = Client().get(f"/carmel-ny/{page}")
    assert r.status_code == 302 and "login" in r["Location"]


def test_a_petition_posted_to_mount_pleasant_is_404_and_nothing_is_stored_ch164(mu):
    before = PermitApplication.objects.count()
    data = {**petition_post(fair_facts()), **NO_FURTHER_PROPERTIES, "save": "1"}
    r = client_for(mu["applicant"]).post("/mount-pleasant-ny/apply/new/", data)
    assert r.status_code == 404 and SENTENCE in _text(r)
    assert PermitApplication.objects.count() == before


def test_carmel_apply_pages_answer_as_before_ch31_para_b(cu):
    c = client_for(cu["applicant"])
    home = c.get("/carmel-ny/apply/")
    assert home.status_code == 200 and 'href="/carmel-ny/apply/new/"' in home.content.decode()
    assert c.get("/carmel-ny/apply/new/").status_code == 200
    data = {**petition_post(fair_facts()), **NO_FURTHER_PROPERTIES, "save": "1"}
    assert c.post("/carmel-ny/apply/new/", data).status_code == 302
    assert PermitApplication.objects.filter(applicant=cu["applicant"]).count() == 1


def test_town_hearing_calendars_carmel_200_mount_pleasant_404_like_an_unknown_town(carmel, mount_pleasant):
    """Ch. 31 ¶ B: Carmel's public hearings feed is a calendar; Mount Pleasant holds no such hearing, so its
    address is 404 saying why (an empty calendar would read as "no hearing scheduled yet" to a subscriber), as
    an unknown town's is."""
    r = Client().get("/towns/carmel-ny/hearings.ics")
    assert r.status_code == 200 and r.content.startswith(b"BEGIN:VCALENDAR")
    r = Client().get("/towns/mount-pleasant-ny/hearings.ics")
    assert r.status_code == 404 and SENTENCE in _text(r)
    assert Client().get("/towns/atlantis/hearings.ics").status_code == 404


# --- the API ------------------------------------------------------------------------------------------------


def _api_answers(client) -> dict[str, object]:
    base = "/api/v1/towns/mount-pleasant-ny"
    body = json.dumps({"facts": fair_facts()})
    return {
        "list": client.get(f"{base}/applications"),
        "create": client.post(f"{base}/applications", body, content_type="application/json"),
        "get": client.get(f"{base}/applications/1"),
        "withdraw": client.post(f"{base}/applications/1/withdraw", "{}", content_type="application/json"),
        "documents": client.get(f"{base}/applications/1/documents"),
        "fee": client.get(f"{base}/applications/1/fee"),
        "fee-schedule": client.get(f"{base}/fee-schedule"),
        "hearings": client.get(f"{base}/hearings"),
        "notice": client.get(f"{base}/hearings/1/notice.pdf"),
        "calendar": client.get(f"{base}/hearings.ics"),
    }


@pytest.mark.parametrize("role", ["applicant", "town_clerk"])
def test_api_application_endpoints_of_mount_pleasant_are_404_naming_the_town_ch164(role, mu, hearing_app):
    before = PermitApplication.objects.count()
    for what, r in _api_answers(api_client(mu[role])).items():
        assert r.status_code == 404, (what, r.status_code, r.content[:200])
        assert r.json()["detail"] == SENTENCE, what
    assert PermitApplication.objects.count() == before


def test_api_fee_schedule_put_of_mount_pleasant_is_404_ch164(mu):
    r = api_client(mu["town_clerk"]).put("/api/v1/towns/mount-pleasant-ny/fee-schedule/2026",
                                         json.dumps({"amount": "10.00", "resolution_date": "2026-01-02"}),
                                         content_type="application/json")
    assert r.status_code == 404 and r.json()["detail"] == SENTENCE


def test_api_carmel_application_endpoints_answer_as_before_ch31(cu, hearing_app):
    c = api_client(cu["applicant"])
    assert c.get("/api/v1/towns/carmel-ny/applications").status_code == 200
    r = c.post("/api/v1/towns/carmel-ny/applications", json.dumps({"facts": fair_facts()}),
               content_type="application/json")
    assert r.status_code == 201
    assert Client().get("/api/v1/towns/carmel-ny/hearings").status_code == 200
    assert Client().get("/api/v1/towns/carmel-ny/hearings.ics").status_code == 200
    assert Client().get("/api/v1/towns/carmel-ny/fee-schedule").status_code == 200
