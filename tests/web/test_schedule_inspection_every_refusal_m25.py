"""The venue page's form scheduling an inspection tells every refusal at once, each beside its field (register
M-25): an inspector the form does not offer (a user who is no inspector of the town) was told alone, the service
never asked about the day, so a day more than 2 years ahead was told only once the inspector was corrected.
Nothing is scheduled."""

from __future__ import annotations

import datetime as dt

import pytest
from tests.web.conftest import client_for

from publicassembly.venues import services as vs
from publicassembly.venues.models import Inspection

pytestmark = pytest.mark.django_db



def _post(user, venue, values: dict[str, str]):
    venue.refresh_from_db()
    return client_for(user).post(f"/mount-pleasant-ny/venues/{venue.pk}/inspections/",
                                 {"expected_version": str(venue.version), **values})


def test_an_inspector_not_offered_is_told_with_a_day_3_years_ahead_m25(mu, hall):
    first, last = vs.inspection_window(hall.town)
    ahead = last + dt.timedelta(days=1)
    before = Inspection.objects.filter(venue=hall).count()
    r = _post(mu["building_inspector"], hall, {"scheduled_for": ahead.isoformat(),
                                               "inspector": str(mu["town_clerk"].pk)})
    assert r.status_code == 422
    errors = r.context["schedule_form"].errors
    assert errors == {"inspector": [f"Choose one of the listed values (got '{mu['town_clerk'].pk}')."],
                      "scheduled_for": [f"{ahead.isoformat()} is more than 2 years ahead; allowed "
                                        f"{first.isoformat()} to {last.isoformat()}"]}, errors
    assert Inspection.objects.filter(venue=hall).count() == before


def test_the_last_day_by_an_officer_offered_is_scheduled_m25(mu, hall):
    _first, last = vs.inspection_window(hall.town)
    r = _post(mu["building_inspector"], hall, {"scheduled_for": last.isoformat(),
                                               "inspector": str(mu["enforcement_officer"].pk)})
    assert r.status_code == 302, r.content
    insp = Inspection.objects.get(venue=hall, scheduled_for=last)
    assert insp.inspector == mu["enforcement_officer"]
