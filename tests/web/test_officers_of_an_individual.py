"""Carmel ch. 31 ¶ B(1): "if the applicant is a corporation, ... the names and addresses of its directors and
officers". A petition whose applicant is not ticked as a corporation but which names directors and officers was
saved with them silently dropped (new-user trial). It is refused, 422, beside the field, the lines typed kept in
the form, nothing saved: keeping them would put a corporation's officers on the verified petition of an
individual, dropping them loses what was typed; only the applicant knows which is true. Ticked, they are saved;
left empty, an individual's petition is saved as before. The edit page holds the same."""

from __future__ import annotations

import html
import re

import pytest
from tests.web.conftest import client_for, version_of
from tests.web.test_applicant import PETITION

from publicassembly.permits.models import PermitApplication

pytestmark = pytest.mark.django_db

OFFICERS = "Ann Ferris, 12 Oak Lane, Brewster\nBo Lind, 2 Elm Street, Carmel"
SAID = ("Directors and officers are named only when the applicant is a corporation (permit requirements ¶ B(1)): "
        "tick “The applicant is a corporation” to keep them, or clear this field.")


def _beside_officers(page: str) -> str:
    found = re.search(r'id="err-id_officers"[^>]*>(.*?)</div>', page, re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", found.group(1))).strip() if found else ""


def test_officers_of_an_applicant_not_a_corporation_are_refused_beside_the_field_and_kept_paragraph_b1(cu):
    r = client_for(cu["applicant"]).post("/carmel-ny/apply/new/", dict(PETITION, is_corporation="",
                                                                         officers=OFFICERS))
    assert r.status_code == 422
    page = r.content.decode()
    assert _beside_officers(page) == SAID
    assert "Ann Ferris, 12 Oak Lane, Brewster\nBo Lind, 2 Elm Street, Carmel</textarea>" in html.unescape(page)
    assert not PermitApplication.objects.exists()


def test_officers_of_a_corporation_are_saved_paragraph_b1(cu):
    r = client_for(cu["applicant"]).post("/carmel-ny/apply/new/", dict(PETITION, officers=OFFICERS))
    assert r.status_code == 302
    officers = PermitApplication.objects.get().facts["applicant"]["directors_and_officers"]
    assert [o["name"] for o in officers] == ["Ann Ferris", "Bo Lind"]


@pytest.mark.parametrize("blank", ["", "  \n \n"])
def test_an_individual_without_officers_is_saved_paragraph_b1(cu, blank):
    r = client_for(cu["applicant"]).post("/carmel-ny/apply/new/", dict(PETITION, is_corporation="",
                                                                         officers=blank))
    assert r.status_code == 302
    assert "directors_and_officers" not in PermitApplication.objects.get().facts["applicant"]


def test_the_edit_page_refuses_them_too_and_keeps_the_stored_petition_paragraph_b1(cu):
    c = client_for(cu["applicant"])
    assert c.post("/carmel-ny/apply/new/", dict(PETITION, officers=OFFICERS)).status_code == 302
    app = PermitApplication.objects.get()
    before = app.facts
    r = c.post(f"/carmel-ny/applications/{app.pk}/edit/",
               dict(PETITION, is_corporation="", officers=OFFICERS, **version_of(app)))
    assert r.status_code == 422 and _beside_officers(r.content.decode()) == SAID
    app.refresh_from_db()
    assert app.facts == before
