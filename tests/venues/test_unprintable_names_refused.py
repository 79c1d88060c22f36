"""A name the documents cannot print (interpretation G-6) is refused when it is entered, not only when the
certificate or an occupancy sign is printed: the venue's name and address and each space's name (both printed on
the certificate, the space's on its sign, § 164-9). A name they print (Dvořák, Зал) is kept as written."""

from __future__ import annotations

import pytest

from publicassembly.venues import services as vs
from publicassembly.venues.models import Space, Venue
from publicassembly.workflow.errors import ValidationFailed

pytestmark = pytest.mark.django_db

#: (text, what the refusal names): a Chinese name, an emoji (beyond U+FFFF), a Hebrew name (right to left).
REFUSED = [("宴会厅", "'宴' (U+5BB4)"), ("🎉", "U+1F389"), ("אולם", "left to right only")]
PRINTED = ["Dvořák Hall", "Зал"]


def _state(venue: Venue) -> tuple:
    venue.refresh_from_db()
    spaces = sorted((s.name, s.version) for s in venue.spaces.all())
    return (venue.name, venue.address, venue.version, venue.history.count(), spaces,
            Space.history.filter(venue_id=venue.pk).count())


@pytest.mark.parametrize("name", PRINTED)
def test_printable_names_are_kept(bi, mount_pleasant, hall, name):
    venue = vs.create_venue(bi, mount_pleasant, name=name, address=f"{name} 1", commercial=True)
    space = vs.add_space(bi, venue, name=name, kind="room", use_group="assembly_without_fixed_seats", area=300)
    assert (venue.name, venue.address, space.name) == (name, f"{name} 1", name)
    vs.update_venue(bi, hall, name=name)
    vs.update_space(bi, hall.spaces.get(name="Ballroom"), name=f"{name} 2")
    hall.refresh_from_db()
    assert hall.name == name and hall.spaces.filter(name=f"{name} 2").exists()


@pytest.mark.parametrize(("text", "named"), REFUSED)
@pytest.mark.parametrize("field", ["name", "address"])
def test_create_venue_refuses_what_the_certificate_cannot_print(bi, mount_pleasant, text, named, field):
    before = Venue.objects.count()
    values = {"name": "Hall", "address": "1 Main St", field: f"Grand {text}"}
    with pytest.raises(ValidationFailed) as e:
        vs.create_venue(bi, mount_pleasant, commercial=True, **values)
    assert (e.value.http_status, e.value.field) == (422, field)
    assert named in e.value.detail
    assert Venue.objects.count() == before


@pytest.mark.parametrize(("text", "named"), REFUSED)
@pytest.mark.parametrize("field", ["name", "address"])
def test_update_venue_refuses_and_changes_nothing(bi, hall, text, named, field):
    before = _state(hall)
    with pytest.raises(ValidationFailed) as e:
        vs.update_venue(bi, hall, **{field: f"Kensico {text}"}, expected_version=hall.version)
    assert (e.value.http_status, e.value.field) == (422, field)
    assert named in e.value.detail
    assert _state(hall) == before


@pytest.mark.parametrize(("text", "named"), REFUSED)
def test_add_space_refuses_a_room_the_sign_cannot_name(bi, hall, text, named):
    before = _state(hall)
    with pytest.raises(ValidationFailed) as e:
        vs.add_space(bi, hall, name=f"{text} 2", kind="room", use_group="assembly_without_fixed_seats", area=500)
    assert (e.value.http_status, e.value.field) == (422, "name")
    assert named in e.value.detail
    assert _state(hall) == before


@pytest.mark.parametrize(("text", "named"), REFUSED)
def test_update_space_refuses_and_changes_nothing(bi, hall, text, named):
    space = hall.spaces.get(name="Ballroom")
    before = _state(hall)
    with pytest.raises(ValidationFailed) as e:
        vs.update_space(bi, space, name=text, expected_version=space.version)
    assert (e.value.http_status, e.value.field) == (422, "name")
    assert named in e.value.detail
    assert _state(hall) == before
