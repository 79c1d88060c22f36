"""The Clerk's queue's ``page`` is one of its pages or refused: a whole number from 1 to the number of pages
(an empty queue has page 1 only). Anything else — not a whole number, 0, past the last page, given twice — is
422 naming ``page`` and the pages there are, shown above the table with no rows, as the ``state`` filter's
error; Django's ``Paginator.get_page`` answered page 1 or the last page instead, as if it were the one asked."""

from __future__ import annotations

import datetime as dt
import html as htmllib
import re

import pytest
from tests.web.conftest import client_for, fair_facts

from publicassembly.permits.models import PermitApplication, State
from publicassembly.web.views.applications import QUEUE_PAGE_SIZE

pytestmark = pytest.mark.django_db

URL = "/carmel-ny/applications/"


def _text(response) -> str:
    return re.sub(r"\s+", " ", htmllib.unescape(re.sub(r"<[^>]+>", " ", response.content.decode())))


def _page_error(response) -> str:
    """The text of the error shown for ``page`` (its ``err-page`` element), "" when there is none."""
    m = re.search(r'<div class="errors" id="err-page"[^>]*>(.*?)</div>', response.content.decode(), re.S)
    return re.sub(r"\s+", " ", htmllib.unescape(re.sub(r"<[^>]+>", " ", m.group(1)))).strip() if m else ""


def _rows(response) -> list[str]:
    """The assemblies listed (the queue's rows), in order."""
    return re.findall(r'<td><a href="[^"]+">(Assembly \d+)</a></td>', response.content.decode())


@pytest.fixture
def two_pages(carmel, cu) -> int:
    """One application more than a page holds: page 1 full, page 2 (the last) with one row. Returns the
    number of applications."""
    n = QUEUE_PAGE_SIZE + 1
    today = dt.date.today()
    PermitApplication.objects.bulk_create(
        PermitApplication(town=carmel, applicant=cu["applicant"], facts=dict(fair_facts(), name=f"Assembly {i}"),
                          state=State.SUBMITTED, submitted_on=today - dt.timedelta(days=i % 20),
                          verification_statement="Sworn before a notary.") for i in range(n))
    return n


@pytest.mark.parametrize(("page", "rows"), [("1", QUEUE_PAGE_SIZE), ("2", 1), ("01", QUEUE_PAGE_SIZE)])
def test_a_page_of_the_queue_is_shown(cu, two_pages, page, rows):
    r = client_for(cu["town_clerk"]).get(URL, {"page": page})
    assert r.status_code == 200 and _page_error(r) == ""
    assert len(_rows(r)) == rows
    assert f"Page {int(page)} of 2 ({two_pages} applications)" in _text(r)


def test_the_two_pages_hold_every_application_once(cu, two_pages):
    c = client_for(cu["town_clerk"])
    listed = _rows(c.get(URL)) + _rows(c.get(URL, {"page": "2"}))
    assert sorted(listed) == sorted(f"Assembly {i}" for i in range(two_pages))
    assert _rows(c.get(URL)) == _rows(c.get(URL, {"page": "1"}))  # no page asked is page 1
    r = c.get(URL, {"page": ""})  # an empty page is no page asked, as an empty state is no filter
    assert r.status_code == 200 and _page_error(r) == "" and _rows(r) == _rows(c.get(URL))


@pytest.mark.parametrize(("page", "shown"), [
    ("0", "'0'"), ("3", "'3'"), ("999", "'999'"), ("abc", "'abc'"), ("1.5", "'1.5'"), ("-1", "'-1'"),
    (" 1", "' 1'"), ("²", "'²'"), ("1e3", "'1e3'"), ("9" * 50, f"'{'9' * 38}…"),
])
def test_a_page_the_queue_does_not_have_is_refused_naming_the_pages(cu, two_pages, page, shown):
    r = client_for(cu["town_clerk"]).get(URL, {"page": page})
    assert r.status_code == 422
    assert _page_error(r) == f"page: must be a whole number from 1 to 2, the pages of the queue (got {shown})."
    assert _rows(r) == [] and "Page 1 of 2" not in _text(r)  # not page 1 nor the last page shown as if asked


def test_a_page_given_twice_is_refused_naming_both(cu, two_pages):
    r = client_for(cu["town_clerk"]).get(f"{URL}?page=1&page=2")
    assert r.status_code == 422
    assert _page_error(r) == "page: Given 2 times ('1', '2'); give it once."
    assert _rows(r) == []


def test_an_empty_queue_has_page_1_only(carmel, cu):
    c = client_for(cu["town_clerk"])
    one = c.get(URL, {"page": "1"})
    assert one.status_code == 200 and _page_error(one) == "" and "No applications." in _text(one)
    for page in ("2", "0"):
        r = c.get(URL, {"page": page})
        assert r.status_code == 422
        assert _page_error(r) == f"page: the queue has one page, page 1 (got '{page}')."


def test_the_pages_are_those_of_the_filtered_queue(cu, two_pages):
    """Filtered by a state, the queue's pages are the filtered rows' pages: every application is submitted,
    so ``?state=submitted`` has two pages and ``?state=accepted`` (none) one; the filter stays chosen."""
    c = client_for(cu["town_clerk"])
    assert c.get(URL, {"state": "submitted", "page": "2"}).status_code == 200
    r = c.get(URL, {"state": "accepted", "page": "2"})
    assert r.status_code == 422
    assert _page_error(r) == "page: the queue has one page, page 1 (got '2')."
    assert '<option value="accepted" selected>' in r.content.decode()


def test_the_state_is_told_before_the_page(cu, two_pages):
    """A state the queue does not hold is told (its pages are not known) and the page not judged."""
    r = client_for(cu["town_clerk"]).get(URL, {"state": "submited", "page": "abc"})
    assert r.status_code == 422 and "“submited” is not a state" in _text(r) and _page_error(r) == ""
