"""The admin shows the legal records and their history but changes none (`workflow.admin_views.RecordAdmin`): a
certificate's lawful occupancy (§§ 164-7 to 164-9) typed over, a disposition's fine (§ 164-14) changed after the
conviction or a permit application (Carmel ch. 31) deleted with its bonds and documents would bypass the services'
roles, states, law and history. People and their roles in each town are still managed there."""

from __future__ import annotations

import pytest
from django.contrib import admin
from django.test import Client

from publicassembly.accounts.models import Membership
from publicassembly.enforcement import models as em
from publicassembly.permits import models as pm
from publicassembly.venues import models as vm

pytestmark = pytest.mark.django_db

RECORDS = [pm.PermitApplication, pm.Bond, pm.Document, pm.FeeSchedule, pm.FeePayment, pm.Approval,
           pm.Authorization, pm.InsuranceCertificate, vm.Venue, vm.Space, vm.SpaceConnection, vm.Certificate,
           vm.Inspection, vm.Deficiency, em.Offender, em.Complaint, em.StopOrder, em.Violation, em.Summons,
           em.Disposition]


@pytest.mark.parametrize("model", RECORDS, ids=lambda m: m.__name__)
def test_a_legal_record_is_viewed_never_added_changed_or_deleted_in_the_admin(model, rf, admin_user):
    model_admin = admin.site._registry[model]
    request = rf.get("/admin/")
    request.user = admin_user
    assert model_admin.has_view_permission(request)
    assert not model_admin.has_add_permission(request)
    assert not model_admin.has_change_permission(request)
    assert not model_admin.has_delete_permission(request)


def test_the_admin_answers_403_to_a_delete_and_to_a_change_posted_and_shows_the_history(carmel, cu, admin_user):
    from tests.web.conftest import fair_facts

    from publicassembly.permits import services as sv

    app = sv.create_draft(cu["applicant"], carmel, fair_facts())
    c = Client()
    c.force_login(admin_user)
    base = f"/admin/permits/permitapplication/{app.pk}"
    assert c.get(f"{base}/change/").status_code == 200  # (viewed)
    assert c.get(f"{base}/history/").status_code == 200
    assert c.post(f"{base}/delete/", {"post": "yes"}).status_code == 403
    assert c.post(f"{base}/change/", {"state": "issued"}).status_code == 403
    assert c.get("/admin/permits/permitapplication/add/").status_code == 403
    app.refresh_from_db()
    assert app.state == "draft"


def test_roles_are_still_given_in_the_admin(admin_user):
    """docs/operations.md: the first officials are given their roles as Memberships in the admin."""
    c = Client()
    c.force_login(admin_user)
    assert c.get("/admin/accounts/membership/add/").status_code == 200
    assert admin.site._registry[Membership].has_add_permission(type("R", (), {"user": admin_user})())
