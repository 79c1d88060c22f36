"""The Building Inspector's inspection page records what the API's record body does (a new-user trial: the page had
no question for the fire exits of § 164-2, ``fire_exits_designated`` and ``fire_exits_comply_with_uniform_code``,
which the API takes), and its exit questions answered "Not stated" lift no earlier finding of the exits
(§§ 164-2, 164-10, 164-11; interpretations M-18, M-22): the inspection is incomplete, not passed."""

from __future__ import annotations

import datetime as dt
from types import SimpleNamespace

import pytest
from tests.api.conftest import venue_json
from tests.web.conftest import client_for

from publicassembly.api.actions import RecordInspectionIn, SignSeen
from publicassembly.venues import services as vs
from publicassembly.venues.models import Inspection
from publicassembly.web.forms.venues import RecordInspectionForm
from publicassembly.web.forms.widgets import YES_NO_UNKNOWN

pytestmark = pytest.mark.django_db

TODAY = dt.date.today()
FIRE = "mount-pleasant/164-2/fire-exits"
BLOCKED = "mount-pleasant/164-10/exits-not-blocked"


def test_the_form_asks_what_the_api_body_takes_m22():
    """The form's fields, the ones it asks room by room (the persons present and the occupancy sign of each space,
    § 164-9) and the one it leaves to the API (the version the page sends as a hidden input) are exactly the API
    schema's fields, and a room's sign questions the API's: a field added to one and not the other fails here."""
    form = set(RecordInspectionForm.base_fields)
    per_space = set(RecordInspectionForm.PER_SPACE)
    api = set(RecordInspectionIn.model_fields)
    assert form | per_space | set(RecordInspectionForm.API_ONLY) == api, (form | per_space) ^ api
    assert RecordInspectionForm.API_ONLY == ("expected_version",)
    assert not form & (per_space | set(RecordInspectionForm.API_ONLY)) and not per_space & form
    # every yes / no question of the API is one of the form's, yes / no / not stated
    questions = {name for name, f in RecordInspectionIn.model_fields.items() if f.annotation == bool | None}
    assert questions == set(RecordInspectionForm.TRISTATE)
    for name in questions:
        assert RecordInspectionForm.base_fields[name].choices == YES_NO_UNKNOWN
    # a room's sign: the API's questions, its yes / no ones asked yes / no / not stated
    assert set(RecordInspectionForm.SIGN_QUESTIONS) == set(SignSeen.model_fields)
    signs = {name for name, f in SignSeen.model_fields.items() if f.annotation == bool | None}
    assert signs == set(RecordInspectionForm.SIGN_TRISTATE)


def test_the_form_has_each_rooms_count_and_sign_questions_m22():
    """Built with a venue's spaces, the form has a count and the sign's questions for each (named by the space's
    id), and none for a venue with no spaces."""
    rooms = [SimpleNamespace(pk=3, name="Ballroom"), SimpleNamespace(pk=8, name="Lounge")]
    fields = set(RecordInspectionForm(spaces=rooms).fields) - set(RecordInspectionForm.base_fields)
    assert fields == {f"persons_by_space-{pk}" for pk in (3, 8)} | {
        f"signs-{pk}-{q}" for pk in (3, 8) for q in RecordInspectionForm.SIGN_QUESTIONS}
    for pk in (3, 8):
        for q in RecordInspectionForm.SIGN_TRISTATE:
            assert RecordInspectionForm(spaces=rooms).fields[f"signs-{pk}-{q}"].choices == YES_NO_UNKNOWN
    assert set(RecordInspectionForm(spaces=[]).fields) == set(RecordInspectionForm.base_fields)


def _page(bi, venue, insp):
    return f"/mount-pleasant-ny/venues/{venue.pk}/inspections/{insp.pk}/"


def _post(bi, venue, **answers):
    insp = vs.schedule_inspection(bi, venue, scheduled_for=TODAY)
    r = client_for(bi).post(_page(bi, venue, insp), {"expected_version": str(insp.version), "done_on":
                                                     TODAY.isoformat(), "persons_present": "5", **answers})
    assert r.status_code == 302, r.content.decode()[-2000:]
    insp.refresh_from_db()
    return insp


def test_the_page_asks_the_fire_exits_164_2(mu, hall):
    bi = mu["building_inspector"]
    insp = Inspection.objects.get(venue=hall, state=Inspection.SCHEDULED)
    page = client_for(bi).get(_page(bi, hall, insp)).content.decode()
    assert 'name="fire_exits_designated"' in page and "Fire exits properly designated? (§ 164-2)" in page
    assert 'name="fire_exits_comply_with_uniform_code"' in page
    assert "Fire exits comply with the Uniform Fire Prevention and Building Code? (§ 164-2)" in page


def test_a_164_2_deficiency_recorded_on_the_page_stays_until_an_inspection_states_it_corrected_m22(mu, hall):
    bi = mu["building_inspector"]
    found = _post(bi, hall, fire_exits_designated="no", fire_exits_comply_with_uniform_code="yes",
                  exits_blocked="yes", exit_access_clear="yes")
    assert found.result == Inspection.DEFICIENCIES
    assert set(found.deficiencies.values_list("kind", flat=True)) == {"fire_exits", "blocked_exit"}
    assert found.observations["fire_exits_designated"] is False
    assert [b["rule"] for b in venue_json(bi, hall)["certificate_blockers"]] == [FIRE, BLOCKED]
    # every exit question left "Not stated": incomplete, lifts nothing
    silent = _post(bi, hall)
    assert silent.result == Inspection.INCOMPLETE and not silent.deficiencies.exists()
    assert [b["rule"] for b in venue_json(bi, hall)["certificate_blockers"]] == [FIRE, BLOCKED]
    shown = client_for(bi).get(_page(bi, hall, silent)).content.decode()
    assert "incomplete: the exits not all stated" in shown and 'id="exits-not-stated"' in shown
    assert "no exit blocked (§ 164-10)" in shown.split('id="exits-not-stated"')[1].split("</p>")[0]
    venue_page = client_for(bi).get(f"/mount-pleasant-ny/venues/{hall.pk}/").content.decode()
    assert "Issue the certificate</button>" not in venue_page
    # stating the one deficient fire-exit fact and the exit clear lifts both
    _post(bi, hall, fire_exits_designated="yes", exits_blocked="no")
    assert venue_json(bi, hall)["certificate_blockers"] == []
    # and all four stated compliant, nothing else wanting: passed
    assert _post(bi, hall, fire_exits_designated="yes", fire_exits_comply_with_uniform_code="yes",
                 exits_blocked="no", exit_access_clear="yes").result == Inspection.PASSED
