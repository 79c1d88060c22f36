"""§§ 164-2, 164-5, 164-9 to 164-13: the rules only an inspection can answer do not apply to a case that holds
no inspection, and say so; `awaits_inspection` recognises exactly those findings (a place's page lists them by
section instead of one by one), by the law core's own mark rather than by the words of the reason."""

from __future__ import annotations

import pytest

from publicassembly.law.core import Finding, Status
from publicassembly.law.jurisdictions.us_ny_mount_pleasant.context import (
    NO_INSPECTION,
    awaits_inspection,
    without_inspection,
)
from publicassembly.law.messages import _

HALL = {"name": "Hall", "commercial": True,
        "spaces": [{"name": "Hall", "use_group": "assembly_without_fixed_seats", "area": 1500}]}
INSPECTION = {"date": "2025-03-01", "officer": "building_inspector", "fire_exits_designated": True,
              "exits_blocked": False, "exit_access_clear": True, "persons_present": 10}

#: The rules whose finding, without an inspection, is "No inspection is recorded" (or a longer form).
INSPECTION_RULES = {"mount-pleasant/164-2/fire-exits", "mount-pleasant/164-5/stop-performance",
                    "mount-pleasant/164-9/sign", "mount-pleasant/164-9/certificate-on-premises",
                    "mount-pleasant/164-10/exits-not-blocked", "mount-pleasant/164-11/exit-access",
                    "mount-pleasant/164-13/correction"}


def test_without_an_inspection_exactly_the_inspections_rules_await_one(determine):
    det = determine(**HALL)
    awaiting = {f.rule for f in det.findings if awaits_inspection(f)}
    assert awaiting == INSPECTION_RULES
    for f in det.findings:
        if f.rule in awaiting:
            assert f.status is Status.NOT_APPLICABLE and str(f.reason).startswith("No inspection is recorded")


def test_with_an_inspection_no_finding_awaits_one(determine):
    det = determine(**HALL, inspection=INSPECTION)
    assert not [f.rule for f in det.findings if awaits_inspection(f)]


def test_the_mark_is_the_law_cores_not_the_words():
    """A finding with the same English words not made by `without_inspection` is not taken for one; one
    that is, is — whatever language it is shown in."""
    look_alike = Finding("x", Status.NOT_APPLICABLE, "c", "No inspection is recorded.")  # plain text, no mark
    assert not awaits_inspection(look_alike)
    assert awaits_inspection(without_inspection("x", "c"))
    assert awaits_inspection(without_inspection("x", "c", NO_INSPECTION))
    assert not awaits_inspection(Finding("x", Status.MET, "c", NO_INSPECTION))


def test_only_the_sentences_for_want_of_an_inspection_are_accepted():
    with pytest.raises(ValueError, match="not a reason for want of an inspection"):
        without_inspection("x", "c", _("No permit is required."))
