"""Control characters entered through the API and the pages are refused as ``/check`` refuses them in a case
(`law.units.controls_refused`: "must be text without control characters (it holds U+001B, …)"), naming the
field, before anything is stored (interpretation G-6):

- a document's ``kind`` (the application's page and the API show it; no PDF prints it), on the API (422 naming
  ``kind``) and on the page's upload form (beside the field, in the page's language). It was stored, and the
  ESC byte written into the application's HTML (a new-user trial);
- a text the documents print (a space's name): refused with the control-character message, not "the documents
  cannot print U+001B (their typeface …)", which sent the user looking for another font.

And a required field whose values are a list (a space's ``kind``) left out is told the values allowed ("kind: is
required; allowed: room, open_air"), not "is required" alone."""

from __future__ import annotations

import html as htmllib
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from tests.web.conftest import client_for

from publicassembly.documents.pdf import typeface
from publicassembly.documents.unprintable import UnprintableText

pytestmark = pytest.mark.django_db

PDF = b"%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n"
SAID = ("must be text without control characters (it holds {}, which no document prints and which would act on "
        "the screen showing them)")


def _upload(client, url: str, kind: str):
    return client.post(url, {"kind": kind, "file": SimpleUploadedFile("map.pdf", PDF, "application/pdf")})


@pytest.mark.parametrize(("kind", "named"), [
    ("a\x1b[31mred", "U+001B"), ("site\x07map", "U+0007"), ("map\x7f", "U+007F"), ("\u202emap", "U+202E"),
    ("map\x01\x02", "U+0001, U+0002"),
])
def test_a_documents_kind_with_a_control_character_is_422_naming_kind(api, cu, draft_app, kind, named):
    url = f"/api/v1/towns/carmel-ny/applications/{draft_app.pk}/documents"
    r = _upload(api(cu["applicant"]), url, kind)
    assert r.status_code == 422, r.json()
    assert r.json()["field"] == "kind"
    assert r.json()["detail"] == "kind: " + SAID.format(named), r.json()
    assert kind not in r.content.decode()
    assert not draft_app.documents.exists()


def test_a_kind_with_a_tab_or_letters_the_documents_do_not_print_is_taken(api, cu, draft_app):
    """A tab is whitespace (shown as a space); a kind is not printed on a document, so any script is taken."""
    url = f"/api/v1/towns/carmel-ny/applications/{draft_app.pk}/documents"
    for kind in ("site\tmap", "平面図"):
        assert _upload(api(cu["applicant"]), url, kind).status_code == 201


def test_the_upload_form_refuses_it_beside_the_field_and_stores_nothing(cu, draft_app):
    r = _upload(client_for(cu["applicant"]), f"/carmel-ny/applications/{draft_app.pk}/documents/", "a\x1b[31mred")
    assert r.status_code == 422
    page = htmllib.unescape(r.content.decode())
    assert SAID.format("U+001B") in page
    assert not draft_app.documents.exists()
    shown = client_for(cu["applicant"]).get(f"/carmel-ny/applications/{draft_app.pk}/")
    assert shown.status_code == 200 and "\x1b" not in shown.content.decode()


def test_the_upload_form_refuses_it_in_spanish(cu, draft_app):
    c = client_for(cu["applicant"])
    assert c.post("/i18n/setlang/", {"language": "es", "next": "/"}).status_code == 302
    r = _upload(c, f"/carmel-ny/applications/{draft_app.pk}/documents/", "plano\x1b")
    assert r.status_code == 422
    page = htmllib.unescape(r.content.decode())
    assert "debe ser un texto sin caracteres de control (contiene U+001B" in page
    assert not draft_app.documents.exists()


def test_a_space_name_with_a_control_character_gets_the_control_character_message(api, mu, hall):
    url = f"/api/v1/towns/mount-pleasant-ny/venues/{hall.pk}/spaces"
    before = hall.spaces.count()
    r = api(mu["building_inspector"]).post(url, json.dumps({"name": "Annex\x1b[2J", "kind": "room",
                                                            "use_group": "business", "area": 500}),
                                           content_type="application/json")
    assert r.status_code == 422, r.json()
    assert r.json()["field"] == "name"
    assert r.json()["detail"] == "name: " + SAID.format("U+001B"), r.json()
    assert "typeface" not in r.json()["detail"]
    assert hall.spaces.count() == before


def test_a_space_without_its_kind_is_told_the_kinds_allowed(api, mu, hall):
    url = f"/api/v1/towns/mount-pleasant-ny/venues/{hall.pk}/spaces"
    r = api(mu["building_inspector"]).post(url, json.dumps({"name": "Annex", "use_group": "business",
                                                            "area": 500}), content_type="application/json")
    assert r.status_code == 422, r.json()
    assert r.json()["detail"] == "kind: is required; allowed: room, open_air", r.json()


def test_a_required_field_of_another_kind_is_told_is_required_alone(api, mu, hall):
    url = f"/api/v1/towns/mount-pleasant-ny/venues/{hall.pk}/spaces"
    r = api(mu["building_inspector"]).post(url, json.dumps({"kind": "room", "use_group": "business", "area": 500}),
                                           content_type="application/json")
    assert r.status_code == 422, r.json()
    assert r.json()["detail"] == "name: is required", r.json()


def test_a_document_names_a_control_character_as_check_does_and_other_characters_as_before():
    with pytest.raises(UnprintableText) as refused:
        typeface.check("Fair\x1b 宴", "event")
    assert str(refused.value) == ("event: " + SAID.format("U+001B") + "; the documents cannot print '宴' (U+5BB4) "
                                  "(their typeface, DejaVu Sans, has the Latin, Greek and Cyrillic alphabets among "
                                  "others)")
