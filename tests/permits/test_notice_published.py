"""The notice of the public hearing recorded once published (Carmel ch. 31, permit requirements ¶ B: "after a
public hearing pursuant to notice published at least once in the official newspaper 10 days prior to such
hearing"; interpretation G-10): the Clerk schedules the hearing without the notice's date, the newspaper prints
the notice made from it, and the Clerk records the day it was published (`record_notice_published`). The hearing
is recorded as held only after its notice's publication is recorded.

The calendar of the permit tests: petition submitted Monday 1 June 2026, the hearing scheduled on Tuesday 2 June
for Monday 22 June, its notice due Friday 12 June (10 days before, GCL § 20)."""

from __future__ import annotations

import io
from datetime import date, timedelta

import pdfplumber
import pytest

from publicassembly.law.core import Status
from publicassembly.permits import services as sv
from publicassembly.permits.models import PermitApplication, State
from publicassembly.workflow.errors import InvalidTransition, NotAllowed, StaleUpdate, ValidationFailed

from .conftest import HEARING, NOTICE, SUBMITTED, fair_facts

SCHEDULED = SUBMITTED + timedelta(days=1)
CITE_B = "Carmel Code ch. 31, permit requirements ¶ B"


def _unnoticed(walk) -> PermitApplication:
    """The fair's hearing of 22 June scheduled on 2 June, its notice not yet published."""
    walk.accepted()
    return sv.schedule_hearing(walk.clerk, walk.app, hearing_on=HEARING, place="Town Hall, 60 McAlpin Avenue",
                               newspaper="Putnam County Courier", today=SCHEDULED)


def _record(walk, app, notice, today, **kw):
    return sv.record_notice_published(walk.clerk, app, notice_published_on=notice, today=today, **kw)


def _refused(walk, app, notice, today, field="notice_published_on"):
    """`record_notice_published` refused naming `field`; nothing written (state, version, notice)."""
    before = (app.state, app.version, app.notice_published_on)
    with pytest.raises(ValidationFailed) as e:
        _record(walk, app, notice, today)
    assert e.value.field == field, e.value
    app.refresh_from_db()
    assert (app.state, app.version, app.notice_published_on) == before
    return e.value


def test_notice_recorded_published_on_its_last_day_paragraph_b(walk):
    """Published 12 June, 10 days before the hearing of 22 June (¶ B), recorded that day: the application stays
    at its hearing (no change of state), one version later, with the publication in its history and timeline;
    the law core's ¶ B finding is then met."""
    app = _unnoticed(walk)
    version = app.version
    app = _record(walk, app, NOTICE, NOTICE)
    app.refresh_from_db()
    assert (app.state, app.notice_published_on, app.version) == (State.HEARING_SCHEDULED, NOTICE, version + 1)
    last = app.history.first()
    assert last.history_user == walk.clerk
    assert last.history_change_reason == ("notice of the public hearing of 2026-06-22 published in Putnam County "
                                          "Courier on 2026-06-12")
    entry = sv.application_timeline(app)[-1]
    assert [c.field for c in entry.changes] == ["notice_published_on"]  # (the state did not change)
    assert str(entry.changes[0].new) == "2026-06-12"
    finding = sv.determination(app, NOTICE).finding("carmel/permit/b-hearing-notice")
    assert finding.status is Status.MET and finding.citation == CITE_B


def test_notice_9_days_before_the_hearing_refused_10_accepted_paragraph_b(walk):
    """¶ B, GCL § 20: published 13 June, 9 days before the hearing of 22 June: refused with the law core's reason
    and citation; 12 June, 10 days: recorded (both recorded on 13 June)."""
    app = _unnoticed(walk)
    e = _refused(walk, app, date(2026, 6, 13), date(2026, 6, 13))
    assert "10 days" in e.detail and CITE_B in e.detail
    assert _record(walk, app, NOTICE, date(2026, 6, 13)).notice_published_on == NOTICE


def test_notice_published_tomorrow_refused_today_accepted_g10(walk):
    """G-10: a thing done. On 11 June a notice published 12 June is refused saying today; on 12 June it is
    recorded."""
    app = _unnoticed(walk)
    e = _refused(walk, app, NOTICE, NOTICE - timedelta(days=1))
    assert e.detail == "2026-06-12 is in the future (today is 2026-06-11); record it once it has happened"
    assert _record(walk, app, NOTICE, NOTICE).notice_published_on == NOTICE


def test_notice_before_submission_refused_on_submission_day_accepted(walk):
    """A notice of the hearing on the petition is not published before the petition was submitted (1 June):
    31 May refused, 1 June recorded."""
    app = _unnoticed(walk)
    e = _refused(walk, app, SUBMITTED - timedelta(days=1), NOTICE)
    assert e.detail == "2026-05-31 is before the petition was submitted (2026-06-01)"
    assert _record(walk, app, SUBMITTED, NOTICE).notice_published_on == SUBMITTED


def test_notice_after_the_hearing_refused_paragraph_b(walk):
    """Recorded on 23 June (the hearing of 22 June not yet recorded as held), a notice published on 23 June is
    after the hearing; one published on the hearing's day gives no notice at all (¶ B's finding)."""
    app = _unnoticed(walk)
    e = _refused(walk, app, HEARING + timedelta(days=1), HEARING + timedelta(days=1))
    assert e.detail == ("2026-06-23 is after the hearing (2026-06-22); the notice gives notice of the hearing "
                        "before it (¶ B)")
    e = _refused(walk, app, HEARING, HEARING + timedelta(days=1))
    assert "10 days" in e.detail and CITE_B in e.detail


def test_not_a_date_refused_naming_the_field(walk):
    app = _unnoticed(walk)
    _refused(walk, app, "next week", NOTICE)
    _refused(walk, app, None, NOTICE)


def test_notice_already_recorded_is_refused_not_changed_g10(walk):
    """Recorded once (here when the hearing was scheduled with it): a second publication is refused naming the
    field (¶ B: published at least once; the first counts), and the step is no longer offered."""
    app = walk.hearing_scheduled()
    assert app.notice_published_on == NOTICE
    assert not sv.available(app, "record_notice_published")
    e = _refused(walk, app, NOTICE - timedelta(days=1), NOTICE)
    assert e.detail == ("the notice's publication is already recorded (2026-06-12 in Putnam County Courier); ¶ B "
                        "asks it published at least once, and the first publication is the one counted")
    app = _unnoticed(walk)
    _record(walk, app, NOTICE, NOTICE)
    _refused(walk, app, NOTICE, NOTICE)


@pytest.mark.parametrize("state", [State.ACCEPTED, State.HEARING_HELD, State.APPROVED])
def test_recorded_only_while_the_hearing_is_scheduled(walk, state):
    """Before the hearing is scheduled there is no notice to record; once it is held, it is too late: 409
    (`InvalidTransition`), saying where the case stands."""
    app = walk.to(state)
    version = app.version
    with pytest.raises(InvalidTransition) as e:
        _record(walk, app, NOTICE, NOTICE)
    assert e.value.http_status == 409
    assert str(e.value).startswith("cannot record the notice's publication: ")
    app.refresh_from_db()
    assert (app.state, app.version) == (state, version)


def test_only_the_clerk_records_the_notice(walk):
    app = _unnoticed(walk)
    for who in (walk.board, walk.applicant, walk.p["mp_town_clerk"]):
        with pytest.raises(NotAllowed):
            sv.record_notice_published(who, app, notice_published_on=NOTICE, today=NOTICE)
    app.refresh_from_db()
    assert app.notice_published_on is None


def test_stale_version_is_a_conflict_and_writes_nothing(walk):
    """Optimistic locking as every step: a copy loaded before another change, or an ``expected_version`` no
    longer current, is refused (409) and nothing is written."""
    app = _unnoticed(walk)
    stale = PermitApplication.objects.get(pk=app.pk)
    sv.set_bond_and_insurance_limit(walk.board, app, bond_amount="7500")
    with pytest.raises(StaleUpdate) as e:
        _record(walk, stale, NOTICE, NOTICE)
    assert e.value.http_status == 409
    with pytest.raises(StaleUpdate):
        _record(walk, app, NOTICE, NOTICE, expected_version=app.version - 1)
    app.refresh_from_db()
    assert app.notice_published_on is None
    assert _record(walk, app, NOTICE, NOTICE, expected_version=app.version).notice_published_on == NOTICE


def test_hearing_not_recorded_held_until_its_notice_is_paragraph_b(walk):
    """¶ B: the hearing is held "pursuant to notice published ... in the official newspaper". With no
    publication recorded, recording the hearing as held is refused (`Blocked`, 409, citing ¶ B) and not offered;
    the refusal of another step says to record the notice first. Once the notice is recorded, it is."""
    app = _unnoticed(walk)
    assert sv.available(app, "record_notice_published") and not sv.available(app, "record_hearing_held")
    with pytest.raises(sv.Blocked) as e:
        sv.record_hearing_held(walk.clerk, app, today=HEARING)
    assert e.value.http_status == 409
    assert [(b.rule, b.citation) for b in e.value.blockers] == [("carmel/permit/b-hearing-notice", CITE_B)]
    assert str(e.value) == (
        "cannot record the hearing as held: (1) No publication of the hearing's notice is recorded: the public "
        "hearing is held pursuant to notice published in the official newspaper at least 10 days prior to it; "
        f"record the notice's publication first ({CITE_B})")
    app.refresh_from_db()
    assert (app.state, app.hearing_held_on) == (State.HEARING_SCHEDULED, None)
    original = sv.parameter_set  # the days of notice are the Town's parameter in force, not a 10 written in
    with pytest.MonkeyPatch.context() as m:
        m.setattr(sv, "parameter_set", lambda town: original(town).with_values(
            "petition.hearing_notice_days", {date(2026, 1, 1): 14}))
        with pytest.raises(sv.Blocked) as fourteen:
            sv.record_hearing_held(walk.clerk, app, today=HEARING)
    assert "in the official newspaper at least 14 days prior to it;" in str(fourteen.value)
    with pytest.raises(InvalidTransition) as again:
        sv.schedule_hearing(walk.clerk, app, hearing_on=HEARING, place="Town Hall", newspaper="Courier",
                            today=SCHEDULED)
    now = str(again.value).split("what can be done now: ")[1]  # (closing too when the suite runs after the fair)
    assert "record the notice's publication" in now and "record the hearing as held" not in now
    _record(walk, app, NOTICE, NOTICE)
    assert not sv.available(app, "record_notice_published") and sv.available(app, "record_hearing_held")
    app = sv.record_hearing_held(walk.clerk, app, today=HEARING)
    assert (app.state, app.hearing_held_on) == (State.HEARING_HELD, HEARING)


def test_notice_pdf_is_made_for_a_hearing_scheduled_without_its_notice_g10(walk):
    """The point of G-10: the notice the newspaper prints is made from the hearing scheduled without its
    notice's date, with the latest publication date of ¶ B (12 June, 10 days before 22 June)."""
    from publicassembly.documents.pdf import render_hearing_notice
    from publicassembly.permits.documents import hearing_notice_record

    app = _unnoticed(walk)
    record = hearing_notice_record(app)
    assert record.latest_publication_date == NOTICE and record.newspaper == "Putnam County Courier"
    pdf = render_hearing_notice(record)
    assert pdf.startswith(b"%PDF")
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        text = " ".join(" ".join(page.extract_text() or "" for page in doc.pages).split())
    assert "June 12, 2026" in text and "Putnam County Courier" in text and "June 22, 2026" in text


def test_notice_pdf_of_a_hearing_scheduled_for_an_assembly_needing_no_permit(walk):
    """An assembly of 300 persons needs no permit (¶ A: in excess of 500), so the determination counts no notice
    day; the Clerk may still have scheduled its hearing without the notice's date. Its notice is made all the
    same, with ¶ B's 10 days counted by the law core (12 June for the hearing of 22 June), not a failure for
    want of a recorded publication."""
    from publicassembly.documents.pdf import render_hearing_notice
    from publicassembly.permits.documents import hearing_notice_record

    facts = fair_facts()
    facts["max_persons_at_one_time"], facts["persons_collectively"] = 300, 400
    walk.submitted_needing_no_permit(facts, SUBMITTED)  # (P-16 refuses filing it now: a record of before)
    sv.accept(walk.clerk, walk.app, today=SUBMITTED)
    app = sv.schedule_hearing(walk.clerk, walk.app, hearing_on=HEARING, place="Town Hall",
                              newspaper="Putnam County Courier", today=SCHEDULED)
    assert sv.determination(app, SCHEDULED).permit_required is False
    assert "hearing_notice_due" not in sv.deadlines(app, SCHEDULED)
    assert sv.hearing_notice_due(app, SCHEDULED).date == NOTICE
    record = hearing_notice_record(app)
    assert record.latest_publication_date == NOTICE
    assert render_hearing_notice(record).startswith(b"%PDF")
