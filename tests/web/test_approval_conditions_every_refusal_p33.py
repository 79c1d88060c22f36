"""The Board's approval form tells each condition refused beside the conditions, naming its line (interpretation
P-33). A new-user trial found the conditions the permit cannot print (G-6) told above the form as
``conditions[1]: …`` — the place in the list of conditions, which skips blank lines, not the line of the text
area — away from the field they concern. Now each is shown beside the conditions as "Line 4: …", with the form's
other refusals; nothing is stored."""

from __future__ import annotations

import pytest
from tests.web.test_board_and_approval_forms_every_refusal_at_once_p33 import beside, heard, post  # noqa: F401

pytestmark = pytest.mark.django_db

BELL = "must be text without control characters (it holds U+0007"
START = "must be text without control characters (it holds U+0001"


def test_every_unprintable_condition_is_told_beside_the_conditions_by_its_line_p33(cu, heard):  # noqa: F811
    r = post(cu["town_board_member"], heard, "approve",
             {"conditions": "Gates close at 10 p.m.\n\u0007\n \nMusic\u0001 off", "bodily_injury_limit": "100000"})
    errors = beside(r, "approve")
    assert set(errors) == {"conditions", "bodily_injury_limit"}, errors
    assert [e[:len("Line 2: ") + len(BELL)] for e in errors["conditions"]] == [f"Line 2: {BELL}",
                                                                               f"Line 4: {START}"], errors
    assert "conditions[" not in r.content.decode()
    heard.refresh_from_db()
    assert (heard.state, heard.conditions) == ("hearing_held", [])


def test_the_conditions_line_is_named_when_the_form_refuses_another_value_p33(cu, heard):  # noqa: F811
    """A bond of $0 (refused by the form itself): the service is asked of the conditions the form took."""
    r = post(cu["town_board_member"], heard, "approve", {"conditions": "\n\nGates\u0007", "bond_amount": "0"})
    errors = beside(r, "approve")
    assert set(errors) == {"conditions", "bond_amount"}, errors
    assert errors["conditions"][0].startswith(f"Line 3: {BELL}")


def test_printable_conditions_are_recorded_without_the_blank_lines_p33(cu, heard):  # noqa: F811
    r = post(cu["town_board_member"], heard, "approve", {"conditions": "\nGates close at 10 p.m.\n\n Exit \n"})
    assert r.status_code == 302, r.content
    heard.refresh_from_db()
    assert (heard.state, heard.conditions) == ("approved", ["Gates close at 10 p.m.", "Exit"])
