"""The public pages that are only read (the home page, the two checks, the hearings and their notices, the
certificate look-up, page and PDFs, a Town's hearings calendar) answer GET and HEAD. Any other method — a POST
with or without a CSRF token, a PUT, a DELETE — is 405 with ``Allow: GET, HEAD`` and the site's error page in the
page's language; a POST without a token was 403 "The form expired or came from another site", which is not what
is wrong. The pages that take a form (signing in) still refuse a POST without a token, 403."""

from __future__ import annotations

import html as htmllib
import re

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db

SAID = "This page is only read, with GET (a link or its address): it takes nothing sent with {method}."


def _text(response) -> str:
    return re.sub(r"\s+", " ", htmllib.unescape(re.sub(r"<[^>]+>", " ", response.content.decode())))


@pytest.fixture
def read_only_urls(hall, hearing_app) -> list[str]:
    number = hall.certificates.get().number
    return ["/", "/permit-check/", "/permit-check/?persons=600&as_of=2026-05-01", "/occupancy/", "/hearings/",
            f"/hearings/{hearing_app.pk}/notice.pdf", "/certificates/", f"/certificates/?number={number}",
            f"/certificates/{number}/", f"/certificates/{number}/certificate.pdf",
            f"/certificates/{number}/sign.pdf", "/towns/carmel-ny/hearings.ics"]


def _csrf_client() -> tuple[Client, str]:
    """A client that the CSRF check applies to (as a browser), with a token from the sign-in page's form."""
    c = Client(enforce_csrf_checks=True)
    page = c.get("/accounts/login/").content.decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
    assert token
    return c, token.group(1)


def _refused_405(r, method: str) -> None:
    assert r.status_code == 405
    assert r["Allow"] == "GET, HEAD"
    assert r["Content-Type"].startswith("text/html")
    assert SAID.format(method=method) in _text(r)
    assert "Method not allowed" in _text(r)  # the error page's title
    assert "form expired" not in _text(r)


def test_a_read_only_page_answers_get_and_head(read_only_urls):
    c, _token = _csrf_client()
    for url in read_only_urls:
        assert c.get(url).status_code == 200, url
        assert c.head(url).status_code == 200, url


def test_a_post_without_a_token_is_405_not_form_expired(read_only_urls):
    c, _token = _csrf_client()
    for url in read_only_urls:
        _refused_405(c.post(url, {"persons": "600"}), "POST")


def test_a_post_with_a_token_is_405_not_the_page(read_only_urls):
    """With a token the CSRF check let the POST through and the page answered it as a GET, 200."""
    c, token = _csrf_client()
    for url in read_only_urls:
        _refused_405(c.post(url, {"csrfmiddlewaretoken": token, "persons": "600"}), "POST")


@pytest.mark.parametrize("method", ["put", "delete", "patch", "options"])
def test_other_methods_are_405(read_only_urls, method):
    c, _token = _csrf_client()
    for url in read_only_urls:
        _refused_405(getattr(c, method)(url), method.upper())


def test_the_405_page_is_in_the_pages_language():
    c, _token = _csrf_client()
    c.cookies["django_language"] = "es"
    r = c.post("/permit-check/")
    assert r.status_code == 405 and '<html lang="es"' in r.content.decode() and r["Allow"] == "GET, HEAD"


def test_a_page_taking_a_form_still_refuses_a_post_without_a_token():
    """The CSRF check is left out only on the pages that are only read: signing in without a token is 403."""
    c, token = _csrf_client()
    r = c.post("/accounts/login/", {"username": "x", "password": "y"})
    assert r.status_code == 403 and "The form expired or came from another site." in _text(r)
    with_token = c.post("/accounts/login/", {"csrfmiddlewaretoken": token, "username": "x", "password": "y"})
    assert with_token.status_code != 403


def test_the_language_form_of_a_read_only_page_still_carries_a_working_token():
    """The pages are exempt from the check, not from the token: the language form they show (a POST to
    /i18n/setlang/) has one, and it is taken."""
    c = Client(enforce_csrf_checks=True)
    page = c.get("/").content.decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
    assert token
    r = c.post("/i18n/setlang/", {"csrfmiddlewaretoken": token.group(1), "language": "es", "next": "/"})
    assert r.status_code == 302 and '<html lang="es"' in c.get("/").content.decode()


@pytest.fixture
def signed_in_read_only(hearing_app, hall, cu, mu) -> list[tuple[object, str]]:
    """The pages a signed-in official or applicant only reads (each user's client and the page's address):
    their forms, where they show any, post to other addresses (the steps, a space, an enforcement action)."""
    clerk, inspector = cu["town_clerk"], mu["building_inspector"]
    app = f"/carmel-ny/applications/{hearing_app.pk}"
    venue = f"/mount-pleasant-ny/venues/{hall.pk}"
    return [(cu["applicant"], "/dashboard/"), (cu["applicant"], "/carmel-ny/apply/"),
            (clerk, "/carmel-ny/applications/"), (clerk, "/carmel-ny/applications/?state=hearing_scheduled"),
            (clerk, "/carmel-ny/hearings/"), (clerk, f"{app}/"), (clerk, f"{app}/permit.pdf"),
            (clerk, f"{app}/documents/1/"), (clerk, f"{app}/calendar.ics"), (clerk, f"{app}/petition.pdf"),
            (clerk, "/carmel-ny/export/blds/permits.csv"), (inspector, f"{venue}/"),
            (inspector, f"{venue}/preview/"), (mu["enforcement_officer"], "/mount-pleasant-ny/enforcement/"),
            (mu["enforcement_officer"], "/mount-pleasant-ny/summonses/1.pdf")]


def test_a_signed_in_page_that_is_only_read_is_405_to_a_post_not_form_expired(signed_in_read_only):
    """The queue, the calendar, the dashboard, an application's or a venue's page, their PDFs and calendars:
    a POST (with or without a token) is 405 with ``Allow: GET, HEAD``, as on the public pages; it was 403 "The
    form expired or came from another site"."""
    for user, url in signed_in_read_only:
        c = Client(enforce_csrf_checks=True)
        c.force_login(user)
        _refused_405(c.post(url, {"state": "submitted"}), "POST")
        _refused_405(c.delete(url), "DELETE")


def test_the_signed_in_pages_still_answer_get_and_ask_a_stranger_to_sign_in(signed_in_read_only):
    for user, url in signed_in_read_only:
        c = Client()
        c.force_login(user)
        assert c.get(url).status_code != 405, url
        assert Client().get(url).status_code == 302, url  # to the sign-in page, as before


def _csrf_signed_in(user) -> tuple[Client, str]:
    c = Client(enforce_csrf_checks=True)
    c.force_login(user)
    page = c.get("/account/tokens/").content.decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
    assert token
    return c, token.group(1)


def test_a_page_with_a_form_takes_get_head_and_post_and_refuses_the_others_405(draft_app, hall, cu, mu):
    """A page showing a form that it receives (new or edited petition, the venues list, a space, an
    inspection, the API tokens, registering): PUT, DELETE and PATCH (with the CSRF token, so the check lets them
    through) were answered as a GET, with the page; they are 405 with ``Allow: GET, HEAD, POST``."""
    pages = [(cu["applicant"], "/carmel-ny/apply/new/"), (cu["applicant"], f"/carmel-ny/applications/{draft_app.pk}/edit/"),
             (mu["building_inspector"], "/mount-pleasant-ny/venues/"), (cu["applicant"], "/account/tokens/")]
    for user, url in pages:
        c, token = _csrf_signed_in(user)
        assert c.get(url).status_code == 200, url
        for method in ("put", "delete", "patch"):
            r = getattr(c, method)(url, HTTP_X_CSRFTOKEN=token)
            assert r.status_code == 405 and r["Allow"] == "GET, HEAD, POST", (url, method, r.status_code)
            assert f"This page takes GET, HEAD, POST, not {method.upper()}." in _text(r)
    r = Client().put("/accounts/register/")
    assert r.status_code == 405 and r["Allow"] == "GET, HEAD, POST"


def test_a_method_a_page_does_not_take_is_405_before_the_csrf_check(draft_app, cu, hearing_app):
    """PUT, DELETE and PATCH without a CSRF token (as a script sends them) were refused 403 "the form expired or
    came from another site" by the CSRF check, which runs before the page: they are 405 saying what the page
    takes (`web.middleware.MethodNotAllowedMiddleware`), signed in or not. A POST the page takes without its
    token is still refused by the CSRF check (403), and a stranger's GET still goes to sign in."""
    signed_in = Client(enforce_csrf_checks=True)
    signed_in.force_login(cu["applicant"])
    for c in (signed_in, Client(enforce_csrf_checks=True)):
        for url, allowed in ((f"/carmel-ny/applications/{draft_app.pk}/edit/", "GET, HEAD, POST"),
                             ("/accounts/register/", "GET, HEAD, POST"), ("/accounts/login/", "GET, HEAD, POST"),
                             ("/accounts/logout/", "POST"), ("/i18n/setlang/", "GET, HEAD, POST"),
                             (f"/carmel-ny/applications/{hearing_app.pk}/accept/", "POST")):
            for method in ("put", "delete", "patch"):
                r = getattr(c, method)(url)
                assert r.status_code == 405 and r["Allow"] == allowed, (url, method, r.status_code)
    r = signed_in.post(f"/carmel-ny/applications/{draft_app.pk}/edit/", {"name": "x"})
    assert r.status_code == 403 and "The form expired" in _text(r)
    assert Client().get(f"/carmel-ny/applications/{hearing_app.pk}/accept/").status_code == 302


def test_a_step_a_form_sends_is_405_to_a_get_with_the_sites_page_not_an_empty_answer(hearing_app, hall, cu, mu):
    """The addresses a button posts to (a step of an application, a document upload, a space added, a
    certificate issued, an enforcement action, a token revoked) answered a GET with an empty 405; the site's
    page now says what they take, with ``Allow: POST``."""
    urls = [(cu["town_clerk"], f"/carmel-ny/applications/{hearing_app.pk}/documents/"),
            (cu["town_clerk"], f"/carmel-ny/applications/{hearing_app.pk}/accept/"),
            (mu["building_inspector"], f"/mount-pleasant-ny/venues/{hall.pk}/spaces/"),
            (mu["building_inspector"], f"/mount-pleasant-ny/venues/{hall.pk}/certificates/"),
            (cu["applicant"], "/account/tokens/1/revoke/")]
    for user, url in urls:
        c = Client()
        c.force_login(user)
        r = c.get(url)
        assert r.status_code == 405 and r["Allow"] == "POST", (url, r.status_code)
        assert "This address takes a form sent with POST (a button of its page), not GET." in _text(r), url
        assert Client().get(url).status_code == 302, url  # a stranger is sent to sign in first, as before
