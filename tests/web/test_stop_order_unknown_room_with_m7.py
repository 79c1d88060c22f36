"""The Enforcement page's stop order (§ 164-5) tells a room the place does not have with more persons counted in
its rooms than present (register M-7), each refusal beside its field — the persons in each room showing both of
its refusals, not only the first. Nothing is recorded."""

from __future__ import annotations

import pytest
from tests.web.conftest import client_for

from publicassembly.enforcement.models import StopOrder

pytestmark = pytest.mark.django_db

NO_DANCE_FLOOR = "no space of Kensico Manor is named 'Dance floor'; spaces: Ballroom"
MORE = "the persons counted in the rooms not refused here, 150 in all, are already more than the 100 persons present"
FEWER = "100 persons present is fewer than the 150 counted in the rooms not refused here"


def test_the_stop_order_form_shows_the_unknown_room_and_m7_beside_their_fields(mu, hall):
    hall.refresh_from_db()
    r = client_for(mu["enforcement_officer"]).post("/mount-pleasant-ny/enforcement/stop_order/0/", {
        "so-venue": f"{hall.pk}:{hall.version}", "so-performance": "Friday dance", "so-persons_present": "100",
        "so-persons_by_space": "Ballroom, 150\nDance floor, 20"})
    assert r.status_code == 422
    errors = r.context["stop_order_form"].errors
    assert errors["persons_by_space"][0] == NO_DANCE_FLOOR, errors
    assert errors["persons_by_space"][1].startswith(MORE), errors
    assert len(errors["persons_by_space"]) == 2 and errors["persons_present"][0].startswith(FEWER), errors
    assert "__all__" not in errors
    assert not StopOrder.objects.exists()
