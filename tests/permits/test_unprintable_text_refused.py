"""Text the documents cannot print (interpretation G-6) is refused when it is entered: the applicant's facts
(the petition, the notice of hearing and the permit print them), the hearing's place and newspaper (the notice),
the Board's conditions and the insurer (the permit). A name they print (Dvořák, Зал) is kept as written."""

from __future__ import annotations

from datetime import date

import pytest
from tests.permits.conftest import DECIDED, HEARING, NOTICE, fair_facts

from publicassembly.permits import services as sv
from publicassembly.permits.models import InsuranceCertificate, PermitApplication
from publicassembly.workflow.errors import ValidationFailed

pytestmark = pytest.mark.django_db

REFUSED = [("宴会厅", "'宴' (U+5BB4)"), ("🎉", "U+1F389"), ("אולם", "left to right only")]
PRINTED = ["Zofia Dvořák", "Зал"]


def _stored(app: PermitApplication) -> tuple:
    app.refresh_from_db()
    return (app.state, app.version, app.facts, app.hearing_place, app.newspaper, app.conditions,
            app.history.count(), InsuranceCertificate.objects.filter(application=app).count())


def _refused(e, field: str, named: str) -> None:
    assert (e.value.http_status, e.value.field) == (422, field)
    assert named in e.value.detail


@pytest.mark.parametrize("name", PRINTED)
def test_printable_text_is_kept_everywhere(walk, name):
    facts = fair_facts()
    facts["applicant"]["name"] = name
    app = walk.draft(facts)
    assert app.facts["applicant"]["name"] == name
    walk.app = sv.update_draft(walk.applicant, app, {**facts, "name": f"{name} Fair"})
    assert walk.app.facts["name"] == f"{name} Fair"


@pytest.mark.parametrize(("text", "named"), REFUSED)
def test_create_draft_refuses_facts_naming_the_fact(walk, text, named):
    facts = fair_facts()
    facts["applicant"]["name"] = f"Zofia Wiśniewska {text}"
    before = PermitApplication.objects.count()
    with pytest.raises(ValidationFailed) as e:
        sv.create_draft(walk.applicant, walk.town, facts)
    _refused(e, "facts.applicant.name", named)
    assert PermitApplication.objects.count() == before


@pytest.mark.parametrize(("text", "named"), REFUSED)
def test_update_draft_refuses_a_fact_in_a_list_and_changes_nothing(walk, text, named):
    app = walk.draft()
    before = _stored(app)
    facts = fair_facts()
    facts["properties"][0]["address"] = f"{text} Park"
    with pytest.raises(ValidationFailed) as e:
        sv.update_draft(walk.applicant, app, facts, expected_version=app.version)
    _refused(e, "facts.properties[0].address", named)
    assert _stored(app) == before


@pytest.mark.parametrize(("text", "named"), REFUSED)
@pytest.mark.parametrize("field", ["place", "newspaper"])
def test_schedule_hearing_refuses_what_the_notice_cannot_print(walk, text, named, field):
    app = walk.accepted()
    before = _stored(app)
    values = {"place": "Town Hall", "newspaper": "Putnam County Courier", field: f"{text} Hall"}
    with pytest.raises(ValidationFailed) as e:
        sv.schedule_hearing(walk.clerk, app, hearing_on=HEARING, notice_published_on=NOTICE, today=NOTICE, **values)
    _refused(e, field, named)
    assert _stored(app) == before


@pytest.mark.parametrize(("text", "named"), REFUSED)
def test_approve_refuses_a_condition_the_permit_cannot_print(walk, text, named):
    app = walk.hearing_held()
    before = _stored(app)
    with pytest.raises(ValidationFailed) as e:
        sv.approve(walk.board, app, conditions=["Gates close at 10 p.m.", f"No {text}"], decided_on=DECIDED)
    _refused(e, "conditions[1]", named)
    assert _stored(app) == before
    assert sv.approve(walk.board, app, conditions=["Зал closes at 10 p.m."], decided_on=DECIDED).state == "approved"


@pytest.mark.parametrize(("text", "named"), REFUSED)
@pytest.mark.parametrize("field", ["insurer", "policy_number"])
def test_record_insurance_refuses_what_the_permit_cannot_print(walk, text, named, field):
    app = walk.approved()
    doc = walk.doc("insurance certificate")
    before = _stored(app)
    values = {"insurer": "Dvořák Mutual", "policy_number": "P-1", field: f"{text} 1"}
    with pytest.raises(ValidationFailed) as e:
        sv.record_insurance(walk.clerk, app, bodily_injury_limit="500000", property_damage_limit="250000",
                            cancellation_notice_days=10, document=doc, today=date(2026, 6, 30), **values)
    _refused(e, field, named)
    assert _stored(app) == before
    cert = sv.record_insurance(walk.clerk, app, insurer="Dvořák Mutual", policy_number="P-1",
                               bodily_injury_limit="500000", property_damage_limit="250000",
                               cancellation_notice_days=10, document=doc, today=date(2026, 6, 30))
    assert cert.insurer == "Dvořák Mutual"
