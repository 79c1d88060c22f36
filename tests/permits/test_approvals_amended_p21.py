"""Interpretation P-21: a written approval of ¶ C is given for the facility (and the number of persons) the
petition stated; when the applicant amends them it no longer counts (kept on the record, named in the history),
as P-12 drops an authorization of ¶ D whose property changed. Approvals of facilities not changed are kept."""

from __future__ import annotations

from datetime import timedelta

from tests.permits.conftest import SUBMITTED, fair_facts

from publicassembly.permits import services as sv

C1 = "carmel/conditions/c1-drinking-water"
C2 = "carmel/conditions/c2-toilets"
ON = SUBMITTED + timedelta(days=3)


def approve_c1_c2(walk) -> None:
    doc = walk.doc()
    for n in (1, 2):
        sv.record_approval(walk.p["health_department_reviewer"], walk.app, condition=n, agency="health_department",
                           approved_on=SUBMITTED, document=doc)
        sv.record_approval(walk.board, walk.app, condition=n, agency="town_board", approved_on=SUBMITTED,
                           document=doc)


def returned(walk) -> None:
    walk.submitted()
    approve_c1_c2(walk)
    assert sv.determination(walk.app, ON).finding(C1).status.value == "met"
    sv.mark_incomplete(walk.clerk, walk.app, missing_items=["a better map"])


def test_drinking_water_changed_its_approvals_no_longer_count_par_c1(walk):
    """The audit's case: drinking water approved, then amended to creek water by bucket with shared cups: ¶ C(1)
    is no longer met (both approvals lapse), ¶ C(2) (toilets, unchanged) still is; the history names them."""
    returned(walk)
    facts = fair_facts()
    facts["conditions"]["drinking_water"] = {"description": "Creek water drawn by bucket, shared cups"}
    app = sv.amend(walk.applicant, walk.app, facts)
    det = sv.determination(app, ON)
    assert det.finding(C1).status.value != "met"
    assert det.finding(C2).status.value == "met"
    assert app.approvals.count() == 4  # (kept on the record)
    counted = {(a.condition, a.agency) for a in app.approvals.all() if sv.approval_counts(app, a)}
    assert counted == {(2, "health_department"), (2, "town_board")}
    reason = app.history.order_by("-history_id").first().history_change_reason
    assert "P-21" in reason and "¶ C(1)" in reason and "¶ C(2)" not in reason


def test_persons_changed_every_approval_lapses_par_c(walk):
    """¶ C: the facilities are approved for the persons they serve: 9,000 persons instead of 4,000 leaves no
    approval counting."""
    returned(walk)
    facts = fair_facts()
    facts["max_persons_at_one_time"] = 9000
    app = sv.amend(walk.applicant, walk.app, facts)
    det = sv.determination(app, ON)
    assert det.finding(C1).status.value != "met" and det.finding(C2).status.value != "met"


def test_unchanged_facts_keep_the_approvals_par_c(walk):
    """An amendment that changes neither facility nor persons (another map) keeps every approval; the history
    says only that the petition was amended."""
    returned(walk)
    facts = fair_facts()
    facts["purpose"] = "County fair and harvest festival"
    app = sv.amend(walk.applicant, walk.app, facts)
    det = sv.determination(app, ON)
    assert det.finding(C1).status.value == "met" and det.finding(C2).status.value == "met"
    assert app.history.order_by("-history_id").first().history_change_reason == "petition amended"


def test_facts_changed_while_incomplete_and_changed_back_par_c1(walk):
    """The draft's edit while incomplete (`update_draft`) lapses them too; stating again the facility approved
    makes the approval count again (it was given for exactly that)."""
    returned(walk)
    facts = fair_facts()
    facts["conditions"]["drinking_water"] = {"description": "Creek water"}
    app = sv.update_draft(walk.applicant, walk.app, facts)
    assert sv.determination(app, ON).finding(C1).status.value != "met"
    assert "P-21" in app.history.order_by("-history_id").first().history_change_reason
    app = sv.amend(walk.applicant, app, fair_facts())
    assert sv.determination(app, ON).finding(C1).status.value == "met"


def test_many_applications_count_the_same_par_c1(walk):
    """The queue's law (`ManyApplications`, from preloaded records) counts the approvals as `case_data` does."""
    returned(walk)
    facts = fair_facts()
    facts["conditions"]["drinking_water"] = {"description": "Creek water"}
    app = sv.amend(walk.applicant, walk.app, facts)
    law = sv.ManyApplications([app])
    case = law.case(app)
    assert case.conditions.drinking_water.health_department_approved_on is None
    assert case.conditions.toilets.health_department_approved_on == SUBMITTED


def test_page_marks_the_approvals_that_no_longer_count_par_c1(walk, client):
    """The application page lists the approvals recorded, those of the changed drinking water marked."""
    returned(walk)
    facts = fair_facts()
    facts["conditions"]["drinking_water"] = {"description": "Creek water"}
    app = sv.amend(walk.applicant, walk.app, facts)
    client.force_login(walk.clerk)
    page = client.get(f"/carmel-ny/applications/{app.pk}/").content.decode()
    assert page.count("no longer counts (P-21)") == 2


def returned_with_a_null(walk) -> dict:
    """`returned`, the petition's facts stored, before its approvals, with its drinking water's description null
    (as facts were stored before W-34's null rule); those facts."""
    from publicassembly.permits.models import PermitApplication

    facts = fair_facts()
    facts["conditions"]["drinking_water"]["description"] = None
    walk.submitted()
    PermitApplication.objects.filter(pk=walk.app.pk).update(facts=facts)
    walk.app.refresh_from_db()
    approve_c1_c2(walk)
    sv.mark_incomplete(walk.clerk, walk.app, missing_items=["a better map"])
    return facts


def test_a_fact_stored_null_before_and_left_out_now_keeps_the_approvals_par_c1_w34(walk):
    """W-34: a fact given null is now stored as one left out. A petition saved before, its drinking water's
    description stored null, approved for it: saved again with the same facts (the null now left out), the
    approvals of ¶ C(1) still count and none is named lapsed — null and not stated are one (P-21)."""
    facts = returned_with_a_null(walk)
    assert walk.app.approvals.filter(condition=1).first().basis["facility"] == {"description": None}
    app = sv.update_draft(walk.applicant, walk.app, facts)
    assert app.facts["conditions"]["drinking_water"] == {}
    assert all(sv.approval_counts(app, a) for a in app.approvals.all()) and app.approvals.count() == 4
    assert "P-21" not in app.history.order_by("-history_id").first().history_change_reason


def test_a_fact_stated_where_it_was_null_lapses_the_approval_par_c1_w34(walk):
    """The other side: the facility stated otherwise than approved (a description where none was) is a change:
    both approvals of ¶ C(1) lapse, those of ¶ C(2) count."""
    facts = returned_with_a_null(walk)
    facts["conditions"]["drinking_water"]["description"] = "Six drinking fountains and a water truck"
    app = sv.update_draft(walk.applicant, walk.app, facts)
    counted = {(a.condition, a.agency) for a in app.approvals.all() if sv.approval_counts(app, a)}
    assert counted == {(2, "health_department"), (2, "town_board")}
    assert "P-21" in app.history.order_by("-history_id").first().history_change_reason
