"""The application page's "What blocks issuance" reads as its list of findings: each item the citation, then the
reason (Carmel ch. 31, permit requirements; issuance ¶¶ C-F) — not "reason. (citation)", a sentence's period
before the parenthesis. (The venue page's certificate blockers: test_certificate_blockers_exits_and_worship.py.)"""

from __future__ import annotations

import datetime as dt

import pytest

from .conftest import client_for
from .test_application_calendar_deadlines_done import submitted

pytestmark = pytest.mark.django_db

TODAY = dt.date.today()


def test_what_blocks_issuance_lists_the_citation_first(carmel, cu):
    app = submitted(carmel, cu, state="approved", submitted_on=TODAY - dt.timedelta(days=20),
                    decided_on=TODAY - dt.timedelta(days=1))
    page = client_for(cu["town_clerk"]).get(f"/carmel-ny/applications/{app.pk}/").content.decode()
    assert "What blocks issuance" in page
    section = page.split("What blocks issuance", 1)[1].split("</section>", 1)[0]
    items = [i.split("</li>")[0] for i in section.split('<li class="st-not_met">')[1:]]
    assert items and all(i.startswith("<cite>Carmel") for i in items), items
    assert not any(". (<cite>" in i for i in items)
