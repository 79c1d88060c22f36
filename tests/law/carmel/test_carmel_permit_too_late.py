"""Interpretation P-7 (Carmel ch. 31 ¶ A): a permit may be issued up to and including the assembly's last day,
not after it — the one reading the workflow's issuance and the documents' permit records both apply."""

from __future__ import annotations

from datetime import date

import pytest

from publicassembly.law.jurisdictions.us_ny_carmel.permit import too_late_to_issue


@pytest.mark.parametrize(("on", "late"), [(date(2026, 8, 14), False), (date(2026, 8, 16), False),
                                          (date(2026, 8, 17), True)])
def test_too_late_to_issue_from_the_day_after_the_last_day(on, late):
    assert too_late_to_issue(date(2026, 8, 16), on) is late
