"""Five journeys in Chromium: an organizer checks whether a permit is needed and applies; the Clerk schedules
the hearing and issues the permit; the Building Inspector certifies a venue; the Building Inspector issues a
summons (Mount Pleasant § 164-12: he alone issues summonses); a police officer stops a dance and files a complaint,
is refused the summons, and the Building Inspector records the violation and issues the summons (§§ 164-5,
164-12 to 164-14)."""

from __future__ import annotations

import datetime as dt

import pytest
from tests.e2e.conftest import ARTIFACTS, person, shot, sign_in
from tests.issuance import record_every_precondition

from publicassembly.law.dates import next_business_day


def returnable(today: dt.date) -> dt.date:
    """A summons's return day about a month ahead on which the Town Justice Court sits (W-8: not a weekend or a
    public holiday): 30 days ahead is a holiday on some days of the year (2026-12-02 + 30 is New Year's Day)."""
    return next_business_day(today + dt.timedelta(days=30))

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_organizer_checks_and_applies(page, carmel):
    page.goto("/permit-check/")
    page.get_by_label("Most persons at the assembly at one time").fill("800")
    page.get_by_label("First day of the assembly").fill((dt.date.today() + dt.timedelta(days=120)).isoformat())
    # the answer arrives live (HTMX), without pressing Check
    page.locator("#result .verdict").wait_for()
    assert "A permit from the Town Board is required" in page.locator("#result .verdict").inner_text()
    page.locator("#result ol.deadlines li").first.wait_for()  # the deadlines follow once the first day is in
    shot(page, "01-organizer-permit-check")
    page.goto("/accounts/register/")
    page.get_by_label("Username").fill("organizer")
    page.get_by_label("First name").fill("Olga")
    page.get_by_label("Last name").fill("Reyes")
    page.get_by_label("E-mail address").fill("olga@example.org")
    page.locator("#id_town").select_option("carmel-ny")
    page.locator("#id_password1").fill("a long demo passphrase 7")
    page.locator("#id_password2").fill("a long demo passphrase 7")
    page.get_by_role("button", name="Register").click()
    page.wait_for_url("**/dashboard/")
    page.get_by_role("link", name="My applications").click()
    page.get_by_role("link", name="Start an application").click()
    first = dt.date.today() + dt.timedelta(days=120)
    page.get_by_label("Name of the assembly").fill("Lake Gleneida Music Festival")
    page.get_by_label("Purpose of the gathering").fill("Concert")
    page.locator("#id_first_day").fill(first.isoformat())
    page.get_by_label("Most persons at one time").fill("800")
    page.get_by_label("Applicant's name (or the corporation's)").fill("Olga Reyes")
    page.get_by_label("Residence address (a corporation: its office)").fill("12 Fair Street, Carmel, NY")
    # only what applies: the officers' section appears when the applicant is a corporation
    officers = page.get_by_label("Directors and officers", exact=True)
    assert not officers.is_visible()
    page.get_by_label("The applicant is a corporation").check()
    assert officers.is_visible()
    page.get_by_label("The applicant is a corporation").uncheck()
    page.get_by_label("Address of the property").fill("Gleneida Avenue, Carmel, NY")
    shot(page, "02-organizer-petition")
    page.get_by_role("button", name="Save as a draft").click()
    page.wait_for_url("**/applications/*/")
    page.get_by_text("Submit the verified petition", exact=True).first.click()
    page.get_by_label("Verification statement").fill("Sworn before a notary public.")
    page.get_by_role("button", name="Submit the verified petition").click()
    page.get_by_text("Done: Submit the verified petition.").wait_for()
    assert "submitted" in page.locator("dl.facts").inner_text()
    shot(page, "03-organizer-submitted")


def _approved_ready(carmel, clerk, board, health, applicant):
    """An application at the end of its public hearing with every precondition of issuance recorded through
    the services (¶¶ C-F and the fee)."""
    from tests.web.conftest import fair_facts

    from publicassembly.permits import services as sv

    app = sv.create_draft(applicant, carmel, fair_facts())
    today = dt.date.today()
    sv.submit(applicant, app, verification_statement="Sworn.", today=today)
    sv.set_fee_schedule(clerk, carmel, year=today.year, amount="250.00", resolution_date=dt.date(today.year, 1, 2))
    return app


def test_clerk_schedules_the_hearing_and_issues_the_permit(page, carmel, travel_to):
    from publicassembly.permits import services as sv

    clerk = person("clerk", carmel, "town_clerk")
    board = person("board", carmel, "town_board_member")
    health = person("health", carmel, "health_department_reviewer")
    applicant = person("applicant", carmel, "applicant")
    app = _approved_ready(carmel, clerk, board, health, applicant)
    sign_in(page, "clerk")
    page.goto(f"/carmel-ny/applications/{app.pk}/")
    page.get_by_text("Accept the petition as complete", exact=True).first.click()
    page.get_by_role("button", name="Accept the petition as complete").click()
    page.get_by_text("Done: Accept the petition as complete.").wait_for()
    today = dt.date.today()
    page.get_by_text("Schedule the public hearing", exact=True).first.click()
    page.get_by_label("Date of the public hearing").fill((today + dt.timedelta(days=14)).isoformat())
    page.get_by_label("Place of the hearing").fill("Town Hall, 60 McAlpin Avenue")
    page.get_by_label("Notice published on").fill(today.isoformat())
    page.get_by_label("Official newspaper").fill("Putnam County Courier")
    shot(page, "04-clerk-schedule-hearing")
    page.get_by_role("button", name="Schedule the public hearing").click()
    page.get_by_text("Done: Schedule the public hearing.").wait_for()
    # the hearing is public
    page.goto("/hearings/")
    assert "Putnam County Fair" in page.content()
    shot(page, "05-public-hearings")
    # on the hearing's day the hearing is held and the Board approves (services); every precondition recorded
    app.refresh_from_db()
    travel_to(today + dt.timedelta(days=14))
    sv.record_hearing_held(clerk, app, held_on=today + dt.timedelta(days=14))
    sv.approve(board, app, conditions=["Gates close at 10 p.m."], decided_on=today + dt.timedelta(days=14),
               bond_amount="10000.00", bodily_injury_limit="500000")
    doc = sv.attach_document(clerk, app, kind="written approval", filename="a.pdf", content=b"%PDF-1.4\n%%EOF\n")
    record_every_precondition(app, clerk=clerk, board=board, health=health, on=today, doc=doc, bond="10000.00",
                              bodily_injury_limit="1000000")
    sign_in(page, "clerk")  # two weeks on, the morning's session has expired
    page.goto(f"/carmel-ny/applications/{app.pk}/")
    assert "Nothing blocks issuance." in page.content()
    page.get_by_text("Issue the permit", exact=True).first.click()
    page.get_by_role("button", name="Issue the permit").click()
    page.get_by_text("Done: Issue the permit.").wait_for()
    assert page.get_by_role("link", name="Permit (PDF)").is_visible()
    shot(page, "06-clerk-permit-issued")


def test_inspector_certifies_a_venue(page, mount_pleasant):
    person("inspector", mount_pleasant, "building_inspector")
    sign_in(page, "inspector")
    page.goto("/mount-pleasant-ny/venues/")
    page.get_by_label("Name of the place").fill("Kensico Manor")
    page.get_by_label("Address").fill("25 Lakeview Avenue, Valhalla, NY")
    page.get_by_label("Commercial place of assembly?").select_option("yes")
    page.get_by_role("button", name="Register").click()
    page.wait_for_url("**/venues/*/")
    page.get_by_text("Add a room or area").click()
    page.get_by_label("Room or area").fill("Ballroom")
    page.get_by_label("Use group (§§ 164-7, 164-8)").select_option("assembly_without_fixed_seats")
    page.get_by_label("Floor area").fill("4650")
    # live preview from the law core: 4650 / 15 = 310 persons (§ 164-7)
    page.get_by_text("With this space: lawful occupancy 310 persons.").wait_for()
    shot(page, "07-inspector-space-preview")
    page.get_by_role("button", name="Add", exact=True).click()
    page.get_by_text("Space added").wait_for()
    page.get_by_role("button", name="Issue the certificate").click()
    page.get_by_text("lawful occupancy 310 persons", exact=False).first.wait_for()
    shot(page, "08-inspector-certificate-issued")
    number = page.locator("section[aria-labelledby=cert-h] table tbody tr td a").first.inner_text()
    page.goto(f"/certificates/?number={number}")
    assert "Valid" in page.content() and "310" in page.content()
    shot(page, "09-public-certificate")


def test_inspector_issues_a_summons(page, mount_pleasant):
    from publicassembly.enforcement import services as es
    from publicassembly.venues import services as vs

    bi = person("inspector2", mount_pleasant, "building_inspector")
    venue = vs.create_venue(bi, mount_pleasant, name="Hall", address="1 Main St", commercial=True)
    offender = es.register_offender(bi, mount_pleasant, kind="firm", name="Hall Operators LLC")
    complaint = es.file_complaint(bi, mount_pleasant, description="Rear exit chained shut",
                                  observed_on=dt.date.today(), offender=offender, venue=venue, in_presence=True)
    es.record_violation(bi, complaint, rule_id="mount-pleasant/164-10/exits-not-blocked")
    sign_in(page, "inspector2")
    page.goto("/mount-pleasant-ny/enforcement/")
    assert "offense number 1" in page.content()
    page.get_by_text("Issue a summons").first.click()
    page.get_by_label("Returnable on").fill(returnable(dt.date.today()).isoformat())
    page.get_by_label("At (time)").fill("9:30 a.m.")
    shot(page, "10-summons-form")
    page.get_by_role("button", name="Issue the summons").click()
    page.get_by_role("link", name="Summons (PDF)").wait_for()
    shot(page, "11-summons-issued")


def test_police_officer_files_a_complaint_and_the_inspector_issues_the_summons(page, browser, live_server,
                                                                             mount_pleasant):
    """A Mount Pleasant police officer at a dance finds the rear exit chained: he stops the dance until the exit is
    cleared (§ 164-5, lifted when corrected, § 164-13) and files a complaint with the Building Inspector without
    knowing the operator (§ 164-12). He is never offered the summons, and one he posts anyway is refused: only the
    Building Inspector issues it (§ 164-12). The Inspector names the offender, records the violation, sees the
    penalty range for offense number 1 (§ 164-14), issues the summons and downloads it as a PDF."""
    from publicassembly.enforcement import services as es
    from publicassembly.enforcement.models import Complaint, Summons, Violation
    from publicassembly.venues import services as vs

    bi = person("inspector3", mount_pleasant, "building_inspector")
    person("officer", mount_pleasant, "enforcement_officer")  # a police officer
    hall = vs.create_venue(bi, mount_pleasant, name="Saw Mill River Dance Hall", commercial=True,
                           address="300 Saw Mill River Road, Hawthorne, NY")
    vs.add_space(bi, hall, name="Dance hall", kind="room", use_group="dance_hall_lodge_room", area="3000")
    vs.issue_certificate(bi, hall)
    today = dt.date.today()

    # the police officer: stop order (§ 164-5), lifted once corrected (§ 164-13)
    sign_in(page, "officer")
    page.get_by_role("link", name="Enforcement").click()
    page.get_by_text("Record a stop order", exact=True).click()
    page.locator("#id_so-venue").select_option(label=str(hall))
    page.locator("#id_so-performance").fill("Saturday dance")
    page.get_by_label("Means of egress obstructed").check()
    shot(page, "12-officer-stop-order")
    page.get_by_role("button", name="Record the stop order").click()
    page.get_by_text("Lift the stop order (§ 164-13)").wait_for()
    page.get_by_text("Lift the stop order (§ 164-13)").click()
    page.get_by_label("How the condition was corrected").fill("Chain removed; exit cleared")
    page.get_by_role("button", name="Lift the stop order").click()
    page.get_by_text("Corrected: Chain removed; exit cleared").wait_for()

    # the complaint with the Building Inspector, the offender not known (§ 164-12)
    page.locator("#id_c-description").fill("Rear fire exit chained during the Saturday dance")
    page.locator("#id_c-observed_on").fill(today.isoformat())
    page.locator("#id_c-place").fill("Rear fire exit")
    page.locator("#id_c-venue").select_option(str(hall.pk))
    page.get_by_label("It occurred in my presence").check()
    shot(page, "13-officer-complaint")
    page.get_by_role("button", name="File", exact=True).click()
    page.get_by_text("Rear fire exit chained during the Saturday dance").first.wait_for()
    complaint = Complaint.objects.get()
    assert complaint.complainant_kind == "police_officer" and complaint.offender is None
    assert "Saw Mill River Dance Hall · Rear fire exit" in page.locator("section.complaint").inner_text()
    assert page.get_by_text("Issue a summons").count() == 0

    # the Building Inspector names the offender and records the violation on the officer's complaint
    context = browser.new_context(base_url=live_server.url, viewport={"width": 1280, "height": 900})
    inspector = context.new_page()
    inspector.set_default_timeout(20_000)
    sign_in(inspector, "inspector3")
    inspector.goto("/mount-pleasant-ny/enforcement/")
    inspector.locator("#id_o-kind").select_option("firm")
    inspector.locator("#id_o-name").fill("Saw Mill River Events LLC")
    inspector.get_by_role("button", name="Register", exact=True).click()
    inspector.get_by_text("Recorded.").wait_for()
    inspector.get_by_text("Record a violation on this complaint").click()
    inspector.locator(f"#id_v{complaint.pk}-rule_id").select_option("mount-pleasant/164-10/exits-not-blocked")
    inspector.locator(f"#id_v{complaint.pk}-offender").select_option(label="Saw Mill River Events LLC")
    inspector.get_by_role("button", name="Record the violation").click()
    inspector.get_by_text("offense number 1").wait_for()
    violation = Violation.objects.get()
    p = es.penalty_range(violation)
    assert p.offense_number == 1
    assert f"${p.min_fine}–${p.max_fine}" in inspector.locator(".violation").inner_text()
    shot(inspector, "14-inspector-violation-penalty-range")

    # the officer sees the violation but no summons: only the Building Inspector issues it (§ 164-12)
    page.reload()
    assert "offense number 1" in page.content()
    assert page.get_by_text("Issue a summons").count() == 0
    assert page.get_by_text("only the Building Inspector issues a summons").is_visible()
    shot(page, "15-officer-no-summons")
    token = page.locator("input[name=csrfmiddlewaretoken]").first.get_attribute("value")
    refused = page.request.post(f"/mount-pleasant-ny/enforcement/summons/{violation.pk}/", form={
        "csrfmiddlewaretoken": token, f"s{violation.pk}-return_date": returnable(today).isoformat(),
        f"s{violation.pk}-expected_version": str(violation.version)})
    assert refused.status == 403 and "only the Building Inspector issues a summons" in refused.text()
    assert not Summons.objects.exists()

    # the Building Inspector issues the summons and downloads it
    inspector.reload()
    inspector.get_by_text("Issue a summons").click()
    inspector.get_by_label("Returnable on").fill(returnable(today).isoformat())
    inspector.get_by_label("At (time)").fill("9:00 a.m.")
    inspector.get_by_role("button", name="Issue the summons").click()
    link = inspector.get_by_role("link", name="Summons (PDF)")
    link.wait_for()
    shot(inspector, "16-inspector-summons-issued")
    summons = Summons.objects.get()
    assert summons.issued_by == bi and summons.court == "Town Justice Court of the Town of Mount Pleasant"
    pdf = inspector.request.get(link.get_attribute("href"))
    assert pdf.ok and pdf.headers["content-type"] == "application/pdf" and pdf.body().startswith(b"%PDF")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / f"16-summons-{summons.number}.pdf").write_bytes(pdf.body())
    context.close()
