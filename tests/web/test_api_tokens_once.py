"""API tokens (new-user trial; interpretation G-6 for their names):

- a token's name with a control character (a direction override U+202E, a bell U+0007, an escape) is refused as
  every other text the site keeps is (`workflow.printable.require_no_controls`): ``POST /api/v1/auth/token``
  422 naming ``name``, the tokens page 422 beside the field; nothing created. A name of words, a tab inside, is
  taken;
- the tokens page's form is POST/redirect/GET: the new token is shown once, by the page the form redirects to
  (kept in the server-side session until then, never in the address); reloading that page shows it no more and
  creates nothing; the form sent twice (a double click, "send again") creates one token; a form the page did not
  give (no key, or one of another session) is 422, nothing created."""

from __future__ import annotations

import html
import json
import re

import pytest
from django.test import Client

from publicassembly.accounts.models import User
from publicassembly.api.models import ApiToken

pytestmark = pytest.mark.django_db

SAID = ("must be text without control characters (it holds {}, which no document prints and which would act on "
        "the screen showing them)")
PASSWORD = "correct horse battery"


@pytest.fixture
def dee(db) -> User:
    return User.objects.create_user("dee", password=PASSWORD)


@pytest.fixture
def page(dee) -> Client:
    c = Client()
    c.force_login(dee)
    return c


def _key(client: Client) -> str:
    found = re.search(r'name="form_key" value="([^"]+)"', client.get("/account/tokens/").content.decode())
    assert found
    return found.group(1)


def _shown(response) -> list[str]:
    return re.findall(r'<code id="new-token">(pa_[^<]+)</code>', response.content.decode())


def _text(response) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", response.content.decode())).split())


# --- names with control characters --------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "named"), [("evil\u202egnp.exe\u0007", "U+202E, U+0007"),
                                             ("\x1b[31mred", "U+001B"), ("lap\x7ftop", "U+007F")])
def test_the_api_refuses_a_token_name_with_control_characters_g6(dee, name, named):
    r = Client().post("/api/v1/auth/token", json.dumps({"username": "dee", "password": PASSWORD, "name": name}),
                      content_type="application/json")
    assert r.status_code == 422, r.content
    assert r.json()["field"] == "name" and r.json()["detail"] == "name: " + SAID.format(named)
    assert not ApiToken.objects.exists()


def test_the_api_takes_a_name_of_words_and_a_tab_g6(dee):
    for name in ("county dashboard", "county\tdashboard", "平面図"):
        r = Client().post("/api/v1/auth/token", json.dumps({"username": "dee", "password": PASSWORD, "name": name}),
                          content_type="application/json")
        assert r.status_code == 201, r.content
    assert ApiToken.objects.count() == 3


def test_the_tokens_page_refuses_a_name_with_control_characters_beside_the_field_g6(page):
    r = page.post("/account/tokens/", {"name": "evil\u202egnp.exe\u0007", "form_key": _key(page)})
    assert r.status_code == 422
    assert SAID.format("U+202E, U+0007") in _text(r)
    assert "\u202e" not in r.content.decode().split("<table", 1)[1].split("</table>", 1)[0]  # (not listed)
    assert not ApiToken.objects.exists() and _shown(r) == []


# --- created once, shown once ------------------------------------------------------------------------------


def test_a_token_created_is_shown_once_by_the_page_the_form_redirects_to(page, dee):
    r = page.post("/account/tokens/", {"name": "laptop", "form_key": _key(page)})
    assert r.status_code == 302 and r["Location"] == "/account/tokens/"  # (no token in the address)
    [token] = ApiToken.objects.filter(user=dee)
    shown = page.get("/account/tokens/")
    [raw] = _shown(shown)
    assert raw.startswith(token.prefix) and ApiToken.objects.authenticate(raw) == dee
    assert shown["Cache-Control"] == "no-store"
    again = page.get("/account/tokens/")  # a reload: the page as it is, the token not shown again
    assert again.status_code == 200 and _shown(again) == [] and "laptop" in _text(again)
    assert ApiToken.objects.count() == 1


def test_the_form_sent_twice_creates_one_token_and_the_page_shows_it(page, dee):
    key = _key(page)
    first = page.post("/account/tokens/", {"name": "laptop", "form_key": key})
    second = page.post("/account/tokens/", {"name": "laptop", "form_key": key})  # (a double click)
    assert first.status_code == second.status_code == 302
    assert ApiToken.objects.filter(user=dee).count() == 1
    shown = page.get("/account/tokens/")
    assert len(_shown(shown)) == 1 and "This form was already sent: no other token was created." in _text(shown)
    assert _shown(page.get("/account/tokens/")) == []
    # a new form of the page creates another, as asked
    assert page.post("/account/tokens/", {"name": "desk", "form_key": _key(page)}).status_code == 302
    assert ApiToken.objects.filter(user=dee).count() == 2


@pytest.mark.parametrize("sent", [{}, {"form_key": "made-up"}])
def test_a_form_the_page_did_not_give_creates_nothing_422(page, sent):
    r = page.post("/account/tokens/", {"name": "laptop", **sent})
    assert r.status_code == 422 and "no token was created" in _text(r)
    assert not ApiToken.objects.exists() and _shown(r) == []
    # the page given again carries a key that works
    assert page.post("/account/tokens/", {"name": "laptop", "form_key": _key(page)}).status_code == 302


def test_another_persons_form_key_creates_nothing(page, dee):
    key = _key(page)
    other = Client()
    other.force_login(User.objects.create_user("eve", password=PASSWORD))
    _key(other)
    assert other.post("/account/tokens/", {"name": "stolen", "form_key": key}).status_code == 422
    assert not ApiToken.objects.exists()
