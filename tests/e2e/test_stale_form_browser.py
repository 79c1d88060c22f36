"""Two officials at once, in Chromium (#409): the Town Clerk opens an application's page, another official changes
the application meanwhile, and the Clerk's "Reschedule the public hearing" form is answered 409: the page says at
the top of the form that the application was changed since it was opened and that nothing was saved, shows it as
it is now and keeps the day and place typed; sent again as it stands, the hearing is rescheduled."""

from __future__ import annotations

import datetime as dt

import pytest
from tests.e2e.conftest import person, shot, sign_in

from publicassembly.law.dates import next_business_day

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_stale_reschedule_is_told_and_sent_again_from_the_same_form(page, carmel):
    from tests.web.conftest import fair_facts

    from publicassembly.permits import services as sv

    applicant = person("fairapplicant", carmel, "applicant")
    clerk = person("townclerk", carmel, "town_clerk")
    today = dt.date.today()
    app = sv.create_draft(applicant, carmel, fair_facts())
    sv.submit(applicant, app, verification_statement="Sworn before a notary.", today=today)
    sv.accept(clerk, app, today=today)
    hearing = next_business_day(today + dt.timedelta(days=20))
    sv.schedule_hearing(clerk, app, hearing_on=hearing, place="Town Hall", newspaper="Putnam County Courier",
                        notice_published_on=today)
    sign_in(page, "townclerk")
    page.goto(f"/carmel-ny/applications/{app.pk}/")
    page.get_by_text("Reschedule the public hearing", exact=True).first.click()
    new_day = next_business_day(hearing + dt.timedelta(days=7))
    page.locator("#id_reschedule_hearing-hearing_on").fill(new_day.isoformat())
    page.locator("#id_reschedule_hearing-place").fill("Town Hall, Room 2")

    app.refresh_from_db()
    sv.record_fee_payment(clerk, app, amount="100.00", paid_on=today)  # meanwhile, in another window

    with page.expect_response(lambda r: r.url.endswith("/reschedule_hearing/")) as answer:
        page.get_by_role("button", name="Reschedule the public hearing").click()
    assert answer.value.status == 409
    told = page.locator("#action-reschedule_hearing .alert.error")
    told.get_by_text("Nothing was saved: this permit application has been changed since you opened this page").wait_for()
    assert "Please correct the fields marked below" not in page.content()
    assert page.locator("#id_reschedule_hearing-hearing_on").input_value() == new_day.isoformat()
    assert page.locator("#id_reschedule_hearing-place").input_value() == "Town Hall, Room 2"
    shot(page, "30-stale-reschedule-told")
    app.refresh_from_db()
    assert app.hearing_on == hearing

    page.get_by_role("button", name="Reschedule the public hearing").click()
    page.get_by_text("Done: Reschedule the public hearing.").wait_for()
    app.refresh_from_db()
    assert (app.hearing_on, app.hearing_place) == (new_day, "Town Hall, Room 2")
