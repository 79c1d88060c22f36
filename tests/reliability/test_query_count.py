"""The Clerk's queue page (``/<town>/applications/``) runs a fixed number of SQL queries whatever the number of
applications in it: 10 and 200 applications must cost the same queries (the benchmark fills 10,000)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from tests.reliability.conftest import file_applications

from publicassembly.web.views.applications import QUEUE_PAGE_SIZE

pytestmark = pytest.mark.django_db


def _queue_queries(client: Client, url: str) -> tuple[int, list[str], bytes]:
    with CaptureQueriesContext(connection) as ctx:
        response = client.get(url)
    assert response.status_code == 200
    return len(ctx.captured_queries), [q["sql"] for q in ctx.captured_queries], response.content


def test_clerk_queue_queries_do_not_grow_with_applications(carmel, officials):
    """10 applications and 200 applications: the same number of SQL queries for the Clerk's queue."""
    client = Client()
    client.force_login(officials["clerk"])
    url = reverse("web:clerk_queue", kwargs={"town": carmel.jurisdiction_alias})
    client.get(url)  # first request: session and caches warm

    file_applications(carmel, officials["applicant"], 10)
    n10, _sql10, page10 = _queue_queries(client, url)
    assert page10.count(b"Assembly ") >= 10

    file_applications(carmel, officials["applicant"], 190, start=10)
    n200, sql200, page200 = _queue_queries(client, url)
    assert page200.count(b"Assembly ") >= QUEUE_PAGE_SIZE  # a page of the queue
    assert b"Page 1 of 4 (200 applications)" in page200
    assert n200 == n10, (
        f"the queue page ran {n10} SQL queries for 10 applications and {n200} for 200; the first repeated "
        f"ones:\n" + "\n".join(sql200[:3] + ["..."] + sql200[-3:]))


def test_clerk_queue_filter_by_state_queries_do_not_grow(carmel, officials):
    """The queue filtered by state (``?state=accepted``) likewise runs a fixed number of queries."""
    client = Client()
    client.force_login(officials["clerk"])
    url = reverse("web:clerk_queue", kwargs={"town": carmel.jurisdiction_alias}) + "?state=accepted"
    client.get(url)
    file_applications(carmel, officials["applicant"], 10)
    n10, _s, _p = _queue_queries(client, url)
    file_applications(carmel, officials["applicant"], 190, start=10)
    n200, _s, _p = _queue_queries(client, url)
    assert n200 == n10


@pytest.mark.parametrize("states", ["?state=submitted,accepted", "?state=submitted&state=accepted",
                                    "?state=submitted,accepted,amended,incomplete&state=hearing_scheduled"])
def test_clerk_queue_filter_by_several_states_queries_do_not_grow(carmel, officials, states):
    """Filtered by several states, as the API's list takes them (``?state=submitted,accepted``, or ``state``
    repeated as the page's list of states sends them): the same fixed number of queries as one state, whatever
    the number of applications and of states."""
    client = Client()
    client.force_login(officials["clerk"])
    base = reverse("web:clerk_queue", kwargs={"town": carmel.jurisdiction_alias})
    client.get(base + states)
    file_applications(carmel, officials["applicant"], 10)
    one, _s, _p = _queue_queries(client, base + "?state=accepted")
    n10, _s, page10 = _queue_queries(client, base + states)
    assert page10.count(b"Assembly ") >= 10  # (submitted and accepted both listed)
    file_applications(carmel, officials["applicant"], 190, start=10)
    n200, sql200, page200 = _queue_queries(client, base + states)
    assert b"Page 1 of 4 (200 applications)" in page200
    assert n200 == n10 == one, (n10, n200, one, sql200)


def test_clerk_queue_shows_every_overdue_decision_on_its_first_page(carmel, officials):
    """Carmel ch. 31 ¶ B (the Board acts within 30 days after submission): with 200 applications submitted over
    60 days, the first page of the queue holds the overdue ones — oldest submission first — each flagged by
    the law core, and none of the second page's rows is overdue."""
    client = Client()
    client.force_login(officials["clerk"])
    url = reverse("web:clerk_queue", kwargs={"town": carmel.jurisdiction_alias})
    file_applications(carmel, officials["applicant"], 200)
    first = client.get(url).content.decode()
    second = client.get(url + "?page=2").content.decode()
    # submissions 31 to 59 days old (about 95 of 200) fill the whole first page
    assert first.count("decision overdue (due") == QUEUE_PAGE_SIZE
    assert ">Assembly 59<" in first  # among the oldest submissions (59 days ago)
    assert second.count("decision overdue (due") > 0
    last_page = client.get(url + "?page=4").content.decode()
    assert "decision overdue (due" not in last_page  # the newest submissions are not overdue


def _file_ended(town, applicant, n: int, *, start: int) -> None:
    """`n` applications whose assembly (ended 30 days ago) is recorded as held, written with one bulk insert: every
    other one recorded as ending the day after the permit's last day (interpretation P-23), the rest on it."""
    import datetime as dt

    from tests.reliability.conftest import fair_facts

    from publicassembly.permits.models import PermitApplication, State

    first = dt.date.today() - dt.timedelta(days=32)
    facts, last = fair_facts(first), first + dt.timedelta(days=2)
    PermitApplication.objects.bulk_create([
        PermitApplication(town=town, applicant=applicant, facts=dict(facts, name=f"Assembly {i}"),
                          state=State.ASSEMBLY_HELD, submitted_on=first - dt.timedelta(days=70),
                          verification_statement="Sworn before a notary.",
                          assembly_ended_on=last + dt.timedelta(days=i % 2))
        for i in range(start, start + n)])


def test_clerk_queue_warns_of_an_end_after_the_permit_in_as_many_queries_p23(carmel, officials):
    """The rows' warning of an assembly ended after the permit's last day (P-23) costs no query: the queue of 10
    applications without it, of 10 more with 5 warned, and of 200 with 95 warned run the same queries."""
    client = Client()
    client.force_login(officials["clerk"])
    url = reverse("web:clerk_queue", kwargs={"town": carmel.jurisdiction_alias})
    client.get(url)  # first request: session and caches warm
    warning = b"ended after the permit&#x27;s last day"

    file_applications(carmel, officials["applicant"], 10)
    n10, _sql, page10 = _queue_queries(client, url)
    assert warning not in page10

    _file_ended(carmel, officials["applicant"], 10, start=10)
    n20, _sql, page20 = _queue_queries(client, url)
    assert page20.count(warning) == 5

    _file_ended(carmel, officials["applicant"], 190, start=20)
    n200, sql200, page200 = _queue_queries(client, url + "?state=assembly_held")
    assert page200.count(warning) == QUEUE_PAGE_SIZE // 2
    assert n10 == n20 == n200, (n10, n20, n200, sql200[:3], sql200[-3:])
