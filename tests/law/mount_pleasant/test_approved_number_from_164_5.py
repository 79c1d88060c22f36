"""Where the § 164-5 stop order's approved number comes from (the stop-performance finding's
``approved_number_from`` and ``approved_certificate``): the certificate in force, the last certificate issued when
none is in force (M-29), or the rooms' occupant load (§§ 164-7, 164-8) — each boundary on both sides."""

from __future__ import annotations

import pytest

STOP = "mount-pleasant/164-5/stop-performance"
HALL = [{"name": "Hall", "use_group": "dance_hall_lodge_room", "area": 3000}]  # 200 persons (§ 164-7)
SEEN = {"date": "2025-03-01", "officer": "building_inspector", "persons_present": 250}


def _from(determine, **facts):
    values = determine(commercial=True, spaces=HALL, inspection=SEEN, **facts).finding(STOP).values
    return values["approved_number"], values["approved_number_from"], values["approved_certificate"]


@pytest.mark.parametrize(("stated", "expected"), [
    (180, (180, "certificate", "PA-7")),   # fewer than the rooms' 200: the certificate's
    (200, (200, "certificate", "PA-7")),   # the same: the certificate in force states it
    (201, (200, "occupant_load", None)),   # more: the rooms' 200 bound it (M-8)
])
def test_164_5_the_certificate_in_force_or_the_rooms(determine, stated, expected):
    assert _from(determine, certificate={"number": "PA-7", "issued": "2024-05-01",
                                         "lawful_occupancy": stated}) == expected


@pytest.mark.parametrize(("stated", "expected"), [
    (199, (199, "former_certificate", "PA-1")),  # M-29: the last issued, fewer than the rooms' 200, binds
    (200, (200, "occupant_load", None)),         # the rooms' own number: the former certificate changes nothing
    (300, (200, "occupant_load", None)),
])
def test_164_5_m29_the_last_certificate_issued_when_none_is_in_force(determine, stated, expected):
    assert _from(determine, former_certificate={"number": "PA-1", "issued": "2024-05-01",
                                                "lawful_occupancy": stated}) == expected


def test_164_5_the_rooms_without_a_certificate_and_nothing_without_either(determine):
    assert _from(determine) == (200, "occupant_load", None)
    unmeasured = determine(commercial=True, spaces=[{"name": "Hall", "use_group": "dance_hall_lodge_room"}],
                           inspection=SEEN).finding(STOP).values
    assert (unmeasured["approved_number"], unmeasured["approved_number_from"]) == (None, None)


def test_164_5_m29_a_room_unmeasured_leaves_the_certificate_s_number(determine):
    rooms = [{"name": "Hall", "use_group": "dance_hall_lodge_room"}]
    values = determine(commercial=True, spaces=rooms, inspection=SEEN,
                       former_certificate={"issued": "2024-05-01", "lawful_occupancy": 150}).finding(STOP).values
    assert (values["approved_number"], values["approved_number_from"], values["approved_certificate"]) == (
        150, "former_certificate", None)  # (a certificate that states no number of its own)


@pytest.mark.parametrize(("source", "words"), [
    ("certificate", "the certificate in force"),
    ("former_certificate", "the last certificate issued, no longer in force"),
    ("occupant_load", "the occupant load computed from the rooms"),
])
def test_164_5_the_source_is_shown_in_words(source, words):
    from publicassembly.law import labels

    assert str(labels.label("approved_number_from")) == "approved number from"
    assert str(labels.value("approved_number_from", source)) == words
