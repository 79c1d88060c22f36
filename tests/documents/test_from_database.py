"""The document commands reading the workflow's database (the demo of both towns, loaded once per module and
rolled back at its end): each PDF renders with pdftoppm and states the legal content; the calendar parses back
with icalendar; the BLDS export has the specification's headers and status mapping; unknown numbers exit 2."""

from __future__ import annotations

import csv
import io
import json
from datetime import UTC, timedelta

import pytest
from icalendar import Calendar
from typer.testing import CliRunner

import publicassembly.cli.document_commands  # noqa: F401  (registers the commands on the app)
from publicassembly.cli.app import app

from .conftest import pdf_text, rasterize

runner = CliRunner()


def run(*args: str):
    return runner.invoke(app, list(args))


@pytest.fixture(scope="module")
def demo(django_db_setup, django_db_blocker, tmp_path_factory):
    """The demo of both towns (`publicassembly demo`), inside a transaction rolled back after the module; its
    uploaded documents go to a temporary folder."""
    from django.db import transaction
    from django.test import override_settings

    from publicassembly.permits import demo as permits_demo

    folder = str(tmp_path_factory.mktemp("documents"))
    with django_db_blocker.unblock(), override_settings(PUBLICASSEMBLY_DOCUMENTS_DIR=folder):
        atomic = transaction.atomic()
        atomic.__enter__()
        try:
            yield permits_demo.load()
        finally:
            transaction.set_rollback(True)
            atomic.__exit__(None, None, None)


@pytest.fixture
def models(demo, db):
    from publicassembly.enforcement.models import Summons
    from publicassembly.permits.models import PermitApplication
    from publicassembly.venues.models import Certificate

    return PermitApplication, Certificate, Summons


def _pdf(tmp_path, *args: str) -> str:
    out = tmp_path / "out.pdf"
    result = run(*args, "-o", str(out))
    assert result.exit_code == 0, result.output
    data = out.read_bytes()
    rasterize(data, tmp_path)
    return pdf_text(data)



def _day(moment):
    """The day of a DTSTART: a date-time's date, or the date of an all-day event (hearing time to be
    announced)."""
    return moment.date() if hasattr(moment, "date") and callable(moment.date) else moment

def test_permit_from_the_database_states_persons_bond_and_cleanup_day_carmel_31_a_f(models, tmp_path):
    PermitApplication, _, _ = models
    app_ = PermitApplication.objects.filter(state="issued").exclude(permit_number="").first()
    text = _pdf(tmp_path, "permit", "--application", str(app_.pk))
    assert app_.permit_number in text
    assert f"{int(app_.facts['max_persons_at_one_time']):,}" in text or str(app_.facts["max_persons_at_one_time"]) \
        in text
    assert "Town of Carmel" in text


def test_petition_and_notice_from_the_database_carmel_31_b(models, tmp_path):
    PermitApplication, _, _ = models
    app_ = PermitApplication.objects.filter(state="hearing_scheduled").first()
    text = _pdf(tmp_path, "petition", "--application", str(app_.pk))
    assert app_.facts["applicant"]["name"] in text
    notice_dir = tmp_path / "n"
    notice_dir.mkdir()
    text = _pdf(notice_dir, "notice", "--application", str(app_.pk))
    assert "public hearing" in text.lower()
    assert app_.hearing_place in text


def test_notice_of_a_hearing_whose_notice_is_not_yet_published_carmel_31_b_g10(models, tmp_path):
    """The demo's regatta: its hearing scheduled without the notice's date (G-10). `publicassembly notice` makes
    the notice the newspaper is to print, with the last day to publish it (¶ B: 10 days before the hearing)."""
    from publicassembly.permits import services as sv

    PermitApplication, _, _ = models
    app_ = PermitApplication.objects.get(state="hearing_scheduled", notice_published_on__isnull=True)
    text = " ".join(_pdf(tmp_path, "notice", "--application", str(app_.pk)).split())
    due = sv.hearing_notice_due(app_)
    assert due.date == app_.hearing_on - timedelta(days=10)
    assert f"publish at least once, on or before {(due.act_by or due.date):%A}" in text
    assert f"({(due.act_by or due.date).isoformat()})" in text and "Putnam County Courier" in text


def test_notice_of_an_application_without_hearing_exits_2(models, tmp_path):
    PermitApplication, _, _ = models
    app_ = PermitApplication.objects.filter(state="submitted").first()
    result = run("notice", "--application", str(app_.pk), "-o", str(tmp_path / "n.pdf"))
    assert result.exit_code == 2
    assert "no public hearing" in result.output


def test_certificate_and_signs_from_the_database_mount_pleasant_164_9(models, tmp_path):
    _, Certificate, _ = models
    cert = next(c for c in Certificate.objects.filter(status="valid") if len(c.space_loads) >= 1)
    text = _pdf(tmp_path, "certificate", "--number", cert.number)
    assert cert.number in text
    assert f"Lawful occupancy: {cert.lawful_occupancy:,} persons" in text
    out = tmp_path / "signs.pdf"
    result = run("sign", "--certificate", cert.number, "-o", str(out))
    assert result.exit_code == 0, result.output
    (tmp_path / "s").mkdir()
    pages = rasterize(out.read_bytes(), tmp_path / "s")
    assert len(pages) == len(cert.space_loads)  # one sign per room or area
    first = cert.space_loads[0]
    one = tmp_path / "one.pdf"
    result = run("sign", "--certificate", cert.number, "--space", first["name"], "-o", str(one))
    assert result.exit_code == 0, result.output
    text = pdf_text(one.read_bytes())
    assert f"{first['occupant_load']} PERSONS" in text
    assert f"Room or area: {first['name']}" in text


def test_sign_of_an_unknown_room_exits_2(models, tmp_path):
    _, Certificate, _ = models
    cert = Certificate.objects.filter(status="valid").first()
    result = run("sign", "--certificate", cert.number, "--space", "No such room", "-o", str(tmp_path / "x.pdf"))
    assert result.exit_code == 2
    names = ", ".join(str(s["name"]) for s in cert.space_loads) or "none"
    assert f"no room or area 'No such room' (the certificate names: {names})" in " ".join(result.output.split())
    assert not (tmp_path / "x.pdf").exists()


@pytest.mark.parametrize("command", ["permit", "notice", "petition"])
def test_application_0_is_an_application_asked_for_not_an_option_left_out(models, tmp_path, command):
    """`--application 0` names an application (there is none numbered 0), not an option left out."""
    result = run(command, "--application", "0", "-o", str(tmp_path / "x.pdf"))
    assert result.exit_code == 2
    assert "--application: Town of Carmel, New York has no permit application 0;" in result.output


def test_carmel_summons_states_days_of_continued_violation_and_summed_range_carmel_31_penalties(models, tmp_path):
    """Carmel ch. 31 penalties ¶¶ A-B: each day a separate violation; ¶ B's $250 and 15 days for each."""
    _, _, Summons = models
    s = Summons.objects.select_related("violation").get(town__jurisdiction_alias="carmel-ny")
    days = s.violation.days_of_continued_violation
    text = _pdf(tmp_path, "summons", "--number", s.number)
    assert "Town Justice Court of the Town of Carmel".upper() in text
    assert f"{days} days: {days} separate violations" in text
    assert f"${250 * days:,}" in text
    assert f"{15 * days} days" in text
    assert "offense no." not in text


def test_mount_pleasant_summons_states_offense_number_and_court_164_12_164_14(models, tmp_path):
    _, _, Summons = models
    s = Summons.objects.filter(town__jurisdiction_alias="mount-pleasant-ny").first()
    text = _pdf(tmp_path, "summons", "--number", s.number.lower())
    assert "TOWN JUSTICE COURT OF THE TOWN OF MOUNT PLEASANT" in text
    assert "offense no. " in text
    assert "§ 164-14" in text


@pytest.mark.parametrize("args", [
    ("certificate", "--number", "MP-1900-9999"),
    ("summons", "--number", "NO-SUCH"),
    ("permit", "--application", "999999"),
    ("calendar", "--town", "springfield"),
])
def test_unknown_number_or_id_exits_2_with_a_message(models, tmp_path, args):
    result = run(*args, "-o", str(tmp_path / "x.out"))
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert not (tmp_path / "x.out").exists()


def test_calendar_of_a_town_that_issues_no_permits_exits_2_saying_so_ch164(models, tmp_path):
    """Mount Pleasant ch. 164 holds no public hearing of ch. 31 ¶ B: its calendar is refused, as its feed is 404,
    saying what its law is about; nothing written (Carmel's: the test above)."""
    for public in ([], ["--public"]):
        result = run("calendar", "--town", "mount-pleasant-ny", *public, "-o", str(tmp_path / "mp.ics"))
        assert result.exit_code == 2, result.output
        assert "does not issue permits for public assemblies here" in result.output
        assert "places of assembly" in result.output and not (tmp_path / "mp.ics").exists()


def test_permit_of_an_application_not_issued_exits_2(models, tmp_path):
    PermitApplication, _, _ = models
    app_ = PermitApplication.objects.filter(state="accepted").first()
    result = run("permit", "--application", str(app_.pk), "-o", str(tmp_path / "x.pdf"))
    assert result.exit_code == 2
    assert "no permit has been issued" in result.output


def test_output_refused_without_force(models, tmp_path):
    PermitApplication, _, _ = models
    app_ = PermitApplication.objects.filter(state="hearing_scheduled").first()
    out = tmp_path / "p.pdf"
    out.write_bytes(b"keep")
    result = run("petition", "--application", str(app_.pk), "-o", str(out))
    assert result.exit_code == 2 and out.read_bytes() == b"keep"
    result = run("petition", "--application", str(app_.pk), "-o", str(out), "--force")
    assert result.exit_code == 0 and out.read_bytes().startswith(b"%PDF")


def test_town_calendar_parses_back_with_hearings_and_deadlines_with_alarms(models, tmp_path):
    PermitApplication, _, _ = models
    out = tmp_path / "carmel.ics"
    result = run("calendar", "--town", "carmel-ny", "-o", str(out))
    assert result.exit_code == 0, result.output
    cal = Calendar.from_ical(out.read_bytes())
    events = [c for c in cal.walk("VEVENT")]
    todos = [c for c in cal.walk("VTODO")]
    scheduled = PermitApplication.objects.filter(hearing_on__isnull=False).exclude(state="withdrawn")
    assert len(events) == scheduled.count()
    # (every deadline still to meet has its alarm; one the Town's record shows done — the petition submitted, the
    # notice published, the Board's decision, the waste found completely removed — is a completed to-do, without
    # one, done on the day the record gives: P-27)
    from publicassembly.permits import services as sv

    def record_done_on(t):
        kind, ref = str(t["SUMMARY"]).split(": ")
        app = PermitApplication.objects.get(pk=int(ref.rsplit("/", 1)[1]))
        return sv.deadline_done_on(app, kind.replace(" ", "_"))

    open_todos = [t for t in todos if "STATUS" not in t]
    done = [t for t in todos if "STATUS" in t]
    assert open_todos and all(t.walk("VALARM") and record_done_on(t) is None for t in open_todos)
    assert done and all(str(t["STATUS"]) == "COMPLETED" and not t.walk("VALARM")
                        and _day(t["COMPLETED"].dt.astimezone(UTC)) == record_done_on(t) for t in done)
    assert {str(t["SUMMARY"]).split(":")[0] for t in done} == {"application due", "hearing notice due",
                                                                "decision due", "cleanup due"}
    app_ = PermitApplication.objects.filter(state="hearing_scheduled").first()
    assert any(_day(e["DTSTART"].dt) == app_.hearing_on for e in events)


def test_application_calendar_holds_its_hearing_and_hearing_notice_deadline_carmel_31_b(models, tmp_path):
    from publicassembly.permits import services as sv

    PermitApplication, _, _ = models
    app_ = PermitApplication.objects.filter(state="hearing_scheduled").first()
    out = tmp_path / "a.ics"
    result = run("calendar", "--town", "carmel-ny", "--application", str(app_.pk), "-o", str(out))
    assert result.exit_code == 0, result.output
    cal = Calendar.from_ical(out.read_bytes())
    assert len(cal.walk("VEVENT")) == 1
    due = sv.deadlines(app_)["hearing_notice_due"]
    todo = next(t for t in cal.walk("VTODO") if "hearing notice due" in str(t["SUMMARY"]))
    assert todo["DUE"].dt == (due.act_by or due.date)


def test_blds_permits_csv_headers_and_status_mapping(models, tmp_path):
    from publicassembly.documents.blds import PERMIT_FIELDS, STATUS_MAPPED

    PermitApplication, _, _ = models
    out = tmp_path / "p.csv"
    result = run("export", "blds", "--town", "carmel-ny", "--dataset", "permits", "--format", "csv", "-o", str(out))
    assert result.exit_code == 0, result.output
    rows = list(csv.DictReader(io.StringIO(out.read_text(encoding="utf-8"))))
    assert tuple(rows[0].keys()) == PERMIT_FIELDS
    published = PermitApplication.objects.exclude(state="draft").count()
    assert len(rows) == published  # drafts are not published
    for r in rows:
        assert r["StatusCurrentMapped"] == STATUS_MAPPED[r["StatusCurrent"]]
    by_status = {r["StatusCurrent"]: r for r in rows}
    assert by_status["issued"]["StatusCurrentMapped"] == "Permit Issued"
    assert by_status["closed"]["StatusCurrentMapped"] == "Permit Finaled"
    assert by_status["submitted"]["StatusCurrentMapped"] == "Application Accepted"


def test_blds_mount_pleasant_certificates_and_inspections_json(models, tmp_path):
    _, Certificate, _ = models
    out = tmp_path / "c.json"
    result = run("export", "blds", "--town", "mount-pleasant-ny", "--dataset", "permits", "--format", "json",
                 "-o", str(out))
    assert result.exit_code == 0, result.output
    rows = json.loads(out.read_text())
    assert {r["PermitNum"] for r in rows} == set(Certificate.objects.values_list("number", flat=True))
    assert all(r["StatusCurrentMapped"] == "Occupancy" for r in rows if r["StatusCurrent"] == "valid")
    out = tmp_path / "i.json"
    result = run("export", "blds", "--town", "mount-pleasant-ny", "--dataset", "inspections", "--format", "json",
                 "-o", str(out))
    assert result.exit_code == 0, result.output
    rows = json.loads(out.read_text())
    assert rows and all(r["InspTypeMapped"] == "Building Final" for r in rows)


def _calendar(tmp_path, *args: str):
    out = tmp_path / "c.ics"
    result = run("calendar", "--town", "carmel-ny", *args, "-o", str(out), "--force")
    return result, (Calendar.from_ical(out.read_bytes()) if out.exists() else None)


def test_public_calendar_holds_the_hearings_only_carmel_31_b(models, tmp_path):
    """`calendar --public` (the web's hearings.ics): a VEVENT for each application whose hearing was scheduled
    (held ones of denied, revoked or closed applications too: ¶ B's hearing is a public record), none for a
    withdrawn one or one never scheduled, and no deadline to-dos."""
    PermitApplication, _, _ = models
    result, cal = _calendar(tmp_path, "--public")
    assert result.exit_code == 0, result.output
    assert cal.walk("VTODO") == []
    scheduled = PermitApplication.objects.filter(hearing_on__isnull=False).exclude(state__in=("withdrawn", "draft"))
    uids = sorted(str(e["UID"]) for e in cal.walk("VEVENT"))
    assert uids == sorted(f"hearing-carmel-ny-{a.pk}@publicassembly" for a in scheduled)
    assert str(cal["X-WR-CALNAME"]).endswith(": public hearings")
    never = PermitApplication.objects.filter(hearing_on__isnull=True).exclude(state="draft")
    assert never.exists() and not any(f"carmel-ny-{a.pk}@" in u for a in never for u in uids)


def test_public_help_says_what_is_written():
    out = " ".join(run("calendar", "--help").output.replace("│", " ").split())
    assert "public hearings only, upcoming and held" in out and "without deadlines" in out


def test_calendar_references_are_one_form_alias_slash_id(models, tmp_path):
    """Hearings and deadlines name an application the same way, ``carmel-ny/<id>``, issued or not (so a UID
    does not change when the permit number is issued)."""
    PermitApplication, _, _ = models
    assert PermitApplication.objects.exclude(permit_number="").exists()  # the demo holds an issued permit
    result, cal = _calendar(tmp_path)
    assert result.exit_code == 0, result.output
    todos = cal.walk("VTODO")
    assert todos
    for t in todos:
        ref = str(t["SUMMARY"]).rsplit(": ", 1)[1]
        assert ref.startswith("carmel-ny/") and ref.removeprefix("carmel-ny/").isdigit(), ref
    for e in cal.walk("VEVENT"):
        assert "on the application carmel-ny/" in str(e["DESCRIPTION"])


def test_calendar_leaves_out_an_application_whose_facts_the_law_core_refuses(models, tmp_path):
    """One record stored with facts the law core now refuses (a year with no legal time, G-2) does not fail the
    Town's calendar: it is left out with a warning naming it and the field; the others are written."""
    PermitApplication, _, _ = models
    bad = PermitApplication.objects.filter(hearing_on__isnull=False, state="hearing_scheduled").first()
    PermitApplication.objects.filter(pk=bad.pk).update(
        facts={**bad.facts, "dates": {"first_day": "9999-12-29", "last_day": "9999-12-30",
                                      "daily_hours": "10:00-22:00"}})
    before = PermitApplication.objects.filter(hearing_on__isnull=False).exclude(state__in=("withdrawn", "draft"))
    for args in ((), ("--public",)):
        result, cal = _calendar(tmp_path, *args)
        assert result.exit_code == 0, result.output
        assert f"warning: left out application carmel-ny/{bad.pk}: facts need correction: dates." in result.output
        uids = [str(e["UID"]) for e in cal.walk("VEVENT")]
        assert f"hearing-carmel-ny-{bad.pk}@publicassembly" not in uids
        assert len(uids) == before.count() - 1
        assert not any(f"carmel-ny/{bad.pk}" in str(t["SUMMARY"]) for t in cal.walk("VTODO"))


def test_the_workflows_summonses_and_permits_are_read_back_from_their_json(models):
    """A summons or permit the workflow prints, written as JSON, is read back by ``--from-json`` as it is: the
    workflow takes the penalty from the law core (Mount Pleasant § 164-14, Carmel ch. 31 penalties ¶¶ A, B) and
    records the day of a revocation (¶ G), so the checks of `record_from_json` refuse none of them."""
    from dataclasses import asdict

    from publicassembly.documents.records import record_from_json
    from publicassembly.enforcement.documents import summons_record
    from publicassembly.law.jsonable import jsonable
    from publicassembly.permits.documents import permit_record

    PermitApplication, _, Summons = models
    summonses = [summons_record(s) for s in Summons.objects.select_related("town", "violation", "issued_by")]
    assert {r.jurisdiction for r in summonses} == {"mount-pleasant-ny", "carmel-ny"}
    permits = [permit_record(a) for a in PermitApplication.objects.exclude(permit_number="")
               .exclude(issued_on=None)]
    assert {r.status for r in permits} >= {"valid", "revoked"}
    for record in summonses + permits:
        data = json.loads(json.dumps(jsonable(asdict(record))))
        assert record_from_json(type(record), data) == record, record.number


def test_certificate_from_the_database_states_a_bowling_alleys_alleys_164_7(models, tmp_path):
    """The demo's Thornwood Lanes: 24 alleys and 2,400 sq ft beyond them hold 360 persons (§ 164-7); its
    certificate states the alleys, as one read from JSON does (D-8), not the additional area alone."""
    _, Certificate, _ = models
    cert = Certificate.objects.get(venue__name="Thornwood Lanes", status="valid")
    text = _pdf(tmp_path, "certificate", "--number", cert.number)
    assert "Bowling alleys 24 alleys and 2,400" in text and "360 additional" in text, text
