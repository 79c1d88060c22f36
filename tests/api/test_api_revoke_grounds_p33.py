"""The grounds of a revocation (Carmel ch. 31 ¶ G; interpretation P-33). A new-user trial sent ``POST …/revoke
{"grounds": [], "reason": "x"}`` and was told "List should have at least 1 item after validation, not 0", the
validation library's own text; and the same ground given twice was taken. Now no ground is told in the chapter's
words with the grounds allowed, a ground given twice is refused naming it, and every refusal comes in one 422."""

from __future__ import annotations

import pytest
from tests.api.conftest import application_url, issued_permit, post_json

from publicassembly.permits import services as sv
from publicassembly.permits.models import State
from publicassembly.workflow.errors import ValidationFailed

pytestmark = pytest.mark.django_db

ALLOWED = "facilities_not_provided_as_specified, setup_cannot_be_accomplished_in_time"
NONE_GIVEN = f"at least one of the grounds of revocation of ¶ G is required; allowed: {ALLOWED}"
TWICE = "facilities_not_provided_as_specified is given twice; give each ground of ¶ G once"


def errors_of(r) -> list[tuple[str, str]]:
    assert r.status_code == 422, r.content
    return [(e["field"], e["msg"]) for e in r.json()["errors"]]


def test_no_ground_is_told_in_the_words_of_paragraph_g_with_the_grounds_allowed_p33(api, cu, carmel):
    app = issued_permit(carmel, cu)
    board = api(cu["town_board_member"])
    r = post_json(board, application_url(app, "revoke"), {"grounds": [], "reason": "x"})
    assert errors_of(r) == [("grounds", NONE_GIVEN)]
    assert r.json()["detail"] == f"grounds: {NONE_GIVEN}"
    r = post_json(board, application_url(app, "revoke"), {"grounds": [], "reason": ""})
    assert errors_of(r) == [("reason", "must not be empty"), ("grounds", NONE_GIVEN)]
    r = post_json(board, application_url(app, "revoke"), {"reason": "x"})
    assert errors_of(r) == [("grounds", f"is required; allowed: {ALLOWED}")]
    app.refresh_from_db()
    assert app.state == State.ISSUED


def test_a_ground_given_twice_is_refused_naming_it_p33(api, cu, carmel):
    app = issued_permit(carmel, cu)
    board = api(cu["town_board_member"])
    for grounds in (["facilities_not_provided_as_specified"] * 2,
                    ["facilities_not_provided_as_specified", "setup_cannot_be_accomplished_in_time",
                     "facilities_not_provided_as_specified"]):
        r = post_json(board, application_url(app, "revoke"), {"grounds": grounds, "reason": "No toilets"})
        assert errors_of(r) == [("grounds", TWICE)], grounds
    app.refresh_from_db()
    assert app.state == State.ISSUED
    r = post_json(board, application_url(app, "revoke"),
                  {"grounds": ["setup_cannot_be_accomplished_in_time", "facilities_not_provided_as_specified"],
                   "reason": "No toilets, and the stage cannot be built in time"})
    assert r.status_code == 200 and r.json()["revocation_grounds"] == [
        "setup_cannot_be_accomplished_in_time", "facilities_not_provided_as_specified"], r.content


UNKNOWN = f"'bogus' is not a ground of revocation of ¶ G; allowed: {ALLOWED}"
F = "facilities_not_provided_as_specified"


def test_a_ground_given_twice_is_told_with_a_ground_not_of_paragraph_g_p33(api, cu, carmel):
    """The trial's body named the unknown ground (and the reason left out) but not the ground given twice: every
    one is now told, the unknown one by its place, in one 422; nothing is revoked."""
    app = issued_permit(carmel, cu)
    board = api(cu["town_board_member"])
    r = post_json(board, application_url(app, "revoke"), {"grounds": [F, F, "bogus"]})
    assert errors_of(r) == [("reason", "is required"), ("grounds[2]", UNKNOWN), ("grounds", TWICE)]
    r = post_json(board, application_url(app, "revoke"), {"grounds": [F, F, "bogus"], "reason": "No toilets"})
    assert errors_of(r) == [("grounds[2]", UNKNOWN), ("grounds", TWICE)]
    assert r.json()["detail"] == f"grounds[2]: {UNKNOWN} (and 1 more error)"
    r = post_json(board, application_url(app, "revoke"), {"grounds": ["bogus", F, 7, None], "reason": "x"})
    assert errors_of(r) == [("grounds[0]", UNKNOWN), ("grounds[2]", f"7 is not a ground of revocation of ¶ G; "
                                                                    f"allowed: {ALLOWED}"),
                            ("grounds[3]", f"null is not a ground of revocation of ¶ G; allowed: {ALLOWED}")]
    r = post_json(board, application_url(app, "revoke"), {"grounds": [F, "bogus"], "reason": "x"})
    assert errors_of(r) == [("grounds[1]", UNKNOWN)]
    app.refresh_from_db()
    assert app.state == State.ISSUED


def test_null_grounds_are_told_as_no_ground_p33(api, cu, carmel):
    """``"grounds": null`` was told "must be a JSON array"; docs/api.md says no ground is told in ¶ G's words."""
    app = issued_permit(carmel, cu)
    board = api(cu["town_board_member"])
    r = post_json(board, application_url(app, "revoke"), {"grounds": None, "reason": "x"})
    assert errors_of(r) == [("grounds", NONE_GIVEN)]
    r = post_json(board, application_url(app, "revoke"), {"grounds": None})
    assert errors_of(r) == [("reason", "is required"), ("grounds", NONE_GIVEN)]
    for shape in ("facilities_not_provided_as_specified", {"facilities_not_provided_as_specified": True}):
        r = post_json(board, application_url(app, "revoke"), {"grounds": shape, "reason": "x"})
        assert errors_of(r) == [("grounds", "must be a JSON array")]  # (a shape that is not a list, as before)
    app.refresh_from_db()
    assert app.state == State.ISSUED


def test_the_schema_documents_the_grounds_bounds_p33(client):
    schema = client.get("/api/openapi.json").json()
    grounds = schema["components"]["schemas"]["RevokeIn"]["properties"]["grounds"]
    assert (grounds["minItems"], grounds["maxItems"], grounds["uniqueItems"]) == (1, 2, True), grounds
    assert grounds["type"] == "array" and grounds["items"] == {"enum": ALLOWED.split(", "), "type": "string"}
    assert "grounds" in schema["components"]["schemas"]["RevokeIn"]["required"]


def test_the_service_refuses_no_ground_a_ground_twice_and_no_reason_at_once_p33(walk_free_issued):
    app, board = walk_free_issued
    with pytest.raises(ValidationFailed) as e:
        sv.revoke(board, app, grounds=[], reason=" ")
    assert e.value.errors == (("grounds", NONE_GIVEN), ("reason", "give the facts on which the permit is revoked"))
    with pytest.raises(ValidationFailed) as e:
        sv.revoke(board, app, grounds=["facilities_not_provided_as_specified"] * 2, reason="No toilets")
    assert e.value.errors == (("grounds", TWICE),)
    with pytest.raises(ValidationFailed) as e:
        sv.revoke(board, app, grounds=[F, F, "bogus"], reason="")
    assert e.value.errors == (("grounds[2]", UNKNOWN), ("grounds", TWICE),
                              ("reason", "give the facts on which the permit is revoked"))
    with pytest.raises(ValidationFailed) as e:
        sv.revoke(board, app, grounds=None, reason="No toilets")
    assert e.value.errors == (("grounds", NONE_GIVEN),)


@pytest.fixture
def walk_free_issued(carmel, cu):
    return issued_permit(carmel, cu), cu["town_board_member"]
