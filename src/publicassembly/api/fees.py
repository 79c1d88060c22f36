"""The filing fee of a permit application (Carmel ch. 31, fee: "established annually by the Town Board and ...
on file in the office of the Town Clerk"; not refundable in whole or in part), over HTTP:

- ``GET /towns/{town}/fee-schedule`` — public, no token: the Board's fee for each year on file and the fee in
  force today. A Town Board resolution on file with the Town Clerk is a public record, and a would-be
  applicant needs the fee before applying (the public "Do I need a permit?" page is public for the same
  reason);
- ``PUT /towns/{town}/fee-schedule/{year}`` — the Town Clerk keeps the fee the Board established for a year
  (`permits.services.set_fee_schedule`; setting a year again replaces its amount, the history keeps the old,
  until an application is filed in that year; a resolution after the year ended is refused: P-9);
- ``GET /towns/{town}/applications/{id}/fee`` — the fee due on an application (the schedule in force on its
  filing date, `permits.services.fee_due`), what was paid and what remains, for those who may see it;
- ``POST /towns/{town}/applications/{id}/fee-refund`` — always refused: 403 citing the fee section for the
  Clerk (`permits.services.refund_fee`), 403 for anyone else who may see the application, 404 for others.

Money is US dollars as a decimal string in whole cents; years from the one the chapter took effect (its
parameters' first date, 1972) to ten years ahead; dates ``YYYY-MM-DD``. Interpretation P-1: a year with no schedule on file has no fee in force (``null``).
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Annotated, Any

from django.utils import timezone
from ninja import Field, Path, Router

from publicassembly.api.auth import token_auth
from publicassembly.api.inputs import BodyIn, Day, RecordId, RefusalsKept, dollars, refuse_every
from publicassembly.api.law import ErrorOut
from publicassembly.api.resources import ERRORS, _no_nul, _town
from publicassembly.law.errors import ParameterNotInForce
from publicassembly.workflow.bounds import MAX_REASON
from publicassembly.workflow.errors import NotAllowed

router = Router(tags=["fees"], auth=token_auth)

Money10 = dollars(max_digits=10)
#: A year's filing fee: more than $0.00 (ch. 31, fee: it compensates the Town; interpretation C-19).
Fee10 = dollars(max_digits=10, more_than_zero=True)
Year = Annotated[int, Path(ge=1, le=9999, description="the calendar year of the Board's fee: from the year the "
                                                 "chapter took effect to ten years ahead (checked by the service)")]


def _carmel(alias: str) -> Any:
    from publicassembly.permits import services as sv

    t = _town(alias)
    sv.require_permits(t)  # (a town that runs no permits has no filing fee: 404 saying so, as its applications)
    return t


def _in_force(town: Any, on: date) -> Decimal | None:
    """The fee in force on `on` as the law core reads it (the Board's schedules layered on ``fees.filing``)."""
    from publicassembly.permits import services as sv

    try:
        value = sv.parameter_set(town).at(on)["fees.filing"]
    except ParameterNotInForce:
        return None
    return None if value is None else Decimal(value)


def _dollars(value: Decimal | None) -> str | None:
    return None if value is None else str(Decimal(value).quantize(Decimal("0.01")))


def _fee_citation() -> str:
    from publicassembly.law import jurisdictions
    from publicassembly.permits import services as sv

    return jurisdictions.get(sv.JURISDICTION_ALIAS).parameters.at(timezone.localdate()).cite("fees.filing")


def _schedule(s: Any) -> dict[str, Any]:
    return {"year": s.year, "amount": _dollars(s.amount), "resolution_date": s.resolution_date.isoformat()}


@router.get("/towns/{town}/fee-schedule", auth=None, response={200: dict[str, Any], 404: ErrorOut, 422: ErrorOut},
            operation_id="get_fee_schedule", summary="The filing fee the Town Board set for each year (public)")
def get_fee_schedule(request: Any, town: str) -> Any:
    """``{"town", "citation", "today", "in_force", "schedules": [{"year", "amount", "resolution_date"}]}``:
    ``in_force`` is the fee in force today (``null`` when no schedule for this year is on file, P-1). A town
    that runs no permits (Mount Pleasant) is 404 saying so, as its applications."""
    from publicassembly.permits.models import FeeSchedule

    t = _carmel(town)
    today = timezone.localdate()
    return {"town": t.jurisdiction_alias, "citation": _fee_citation(), "today": today.isoformat(),
            "in_force": _dollars(_in_force(t, today)),
            "schedules": [_schedule(s) for s in FeeSchedule.objects.for_town(t).order_by("year")]}


class FeeScheduleIn(RefusalsKept):  # (its schema's refusals told with the service's: W-32)
    amount: Fee10
    resolution_date: Day = Field(description="the date of the Town Board's resolution (YYYY-MM-DD)")
    reason: Annotated[str, Field(max_length=MAX_REASON)] = ""


@router.put("/towns/{town}/fee-schedule/{year}", response={200: dict[str, Any], **ERRORS},
            operation_id="set_fee_schedule", summary="Keep the filing fee the Town Board set for a year (the Clerk)")
def set_fee_schedule(request: Any, town: str, year: Year, data: FeeScheduleIn) -> Any:
    """The Town Clerk records the Board's fee for ``year`` and the date of its resolution; again for the same
    year replaces the amount (kept in the history). Others 403; 422 naming the field: a year outside 1972 to
    ten years after the current one, a bad amount or one of $0.00 (the fee compensates the Town: interpretation
    C-19), a resolution date after today, before 1972 or after the year
    ended, an amount changed once an application was filed in the year (interpretation P-9). Every refusal in one
    422: the schema's with the service's of the year and the other values (W-32, P-30)."""
    from publicassembly.permits import services as sv

    refuse_every(data, lambda given: sv.fee_schedule_refusals(request.user, _carmel(town), {"year": year, **given}))
    _no_nul(data.reason, "reason")
    t = _carmel(town)
    s = sv.set_fee_schedule(request.user, t, year=year, amount=str(data.amount),
                            resolution_date=data.resolution_date, reason=data.reason.strip() or None)
    return _schedule(s)


@router.get("/towns/{town}/applications/{id}/fee", response={200: dict[str, Any], **ERRORS},
            operation_id="application_fee", summary="The filing fee due on an application, paid and remaining")
def application_fee(request: Any, town: str, pk: RecordId) -> Any:
    """``{"application", "filed_on", "fee_due", "paid", "balance", "refundable": false, "citation",
    "payments": [{"id", "amount", "paid_on", "receipt"}]}``: the fee in force on the filing date (today for a
    draft), ``null`` with ``balance`` ``null`` when no schedule for that year is on file (P-1). For the
    applicant and the Town's officials."""
    from publicassembly.permits import services as sv

    app = sv.get_application(request.user, _town(town), pk)
    due = sv.fee_due(app)
    payments = list(app.fee_payments.order_by("paid_on", "id"))
    paid = sum((p.amount for p in payments), Decimal("0.00"))
    return {"application": app.pk, "filed_on": app.submitted_on.isoformat() if app.submitted_on else None,
            "fee_due": _dollars(due), "paid": _dollars(paid),
            "balance": None if due is None else _dollars(max(due - paid, Decimal(0))),
            "refundable": False, "citation": _fee_citation(),
            "payments": [{"id": p.pk, "amount": _dollars(p.amount), "paid_on": p.paid_on.isoformat(),
                          "receipt": p.receipt} for p in payments]}


class RefundIn(BodyIn):
    amount: Money10 | None = None
    reason: Annotated[str, Field(max_length=MAX_REASON)] = ""


@router.post("/towns/{town}/applications/{id}/fee-refund", response=ERRORS,
             operation_id="refund_fee", summary="Refund the filing fee: always refused (Carmel ch. 31, fee)")
def refund_fee(request: Any, town: str, pk: RecordId, data: RefundIn) -> Any:
    """The filing fee compensates the Town for examining and processing the application and is not refundable
    in whole or in part: 403 with that sentence and its citation for the Town Clerk, 403 for anyone else who
    may see the application, 404 for those who may not; no request succeeds."""
    from publicassembly.permits import services as sv

    _no_nul(data.reason, "reason")
    app = sv.get_application(request.user, _town(town), pk)
    sv.refund_fee(request.user, app, amount=None if data.amount is None else str(data.amount),
                  reason=data.reason or None)  # always raises: FeeNotRefundable or NotAllowed (403)
    raise NotAllowed("the filing fee is not refundable in whole or in part")  # pragma: no cover
