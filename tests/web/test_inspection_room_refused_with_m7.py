"""The inspection page tells a room's count refused with more persons counted in the other rooms than present
(register M-7), each beside its field (W-31): M-7 was judged only once every room's count was read, so a count of
-1 in the Ballroom hid the Lounge's 11 persons against 10 present until the -1 was corrected. (The page asks each
room the place has in a row of its own: a room it does not have is the API's, M-7 tells it so too.)"""

from __future__ import annotations

import pytest
from tests.web.test_inspection_every_refusal_at_once_w31 import (  # noqa: F401
    AT_LEAST_0,
    _ids,
    _nothing_stored,
    _post,
    two_rooms,
)

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("lounge", "refused"), [("10", False), ("11", True)])
def test_a_rooms_bad_count_is_told_with_more_in_the_other_rooms_than_present_m7(mu, two_rooms, lounge, refused):  # noqa: F811
    """The boundary: the Lounge's 10 as many as present (the Ballroom's -1 told alone), 11 one more."""
    ball, room = _ids(two_rooms)
    r, insp = _post(mu["building_inspector"], two_rooms, {
        "persons_present": "10", f"persons_by_space-{ball}": "-1", f"persons_by_space-{room}": lounge})
    assert r.status_code == 422
    form = r.context["form"]
    assert form.errors[f"persons_by_space-{ball}"] == [AT_LEAST_0]
    if not refused:
        assert "persons_present" not in form.errors and form.group_errors["persons_by_space"] == []
    else:
        assert form.group_errors["persons_by_space"] == [
            "the persons counted in the rooms not refused here, 11 in all, are already more than the 10 persons "
            "present (persons_present): a room's persons are among those present; correct one count or the other"]
        assert form.errors["persons_present"] == [
            "10 persons present is fewer than the 11 counted in the rooms not refused here (persons_by_space); "
            "correct one count or the other"]
    assert form.non_field_errors() == []
    _nothing_stored(insp)
