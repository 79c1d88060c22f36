"""Every action of the permit services against every role of Carmel and every user of Mount Pleasant: only the
role the action belongs to (and for the applicant's steps, only the application's own applicant) may take it;
everyone else is refused with NotAllowed and nothing is written."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import Any

import pytest

from publicassembly.permits import services as sv
from publicassembly.permits.models import PermitApplication, State
from publicassembly.workflow.errors import NotAllowed, NotFound

from .conftest import HEARING, NOTICE, PDF, ROLES, SUBMITTED, Walk, fair_facts

pytestmark = pytest.mark.django_db

D = date(2026, 6, 20)


def _prep_issue(w: Walk) -> None:
    w.approved()
    w.all_preconditions()


def _bond_fixed(w: Walk) -> None:
    w.accepted()
    sv.set_bond_and_insurance_limit(w.board, w.app, bond_amount="100.00")


def _prep_forfeit(w: Walk) -> None:
    w.cleanup_inspected(completed_on=None, inspected_on=date(2026, 8, 24))


#: action → (how to bring the application there, the roles allowed, the call)
ACTIONS: dict[str, tuple[Callable[[Walk], Any], tuple[str, ...], Callable[[Any, PermitApplication, Walk], Any]]] = {
    "update_draft": (Walk.draft, ("applicant",), lambda u, a, w: sv.update_draft(u, a, fair_facts())),
    "patch_facts": (Walk.draft, ("applicant",), lambda u, a, w: sv.patch_facts(u, a, {"name": "Fair 2026"})),
    "submit": (Walk.draft, ("applicant",),
               lambda u, a, w: sv.submit(u, a, verification_statement="sworn", today=SUBMITTED)),
    "mark_incomplete": (Walk.submitted, ("town_clerk",),
                        lambda u, a, w: sv.mark_incomplete(u, a, missing_items=["map"])),
    "amend": (lambda w: w.to(State.INCOMPLETE), ("applicant",), lambda u, a, w: sv.amend(u, a, fair_facts())),
    "accept": (Walk.submitted, ("town_clerk",), lambda u, a, w: sv.accept(u, a, today=SUBMITTED)),
    "schedule_hearing": (Walk.accepted, ("town_clerk",), lambda u, a, w: sv.schedule_hearing(
        u, a, hearing_on=HEARING, place="Town Hall", notice_published_on=NOTICE, newspaper="Courier",
        today=NOTICE)),
    "reschedule_hearing": (Walk.hearing_scheduled, ("town_clerk",), lambda u, a, w: sv.reschedule_hearing(
        u, a, hearing_on=date(2026, 6, 29), today=date(2026, 6, 15))),
    "record_hearing_held": (Walk.hearing_scheduled, ("town_clerk",), lambda u, a, w: sv.record_hearing_held(u, a)),
    "approve": (Walk.hearing_held, ("town_board_member",),
                lambda u, a, w: sv.approve(u, a, decided_on=date(2026, 6, 24))),
    "deny": (Walk.hearing_held, ("town_board_member",),
             lambda u, a, w: sv.deny(u, a, reasons="parking", decided_on=date(2026, 6, 24))),
    "set_bond_and_insurance_limit": (Walk.accepted, ("town_board_member",),
                                     lambda u, a, w: sv.set_bond_and_insurance_limit(u, a, bond_amount="100")),
    "record_approval_health_department": (Walk.accepted, ("health_department_reviewer",),
                                          lambda u, a, w: sv.record_approval(
                                              u, a, condition=2, agency="health_department", approved_on=D,
                                              document=w.doc())),
    "record_approval_town_board": (Walk.accepted, ("town_board_member",), lambda u, a, w: sv.record_approval(
        u, a, condition=2, agency="town_board", approved_on=D, document=w.doc())),
    "record_authorization": (Walk.accepted, ("town_clerk",), lambda u, a, w: sv.record_authorization(
        u, a, party="owner", name="County of Putnam", given_on=D, document=w.doc())),
    "record_insurance": (Walk.accepted, ("town_clerk",), lambda u, a, w: sv.record_insurance(
        u, a, insurer="I", policy_number="P", bodily_injury_limit="250000", property_damage_limit="250000",
        cancellation_notice_days=10, document=w.doc())),
    # (a bond once the Town Board has fixed its amount: P-14)
    "post_bond": (_bond_fixed, ("town_clerk",), lambda u, a, w: sv.post_bond(u, a, amount="100", posted_on=D)),
    "record_fee_payment": (Walk.accepted, ("town_clerk",),
                           lambda u, a, w: sv.record_fee_payment(u, a, amount="250", paid_on=D)),
    "issue": (_prep_issue, ("town_clerk",), lambda u, a, w: sv.issue(u, a, today=date(2026, 7, 1))),
    "record_assembly_held": (Walk.issued, ("town_clerk",), lambda u, a, w: sv.record_assembly_held(u, a)),
    "record_cleanup_inspection": (Walk.assembly_held, ("town_clerk", "building_inspector"),
                                  lambda u, a, w: sv.record_cleanup_inspection(
                                      u, a, inspected_on=date(2026, 8, 21), result="complete",
                                      completed_on=date(2026, 8, 20))),
    "release_bond": (Walk.cleanup_inspected, ("town_board_member",), lambda u, a, w: sv.release_bond(u, a)),
    "forfeit_bond": (_prep_forfeit, ("town_board_member",),
                     lambda u, a, w: sv.forfeit_bond(u, a, reason="waste left")),
    "close": (lambda w: w.to(State.DENIED), ("town_clerk",), lambda u, a, w: sv.close(u, a)),
    "withdraw": (Walk.submitted, ("applicant",), lambda u, a, w: sv.withdraw(u, a)),
    "revoke": (Walk.issued, ("town_board_member",), lambda u, a, w: sv.revoke(
        u, a, grounds=["facilities_not_provided_as_specified"], reason="no toilets on site")),
    "attach_document": (Walk.accepted, ("applicant", "town_clerk", "town_board_member", "health_department_reviewer",
                                        "building_inspector"),
                        lambda u, a, w: sv.attach_document(u, a, kind="plan", filename="p.pdf", content=PDF)),
}


@pytest.mark.parametrize("action", list(ACTIONS))
def test_only_its_role_in_its_town_may_take_the_action(walk, people, action):
    prepare, allowed, call = ACTIONS[action]
    prepare(walk)
    app = PermitApplication.objects.get(pk=walk.app.pk)
    before = (app.state, app.version, app.history.count())
    refused = [people[r] for r in ROLES if r not in allowed]
    refused += [people[f"mp_{r}"] for r in ROLES]  # every user of another town, whatever their role
    if "applicant" in allowed:
        refused.append(people["other_applicant"])  # another applicant's application
    for user in refused:
        with pytest.raises(NotAllowed):
            call(user, PermitApplication.objects.get(pk=app.pk), walk)
    app.refresh_from_db()
    assert (app.state, app.version, app.history.count()) == before
    call(people[allowed[0]], PermitApplication.objects.get(pk=app.pk), walk)  # the role itself may


def test_refund_fee_is_refused_to_every_role_and_town(walk, people):
    app = walk.accepted()
    for key, user in people.items():
        with pytest.raises(NotAllowed):
            sv.refund_fee(user, app)
        if key == "town_clerk":
            with pytest.raises(sv.FeeNotRefundable):
                sv.refund_fee(user, app)


def test_fee_schedule_is_kept_by_the_clerk_only(carmel, people):
    for key, user in people.items():
        if key == "town_clerk":
            continue
        with pytest.raises(NotAllowed):
            sv.set_fee_schedule(user, carmel, year=2026, amount="250", resolution_date=date(2026, 1, 6))
    s = sv.set_fee_schedule(people["town_clerk"], carmel, year=2026, amount="250", resolution_date=date(2026, 1, 6))
    assert s.history.get().history_user == people["town_clerk"]


def test_create_draft_by_an_applicant_of_carmel_only(carmel, people):
    for key, user in people.items():
        if key in ("applicant", "other_applicant"):
            continue
        with pytest.raises(NotAllowed):
            sv.create_draft(user, carmel, fair_facts())
    assert not PermitApplication.objects.exists()


def test_reading_applications_in_the_town_only(walk, people, carmel, mount_pleasant):
    app = walk.submitted()
    assert sv.get_application(people["town_clerk"], carmel, app.pk) == app
    assert sv.get_application(people["applicant"], carmel, app.pk) == app
    with pytest.raises(NotFound):
        sv.get_application(people["other_applicant"], carmel, app.pk)
    # the Town's enforcement officer reads every application (an assembly without a permit is the offense: W-35)
    assert sv.get_application(people["enforcement_officer"], carmel, app.pk) == app
    with pytest.raises(NotFound):
        sv.get_application(people["mp_town_clerk"], mount_pleasant, app.pk)
    assert sv.list_applications(people["other_applicant"], carmel) == []
    assert sv.list_applications(people["health_department_reviewer"], carmel) == [app]
    with pytest.raises(NotAllowed):
        sv.list_applications(people["mp_town_clerk"], carmel)
    doc = sv.attach_document(people["applicant"], app, kind="map", filename="m.pdf", content=PDF)
    with pytest.raises(NotFound):
        sv.read_document(people["mp_town_clerk"], doc)
