"""Values before state (interpretations P-26, P-29): every action of the Carmel ch. 31 permits workflow refuses a
free text it takes — the `reason` it gives the history (G-6: a control character, e.g. a direction override) —
as bad input (422 naming ``reason``) whatever the application's state, nothing stored. It was checked inside the
action after the state, so in a wrong state a bad reason was told 409 (the state) first, then 422 once the state
was right."""

from __future__ import annotations

import inspect

import pytest
from tests.permits.conftest import APPROVALS, HEARING, INSPECTED, NOTICE, SUBMITTED, fair_facts

from publicassembly.permits import services as sv
from publicassembly.workflow.errors import ValidationFailed, WorkflowError

pytestmark = pytest.mark.django_db

BAD = "as agreed\u202e"
SAID = "must be text without control characters (it holds U+202E"

#: Each action taking a `reason`: (who does it: a Walk's property or a role, its other values — good ones).
ACTIONS = {
    "update_draft": ("applicant", {"facts": fair_facts()}),
    "patch_facts": ("applicant", {"patch": {"name": "Putnam County Fair 2026"}}),
    "submit": ("applicant", {"verification_statement": "Sworn."}),
    "mark_incomplete": ("clerk", {"missing_items": ["a site map"]}),
    "amend": ("applicant", {"facts": fair_facts()}),
    "accept": ("clerk", {}),
    "schedule_hearing": ("clerk", {"hearing_on": HEARING, "place": "Town Hall", "newspaper": "Putnam County Courier",
                                   "today": SUBMITTED}),
    "reschedule_hearing": ("clerk", {"hearing_on": HEARING, "today": SUBMITTED}),
    "record_notice_published": ("clerk", {"notice_published_on": NOTICE}),
    "record_hearing_held": ("clerk", {}),
    "set_bond_and_insurance_limit": ("board", {"bond_amount": "5000.00"}),
    "approve": ("board", {}),
    "deny": ("board", {"reasons": "The roads cannot carry the traffic."}),
    "record_approval": ("board", {"condition": 1, "agency": "town_board", "approved_on": APPROVALS,
                                  "document": None}),
    "record_authorization": ("clerk", {"party": "owner", "name": "County of Putnam", "given_on": APPROVALS,
                                       "document": None}),
    "record_insurance": ("clerk", {"insurer": "Hudson Mutual", "policy_number": "HM-1",
                                   "bodily_injury_limit": "500000", "property_damage_limit": "100000",
                                   "cancellation_notice_days": 30, "document": None}),
    "post_bond": ("clerk", {"amount": "5000", "posted_on": APPROVALS}),
    "record_fee_payment": ("clerk", {"amount": "1.00", "paid_on": SUBMITTED}),
    "issue": ("clerk", {}),
    "record_assembly_held": ("clerk", {}),
    "record_cleanup_inspection": ("clerk", {"inspected_on": INSPECTED, "result": "incomplete"}),
    "release_bond": ("board", {}),
    "forfeit_bond": ("board", {}),
    "close": ("clerk", {}),
    "withdraw": ("applicant", {}),
    "revoke": ("board", {"grounds": ["facilities_not_provided_as_specified"]}),
}


def test_every_action_of_an_application_taking_a_reason_is_listed_here():
    """(So that an action added later is held to P-29 too: refund_fee is always refused, whatever it is given.)"""
    taking = {name for name, f in vars(sv).items() if inspect.isfunction(f) and f.__module__ == sv.__name__
              and not name.startswith("_") and {"app", "reason"} <= set(inspect.signature(f).parameters)}
    assert taking - {"refund_fee"} == set(ACTIONS)


@pytest.fixture
def withdrawn(walk):
    """An application withdrawn: a state no action of this list is allowed in. A document was attached to it
    before (the good value of an action taking one: a document missing is itself bad input, P-30)."""
    app = walk.draft()
    walk.doc()
    return sv.withdraw(walk.applicant, app)


@pytest.mark.parametrize("action", sorted(ACTIONS))
def test_a_bad_reason_in_a_wrong_state_is_422_naming_reason_p29(walk, withdrawn, action):
    who, values = ACTIONS[action]
    values = {k: withdrawn.documents.get() if k == "document" else v for k, v in values.items()}
    by, call = getattr(walk, who), getattr(sv, action)
    with pytest.raises(ValidationFailed) as e:
        call(by, withdrawn, **values, reason=BAD)
    assert (e.value.http_status, e.value.field) == (422, "reason") and e.value.detail.startswith(SAID)
    withdrawn.refresh_from_db()
    assert (withdrawn.state, withdrawn.version) == ("withdrawn", 2)
    # the other side: the same values with a reason that can be recorded meet the state's refusal (409)
    with pytest.raises(WorkflowError) as e:
        call(by, withdrawn, **values, reason="as agreed")
    # (release_bond is allowed on a withdrawn application since P-36, refused when no bond is posted)
    said = "No bond is posted with the Town Clerk" if action == "release_bond" else "withdrawn"
    assert e.value.http_status == 409 and said in str(e.value), e.value


def test_a_bad_reason_in_the_right_state_is_422_and_a_good_one_recorded_p29(walk):
    app = walk.accepted()
    values = ACTIONS["schedule_hearing"][1]
    with pytest.raises(ValidationFailed) as e:
        sv.schedule_hearing(walk.clerk, app, **values, reason=BAD)
    assert e.value.field == "reason"
    app.refresh_from_db()
    assert app.state == "accepted" and app.hearing_on is None
    sv.schedule_hearing(walk.clerk, app, **values, reason="as agreed")
    assert app.state == "hearing_scheduled"
    assert app.history.first().history_change_reason.startswith("as agreed")


def test_a_bad_surety_and_reason_are_both_named_before_the_state_p29(walk, withdrawn):
    with pytest.raises(ValidationFailed) as e:
        sv.post_bond(walk.clerk, withdrawn, amount="5000", posted_on=APPROVALS, surety="Empire\u202e", reason=BAD)
    assert e.value.field == "surety" and [f for f, _ in e.value.errors] == ["surety", "reason"]


def test_a_blank_insurer_is_422_in_a_wrong_state_p29(walk, withdrawn):
    values = {**ACTIONS["record_insurance"][1], "insurer": " "}
    with pytest.raises(ValidationFailed) as e:
        sv.record_insurance(walk.clerk, withdrawn, **values)
    assert (e.value.http_status, e.value.field) == (422, "insurer")


@pytest.mark.parametrize(("field", "value"), [("place", " "), ("newspaper", "Courier\u202e")])
def test_a_bad_place_or_newspaper_given_to_reschedule_is_422_in_a_wrong_state_p29(walk, withdrawn, field, value):
    with pytest.raises(ValidationFailed) as e:
        sv.reschedule_hearing(walk.clerk, withdrawn, hearing_on=HEARING, today=SUBMITTED, **{field: value})
    assert (e.value.http_status, e.value.field) == (422, field)
