"""Through the API, a room the place does not have and more persons counted in its rooms than present (register
M-7) are told in one 422, at an inspection and at a stop order (§ 164-5): M-7 was not judged while a room was
refused, so a client removed the unknown room and only then met the contradiction. Nothing is recorded."""

from __future__ import annotations

import pytest
from tests.api.conftest import api_client, post_json
from tests.refused import told

from publicassembly.enforcement.models import StopOrder
from publicassembly.venues.models import Inspection

pytestmark = pytest.mark.django_db

NO_DANCE_FLOOR = "no space of Kensico Manor is named 'Dance floor'; spaces: Ballroom"
MORE = ("the persons counted in the rooms not refused here, 150 in all, are already more than the 100 persons "
        "present (persons_present): a room's persons are among those present; correct one count or the other")
FEWER = ("100 persons present is fewer than the 150 counted in the rooms not refused here (persons_by_space); "
         "correct one count or the other")
BOTH = [("persons_by_space", NO_DANCE_FLOOR), ("persons_by_space", MORE), ("persons_present", FEWER)]


def test_an_inspection_tells_the_unknown_room_with_m7(mu, hall):
    insp = Inspection.objects.get(venue=hall, state=Inspection.SCHEDULED)
    url = f"/api/v1/towns/mount-pleasant-ny/inspections/{insp.pk}/record"
    c = api_client(mu["building_inspector"])
    r = post_json(c, url, {"persons_present": 100, "persons_by_space": {"Ballroom": 150, "Dance floor": 20}})
    assert told(r) == BOTH
    insp.refresh_from_db()
    assert insp.state == Inspection.SCHEDULED
    # the other side: the rooms the place has as many as present, the unknown room alone told
    r = post_json(c, url, {"persons_present": 150, "persons_by_space": {"Ballroom": 150, "Dance floor": 20}})
    assert told(r) == [("persons_by_space", NO_DANCE_FLOOR)]


def test_a_stop_order_tells_the_unknown_room_with_m7(mu, hall):
    url = f"/api/v1/towns/mount-pleasant-ny/venues/{hall.pk}/stop-orders"
    r = post_json(api_client(mu["enforcement_officer"]), url,
                  {"performance": "Friday dance", "persons_present": 100,
                   "persons_by_space": {"Ballroom": 150, "Dance floor": 20}})
    assert told(r) == BOTH
    assert not StopOrder.objects.exists()
