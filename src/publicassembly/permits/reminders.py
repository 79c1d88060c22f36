"""Daily reminders of Carmel ch. 31 deadlines (`publicassembly remind`): e-mails to applicants and the Town's
staff before each deadline, on every day a Board decision is overdue, and on every day a hearing's notice is
overdue, through Django's e-mail backend (SMTP in production: ``EMAIL_HOST``/``EMAIL_PORT``).

Deadlines come from the law core (`services.deadlines`): the petition's filing (60 days before the assembly,
for drafts; ``application_due``), the Board's decision (30 days after submission; ``decision_due``, then
``decision_overdue``), the notice of a scheduled hearing whose publication is not recorded (10 days before the
hearing, ¶ B, `services.hearing_notice_due`; to the Town Clerks: ``hearing_notice_due``, counted to the day
the Clerk's office must send it (the business day before a last day on which it is closed, ``act_by``), then
``hearing_notice_overdue`` on every day after its last day while none is recorded and the hearing can still be
rescheduled (until the assembly's first day), since it can then no longer be held as scheduled, interpretation
G-10), the cleanup (5 days after the assembly; ``cleanup_due``). An application still under review once its
assembly is over gets, instead of these, ``assembly_over`` to the Town Clerks every day until it is closed
(interpretation P-11). Each message sent is recorded (`ReminderSent`), so running twice on one day sends
nothing the second time.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date

from django.conf import settings
from django.core.mail import EmailMessage, get_connection
from django.db import IntegrityError, transaction
from django.utils import timezone

from publicassembly.accounts.models import Membership, Town
from publicassembly.law import jurisdictions
from publicassembly.law.dates import LegalDate
from publicassembly.law.jurisdictions.us_ny_carmel.permit import CITE_A
from publicassembly.permits import check_days_ahead
from publicassembly.permits import services as sv
from publicassembly.permits.models import (
    AWAITING_DECISION,
    FINAL_STATES,
    PermitApplication,
    ReminderSent,
    State,
)
from publicassembly.workflow.dates import chapter_in_force
from publicassembly.workflow.errors import ValidationFailed

log = logging.getLogger(__name__)

DEFAULT_DAYS_AHEAD: tuple[int, ...] = (7, 1)

#: Kind of reminder → (deadline name in the law core's determination, parameter whose citation it gives).
KINDS = {
    "application_due": ("application_due", "petition.filing_days_before"),
    "decision_due": ("decision_due", "petition.board_action_days"),
    "decision_overdue": ("decision_due", "petition.board_action_days"),
    "hearing_notice_due": ("hearing_notice_due", "petition.hearing_notice_days"),
    "hearing_notice_overdue": ("hearing_notice_due", "petition.hearing_notice_days"),
    "cleanup_due": ("cleanup_due", "cleanup.days_after"),
}


#: Kind of the reminder of an application still under review once its assembly is over (P-11; no deadline of
#: the law core: `_assembly_over`).
ASSEMBLY_OVER = "assembly_over"


@dataclass(frozen=True)
class Reminder:
    """One e-mail to send: the application, the kind (`KINDS`), the deadline, its recipient and the text."""

    application_id: int
    town: str
    kind: str
    due_on: date
    recipient: str
    subject: str
    body: str


def _staff_emails(town: Town, *roles: str) -> list[str]:
    rows = (Membership.objects.for_town(town).filter(role__in=roles, active=True, user__is_active=True)
            .exclude(user__email="").values_list("user__email", flat=True))
    return sorted(set(rows))


def _words(kind: str, app: PermitApplication, due: LegalDate, days: int, notice_days: int) -> tuple[str, str]:
    name = app.name or f"application #{app.pk}"
    when = "today" if days == 0 else ("tomorrow" if days == 1 else f"in {days} days")
    hearing = f"{app.hearing_on:%A %-d %B %Y}" if app.hearing_on else ""
    if kind == "hearing_notice_due":
        head = (f"The notice of the public hearing on {name}, {hearing}, must be published in "
                f"{app.newspaper or 'the official newspaper'} by {due.date:%A %-d %B %Y}, {notice_days} days before "
                "the hearing")
        if due.act_by is not None and due.act_by != due.date:  # (the day the Clerk's office must act by)
            head += (f"; the Town Clerk's office is closed that day, so the Clerk sends it by "
                     f"{due.act_by:%A %-d %B %Y}")
        head += "; record its publication once it has been"
    elif kind == "hearing_notice_overdue":
        head = (f"OVERDUE hearing notice: no publication is recorded of the notice of the public hearing on {name}, "
                f"{hearing}; the last day to publish it, {notice_days} days before the hearing, was "
                f"{due.date:%A %-d %B %Y} ({-days} day{'s' if -days != 1 else ''} ago). The hearing cannot be held "
                "as scheduled: reschedule it (\"Reschedule the public hearing\") to a day for which its notice can "
                f"still be published in time; or, if the notice was published by {due.date:%A %-d %B %Y}, record its "
                "publication")
    elif kind == "application_due":
        head = f"The verified petition for {name} must be filed with the Town Clerk by {due.date:%A %-d %B %Y}"
    elif kind == "decision_due":
        head = f"The Town Board must act on {name} by {due.date:%A %-d %B %Y}"
    elif kind == "decision_overdue":
        head = (f"OVERDUE: the Town Board has not acted on {name}; the last day was {due.date:%A %-d %B %Y} "
                f"({-days} day{'s' if -days != 1 else ''} ago)")
    else:
        head = (f"The waste of {name} must be completely removed from the premises by "
                f"{due.date:%A %-d %B %Y}")
    overdue = kind in ("decision_overdue", "hearing_notice_overdue")
    subject = f"[{app.town}] {head.split(':')[0] if overdue else 'Deadline ' + when}: {name}"
    return subject, head


def due_reminders(today: date | None = None, days_ahead: Sequence[int] = DEFAULT_DAYS_AHEAD) -> list[Reminder]:
    """Every reminder due on `today` (default: the Town's local date): a deadline exactly `days_ahead` days
    away (each of them), and every open application whose Board decision is overdue. Raises ValueError for a
    number of days outside 0 to `MAX_DAYS_AHEAD`, and `ValidationFailed` (field ``today``) for a day before
    Carmel ch. 31 was in force (the law core has no value of it then). An application whose stored facts the
    law core refuses gets none (logged as a warning naming the field) and the others are still reminded."""
    today = chapter_in_force("today", today or timezone.localdate(),
                             jurisdictions.get(sv.JURISDICTION_ALIAS).parameters.in_force_from)
    check_days_ahead(days_ahead)
    out: list[Reminder] = []
    for town in Town.objects.filter(jurisdiction_alias=sv.JURISDICTION_ALIAS).order_by("pk"):
        clerks = _staff_emails(town, sv.CLERK)
        board = _staff_emails(town, sv.BOARD)
        apps = (PermitApplication.objects.for_town(town).exclude(state__in=FINAL_STATES)
                .select_related("applicant", "town").order_by("pk"))
        for app in apps:
            try:
                out += _reminders_of(app, today, days_ahead, clerks, board)
            except ValidationFailed as e:  # one record the law core refuses must not stop the others
                log.warning("no reminders for permit application #%s of %s: %s", app.pk, town,
                            sv.correction_note(e))
    return out


def _reminders_of(app: PermitApplication, today: date, days_ahead: Sequence[int], clerks: list[str],
                  board: list[str]) -> list[Reminder]:
    if sv.can_close_unheard(app, today):
        return _assembly_over(app, today, clerks)
    applicant = [app.applicant.email] if app.applicant.email else []
    wanted: list[tuple[str, list[str]]] = []
    if app.state == State.DRAFT:
        wanted.append(("application_due", applicant))
    if app.state in AWAITING_DECISION:
        wanted.append(("decision_due", [*applicant, *clerks, *board]))
    if app.state == State.HEARING_SCHEDULED and app.notice_published_on is None:
        wanted.append(("hearing_notice_due", clerks))
    if app.state in (State.ISSUED, State.ASSEMBLY_HELD):
        wanted.append(("cleanup_due", [*applicant, *clerks]))
    if not wanted:
        return []
    data = sv.case_data(app)
    if app.assembly_ended_on and isinstance(data.get("dates"), dict):
        data["dates"] = {**data["dates"], "last_day": app.assembly_ended_on.isoformat()}
    deadlines = sv.determination(app, today, data=data).deadlines
    values = sv.parameter_set(app.town).at(today)
    out = []
    for kind, recipients in wanted:
        due = deadlines.get(KINDS[kind][0])
        if due is None and kind == "hearing_notice_due" and app.hearing_on is not None:  # (no permit required)
            due = sv.last_day_to_publish(app, app.hearing_on, today)
        if due is None:
            continue
        days = (due.date - today).days
        if kind == "decision_due" and sv.decision_overdue(app, today):
            kind, recipients = "decision_overdue", [*applicant, *clerks, *board]
        elif kind == "hearing_notice_due" and days < 0:
            if not sv.available(app, "reschedule_hearing", today):
                continue  # (the assembly has begun: the hearing can no longer be rescheduled, nor reminded of)
            kind = "hearing_notice_overdue"
        elif kind == "hearing_notice_due":
            # The newspaper may publish on the last day itself (¶ B, counted backwards, not extended), but the
            # Clerk's office must send the notice by the business day before it when closed that day (`act_by`):
            # the reminders come that many days before the day the Clerk must act.
            days = ((due.act_by or due.date) - today).days
            if days not in days_ahead:
                continue
        elif days not in days_ahead:
            continue
        subject, head = _words(kind, app, due, days, values["petition.hearing_notice_days"])
        body = (f"{head}.\n\n{due.counted}\n({values.cite(KINDS[kind][1])})\n\nPermit application #{app.pk}, "
                f"{app.town}; state: {app.get_state_display()}.\n")
        for r in dict.fromkeys(recipients):
            out.append(Reminder(app.pk, str(app.town), kind, due.date, r, subject, body))
    return out


def _assembly_over(app: PermitApplication, today: date, clerks: list[str]) -> list[Reminder]:
    """The reminder of an application still under review once its assembly is over (interpretation P-11): to
    the Town Clerks, every day until it is closed, that nothing is left for a permit to authorize and the
    application is to be closed. It replaces the reminders of the Board's decision (overdue or not) and of the
    hearing's notice, which no longer serve: no permit can be issued for an assembly that is over."""
    last = sv.assembly_last_day(app)
    assert last is not None  # (`can_close_unheard` held)
    name = app.name or f"application #{app.pk}"
    ago = (today - last).days
    head = (f"ASSEMBLY OVER, application still open: {name} ended on {last:%A %-d %B %Y} "
            f"({ago} day{'s' if ago != 1 else ''} ago) and no permit was issued; nothing is left for a permit to "
            "authorize, so close the application (\"Close\" on its page; the filing fee is not refunded)")
    subject = f"[{app.town}] ASSEMBLY OVER, application still open: {name}"
    body = (f"{head}.\n\n({CITE_A}: a written permit for the assembly; interpretation P-11)\n\n"
            f"Permit application #{app.pk}, {app.town}; state: {app.get_state_display()}.\n")
    return [Reminder(app.pk, str(app.town), ASSEMBLY_OVER, last, r, subject, body) for r in clerks]


def send_reminders(today: date | None = None, days_ahead: Sequence[int] = DEFAULT_DAYS_AHEAD, *,
                   dry_run: bool = False) -> list[Reminder]:
    """Send every reminder due on `today` not already sent that day, through Django's e-mail backend, and
    record each; returns the reminders sent (with `dry_run`, those that would be sent, sending and recording
    nothing). A failure to send leaves that reminder unrecorded (it is tried again on the next run) and is
    raised after the others."""
    today = today or timezone.localdate()
    due = due_reminders(today, days_ahead)
    if dry_run:
        return [r for r in due if not _already_sent(r, today)]
    sent: list[Reminder] = []
    connection = get_connection()
    first_error: Exception | None = None
    with connection:
        for r in due:
            try:
                with transaction.atomic():
                    ReminderSent.objects.create(town_id=_town_id(r), application_id=r.application_id, kind=r.kind,
                                                due_on=r.due_on, recipient=r.recipient, sent_on=today)
                    EmailMessage(r.subject, r.body, settings.DEFAULT_FROM_EMAIL, [r.recipient],
                                 connection=connection).send()
            except IntegrityError:
                continue  # already sent today
            except Exception as e:  # SMTP failure: not recorded, tried again tomorrow
                first_error = first_error or e
                continue
            sent.append(r)
    if first_error is not None:
        raise first_error
    return sent


def _already_sent(r: Reminder, today: date) -> bool:
    return ReminderSent.objects.filter(application_id=r.application_id, kind=r.kind, due_on=r.due_on,
                                       recipient=r.recipient, sent_on=today).exists()


def _town_id(r: Reminder) -> int:
    return PermitApplication.objects.values_list("town_id", flat=True).get(pk=r.application_id)


def parse_days_ahead(values: Iterable[int]) -> tuple[int, ...]:
    """Days ahead as given on the command line, sorted, without repeats; ValueError for one outside 0 to
    `MAX_DAYS_AHEAD`."""
    days = sorted(set(values), reverse=True)
    check_days_ahead(days)
    return tuple(days) or DEFAULT_DAYS_AHEAD
