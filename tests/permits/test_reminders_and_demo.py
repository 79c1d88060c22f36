"""`publicassembly remind` delivers its e-mails to a real SMTP server (aiosmtpd, started by the test on a free
port) through Django's SMTP backend, once a day; `publicassembly demo` builds every state and runs twice cleanly."""

from __future__ import annotations

import socket
from datetime import date
from email import message_from_bytes

import pytest
from aiosmtpd.controller import Controller
from typer.testing import CliRunner

from publicassembly.permits import demo, reminders
from publicassembly.permits import services as sv
from publicassembly.permits.models import PermitApplication, ReminderSent, State

pytestmark = pytest.mark.django_db


class Inbox:
    """An aiosmtpd handler keeping every message received."""

    def __init__(self) -> None:
        self.messages: list[tuple[list[str], object]] = []

    async def handle_DATA(self, server, session, envelope):  # noqa: N802 - aiosmtpd's hook name
        self.messages.append((list(envelope.rcpt_tos), message_from_bytes(envelope.content)))
        return "250 OK"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def smtp(settings):
    inbox = Inbox()
    controller = Controller(inbox, hostname="127.0.0.1", port=_free_port())
    controller.start()
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", controller.port
    settings.EMAIL_USE_TLS = False
    try:
        yield inbox
    finally:
        controller.stop()


def _to(inbox: Inbox) -> list[str]:
    return sorted(r for rcpts, _ in inbox.messages for r in rcpts)


def test_decision_due_reminders_7_days_and_1_day_ahead_reach_applicant_clerk_and_board(walk, smtp):
    walk.submitted()  # decision due Wednesday 1 July 2026 (¶ B)
    assert reminders.send_reminders(date(2026, 6, 23)) == []  # 8 days ahead: nothing
    sent = reminders.send_reminders(date(2026, 6, 24))  # 7 days ahead
    assert {r.kind for r in sent} == {"decision_due"}
    assert _to(smtp) == ["carmel_applicant@example.org", "carmel_town_board_member@example.org",
                         "carmel_town_clerk@example.org"]
    msg = smtp.messages[0][1]
    assert "Putnam County Fair" in msg["Subject"] and "in 7 days" in msg["Subject"]
    body = msg.get_payload()
    assert "by Wednesday 1 July 2026" in body and "permit requirements ¶ B" in body and "GCL § 20" in body
    reminders.send_reminders(date(2026, 6, 30))  # 1 day ahead
    assert len(smtp.messages) == 6


def test_a_second_run_the_same_day_sends_nothing(walk, smtp):
    walk.submitted()
    first = reminders.send_reminders(date(2026, 6, 24))
    assert len(first) == 3
    assert reminders.send_reminders(date(2026, 6, 24)) == []
    assert len(smtp.messages) == 3 and ReminderSent.objects.count() == 3


def test_overdue_decision_is_reminded_on_day_31_not_day_30(walk, smtp):
    walk.submitted()
    assert reminders.send_reminders(date(2026, 7, 1), days_ahead=()) == []
    sent = reminders.send_reminders(date(2026, 7, 2), days_ahead=())
    assert {r.kind for r in sent} == {"decision_overdue"} and len(sent) == 3
    assert "OVERDUE" in smtp.messages[0][1]["Subject"]


def test_dry_run_sends_and_records_nothing(walk, smtp):
    walk.submitted()
    assert len(reminders.send_reminders(date(2026, 6, 24), dry_run=True)) == 3
    assert smtp.messages == [] and not ReminderSent.objects.exists()


def test_application_and_cleanup_deadlines_are_reminded(walk, smtp):
    walk.draft()  # the fair on 14 August: petition due 15 June (60 days before, GCL § 20)
    sent = reminders.send_reminders(date(2026, 6, 8))
    assert [(r.kind, r.due_on, r.recipient) for r in sent] == [
        ("application_due", date(2026, 6, 15), "carmel_applicant@example.org")]
    walk.assembly_held()  # ended Sunday 16 August; cleanup due Friday 21 August (¶ F)
    sent = reminders.send_reminders(date(2026, 8, 20))
    assert {(r.kind, r.due_on) for r in sent} == {("cleanup_due", date(2026, 8, 21))}
    assert sorted(r.recipient for r in sent) == ["carmel_applicant@example.org", "carmel_town_clerk@example.org"]


def test_closed_or_withdrawn_applications_are_not_reminded(walk, smtp):
    app = walk.submitted()
    sv.withdraw(walk.applicant, app)
    assert reminders.send_reminders(date(2026, 6, 24)) == []


def test_remind_command_runs_against_the_database(walk, smtp, monkeypatch):
    from publicassembly.cli import app as cli_app

    monkeypatch.setattr("publicassembly.cli.permit_commands._setup_django", lambda data_dir: None)
    walk.submitted()
    runner = CliRunner()
    out = runner.invoke(cli_app, ["remind", "--today", "2026-06-24"])
    assert out.exit_code == 0, out.output
    assert "sent 3 reminders" in out.output
    bad = runner.invoke(cli_app, ["remind", "--today", "24 June"])
    assert bad.exit_code == 2 and "YYYY-MM-DD" in bad.output and "Traceback" not in bad.output
    bad = runner.invoke(cli_app, ["remind", "--days-ahead", "-1"])
    assert bad.exit_code == 2


@pytest.mark.parametrize("days", ["-1", "366", "99999999999"])
def test_remind_days_ahead_outside_0_to_365_is_refused_naming_the_range(days, monkeypatch):
    """--days-ahead 99999999999 was taken silently; now anything outside 0-365 is one line (exit 2), before
    the database is opened."""
    from publicassembly.cli import app as cli_app

    monkeypatch.setattr("publicassembly.cli.permit_commands._setup_django",
                        lambda data_dir: pytest.fail("the database is opened"))
    bad = CliRunner().invoke(cli_app, ["remind", "--dry-run", "--days-ahead", "7", "--days-ahead", days])
    assert bad.exit_code == 2, bad.output
    assert bad.stderr.strip() == (f"publicassembly: error: --days-ahead: {days} is not allowed; allowed: 0 to 365 "
                                  "days before a deadline")


@pytest.mark.parametrize("days", ["0", "365"])
def test_remind_days_ahead_0_and_365_are_taken(days, walk, monkeypatch):
    from publicassembly.cli import app as cli_app

    monkeypatch.setattr("publicassembly.cli.permit_commands._setup_django", lambda data_dir: None)
    walk.submitted()
    ok = CliRunner().invoke(cli_app, ["remind", "--dry-run", "--today", "2026-06-24", "--days-ahead", days])
    assert ok.exit_code == 0, ok.output
    assert "would send 0 reminders" in ok.output


def test_reminders_count_days_ahead_from_0_to_365():
    assert reminders.parse_days_ahead([0, 365, 365]) == (365, 0)
    for days in (-1, 366):
        with pytest.raises(ValueError, match=f"{days} is not allowed; allowed: 0 to 365 days before a deadline"):
            reminders.parse_days_ahead([days])
        with pytest.raises(ValueError, match="allowed: 0 to 365"):
            reminders.due_reminders(date(2026, 6, 24), days_ahead=(days,))


def test_no_reminders_before_carmel_ch_31_was_in_force(walk):
    """The law core has no value of Carmel ch. 31 before 1972-01-01: due_reminders raised its
    ParameterNotInForce; now ValidationFailed naming `today` and the chapter's first day."""
    from publicassembly.workflow.errors import ValidationFailed

    walk.submitted()
    with pytest.raises(ValidationFailed) as refused:
        reminders.due_reminders(date(1971, 12, 31))
    assert refused.value.field == "today" and "1972-01-01" in refused.value.detail
    assert reminders.due_reminders(date(1972, 1, 1)) == []


# --- Demo ---------------------------------------------------------------------------------------------------------------


def test_demo_builds_every_state_and_runs_twice_cleanly():
    from publicassembly.enforcement.models import Violation

    first = demo.load(today=date(2026, 11, 29))
    assert first.created
    assert set(first.applications.values()) == set(State.values)
    assert len(first.users) == 14 and "carmel_town_clerk" in first.users
    count = PermitApplication.objects.count()
    second = demo.load(today=date(2026, 11, 29))
    assert not second.created and PermitApplication.objects.count() == count
    assert any("--reset" in n for n in second.notes)
    # the places of assembly and enforcement cases: made once, and said so; run again, "already there"
    assert first.notes == ["Mount Pleasant places of assembly: 5 (5 created)",
                           f"enforcement cases (violations, both towns): {Violation.objects.count()} "
                           f"({Violation.objects.count()} created)"]
    assert second.notes[1:] == ["Mount Pleasant places of assembly: 5 (already there)",
                                f"enforcement cases (violations, both towns): {Violation.objects.count()} "
                                "(already there)"]
    again = demo.load(reset=True, today=date(2026, 11, 29))
    assert again.created and PermitApplication.objects.count() == count
    overdue = [a for a in PermitApplication.objects.all() if sv.decision_overdue(a, date(2026, 11, 29))]
    assert [a.state for a in overdue] == [State.HEARING_HELD]


def test_demo_holds_a_hearing_whose_notice_is_still_to_be_published_g10():
    """G-10, ¶ B: the Kent Lakes Regatta Day's hearing was scheduled (Friday 27 November, the day its petition was
    submitted and accepted, for Monday 14 December: the demo's Town Board sits on business days) without its
    notice's date; its notice is due 4 December (10 days before), and the Clerk records its publication there
    (the step is offered; the hearing held is not, yet). Every other scheduled demo hearing has its notice."""
    today = date(2026, 11, 29)
    demo.load(today=today)
    regatta = PermitApplication.objects.get(facts__name="Kent Lakes Regatta Day")
    assert (regatta.state, regatta.notice_published_on, regatta.hearing_on, regatta.submitted_on) == (
        State.HEARING_SCHEDULED, None, date(2026, 12, 14), date(2026, 11, 27))
    assert sv.deadlines(regatta, today)["hearing_notice_due"].date == date(2026, 12, 4)
    assert sv.available(regatta, "record_notice_published") and not sv.available(regatta, "record_hearing_held")
    others = PermitApplication.objects.filter(hearing_on__isnull=False).exclude(pk=regatta.pk)
    assert others.exists() and not others.filter(notice_published_on__isnull=True).exists()


# --- The notice of a scheduled hearing (¶ B; interpretation G-10) ----------------------------------------------


def _unnoticed(walk):
    """The fair's hearing of Monday 22 June scheduled on 2 June, its notice not yet published: due Friday 12 June
    (10 days before, ¶ B; GCL § 20)."""
    walk.accepted()
    return sv.schedule_hearing(walk.clerk, walk.app, hearing_on=date(2026, 6, 22), place="Town Hall",
                               newspaper="Putnam County Courier", today=date(2026, 6, 2))


def _notice_kinds(today, days_ahead=reminders.DEFAULT_DAYS_AHEAD):
    return [(r.kind, r.due_on, r.recipient) for r in reminders.due_reminders(today, days_ahead)
            if r.kind.startswith("hearing_notice")]


CLERK_MAIL = "carmel_town_clerk@example.org"
DUE = date(2026, 6, 12)


def test_hearing_notice_reminded_to_the_clerks_7_and_1_day_before_its_last_day_paragraph_b(walk, smtp):
    """¶ B: the notice of the hearing of 22 June is due 12 June; the Town Clerks (not the applicant nor the Board)
    are reminded 7 days and 1 day before (5 and 11 June), not 8, 6 or 2 days before, nor on the day itself unless
    0 days ahead is asked; the e-mail cites the parameter of ¶ B and says how the day was counted."""
    _unnoticed(walk)
    assert _notice_kinds(date(2026, 6, 4)) == []
    assert _notice_kinds(date(2026, 6, 6)) == []
    assert _notice_kinds(date(2026, 6, 10)) == []
    assert _notice_kinds(date(2026, 6, 11)) == [("hearing_notice_due", DUE, CLERK_MAIL)]
    assert _notice_kinds(DUE) == []
    assert _notice_kinds(DUE, days_ahead=(0,)) == [("hearing_notice_due", DUE, CLERK_MAIL)]
    sent = reminders.send_reminders(date(2026, 6, 5))
    assert [(r.kind, r.due_on, r.recipient) for r in sent] == [("hearing_notice_due", DUE, CLERK_MAIL)]
    msg = smtp.messages[0][1]
    assert msg["Subject"] == "[Town of Carmel, New York] Deadline in 7 days: Putnam County Fair"
    body = " ".join(msg.get_payload().split())
    assert ("The notice of the public hearing on Putnam County Fair, Monday 22 June 2026, must be published in "
            "Putnam County Courier by Friday 12 June 2026, 10 days before the hearing") in body
    assert "GCL § 20" in body and "(Carmel Code ch. 31, permit requirements ¶ B)" in body


def test_hearing_notice_overdue_every_day_after_its_last_day_says_to_reschedule_g10(walk, smtp):
    """G-10: on 12 June (the last day) nothing is overdue; from 13 June, each day while no publication is
    recorded, the Clerks are told that the hearing cannot be held as scheduled and to reschedule it. Rescheduled
    on 15 June to Friday 26 June, the new notice's last day (16 June) is reminded instead, and nothing is
    overdue."""
    app = _unnoticed(walk)
    assert _notice_kinds(DUE, days_ahead=()) == []
    assert _notice_kinds(date(2026, 6, 13), days_ahead=()) == [("hearing_notice_overdue", DUE, CLERK_MAIL)]
    assert _notice_kinds(date(2026, 6, 14), days_ahead=()) == [("hearing_notice_overdue", DUE, CLERK_MAIL)]
    sent = reminders.send_reminders(date(2026, 6, 13), days_ahead=())
    assert len(sent) == 1
    msg = smtp.messages[0][1]
    assert msg["Subject"] == "[Town of Carmel, New York] OVERDUE hearing notice: Putnam County Fair"
    body = " ".join(msg.get_payload().split())
    assert "the last day to publish it, 10 days before the hearing, was Friday 12 June 2026 (1 day ago)" in body
    assert "The hearing cannot be held as scheduled: reschedule it" in body
    sv.reschedule_hearing(walk.clerk, app, hearing_on=date(2026, 6, 26), today=date(2026, 6, 15))
    assert _notice_kinds(date(2026, 6, 15)) == [("hearing_notice_due", date(2026, 6, 16), CLERK_MAIL)]
    assert _notice_kinds(date(2026, 6, 16), days_ahead=()) == []


def test_hearing_notice_overdue_is_sent_once_a_day(walk, smtp):
    _unnoticed(walk)
    assert len(reminders.send_reminders(date(2026, 6, 13))) == 1
    assert reminders.send_reminders(date(2026, 6, 13)) == []
    assert len(reminders.send_reminders(date(2026, 6, 14))) == 1
    assert len(smtp.messages) == 2 and ReminderSent.objects.filter(kind="hearing_notice_overdue").count() == 2


def test_no_hearing_notice_reminder_once_its_publication_is_recorded_g10(walk, smtp):
    """A notice recorded (when scheduling, or later) leaves nothing to remind: neither before its last day nor
    after it."""
    walk.hearing_scheduled()  # its notice of 12 June recorded
    assert _notice_kinds(date(2026, 6, 11)) == [] and _notice_kinds(date(2026, 6, 13)) == []
    app = _unnoticed(walk)
    sv.record_notice_published(walk.clerk, app, notice_published_on=DUE, today=DUE)
    assert _notice_kinds(date(2026, 6, 13)) == []


def test_hearing_notice_reminded_for_an_assembly_needing_no_permit_too(walk):
    """300 persons need no permit (¶ A), so the determination counts no notice day; the Clerk's hearing still
    needs its notice, counted by the law core (`services.hearing_notice_due`): reminded 1 day before, overdue
    after."""
    from .conftest import fair_facts

    facts = fair_facts()
    facts["max_persons_at_one_time"], facts["persons_collectively"] = 300, 400
    walk.submitted_needing_no_permit(facts, date(2026, 6, 1))  # (P-16 refuses filing it now: a record of before)
    sv.accept(walk.clerk, walk.app, today=date(2026, 6, 1))
    sv.schedule_hearing(walk.clerk, walk.app, hearing_on=date(2026, 6, 22), place="Town Hall",
                        newspaper="Putnam County Courier", today=date(2026, 6, 2))
    assert _notice_kinds(date(2026, 6, 11)) == [("hearing_notice_due", DUE, CLERK_MAIL)]
    assert _notice_kinds(date(2026, 6, 13)) == [("hearing_notice_overdue", DUE, CLERK_MAIL)]


def _unnoticed_for(walk, hearing_on):
    walk.accepted()
    return sv.schedule_hearing(walk.clerk, walk.app, hearing_on=hearing_on, place="Town Hall",
                               newspaper="Putnam County Courier", today=date(2026, 6, 2))


def test_hearing_notice_reminded_before_the_day_the_clerk_must_send_it_paragraph_b(walk, smtp):
    """¶ B: the hearing of Wednesday 24 June needs its notice published by Sunday 14 June (10 days before,
    counted backwards, not extended); the Clerk's office is closed that day, so it must act by Friday 12 June.
    The reminders come 7 days and 1 day before that Friday (5 and 11 June, not 7 and 13 June), and say both
    days; overdue only from Monday 15 June (a notice published on the Sunday itself is in time)."""
    _unnoticed_for(walk, date(2026, 6, 24))
    sunday, friday = date(2026, 6, 14), date(2026, 6, 12)
    assert _notice_kinds(date(2026, 6, 5)) == [("hearing_notice_due", sunday, CLERK_MAIL)]
    assert _notice_kinds(date(2026, 6, 11)) == [("hearing_notice_due", sunday, CLERK_MAIL)]
    assert _notice_kinds(date(2026, 6, 7)) == [] and _notice_kinds(date(2026, 6, 13)) == []
    assert _notice_kinds(friday, days_ahead=(0,)) == [("hearing_notice_due", sunday, CLERK_MAIL)]
    assert _notice_kinds(sunday, days_ahead=()) == []
    assert _notice_kinds(date(2026, 6, 15), days_ahead=()) == [("hearing_notice_overdue", sunday, CLERK_MAIL)]
    reminders.send_reminders(date(2026, 6, 11))
    msg = smtp.messages[0][1]
    assert msg["Subject"] == "[Town of Carmel, New York] Deadline tomorrow: Putnam County Fair"
    body = " ".join(msg.get_payload().split())
    assert ("must be published in Putnam County Courier by Sunday 14 June 2026, 10 days before the hearing; the "
            "Town Clerk's office is closed that day, so the Clerk sends it by Friday 12 June 2026; record its "
            "publication once it has been") in body


def test_hearing_notice_overdue_stops_once_the_assembly_has_begun_g10(walk, smtp):
    """G-10: the overdue reminder says to reschedule the hearing, which can be done until the assembly's first
    day (14 August): reminded on 13 August, not on 14 August nor after (the case is then closed, P-11)."""
    _unnoticed(walk)
    assert _notice_kinds(date(2026, 8, 13), days_ahead=()) == [("hearing_notice_overdue", DUE, CLERK_MAIL)]
    assert _notice_kinds(date(2026, 8, 14), days_ahead=()) == []
    assert _notice_kinds(date(2027, 6, 1), days_ahead=()) == []


def test_a_hearing_too_soon_for_its_notice_is_refused_for_an_assembly_needing_no_permit_too(walk):
    """300 persons need no permit (¶ A) and the determination counts no notice day; the Clerk's hearing still
    needs 10 days' notice (¶ B; G-10), counted by the law core: on 2 June, Thursday 11 June (notice due 1 June,
    before today) is refused naming ``hearing_on``; Friday 12 June (due 2 June, today) is taken."""
    from publicassembly.workflow.errors import ValidationFailed

    from .conftest import fair_facts

    facts = fair_facts()
    facts["max_persons_at_one_time"], facts["persons_collectively"] = 300, 400
    walk.submitted_needing_no_permit(facts, date(2026, 6, 1))  # (P-16 refuses filing it now: a record of before)
    sv.accept(walk.clerk, walk.app, today=date(2026, 6, 1))
    with pytest.raises(ValidationFailed) as e:
        sv.schedule_hearing(walk.clerk, walk.app, hearing_on=date(2026, 6, 11), place="Town Hall",
                            newspaper="Putnam County Courier", today=date(2026, 6, 2))
    assert e.value.field == "hearing_on" and "by 2026-06-01, which is before today (2026-06-02)" in e.value.detail
    app = sv.schedule_hearing(walk.clerk, walk.app, hearing_on=date(2026, 6, 12), place="Town Hall",
                              newspaper="Putnam County Courier", today=date(2026, 6, 2))
    assert app.hearing_on == date(2026, 6, 12)


@pytest.mark.parametrize("state", ["submitted", "hearing_scheduled", "approved"])
def test_once_the_assembly_is_over_the_clerks_are_reminded_to_close_not_of_the_decision_p11(walk, smtp, state):
    """P-11: an application still under review once its assembly's last day (Sunday 16 August 2026) has passed
    can only be closed. From the day after, the Town Clerks get `assembly_over` every day until it is closed,
    instead of the Board's overdue decision (to applicant, Clerk and Board) or the hearing's notice."""
    app = walk.to(state)
    on_last_day = reminders.due_reminders(date(2026, 8, 16), days_ahead=())
    assert reminders.ASSEMBLY_OVER not in {r.kind for r in on_last_day}
    sent = reminders.send_reminders(date(2026, 8, 17), days_ahead=())
    assert [(r.kind, r.due_on, r.recipient) for r in sent] == [
        ("assembly_over", date(2026, 8, 16), "carmel_town_clerk@example.org")]
    msg = smtp.messages[0][1]
    assert "ASSEMBLY OVER" in msg["Subject"] and "Putnam County Fair" in msg["Subject"]
    body = msg.get_payload()
    assert "ended on Sunday 16 August 2026 (1 day ago)" in body and "close the application" in body
    assert "permit requirements ¶ A" in body and "interpretation P-11" in body
    assert reminders.send_reminders(date(2026, 8, 17), days_ahead=()) == []  # once a day
    again = reminders.send_reminders(date(2026, 8, 20), days_ahead=(7, 1))
    assert [r.kind for r in again] == ["assembly_over"] and "(4 days ago)" in smtp.messages[-1][1].get_payload()
    sv.close(walk.clerk, app, today=date(2026, 8, 21))
    assert reminders.send_reminders(date(2026, 8, 21), days_ahead=()) == []


def test_the_board_decision_is_still_overdue_on_the_assemblys_last_day_p11(walk, smtp):
    walk.submitted()
    sent = reminders.send_reminders(date(2026, 8, 16), days_ahead=())
    assert {r.kind for r in sent} == {"decision_overdue"} and len(sent) == 3
