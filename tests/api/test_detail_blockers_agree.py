"""An application's ``issuance_blockers`` (GET /applications/{id}) is the same list as GET /applications/{id}/blockers
in every state: it was ``[]`` unless the application was approved, while /blockers listed ten and more for the
same application (a new-user trial read "nothing stops issuance")."""

from __future__ import annotations

import pytest

from publicassembly.permits import services as sv

from .conftest import issued_permit

A = "/api/v1/towns/carmel-ny/applications"


def _both(client, pk):
    detail = client.get(f"{A}/{pk}")
    listed = client.get(f"{A}/{pk}/blockers")
    assert detail.status_code == listed.status_code == 200, (detail.content, listed.content)
    return detail.json()["issuance_blockers"], listed.json()["blockers"]


@pytest.mark.parametrize("which", ["draft", "submitted", "hearing_scheduled"])
def test_detail_lists_the_blockers_of_an_application_not_yet_approved(api, cu, draft_app, hearing_app, which):
    app = {"draft": draft_app, "hearing_scheduled": hearing_app}.get(which)
    if app is None:
        app = sv.submit(cu["applicant"], draft_app, verification_statement="Sworn before a notary.")
    shown, listed = _both(api(cu["town_clerk"]), app.pk)
    assert len(listed) >= 10, listed
    assert shown == listed
    assert {"carmel/issuance/e-insurance", "carmel/issuance/f-bond"} <= {b["rule"] for b in shown}
    assert all(set(b) == {"rule", "citation", "reason", "missing"} for b in shown)


def test_detail_and_blockers_agree_for_the_applicant_and_once_issued(api, carmel, cu, hearing_app):
    shown, listed = _both(api(cu["applicant"]), hearing_app.pk)
    assert shown == listed and shown
    issued = issued_permit(carmel, cu)
    assert _both(api(cu["town_clerk"]), issued.pk) == ([], [])
