"""Carmel ch. 31, permit requirements ¶ B (filing at least 60 days before; Board action within 30 days after
submission; hearing notice at least 10 days before) and ¶ F (cleanup within 5 days), counted in law/dates.py."""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

import pytest
from carmel_helpers import Determine

from publicassembly.law import Status

FILING = "carmel/permit/b-filing-deadline"


def test_deadline_keys_are_the_four_named_ones_permit_requirements_b_f(determine: Determine,
                                                                        case: dict[str, Any]) -> None:
    assert list(determine(case).deadlines) == ["application_due", "decision_due", "hearing_notice_due",
                                              "cleanup_due"]


def test_filed_on_the_60th_day_before_is_met_permit_requirements_b(determine: Determine,
                                                                    case: dict[str, Any]) -> None:
    """First day Saturday 2026-09-12: the last day to file is Tuesday 2026-07-14."""
    d = determine(case)
    assert d.deadlines["application_due"].date == date(2026, 7, 14)
    assert d.finding(FILING).status is Status.MET


def test_filed_one_day_late_is_not_met_permit_requirements_b(determine: Determine, case: dict[str, Any]) -> None:
    """First day Saturday 2026-09-12, last day to file Tuesday 2026-07-14: filed 2026-07-15 is 59 days before the
    assembly and 1 day after the last day to file — the days and both dates named, "the last day" never alone
    (it read as the assembly's last day, ``dates.last_day``), no "day(s)"."""
    case["filed_on"] = "2026-07-15"
    f = determine(case).finding(FILING)
    assert f.status is Status.NOT_MET
    assert f.reason.startswith("Filed on 2026-07-15, 59 days before the assembly's first day (2026-09-12) and 1 day "
                               "after 2026-07-14, the last day to file it at least 60 days prior. "), f.reason
    assert "day(s)" not in f.reason


@pytest.mark.parametrize(("filed", "said"), [
    ("2026-09-08", "Filed on 2026-09-08, 4 days before the assembly's first day (2026-09-12) and 56 days after "
                   "2026-07-14, the last day to file it at least 60 days prior. "),
    ("2026-09-11", "Filed on 2026-09-11, 1 day before the assembly's first day (2026-09-12) and 59 days after "
                   "2026-07-14, the last day to file it at least 60 days prior. "),
    ("2026-09-12", "Filed on 2026-09-12, the assembly's first day, 60 days after 2026-07-14, the last day to file "
                   "it at least 60 days prior. "),
    ("2026-09-13", "Filed on 2026-09-13, 1 day after the assembly's first day (2026-09-12) and 61 days after "
                   "2026-07-14, the last day to file it at least 60 days prior. "),
])
def test_a_late_filing_says_its_days_before_the_assembly_and_after_the_last_day_to_file_permit_requirements_b(
        determine: Determine, case: dict[str, Any], filed: str, said: str) -> None:
    """The new-user trial's petition 56 days late (4 days before the assembly), and the boundaries at the
    assembly's first day: the days counted from each date are the calendar's."""
    case["filed_on"] = filed
    f = determine(case, as_of=date(2026, 9, 30)).finding(FILING)
    assert f.status is Status.NOT_MET and f.reason.startswith(said), f.reason


def test_last_day_to_file_on_a_sunday_stays_put_office_closed_permit_requirements_b(
        determine: Determine, case: dict[str, Any]) -> None:
    """First day Thursday 2026-09-10: 60 days before is Sunday 2026-07-12. The day is not moved; the report says
    the office is closed and names Friday 2026-07-10 to act by. Filing on Monday 2026-07-13, the next business
    day, is needs_review (GCL § 25-a names periods "before which" an act is done: interpretation G-1); Tuesday
    2026-07-14 is late."""
    case["dates"] = {"first_day": "2026-09-10", "daily_hours": "18:00-23:00"}
    case["filed_on"] = "2026-07-12"
    d = determine(case)
    due = d.deadlines["application_due"]
    assert due.date == date(2026, 7, 12) and due.closed == "Sunday" and due.act_by == date(2026, 7, 10)
    assert "Town Clerk's office is closed" in due.counted
    assert d.finding(FILING).status is Status.MET
    case["filed_on"] = "2026-07-13"
    f = determine(case).finding(FILING)
    assert f.status is Status.NEEDS_REVIEW and "GCL § 25-a" in f.reason and "(Sunday)" in f.reason
    case["filed_on"] = "2026-07-14"
    assert determine(case).finding(FILING).status is Status.NOT_MET


def test_last_day_to_file_on_labor_day_stays_put_permit_requirements_b(determine: Determine,
                                                                        case: dict[str, Any]) -> None:
    case["dates"] = {"first_day": "2026-11-06", "daily_hours": "18:00-23:00"}
    due = determine(case).deadlines["application_due"]
    assert due.date == date(2026, 9, 7) and due.closed == "Labor Day" and due.act_by == date(2026, 9, 4)
    for filed, status in (("2026-09-07", Status.MET), ("2026-09-08", Status.NEEDS_REVIEW),
                          ("2026-09-09", Status.NOT_MET)):
        case["filed_on"] = filed  # (a filing is a thing done: evaluated on a day after it, G-10)
        assert determine(case, as_of=date(2026, 9, 9)).finding(FILING).status is status, filed


def test_a_filing_the_day_after_an_open_last_day_is_late_permit_requirements_b(determine: Determine,
                                                                                 case: dict[str, Any]) -> None:
    """G-1: only a last day when the Clerk's office is closed leaves the next business day for review; the last
    day Tuesday 2026-07-14 is open, so Wednesday is one day late (not_met)."""
    case["filed_on"] = "2026-07-15"
    assert determine(case).finding(FILING).status is Status.NOT_MET


def test_not_filed_and_past_the_last_day_is_not_met_permit_requirements_b(determine: Determine,
                                                                           case: dict[str, Any]) -> None:
    # (the case as it stood before any filing: the Town's later acts and approvals had not happened yet, G-10)
    for done in ("filed_on", "submitted_on", "hearing", "board_decision_on", "conditions"):
        case.pop(done, None)
    assert determine(case, as_of=date(2026, 7, 14)).finding(FILING).status is Status.MISSING
    assert determine(case, as_of=date(2026, 7, 15)).finding(FILING).status is Status.NOT_MET


def test_decision_due_on_a_sunday_runs_to_monday_permit_requirements_b(determine: Determine,
                                                                        case: dict[str, Any]) -> None:
    """Submitted Friday 2026-07-03: 30 days is Sunday 2026-08-02, so the Board may act on Monday 2026-08-03."""
    case["submitted_on"] = "2026-07-03"
    case["hearing"] = {"held_on": "2026-07-28", "notice_published_on": "2026-07-15"}
    case["board_decision_on"] = "2026-08-03"
    d = determine(case)
    assert d.deadlines["decision_due"].date == date(2026, 8, 3)
    assert "GCL § 25-a" in d.deadlines["decision_due"].counted
    assert d.finding("carmel/permit/b-board-action").status is Status.MET
    case["board_decision_on"] = "2026-08-04"
    assert determine(case).finding("carmel/permit/b-board-action").status is Status.NOT_MET


def test_no_submission_no_decision_due_permit_requirements_b(determine: Determine, case: dict[str, Any]) -> None:
    del case["submitted_on"]
    d = determine(case)
    assert "decision_due" not in d.deadlines
    assert d.finding("carmel/permit/b-board-action").status is Status.NOT_APPLICABLE


def test_board_acting_before_the_hearing_is_not_met_permit_requirements_b(determine: Determine,
                                                                          case: dict[str, Any]) -> None:
    case["board_decision_on"] = "2026-08-03"  # hearing 2026-08-04
    assert determine(case).finding("carmel/permit/b-board-action").status is Status.NOT_MET


def test_hearing_notice_10_days_before_met_9_days_not_met_permit_requirements_b(
        determine: Determine, case: dict[str, Any]) -> None:
    """Hearing Tuesday 2026-08-04: notice by Saturday 2026-07-25."""
    case["hearing"]["notice_published_on"] = "2026-07-25"
    assert determine(case).finding("carmel/permit/b-hearing-notice").status is Status.MET
    case["hearing"]["notice_published_on"] = "2026-07-26"
    assert determine(case).finding("carmel/permit/b-hearing-notice").status is Status.NOT_MET


def test_no_hearing_no_notice_due_and_unpublished_notice_needs_review_permit_requirements_b(
        determine: Determine, case: dict[str, Any]) -> None:
    case["hearing"] = {"held_on": "2026-08-04"}
    d = determine(case)
    assert d.finding("carmel/permit/b-hearing-notice").status is Status.NEEDS_REVIEW
    del case["hearing"]
    d = determine(case)
    assert "hearing_notice_due" not in d.deadlines


def test_cleanup_within_5_days_met_on_the_5th_not_met_on_the_6th_permit_requirements_f(
        determine: Determine, case: dict[str, Any]) -> None:
    """Last day Saturday 2026-09-12: cleanup by Thursday 2026-09-17."""
    assert determine(case).deadlines["cleanup_due"].date == date(2026, 9, 17)
    after = date(2026, 9, 18)  # (a cleanup completed is a thing done: evaluated on a day after it, G-10)
    case["cleanup_completed_on"] = "2026-09-17"
    assert determine(case, as_of=after).finding("carmel/issuance/f-cleanup").status is Status.MET
    case["cleanup_completed_on"] = "2026-09-18"
    assert determine(case, as_of=after).finding("carmel/issuance/f-cleanup").status is Status.NOT_MET


def test_cleanup_counts_from_the_last_day_of_a_multi_day_assembly_permit_requirements_f(
        determine: Determine, case: dict[str, Any]) -> None:
    case["dates"]["last_day"] = "2026-09-14"
    assert determine(case).deadlines["cleanup_due"].date == date(2026, 9, 21)  # Saturday 19 → Monday 21


def test_board_acting_with_no_public_hearing_recorded_is_not_met_silently_permit_requirements_b(
        determine: Determine, case: dict[str, Any]) -> None:
    """Carmel ch. 31, permit requirements ¶ B: "The Town Board shall act upon the application within 30 days
    after its submission after a public hearing". A decision within the 30 days but with no public hearing
    recorded is needs_review (the hearing is the Town's act, C-11), never met; with the hearing recorded before
    the decision it is met."""
    rule = "carmel/permit/b-board-action"
    case["board_decision_on"] = "2026-08-05"  # hearing 2026-08-04
    assert determine(case).finding(rule).status is Status.MET
    hearing = case.pop("hearing")
    f = determine(case).finding(rule)
    assert f.status is Status.NEEDS_REVIEW and "no public hearing is recorded" in f.reason
    case["hearing"] = {"notice_published_on": hearing["notice_published_on"]}  # a notice, no hearing held
    assert determine(case).finding(rule).status is Status.NEEDS_REVIEW


@pytest.mark.parametrize(("hours", "refused"), [
    ("10:00-22:00", None), ("0:00-24:00", None), ("20:00-04:00", None), ("noon to 10 p.m.", None),
    ("23:59-24:00", None), ("25:00-99:00", "25:00"), ("10:00-24:01", "24:01"), ("9:60-10:00", "9:60"),
    ("18:00:00-23:30:00", None), ("10:00:99-12:00", "10:00:99"), ("7:5-9:00", "7:5"), ("013:00-14:00", "013:00"),
    ("-1:00 to 2:00", None), ("12:00 p.m.-11:00 p.m.", None), ("1:00 am-3:00 am", None),
    ("13:00 pm-2:00 am", "13:00 pm"), ("10:00-0:30 a.m.", "0:30 a.m."),
    # C-18, a.m./p.m. given once for both times: still 1 to 12 with it; an hour 13 to 24 without it is 24-hour
    ("13 pm - 11", "13 pm"), ("8 - 13 pm", "13 pm"), ("13 - 11 pm", None), ("20 - 2 am", None),
])
def test_daily_hours_are_free_text_but_a_written_time_must_be_a_time_of_day_permit_requirements_b2(
        determine: Determine, case: dict[str, Any], hours: str, refused: str | None) -> None:
    """¶ B(2): the proposed hours, printed on the permit: free text, but every H:MM in it is a time of day,
    00:00 to 24:00 (24:00 the end of a day; 24:01 and 25:00 are not), and with a.m./p.m. its hour is 1 to 12
    (C-18: "13:00 pm" and "0:30 a.m." are not)."""
    from publicassembly.law.errors import InvalidCase

    case["dates"]["daily_hours"] = hours
    if refused is None:
        determine(case)
        return
    with pytest.raises(InvalidCase) as e:
        determine(case)
    assert e.value.field == "dates.daily_hours" and f"{refused} is not a time of day" in str(e.value)


def test_an_overdue_board_decision_says_so_permit_requirements_b(determine: Determine, case: dict[str, Any]) -> None:
    """¶ B: the Board acts within 30 days after submission. With no decision recorded, the finding stays the
    Town's act (needs_review, C-11); on the last day it says by when, the day after it says the day has passed."""
    case.pop("board_decision_on", None)
    due = determine(case).deadlines["decision_due"].date
    on_the_day = determine(case, as_of=due).finding("carmel/permit/b-board-action")
    assert on_the_day.status is Status.NEEDS_REVIEW and "is to act" in on_the_day.reason
    after = determine(case, as_of=due + timedelta(days=1)).finding("carmel/permit/b-board-action")
    assert after.status is Status.NEEDS_REVIEW
    assert f"by {due.isoformat()}; no decision is recorded and that day passed 1 day ago" in after.reason


@pytest.mark.parametrize(("filed_on", "refused"), [("1971-12-31", True), ("1972-01-01", False)])
def test_a_filing_date_before_the_chapter_is_refused_naming_filed_on_fee(
        determine: Determine, case: dict[str, Any], filed_on: str, refused: bool) -> None:
    """Fee (the fee in force on the filing date): a petition dated before ch. 31 took effect (1972-01-01) is a
    wrong fact, refused naming ``filed_on`` — it raised the law's ParameterNotInForce (found by the fuzz of the
    case-file parser)."""
    from publicassembly.law.errors import InvalidCase

    case["filed_on"] = filed_on
    if not refused:
        assert determine(case).finding("carmel/fee/filing") is not None
        return
    with pytest.raises(InvalidCase) as e:
        determine(case)
    assert e.value.field == "filed_on" and "before ch. 31 took effect (1972-01-01)" in str(e.value)


#: The audit's case (2026-12-03): first day Wednesday 2026-10-14, so the last day to file is Saturday 2026-08-15,
#: when the Town Clerk's office is closed; the next business day is Monday 2026-08-17.
NOT_YET_FILED = {"jurisdiction": "carmel-ny", "subject": "event", "purpose": "Concert",
                 "dates": {"first_day": "2026-10-14"}, "max_persons_at_one_time": 1000}


@pytest.mark.parametrize(("as_of", "status", "said"), [
    ("2026-08-15", Status.MISSING, "Not yet filed: file with the Town Clerk by 2026-08-15. "),
    ("2026-08-16", Status.NEEDS_REVIEW, "Not yet filed: it can still be filed on 2026-08-17, the next business day "
                                        "after 2026-08-15, the last day to file it, when the Town Clerk's office "
                                        "was closed (Saturday): GCL § 25-a "),
    ("2026-08-17", Status.NEEDS_REVIEW, "Not yet filed: it can still be filed today, 2026-08-17, the next business "
                                        "day after 2026-08-15, the last day to file it, when the Town Clerk's "
                                        "office was closed (Saturday): GCL § 25-a "),
    ("2026-08-18", Status.NOT_MET, "No petition was filed by 2026-08-15; it can no longer be filed at least 60 "
                                   "days prior. "),
])
def test_not_yet_filed_after_a_closed_last_day_until_the_next_business_day_permit_requirements_b_gcl_25a_g1(
        determine: Determine, as_of: str, status: Status, said: str) -> None:
    """¶ B, GCL § 25-a, G-1: a petition not yet filed when the last day to file (Saturday) has passed can still
    be filed on the next business day, Monday — the day a filing would be needs_review, not not_met — so up to
    and on that day the finding is needs_review, saying by when; the day after it, not_met. (It said "it can no
    longer be filed" on the Monday.)"""
    f = determine(NOT_YET_FILED | {"as_of": as_of}).finding(FILING)
    assert f.status is status, f.reason
    assert f.reason.startswith(said), f.reason
    if status is Status.NEEDS_REVIEW:
        assert "(interpretation G-1)" in f.reason and f.missing == ("filed_on",)


def test_not_yet_filed_the_day_after_an_open_last_day_is_not_met_permit_requirements_b_g1(
        determine: Determine) -> None:
    """G-1's leeway is only after a closed last day: first day Friday 2026-10-16, last day to file Monday
    2026-08-17, open; on Tuesday 2026-08-18 it can no longer be filed."""
    d = determine(NOT_YET_FILED | {"dates": {"first_day": "2026-10-16"}, "as_of": "2026-08-18"})
    assert d.deadlines["application_due"].date == date(2026, 8, 17) and d.deadlines["application_due"].closed is None
    assert d.finding(FILING).status is Status.NOT_MET


def test_filed_on_the_next_business_day_after_a_saturday_last_day_needs_review_permit_requirements_b_g1(
        determine: Determine) -> None:
    """The same Monday, filed: needs_review (G-1), as not yet filed on it is."""
    f = determine(NOT_YET_FILED | {"as_of": "2026-08-17", "filed_on": "2026-08-17"}).finding(FILING)
    assert f.status is Status.NEEDS_REVIEW and "GCL § 25-a" in f.reason
