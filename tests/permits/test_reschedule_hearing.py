"""Rescheduling the public hearing (Carmel ch. 31, permit requirements ¶ B: the Town Board acts "after a public
hearing pursuant to notice published at least once in the official newspaper 10 days prior to such hearing";
interpretation G-10): the Clerk moves a scheduled hearing to another day, time or place. The notice names the
hearing's day, so the notice recorded is cleared unless the notice of the hearing as now set is given; the
checks are those of `schedule_hearing` (one function, `_hearing_in_case`). Without this step, a hearing whose
notice was not published by its last day could neither be noticed nor held.

The calendar of the permit tests: petition submitted Monday 1 June 2026 (the Board's last day to act Wednesday
1 July); the hearing scheduled on Tuesday 2 June for Monday 22 June, its notice due Friday 12 June; the fair
14-16 August."""

from __future__ import annotations

from datetime import date, time, timedelta

import pytest

from publicassembly.permits import services as sv
from publicassembly.permits.models import PermitApplication, State
from publicassembly.workflow.errors import InvalidTransition, NotAllowed, StaleUpdate, ValidationFailed

from .conftest import HEARING, NOTICE, SUBMITTED

SCHEDULED = SUBMITTED + timedelta(days=1)
CITE_B = "Carmel Code ch. 31, permit requirements ¶ B"
MON_15 = date(2026, 6, 15)
PLACE = "Town Hall, 60 McAlpin Avenue"
PAPER = "Putnam County Courier"


def _unnoticed(walk, today=SCHEDULED) -> PermitApplication:
    """The fair's hearing of 22 June at Town Hall scheduled on `today` (default 2 June), its notice not yet
    published."""
    walk.accepted()
    return sv.schedule_hearing(walk.clerk, walk.app, hearing_on=HEARING, place=PLACE, newspaper=PAPER, today=today)


def _noticed(walk, hearing_time=None) -> PermitApplication:
    """The fair's hearing of 22 June at Town Hall, its notice published 12 June and recorded."""
    walk.accepted()
    return sv.schedule_hearing(walk.clerk, walk.app, hearing_on=HEARING, place=PLACE, newspaper=PAPER,
                               notice_published_on=NOTICE, hearing_time=hearing_time, today=NOTICE)


def _move(walk, app, hearing_on, today, **kw) -> PermitApplication:
    return sv.reschedule_hearing(walk.clerk, app, hearing_on=hearing_on, today=today, **kw)


def _stored(app) -> tuple:
    app.refresh_from_db()
    return (app.state, app.version, app.hearing_on, app.hearing_time, app.hearing_place, app.newspaper,
            app.notice_published_on)


def _refused(walk, app, field, hearing_on, today, **kw) -> ValidationFailed:
    """`reschedule_hearing` refused naming `field`; nothing written."""
    before = _stored(app)
    with pytest.raises(ValidationFailed) as e:
        _move(walk, app, hearing_on, today, **kw)
    assert e.value.field == field, e.value
    assert _stored(app) == before
    return e.value


def _reason(app) -> str:
    return app.history.first().history_change_reason


# --- The dead end it removes ----------------------------------------------------------------------------------


def test_hearing_whose_notice_was_not_published_in_time_is_unstuck_by_rescheduling_paragraph_b_g10(walk, travel_to):
    """¶ B: scheduled without its notice, the hearing of 22 June needs its notice published by 12 June. On
    15 June it was not: a notice of 15 June is refused (not 10 days prior), the hearing cannot be recorded as
    held (no notice), and the refusal of another step names rescheduling among what can be done. Rescheduled to
    Friday 26 June (notice due Tuesday 16 June), the notice of 16 June is recorded, the hearing is held on
    26 June and the Board decides in time (by 1 July)."""
    app = _unnoticed(walk)
    assert sv.hearing_notice_due(app, MON_15).date == NOTICE
    with pytest.raises(ValidationFailed) as late:
        sv.record_notice_published(walk.clerk, app, notice_published_on=MON_15, today=MON_15)
    assert late.value.field == "notice_published_on" and CITE_B in late.value.detail
    with pytest.raises(sv.Blocked):
        sv.record_hearing_held(walk.clerk, app, today=HEARING)
    travel_to(MON_15)  # (what can be done now is said on the Town's today)
    with pytest.raises(InvalidTransition) as e:
        sv.schedule_hearing(walk.clerk, app, hearing_on=HEARING, place=PLACE, newspaper=PAPER, today=MON_15)
    assert "reschedule the public hearing" in str(e.value).split("what can be done now: ")[1]
    assert sv.available(app, "reschedule_hearing", MON_15)

    app = _move(walk, app, date(2026, 6, 26), MON_15)
    assert (app.state, app.hearing_on, app.notice_published_on) == (State.HEARING_SCHEDULED, date(2026, 6, 26), None)
    assert sv.hearing_notice_due(app, MON_15).date == date(2026, 6, 16)
    app = sv.record_notice_published(walk.clerk, app, notice_published_on=date(2026, 6, 16), today=date(2026, 6, 16))
    app = sv.record_hearing_held(walk.clerk, app, today=date(2026, 6, 26))
    assert (app.state, app.hearing_held_on) == (State.HEARING_HELD, date(2026, 6, 26))
    travel_to(date(2026, 6, 26))
    app = sv.approve(walk.board, app, decided_on=date(2026, 6, 26))
    assert app.state == State.APPROVED


# --- What it changes ------------------------------------------------------------------------------------------


def test_rescheduling_clears_the_recorded_notice_and_keeps_time_and_newspaper_g10(walk):
    """G-10: the notice of 12 June named the hearing of 22 June; moved on 15 June to Monday 29 June at the fire
    house (the hall not available), that notice gives no notice of the new hearing and is cleared: the new one is
    to be published and recorded. The time (7 p.m.) and the newspaper are kept; the state does not change, one
    version later; the history says the former day and the new one, and which notice no longer counts."""
    app = _noticed(walk, hearing_time=time(19, 0))
    version = app.version
    app = _move(walk, app, date(2026, 6, 29), MON_15, place="Carmel Fire House")
    stored = _stored(app)
    assert stored == (State.HEARING_SCHEDULED, version + 1, date(2026, 6, 29), time(19, 0), "Carmel Fire House",
                      PAPER, None)
    assert _reason(app) == (
        "public hearing moved from 2026-06-22 at 19:00 at Town Hall, 60 McAlpin Avenue to 2026-06-29 at 19:00 at "
        "Carmel Fire House; notice to be published in Putnam County Courier; its publication not yet recorded; "
        "the notice published in Putnam County Courier on 2026-06-12 named the former hearing and no longer counts")
    assert app.history.first().history_user == walk.clerk
    changed = {c.field for c in sv.application_timeline(app)[-1].changes}
    assert changed == {"hearing_on", "hearing_place", "notice_published_on"}
    assert sv.available(app, "record_notice_published") and not sv.available(app, "record_hearing_held")
    assert sv.hearing_notice_due(app, MON_15).date == date(2026, 6, 19)


def test_rescheduling_with_the_new_notice_already_published_records_it_paragraph_b(walk):
    """¶ B, GCL § 20: moved on Monday 22 June to Tuesday 30 June, the notice of the new day published Saturday
    20 June (10 days before) is recorded with it; one of Sunday 21 June (9 days) is refused naming
    ``notice_published_on`` with the law core's reason and citation."""
    app = _noticed(walk)
    today, new = date(2026, 6, 22), date(2026, 6, 30)
    e = _refused(walk, app, "notice_published_on", new, today, notice_published_on=date(2026, 6, 21))
    assert "10 days" in e.detail and CITE_B in e.detail
    app = _move(walk, app, new, today, notice_published_on=date(2026, 6, 20))
    assert (app.hearing_on, app.notice_published_on) == (new, date(2026, 6, 20))
    assert _reason(app) == (
        "public hearing moved from 2026-06-22 at Town Hall, 60 McAlpin Avenue to 2026-06-30 at Town Hall, 60 "
        "McAlpin Avenue; notice published in Putnam County Courier on 2026-06-20; the notice published in Putnam "
        "County Courier on 2026-06-12 named the former hearing and no longer counts")
    assert sv.available(app, "record_hearing_held")


def test_new_notice_not_after_the_former_one_is_refused_g10(walk):
    """G-10: the notice recorded (12 June) named the former day; a notice of the new day given as published on
    or before it is that notice again: refused naming ``notice_published_on``. 13 June is taken."""
    app = _noticed(walk)
    e = _refused(walk, app, "notice_published_on", date(2026, 6, 29), MON_15, notice_published_on=NOTICE)
    assert e.detail == (
        "2026-06-12 is not after the publication of the notice of the hearing as it was set (2026-06-12, of the "
        "hearing of 2026-06-22), which named the former day; give the day the notice of the hearing of "
        "2026-06-29 was published, or leave it empty and record it once published (¶ B)")
    app = _move(walk, app, date(2026, 6, 29), MON_15, notice_published_on=date(2026, 6, 13))
    assert app.notice_published_on == date(2026, 6, 13)


def test_the_former_notice_is_not_counted_again_in_two_steps_either_g10(walk):
    """G-10: rescheduled without a notice (the one of 12 June cleared), the notice recorded afterwards for the new
    day (29 June) is refused on or before 12 June — the former notice again — naming ``notice_published_on``;
    13 June is taken. Rescheduled again without a notice, the 12 June one still may not be given with it."""
    app = _move(walk, _noticed(walk), date(2026, 6, 29), MON_15)
    assert app.notice_published_on is None
    before = _stored(app)
    with pytest.raises(ValidationFailed) as e:
        sv.record_notice_published(walk.clerk, app, notice_published_on=NOTICE, today=MON_15)
    assert e.value.field == "notice_published_on" and _stored(app) == before
    assert e.value.detail == (
        "2026-06-12 is not after the publication of the notice of the hearing's former day (2026-06-12, of the "
        "hearing of 2026-06-22), which named that day; give the day the notice of the hearing of 2026-06-29 was "
        "published (¶ B)")
    app = _move(walk, app, date(2026, 6, 30), MON_15)
    e = _refused(walk, app, "notice_published_on", date(2026, 7, 1), MON_15, notice_published_on=NOTICE)
    assert "(2026-06-12, of the hearing of 2026-06-22)" in e.detail
    app = sv.record_notice_published(walk.clerk, app, notice_published_on=date(2026, 6, 13), today=MON_15)
    assert app.notice_published_on == date(2026, 6, 13)


def test_no_day_whose_notice_could_not_come_after_the_former_notice_g10(walk):
    """G-10: the notice of 12 June (of the hearing of 22 June) recorded, the hearing moved on 12 June without a
    notice: a new day whose last day to publish is 12 June itself (Monday 22 June again is the same hearing;
    Tuesday 23 June: due Saturday 13 June) — Monday 22 June's notice would have to be published by 12 June and
    after the notice of 12 June, which no day can be — is refused naming ``hearing_on``; a day due after it is
    taken. (Found by the new-user trial: the hearing was accepted, then no notice could ever be recorded.)"""
    app = _move(walk, _noticed(walk), date(2026, 6, 29), NOTICE)  # (the notice of 12 June cleared)
    e = _refused(walk, app, "hearing_on", date(2026, 6, 22), NOTICE)
    assert e.detail.startswith(
        "2026-06-22 is too soon for its notice: the notice must be published in the official newspaper by "
        "2026-06-12, and a notice of it must come after the notice of the former day (2026-06-12, of the hearing "
        "of 2026-06-22); schedule the hearing for a later day (¶ B).")
    app = _move(walk, app, date(2026, 6, 23), NOTICE)  # due Saturday 13 June: after 12 June
    app = sv.record_notice_published(walk.clerk, app, notice_published_on=date(2026, 6, 13), today=date(2026, 6, 13))
    assert app.notice_published_on == date(2026, 6, 13)


def test_new_notice_tomorrow_refused_today_accepted_g10(walk):
    """G-10: a thing done. On Tuesday 16 June, for the hearing moved to Friday 26 June, a notice of 17 June is
    refused saying today; one of 16 June (10 days before) is recorded."""
    app = _unnoticed(walk)
    today, new = date(2026, 6, 16), date(2026, 6, 26)
    e = _refused(walk, app, "notice_published_on", new, today, notice_published_on=today + timedelta(days=1))
    assert e.detail == "2026-06-17 is in the future (today is 2026-06-16); record it once it has happened"
    assert _move(walk, app, new, today, notice_published_on=today).notice_published_on == today


def test_new_notice_before_the_submission_refused_on_submission_day_accepted(walk):
    """The notice of the hearing on the petition is not published before the petition was submitted (1 June):
    31 May refused, 1 June taken (the hearing moved to Tuesday 23 June)."""
    app = _unnoticed(walk)
    new = date(2026, 6, 23)
    e = _refused(walk, app, "notice_published_on", new, SCHEDULED, notice_published_on=SUBMITTED - timedelta(days=1))
    assert e.detail == "2026-05-31 is before the petition was submitted (2026-06-01)"
    assert _move(walk, app, new, SCHEDULED, notice_published_on=SUBMITTED).notice_published_on == SUBMITTED


def test_time_to_be_announced_and_newspaper_changed(walk):
    """``hearing_time=None`` makes the time to be announced (not given, it is kept); a newspaper given replaces
    the one named."""
    app = _noticed(walk, hearing_time=time(19, 0))
    app = _move(walk, app, date(2026, 6, 29), MON_15, hearing_time=None, newspaper="The Journal News")
    assert (app.hearing_time, app.newspaper, app.hearing_place) == (None, "The Journal News", PLACE)
    app = _move(walk, app, date(2026, 6, 30), MON_15, hearing_time=time(18, 30))
    assert (app.hearing_time, app.newspaper) == (time(18, 30), "The Journal News")


def test_a_reason_given_is_kept_before_the_former_and_new_day(walk):
    app = _noticed(walk)
    app = _move(walk, app, date(2026, 6, 29), MON_15, reason="  the hall is being repainted ")
    assert _reason(app).startswith("the hall is being repainted — public hearing moved from 2026-06-22 at Town "
                                   "Hall, 60 McAlpin Avenue to 2026-06-29 at Town Hall")


# --- The checks of schedule_hearing, each on both sides --------------------------------------------------------


def test_new_day_in_the_past_refused_today_accepted(walk):
    """On Tuesday 16 June, Monday 15 June is in the past; 16 June itself is taken (its notice of 6 June given,
    10 days before)."""
    app = _unnoticed(walk)
    today = date(2026, 6, 16)
    e = _refused(walk, app, "hearing_on", MON_15, today)
    assert e.detail == ("2026-06-15 is in the past (today is 2026-06-16); schedule the hearing for today or a "
                        "later day")
    assert _move(walk, app, today, today, notice_published_on=date(2026, 6, 6)).hearing_on == today


def test_new_day_not_after_the_submission_refused(walk):
    """The hearing is held on the petition, so after its submission (1 June): 1 June is refused as not after it;
    2 June is not refused for that (but for its notice: 10 days' notice can no longer be given)."""
    app = _unnoticed(walk, today=SUBMITTED)
    e = _refused(walk, app, "hearing_on", SUBMITTED, SUBMITTED)
    assert e.detail == "2026-06-01 is not after the petition was submitted (2026-06-01); the hearing is held on it"
    e = _refused(walk, app, "hearing_on", SCHEDULED, SUBMITTED)
    assert "too soon for its notice" in e.detail


def test_new_day_on_the_assemblys_first_day_refused_the_day_before_accepted_with_the_p4_note(walk):
    """P-4: the Board decides before the assembly: 14 August (its first day) refused; Thursday 13 August
    taken, with the history's note that it is after the Board's last day to act (1 July)."""
    app = _unnoticed(walk)
    e = _refused(walk, app, "hearing_on", date(2026, 8, 14), MON_15)
    assert e.detail.startswith("2026-08-14 is not before the assembly's first day (2026-08-14)")
    app = _move(walk, app, date(2026, 8, 13), MON_15)
    assert _reason(app).endswith("; note: after the Town Board's last day to act (2026-07-01, ¶ B), so the "
                                 "decision will be late")
    assert sv.hearing_after_decision_due(app).date == date(2026, 7, 1)


def test_new_day_on_the_last_day_to_act_has_no_note_the_day_after_has_p4(walk):
    """P-4: Wednesday 1 July (the Board's last day to act) is not late; Thursday 2 July is accepted with the
    note."""
    app = _unnoticed(walk)
    app = _move(walk, app, date(2026, 7, 1), MON_15)
    assert "note" not in _reason(app) and sv.hearing_after_decision_due(app) is None
    app = _move(walk, app, date(2026, 7, 2), MON_15)
    assert "last day to act (2026-07-01, ¶ B)" in _reason(app)


@pytest.mark.parametrize(("day", "why"), [(date(2026, 6, 28), "a Sunday"),
                                          (date(2026, 7, 4), "Independence Day, a public holiday (GCL § 24)")])
def test_new_day_on_a_sunday_or_holiday_refused_p8(walk, day, why):
    app = _unnoticed(walk)
    e = _refused(walk, app, "hearing_on", day, MON_15)
    assert e.detail.startswith(f"{day.isoformat()} is {why}; the Town Board does not hold a public hearing")


def test_new_day_on_a_saturday_accepted_with_its_note_a_weekday_without_p8(walk):
    app = _unnoticed(walk)
    app = _move(walk, app, date(2026, 6, 27), MON_15)
    assert _reason(app).endswith("; note: on a Saturday, when the Town Clerk's office is closed (interpretation "
                                 "P-8)")
    app = _move(walk, app, date(2026, 6, 29), MON_15)
    assert "Saturday" not in _reason(app)


def test_new_day_too_soon_for_its_notice_refused_the_next_day_accepted_paragraph_b(walk):
    """¶ B, GCL § 20: on Monday 15 June, with no notice given, Wednesday 24 June (notice due 14 June, before
    today) is refused naming ``hearing_on`` and that day; Thursday 25 June (notice due today) is taken."""
    app = _unnoticed(walk)
    e = _refused(walk, app, "hearing_on", date(2026, 6, 24), MON_15)
    assert e.detail.startswith("2026-06-24 is too soon for its notice: the notice must be published in the "
                               "official newspaper by 2026-06-14, which is before today (2026-06-15)")
    assert _move(walk, app, date(2026, 6, 25), MON_15).hearing_on == date(2026, 6, 25)


def test_the_same_hearing_again_is_refused_another_time_is_a_new_hearing_g10(walk):
    """Nothing of the hearing changed (day, time, place and newspaper as they are) is no rescheduling, and a
    recorded notice is not corrected through it (G-10): refused naming ``hearing_on``, with or without a notice.
    The same day at another time is another hearing: its notice would be cleared, and on 12 June a notice of it
    would have to be published that day and after the one of 12 June, so it is refused as too soon; a hearing
    whose notice is not yet recorded moves to another time of the same day."""
    app = _noticed(walk)
    e = _refused(walk, app, "hearing_on", HEARING, NOTICE)
    assert e.detail == ("the hearing is already set for 2026-06-22 at Town Hall, 60 McAlpin Avenue; give another "
                        "day, time or place")
    _refused(walk, app, "hearing_on", HEARING, NOTICE, place=PLACE, newspaper=PAPER, hearing_time=None,
             notice_published_on=NOTICE)
    e = _refused(walk, app, "hearing_on", HEARING, NOTICE, hearing_time=time(18, 30))
    assert "must come after the notice of the former day (2026-06-12, of the hearing of 2026-06-22)" in e.detail
    app.delete()
    app = _move(walk, _unnoticed(walk), HEARING, SCHEDULED, hearing_time=time(18, 30))
    assert (app.hearing_on, app.hearing_time, app.notice_published_on) == (HEARING, time(18, 30), None)


@pytest.mark.parametrize(("field", "kw"), [
    ("hearing_on", {"hearing_on": "next week"}),
    ("hearing_on", {"hearing_on": None}),
    ("hearing_time", {"hearing_time": "7 pm"}),
    ("place", {"place": "   "}),
    ("newspaper", {"newspaper": ""}),
    ("notice_published_on", {"notice_published_on": "12/06/2026"}),
])
def test_bad_values_refused_naming_the_field(walk, field, kw):
    app = _noticed(walk)
    kw = {"hearing_on": date(2026, 6, 29), **kw}
    _refused(walk, app, field, kw.pop("hearing_on"), MON_15, **kw)


def test_blank_newspaper_asks_for_the_newspaper_the_notice_is_published_in(walk):
    """The refusal of `schedule_hearing`'s (tests/permits/test_newspaper_words.py): the notice of the new day is
    mostly still to be published."""
    app = _noticed(walk)
    e = _refused(walk, app, "newspaper", date(2026, 6, 29), MON_15, newspaper=" ")
    assert e.detail == "give the official newspaper in which the notice of the hearing is published"


# --- State, role, version, offer -------------------------------------------------------------------------------


@pytest.mark.parametrize("state", [State.ACCEPTED, State.HEARING_HELD, State.APPROVED])
def test_rescheduled_only_while_the_hearing_is_scheduled(walk, state):
    """Before a hearing is scheduled it is scheduled, not rescheduled; once held, it is not moved: 409
    (`InvalidTransition`), nothing written."""
    app = walk.to(state)
    before = _stored(app)
    with pytest.raises(InvalidTransition) as e:
        _move(walk, app, date(2026, 6, 29), MON_15)
    assert e.value.http_status == 409
    assert str(e.value).startswith("cannot reschedule the public hearing: ")
    assert _stored(app) == before


def test_only_the_clerk_reschedules(walk):
    app = _unnoticed(walk)
    before = _stored(app)
    for who in (walk.board, walk.applicant, walk.p["mp_town_clerk"], walk.p["health_department_reviewer"]):
        with pytest.raises(NotAllowed):
            sv.reschedule_hearing(who, app, hearing_on=date(2026, 6, 29), today=MON_15)
    assert _stored(app) == before


def test_stale_version_is_a_conflict_and_writes_nothing(walk):
    """Optimistic locking as every step: a copy loaded before another change, or an ``expected_version`` no
    longer current, is refused (409) and nothing is written."""
    app = _unnoticed(walk)
    stale = PermitApplication.objects.get(pk=app.pk)
    sv.set_bond_and_insurance_limit(walk.board, app, bond_amount="7500")
    with pytest.raises(StaleUpdate) as e:
        _move(walk, stale, date(2026, 6, 29), MON_15)
    assert e.value.http_status == 409
    with pytest.raises(StaleUpdate):
        _move(walk, app, date(2026, 6, 29), MON_15, expected_version=app.version - 1)
    assert _stored(app)[2] == HEARING
    assert _move(walk, app, date(2026, 6, 29), MON_15, expected_version=app.version).hearing_on == date(2026, 6, 29)


def test_offered_until_the_assemblys_first_day_p4(walk):
    """A new day must come before the assembly (P-4): on 13 August one is left (13 August itself), on its first
    day (14 August) none, so the step is no longer offered."""
    app = _unnoticed(walk)
    assert sv.available(app, "reschedule_hearing", date(2026, 8, 13))
    assert not sv.available(app, "reschedule_hearing", date(2026, 8, 14))


def test_each_move_of_the_hearing_is_a_new_sequence_of_its_calendar_event_g10(walk):
    """RFC 5545 § 3.8.7.4: a calendar holding the hearing replaces it only when the event's SEQUENCE grows. A
    hearing never moved is 0; each move (day, then place) counts once; recording the notice moves nothing. The
    application's calendar and the Town's feed both give it."""
    from icalendar import Calendar

    from publicassembly.accounts.models import Town
    from publicassembly.permits import documents as permit_docs

    def sequences(app) -> tuple[int, int]:
        app.refresh_from_db()
        own = Calendar.from_ical(permit_docs.application_calendar(app)).walk("VEVENT")
        feed = Calendar.from_ical(permit_docs.town_calendar(Town.objects.get(pk=app.town_id))).walk("VEVENT")
        return own[0]["SEQUENCE"], feed[0]["SEQUENCE"]

    app = _unnoticed(walk)
    assert sv.hearing_revision(app) == 0 and sequences(app) == (0, 0)
    app = _move(walk, app, date(2026, 6, 29), MON_15)
    assert sv.hearing_revision(app) == 1 and sequences(app) == (1, 1)
    app = sv.record_notice_published(walk.clerk, app, notice_published_on=date(2026, 6, 17), today=date(2026, 6, 17))
    assert sv.hearing_revision(app) == 1
    app = _move(walk, app, date(2026, 6, 29), date(2026, 6, 18), place="Carmel Fire House")
    assert sv.hearing_revision(app) == 2 and sequences(app) == (2, 2)
