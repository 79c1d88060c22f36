"""Demonstration enforcement cases in both towns, made through the services (ranges from the law core, every change
in the history).

Signature (called by the ``publicassembly demo`` command, after `publicassembly.venues.demo.load`)::

    load(towns: dict[str, accounts.models.Town], users: dict[str, dict[str, accounts.models.User]]) -> dict[str, Any]

- ``towns``: keyed by alias, ``"mount-pleasant-ny"`` and ``"carmel-ny"`` (either may be absent; its cases are then
  skipped).
- ``users``: keyed by town alias, then by role name: each town's cases are made by that town's own officials
  (a town's building inspector, enforcement officer and town clerk act only in their town; no demo user is given a
  role in another town). Each town needs ``building_inspector`` and ``enforcement_officer`` and uses
  ``town_clerk`` if given; a missing one raises `ValidationFailed` naming ``users[<alias>][<role>]``. Each is given
  that role in his own town if he lacks it (the enforcement officer as a police officer).
- Returns by key: ``dance_hall_operator`` (an `Offender` with a first and a second offense under Mount Pleasant
  § 164-14), ``first_offense`` and ``second_offense`` (`Violation`), ``stop_order`` (lifted), ``concert_organizer``
  and ``unpermitted_concert`` (a Carmel violation of 3 days of continued violation).

Mount Pleasant needs the demonstration dance hall (made by `publicassembly.venues.demo.load` if missing).
The officials' acts (a complaint filed, a summons issued, a disposition, a payment) are dated on business days
(`publicassembly.law.dates`); what was observed, on the day it happened.
Idempotent: an offender of the same name already in the town means its cases are there; they are returned.
"""

from __future__ import annotations

import datetime as dt
from typing import Any
from zoneinfo import ZoneInfo

from publicassembly.accounts.models import Role
from publicassembly.enforcement import services as es
from publicassembly.enforcement.models import Offender, StopOrder
from publicassembly.venues import demo as venues_demo
from publicassembly.venues.models import Venue
from publicassembly.workflow.errors import ValidationFailed

NY = ZoneInfo("America/New_York")
BLOCKED = "mount-pleasant/164-10/exits-not-blocked"
EXIT_ACCESS = "mount-pleasant/164-11/exit-access"
UNPERMITTED = "carmel/permit/a-required"


def load(towns: dict[str, Any], users: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """Create the demonstration enforcement cases (see the module docstring), each town's by its own officials.
    Returns them by key."""
    out: dict[str, Any] = {}
    for alias, town in towns.items():
        own = users.get(alias)
        if not isinstance(own, dict):
            raise ValidationFailed("users", f"the demo needs {town}'s own officials (users[{alias!r}]: role → user)")
        bi = _official(own, alias, Role.BUILDING_INSPECTOR)
        officer = _official(own, alias, Role.ENFORCEMENT_OFFICER)
        clerk = own.get(Role.TOWN_CLERK)
        venues_demo.ensure_role(bi, town, Role.BUILDING_INSPECTOR)
        venues_demo.ensure_role(officer, town, Role.ENFORCEMENT_OFFICER)
        if clerk is not None:
            venues_demo.ensure_role(clerk, town, Role.TOWN_CLERK)
        if alias == "mount-pleasant-ny":
            out.update(_mount_pleasant(town, own, bi, officer, clerk or bi))
        elif alias == "carmel-ny":
            out.update(_carmel(town, bi, officer, clerk or bi))
    return out


def _official(own: dict[str, Any], alias: str, role: str) -> Any:
    try:
        return own[role]
    except KeyError:
        raise ValidationFailed("users", f"the demo needs {alias}'s {role.replace('_', ' ')} "
                               f"(users[{alias!r}][{str(role)!r}])") from None


def _mount_pleasant(town: Any, users: dict[str, Any], bi: Any, officer: Any, clerk: Any) -> dict[str, Any]:
    name = "Saw Mill River Events LLC"
    existing = Offender.objects.for_town(town).filter(name=name).first()
    if existing is not None:
        first, second = list(existing.violations.order_by("observed_on"))[:2]
        return {"dance_hall_operator": existing, "first_offense": first, "second_offense": second,
                "stop_order": StopOrder.objects.for_town(town).filter(venue=first.venue).first()}
    hall = Venue.objects.for_town(town).filter(name=venues_demo.VENUES["dance_hall"]["name"]).first()
    if hall is None:
        hall = venues_demo.load(town, users)["dance_hall"]
    operator = es.register_offender(bi, town, kind="firm", name=name, address="300 Saw Mill River Road, Hawthorne, "
                                    "NY 10532", reason="operator of the Saw Mill River Dance Hall")

    # First offense (2024): access to the exits not kept clear, seen by the Building Inspector himself.
    c1 = es.file_complaint(bi, town, description="Coat racks in the corridor to the east exit at a Friday dance",
                           observed_on=dt.date(2024, 10, 11), filed_on=dt.date(2024, 10, 11), offender=operator,
                           venue=hall, in_presence=True, reason="the Building Inspector's own complaint (§ 164-12)")
    v1 = es.record_violation(bi, c1, rule_id=EXIT_ACCESS)
    # (issued the next business day after the complaint's Friday but Columbus Day, Monday 14 October: GCL § 24)
    es.issue_summons(bi, v1, issued_on=dt.date(2024, 10, 15), return_date=dt.date(2024, 11, 6), return_time="09:00")
    es.record_disposition(clerk, v1, outcome="convicted", decided_on=dt.date(2024, 11, 6), fine="75",
                          reason="pleaded guilty; first offense (§ 164-14)")
    es.record_payment(clerk, v1, amount="75", paid_on=dt.date(2024, 11, 20))
    es.close_case(bi, v1, reason="fine paid")
    es.close_case(bi, c1, reason="its violation is closed")

    # Second offense (2025): a fire exit chained during a dance; the officer stops the dance (§ 164-5), files a
    # complaint with the Building Inspector on the next business day (Monday 17 February was Washington's Birthday,
    # GCL § 24), who issues the summons that day (§ 164-12).
    order = es.record_stop_order(officer, hall, performance="Saturday dance", egress_obstructed=True,
                                 ordered_at=dt.datetime(2025, 2, 15, 22, 40, tzinfo=NY), persons_present=185,
                                 description="Rear fire exit chained and stacked with tables")
    es.lift_stop_order(officer, order, lifted_at=dt.datetime(2025, 2, 15, 23, 5, tzinfo=NY),
                       correction="chain removed and the tables cleared from the exit")
    c2 = es.file_complaint(officer, town, description="Rear fire exit chained and stacked with tables during a dance",
                           observed_on=dt.date(2025, 2, 15), filed_on=dt.date(2025, 2, 18), offender=operator,
                           venue=hall, in_presence=True,
                           inspection=hall.inspections.filter(done_on=dt.date(2025, 2, 15)).first())
    deficiency = c2.inspection.deficiencies.filter(kind="blocked_exit").first() if c2.inspection else None
    v2 = es.record_violation(officer, c2, rule_id=BLOCKED, deficiency=deficiency)
    es.issue_summons(bi, v2, issued_on=dt.date(2025, 2, 18), return_date=dt.date(2025, 3, 12), return_time="09:00")
    es.record_disposition(clerk, v2, outcome="convicted", decided_on=dt.date(2025, 3, 12), fine="200",
                          reason="second offense (§ 164-14): fine of $200")
    return {"dance_hall_operator": operator, "first_offense": v1, "second_offense": v2, "stop_order": order}


def _carmel(town: Any, bi: Any, officer: Any, clerk: Any) -> dict[str, Any]:
    name = "John Doe"
    existing = Offender.objects.for_town(town).filter(name=name).first()
    if existing is not None:
        return {"concert_organizer": existing, "unpermitted_concert": existing.violations.first()}
    organizer = es.register_offender(bi, town, kind="person", name=name,
                                     address="300 Example Hollow Road, Carmel, NY 10512 (hypothetical)")
    c = es.file_complaint(officer, town, description="Concert of about 2,000 persons on June 19, 20 and 21 without a "
                          "written permit", observed_on=dt.date(2025, 6, 19), filed_on=dt.date(2025, 6, 23),
                          offender=organizer, place="300 Example Hollow Road", in_presence=True)
    v = es.record_violation(bi, c, rule_id=UNPERMITTED, days_of_continued_violation=3,
                            reason="three days of continued violation: three separate violations (ch. 31 penalties ¶ A)")
    es.issue_summons(bi, v, issued_on=dt.date(2025, 6, 23), return_date=dt.date(2025, 7, 16), return_time="19:00")
    es.record_disposition(clerk, v, outcome="convicted", decided_on=dt.date(2025, 7, 16), fine="600",
                          reason="three violations at $200 each (ch. 31 penalties ¶ B)")
    return {"concert_organizer": organizer, "unpermitted_concert": v}
