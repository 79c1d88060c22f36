"""The Enforcement page's violation form: a complaint that names no offender, and a form sent without one, is
refused beside the offender field saying it is required and what is allowed (not "got None"); Carmel's days of
continued violation left empty are refused beside their field (ch. 31 penalties ¶ A)."""

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


def _errors(r, complaint, field: str) -> list[str]:
    text = html_lib.unescape(r.content.decode())
    block = re.search(rf'id="err-id_v{complaint.pk}-{field}"[^>]*>(.*?)</div>', text, re.S)
    assert block is not None, text[:2000]
    return re.findall(r'<p class="error">([^<]*)</p>', block.group(1))


def test_w19_a_violation_without_an_offender_on_a_complaint_naming_none_is_refused_beside_it(carmel, cu, travel_to):
    travel_to(dt.date(2026, 12, 1))
    bi = cu["building_inspector"]
    complaint = es.file_complaint(bi, carmel, description="Concert without a permit",
                                  observed_on=dt.date(2026, 11, 28), in_presence=True)
    p = f"v{complaint.pk}"
    r = client_for(bi).post(f"{CA}/violation/{complaint.pk}/", {f"{p}-rule_id": "carmel/permit/a-required",
                                                                f"{p}-days_of_continued_violation": "1",
                                                                **version_of(complaint, p)})
    assert r.status_code == 422
    assert _errors(r, complaint, "offender") == [
        "is required, as the complaint names no offender: the person or firm who violated the rule, one of the "
        "offenders registered in the town"]
    assert "None" not in html_lib.unescape(r.content.decode()).split("<main", 1)[-1]
    assert not Violation.objects.exists()


def test_penalties_a_carmel_days_left_empty_are_refused_beside_them(carmel, cu, travel_to):
    travel_to(dt.date(2026, 12, 1))
    bi = cu["building_inspector"]
    offender = es.register_offender(bi, carmel, kind="person", name="John Doe")
    complaint = es.file_complaint(bi, carmel, description="Concert without a permit",
                                  observed_on=dt.date(2026, 11, 28), offender=offender, in_presence=True)
    p = f"v{complaint.pk}"
    r = client_for(bi).post(f"{CA}/violation/{complaint.pk}/", {f"{p}-rule_id": "carmel/permit/a-required",
                                                                f"{p}-days_of_continued_violation": "",
                                                                **version_of(complaint, p)})
    assert r.status_code == 422
    assert _errors(r, complaint, "days_of_continued_violation") == ["This field is required."]
    assert not Violation.objects.exists()
