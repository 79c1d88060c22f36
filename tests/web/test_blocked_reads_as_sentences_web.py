"""The Town Board's "Release the bond" refused (Carmel ch. 31 ¶ F: the cleanup completed a day late) on the page
: each blocker's line reads as a sentence with its citation, no period before it (". ("), in English and in
Spanish (the API's answer: `tests.api.test_api_blocked_reads_as_sentences`)."""

from __future__ import annotations

import datetime as dt
import html as htmllib
import re

import pytest
from django.utils import timezone
from tests.api.conftest import issued_permit
from tests.web.conftest import client_for

from publicassembly.permits import services as sv

pytestmark = pytest.mark.django_db

CITE_F = "Carmel Code ch. 31, permit requirements ¶ F"


def _late_cleanup(carmel, cu, monkeypatch):
    """The fair's permit issued, the assembly held, the cleanup completed and inspected the day after its last day
    (5 days after the assembly's last day): returns the application and the cleanup's last and late days."""
    app = issued_permit(carmel, cu)
    last = dt.date.fromisoformat(app.facts["dates"]["last_day"])
    real = timezone.localdate
    monkeypatch.setattr(timezone, "localdate", lambda value=None, timezone=None:
                        (last + dt.timedelta(days=30)) if value is None else real(value, timezone))
    sv.record_assembly_held(cu["town_clerk"], app)
    due = sv.deadlines(app)["cleanup_due"].date
    late = due + dt.timedelta(days=1)
    sv.record_cleanup_inspection(cu["town_clerk"], app, inspected_on=late, result="complete", completed_on=late)
    app.refresh_from_db()
    return app, due, late


def _told(response) -> list[str]:
    page = htmllib.unescape(response.content.decode())
    found = re.search(r'<div class="alert error" role="alert">(.*?)</div>', page, re.S) or re.search(
        r'<ul class="errorlist nonfield">(.*?)</ul>', page, re.S)
    assert found, page[:3000]
    return [" ".join(re.sub(r"<[^>]+>", " ", p).split())
            for p in re.findall(r"<(?:p|li)>(.*?)</(?:p|li)>", found.group(1), re.S)]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_release_refused_on_the_page_reads_as_a_sentence_par_f(carmel, cu, monkeypatch, lang):
    app, due, late = _late_cleanup(carmel, cu, monkeypatch)
    board = client_for(cu["town_board_member"])
    if lang == "es":
        assert board.post("/i18n/setlang/", {"language": "es", "next": "/"}).status_code == 302
    r = board.post(f"/carmel-ny/applications/{app.pk}/release_bond/", {"expected_version": app.version})
    assert r.status_code == 409
    told = _told(r)
    line = next(t for t in told if t.endswith(f"({CITE_F})"))
    start = (f"Cleanup completed on {late.isoformat()}, after {due.isoformat()}. " if lang == "en" else
             f"Limpieza terminada el {late.isoformat()}, después del {due.isoformat()}. ")
    assert line.startswith(start), told
    assert ". (" not in line and line.endswith(f"{due.isoformat()} ({CITE_F})"), line
