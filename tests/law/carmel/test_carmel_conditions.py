"""Carmel ch. 31, permit requirements ¶ C(1)-(10) (computed numbers and written approvals), ¶ D (authorization
to inspect), ¶ E (insurance), ¶ F (bond), ¶ G (revocation) and the fee (a dated parameter)."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Any

import pytest
from carmel_helpers import Determine
from hypothesis import given
from hypothesis import strategies as st

from publicassembly.law import Status
from publicassembly.law.jurisdictions.us_ny_carmel import JURISDICTION
from publicassembly.law.jurisdictions.us_ny_carmel.context import Context
from publicassembly.law.jurisdictions.us_ny_carmel.facts import EventCase

VALUES = JURISDICTION.parameters.at(date(2026, 5, 1))


def _ctx(persons: int) -> Context:
    return Context(EventCase(max_persons_at_one_time=persons), VALUES)


@pytest.mark.parametrize(("persons", "spaces"), [(4, 1), (5, 2), (8, 2), (9, 3), (500, 125), (501, 126),
                                                 (540, 135), (12000, 3000)])
def test_one_car_for_every_four_persons_rounded_up_permit_requirements_c6(persons: int, spaces: int) -> None:
    assert _ctx(persons).parking_spaces_required == spaces


@pytest.mark.parametrize(("persons", "nurses"), [(1, 1), (500, 1), (501, 2), (1000, 2), (1001, 3)])
def test_one_registered_nurse_for_each_500_persons_permit_requirements_c9(persons: int, nurses: int) -> None:
    assert _ctx(persons).registered_nurses_required == nurses


@given(st.integers(min_value=0, max_value=200_000), st.integers(min_value=0, max_value=5_000))
def test_more_persons_never_lower_parking_nurses_or_physicians_permit_requirements_c6_c9(n: int, more: int) -> None:
    a, b = _ctx(n), _ctx(n + more)
    assert (a.parking_spaces_required or 0) <= (b.parking_spaces_required or 0)
    assert (a.registered_nurses_required or 0) <= (b.registered_nurses_required or 0)
    assert VALUES["conditions.physicians_at_all_times"] == 1  # one doctor at all times, whatever the number


@given(st.integers(min_value=501, max_value=100_000))
def test_parking_and_nurses_cover_every_person_permit_requirements_c6_c9(n: int) -> None:
    c = _ctx(n)
    assert c.parking_spaces_required is not None and c.registered_nurses_required is not None
    assert 4 * c.parking_spaces_required >= n > 4 * (c.parking_spaces_required - 1)
    assert 500 * c.registered_nurses_required >= n > 500 * (c.registered_nurses_required - 1)


def test_134_spaces_for_540_persons_not_met_135_met_permit_requirements_c6(determine: Determine,
                                                                          case: dict[str, Any]) -> None:
    case["conditions"]["parking"]["spaces"] = 134
    f = determine(case).finding("carmel/conditions/c6-parking")
    assert f.status is Status.NOT_MET and "fewer than the 135 required" in f.reason
    case["conditions"]["parking"]["spaces"] = 135
    assert determine(case).finding("carmel/conditions/c6-parking").status is Status.MET


def test_one_nurse_for_540_persons_not_met_and_no_doctor_not_met_permit_requirements_c9(
        determine: Determine, case: dict[str, Any]) -> None:
    case["conditions"]["medical"]["registered_nurses_at_all_times"] = 1
    assert determine(case).finding("carmel/conditions/c9-medical").status is Status.NOT_MET
    case["conditions"]["medical"]["registered_nurses_at_all_times"] = 2
    case["conditions"]["medical"]["physicians_at_all_times"] = 0
    assert determine(case).finding("carmel/conditions/c9-medical").status is Status.NOT_MET
    case["conditions"]["medical"]["physicians_at_all_times"] = 1
    case["conditions"]["medical"]["first_aid_station"] = False
    assert determine(case).finding("carmel/conditions/c9-medical").status is Status.NOT_MET


@pytest.mark.parametrize("facility", ["drinking_water", "toilets", "sewage", "solid_waste", "food_supply",
                                      "access_roads", "fire_protection"])
def test_facility_met_only_with_both_written_approvals_permit_requirements_c(
        determine: Determine, case: dict[str, Any], facility: str) -> None:
    rule = next(f.rule for f in determine(case).findings if f.values.get("description")
                == case["conditions"][facility]["description"])
    assert determine(case).finding(rule).status is Status.MET
    del case["conditions"][facility]["town_board_approved_on"]
    f = determine(case).finding(rule)
    assert f.status is Status.NEEDS_REVIEW and "the Town Board" in f.reason
    del case["conditions"][facility]["health_department_approved_on"]
    f = determine(case).finding(rule)
    assert f.status is Status.NEEDS_REVIEW and "Putnam County Health Department and the Town Board" in f.reason
    del case["conditions"][facility]
    f = determine(case).finding(rule)
    assert f.status is Status.MISSING and f.missing[0].startswith("conditions.")


def test_housing_required_only_when_the_assembly_runs_into_another_day_permit_requirements_c7(
        determine: Determine, case: dict[str, Any]) -> None:
    d = determine(case)
    assert d.requirements["housing_required"] is False
    assert d.finding("carmel/conditions/c7-housing").status is Status.NOT_APPLICABLE
    case["dates"]["last_day"] = "2026-09-13"
    d = determine(case)
    assert d.requirements["housing_required"] is True
    assert d.finding("carmel/conditions/c7-housing").missing == ("conditions.7.housing",)


def test_owner_and_tenant_must_authorize_inspection_permit_requirements_d(determine: Determine,
                                                                          case: dict[str, Any]) -> None:
    rule = "carmel/issuance/d-inspection-authorization"
    assert determine(case).finding(rule).status is Status.MET
    del case["properties"][0]["tenant_authorization_to_inspect"]
    assert determine(case).finding(rule).missing == ("inspection.properties[0].tenant_authorization",)
    case["properties"][0]["owner_authorization_to_inspect"] = False
    assert determine(case).finding(rule).status is Status.NOT_MET


INS = "carmel/issuance/e-insurance"


@pytest.mark.parametrize(("board", "policy", "status"), [
    (None, "249999.99", Status.NOT_MET),
    (None, "250000", Status.NEEDS_REVIEW),
    ("250000", "249999.99", Status.NOT_MET),
    ("250000", "250000", Status.MET),
    ("500000", "499999.99", Status.NOT_MET),
    ("500000", "500000", Status.MET),
    ("500000", "1000000", Status.MET),
    ("249999.99", "500000", Status.NOT_MET),
    ("500000.01", "1000000", Status.NOT_MET),
])
def test_bodily_injury_limit_between_250000_and_500000_permit_requirements_e(
        determine: Determine, case: dict[str, Any], board: str | None, policy: str, status: Status) -> None:
    case["town_board"]["bodily_injury_limit"] = board
    case["insurance"]["bodily_injury_limit"] = policy
    assert determine(case).finding(INS).status is status


def test_board_limit_outside_the_range_is_reported_permit_requirements_e(determine: Determine,
                                                                         case: dict[str, Any]) -> None:
    case["town_board"]["bodily_injury_limit"] = "500000.01"
    assert "outside the $250,000-$500,000" in determine(case).finding(INS).reason


@pytest.mark.parametrize(("damage", "status"), [("249999.99", Status.NOT_MET), ("250000", Status.MET)])
def test_property_damage_at_least_250000_permit_requirements_e(determine: Determine, case: dict[str, Any],
                                                               damage: str, status: Status) -> None:
    case["insurance"]["property_damage_limit"] = damage
    assert determine(case).finding(INS).status is status


@pytest.mark.parametrize(("days", "status"), [(9, Status.NOT_MET), (10, Status.MET), (30, Status.MET)])
def test_not_cancelable_without_10_days_notice_permit_requirements_e(determine: Determine, case: dict[str, Any],
                                                                     days: int, status: Status) -> None:
    case["insurance"]["cancellation_notice_days"] = days
    assert determine(case).finding(INS).status is status


def test_bond_needs_review_until_fixed_then_posted_in_full_permit_requirements_f(determine: Determine,
                                                                                 case: dict[str, Any]) -> None:
    rule = "carmel/issuance/f-bond"
    assert determine(case).finding(rule).status is Status.MET
    case["bond"]["amount"] = "2499.99"
    assert determine(case).finding(rule).status is Status.NOT_MET
    case["bond"] = {"posted": False}
    assert determine(case).finding(rule).status is Status.NOT_MET
    case["town_board"]["bond_amount"] = None
    d = determine(case)
    assert d.finding(rule).status is Status.NEEDS_REVIEW and d.requirements["bond"] is None


def test_bond_posted_in_an_amount_not_stated_is_missing_not_met_permit_requirements_f(
        determine: Determine, case: dict[str, Any]) -> None:
    """Carmel ch. 31, permit requirements ¶ F: "the applicant shall post a bond with the Town Clerk in an amount
    fixed by the Town Board". A bond recorded as posted with no amount is not shown to be the $2,500 fixed: the
    amount is a missing item, and the finding does not say the fixed amount was posted."""
    rule = "carmel/issuance/f-bond"
    case["bond"] = {"posted": True}
    f = determine(case).finding(rule)
    assert f.status is Status.MISSING and f.missing == ("bond.amount",)
    assert "is posted" not in f.reason
    case["bond"]["amount"] = 2500
    assert determine(case).finding(rule).status is Status.MET


def test_ground_for_revocation_is_reported_permit_requirements_g(determine: Determine,
                                                                 case: dict[str, Any]) -> None:
    rule = "carmel/issuance/g-revocation"
    assert determine(case).finding(rule).status is Status.NOT_APPLICABLE
    case["revocation_grounds"] = {"setup_cannot_be_accomplished_in_time": True}
    f = determine(case).finding(rule)
    assert f.status is Status.NEEDS_REVIEW and f.outcome == "revocable" and "may revoke" in f.reason
    case["revocation_grounds"] = {"facilities_not_provided_as_specified": False,
                                  "setup_cannot_be_accomplished_in_time": False}
    assert determine(case).finding(rule).status is Status.MET


def test_filing_fee_not_on_file_needs_review_fee(determine: Determine, case: dict[str, Any]) -> None:
    d = determine(case)
    assert d.requirements["filing_fee"] is None
    f = d.finding("carmel/fee/filing")
    assert f.status is Status.NEEDS_REVIEW and "established annually by the Town Board" in f.reason


def test_filing_fee_schedule_changes_at_its_effective_date_fee(determine: Determine, case: dict[str, Any]) -> None:
    """The Town Board's schedule layered on: $250 for 2026, $300 from 2027-01-01."""
    params = JURISDICTION.parameters.with_values(
        "fees.filing", {date(2026, 1, 1): Decimal("250"), date(2027, 1, 1): Decimal("300")})
    del case["filed_on"]
    on_31_dec = determine(case, as_of=date(2026, 12, 31), parameters=params)
    on_1_jan = determine(case, as_of=date(2027, 1, 1), parameters=params)
    assert on_31_dec.requirements["filing_fee"] == Decimal("250")
    assert on_1_jan.requirements["filing_fee"] == Decimal("300")
    assert "$250" in on_31_dec.finding("carmel/fee/filing").reason
    assert on_31_dec.finding("carmel/fee/filing").status is Status.MET  # $250 paid
    assert on_1_jan.finding("carmel/fee/filing").status is Status.NOT_MET  # $250 paid, $300 due
    case["filed_on"] = "2026-12-30"  # the fee in force when filed governs
    assert determine(case, as_of=date(2027, 1, 5), parameters=params).requirements["filing_fee"] == 250
