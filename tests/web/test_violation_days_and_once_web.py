"""The violation form of the Enforcement page: Carmel's asks the days of continued violation (ch. 31 penalties
¶ A: each day a separate violation), refusing days still to come beside that field (W-16); the same violation
again is refused beside the day observed (W-15); the rules offered are those accepted (§ 164-14)."""

from __future__ import annotations

import datetime as dt
import html as html_lib
import re

import pytest
from tests.web.conftest import client_for, version_of

from publicassembly.enforcement import services as es
from publicassembly.enforcement.models import Violation

pytestmark = pytest.mark.django_db

CA = "/carmel-ny/enforcement"
TRIAL_DAY = dt.date(2026, 12, 1)


@pytest.fixture
def complaint(carmel, cu, travel_to):
    travel_to(TRIAL_DAY)
    bi = cu["building_inspector"]
    offender = es.register_offender(bi, carmel, kind="person", name="John Doe")
    return es.file_complaint(bi, carmel, description="Concert without a permit", observed_on=dt.date(2026, 11, 28),
                             offender=offender, in_presence=True)


def _post(c, complaint, days: int):
    p = f"v{complaint.pk}"
    return c.post(f"{CA}/violation/{complaint.pk}/", {f"{p}-rule_id": "carmel/permit/a-required",
                                                      f"{p}-days_of_continued_violation": str(days),
                                                      **version_of(complaint, p)})


def test_penalties_a_the_carmel_form_asks_the_days_and_refuses_days_to_come_beside_them(complaint, cu):
    c = client_for(cu["building_inspector"])
    page = c.get(f"{CA}/").content.decode()
    assert f'name="v{complaint.pk}-days_of_continued_violation"' in page
    r = _post(c, complaint, 5)
    text = html_lib.unescape(r.content.decode())
    assert r.status_code == 422
    assert re.search(rf'id="err-id_v{complaint.pk}-days_of_continued_violation"[^>]*><p class="error">5 days from '
                     r"2026-11-28 would run to 2026-12-02, past today \(2026-12-01\)", text)
    assert not Violation.objects.exists()
    assert _post(c, complaint, 4).status_code == 302  # the days ending today


def test_penalties_a_the_same_violation_again_is_refused_beside_the_day_observed(complaint, cu):
    c = client_for(cu["building_inspector"])
    assert _post(c, complaint, 4).status_code == 302
    first = Violation.objects.get()
    r = _post(c, complaint, 4)
    text = html_lib.unescape(r.content.decode())
    assert r.status_code == 422
    assert re.search(rf'id="err-id_v{complaint.pk}-observed_on"[^>]*><p class="error">violation {first.pk} ', text)
    assert Violation.objects.count() == 1


def test_164_14_mount_pleasants_form_has_no_days_and_offers_no_exception(mount_pleasant):
    from publicassembly.web.forms.enforcement import ViolationForm

    form = ViolationForm(town=mount_pleasant)
    assert "days_of_continued_violation" not in form.fields
    offered = [value for value, _label in form.fields["rule_id"].choices]
    assert "mount-pleasant/164-3/religious-worship-exception" not in offered
    assert offered == [rule_id for rule_id, _c in es.violable_rules(mount_pleasant)]
