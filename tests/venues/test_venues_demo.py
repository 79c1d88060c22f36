"""The demonstration places of assembly: made through the services, with the law core's numbers."""

from __future__ import annotations

import pytest

from publicassembly.accounts.models import Role
from publicassembly.venues import demo
from publicassembly.venues.models import Certificate, Venue
from publicassembly.workflow.errors import ValidationFailed

pytestmark = pytest.mark.django_db


def test_demo_venues_of_mount_pleasant(mount_pleasant, mp):
    out = demo.load(mount_pleasant, mp)
    certs = out["certificates"]
    # bowling: 24 alleys × 5 + 2,400 / 10 = 360, lounge 900 / 15 = 60 (§ 164-7)
    assert certs["bowling_centre"].lawful_occupancy == 420
    # open air: 12,000 m² = 129,166.9... sq ft / 15 → 8,611 persons (§ 164-8)
    assert certs["festival_field"].lawful_occupancy == 8611
    assert certs["dance_hall"].lawful_occupancy == 200
    # the catering hall's cocktail room was enlarged after issue: its certificate is stale
    assert Certificate.objects.get(pk=certs["catering_hall"].pk).status == Certificate.STALE
    assert out["church_hall"].certificate_exempt and not out["church_hall"].certificates.exists()
    assert out["catering_hall"].owner == mp[Role.APPLICANT]
    dance = out["inspections"][-1]
    # (§§ 164-10, 164-11, and § 164-5: the aisles obstructed, M-19)
    assert set(dance.deficiencies.values_list("kind", flat=True)) == {"blocked_exit", "exit_access", "egress_obstructed"}
    assert out["inspections"][0].result == "passed"
    again = demo.load(mount_pleasant, mp)
    assert again["bowling_centre"] == out["bowling_centre"] and Venue.objects.count() == 5


def test_demo_refuses_carmel(carmel, other):
    with pytest.raises(ValidationFailed):
        demo.load(carmel, other)
