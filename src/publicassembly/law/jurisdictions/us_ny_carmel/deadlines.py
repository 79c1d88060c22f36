"""The legal deadlines of Carmel ch. 31 as pure functions of a day and the values in force.

Each function takes the day the law counts from and the `ParameterValues` in force, and returns a `LegalDate`
(the last day, how it was counted, whether the Town Clerk's office is closed on it). Legal day counting (GCL
§§ 20, 24, 25-a) stays in `publicassembly.law.dates`; this module only says which period of the chapter
applies to which day. `Context` delegates to these functions, and the Clerk's queue calls them directly for
many applications at once without running a full determination.

Errors: `InvalidCase` (field ``days``) if a parameter's period is negative; `UnknownParameter` if `values`
are not Carmel's (the parameter is missing); `ParameterNotInForce` for a date before the chapter took effect.
"""

from __future__ import annotations

from datetime import date

from publicassembly.law.dates import LegalDate, at_least_days_before, within_days_after
from publicassembly.law.messages import _
from publicassembly.law.parameters import ParameterValues

__all__ = ["application_due", "cleanup_due", "decision_due", "hearing_notice_due"]


def application_due(first_day: date, values: ParameterValues) -> LegalDate:
    """Last day to file the verified petition with the Town Clerk: at least ``petition.filing_days_before``
    (60) calendar days before `first_day`, the first day of the assembly (¶ B; GCL § 20). Counted backwards,
    so never extended; ``act_by`` is the preceding business day when the Clerk's office is closed."""
    days: int = values["petition.filing_days_before"]
    return at_least_days_before(first_day, days, what=_("the first day of the assembly"))


def decision_due(submitted_on: date, values: ParameterValues) -> LegalDate:
    """Last day for the Town Board to act upon the application: within ``petition.board_action_days`` (30)
    calendar days after `submitted_on` (¶ B; GCL § 20, carried to the next business day by § 25-a)."""
    days: int = values["petition.board_action_days"]
    return within_days_after(submitted_on, days, what=_("submission of the application"))


def hearing_notice_due(held_on: date, values: ParameterValues) -> LegalDate:
    """Last day to publish notice of the public hearing: at least ``petition.hearing_notice_days`` (10)
    calendar days before `held_on`, the day of the hearing (¶ B; GCL § 20). Counted backwards, never extended."""
    days: int = values["petition.hearing_notice_days"]
    return at_least_days_before(held_on, days, what=_("the public hearing"))


def cleanup_due(end: date, values: ParameterValues) -> LegalDate:
    """Last day to remove all waste from the premises: within ``cleanup.days_after`` (5) calendar days from
    `end`, the termination (last day) of the assembly (¶ F; GCL § 20, carried forward by § 25-a)."""
    days: int = values["cleanup.days_after"]
    return within_days_after(end, days, what=_("the termination of the assembly (its last day)"))
