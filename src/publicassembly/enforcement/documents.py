"""Adapters from the enforcement records to the documents layer, shared by the CLI, the web pages and the API:
the summons of either town. The penalty range is the law core's (`enforcement.services.penalty_range`): Mount
Pleasant § 164-14 by offense number, Carmel ch. 31 penalties ¶ B by days of continued violation; the court is
the one recorded on the summons (the law parameter ``enforcement.court`` on its day of issue)."""

from __future__ import annotations

from typing import Any

from publicassembly.documents.records import SummonsRecord
from publicassembly.workflow.people import person_name

CARMEL = "carmel-ny"


def summons_record(s: Any) -> SummonsRecord:
    """The documents layer's `SummonsRecord` of the summons `s`: a Mount Pleasant one with its offense number,
    a Carmel one with its days of continued violation (no offense number)."""
    from publicassembly.enforcement import services as es

    v = s.violation
    p = es.penalty_range(v)
    complaint = v.complaint
    alias = s.town.jurisdiction_alias
    carmel = alias == CARMEL
    return SummonsRecord(
        number=s.number, town=s.town.name, defendant_name=v.offender.name, defendant_address=v.offender.address,
        rule_id=v.rule_id, citation=v.citation, description=v.description, offense_date=v.observed_on,
        offense_place=v.place or (v.venue.address if v.venue_id else complaint.place),
        offense_number=None if carmel else (p.offense_number or 1), min_fine=p.min_fine, max_fine=p.max_fine,
        max_jail_days=p.max_jail_days, max_jail_months=p.max_jail_months, classification=p.classification,
        complainant_name=person_name(complaint.filed_by, complaint.town), complainant_kind=complaint.complainant_kind,
        inspector_name=person_name(s.issued_by, s.town), return_date=s.return_date, return_time=s.return_time,
        court_name=s.court, jurisdiction=alias,
        days_of_continued_violation=p.violations if carmel else None, penalty_citation=p.citation)


def find_summons(number: str, town: Any = None) -> Any:
    """The summons numbered `number` (case ignored), in `town` when given. Raises `NotFound`, or
    `ValidationFailed` (field ``town``) when several towns use the number."""
    from django.utils.translation import gettext as _

    from publicassembly.enforcement.models import Summons
    from publicassembly.workflow.errors import NotFound, ValidationFailed

    key = (number or "").strip()
    if not key:
        raise ValidationFailed("number", _("give the summons number"))
    qs = Summons.objects.select_related("town", "violation", "issued_by").filter(number__iexact=key)
    if town is not None:
        qs = qs.filter(town=town)
    found = list(qs[:2])
    if not found:
        raise NotFound("summons", key, town)
    if len(found) > 1:
        raise ValidationFailed("town", _("summons number %(number)s is used in several towns; choose the town")
                               % {"number": key})
    return found[0]
