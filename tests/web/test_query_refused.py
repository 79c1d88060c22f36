"""The public GET pages read their whole address.

The upcoming hearings (Carmel ch. 31, permit requirements ¶ B) and the town's hearing calendar take no field in
their address, but ignored one given (``/hearings/?town=mount-pleasant-ny`` listed every town's hearings as if
filtered): it is refused, 422, naming it, as the public checks refuse a field they do not have, and no hearing is
listed. A parameter whose name or value is not UTF-8 (``/permit-check/?persons=%FF``) was read with U+FFFD in
place of the bytes and answered for text nobody wrote: it is refused, 422, naming it, on each of those pages."""

from __future__ import annotations

import html as htmllib
import re

import pytest
from django.test import Client
from tests.web.conftest import client_for

from .conftest import occupancy_query

pytestmark = pytest.mark.django_db

NO_FIELD = "This page takes no field in its address; open it without the part after “?”."


def _text(r) -> str:
    return re.sub(r"\s+", " ", htmllib.unescape(re.sub(r"<[^>]+>", " ", r.content.decode())))


def _spanish(user=None) -> Client:
    c = client_for(user)
    assert c.post("/i18n/setlang/", {"language": "es", "next": "/"}).status_code == 302
    return c


# --- the hearings (permit requirements ¶ B) ----------------------------------------------------------------


def test_hearings_refuse_a_parameter_naming_it_and_list_no_hearing(hearing_app):
    """Permit requirements ¶ B: ``?town=`` listed every hearing as if filtered; refused, no hearing listed."""
    r = Client().get("/hearings/?town=mount-pleasant-ny")
    assert r.status_code == 422
    assert f"The address names a field this page does not have: 'town'. {NO_FIELD}" in _text(r)
    assert "Putnam County Fair" not in _text(r) and "No public hearing is scheduled" not in _text(r)


def test_hearings_name_each_parameter_once(hearing_app):
    r = Client().get("/hearings/?page=2&page=3&q=fair")
    assert r.status_code == 422
    assert _text(r).count("does not have: 'page'") == 1 and _text(r).count("does not have: 'q'") == 1


@pytest.mark.parametrize("query", ["", "?fbclid=IwAR0x", "?utm_source=news&utm_medium=email"])
def test_hearings_without_a_parameter_or_with_a_shared_links_tags_list_the_hearings(hearing_app, query):
    r = Client().get("/hearings/" + query)
    assert r.status_code == 200 and "Putnam County Fair" in _text(r) and "does not have" not in _text(r)


def test_hearings_in_spanish_refuse_a_parameter_on_the_spanish_page(hearing_app):
    r = _spanish().get("/hearings/?town=x")
    assert r.status_code == 422 and '<html lang="es"' in r.content.decode()
    assert "Próximas audiencias públicas" in _text(r) and "'town'" in _text(r)
    assert "Putnam County Fair" not in _text(r)


def test_town_hearing_calendar_refuses_a_parameter_naming_it(hearing_app, cu):
    clerk = client_for(cu["town_clerk"])
    assert clerk.get("/carmel-ny/hearings/").status_code == 200
    r = clerk.get("/carmel-ny/hearings/?state=approved")
    assert r.status_code == 422
    assert f"The address names a field this page does not have: 'state'. {NO_FIELD}" in _text(r)
    assert "Putnam County Fair" not in _text(r) and "No hearings." not in _text(r)
    assert clerk.get("/carmel-ny/hearings/?fbclid=x").status_code == 200


def test_town_hearing_calendar_asks_the_role_before_reading_the_address(hearing_app, cu):
    assert client_for(cu["applicant"]).get("/carmel-ny/hearings/?x=1").status_code == 403


def test_hearings_refuse_a_parameter_not_utf8(hearing_app):
    r = Client().get("/hearings/?q=f%E9te")
    assert r.status_code == 422 and "The address gives 'q' a value in bytes that are not UTF-8" in _text(r)
    assert "does not have: 'q'" in _text(r)


@pytest.mark.parametrize("page", ["/hearings/", "/permit-check/?persons=600&as_of=2026-05-01&"])
def test_a_shared_links_tag_not_utf8_is_not_read_so_not_refused(hearing_app, page):
    sep = "" if page.endswith("&") else "?"
    r = Client().get(f"{page}{sep}utm_campaign=%E9t%E9")
    assert r.status_code == 200 and "UTF-8" not in _text(r)


# --- bytes that are not UTF-8 in the address -----------------------------------------------------------------


@pytest.mark.parametrize("value", ["%FF", "6%FF0", "%C3", "%E9t%E9"])
def test_permit_check_refuses_a_value_not_utf8_naming_the_parameter(value):
    """Carmel ch. 31 ¶ A: ``?persons=%FF`` was read as '\ufffd' (told only "Give a whole number (got '�')"), and
    ``purpose=%E9t%E9`` (Latin-1 "été") was taken as '�t�' and answered."""
    r = Client().get(f"/permit-check/?persons=600&as_of=2026-05-01&purpose={value}")
    assert r.status_code == 422
    assert (f"The address gives 'purpose' a value in bytes that are not UTF-8 text ('{value}'); write the link "
            f"again in UTF-8, or type the value in the page's form.") in _text(r)
    assert "A permit from the Town Board" not in _text(r)


@pytest.mark.parametrize("value", ["%C3%A9t%C3%A9", "caf%C3%A9", "%E2%82%AC", ""])
def test_permit_check_takes_a_value_in_utf8(value):
    """The boundary: the same text in UTF-8 ("été", "café", "€") is taken and answered."""
    r = Client().get(f"/permit-check/?persons=600&as_of=2026-05-01&purpose={value}")
    assert r.status_code == 200 and "not UTF-8" not in _text(r)
    assert "A permit from the Town Board" in _text(r)


def test_permit_check_refuses_persons_not_utf8_as_such():
    r = Client().get("/permit-check/?persons=%FF&as_of=2026-05-01")
    assert r.status_code == 422 and "The address gives 'persons' a value in bytes that are not UTF-8" in _text(r)


_ROOM = "form-0-name=Hall&form-0-use_group=assembly_without_fixed_seats&form-0-area_unit=sq_ft"


@pytest.mark.parametrize(("address", "name"), [
    ("/permit-check/?persons=%FF", "persons"),
    ("/permit-check/?persons=%FF&as_of=2026-05-01", "persons"),
    ("/permit-check/?persons=%FF&persons=5", "persons"),
    ("/permit-check/?persons=600&first_day=%FF", "first_day"),
    ("/permit-check/?persons=600&last_day=%FF", "last_day"),
    ("/permit-check/?persons=600&as_of=%FF", "as_of"),
    ("/permit-check/?persons=600&admission_fee=%FF", "admission_fee"),
    ("/occupancy/?attendance=%FF&form-TOTAL_FORMS=0", "attendance"),
    (f"/occupancy/?form-TOTAL_FORMS=1&form-INITIAL_FORMS=0&{_ROOM}&form-0-area=%FF", "form-0-area"),
    (f"/occupancy/?form-TOTAL_FORMS=1&form-INITIAL_FORMS=0&{_ROOM}&form-0-area=100&form-0-alleys=%FF",
     "form-0-alleys"),
    (f"/occupancy/?form-TOTAL_FORMS=%FF&form-INITIAL_FORMS=0&{_ROOM}&form-0-area=100", "form-TOTAL_FORMS"),
    (f"/occupancy/?form-TOTAL_FORMS=1&form-INITIAL_FORMS=%FF&{_ROOM}&form-0-area=100", "form-INITIAL_FORMS"),
    ("/certificates/?number=%FF", "number"),
])
@pytest.mark.parametrize("htmx", [False, True])
def test_a_value_not_utf8_is_told_once_not_again_beside_its_field_w11(address, name, htmx):
    """W-11: ``?persons=%FF`` was refused above the form and told again beside the field, "Write a whole number
    in the digits 0-9 (got '\ufffd')" — what Django read, not what the address wrote. One message: the address's
    refusal naming the parameter; the field says nothing of a value it did not read (nor of it given twice)."""
    r = Client().get(address, **({"HTTP_HX_REQUEST": "true"} if htmx else {}))
    text = _text(r)
    assert r.status_code == 422
    assert text.count("not UTF-8") == 1
    assert f"The address gives '{name}' a value in bytes that are not UTF-8 text ('%FF')" in text
    assert "\ufffd" not in text and "(got" not in text and "Given 2 times" not in text
    assert '<p class="error">' not in r.content.decode()


@pytest.mark.parametrize(("address", "told"), [
    ("/permit-check/?persons=%C3%A9", "Write a whole number in the digits 0-9 (got 'é')."),
    ("/permit-check/?persons=abc", "Give a whole number, e.g. 12 (got 'abc')."),
    ("/permit-check/?persons=600&first_day=%C3%A9", "Give a date written YYYY-MM-DD, e.g. 2026-07-04 (got 'é')."),
    (f"/occupancy/?form-TOTAL_FORMS=1&form-INITIAL_FORMS=0&{_ROOM}&form-0-area=%C3%A9",
     "Give a number, e.g. 1250 or 1250.50 (got 'é')."),
])
def test_a_value_in_utf8_that_a_field_does_not_take_is_told_beside_the_field(address, told):
    """The other side: text in UTF-8 ("é") that the field does not take is the field's to tell, beside it, with
    the value given; the address is not refused."""
    r = Client().get(address)
    assert r.status_code == 422 and told in _text(r) and "not UTF-8" not in _text(r)
    assert '<p class="error">' in r.content.decode()


def test_permit_check_refuses_a_name_not_utf8_once():
    r = Client().get("/permit-check/?persons=600&as_of=2026-05-01&pers%FFons=1")
    assert r.status_code == 422
    assert "The address names a field in bytes that are not UTF-8 text ('pers%FFons')" in _text(r)
    assert "does not have" not in _text(r)


def test_permit_check_live_answer_refuses_bytes_not_utf8_where_the_answer_goes():
    r = Client().get("/permit-check/?persons=600&as_of=2026-05-01&purpose=%FF", HTTP_HX_REQUEST="true")
    assert r.status_code == 422 and "<html" not in r.content.decode()
    assert "The address gives 'purpose' a value in bytes that are not UTF-8" in _text(r)


def test_occupancy_refuses_a_room_name_not_utf8():
    """§§ 164-7, 164-8: the room "Sal%F3n" (Latin-1) was answered as the room "Sal�n"."""
    query = "&".join(f"{k}={v}" for k, v in occupancy_query().items() if k != "form-0-name")
    r = Client().get(f"/occupancy/?{query}&form-0-name=Sal%F3n")
    assert r.status_code == 422
    assert "The address gives 'form-0-name' a value in bytes that are not UTF-8 text ('Sal%F3n')" in _text(r)
    assert "Lawful occupancy" not in _text(r)
    ok = Client().get(f"/occupancy/?{query}&form-0-name=Sal%C3%B3n")
    assert ok.status_code == 200 and "Lawful occupancy: 66 persons" in _text(ok)


def test_certificate_lookup_refuses_a_number_not_utf8():
    r = Client().get("/certificates/?number=MP-2025-%FF")
    assert r.status_code == 422
    assert "The address gives 'number' a value in bytes that are not UTF-8 text ('MP-2025-%FF')" in _text(r)


def test_permit_check_in_spanish_refuses_bytes_not_utf8():
    r = _spanish().get("/permit-check/?persons=%FF")
    assert r.status_code == 422 and '<html lang="es"' in r.content.decode()
    assert "'persons'" in _text(r) and "UTF-8" in _text(r)


# --- the occupancy sign (§ 164-9) ------------------------------------------------------------------------------


def test_sign_refuses_a_parameter_it_does_not_take_instead_of_the_whole_places_sign(hall):
    """§ 164-9: ``?rom=Ballroom`` printed the sign of the whole place (its occupancy, to be posted in the room; read
    as no room, it would now print every room's signs, D-14); refused, 422, naming it and ``room``; ``?room=Ballroom``
    and the shared link's tags are taken."""
    number = hall.certificates.get().number
    r = Client().get(f"/certificates/{number}/sign.pdf?rom=Ballroom")
    assert r.status_code == 422 and not r.content.startswith(b"%PDF")
    assert ("The address names a field this page does not have: 'rom' (did you mean room?). It takes: room."
            in _text(r))
    for query in ("room=Ballroom", "room=Ballroom&fbclid=x", ""):
        ok = Client().get(f"/certificates/{number}/sign.pdf?{query}")
        assert ok.status_code == 200 and ok.content.startswith(b"%PDF"), query


def test_sign_refuses_a_room_not_utf8(hall):
    number = hall.certificates.get().number
    r = Client().get(f"/certificates/{number}/sign.pdf?room=Ballr%F6om")
    assert r.status_code == 422 and "The address gives 'room' a value in bytes that are not UTF-8" in _text(r)


# --- bytes sent unencoded, and the query as the server gives it ---------------------------------------------------


def _page_for_raw_query(raw: bytes):
    """/permit-check/ asked with the query string `raw` as sent (WSGI gives it read as Latin-1, PEP 3333)."""
    from django.test import RequestFactory

    from publicassembly.web.views.public import permit_check

    request = RequestFactory().get("/permit-check/")
    request.environ["QUERY_STRING"] = raw.decode("latin-1")
    return permit_check(request)


def test_a_value_sent_unencoded_not_utf8_is_refused_and_in_utf8_is_taken():
    """Carmel ch. 31 ¶ A: "été" sent unencoded in Latin-1 made Django read the whole query as Latin-1 (no U+FFFD
    to be seen); refused naming ``purpose``. The same sent unencoded in UTF-8 is taken and answered."""
    refused_page = _page_for_raw_query("persons=600&as_of=2026-05-01&purpose=été".encode("latin-1"))
    assert refused_page.status_code == 422
    # (shown as the address writes it, the bytes sent unencoded as %XX: not read as Latin-1 "été", a guess)
    assert "The address gives 'purpose' a value in bytes that are not UTF-8 text ('%E9t%E9')" in _text(refused_page)
    taken = _page_for_raw_query("persons=600&as_of=2026-05-01&purpose=été".encode())
    assert taken.status_code == 200 and "A permit from the Town Board" in _text(taken)


def test_raw_query_reads_the_bytes_sent_under_asgi_and_wsgi():
    from types import SimpleNamespace

    from publicassembly.web.forms.widgets import not_utf8, raw_query

    assert raw_query(SimpleNamespace(scope={"query_string": b"a=%FF"})) == b"a=%FF"
    assert raw_query(SimpleNamespace(environ={"QUERY_STRING": "a=\xe9"})) == b"a=\xe9"
    assert not_utf8(b"a=%FF&b=%C3%A9&c=\xc3\xa9&%FE=1&utm_x=%FF") == [("a", "%FF"), (None, "%FE")]
    # the API reads a shared link's tags too (tags=True); bytes sent unencoded are shown %XX, as written in a browser
    assert not_utf8(b"utm_x=%FF&\xe9t\xe9=1&b=a b\xff", tags=True) == [("utm_x", "%FF"), (None, "%E9t%E9"),
                                                                      ("b", "a%20b%FF")]


# --- the Clerk's queue -----------------------------------------------------------------------------------------


def test_clerk_queue_refuses_a_mistyped_filter_instead_of_the_whole_queue(hearing_app, cu):
    """¶ B: ``?sate=submitted`` showed every application as if filtered; refused naming it and what it takes."""
    clerk = client_for(cu["town_clerk"])
    r = clerk.get("/carmel-ny/applications/?sate=hearing_scheduled")
    assert r.status_code == 422
    assert ("The address names a field this page does not have: 'sate' (did you mean state?). It takes: state, "
            "page.") in _text(r)
    assert "Putnam County Fair" not in _text(r)
    for query in ("state=hearing_scheduled", "state=hearing_scheduled&page=1&fbclid=x", ""):
        ok = clerk.get(f"/carmel-ny/applications/?{query}")
        assert ok.status_code == 200 and "Putnam County Fair" in _text(ok), query
    assert clerk.get("/carmel-ny/applications/?state=%FF").status_code == 422


# --- every public page and download: a certificate's page and PDF, a hearing's notice, the town's calendar -------

NO_FORM = "; write the link again in UTF-8."


def _public_addresses(hall, hearing_app) -> dict[str, str]:
    number = hall.certificates.get().number
    return {"certificate page": f"/certificates/{number}/", "certificate PDF": f"/certificates/{number}/certificate.pdf",
            "hearing notice": f"/hearings/{hearing_app.pk}/notice.pdf", "town calendar": "/towns/carmel-ny/hearings.ics"}


@pytest.mark.parametrize("page", ["certificate page", "certificate PDF", "hearing notice", "town calendar"])
@pytest.mark.parametrize("query", ["x=1", "room=Ballroom", "town=mount-pleasant-ny"])
def test_a_page_or_download_that_takes_no_field_refuses_one_naming_it(hall, hearing_app, page, query):
    """W-11 (§ 164-9 certificate, ch. 31 ¶ B notice and calendar): ``?room=Lanes`` on the certificate's PDF, ``?x=1``
    on a notice or the calendar answered 200 as if read; refused, 422, naming it, with no document."""
    name = query.partition("=")[0]
    r = Client().get(f"{_public_addresses(hall, hearing_app)[page]}?{query}")
    assert r.status_code == 422, page
    assert not r.content.startswith((b"%PDF", b"BEGIN:VCALENDAR"))
    assert f"The address names a field this page does not have: '{name}'. {NO_FIELD}" in _text(r)


@pytest.mark.parametrize("page", ["certificate page", "certificate PDF", "hearing notice", "town calendar"])
def test_a_page_or_download_refuses_a_name_not_utf8_in_words_without_a_form(hall, hearing_app, page):
    r = Client().get(f"{_public_addresses(hall, hearing_app)[page]}?%FF=1")
    assert r.status_code == 422, page
    assert f"The address names a field in bytes that are not UTF-8 text ('%FF'){NO_FORM}" in _text(r)
    assert "form" not in _text(r).partition("UTF-8 text")[2]


@pytest.mark.parametrize("page", ["certificate page", "certificate PDF", "hearing notice", "town calendar"])
@pytest.mark.parametrize("query", ["", "?fbclid=IwAR0x", "?utm_source=news&utm_campaign=%E9t%E9", "?gclid=1"])
def test_a_page_or_download_takes_no_field_or_a_shared_links_tags(hall, hearing_app, page, query):
    """The boundary: no parameter, or only the tags another site adds to a link, is answered as before."""
    r = Client().get(f"{_public_addresses(hall, hearing_app)[page]}{query}")
    assert r.status_code == 200, (page, query)
    if page == "town calendar":
        assert r.content.startswith(b"BEGIN:VCALENDAR")
    elif page != "certificate page":
        assert r.content.startswith(b"%PDF")


def test_sign_refuses_a_room_not_utf8_in_words_without_a_form(hall):
    """A PDF has no form: the sign's refusal says to write the link again, not to type the value in a form."""
    number = hall.certificates.get().number
    r = Client().get(f"/certificates/{number}/sign.pdf?room=Ballr%F6om")
    assert r.status_code == 422
    assert f"The address gives 'room' a value in bytes that are not UTF-8 text ('Ballr%F6om'){NO_FORM}" in _text(r)


def test_hearings_have_no_form_so_a_value_not_utf8_is_told_to_write_the_link_again(hearing_app):
    r = Client().get("/hearings/?q=f%E9te")
    assert f"The address gives 'q' a value in bytes that are not UTF-8 text ('f%E9te'){NO_FORM}" in _text(r)


def test_the_queue_has_a_form_so_a_state_not_utf8_may_be_typed_there(hearing_app, cu):
    r = client_for(cu["town_clerk"]).get("/carmel-ny/applications/?state=%FF")
    assert r.status_code == 422 and "or type the value in the page's form." in _text(r)


def test_certificate_page_refused_in_spanish_on_the_spanish_page(hall):
    number = hall.certificates.get().number
    r = _spanish().get(f"/certificates/{number}/?x=1")
    assert r.status_code == 422 and '<html lang="es"' in r.content.decode() and "'x'" in _text(r)
