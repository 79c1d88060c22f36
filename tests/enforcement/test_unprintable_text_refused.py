"""Text the summons prints is refused when it is entered if the documents cannot print it (interpretation G-6):
the defendant's name and address (the offender), and the complaint's and the violation's description and place.
A name they print (Dvořák, Зал) is kept as written."""

from __future__ import annotations

import pytest

from publicassembly.enforcement import services as es
from publicassembly.enforcement.models import Complaint, Offender, Violation
from publicassembly.workflow.errors import ValidationFailed

pytestmark = pytest.mark.django_db

REFUSED = [("宴会厅", "'宴' (U+5BB4)"), ("🎉", "U+1F389"), ("אולם", "left to right only")]
PRINTED = ["Antonín Dvořák", "Зал"]


def _refused(e, field: str, named: str) -> None:
    assert (e.value.http_status, e.value.field) == (422, field)
    assert named in e.value.detail


def _counts() -> tuple:
    return (Offender.objects.count(), Complaint.objects.count(), Violation.objects.count(),
            Complaint.history.count())


@pytest.mark.parametrize("name", PRINTED)
def test_printable_names_are_kept(bi, mount_pleasant, day, name):
    offender = es.register_offender(bi, mount_pleasant, kind="person", name=name, address=f"1 {name} St")
    complaint = es.file_complaint(bi, mount_pleasant, description=f"{name}: exit chained", observed_on=day,
                                  filed_on=day, offender=offender, place=name, in_presence=True)
    violation = es.record_violation(bi, complaint, rule_id="mount-pleasant/164-10/exits-not-blocked",
                                    description=f"{name} exit", place=f"{name} hall")
    assert (offender.name, complaint.place, violation.place) == (name, name, f"{name} hall")


@pytest.mark.parametrize(("text", "named"), REFUSED)
@pytest.mark.parametrize("field", ["name", "address"])
def test_register_offender_refuses_a_defendant_the_summons_cannot_name(bi, mount_pleasant, text, named, field):
    before = _counts()
    values = {"name": "Jane Roe", "address": "1 Main St", field: f"Roe {text}"}
    with pytest.raises(ValidationFailed) as e:
        es.register_offender(bi, mount_pleasant, kind="person", **values)
    _refused(e, field, named)
    assert _counts() == before


@pytest.mark.parametrize(("text", "named"), REFUSED)
@pytest.mark.parametrize("field", ["description", "place"])
def test_file_complaint_refuses_and_stores_nothing(bi, mount_pleasant, day, text, named, field):
    before = _counts()
    values = {"description": "exit chained", "place": "Main St", field: f"{text} here"}
    with pytest.raises(ValidationFailed) as e:
        es.file_complaint(bi, mount_pleasant, observed_on=day, filed_on=day, **values)
    _refused(e, field, named)
    assert _counts() == before


@pytest.mark.parametrize(("text", "named"), REFUSED)
@pytest.mark.parametrize("field", ["description", "place"])
def test_record_violation_refuses_and_changes_nothing(bi, mount_pleasant, day, text, named, field):
    offender = es.register_offender(bi, mount_pleasant, kind="person", name="Jane Roe")
    complaint = es.file_complaint(bi, mount_pleasant, description="exit chained", observed_on=day, filed_on=day,
                                  offender=offender, in_presence=True)
    before = (_counts(), complaint.version, complaint.state)
    with pytest.raises(ValidationFailed) as e:
        es.record_violation(bi, complaint, rule_id="mount-pleasant/164-10/exits-not-blocked",
                            **{field: f"{text} here"})
    _refused(e, field, named)
    complaint.refresh_from_db()
    assert (_counts(), complaint.version, complaint.state) == before
