"""The numbers of ch. 164's sentences are written as Carmel's are, with thousands grouped ("1,000 persons"), so an
inspector reads the lawful occupancy of § 164-7/164-8 and the persons of §§ 164-5 and 164-6 the same way in
every sentence, sign and report; below a thousand nothing changes ("999 persons")."""

from __future__ import annotations

import pytest


def _reasons(det) -> str:
    return "\n".join([det.verdict, *(f.reason for f in det.findings)])


@pytest.mark.parametrize(("area", "attendance", "written"), [(14_985, 999, "999"), (15_000, 1_000, "1,000")])
def test_164_8_open_air_lawful_occupancy_and_persons_at_the_thousand(determine, area, attendance, written):
    """§ 164-8: one person per 15 square feet of an open-air area: 14,985 → 999 persons, 15,000 → 1,000; the
    verdict's lawful occupancy, § 164-5's approved number and persons, § 164-6's persons and § 164-8's total all
    write the number the same way."""
    det = determine(attendance=attendance, commercial=True, toilets_provided=14,
                    spaces=[{"name": "Field", "use_group": "open_air", "area": area}])
    text = _reasons(det)
    assert f"lawful occupancy {written} persons" in det.verdict
    assert f"{written} persons are within the approved number of {written}." in text
    assert f"required for {written} persons (one per 75, rounded up)" in text
    assert f"Open-air areas hold {written} persons at one person per 15 square feet" in text


def test_164_5_overcrowding_writes_both_numbers_grouped(determine):
    """§ 164-5: 1,001 persons against an approved number of 1,000 is overcrowding, said with both numbers
    grouped."""
    det = determine(attendance=1_001, commercial=True, toilets_provided=14,
                    spaces=[{"name": "Field", "use_group": "open_air", "area": 15_000}])
    assert "Overcrowded: 1,001 persons against an approved number of 1,000." in _reasons(det)


def test_164_6_toilets_required_grouped_above_a_thousand(determine):
    """§ 164-6: one toilet per 75 persons: 75,000 persons need 1,000 toilets, written grouped."""
    det = determine(attendance=75_000, commercial=True, toilets_provided=999,
                    spaces=[{"name": "Field", "use_group": "open_air", "area": 1_125_000}])
    assert "999 toilets provided; at least 1,000 are required for 75,000 persons" in _reasons(det)


def test_164_9_a_sign_stating_another_number_is_told_grouped(determine):
    """§ 164-9: a sign stating 1,200 in a hall whose lawful occupancy is 1,000 (15,000 sq ft open air) is a
    fault, both numbers grouped."""
    det = determine(commercial=True, spaces=[{"name": "Field", "use_group": "open_air", "area": 15_000}],
                    inspection={"signs": [{"room": "Field", "posted": True, "states": 1_200,
                                           "conforms_to_specification": True}]})
    assert "the sign in Field states 1,200, not its lawful occupancy 1,000" in det.finding(
        "mount-pleasant/164-9/sign").reason
