"""§ 164-3 ("used solely for religious worship as approved by the Building Inspector"), interpretation M-20: the
approval is of the place as it was. A room added, changed or removed withdraws it (the history says why): the place
is no longer exempt — an audit added a 6,000 sq ft dance hall to an approved church, which stayed exempt — until
the Building Inspector approves it again."""

from __future__ import annotations

import datetime as dt

import pytest

from publicassembly.venues import services as vs

DAY = dt.date(2026, 3, 2)


@pytest.fixture
def church(bi, mount_pleasant):
    church = vs.create_venue(bi, mount_pleasant, name="St. Mary's", address="5 Church St", commercial=False,
                             used_solely_for_religious_worship=True)
    vs.add_space(bi, church, name="Nave", kind="room", use_group="assembly_fixed_seats", area=3000)
    vs.approve_religious_worship_exemption(bi, church, approved_on=DAY)
    church.refresh_from_db()
    assert church.certificate_exempt
    return church


@pytest.mark.django_db
@pytest.mark.parametrize("change", ["add", "update", "remove"])
def test_a_change_of_rooms_withdraws_the_approval_164_3_m20(bi, church, change):
    if change == "add":
        vs.add_space(bi, church, name="Dance hall", kind="room", use_group="assembly_without_fixed_seats", area=6000)
    elif change == "update":
        vs.update_space(bi, church.spaces.get(name="Nave"), area=3500, reason="enlarged")
    else:
        vs.add_space(bi, church, name="Vestry", kind="room", use_group="business", area=200)
        vs.approve_religious_worship_exemption(bi, church, approved_on=DAY)  # (approved again with the vestry)
        church.refresh_from_db()
        vs.remove_space(bi, church.spaces.get(name="Vestry"), reason="vestry walled off")
    church.refresh_from_db()
    assert not church.certificate_exempt and church.used_solely_for_religious_worship
    assert church.worship_approved_by is None and church.worship_approved_on is None
    reason = church.history.first().history_change_reason
    assert "approval of the use solely for religious worship (§ 164-3) was of the place as it was" in reason
    assert vs.exemption_blocker(church) not in vs.certificate_blockers(church, on=DAY)
    vs.approve_religious_worship_exemption(bi, church, approved_on=DAY)  # approved again: exempt again
    church.refresh_from_db()
    assert church.certificate_exempt


@pytest.mark.django_db
def test_a_place_not_exempt_keeps_its_fields_when_its_rooms_change_164_3(bi, hall):
    vs.add_space(bi, hall, name="Garden", kind="open_air", use_group="open_air", area=1500)
    hall.refresh_from_db()
    assert hall.worship_approved_by is None and not hall.certificate_exempt
