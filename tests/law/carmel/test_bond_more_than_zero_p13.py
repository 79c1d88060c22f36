"""Carmel ch. 31, permit requirements ¶ F ("the applicant shall post a bond with the Town Clerk in an amount fixed by
the Town Board"), interpretation P-13: a bond of $0 is no bond. The law core refuses a case stating $0 for the
amount the Board fixed (``town_board.bond_amount``) or for the bond posted (``bond.amount``), naming the field, as
``permit --from-json`` and the workflow refuse it; $0.01 is taken (the chapter sets no least amount)."""

from __future__ import annotations

from typing import Any

import pytest
from carmel_helpers import Determine

from publicassembly.law import Status
from publicassembly.law.errors import InvalidCase

AUDIT = {"jurisdiction": "carmel-ny", "subject": "event", "purpose": "Concert", "as_of": "2026-09-30",
         "dates": {"first_day": "2026-08-08", "last_day": "2026-08-10"}, "max_persons_at_one_time": 1000}
REFUSED = ("must be more than $0 (got {given}): the applicant shall post a bond in an amount fixed by the Town "
           "Board (permit requirements ¶ F; interpretation P-13)")


def _bond_finding(determine: Determine, data: dict[str, Any]) -> Any:
    return next(f for f in determine(data).findings if f.rule == "carmel/issuance/f-bond")


@pytest.mark.parametrize("zero", [0, "0", "0.00"])
def test_a_bond_of_zero_fixed_and_posted_is_refused_naming_both_fields_f_p13(
        determine: Determine, zero: Any) -> None:
    """The audit's case: $0 fixed and $0 posted was "met — A bond of $0 is posted"; each field is now refused."""
    with pytest.raises(InvalidCase) as e:
        determine(AUDIT | {"town_board": {"bond_amount": zero}, "bond": {"posted": True, "amount": zero}})
    given = "0" if zero == 0 else str(zero)
    assert dict(e.value.errors) == {"town_board.bond_amount": REFUSED.format(given=given),
                                    "bond.amount": REFUSED.format(given=given)}


def test_a_board_amount_of_zero_is_refused_f_p13(determine: Determine) -> None:
    with pytest.raises(InvalidCase) as e:
        determine(AUDIT | {"town_board": {"bond_amount": 0}})
    assert (e.value.field, e.value.message) == ("town_board.bond_amount", REFUSED.format(given="0"))


def test_a_bond_posted_of_zero_is_refused_f_p13(determine: Determine) -> None:
    with pytest.raises(InvalidCase) as e:
        determine(AUDIT | {"town_board": {"bond_amount": 100}, "bond": {"posted": True, "amount": 0}})
    assert (e.value.field, e.value.message) == ("bond.amount", REFUSED.format(given="0"))


def test_a_bond_of_one_cent_fixed_and_posted_is_met_f_p13(determine: Determine) -> None:
    """The other side of the bound: $0.01 is more than $0, and the chapter sets no least amount (P-13)."""
    f = _bond_finding(determine, AUDIT | {"town_board": {"bond_amount": "0.01"},
                                          "bond": {"posted": True, "amount": "0.01"}})
    assert f.status is Status.MET
    assert f.reason == "A bond of $0.01 is posted with the Town Clerk."


def test_a_bond_posted_of_one_cent_below_the_board_amount_is_not_met_f_p13(determine: Determine) -> None:
    f = _bond_finding(determine, AUDIT | {"town_board": {"bond_amount": 100},
                                          "bond": {"posted": True, "amount": "0.01"}})
    assert f.status is Status.NOT_MET
    assert "The bond posted, $0.01, is less than the $100 fixed by the Town Board" in f.reason
