"""A new user's trial of the officials' forms (#409): the pages answer a conflict as the API does.

1. A form posted after the record changed (``expected_version`` no longer current, `StaleUpdate`) was 422 with
   "Please correct the fields marked below" and no field marked; it is **409**, saying at the top of the form that
   the record was changed since the page was opened (from which version to which), its state now, and that
   nothing was saved; the page shows the record as it is now and the form keeps what was typed, with the
   version as it is now, so that sent again after a look it is done.
2. A form posted without ``expected_version`` skipped the check altogether (the trial rescheduled a hearing so,
   by accident): it is refused, **422** naming ``expected_version``, nothing written — on every form of the site
   that changes a record the page showed, each of which sends it.
3. An action the law does not allow yet (`Blocked`: the hearing recorded as held with no notice's publication
   recorded, the permit issued with its preconditions unmet) was 422; it is **409** with each blocker and its
   citation at the top of the form (or of the page, when the form is not offered), not as a field's error.
"""

from __future__ import annotations

import datetime as dt
import html as htmllib
import re

import pytest
from tests.web.conftest import client_for, fair_facts, version_of

from publicassembly.enforcement import services as es
from publicassembly.enforcement.models import StopOrder, Summons, Violation
from publicassembly.law.dates import next_business_day
from publicassembly.permits import services as sv
from publicassembly.permits.models import State
from publicassembly.venues.models import Certificate, Inspection

pytestmark = pytest.mark.django_db

TODAY = dt.date(2026, 6, 1)
HEARING = TODAY + dt.timedelta(days=10)
CORRECT = "Please correct the fields marked below"
MP = "/mount-pleasant-ny"


def _text(r) -> str:
    return " ".join(r.content.decode().split())


def _alert_of(html: str, action: str) -> str:
    """The refusal said at the top of the application page's form of `action`."""
    form = re.search(rf'<details open id="action-{action}">(.*?)</details>', html)
    assert form, html[:3000]
    alert = re.search(r'<div class="alert error" role="alert">(.*?)</div>', form.group(1))
    assert alert, form.group(1)
    return alert.group(1)


def _scheduled(carmel, cu, travel_to, *, notice: bool = True):
    travel_to(TODAY)
    app = sv.create_draft(cu["applicant"], carmel, fair_facts())
    sv.submit(cu["applicant"], app, verification_statement="Sworn before a notary.", today=TODAY)
    sv.accept(cu["town_clerk"], app, today=TODAY)
    sv.schedule_hearing(cu["town_clerk"], app, hearing_on=HEARING, place="Town Hall",
                        newspaper="Putnam County Courier", notice_published_on=TODAY if notice else None)
    app.refresh_from_db()
    return app


def _reschedule(app, day: dt.date, **extra) -> dict:
    return {"reschedule_hearing-hearing_on": day.isoformat(), "reschedule_hearing-hearing_time": "18:30",
            "reschedule_hearing-place": "Town Hall, Room 2", "reschedule_hearing-newspaper": "Putnam County Courier",
            **extra}


# --- 1. a form of a page opened before the record changed: 409 ---------------------------------------------------


def test_a_stale_reschedule_is_409_saying_what_happened_and_keeping_what_was_typed(carmel, cu, travel_to):
    app = _scheduled(carmel, cu, travel_to)
    opened = app.version
    clerk = client_for(cu["town_clerk"])
    sv.record_fee_payment(cu["town_clerk"], app, amount="100.00", paid_on=TODAY)  # another official's change
    app.refresh_from_db()
    new_day = next_business_day(HEARING + dt.timedelta(days=7))
    url = f"/carmel-ny/applications/{app.pk}/reschedule_hearing/"
    r = clerk.post(url, _reschedule(app, new_day, expected_version=str(opened)))
    assert r.status_code == 409
    html = _text(r)
    said = _alert_of(html, "reschedule_hearing")
    assert ("Nothing was saved: this permit application has been changed since you opened this page, by someone "
            f"else or by a form you sent from it before (you saw version {opened}; it is now at version "
            f"{app.version}).") in said
    assert "Who changed what, and when, is in its timeline below." in said
    assert "Its state is now: hearing scheduled." in said
    assert "what you entered is kept in the form: check it and send it again" in said
    assert CORRECT not in html  # no field is marked: none is wrong
    assert f'value="{new_day.isoformat()}"' in html and 'value="Town Hall, Room 2"' in html  # as typed
    assert f'name="expected_version" value="{app.version}"' in html  # the version the page now shows
    app.refresh_from_db()
    assert app.hearing_on == HEARING  # nothing was saved
    again = clerk.post(url, _reschedule(app, new_day, expected_version=str(app.version)))
    assert again.status_code == 302
    app.refresh_from_db()
    assert (app.hearing_on, app.hearing_place) == (new_day, "Town Hall, Room 2")


def test_a_stale_action_no_longer_offered_is_409_at_the_top_of_the_page(carmel, cu, travel_to):
    """Two Clerks accept the same petition: the second page's form is stale, and "accept" is no longer offered
    for the application as it is (accepted): said at the top of the page, 409, nothing done twice."""
    travel_to(TODAY)
    app = sv.create_draft(cu["applicant"], carmel, fair_facts())
    sv.submit(cu["applicant"], app, verification_statement="Sworn.", today=TODAY)
    app.refresh_from_db()
    opened = app.version
    sv.accept(cu["town_clerk"], app, today=TODAY)
    r = client_for(cu["town_clerk"]).post(f"/carmel-ny/applications/{app.pk}/accept/",
                                          {"expected_version": str(opened)})
    assert r.status_code == 409
    html = _text(r)
    top = re.search(r'<main[^>]*>.*?<div class="alert error" role="alert">(.*?)</div>', html).group(1)
    assert "Nothing was saved: this permit application has been changed since you opened this page" in top
    assert "Its state is now: accepted." in top
    assert "this action is no longer offered for it" in top
    assert CORRECT not in html
    assert app.history.filter(state=State.ACCEPTED).count() == 1


def test_a_stale_petition_edit_is_409_keeping_the_answers(cu, draft_app):
    """The applicant's petition, saved in another window since this one was opened: 409 above the form, the
    answers typed kept; the application as it is now is on its own page."""
    from tests.web.conftest import petition_post

    opened = draft_app.version
    sv.update_draft(cu["applicant"], draft_app, {**draft_app.facts, "purpose": "County fair and market"},
                    reason="saved in another window")  # (a change: facts as stored are not written again, W-34)
    data = {**petition_post(draft_app.facts), "name": "Putnam County Fair 2", "expected_version": str(opened)}
    r = client_for(cu["applicant"]).post(f"/carmel-ny/applications/{draft_app.pk}/edit/", data)
    assert r.status_code == 409
    html = _text(r)
    assert "Nothing was saved: this permit application has been changed since you opened this page" in html
    assert "check the permit application as it is now on its own page, then send the form again" in html
    assert 'value="Putnam County Fair 2"' in html and CORRECT not in html
    draft_app.refresh_from_db()
    assert draft_app.facts.get("name") != "Putnam County Fair 2"


def test_a_stale_space_edit_and_removal_are_409(mu, hall):
    space = hall.spaces.get()
    opened = version_of(space)
    bi = client_for(mu["building_inspector"])
    url = f"{MP}/venues/{hall.pk}/spaces/{space.pk}/"
    fields = {"new-name": "Ballroom", "new-use_group": "assembly_without_fixed_seats", "new-area": "4650",
              "new-area_unit": "sq_ft"}
    assert bi.post(url, {**fields, "new-area": "4000", **opened}).status_code == 302  # another tab's save
    r = bi.post(url, {**fields, "new-area": "5000", **opened})
    assert r.status_code == 409
    html = _text(r)
    assert "Nothing was saved: this space has been changed since you opened this page" in html
    assert 'value="5000"' in html and CORRECT not in html
    assert f'name="expected_version" value="{version_of(space)["expected_version"]}"' in html
    gone = bi.post(url, {"remove": "1", "reason": "merged with the lounge", **opened})
    assert gone.status_code == 409 and 'value="merged with the lounge"' in _text(gone)
    space.refresh_from_db()
    assert space.area == 4000  # the other tab's save, nothing of these forms


def test_a_stale_inspection_record_is_409(mu, hall):
    insp = hall.inspections.get()
    opened = version_of(insp)
    found = {"persons_present": "200", "exits_blocked": "no", "exit_access_clear": "yes",
           "certificate_on_premises": "yes"}
    bi = client_for(mu["building_inspector"])
    url = f"{MP}/venues/{hall.pk}/inspections/{insp.pk}/"
    assert bi.post(url, {**found, **opened}).status_code == 302
    r = bi.post(url, {**found, **opened})
    assert r.status_code == 409
    html = _text(r)
    assert "Nothing was saved: this inspection has been changed since you opened this page" in html
    assert "Its state is now: done." in html and "this action is no longer offered for it" in html


def test_a_stale_enforcement_form_is_409_and_sent_again_is_done(mu, violation):
    """The Inspector's summons form of a page opened before the violation changed: 409, the return day typed
    kept and the form now holding the violation's version, so that sent again it issues the summons."""
    v = violation
    opened = version_of(v, f"s{v.pk}")
    Violation.objects.get_in_town(v.town, pk=v.pk).save()  # (another official's change: its version moves on)
    back = next_business_day(dt.date.today() + dt.timedelta(days=30)).isoformat()
    bi = client_for(mu["building_inspector"])
    r = bi.post(f"{MP}/enforcement/summons/{v.pk}/", {f"s{v.pk}-return_date": back, **opened})
    assert r.status_code == 409
    html = _text(r)
    assert "Nothing was saved: this violation has been changed since you opened this page" in html
    assert f'value="{back}"' in html and CORRECT not in html
    now = version_of(v, f"s{v.pk}")
    assert f'name="s{v.pk}-expected_version" value="{now[f"s{v.pk}-expected_version"]}"' in html
    assert not Summons.objects.exists()
    assert bi.post(f"{MP}/enforcement/summons/{v.pk}/", {f"s{v.pk}-return_date": back, **now}).status_code == 302


# --- 2. a form sent without the version it was opened on: refused, 422 naming expected_version ----------------


MISSING = "expected_version: the form was sent without the version of the record it was opened on"


@pytest.mark.parametrize(("action", "data"), [
    ("reschedule_hearing", {}),
    ("record_fee_payment", {"record_fee_payment-amount": "100.00"}),
    ("post_bond", {"post_bond-amount": "5000.00"}),
])
def test_an_application_action_without_its_version_is_422_and_does_nothing(carmel, cu, travel_to, action, data):
    app = _scheduled(carmel, cu, travel_to)
    if action == "reschedule_hearing":
        data = _reschedule(app, next_business_day(HEARING + dt.timedelta(days=7)))
    else:
        data = {**data, f"{action}-{'paid_on' if action == 'record_fee_payment' else 'posted_on'}": TODAY.isoformat()}
    r = client_for(cu["town_clerk"]).post(f"/carmel-ny/applications/{app.pk}/{action}/", data)
    assert r.status_code == 422
    html = _text(r)
    assert MISSING in _alert_of(html, action) and CORRECT not in html
    assert f'name="expected_version" value="{app.version}"' in html
    version = app.version
    app.refresh_from_db()
    assert (app.version, app.hearing_on) == (version, HEARING)
    assert not app.fee_payments.exists() and not app.bonds.exists()


def test_an_application_action_with_its_version_given_twice_is_422_and_does_nothing(carmel, cu, travel_to):
    """``expected_version`` sent twice (one stale, one current) is refused naming it and both values, not the
    last taken (Django's `QueryDict.get`), as every value given twice is on the site."""
    app = _scheduled(carmel, cu, travel_to)
    data = {**_reschedule(app, next_business_day(HEARING + dt.timedelta(days=7))),
            "expected_version": [str(app.version - 1), str(app.version)]}
    r = client_for(cu["town_clerk"]).post(f"/carmel-ny/applications/{app.pk}/reschedule_hearing/", data)
    assert r.status_code == 422
    assert (f"expected_version: Given 2 times ('{app.version - 1}', '{app.version}'); give it once."
            in htmllib.unescape(_alert_of(_text(r), "reschedule_hearing")))
    version = app.version
    app.refresh_from_db()
    assert (app.version, app.hearing_on) == (version, HEARING)


def test_a_petition_edit_without_its_version_is_422(cu, draft_app):
    from tests.web.conftest import petition_post

    data = {**petition_post(draft_app.facts), "name": "Renamed"}
    r = client_for(cu["applicant"]).post(f"/carmel-ny/applications/{draft_app.pk}/edit/", data)
    assert r.status_code == 422 and MISSING in _text(r)
    draft_app.refresh_from_db()
    assert draft_app.version == 1 and draft_app.facts.get("name") != "Renamed"


def test_the_venue_forms_without_their_version_are_422(mu, hall):
    bi = client_for(mu["building_inspector"])
    space, cert, insp = hall.spaces.get(), hall.certificates.get(), hall.inspections.get()
    posts = [
        (f"{MP}/venues/{hall.pk}/spaces/{space.pk}/", {"new-name": "Ballroom", "new-use_group": "assembly_without_"
                                                       "fixed_seats", "new-area": "10", "new-area_unit": "sq_ft"}),
        (f"{MP}/venues/{hall.pk}/spaces/{space.pk}/", {"remove": "1", "reason": "gone"}),
        (f"{MP}/venues/{hall.pk}/certificates/", {}),
        (f"{MP}/venues/{hall.pk}/certificates/{cert.pk}/revoke/", {"reason": "fire damage"}),
        (f"{MP}/venues/{hall.pk}/inspections/{insp.pk}/", {"persons_present": "200", "exits_blocked": "yes"}),
    ]
    for url, data in posts:
        r = bi.post(url, data)
        assert r.status_code == 422 and MISSING in _text(r), url
    assert hall.spaces.get().area == space.area and hall.certificates.count() == 1
    assert Certificate.objects.get(pk=cert.pk).status == Certificate.VALID
    assert Inspection.objects.get(pk=insp.pk).state == Inspection.SCHEDULED


def test_the_enforcement_forms_without_their_version_are_422(mu, hall, violation):
    bi = mu["building_inspector"]
    order = es.record_stop_order(bi, hall, performance="Wedding", persons_present=400)
    complaint = es.file_complaint(bi, hall.town, description="Crowd", observed_on=dt.date.today(), venue=hall)
    v, c = violation, complaint
    back = next_business_day(dt.date.today() + dt.timedelta(days=30)).isoformat()
    posts = [
        (f"lift_stop_order/{order.pk}/", {f"l{order.pk}-correction": "Cleared"}),
        (f"summons/{v.pk}/", {f"s{v.pk}-return_date": back}),
        (f"disposition/{v.pk}/", {f"d{v.pk}-outcome": "dismissed"}),
        (f"close_violation/{v.pk}/", {f"cv{v.pk}-reason": "Done"}),
        (f"violation/{c.pk}/", {f"v{c.pk}-rule_id": "mount-pleasant/164-10/exits-not-blocked",
                                f"v{c.pk}-offender": v.offender_id}),
        (f"dismiss_complaint/{c.pk}/", {f"dc{c.pk}-reason": "Nothing found"}),
    ]
    client = client_for(bi)
    for path, data in posts:
        r = client.post(f"{MP}/enforcement/{path}", data)
        assert r.status_code == 422 and MISSING in _text(r), path
        assert CORRECT not in _text(r), path
    order.refresh_from_db()
    v.refresh_from_db()
    c.refresh_from_db()
    assert (order.state, v.state, c.state) == (StopOrder.IN_FORCE, Violation.RECORDED, "filed")


def test_every_form_changing_a_record_sends_its_version(carmel, cu, mu, hall, violation, travel_to):
    """Normal use is unaffected: each form of the application page (every action offered in a state with many),
    of the venue, space and inspection pages and of the enforcement page that changes a record sends the version
    the page shows."""
    app = _scheduled(carmel, cu, travel_to)
    forms = []
    for who in ("town_clerk", "town_board_member"):
        html = client_for(cu[who]).get(f"/carmel-ny/applications/{app.pk}/").content.decode()
        forms += [f for f in re.findall(rf'<form method="post" action="/carmel-ny/applications/{app.pk}/.*?</form>',
                                        html, re.S) if "/documents/" not in f[:200]]
    assert len(forms) >= 6
    for f in forms:
        assert f'name="expected_version" value="{app.version}"' in f, f[:200]
    bi = client_for(mu["building_inspector"])
    space, cert, insp = hall.spaces.get(), hall.certificates.get(), hall.inspections.get()
    venue = bi.get(f"{MP}/venues/{hall.pk}/").content.decode()
    hall.refresh_from_db()
    assert f'name="expected_version" value="{hall.version}"' in venue
    assert f'name="expected_version" value="{cert.version}"' in venue
    assert f'name="expected_version" value="{space.version}"' in bi.get(
        f"{MP}/venues/{hall.pk}/spaces/{space.pk}/").content.decode()
    assert f'name="expected_version" value="{insp.version}"' in bi.get(
        f"{MP}/venues/{hall.pk}/inspections/{insp.pk}/").content.decode()
    enforcement = bi.get(f"{MP}/enforcement/").content.decode()
    v, c = violation, violation.complaint
    for prefix, record in ((f"s{v.pk}", v), (f"cv{v.pk}", v), (f"v{c.pk}", c)):
        assert f'name="{prefix}-expected_version" value="{record.version}"' in enforcement, prefix


# --- 3. an action the law does not allow yet (Blocked): 409 with its blockers ------------------------------------


def test_the_hearing_held_without_a_notice_recorded_is_409_with_its_blocker_g10(carmel, cu, travel_to):
    """¶ B, G-10: the Clerk's "Record the hearing as held" (not offered while no notice's publication is
    recorded) sent all the same: 409 as the API's, the blocker citing ¶ B at the top of the page."""
    app = _scheduled(carmel, cu, travel_to, notice=False)
    travel_to(HEARING)
    r = client_for(cu["town_clerk"]).post(f"/carmel-ny/applications/{app.pk}/record_hearing_held/",
                                          version_of(app))
    assert r.status_code == 409
    html = _text(r)
    top = re.search(r'<main[^>]*>.*?<div class="alert error" role="alert">(.*?)</div>', html).group(1)
    assert "Nothing was saved: the law does not allow you to record the hearing as held yet, because:" in top
    assert "No publication of the hearing&#x27;s notice is recorded" in top and "¶ B)" in top
    assert CORRECT not in html
    app.refresh_from_db()
    assert app.state == State.HEARING_SCHEDULED


def test_the_permit_issued_with_its_preconditions_unmet_is_409_listing_them(cu, hearing_app, travel_to):
    """¶¶ C-F: the Clerk's "Issue the permit" on an approved application lacking its approvals, insurance and
    bond: 409 as the API's, each blocker with its citation at the top of the form, none beside a field."""
    app = hearing_app
    travel_to(app.hearing_on)
    sv.record_hearing_held(cu["town_clerk"], app, today=app.hearing_on)
    sv.approve(cu["town_board_member"], app, decided_on=app.hearing_on)
    app.refresh_from_db()
    r = client_for(cu["town_clerk"]).post(f"/carmel-ny/applications/{app.pk}/issue/", version_of(app))
    assert r.status_code == 409
    html = _text(r)
    said = _alert_of(html, "issue")
    lines = re.findall(r"<p>(.*?)</p>", said)
    assert lines[0] == "Nothing was saved: the law does not allow you to issue the permit yet, because:"
    assert len(lines) >= 2 and all(" (Carmel Code ch. 31" in line and line.endswith(")") for line in lines[1:]), lines
    assert CORRECT not in html
    app.refresh_from_db()
    assert app.state == State.APPROVED and not app.permit_number
