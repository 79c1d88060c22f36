"""A certificate read from JSON (`publicassembly certificate --from-json`) is the certificate of a place of
assembly (§ 164-3), as the Building Inspector's is (interpretation M-17): a lawful occupancy of 0 persons, or one
below the 25 persons that make even a commercial room a place of assembly (§ 164-4), is refused naming
``lawful_occupancy`` (a new-user trial printed a "Place of Assembly" certificate of 3 persons for an office)."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest

from publicassembly.documents.records import CertificateRecord, CertificateSpace, certificate_against_the_law


def _certificate(area: str, use_group: str = "business", load: int | None = None) -> CertificateRecord:
    per = {"business": 100, "assembly_without_fixed_seats": 15}[use_group]
    load = int(Decimal(area) // per) if load is None else load
    return CertificateRecord(number="MP-2026-0002", issued_date=date(2026, 12, 1),
                             venue_name="Office", venue_address="1 Main St",
                             spaces=(CertificateSpace("Room", use_group, Decimal(area), load),),
                             lawful_occupancy=load, inspector_name="J. Doe")


@pytest.mark.parametrize(("area", "refused"), [("2400", True), ("2499.99", True), ("2500", False)])
def test_24_persons_refused_25_taken_164_4(area, refused):
    lines = certificate_against_the_law(_certificate(area))
    assert bool(lines) is refused, lines
    if refused:
        assert lines == ["lawful_occupancy: 24 persons is fewer than the 25 that make even a commercial room or space "
                         "a place of assembly (Mount Pleasant Code § 164-4): the certificate of a place of assembly "
                         "(Mount Pleasant Code § 164-3) is not issued for it (interpretation M-17)"]


def test_0_persons_is_nothing_to_certify_164_9():
    lines = certificate_against_the_law(_certificate("50"))
    assert lines == ["lawful_occupancy: 0 persons: no room or area holds one person at its use group's floor area "
                     "per occupant, so there is no number for a certificate to state (Mount Pleasant Code § 164-9; "
                     "interpretation M-17)"]


def test_a_place_of_assembly_is_certified(certificate_record):
    assert certificate_against_the_law(certificate_record) == []
    assert certificate_against_the_law(_certificate("1500", "assembly_without_fixed_seats")) == []
