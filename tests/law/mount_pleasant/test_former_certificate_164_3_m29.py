"""§ 164-3 ("shall not be maintained, operated or used as such without a certificate from the Building Inspector")
and § 164-9 when the place has only a former certificate (interpretation M-29): no certificate is in force, and
the findings say which one was issued last and why it is no longer in force, rather than that none is recorded
(while § 164-5 cited that certificate's number)."""

from __future__ import annotations

from datetime import date

import pytest
from pydantic import ValidationError

from publicassembly.law.core import Status
from publicassembly.law.jurisdictions.us_ny_mount_pleasant.facts import VenueCase

#: A dance hall of 3,000 sq ft: 200 persons by § 164-7 (15 sq ft per occupant), certified for 100 before it grew.
HALL = [{"name": "Hall", "use_group": "dance_hall_lodge_room", "area": 3000}]
FORMER = {"number": "MP-2024-0007", "issued": "2024-05-01", "lawful_occupancy": 100}
CERTIFICATE = "mount-pleasant/164-3/certificate"
NUMBER_164_9 = "mount-pleasant/164-9/certificate-lawful-occupancy"
REQUIRED = "A place of assembly: a certificate of the Building Inspector is required and none is in force."


@pytest.mark.parametrize(("status", "ended"), [
    ("stale", "was made stale by a change of the place's rooms or areas since it was issued, and is no longer in "
              "force until the Building Inspector issues a new one"),
    ("revoked", "was revoked by the Building Inspector"),
    (None, "is no longer in force"),
])
def test_a_former_certificate_is_named_with_why_it_is_not_in_force_164_3_m29(determine, status, ended):
    """§ 164-3, M-29: a place of assembly whose last certificate (MP-2024-0007 of 2024-05-01) is stale or revoked
    has no certificate in force (the finding still asks for one: ``missing`` ``certificate``), and the finding says
    which was issued last and why it is not in force — as the case records it, or only that it is not."""
    d = determine(commercial=True, spaces=HALL, former_certificate={**FORMER, "status": status})
    f = d.finding(CERTIFICATE)
    assert f.status is Status.MISSING and f.missing == ("certificate",) and f.outcome is True
    assert f.reason == f"{REQUIRED} The last one issued (MP-2024-0007, issued 2024-05-01) {ended}."
    assert "none is recorded" not in f.reason
    assert f.values["certificate_number"] is None  # (no certificate in force)
    assert f.values["former_certificate"] == {"number": "MP-2024-0007", "issued": date(2024, 5, 1),
                                              "status": status}
    assert d.certificate_required is True and "certificate" in d.missing


def test_the_164_3_finding_and_the_164_5_finding_name_the_same_certificate_m29(determine):
    """§§ 164-3 and 164-5 agree: the number the approved number is taken from (§ 164-5, 100 of the former
    certificate) is the certificate § 164-3 names as no longer in force."""
    d = determine(commercial=True, attendance=101, spaces=HALL, former_certificate={**FORMER, "status": "stale"})
    assert "(MP-2024-0007)" in d.finding("mount-pleasant/164-5/overcrowding").reason
    assert "The last one issued (MP-2024-0007, issued 2024-05-01)" in d.finding(CERTIFICATE).reason


@pytest.mark.parametrize(("given", "named"), [
    ({"number": "MP-9"}, "MP-9, its day of issue not given"),
    ({"issued": "2024-05-01"}, "issued 2024-05-01, its number not given"),
    ({}, "its number and day of issue not given"),
])
def test_a_former_certificate_named_as_far_as_the_case_gives_it_164_3_m29(determine, given, named):
    """§ 164-3: a former certificate stated without its number or its day is named by what is given."""
    d = determine(commercial=True, spaces=HALL, former_certificate={"lawful_occupancy": 100, **given})
    assert d.finding(CERTIFICATE).reason == f"{REQUIRED} The last one issued ({named}) is no longer in force."


def test_a_place_never_certified_has_none_recorded_164_3(determine):
    """The other side: no former certificate (a place never certified, M-29): "none is recorded", as before."""
    f = determine(commercial=True, spaces=HALL).finding(CERTIFICATE)
    assert f.reason == ("A place of assembly: a certificate of the Building Inspector is required and none is "
                        "recorded.")
    assert "former_certificate" not in f.values


def test_a_certificate_in_force_is_the_one_named_164_3(determine):
    """A certificate in force is met by (§ 164-3); a former one beside it is not mentioned."""
    f = determine(commercial=True, spaces=HALL, former_certificate={**FORMER, "status": "revoked"},
                  certificate={"number": "MP-2025-0001", "lawful_occupancy": 200}).finding(CERTIFICATE)
    assert f.status is Status.MET
    assert f.reason == ("A place of assembly: a certificate of the Building Inspector is required; certificate "
                        "MP-2025-0001 is recorded.")


def test_no_place_of_assembly_needs_no_certificate_though_one_was_issued_164_3(determine):
    """§ 164-4: a 300 sq ft business room (3 persons) is no place of assembly; its former certificate changes
    nothing: no certificate is required."""
    f = determine(commercial=True, spaces=[{"name": "Office", "use_group": "business", "area": 300}],
                  former_certificate={**FORMER, "status": "stale"}).finding(CERTIFICATE)
    assert f.status is Status.MET and f.outcome is False
    assert f.reason == "Not a place of assembly: no certificate of the Building Inspector is required."


def test_164_9_number_finding_says_no_certificate_is_in_force_not_none_recorded_m29(determine):
    """§ 164-9 (the Building Inspector prescribes the number and issues a certificate stating it): with only a
    former certificate there is no certificate in force to compare; the finding names the former one."""
    f = determine(commercial=True, spaces=HALL,
                  former_certificate={**FORMER, "status": "revoked"}).finding(NUMBER_164_9)
    assert f.status is Status.NOT_APPLICABLE
    assert f.reason == ("No certificate is in force: the last one issued (MP-2024-0007, issued 2024-05-01) was "
                        "revoked by the Building Inspector. The lawful occupancy computed under §§ 164-7 and 164-8 "
                        "is the number for the Building Inspector to prescribe.")
    assert f.values == {"computed_lawful_occupancy": 200, "former_certificate_number": "MP-2024-0007"}


@pytest.mark.parametrize("status", ["valid", "superseded", "Stale", ""])
def test_a_former_certificate_status_other_than_stale_or_revoked_is_refused_naming_the_field(status):
    """A former certificate is not in force: its ``status`` is ``stale`` or ``revoked`` (W-5), nothing else."""
    with pytest.raises(ValidationError) as info:
        VenueCase.model_validate({"commercial": True, "spaces": HALL,
                                  "former_certificate": {**FORMER, "status": status}})
    error = info.value.errors()[0]
    assert error["loc"] == ("former_certificate", "status")
    assert "'stale'" in error["msg"] and "'revoked'" in error["msg"]


def test_a_certificate_in_force_takes_no_status():
    """The certificate in force has no ``status`` (it is in force): refused as an unknown field."""
    with pytest.raises(ValidationError) as info:
        VenueCase.model_validate({"commercial": True, "spaces": HALL,
                                  "certificate": {**FORMER, "status": "stale"}})
    assert info.value.errors()[0]["loc"] == ("certificate", "status")
