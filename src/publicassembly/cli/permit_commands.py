"""Permit commands of the CLI: ``remind`` (the daily reminders of Carmel ch. 31 deadlines), ``applications``
(the permit applications of a town) and ``refuse-exemption`` (the Town Board does not accept the exemption a
sponsor claims, interpretation P-20).

Django is configured inside each command (see cli/workflow_commands.py). Bad input exits 2 with one message; a
step the workflow refuses (the user's role, the application's state, a Blocked step, a stale version) exits 1
(`workflow_commands._fail`).
"""

from __future__ import annotations

from datetime import date
from typing import Annotated

import typer

from publicassembly.cli.app import EXIT_BAD_INPUT, EXIT_ERROR, app, fail, parse_date_option, whole_number
from publicassembly.cli.workflow_commands import DataDirOption, _fail, _setup_django, find_application
from publicassembly.permits import MAX_DAYS_AHEAD, check_days_ahead


def _parse_date(value: str | None, option: str) -> date | None:
    return parse_date_option(value, option)


def _carmel_in_force(day: date | None, option: str) -> None:
    """Exit 2 naming `option` when `day` is before Carmel ch. 31 was in force: the law core has no value of the
    chapter then (as ``check --as-of`` says of such a date)."""
    if day is None:
        return
    from publicassembly.law import jurisdictions

    carmel = jurisdictions.get("carmel-ny")
    first = carmel.parameters.in_force_from
    if day < first:
        fail(f"{option}: no law applied on {day.isoformat()}: the chapter ({carmel.code}) is applied from "
             f"{first.isoformat()}, the earliest date its text gives; give {first.isoformat()} or later")


@app.command("remind")
def remind(
    today: Annotated[str | None, typer.Option("--today", help="The day to run for (YYYY-MM-DD; default: today).")]
    = None,
    days_ahead: Annotated[list[int] | None, typer.Option(
        "--days-ahead", parser=whole_number, help=f"Remind this many days before each deadline, 0 (on the day) to {MAX_DAYS_AHEAD} "
                             "(repeatable; default 7 and 1).")] = None,
    dry_run: Annotated[bool, typer.Option("--dry-run", help="List the reminders due; send and record nothing.")]
    = False,
    data_dir: DataDirOption = None,
) -> None:
    """E-mail applicants and the Town's staff before each Carmel ch. 31 deadline (the petition's filing, the Board's
    decision, a scheduled hearing's notice, the cleanup) and on each day a Board decision or a hearing's notice is
    overdue, and to the Town Clerks on each day an application still under review has outlived its assembly
    (to close it, interpretation P-11). Run daily; a second run on the same day sends nothing again. Uses
    Django's SMTP settings (EMAIL_HOST, EMAIL_PORT, ...)."""
    day = _parse_date(today, "--today")
    _carmel_in_force(day, "--today")
    try:  # before the database is opened
        check_days_ahead(days_ahead or [])
    except ValueError as e:
        fail(f"--days-ahead: {e}", EXIT_BAD_INPUT)
    _setup_django(data_dir)
    from publicassembly.permits import reminders
    from publicassembly.workflow.errors import ValidationFailed, WorkflowError

    days = reminders.parse_days_ahead(days_ahead or [])
    try:
        sent = reminders.send_reminders(day, days, dry_run=dry_run)
    except ValidationFailed as e:
        _fail(e.renamed({"today": "--today"}))
    except WorkflowError as e:
        _fail(e)
    except OSError as e:  # the SMTP server could not be reached
        fail(f"could not send e-mail: {e}", 1)
    verb = "would send" if dry_run else "sent"
    for r in sent:
        typer.echo(f"{verb} {r.kind} ({r.due_on.isoformat()}) for application #{r.application_id} to {r.recipient}")
    typer.echo(f"{verb} {len(sent)} reminder{'s' if len(sent) != 1 else ''}")


@app.command("applications")
def applications(
    town: Annotated[str, typer.Option("--town", help="The town (alias or OCD id) whose law issues permits "
                                      "(carmel-ny; mount-pleasant-ny issues none: exit 2).")] = "carmel-ny",
    data_dir: DataDirOption = None,
) -> None:
    """List the permit applications of a town (Carmel ch. 31): number, state, name, submission and, while an
    application awaits the Town Board's decision (submitted to hearing held), the last day for it (¶ B: within
    30 days after submission), else "no decision due". An application whose stored facts the law core refuses
    is listed with "facts need correction: FIELD: MESSAGE" in its place. A town whose law issues no permits
    (Mount Pleasant ch. 164) has no applications: exit 2, as calendar."""
    _setup_django(data_dir)
    from publicassembly.accounts.models import Town
    from publicassembly.permits import services as sv
    from publicassembly.permits.models import AWAITING_DECISION, PermitApplication
    from publicassembly.workflow.errors import ValidationFailed, WorkflowError

    try:
        t = Town.objects.for_jurisdiction(town)
    except ValidationFailed as e:
        _fail(e.renamed({"ocd_id": "--town"}))  # the option the user gave, not the record's field
    except WorkflowError as e:
        _fail(e)
    try:
        sv.require_permits(t)  # (`NoPermits`, a NotFound: exit 2 saying the town runs no permits)
    except WorkflowError as e:
        _fail(e)
    rows = list(PermitApplication.objects.for_town(t).order_by("pk"))
    for a in rows:
        a.town = t
    law = sv.ManyApplications(rows, sv.parameter_set(t))
    refused = 0
    for a in law.apps:
        try:
            problem = law.problem(a)
            if problem is not None:
                raise problem
            late, due = law.decision_overdue(a)  # (False, None) unless awaiting the Board's decision
        except ValidationFailed as e:
            refused += 1
            deadline = sv.correction_note(e)
        else:
            deadline = (f"decision due {due.date if due else '-'}{' OVERDUE' if late else ''}"
                        if a.state in AWAITING_DECISION else "no decision due")
        typer.echo(f"#{a.pk}\t{a.state}\t{a.name}\tsubmitted {a.submitted_on or '-'}\t{deadline}")
    note = f"; {refused} with facts that need correction" if refused else ""
    typer.echo(f"{len(rows)} application(s) in {t}{note}")


REFUSE_EXEMPTION_HELP = (
    "Record that the Town Board does not accept the exemption from Carmel ch. 31 (exemptions ¶¶ A-D: an "
    "assembly sponsored, organized and authorized by a parochial or private school located within the Town, an "
    "established church maintaining a place of worship within the Town, or a veterans' organization or civic "
    "group with a chapter or local organization within the Town for one year before the assembly) that the "
    "sponsor's statements claim (interpretation P-20): "
    "from the day decided the chapter applies, and the petition is accepted, heard and decided under ¶¶ B-F "
    "as any other. Only while the petition is submitted, incomplete or amended (awaiting the Town Clerk's review "
    "or the applicant's amendment) and the law finds an exemption reaching the assembly; the state does not "
    "change, the history records the reasons. Exit 0: recorded; 2: bad input (an option's value, an application "
    "or a user not in the database, --decided-on before the submission or after today); 1: refused (--user is "
    "not a Town Board member of the application's town, the application is in another state, the law finds no "
    "exemption to refuse, it is already recorded, or --expected-version is not the application's version).")


@app.command("refuse-exemption", help=REFUSE_EXEMPTION_HELP)
def refuse_exemption(
    application: Annotated[int, typer.Option(
        "--application", parser=whole_number, help="The permit application's number (id), as `publicassembly "
        "applications` lists it.")],
    user: Annotated[str, typer.Option(
        "--user", help="The user name of the Town Board member who records it (a member of the application's "
        "town; the history names them).")],
    reason: Annotated[str, typer.Option(
        "--reason", help="The Town Board's reasons for not accepting the exemption (recorded in the history).")],
    decided_on: Annotated[str | None, typer.Option(
        "--decided-on", help="The day the Town Board so decided (YYYY-MM-DD; default: today; not after today "
        "nor before the petition's submission).")] = None,
    expected_version: Annotated[int | None, typer.Option(
        "--expected-version", parser=whole_number, help="The application's version as you read it; refused "
        "(exit 1) if it has changed since (default: not checked).")] = None,
    data_dir: DataDirOption = None,
) -> None:
    """Record that the Town Board does not accept the exemption claimed (Carmel ch. 31 exemptions ¶¶ A-D, P-20)."""
    day = _parse_date(decided_on, "--decided-on")
    _setup_django(data_dir)
    from publicassembly.accounts.models import User
    from publicassembly.permits import services as sv
    from publicassembly.workflow.errors import NotAllowed, ValidationFailed, WorkflowError

    app_ = find_application(application, drafts=True)  # (a draft's state is refused by the service: exit 1)
    by = User.objects.filter(username=user).first()
    if by is None:
        fail(f"--user: no user {user!r}; give the user name of a Town Board member of {app_.town}")
    try:
        done = sv.refuse_exemption(by, app_, reasons=reason, decided_on=day, expected_version=expected_version)
    except ValidationFailed as e:
        _fail(e.renamed({"reasons": "--reason", "decided_on": "--decided-on", "expected_version": "--expected-version"}))
    except NotAllowed as e:
        fail(f"--user: {e}", EXIT_ERROR)
    except WorkflowError as e:
        _fail(e)
    typer.echo(f"application #{done.pk} ({done.name}): the Town Board does not accept the exemption claimed, "
               f"decided on {done.exemption_not_accepted_on}; the chapter applies (P-20); version {done.version}")


__all__ = ["applications", "refuse_exemption", "remind"]
