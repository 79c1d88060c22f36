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
    assert '<input type="checkbox" name="state" value="accepted" checked>' in r.content.decode()


def test_the_state_is_told_before_the_page(cu, two_pages):
    """A state the queue does not hold is told (its pages are not known) and the page not judged."""
    r = client_for(cu["town_clerk"]).get(URL, {"state": "submited", "page": "abc"})
    assert r.status_code == 422 and "“submited” is not a state" in _text(r) and _page_error(r) == ""


# --- several states, as the API's list takes them ---------------------------------------------------------------

STATES = ("submitted", "amended", "accepted", "incomplete")


@pytest.fixture
def by_state(carmel, cu) -> dict[str, int]:
    """One application in each of `STATES` (and a draft, which the queue does not hold): state → its id."""
    today = dt.date.today()
    out = {}
    for i, state in enumerate((*STATES, "draft")):
        app = PermitApplication.objects.create(
            town=carmel, applicant=cu["applicant"], facts=dict(fair_facts(), name=f"Assembly {i}"), state=state,
            submitted_on=None if state == "draft" else today, verification_statement="Sworn before a notary.")
        out[state] = app.pk
    return out


def _listed(response) -> set[int]:
    return {int(pk) for pk in re.findall(r"<tr><td>(\d+)</td>", response.content.decode())}


@pytest.mark.parametrize(("query", "states"), [
    ("state=submitted,amended", {"submitted", "amended"}),
    ("state=submitted&state=amended", {"submitted", "amended"}),
    ("state=submitted,amended&state=accepted", {"submitted", "amended", "accepted"}),
    ("state=submitted,%20amended", {"submitted", "amended"}),  # (spaces around a state: as the API reads them)
    ("state=amended,amended", {"amended"}),
    ("state=incomplete", {"incomplete"}),
    ("state=", set(STATES)),  # (an empty state is no filter)
    ("", set(STATES)),
])
def test_the_queue_takes_one_state_or_several_as_the_api_does(cu, api_lists, by_state, query, states):
    """Carmel ch. 31 ¶ B (the Clerk's queue of petitions): ``?state=submitted,amended`` — the API's comma list —
    was 422; it lists the applications in those states, as ``GET /api/v1/…/applications?state=`` does, and so does
    ``state`` repeated (the page's list of states sends one ``state`` for each chosen); each chosen state is
    shown checked."""
    r = client_for(cu["town_clerk"]).get(f"{URL}?{query}")
    assert r.status_code == 200 and _page_error(r) == ""
    assert _listed(r) == {by_state[s] for s in states}
    page = r.content.decode()
    for state in STATES:
        chosen = f'<input type="checkbox" name="state" value="{state}" checked>' in page
        assert chosen is (state in states and query not in ("", "state=")), state
    if "," in query and "&" not in query and "%20" not in query:  # the API's own form: the same applications
        assert _listed(r) == api_lists(query.partition("=")[2])


@pytest.fixture
def api_lists(cu):
    """The ids the API lists for a comma list of states (drafts are no row of the queue)."""
    from tests.api.conftest import api_client

    def ids(states: str) -> set[int]:
        r = api_client(cu["town_clerk"]).get("/api/v1/towns/carmel-ny/applications", {"state": states})
        assert r.status_code == 200, r.content
        return {a["id"] for a in r.json() if a["state"] != "draft"}

    return ids


@pytest.mark.parametrize(("query", "named"), [
    ("state=submitted,pending", "“pending” is"),
    ("state=submitted,", "“” is"),  # (an empty state between commas: refused, as the API refuses it)
    ("state=draft,submitted", "“draft” is"),  # (a draft is not in the queue: the applicant's until submitted)
    ("state=submitted&state=submited", "“submited” is"),
    ("state=pending&state=hearing%20scheduled", "“pending”, “hearing scheduled” are not states"),
])
def test_a_state_the_queue_does_not_hold_is_refused_naming_it_and_the_states(cu, by_state, query, named):
    """One value among several that is no state of the queue refuses the whole filter, 422, naming it (each, when
    several) and the states allowed, with no rows: not the others alone shown as if they were the filter."""
    r = client_for(cu["town_clerk"]).get(f"{URL}?{query}")
    assert r.status_code == 422 and _listed(r) == set()
    text = _text(r)
    assert f"state: {named}" in text
    assert ("choose one or more of: submitted, incomplete, amended, accepted, hearing_scheduled (hearing "
            "scheduled)") in text
    assert "(several separated by commas, or state given once for each)." in text


def test_the_pages_of_several_states_link_to_the_same_states(cu, two_pages):
    """The queue's next page keeps the states chosen, in the order given, written as the API writes them
    (``state=a,b``)."""
    c = client_for(cu["town_clerk"])
    r = c.get(f"{URL}?state=accepted&state=submitted")
    assert r.status_code == 200 and "Page 1 of 2" in _text(r)
    link = re.search(r'<a href="\?([^"]+)" rel="next">', r.content.decode()).group(1)
    assert htmllib.unescape(link) == "state=accepted,submitted&page=2"
    assert c.get(f"{URL}?{htmllib.unescape(link)}").status_code == 200


@pytest.mark.parametrize("states", [[], ["submitted"], ["submitted", "amended"]])
def test_the_state_filters_help_is_true_whatever_is_ticked(cu, two_pages, states):
    """A new-user trial: "None chosen: every state." was shown under the states with some ticked. The help says
    what to do, true whether none, one or several are ticked; the boxes ticked are those asked."""
    r = client_for(cu["town_clerk"]).get(URL, {"state": states} if states else {})
    assert r.status_code == 200
    page = r.content.decode()
    assert '<p class="help" id="help-state">Tick none to list every state.</p>' in page
    assert "None chosen" not in page
    ticked = re.findall(r'<input type="checkbox" name="state" value="([a-z_]+)" checked>', page)
    assert ticked == states


def test_the_readme_gives_the_queues_address_where_it_first_names_it():
    from pathlib import Path

    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    first = readme.index("Clerk's queue")
    assert readme[first:first + 60].startswith("Clerk's queue (`/carmel-ny/applications/`")
    assert URL == "/carmel-ny/applications/"
