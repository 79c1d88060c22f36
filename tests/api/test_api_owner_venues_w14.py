"""Interpretation W-14 through the API: the owner of a place of assembly in Mount Pleasant (an applicant who
registered it, § 164-3) reads their own places — the list and each place with its occupancy (§§ 164-7, 164-8) —
as the pages show them; another's place is 404, as one that does not exist."""

from __future__ import annotations

from tests.api.conftest import api_client

from publicassembly.venues import services as vs

MP = "/api/v1/towns/mount-pleasant-ny"


def test_owner_lists_and_reads_only_their_own_places_w14_164_3(mount_pleasant, mu, hall):
    owner = mu["applicant"]
    own = vs.create_venue(owner, mount_pleasant, name="Grange Hall", address="1 Grange Road", commercial=False)
    vs.add_space(owner, own, name="Hall", kind="room", use_group="assembly_without_fixed_seats", area="1500")
    client = api_client(owner)
    assert [v["name"] for v in client.get(f"{MP}/venues").json()] == ["Grange Hall"]
    one = client.get(f"{MP}/venues/{own.pk}")
    assert one.status_code == 200
    assert one.json()["determination"]["occupancy"]["lawful_occupancy"] == 100  # 1,500 / 15, § 164-7
    other = client.get(f"{MP}/venues/{hall.pk}")
    assert other.status_code == 404
    assert client.get(f"{MP}/venues/999999").json()["detail"] == other.json()["detail"].replace(
        str(hall.pk), "999999")
    inspector = api_client(mu["building_inspector"])
    assert {v["name"] for v in inspector.get(f"{MP}/venues").json()} == {"Grange Hall", "Kensico Manor"}
